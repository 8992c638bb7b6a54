//! Issue 14, large logs: a state snapshot beside the log (`LOG.snapshot`) saves replaying
//! its prefix. It is written after a long replay, used when the log still holds the record
//! it ends with where it says (its checkpoint, `tests/log_checkpoint.rs`), and ignored (then
//! rebuilt) when it does not: it never hides damage that moves the records it covers, and
//! never shows a state the log's whole records do not replay to.

use crate::support::reliability as reliability_support;

use std::path::{Path, PathBuf};

use bianpai::domain::event::ClockAction;
use bianpai::domain::{Board, Command, Side};
use bianpai::log::{IfDamaged, Log, LogError};
use reliability_support::{all_ok, head, ok, open_rules, refused, run, started_event, t0};

/// A log of a little over 12,000 records (enough for a snapshot to be written).
fn long_log(dir: &Path) -> PathBuf {
    let path = started_event(dir, "long.log", 16, open_rules());
    more_presses(&path, 3);
    path
}

/// Appends `batches` × 4,000 clock presses.
fn more_presses(path: &Path, batches: usize) {
    let mut log = Log::open_with(path, true).expect("open");
    let actor = head();
    let mut tick = log.records().len() as i64;
    for _ in 0..batches {
        let cmds: Vec<Command> = (0..4000)
            .map(|_| {
                tick += 1;
                Command::Clock {
                    round: None,
                    board: Board((tick % 7) as u32 + 2), // board 1 gets a result
                    action: ClockAction::Press(if (tick / 8) % 2 == 0 {
                        Side::Red
                    } else {
                        Side::Black
                    }),
                    at: t0() + chrono::Duration::milliseconds(tick * 50),
                }
            })
            .collect();
        all_ok(&mut log, &actor, &cmds);
    }
}

fn snapshot_of(path: &Path) -> PathBuf {
    PathBuf::from(format!("{}.snapshot", path.display()))
}

/// The state replayed from the first record (keeping records bypasses the snapshot).
fn full_state(path: &Path) -> bianpai::domain::Tournament {
    let log = Log::open_with(path, true).expect("open");
    assert_eq!(log.snapshot_lines(), 0);
    log.state().clone()
}

#[test]
fn a_snapshot_is_written_used_and_matches_a_full_replay() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = long_log(dir.path());
    let snap = snapshot_of(&path);
    let _ = std::fs::remove_file(&snap);
    let first = Log::open(&path).expect("open");
    assert_eq!(first.snapshot_lines(), 0, "no snapshot yet");
    assert!(snap.exists(), "a long replay writes a snapshot");
    let second = Log::open(&path).expect("open");
    assert!(
        second.snapshot_lines() > 10_000,
        "the snapshot was not used"
    );
    assert_eq!(second.state(), &full_state(&path));
    // The newest records are read back from the file for the console's audit window.
    let all = Log::open_with(&path, true)
        .expect("open")
        .records()
        .to_vec();
    assert_eq!(second.recent_records(100), all[all.len() - 100..].to_vec());
    assert_eq!(second.recent_records(usize::MAX).len(), all.len());

    // Records appended after it are read on top of it; appends work from it.
    let mut log = Log::open(&path).expect("open");
    log.execute(
        &head(),
        &Command::RecordResult {
            round: None,
            board: Board(1),
            result: bianpai::domain::GameResult::Draw,
            correct: None,
        },
        chrono::Utc::now(),
    )
    .expect("append from a snapshot");
    let third = Log::open(&path).expect("open");
    assert!(third.snapshot_lines() > 0);
    assert_eq!(third.state(), &full_state(&path));
    ok(&["verify", &path.to_string_lossy()]);

    // Another 12,000 records: the next open starts from the old snapshot and writes a new one
    // (reading back only its last record), which the open after uses in full.
    let before = third.snapshot_lines();
    drop(third);
    more_presses(&path, 3);
    let fourth = Log::open(&path).expect("open");
    assert_eq!(
        fourth.snapshot_lines(),
        before,
        "the old snapshot was not used"
    );
    let fifth = Log::open(&path).expect("open");
    assert!(fifth.snapshot_lines() > before + 12_000, "no new snapshot");
    assert_eq!(fifth.state(), &full_state(&path));
}

#[test]
fn a_snapshot_that_does_not_match_is_ignored_and_rebuilt() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = long_log(dir.path());
    let snap = snapshot_of(&path);
    drop(Log::open(&path).expect("open")); // writes it
    assert!(snap.exists());

    // Garbage: ignored, the log replays in full, a good one takes its place.
    std::fs::write(&snap, b"not a snapshot").expect("write");
    let log = Log::open(&path).expect("open");
    assert_eq!(log.snapshot_lines(), 0);
    assert_eq!(log.state(), &full_state(&path));
    assert!(
        Log::open(&path).expect("open").snapshot_lines() > 0,
        "not rebuilt"
    );

    // A snapshot made for another log of the same shape (or for this log before it was
    // changed) is not used: the record it ends with is not in that log.
    let other_dir = tempfile::tempdir().expect("temp dir");
    let other = long_log(other_dir.path());
    std::fs::copy(&snap, snapshot_of(&other)).expect("copy");
    let log = Log::open(&other).expect("open");
    assert_eq!(log.snapshot_lines(), 0, "another log's snapshot was used");
    assert_eq!(log.state(), &full_state(&other));
}

#[test]
fn a_snapshot_never_hides_damage_that_moves_the_records_it_covers() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = long_log(dir.path());
    drop(Log::open(&path).expect("open")); // writes the snapshot
    assert!(Log::open(&path).expect("open").snapshot_lines() > 0);
    // Take one byte out of line 30, well inside the snapshot's prefix: every record after it
    // moves, the checkpoint's among them. (An edit in place that keeps the lengths is
    // `verify`'s to find: `tests/log_checkpoint.rs`.)
    let mut bytes = std::fs::read(&path).expect("read");
    let start: usize = bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(28)
        .map(|(i, _)| i + 1)
        .expect("30 lines");
    let pos = start + 9; // the `3` of `seq:30`
    assert!(bytes[pos].is_ascii_digit(), "{}", char::from(bytes[pos]));
    bytes.remove(pos);
    std::fs::write(&path, &bytes).expect("write");

    let log = Log::open(&path).expect("open");
    assert_eq!(
        log.snapshot_lines(),
        0,
        "a snapshot of an edited prefix was used"
    );
    assert_eq!(log.damage().map(bianpai::log::Damage::line), Some(30));
    match Log::open_reader(&path, false, IfDamaged::Refuse) {
        Err(LogError::Shortened { damage, .. }) => assert_eq!(damage.line(), 30),
        other => panic!("expected a refusal, got {:?}", other.map(|_| ())),
    }
    let msg = refused(
        &run(&["--lang", "en", "player", "list", &path.to_string_lossy()]),
        "player list",
    );
    assert!(msg.contains("line 30:"), "{msg}");
}
