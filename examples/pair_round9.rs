//! Pairs round 9 of a 9-round event of N players once and prints the time taken, for
//! measuring peak memory: `/usr/bin/time -v target/release/examples/pair_round9 5000`. An
//! optional second argument picks the seed of rounds 1–8 (default 7, the benchmark's); a third,
//! `hard`, pairs the same players with the colour rules hard (as if more rounds followed).

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
    let mut input = pairing_setup::round9_input(n, seed);
    input.last_round = !hard;
    let setup = setup.elapsed();
    let start = Instant::now();
    let p = pair_section(&input);
    let took = start.elapsed();
    let what = match p {
        Ok(p) => format!("{} boards", p.pairs.len()),
        Err(e) => format!("unpairable: {e}"),
    };
    println!(
        "{n} players, seed {seed}: setup (rounds 1-8) {setup:.2?}, round 9 paired in {took:.2?} ({what})"
    );
}
