//! Issue 14, item 2: times from outside are checked against the machine's clock. A clock
//! bridge in the wrong time zone (local time labelled `Z`, 8 hours ahead), a `tick --at` far in
//! the future and an arrival back-dated into a closed late window are refused, naming the
//! skew; the head arbiter's `--correction REASON` enters a past time on purpose and is
//! recorded; a flag is confirmed only from clock inputs that precede the confirmation. All
//! through the real binary, against the real clock (times are relative to now).

use crate::support::reliability as reliability_support;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use bianpai::domain::event::ClockAction;
use bianpai::domain::{Actor, Board, Event, Role, Round, Side};
use bianpai::log::Log;
use chrono::{DateTime, Duration, SecondsFormat, Utc};

const BIN: &str = crate::support::bin::BIN;

/// The binary in English (the messages these tests read; Chinese is the default).
fn bp(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(["--lang", "en"])
        .args(args)
        .output()
        .unwrap()
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

/// A refusal: non-zero exit, every one of `why` in its one line, the log byte-identical.
fn refused(log: &Path, args: &[&str], why: &[&str]) -> String {
    let before = std::fs::read(log).unwrap();
    let out = bp(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "{args:?} was accepted");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    for w in why {
        assert!(stderr.contains(w), "{args:?}: '{w}' missing in: {stderr}");
    }
    assert_eq!(
        std::fs::read(log).unwrap(),
        before,
        "{args:?} changed the log"
    );
    stderr
}

/// `t` as RFC 3339 in UTC.
fn z(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// A log with 8 players, round 1 paired and started `ago` before now (a start further back
/// than the allowed skew is the head arbiter's correction).
fn setup(dir: &Path, ago: Duration) -> PathBuf {
    let log = dir.join("event.log");
    let l = log.to_str().unwrap();
    ok(&["new", l, "--preset", "qigu-2024-07"]);
    for i in 1..=8 {
        ok(&["player", "add", l, "--name", &format!("P{i}")]);
    }
    ok(&["draw", l, "--seed", "1"]);
    ok(&["pair", l]);
    let at = z(Utc::now() - ago);
    if ago > Duration::minutes(2) {
        ok(&[
            "start",
            l,
            "--at",
            &at,
            "--correction",
            "started before the log",
        ]);
    } else {
        ok(&["start", l, "--at", &at]);
    }
    log
}

fn count(log: &Path, needle: &str) -> usize {
    std::fs::read_to_string(log)
        .unwrap()
        .matches(needle)
        .count()
}

#[test]
fn a_bridge_eight_hours_ahead_cannot_make_a_flag_fall() {
    let dir = tempfile::tempdir().unwrap();
    let log = setup(dir.path(), Duration::seconds(30));
    let l = log.to_str().unwrap();
    // Beijing time labelled Z: eight hours ahead of the machine's clock.
    let wrong = z(Utc::now() + Duration::hours(8));
    let msg = refused(
        &log,
        &["clock", l, "1", "press", "black", "--at", &wrong],
        &[
            "ahead of this machine's clock",
            "clock_skew_seconds",
            "120 s",
        ],
    );
    // 8 h to the second, less the moments the binary took to start.
    assert!(
        msg.contains("8 h 0 min ahead") || msg.contains("7 h 59 min ahead"),
        "{msg}"
    );
    assert!(msg.contains("time zone"), "{msg}");
    // The correct presses that follow are recorded and run the clock as they should.
    let out = ok(&["clock", l, "1", "press", "red"]);
    assert!(out.contains("(black running)"), "{out}");
    // Red had 20 minutes: no flag fell, so none is confirmed.
    refused(&log, &["flag", l, "1", "red"], &["has not fallen"]);
    // Not even by the head arbiter's correction: a correction names a past time.
    refused(
        &log,
        &[
            "clock",
            l,
            "1",
            "press",
            "black",
            "--at",
            &wrong,
            "--correction",
            "bridge",
        ],
        &["ahead", "past time"],
    );

    // The feed applies the same check, line by line.
    let mut feed = Command::new(BIN)
        .args(["--lang", "en", "feed", l])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let good = z(Utc::now());
    writeln!(
        feed.stdin.take().unwrap(),
        "2 press red {good}\n2 press black {wrong}\n3 press red"
    )
    .unwrap();
    let out = feed.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "a refused line makes the feed fail");
    assert!(
        stderr.contains("stdin line 2:")
            && (stderr.contains("8 h 0 min ahead") || stderr.contains("7 h 59 min ahead")),
        "{stderr}"
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("2 clock event(s) recorded"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(count(&log, "action:press(black)"), 0);
    ok(&["verify", l]);
}

#[test]
fn tick_in_the_future_forfeits_nobody() {
    let dir = tempfile::tempdir().unwrap();
    let log = setup(dir.path(), Duration::seconds(10));
    let l = log.to_str().unwrap();
    ok(&["absent", l, "1", "red"]);
    let later = z(Utc::now() + Duration::hours(1));
    refused(
        &log,
        &["tick", l, "--at", &later],
        &["ahead of this machine's clock", "clock_skew_seconds"],
    );
    refused(
        &log,
        &["tick", l, "--at", &later, "--correction", "clock test"],
        &["past time"],
    );
    let out = ok(&["tick", l]);
    assert!(out.contains("nothing due"), "{out}");
    assert_eq!(count(&log, "ev:ResultRecorded("), 0);
}

#[test]
fn an_arrival_after_the_deadline_is_refused_before_any_tick() {
    let dir = tempfile::tempdir().unwrap();
    // The window (10 minutes) closed 30 seconds ago; no tick has run.
    let log = setup(dir.path(), Duration::seconds(10 * 60 + 30));
    let l = log.to_str().unwrap();
    ok(&[
        "absent",
        l,
        "1",
        "red",
        "--at",
        &z(Utc::now() - Duration::minutes(10)),
        "--correction",
        "marked on paper",
    ]);
    // Back-dated by 90 s, inside the window and inside the allowed skew: still refused, the
    // arrival counts when it is entered.
    let back = z(Utc::now() - Duration::seconds(90));
    refused(
        &log,
        &["arrive", l, "1", "red", "--at", &back],
        &["after the late window closed", "--reverse"],
    );
    // Back-dated further: the skew is named.
    let far = z(Utc::now() - Duration::minutes(9));
    refused(
        &log,
        &["arrive", l, "1", "red", "--at", &far],
        &["9 min", "behind", "--correction"],
    );
    refused(
        &log,
        &["arrive", l, "1", "red"],
        &["after the late window closed"],
    );
    // The head arbiter's reversal stays the way out.
    let out = ok(&["arrive", l, "1", "red", "--reverse", "held up at the door"]);
    assert!(out.contains("held up at the door"), "{out}");
    ok(&["verify", l]);
}

#[test]
fn a_correction_is_the_head_arbiters_and_is_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let log = setup(dir.path(), Duration::minutes(30));
    let l = log.to_str().unwrap();
    let past = z(Utc::now() - Duration::minutes(20));
    refused(
        &log,
        &["clock", l, "1", "press", "red", "--at", &past],
        &["20 min 0 s behind"],
    );
    refused(
        &log,
        &[
            "--role",
            "assistant",
            "clock",
            l,
            "1",
            "press",
            "red",
            "--at",
            &past,
            "--correction",
            "bridge was down",
        ],
        &["assistant", "corrected time"],
    );
    refused(
        &log,
        &["result", l, "1", "draw", "--correction", "why"],
        &["--correction goes with a time"],
    );
    refused(
        &log,
        &[
            "clock",
            l,
            "1",
            "press",
            "red",
            "--at",
            &past,
            "--correction",
            "a\u{1b}]0;x\u{7}",
        ],
        &["--correction", "U+001B"],
    );
    let before = std::fs::read_to_string(&log).unwrap().lines().count();
    ok(&[
        "clock",
        l,
        "1",
        "press",
        "red",
        "--at",
        &past,
        "--correction",
        "bridge was down",
    ]);
    let after = std::fs::read_to_string(&log).unwrap().lines().count();
    assert_eq!(after - before, 2, "the correction and the press");
    // The start (set up 30 minutes back) and this press are the two corrections.
    assert_eq!(count(&log, "ev:TimeCorrected("), 2);
    assert_eq!(count(&log, "bridge was down"), 1);
    let audit = ok(&["audit", l]);
    assert!(audit.contains("bridge was down"), "{audit}");
    ok(&["verify", l]);
}

/// A log written before times were checked may hold a press stamped hours ahead: the clock
/// shows red's flag down, but the flag is not confirmed from it.
#[test]
fn a_flag_is_not_confirmed_from_a_press_stamped_in_the_future() {
    let dir = tempfile::tempdir().unwrap();
    let log = setup(dir.path(), Duration::seconds(30));
    let l = log.to_str().unwrap();
    let mut opened = Log::open(&log).unwrap();
    let actor = Actor {
        user: reliability_support::me(),
        role: Role::Assistant,
    };
    let ahead = Utc::now() + Duration::hours(8);
    opened
        .transact(&actor, Utc::now(), |_| {
            Ok(vec![Event::Clock {
                round: Round(1),
                board: Board(1),
                action: ClockAction::Press(Side::Black),
                at: ahead,
            }])
        })
        .unwrap();
    let json = ok(&["export", l, "--format", "json", "--what", "clocks"]);
    assert!(json.contains("\"flag\": \"red\""), "{json}");
    refused(
        &log,
        &["flag", l, "1", "red"],
        &["last input is stamped", "clock set"],
    );
}
