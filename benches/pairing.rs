//! Pairing round 9 of a 9-round event (docs/rules.md#3-pairing) for 1,000, 5,000 and 10,000 players. The
//! setup (not timed, and only for the benchmarks selected) builds rounds 1–8 with seeded random
//! results; the timed part is `pair_section` on the round-9 input, once as the last round
//! (colour rules relaxable) and once with the colour rules hard.

use std::hint::black_box;

use bianpai::domain::pairing::{SectionInput, pair_section};
use criterion::{Criterion, criterion_group, criterion_main};

mod pairing_setup;

fn bench(c: &mut Criterion) {
    for n in [1000, 5000, 10_000] {
        c.bench_function(&format!("pair round 9 of 9, {n} players"), |b| {
            let input = pairing_setup::round_input(n, 7, 9);
            let first = pair_section(&input).expect("round 9 pairs");
            assert_eq!(first.pairs.len(), n / 2);
            b.iter(|| pair_section(black_box(&input)).expect("pairs"));
        });
        // The same players with the colour rules hard (as if the event had more rounds).
        c.bench_function(
            &format!("pair round 9 of 11 (colour rules hard), {n} players"),
            |b| {
                let strict = SectionInput {
                    last_round: false,
                    ..pairing_setup::round_input(n, 7, 9)
                };
                b.iter(|| pair_section(black_box(&strict)));
            },
        );
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
