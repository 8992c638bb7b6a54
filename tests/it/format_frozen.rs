//! Frozen logs written by the release before the competition format became a type (one per
//! format: a Swiss with knockout finals and team standings, a single and a double round robin,
//! a team round robin; each `bianpai simulate` of that release) still decode, re-encode byte
//! for byte, replay to the same format, and pass `verify`. Never regenerate them.

use std::path::Path;

use bianpai::domain::Tournament;
use bianpai::domain::format::{Format, RoundRobinOrder, TeamSchedule};
use bianpai::log::record::{decode, encode_in_batch};

fn frozen(name: &str) -> (String, Vec<bianpai::log::record::Record>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/frozen")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("frozen log");
    let records = text
        .lines()
        .enumerate()
        .map(|(i, l)| decode(l).unwrap_or_else(|e| panic!("{name} line {}: {e}", i + 1)))
        .collect();
    (text, records)
}

fn reencoded(text: &str, records: &[bianpai::log::record::Record]) -> String {
    let mut out = String::new();
    for (r, old) in records.iter().zip(text.lines()) {
        let (line, hash) = encode_in_batch(r.seq, &r.at, &r.by, r.role, &r.prev, &r.ev, r.more);
        assert_eq!(line, old, "record {} re-encodes differently", r.seq);
        assert_eq!(hash, r.hash, "record {} re-hashed differently", r.seq);
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn replay(records: &[bianpai::log::record::Record]) -> Tournament {
    Tournament::replay(records.iter().map(|r| &r.ev)).expect("a Created record first")
}

#[test]
fn a_swiss_log_with_knockout_finals_re_encodes_byte_for_byte() {
    let (text, records) = frozen("v1-swiss-knockout.log");
    assert_eq!(reencoded(&text, &records), text);
    let t = replay(&records);
    let Format::Swiss { knockout: Some(k) } = &t.rules.format else {
        panic!("not a Swiss with knockout finals: {:?}", t.rules.format);
    };
    assert_eq!((k.after_round, k.players), (9, 4));
    assert_eq!(t.completed_rounds(), 11);
}

#[test]
fn a_double_round_robin_log_re_encodes_byte_for_byte() {
    let (text, records) = frozen("v1-double-round-robin.log");
    assert_eq!(reencoded(&text, &records), text);
    let t = replay(&records);
    assert_eq!(
        t.rules.format,
        Format::RoundRobin(bianpai::domain::format::RoundRobin::double())
    );
    assert_eq!(t.rules.rounds, 10);
}

#[test]
fn a_round_robin_log_re_encodes_byte_for_byte() {
    let (text, records) = frozen("v1-round-robin.log");
    assert_eq!(reencoded(&text, &records), text);
    let t = replay(&records);
    let Format::RoundRobin(rr) = t.rules.format else {
        panic!("not a round robin: {:?}", t.rules.format);
    };
    assert!(!rr.double);
    assert_eq!(rr.order, RoundRobinOrder::Fide);
}

#[test]
fn a_team_round_robin_log_re_encodes_byte_for_byte() {
    let (text, records) = frozen("v1-team-round-robin.log");
    assert_eq!(reencoded(&text, &records), text);
    let t = replay(&records);
    assert!(
        matches!(
            t.rules.format,
            Format::Team {
                schedule: TeamSchedule::RoundRobin(_),
                ..
            }
        ),
        "{:?}",
        t.rules.format
    );
    assert!(!t.team_event.teams.is_empty());
}

/// A Swiss log of the previous release with `self_report`: round 1 discarded and paired again,
/// round 2 changed by hand (`pair --flip 4`) after a foul, an absent mark and clock readings.
#[test]
fn an_override_and_a_re_pair_of_the_previous_release_keep_their_old_effect() {
    use bianpai::domain::{Board, Round};
    let (text, records) = frozen("v1-override-repair.log");
    assert_eq!(reencoded(&text, &records), text);
    let t = replay(&records);
    // That release's flip replaced every game of the round: the log says so, and replays so.
    let r2 = t.round(Round(2)).expect("round 2");
    assert!(r2.game(Board(2)).expect("board 2").fouls.red.is_empty());
    assert!(r2.game(Board(8)).expect("board 8").seats.black.present);
    assert!(r2.game(Board(3)).expect("board 3").clock.is_none());
    // Its re-pair drew a new secret: every slip of round 1 was void.
    assert_eq!(t.round(Round(1)).expect("round 1").reprint.len(), 16);
}

#[test]
fn verify_finds_every_frozen_log_whole() {
    for name in [
        "v1-swiss-knockout.log",
        "v1-round-robin.log",
        "v1-double-round-robin.log",
        "v1-team-round-robin.log",
        "v1-override-repair.log",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let copy = dir.path().join(name);
        std::fs::copy(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/frozen")
                .join(name),
            &copy,
        )
        .unwrap();
        let out = std::process::Command::new(crate::support::bin::BIN)
            .arg("verify")
            .arg(&copy)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
