//! Pairs round 9 of a 9-round event of N players once and prints the time taken, for
//! measuring peak memory: `/usr/bin/time -v target/release/examples/pair_round9 5000`. An
//! optional second argument picks the seed of rounds 1–8 (default 7, the benchmark's); a third,
//! `hard`, pairs the same players with the colour rules hard (as if more rounds followed); `odd`
//! withdraws the last entrant so that the field is odd and one player gets the bye; `r=R`
//! pairs round R (2–9) of the same event instead; `relax` relaxes the colour rules as
//! `pair --relax colours` does.

use std::time::Instant;

use bianpai::domain::pairing::pair_section;

#[path = "../benches/pairing_setup.rs"]
mod pairing_setup;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5000);
    let seed: u64 = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(7);
    // A third argument `hard`: the same players with the colour rules hard (not the last round).
    let hard = std::env::args().nth(3).is_some_and(|a| a == "hard");
    let setup = Instant::now();
    // `r=R`: pair round R (2–9) instead, rounds before it as for round 9.
    let round: u32 = std::env::args()
        .skip(3)
        .find_map(|a| a.strip_prefix("r=").and_then(|r| r.parse().ok()))
        .unwrap_or(9);
    let mut input = pairing_setup::round_input(n, seed, round);
    input.last_round = round == 9 && !hard;
    // `relax`: the colour rules relaxed by the head arbiter (`pair --relax colours`).
    input.relax_colours = std::env::args().skip(3).any(|a| a == "relax");
    // `odd` as the third or fourth argument: the last entrant withdrawn, so one player gets a bye.
    if std::env::args().skip(3).any(|a| a == "odd") {
        input.entrants.pop();
    }
    let setup = setup.elapsed();
    let start = Instant::now();
    let p = pair_section(&input);
    let took = start.elapsed();
    let what = match p {
        Ok(p) => format!("{} boards", p.pairs.len()),
        Err(e) => format!("unpairable: {e}"),
    };
    println!(
        "{n} players, seed {seed}: setup (rounds 1-{}) {setup:.2?}, round {round} paired in {took:.2?} ({what})",
        round - 1
    );
}
