//! Standings with every tiebreak after round 9 for 1,000 players (target: under 10 ms).
//! Run: `cargo bench --bench standings -- --quick`.

use std::hint::black_box;

use bianpai::domain::Round;
use bianpai::domain::rules::Tiebreak;
use bianpai::domain::standings::{history, standings};
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "support/random_event.rs"]
mod random_event;

fn bench(c: &mut Criterion) {
    // 1,000 players, 9 rounds, every Chinese criterion in the chain (direct encounter
    // included).
    let t = random_event::event(
        "qiyuan-2019",
        1000,
        9,
        vec![
            Tiebreak::OpponentScore,
            Tiebreak::Progressive,
            Tiebreak::Wins,
            Tiebreak::Fouls,
            Tiebreak::DirectEncounter,
            Tiebreak::BlackGames,
            Tiebreak::BlackWins,
            Tiebreak::PreviousRoundPoints,
            Tiebreak::PreviousRoundRank,
            Tiebreak::DrawNumber,
        ],
    );
    c.bench_function("standings after round 9, 1000 players", |b| {
        b.iter(|| standings(black_box(&t), Round(9)));
    });
    c.bench_function("history of 9 rounds, 1000 players", |b| {
        b.iter(|| history(black_box(&t)));
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
