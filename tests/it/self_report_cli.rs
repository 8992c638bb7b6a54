//! The players' codes and the arbiter's acceptance through the real binary
//! (docs/self-report.md): codes issued with each round's pairing, one per seat, read only by
//! the head arbiter and the organizer (refused to others: `self_report_install.rs`, as real OS
//! users), on the signing slips (`self_report_slips.rs`), never in any other export or the audit; `result --confirm` refused without two matching reports; the JSON's
//! `reports` and `pending`; a log without `self_report` exports exactly as before.

use crate::support::self_report as self_report_support;
use crate::support::serve as serve_support;

use std::process::Command;

use self_report_support::{NAMES, code, codes, event, game, rules};
use serve_support::bianpai;

fn run(args: &[&str]) -> std::process::Output {
    Command::new(crate::support::bin::BIN)
        .args(args)
        .output()
        .expect("bianpai runs")
}

fn refused(args: &[&str]) -> String {
    let out = run(args);
    assert!(!out.status.success(), "{args:?} should be refused");
    let e = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(e.trim_end().lines().count(), 1, "one line: {e}");
    e
}

#[test]
fn every_seat_gets_its_own_code_with_the_pairing() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let all = codes(&log, 1);
    assert_eq!(all.len(), 6, "three boards, two sides: {all:?}");
    let mut seen: Vec<&str> = all.iter().map(|c| c.code.as_str()).collect();
    assert!(
        seen.iter()
            .all(|c| c.len() == 8 && c.bytes().all(|b| b.is_ascii_digit())),
        "{seen:?}"
    );
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), 6, "no two seats share a code");
    // The pairing's record batch carries the codes' secret; the audit says only that.
    let audit = bianpai(&["audit", log.to_str().unwrap()]);
    assert!(audit.contains("第1轮签认码已生成"), "{audit}");
    for c in &all {
        assert!(!audit.contains(&c.code), "a code in the audit");
    }
    // Round 2 gets codes of its own.
    let l = log.to_str().unwrap();
    for b in 1..=3 {
        bianpai(&["result", l, &b.to_string(), "draw"]);
    }
    bianpai(&["pair", l]);
    let two = codes(&log, 2);
    assert_eq!(two.len(), 6);
    assert!(two.iter().all(|c| !all.iter().any(|o| o.code == c.code)));
}

#[test]
fn no_export_a_viewer_reads_carries_a_code() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let l = log.to_str().unwrap();
    let all = codes(&log, 1);
    for (format, what) in [
        ("json", "all"),
        ("json", "pairings"),
        ("txt", "all"),
        ("html", "all"),
        ("csv", "all"),
        ("txt", "pairings"),
        ("html", "pairings"),
    ] {
        let out = bianpai(&["export", l, "--format", format, "--what", what]);
        for c in &all {
            assert!(
                !out.contains(&c.code),
                "--format {format} --what {what} carries a code"
            );
        }
    }
}

#[test]
fn codes_come_as_json_and_only_where_players_report() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let l = log.to_str().unwrap();
    let e = refused(&["export", l, "--format", "txt", "--what", "codes"]);
    assert!(e.contains("--format json"), "{e}");
    let off = dir.path().join("off");
    std::fs::create_dir(&off).unwrap();
    let plain = event(&off, "off", "");
    let e = refused(&[
        "export",
        plain.to_str().unwrap(),
        "--format",
        "json",
        "--what",
        "codes",
    ]);
    assert!(e.contains("self_report: off"), "{e}");
}

#[test]
fn confirm_needs_two_matching_reports_and_changes_nothing_otherwise() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let l = log.to_str().unwrap();
    let before = std::fs::read(&log).unwrap();
    let e = refused(&["result", l, "1", "--confirm"]);
    assert!(e.contains("没有双方一致的签认"), "{e}");
    assert_eq!(std::fs::read(&log).unwrap(), before, "nothing written");
    let e = refused(&["result", l, "1", "red_win", "--confirm"]);
    assert!(e.contains("--confirm"), "{e}");
    // The JSON of a board nobody signed.
    let g = game(&log, 1, 1);
    assert_eq!(g["reports"], serde_json::json!([]));
    assert_eq!(g["pending"], serde_json::Value::Null);
    let _ = code(&log, 1, 1, "red");
}

#[test]
fn an_event_without_self_report_exports_as_before() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "off", "");
    let all: serde_json::Value = serde_json::from_str(&bianpai(&[
        "export",
        log.to_str().unwrap(),
        "--format",
        "json",
        "--what",
        "all",
    ]))
    .unwrap();
    assert!(all["rules"].get("self_report").is_none());
    let g = &all["rounds"][0]["games"][0];
    assert!(
        g.get("reports").is_none() && g.get("pending").is_none(),
        "{g}"
    );
    // The rules as written: `off` is never written into the log.
    let first = std::fs::read_to_string(&log).unwrap();
    assert!(!first.lines().next().unwrap().contains("self_report"));
    let on = rules(dir.path(), "auto", "");
    assert!(
        std::fs::read_to_string(on)
            .unwrap()
            .contains("self_report: auto")
    );
    assert_eq!(NAMES.len(), 6);
}
