//! The floor commands of CONTRACT.md through the real binary: `clock press/set`, `tick`,
//! `absent`/`arrive` (with `--reverse`), `foul`, `flag`, `export --what clocks`; every refusal
//! exits non-zero with a reason and leaves the log byte-identical; several processes ticking
//! at once write each consequence once. Times are given with `--at`; nothing sleeps.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chrono::{DateTime, Duration, Utc};

const BIN: &str = crate::support::bin::BIN;

fn start() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2024-07-06T09:00:00+08:00")
        .unwrap()
        .with_timezone(&Utc)
}

/// `start()` plus minutes and seconds, as an RFC 3339 argument.
fn at(m: i64, s: i64) -> String {
    (start() + Duration::seconds(m * 60 + s)).to_rfc3339()
}

/// Runs the binary in English (the messages these tests read; Chinese is the default). The
/// times of these tests lie in 2024, long before the machine's clock: a command with `--at` is
/// the head arbiter's correction (issue 14), marked as such.
fn bp(args: &[&str]) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(["--lang", "en"]).args(args);
    if args.contains(&"--at") && !args.contains(&"--correction") {
        cmd.args(["--correction", "replaying the 2024 round"]);
    }
    cmd.output().unwrap()
}

fn ok(args: &[&str]) -> String {
    let out = bp(args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs a command that must be refused: non-zero exit, `why` in its one-line reason, and
/// the log unchanged to the byte.
fn refused(log: &Path, args: &[&str], why: &str) {
    let before = std::fs::read(log).unwrap();
    let out = bp(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{args:?} was accepted");
    assert!(stderr.contains(why), "{args:?}: {stderr}");
    assert_eq!(
        std::fs::read(log).unwrap(),
        before,
        "{args:?} changed the log"
    );
}

/// A log with `n` players and round 1 paired and started at `start()`.
fn setup(dir: &Path, preset: &str, n: u32) -> PathBuf {
    let log = dir.join("event.log");
    let l = log.to_str().unwrap();
    ok(&["new", l, "--preset", preset]);
    for i in 1..=n {
        ok(&["player", "add", l, "--name", &format!("P{i}")]);
    }
    ok(&["draw", l, "--in-order"]);
    ok(&["pair", l]);
    ok(&["start", l, "--at", &at(0, 0)]);
    log
}

fn count(log: &Path, needle: &str) -> usize {
    std::fs::read_to_string(log)
        .unwrap()
        .matches(needle)
        .count()
}

#[test]
fn clock_press_set_flag_and_the_clocks_export() {
    let dir = tempfile::tempdir().unwrap();
    let log = setup(dir.path(), "qigu-2024-07", 8);
    let l = log.to_str().unwrap();
    // 20 + 5: red presses after 30 s.
    let out = ok(&["clock", l, "1", "press", "red", "--at", &at(0, 30)]);
    assert!(
        out.contains("red 19:35  black 20:00  (black running)"),
        "{out}"
    );
    // A mistaken press by red again changes nothing.
    let out = ok(&["clock", l, "1", "press", "red", "--at", &at(0, 40)]);
    assert!(
        out.contains("red 19:35  black 19:50  (black running)"),
        "{out}"
    );
    let out = ok(&[
        "clock",
        l,
        "1",
        "set",
        "--red",
        "18:45",
        "--black",
        "19:30",
        "--at",
        &at(1, 0),
    ]);
    assert!(
        out.contains("red 18:45  black 19:30  (black running)"),
        "{out}"
    );
    refused(&log, &["clock", l, "1", "press", "green"], "unknown side");
    refused(&log, &["clock", l, "9", "press", "red"], "no board 9");
    refused(
        &log,
        &["clock", l, "0", "press", "red"],
        "not a board number",
    );
    refused(
        &log,
        &["clock", l, "1", "set", "--red", "18:75", "--black", "10:00"],
        "not a clock reading",
    );
    refused(&log, &["clock", l, "1", "set", "--red", "10:00"], "--black");
    refused(
        &log,
        &["clock", l, "1", "press", "red", "--at", "9am"],
        "RFC 3339",
    );
    // Black's 19:30 runs from 1:00: the flag falls at 20:30.
    refused(
        &log,
        &["flag", l, "1", "black", "--at", &at(20, 29)],
        "black's flag has not fallen (0:01 left",
    );
    refused(
        &log,
        &["flag", l, "1", "red", "--at", &at(21, 0)],
        "black's flag that fell",
    );
    refused(
        &log,
        &["flag", l, "2", "red", "--at", &at(21, 0)],
        "no clock data",
    );
    // Board 2's clock: black pauses it, so its reading is fixed whatever the time now.
    ok(&["clock", l, "2", "press", "red", "--at", &at(2, 0)]);
    ok(&["clock", l, "2", "pause", "--at", &at(2, 10)]);
    // The export reads the clocks now (long after 2024): board 1's black flag has fallen.
    let json = ok(&["export", l, "--format", "json", "--what", "clocks"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let boards = v.as_array().unwrap();
    assert_eq!(boards.len(), 4);
    assert_eq!(
        boards[0],
        serde_json::json!({"board": 1, "red_ms": 1_125_000, "black_ms": 0, "running": null, "flag": "black"})
    );
    assert_eq!(
        boards[1],
        serde_json::json!({"board": 2, "red_ms": 1_085_000, "black_ms": 1_190_000, "running": null, "flag": null})
    );
    assert_eq!(
        boards[2],
        serde_json::json!({"board": 3, "red_ms": null, "black_ms": null, "running": null, "flag": null})
    );
    let out = ok(&["flag", l, "1", "black", "--at", &at(20, 31)]);
    assert!(out.contains("red wins") && out.contains("[time]"), "{out}");
    refused(
        &log,
        &["flag", l, "1", "black", "--at", &at(21, 0)],
        "already has a result",
    );
    refused(&log, &["clock", l, "1", "press", "red"], "the game is over");
    ok(&["verify", l]);
}

#[test]
fn late_window_tick_arrive_and_reverse() {
    let dir = tempfile::tempdir().unwrap();
    let log = setup(dir.path(), "qigu-2024-07", 8);
    let l = log.to_str().unwrap();
    ok(&["absent", l, "2", "black", "--at", &at(1, 0)]);
    ok(&["absent", l, "3", "red", "--at", &at(1, 0)]);
    refused(
        &log,
        &["absent", l, "2", "black", "--at", &at(2, 0)],
        "already marked absent",
    );
    refused(&log, &["absent", l, "2", "green"], "unknown side");
    refused(
        &log,
        &["absent", l, "2", "black", "--reverse", "x"],
        "--reverse goes with `arrive`",
    );
    ok(&["arrive", l, "3", "red", "--at", &at(9, 59)]);
    // Nothing due at 9:59; a tick with nothing due writes nothing.
    let before = std::fs::read(&log).unwrap();
    let out = ok(&["tick", l, "--at", &at(9, 59)]);
    assert!(out.contains("nothing due"), "{out}");
    assert_eq!(std::fs::read(&log).unwrap(), before);
    let out = ok(&["tick", l, "--at", &at(10, 0)]);
    assert!(
        out.contains("board 2: red wins by forfeit") && out.contains("[latewindow]"),
        "{out}"
    );
    assert!(!out.contains("board 3"), "{out}");
    assert!(ok(&["tick", l, "--at", &at(10, 1)]).contains("nothing due"));
    refused(
        &log,
        &["arrive", l, "2", "black", "--at", &at(10, 30)],
        "--reverse",
    );
    refused(
        &log,
        &[
            "--role",
            "assistant",
            "arrive",
            l,
            "2",
            "black",
            "--reverse",
            "traffic",
        ],
        "may not reverse a late forfeit",
    );
    refused(
        &log,
        &[
            "--role",
            "head",
            "arrive",
            l,
            "2",
            "red",
            "--reverse",
            "traffic",
        ],
        "not marked absent",
    );
    let out = ok(&[
        "--role",
        "head",
        "arrive",
        l,
        "2",
        "black",
        "--reverse",
        "traffic",
        "--at",
        &at(11, 0),
    ]);
    assert!(
        out.contains("corrected from red wins by forfeit to no result: traffic"),
        "{out}"
    );
    // The reopened game is played; fouls and results go on as usual.
    ok(&["result", l, "2", "draw"]);
    ok(&["verify", l]);
}

#[test]
fn fouls_reach_the_preset_limit() {
    let dir = tempfile::tempdir().unwrap();
    let log = setup(dir.path(), "qigu-2024-07", 4);
    let l = log.to_str().unwrap();
    refused(&log, &["foul", l, "1", "red", "jumping"], "jumping");
    let out = ok(&["foul", l, "1", "red", "phone"]);
    assert!(!out.contains("black wins"), "{out}");
    let out = ok(&["foul", l, "1", "red", "phone"]);
    assert!(
        out.contains("black wins") && out.contains("[fouls]"),
        "{out}"
    );
    refused(
        &log,
        &["foul", l, "1", "black", "other"],
        "the game is over",
    );
    refused(&log, &["foul", l, "7", "black", "other"], "no board 7");
    refused(
        &log,
        &["--role", "assistant", "limit", l, "2", "60 moves"],
        "may not",
    );
    ok(&["--role", "head", "limit", l, "2", "60 moves"]);
    ok(&["verify", l]);
}

#[test]
fn several_processes_ticking_at_once_write_each_forfeit_once() {
    let dir = tempfile::tempdir().unwrap();
    let log = setup(dir.path(), "qiyuan-2019", 12);
    let l = log.to_str().unwrap();
    ok(&["absent", l, "1", "red", "--at", &at(0, 0)]);
    ok(&["absent", l, "2", "red", "--at", &at(0, 0)]);
    ok(&["absent", l, "2", "black", "--at", &at(0, 0)]);
    ok(&["absent", l, "5", "black", "--at", &at(0, 0)]);
    let deadline = at(10, 0);
    let handles: Vec<_> = (0..8)
        .map(|_| {
            let (l, d) = (l.to_string(), deadline.clone());
            std::thread::spawn(move || bp(&["tick", &l, "--at", &d]))
        })
        .collect();
    let outs: Vec<String> = handles
        .into_iter()
        .map(|h| {
            let out = h.join().unwrap();
            assert!(out.status.success());
            String::from_utf8(out.stdout).unwrap()
        })
        .collect();
    // Whichever process got the lock first wrote the three forfeits; the others found
    // nothing due.
    assert_eq!(outs.iter().filter(|o| o.contains("nothing due")).count(), 7);
    assert_eq!(count(&log, "ev:ResultRecorded("), 3);
    assert_eq!(count(&log, "result:black_win_forfeit"), 1);
    assert_eq!(count(&log, "result:double_forfeit"), 1);
    assert_eq!(count(&log, "result:red_win_forfeit"), 1);
    ok(&["verify", l]);
}
