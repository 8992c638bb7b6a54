//! TRF out and in at 5,000 players × 11 rounds (target: import under 1 s), and FIDE's C.07
//! tiebreaks at 1,000 players × 9 rounds (docs/performance.md#trf-and-fide-tiebreaks).
//! Run: `cargo bench --bench trf -- --quick`.

use std::hint::black_box;

use bianpai::domain::Round;
use bianpai::domain::rules::Tiebreak;
use bianpai::domain::standings::standings;
use bianpai::import::trf;
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "support/random_event.rs"]
mod random_event;

fn bench(c: &mut Criterion) {
    let big = random_event::event("fide-swiss", 5000, 11, vec![Tiebreak::FideBhC1]);
    let text = bianpai::export::trf::write(&big, true);
    let mut g = c.benchmark_group("trf");
    g.sample_size(10);
    g.bench_function("export 5000 players x 11 rounds", |b| {
        b.iter(|| bianpai::export::trf::write(black_box(&big), true));
    });
    // What `new --trf` does before it writes the log: read, check, replay, apply.
    g.bench_function("import 5000 players x 11 rounds", |b| {
        b.iter(|| {
            let read = trf::read(black_box(&text), None).expect("reads");
            let rules = trf::rules_for(
                &read,
                trf::base_rules().expect("rules"),
                true,
                &trf::Notes::default(),
            );
            let events = trf::replay(
                &read,
                &trf::Plan::default(),
                &[chrono::DateTime::UNIX_EPOCH],
            )
            .expect("replays");
            let mut t = bianpai::domain::Tournament::new("bench".into(), rules);
            for e in &events {
                t.apply(e);
            }
            t
        });
    });
    g.finish();
    // Every FIDE criterion but Koya (a round robin's).
    let chain: Vec<Tiebreak> = Tiebreak::ALL
        .into_iter()
        .filter(|t| t.is_fide() && *t != Tiebreak::FideKs)
        .collect();
    let t = random_event::event("fide-swiss", 1000, 9, chain);
    c.bench_function(
        "standings with every FIDE tiebreak, 1000 players x 9",
        |b| {
            b.iter(|| standings(black_box(&t), Round(9)));
        },
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
