//! The demo: a copy of the sample event (`sample_events/demo.log`, made by
//! `sample_events/make-demo.sh` with the real command line) in a temp dir, re-timed so its
//! current round is running now, with the round's last events held back and replayed over
//! the next minutes through the real `Log` API, the way another terminal would write them.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use chrono::{DateTime, Duration, Utc};
use serde::Deserialize;

use crate::domain::event::{Cause, Event};
use crate::domain::{Actor, Command, Role, Side};
use crate::log::record::decode;
use crate::log::{Log, Record};

/// The sample log, embedded.
pub const SAMPLE_LOG: &str = include_str!("../../sample_events/demo.log");
/// Where the live part starts and the sample time the demo opens at.
pub const SAMPLE_META: &str = include_str!("../../sample_events/demo.ron");
/// The round-robin sample (`sample_events/make-round-robin.sh`): `bianpai demo round-robin`.
pub const ROUND_ROBIN_LOG: &str = include_str!("../../sample_events/round-robin-10.log");
pub const ROUND_ROBIN_META: &str = include_str!("../../sample_events/round-robin-10.ron");

/// Which sample the demo shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Sample {
    // The Swiss event (棋鼓铭心七月月赛), what `bianpai` with no arguments opens.
    #[default]
    Swiss,
    // The 10-player round robin (单循环, club-rr-10).
    RoundRobin,
}

impl Sample {
    fn texts(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Sample::Swiss => (SAMPLE_LOG, SAMPLE_META, "demo"),
            Sample::RoundRobin => (ROUND_ROBIN_LOG, ROUND_ROBIN_META, "round-robin-10"),
        }
    }
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Meta {
    /// The first record held back for the live replay.
    pub live_from: u64,
    /// The sample time the demo opens at.
    pub anchor: DateTime<Utc>,
}

/// A held-back command, due at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scheduled {
    pub due: DateTime<Utc>,
    pub cmd: Command,
}

pub fn meta() -> Result<Meta, String> {
    meta_of(Sample::Swiss)
}

pub fn meta_of(sample: Sample) -> Result<Meta, String> {
    let (_, meta, name) = sample.texts();
    ron::from_str(meta).map_err(|e| format!("demo: sample_events/{name}.ron: {e}"))
}

/// The sample's records.
pub fn records() -> Result<Vec<Record>, String> {
    records_of(Sample::Swiss)
}

pub fn records_of(sample: Sample) -> Result<Vec<Record>, String> {
    sample
        .texts()
        .0
        .lines()
        .enumerate()
        .map(|(i, l)| decode(l).map_err(|e| format!("demo: sample line {}: {e}", i + 1)))
        .collect()
}

/// The time an event carries, if any.
fn inner_time(ev: &Event) -> Option<DateTime<Utc>> {
    match ev {
        Event::RoundStarted { at, .. } | Event::SeatMarked { at, .. } | Event::Clock { at, .. } => {
            Some(*at)
        }
        _ => None,
    }
}

/// The event with its times moved by `d`.
fn shifted(ev: &Event, d: Duration) -> Event {
    let mut ev = ev.clone();
    match &mut ev {
        Event::RoundStarted { at, .. } | Event::SeatMarked { at, .. } | Event::Clock { at, .. } => {
            *at += d;
        }
        _ => {}
    }
    ev
}

/// The command that would record a held-back event again at `due`; consequences (a foul
/// loss, a withdrawal by rule) are left to `decide`, which derives them itself.
fn command_for(ev: &Event, due: DateTime<Utc>) -> Option<Command> {
    Some(match ev {
        Event::ResultRecorded {
            board,
            result,
            cause: Cause::Arbiter,
            ..
        } => Command::RecordResult {
            round: None,
            board: *board,
            result: *result,
            correct: None,
        },
        Event::ResultRecorded {
            board,
            result,
            cause: Cause::Time,
            ..
        } => Command::ConfirmFlag {
            board: *board,
            at: due,
            // The flagged side lost on time.
            side: if *result == crate::domain::GameResult::BlackWin {
                Side::Red
            } else {
                Side::Black
            },
        },
        Event::SeatMarked {
            board,
            side,
            present,
            ..
        } => Command::MarkSeat {
            round: None,
            board: *board,
            side: *side,
            present: *present,
            at: due,
            reverse_reason: None,
        },
        Event::FoulRecorded {
            board, side, kind, ..
        } => Command::RecordFoul {
            round: None,
            board: *board,
            side: *side,
            kind: *kind,
        },
        Event::Clock { board, action, .. } => Command::Clock {
            round: None,
            board: *board,
            action: action.clone(),
            at: due,
        },
        Event::MoveLimitNoted { board, note, .. } => Command::NoteMoveLimit {
            board: *board,
            note: note.clone(),
        },
        _ => return None,
    })
}

/// Writes the re-timed sample up to its live part into `dir/demo.log` and returns the path
/// and the held-back commands, due from `now` on.
pub fn build(dir: &Path, now: DateTime<Utc>) -> Result<(PathBuf, Vec<Scheduled>), String> {
    build_sample(dir, now, Sample::Swiss)
}

/// `build` for one of the samples.
pub fn build_sample(
    dir: &Path,
    now: DateTime<Utc>,
    sample: Sample,
) -> Result<(PathBuf, Vec<Scheduled>), String> {
    let meta = meta_of(sample)?;
    let recs = records_of(sample)?;
    let shift = now - meta.anchor;
    let Some((first, rest)) = recs.split_first() else {
        return Err("demo: the sample log is empty".into());
    };
    let Event::Created { title, rules } = &first.ev else {
        return Err("demo: the sample log does not start with the event".into());
    };
    let path = dir.join("demo.log");
    let err = |e: crate::log::LogError| format!("demo: {e}");
    // The sample is a Beijing event: its times read the same on any machine.
    let mut rules = (**rules).clone();
    rules.time_zone = Some("Asia/Shanghai".to_string());
    let mut log =
        Log::create(&path, title, rules, &first.by, now - Duration::hours(1)).map_err(err)?;
    let (prefix, live): (Vec<&Record>, Vec<&Record>) =
        rest.iter().partition(|r| r.seq < meta.live_from);
    // The prefix: same events, same authors, times moved so the round runs now. Consecutive
    // records of one author go in one write.
    let mut at = now - Duration::minutes(30);
    let mut i = 0;
    while i < prefix.len() {
        let r = prefix[i];
        let mut events = vec![shifted(&r.ev, shift)];
        if let Some(t) = inner_time(&r.ev) {
            at = t + shift;
        }
        let mut j = i + 1;
        while j < prefix.len()
            && prefix[j].by == r.by
            && prefix[j].role == r.role
            && inner_time(&prefix[j].ev).is_none_or(|t| t + shift == at)
        {
            events.push(shifted(&prefix[j].ev, shift));
            j += 1;
        }
        let actor = Actor {
            user: r.by.clone(),
            role: r.role,
        };
        log.transact(&actor, at.min(now), |_| Ok(events))
            .map_err(err)?;
        i = j;
    }
    // The live part: each event due at its own time, untimed ones a little after the last.
    let mut due = now;
    let mut schedule = Vec::new();
    for r in live {
        due = match inner_time(&r.ev) {
            Some(t) => (t + shift).max(due),
            None => due + Duration::seconds(3),
        };
        if let Some(cmd) = command_for(&r.ev, due) {
            schedule.push(Scheduled { due, cmd });
        }
    }
    Ok((path, schedule))
}

/// Replays the held-back commands at their times as a second arbiter would, until done or
/// `stop`. A command the room has overtaken (a board already decided here) is skipped.
pub fn spawn_replay(
    path: PathBuf,
    schedule: Vec<Scheduled>,
    stop: Arc<AtomicBool>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let Ok(mut log) = Log::open(&path) else {
            return;
        };
        let actor = Actor {
            user: "arbiter2".into(),
            role: Role::Head,
        };
        for s in schedule {
            loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let left = s.due - Utc::now();
                if left <= Duration::zero() {
                    break;
                }
                let nap = left.min(Duration::milliseconds(100));
                std::thread::sleep(nap.to_std().unwrap_or_default());
            }
            let _ = log.execute(&actor, &s.cmd, s.due);
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::tournament::Tournament;

    #[test]
    fn the_sample_replays_and_holds_back_its_live_part() {
        let meta = meta().unwrap();
        let recs = records().unwrap();
        let t = Tournament::replay(recs.iter().map(|r| &r.ev)).unwrap();
        let round = t.current().unwrap();
        assert!(round.started_at.is_some());
        assert!(recs.iter().any(|r| r.seq >= meta.live_from));
        // The live round has clock presses, a seat marked absent and a foul.
        let live_round = t.current_round();
        let has = |f: &dyn Fn(&Event) -> bool| {
            recs.iter()
                .any(|r| f(&r.ev) && r.ev.board().is_some_and(|(rd, _)| rd == live_round))
        };
        assert!(has(&|e| matches!(e, Event::Clock { .. })));
        assert!(has(&|e| matches!(
            e,
            Event::SeatMarked { present: false, .. }
        )));
        assert!(has(&|e| matches!(
            e,
            Event::SeatMarked { present: true, .. }
        )));
        assert!(has(&|e| matches!(e, Event::FoulRecorded { .. })));
    }

    #[test]
    fn build_retimes_the_round_to_now() {
        let dir = tempfile::tempdir().unwrap();
        let now = Utc::now();
        let (path, schedule) = build(dir.path(), now).unwrap();
        let log = Log::open(&path).unwrap();
        let meta = meta().unwrap();
        let sample = Tournament::replay(records().unwrap().iter().map(|r| &r.ev)).unwrap();
        let start = log.state().current().unwrap().started_at.unwrap();
        let sample_start = sample.current().unwrap().started_at.unwrap();
        assert_eq!(now - start, meta.anchor - sample_start);
        assert!(!schedule.is_empty());
        assert!(schedule.windows(2).all(|w| w[0].due <= w[1].due));
        assert!(schedule[0].due >= now);
    }
}
