//! Whole-event benchmark: `bianpai simulate` (the real binary, the real log) plays an
//! 11-round event of the lvliang-2024 preset (seed 003: knockout finals after round 9,
//! forfeits, fouls, a withdrawal) with 1,000, 5,000 and 10,000 players. The cost per player
//! should stay flat as the field grows (docs/performance.md#a-whole-event-linear-in-the-field).
//!
//! Run: `cargo bench --bench simulate` (ten runs per size, about three minutes on the project's
//! 2-core machine). `BIANPAI_SIMULATE_PLAYERS=1000,5000` picks other sizes.

use std::process::Command as Proc;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

fn sizes() -> Vec<u32> {
    std::env::var("BIANPAI_SIMULATE_PLAYERS")
        .ok()
        .map(|s| s.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .filter(|v: &Vec<u32>| !v.is_empty())
        .unwrap_or_else(|| vec![1000, 5000, 10_000])
}

fn simulate(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let mut group = c.benchmark_group("simulate lvliang-2024, 11 rounds");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5));
    for players in sizes() {
        let log = dir.path().join(format!("sim{players}.log"));
        group.bench_with_input(BenchmarkId::new("players", players), &players, |b, &n| {
            b.iter(|| {
                let _ = std::fs::remove_file(&log);
                let out = Proc::new(env!("CARGO_BIN_EXE_bianpai"))
                    .args(["simulate", "--preset", "lvliang-2024", "--rounds", "11"])
                    .args(["--players", &n.to_string(), "--seed", "1", "--out"])
                    .arg(&log)
                    .output()
                    .expect("run bianpai simulate");
                assert!(
                    out.status.success(),
                    "{}",
                    String::from_utf8_lossy(&out.stderr)
                );
            });
        });
    }
    group.finish();
}

criterion_group!(benches, simulate);
criterion_main!(benches);
