//! Issue 9 (concurrency) and issue 2 (concurrent appends): many real `bianpai` processes append
//! to one log at the same time. Every acknowledged event (exit 0) must be in the log exactly
//! once, nothing else may appear, and `verify` must pass. Two terminals recording a result on
//! the same board at the same moment: one wins, the other is refused with the existing result.
//!
//! Every event is distinguishable: each writer owns its own boards; clock presses and seat
//! marks carry distinct `--at` times; fouls differ by board, side and kind.
//!
//! Default sizes are the issues' (8 writers × 250 mixed events, 6 writers × 200 results and
//! fouls: about 12 s in a release build, as CI runs it); a quick debug run can take fewer with
//! `BIANPAI_CONCURRENCY_EVENTS` / `BIANPAI_RESULTS_EVENTS`.

use crate::support::reliability as reliability_support;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Barrier};

use chrono::{DateTime, Duration, Utc};

use bianpai::domain::event::{Cause, ClockAction};
use bianpai::domain::rules::FoulKind;
use bianpai::domain::{Event, Side};
use reliability_support::{env_count, ok, open_rules, records, refused, run, started_event, t0};

/// What identifies one appended event.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Result(u32),
    Foul(u32, Side, FoulKind),
    Seat(u32, Side, bool, DateTime<Utc>),
    Clock(u32, Side, DateTime<Utc>),
}

fn key_of(ev: &Event) -> Option<Key> {
    match ev {
        Event::ResultRecorded {
            board,
            cause: Cause::Arbiter,
            ..
        } => Some(Key::Result(board.0)),
        Event::FoulRecorded {
            board, side, kind, ..
        } => Some(Key::Foul(board.0, *side, *kind)),
        Event::SeatMarked {
            board,
            side,
            present,
            at,
            ..
        } => Some(Key::Seat(board.0, *side, *present, *at)),
        Event::Clock {
            board,
            action: ClockAction::Press(side),
            at,
            ..
        } => Some(Key::Clock(board.0, *side, *at)),
        _ => None,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mix {
    /// Results, fouls, clock presses and absent/arrive marks.
    All,
    /// Results and fouls only (issue 2).
    ResultsAndFouls,
}

struct Step {
    args: Vec<String>,
    key: Key,
}

const SIDES: [Side; 2] = [Side::Red, Side::Black];

/// The events of one board: everything but the result first, the result last.
fn board_steps(log: &str, board: u32, n: usize, mix: Mix, clock_base: i64) -> Vec<Step> {
    let b = board.to_string();
    let mut steps = Vec::new();
    let mut fouls = FoulKind::ALL
        .iter()
        .flat_map(|k| SIDES.iter().map(move |s| (*s, *k)));
    let mut seat = 0usize;
    let mut presses = 0i64;
    let mut i = 0usize;
    while steps.len() + 1 < n {
        i += 1;
        let kind = match mix {
            Mix::All => i % 4,
            Mix::ResultsAndFouls => 0,
        };
        match kind {
            1 if seat < 4 => {
                // absent red, arrive red, absent black, arrive black.
                let side = SIDES[seat / 2];
                let present = seat % 2 == 1;
                // Within the late window (ten minutes from the round's start at t0).
                let at = t0() + Duration::seconds(60 + seat as i64);
                seat += 1;
                steps.push(Step {
                    args: vec![
                        if present { "arrive" } else { "absent" }.into(),
                        log.into(),
                        b.clone(),
                        side.word().into(),
                        "--at".into(),
                        at.to_rfc3339(),
                        "--correction".into(),
                        "2024 times".into(),
                    ],
                    key: Key::Seat(board, side, present, at),
                });
            }
            0 | 1 if mix == Mix::ResultsAndFouls || kind == 0 => {
                let Some((side, k)) = fouls.next() else {
                    assert!(mix == Mix::All, "too many fouls asked of one board");
                    continue;
                };
                steps.push(Step {
                    args: vec![
                        "foul".into(),
                        log.into(),
                        b.clone(),
                        side.word().into(),
                        k.word().into(),
                    ],
                    key: Key::Foul(board, side, k),
                });
            }
            _ => {
                presses += 1;
                let side = SIDES[(presses % 2) as usize];
                let at = t0() + Duration::seconds(clock_base + presses);
                steps.push(Step {
                    args: vec![
                        "clock".into(),
                        log.into(),
                        b.clone(),
                        "press".into(),
                        side.word().into(),
                        "--at".into(),
                        at.to_rfc3339(),
                        "--correction".into(),
                        "2024 times".into(),
                    ],
                    key: Key::Clock(board, side, at),
                });
            }
        }
    }
    let word = ["red_win", "black_win", "draw"][board as usize % 3];
    steps.push(Step {
        args: vec!["result".into(), log.into(), b, word.into()],
        key: Key::Result(board),
    });
    steps
}

/// The plan of one writer: its boards' steps, interleaved round-robin.
fn writer_plan(log: &str, boards: &[u32], per_writer: usize, mix: Mix) -> Vec<Step> {
    let k = boards.len();
    let mut per_board: Vec<std::collections::VecDeque<Step>> = boards
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let n = per_writer / k + usize::from(i < per_writer % k);
            board_steps(log, *b, n, mix, i64::from(*b) * 100_000).into()
        })
        .collect();
    let mut plan = Vec::with_capacity(per_writer);
    while plan.len() < per_writer {
        for q in &mut per_board {
            if let Some(s) = q.pop_front() {
                plan.push(s);
            }
        }
    }
    plan
}

/// Runs `writers` processes at once, each appending `per_writer` events; checks the log.
fn concurrent(writers: usize, per_writer: usize, mix: Mix) {
    let dir = tempfile::tempdir().expect("temp dir");
    // Results and fouls: at most 1 + 10 events per board; the full mix: many clock presses.
    let per_board = match mix {
        Mix::All => 50,
        Mix::ResultsAndFouls => 5,
    };
    let boards_per_writer = per_writer.div_ceil(per_board).max(1);
    let boards = writers * boards_per_writer;
    let path = started_event(dir.path(), "c.log", (boards * 2) as u32, open_rules());
    let log = path.to_string_lossy().into_owned();
    let plans: Vec<Vec<Step>> = (0..writers)
        .map(|w| {
            let own: Vec<u32> = (0..boards_per_writer)
                .map(|i| (w * boards_per_writer + i + 1) as u32)
                .collect();
            writer_plan(&log, &own, per_writer, mix)
        })
        .collect();
    let before = records(&path).len();
    let barrier = Arc::new(Barrier::new(writers));
    let handles: Vec<_> = plans
        .into_iter()
        .map(|plan| {
            let barrier = Arc::clone(&barrier);
            std::thread::spawn(move || {
                barrier.wait();
                let mut acked = Vec::new();
                let mut failures = Vec::new();
                for step in plan {
                    let out = run(&step.args);
                    if out.status.success() {
                        acked.push(step.key);
                    } else {
                        failures.push(format!(
                            "{:?}: {}",
                            step.args,
                            String::from_utf8_lossy(&out.stderr).trim()
                        ));
                    }
                }
                (acked, failures)
            })
        })
        .collect();
    let mut acked = Vec::new();
    let mut failures = Vec::new();
    for h in handles {
        let (a, f) = h.join().expect("writer thread");
        acked.extend(a);
        failures.extend(f);
    }
    // Each writer owns its boards, so no command may be refused.
    assert!(failures.is_empty(), "refused appends: {failures:#?}");
    assert_eq!(acked.len(), writers * per_writer);

    ok(&["verify", &log]);
    let recs = records(&path);
    let mut seen: BTreeMap<Key, usize> = BTreeMap::new();
    // The 2024 times are entered as corrections (issue 14): a `TimeCorrected` record precedes
    // each seat mark and press.
    let corrections = recs[before..]
        .iter()
        .filter(|r| matches!(r.ev, bianpai::domain::Event::TimeCorrected { .. }))
        .count();
    for r in &recs[before..] {
        if matches!(r.ev, bianpai::domain::Event::TimeCorrected { .. }) {
            continue;
        }
        let key = key_of(&r.ev).unwrap_or_else(|| panic!("unexpected event {:?}", r.ev));
        *seen.entry(key).or_default() += 1;
    }
    for k in &acked {
        assert_eq!(
            seen.get(k).copied().unwrap_or(0),
            1,
            "acknowledged event {k:?} is not in the log exactly once"
        );
    }
    assert_eq!(
        recs.len() - before - corrections,
        acked.len(),
        "the log holds events nobody acknowledged"
    );
    // The chain and sequence numbers hold record by record.
    for (i, pair) in recs.windows(2).enumerate() {
        assert_eq!(pair[1].prev, pair[0].hash, "chain broken after record {i}");
        assert_eq!(pair[1].seq, pair[0].seq + 1);
    }
}

#[test]
fn eight_writers_mixed_events() {
    let n = env_count("BIANPAI_CONCURRENCY_EVENTS", 250);
    concurrent(8, n, Mix::All);
}

#[test]
fn six_writers_results_and_fouls() {
    let n = env_count("BIANPAI_RESULTS_EVENTS", 200);
    concurrent(6, n, Mix::ResultsAndFouls);
}

/// Two terminals record a result on the same board at the same moment.
#[test]
fn same_board_same_moment_one_wins() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path: PathBuf = started_event(dir.path(), "race.log", 40, open_rules());
    let log = path.to_string_lossy().into_owned();
    for board in 1..=12u32 {
        let b = board.to_string();
        let barrier = Arc::new(Barrier::new(2));
        let spawn = |word: &'static str| {
            let barrier = Arc::clone(&barrier);
            let args = vec![
                "--lang".to_string(),
                "en".into(),
                "result".into(),
                log.clone(),
                b.clone(),
                word.into(),
            ];
            std::thread::spawn(move || {
                barrier.wait();
                (word, run(&args))
            })
        };
        let a = spawn("red_win");
        let c = spawn("black_win");
        let outs = [a.join().expect("thread"), c.join().expect("thread")];
        let winners: Vec<_> = outs.iter().filter(|(_, o)| o.status.success()).collect();
        assert_eq!(winners.len(), 1, "board {board}: exactly one terminal wins");
        let winner = winners[0].0;
        let (_, loser) = outs
            .iter()
            .find(|(_, o)| !o.status.success())
            .expect("a loser");
        let line = refused(loser, "the second result");
        assert!(
            line.contains("already has a result")
                && line.contains(&winner.replace("_win", " wins")),
            "board {board}: the refusal must show the existing result {winner}: {line}"
        );
        let results: Vec<_> = records(&path)
            .into_iter()
            .filter_map(|r| match r.ev {
                Event::ResultRecorded {
                    board: bd, result, ..
                } if bd.0 == board => Some(result.word()),
                _ => None,
            })
            .collect();
        assert_eq!(results, vec![winner], "board {board}");
    }
    ok(&["verify", &log]);
}
