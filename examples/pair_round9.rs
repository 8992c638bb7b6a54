//! Pairs round 9 of a 9-round event of N players once and prints the time taken, for
//! measuring peak memory: `/usr/bin/time -v target/release/examples/pair_round9 5000`.

use std::time::Instant;

use bianpai::domain::pairing::pair_section;

#[path = "../benches/pairing_setup.rs"]
mod pairing_setup;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5000);
    let setup = Instant::now();
    let input = pairing_setup::round9_input(n, 7);
    let setup = setup.elapsed();
    let start = Instant::now();
    let p = pair_section(&input).expect("round 9 pairs");
    println!(
        "{n} players: setup (rounds 1-8) {:.2?}, round 9 paired in {:.2?} ({} boards)",
        setup,
        start.elapsed(),
        p.pairs.len()
    );
}
