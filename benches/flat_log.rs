//! Every command flat in the log's length (docs/performance.md, "Commands on a long log"): on
//! a log of about 1,000,000 records (the `large` benchmark's, 500 boards and a clock feed)
//! with a snapshot whose checkpoint a command checks instead of hashing the whole prefix.
//! Measures, with criterion:
//! - `Log::open` from the snapshot: nothing after its checkpoint; 1,999 records after it (the
//!   longest tail a reader reads without writing a new snapshot); 2,000 after it, when the
//!   reader also writes the new snapshot (the old one put back before each iteration);
//! - the console's first frame: `Log::open`, `App::spawn` (its I/O thread, the audit
//!   window's newest records read back), `prepare` and one draw into a 160×48 `TestBackend`;
//! - the real binary: `export --format json --what standings`, `export --what standings`
//!   (text), `player list` and `result` (a result on the next board each time), wall time of
//!   the whole process.
//!
//! Targets: every command < 100 ms, the console's first frame < 200 ms.
//!
//! The log is written once per run (a few minutes) and reused by every iteration; the
//! in-process figures come first: a snapshot is keyed by the program that wrote it, so the
//! binary's first run writes its own (a full replay, not measured).
//!
//! Run: `cargo bench --bench flat_log`. `BIANPAI_LARGE_RECORDS` sets another size;
//! `BIANPAI_LARGE_LOG=/path` keeps the generated log there and reuses it on the next run (the
//! benchmark works on a copy, so that file stays as generated).

use std::path::{Path, PathBuf};
use std::process::Command as Proc;
use std::time::{Duration, Instant};

use chrono::Utc;
use criterion::{Criterion, criterion_group, criterion_main};

use bianpai::console::App;
use bianpai::console::theme::Theme;
use bianpai::console::ui;
use bianpai::domain::rules::{FoulKind, Lang};
use bianpai::domain::{Actor, Board, Command, Role, Side};
use bianpai::log::Log;

#[path = "support/large_log.rs"]
mod large_log;

/// A reader that read this many records past the snapshot writes a new one (the library's
/// `snapshot::EVERY`).
const EVERY: usize = 2_000;

fn head() -> Actor {
    Actor {
        user: bianpai::log::user::current_user(),
        role: Role::Head,
    }
}

/// The log, in `dir`: generated, or copied from `BIANPAI_LARGE_LOG` (generated there first
/// if it does not exist; the copy is what the benchmark appends to).
fn the_log(dir: &Path) -> PathBuf {
    let target: usize = std::env::var("BIANPAI_LARGE_RECORDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let path = dir.join("large.log");
    let kept = std::env::var("BIANPAI_LARGE_LOG").map(PathBuf::from).ok();
    let made = kept.clone().unwrap_or_else(|| path.clone());
    if !made.exists() {
        let t = Instant::now();
        let n = large_log::generate(&made, target);
        eprintln!("setup: {n} records written in {:.1?}", t.elapsed());
    }
    if let Some(kept) = kept {
        std::fs::copy(kept, &path).expect("copy the log");
    }
    path
}

/// `n` records (fouls: always accepted, foul limits are off) appended without reopening the
/// log, so no snapshot is written.
fn append_tail(path: &Path, n: usize) {
    let mut log = Log::open(path).expect("open");
    let boards = large_log::PLAYERS / 2;
    let cmds: Vec<Command> = (0..n as u32)
        .map(|i| Command::RecordFoul {
            round: None,
            board: Board(i % boards + 1),
            side: if i % 2 == 0 { Side::Red } else { Side::Black },
            kind: FoulKind::ALL[(i % 5) as usize],
        })
        .collect();
    let (recs, _) =
        bianpai::cli::execute_batch(&mut log, &head(), &cmds, Utc::now()).expect("append");
    assert_eq!(recs.len(), n, "not every record was accepted");
}

/// The console's first frame, as `bianpai console LOG` loads it.
fn first_frame(path: &Path) {
    let log = Log::open(path).expect("open");
    let now = Utc::now();
    let mut app = App::spawn(
        log,
        head(),
        Lang::Zh,
        Theme::named("dark").expect("theme"),
        chrono::FixedOffset::east_opt(8 * 3600).expect("offset"),
    );
    app.now = now;
    let mut term =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(160, 48)).expect("terminal");
    app.prepare(now);
    term.draw(|f| ui::draw(f, &app)).expect("draw");
}

fn bin(args: &[&str]) -> bool {
    Proc::new(env!("CARGO_BIN_EXE_bianpai"))
        .args(args)
        .output()
        .expect("bianpai runs")
        .status
        .success()
}

fn flat(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = the_log(dir.path());
    let p = path.to_string_lossy().into_owned();
    let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
    let _ = std::fs::remove_file(format!("{p}.snapshot"));
    let t = Instant::now();
    let log = Log::open(&path).expect("open");
    assert!(log.damage().is_none(), "the generated log is damaged");
    eprintln!(
        "setup: {:.0} MB log, full replay {:.1?} (writes the snapshot)",
        bytes as f64 / 1e6,
        t.elapsed()
    );
    drop(log);
    assert!(
        Log::open(&path).expect("open").snapshot_lines() > 0,
        "the snapshot is not used"
    );

    let mut g = c.benchmark_group("flat_log");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    g.bench_function("Log::open, checkpoint at the end", |b| {
        b.iter(|| Log::open(&path).expect("open"));
    });
    g.bench_function("console first frame", |b| b.iter(|| first_frame(&path)));
    append_tail(&path, EVERY - 1);
    g.bench_function("Log::open, 1,999 records after the checkpoint", |b| {
        b.iter(|| Log::open(&path).expect("open"));
    });
    g.bench_function(
        "console first frame, 1,999 records after the checkpoint",
        |b| {
            b.iter(|| first_frame(&path));
        },
    );
    append_tail(&path, 1);
    let snapshot = PathBuf::from(format!("{p}.snapshot"));
    let old = std::fs::read(&snapshot).expect("the snapshot");
    g.bench_function(
        "Log::open, 2,000 records after the checkpoint, writing the new snapshot",
        |b| {
            b.iter_batched(
                || std::fs::write(&snapshot, &old).expect("put the old snapshot back"),
                |()| Log::open(&path).expect("open"),
                criterion::BatchSize::PerIteration,
            );
        },
    );
    assert!(
        Log::open(&path).expect("open").snapshot_lines() > 0,
        "the new snapshot is not used"
    );

    // The binary's own snapshot (its first run replays in full).
    assert!(bin(&["player", "list", &p]), "player list");
    for (name, args) in [
        (
            "bianpai export LOG --format json --what standings",
            vec!["export", &p, "--format", "json", "--what", "standings"],
        ),
        (
            "bianpai export LOG --format txt --what standings",
            vec!["export", &p, "--format", "txt", "--what", "standings"],
        ),
        ("bianpai player list LOG", vec!["player", "list", &p]),
    ] {
        g.bench_function(name, |b| b.iter(|| assert!(bin(&args), "{name}")));
    }
    // A result on the next board each time (once all 500 have one, each is refused: the
    // command still opens the log and decides).
    let mut board = 0u32;
    g.bench_function("bianpai result LOG B red_win", |b| {
        b.iter(|| {
            board = board % (large_log::PLAYERS / 2) + 1;
            bin(&["result", &p, &board.to_string(), "red_win"])
        });
    });
    g.finish();
}

criterion_group!(benches, flat);
criterion_main!(benches);
