//! Issue 13: local time. Times are stored in UTC and shown in the event's zone, whatever the
//! `TZ` of the terminal: the same commands on the same log under `TZ=Asia/Shanghai` and
//! `TZ=UTC` print the same local times and write the same records; `--at` takes a local
//! time without an offset.

use std::path::Path;
use std::process::Command;

use bianpai::domain::Event;
use bianpai::log::Log;
use chrono::{DateTime, Utc};

fn run_in(tz: &str, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_bianpai"))
        .env("TZ", tz)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "TZ={tz} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn events(path: &Path) -> Vec<Event> {
    Log::open_with(path, true)
        .unwrap()
        .records()
        .iter()
        .map(|r| r.ev.clone())
        .collect()
}

/// The day's commands under `tz`; returns what they printed (the audit without its record
/// times, which are the moments the commands ran).
fn day(tz: &str, log: &str) -> Vec<String> {
    let mut out = Vec::new();
    for name in ["甲", "乙", "丙", "丁"] {
        run_in(tz, &["player", "add", log, "--name", name]);
    }
    run_in(tz, &["draw", log, "--seed", "6"]);
    run_in(tz, &["pair", log]);
    out.push(run_in(tz, &["start", log, "--at", "2024-07-06T08:30:00"]));
    out.push(run_in(
        tz,
        &[
            "clock",
            log,
            "2",
            "press",
            "red",
            "--at",
            "2024-07-06 08:31",
        ],
    ));
    out.push(run_in(
        tz,
        &[
            "start",
            log,
            "--correct",
            "--at",
            "2024-07-06 08:32",
            "--reason",
            "钟表误差",
        ],
    ));
    out.push(run_in(tz, &["result", log, "1", "red_win"]));
    let audit = run_in(tz, &["audit", log]);
    out.extend(audit.lines().map(|l| {
        // seq, date, time, user, role, event: drop the record's own date and time.
        let f: Vec<&str> = l.split_whitespace().collect();
        format!("{} {}", f[0], f[3..].join(" "))
    }));
    out
}

#[test]
fn the_same_local_times_under_any_tz() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("rules.ron");
    // A rules file without a zone: `new` records the zone of the machine that creates it.
    let ron = run_in("UTC", &["presets", "--show", "qigu-2024-07"]);
    assert!(!ron.contains("time_zone: Some"), "{ron}");
    std::fs::write(&rules, ron).unwrap();
    let a = dir.path().join("shanghai.log");
    let b = dir.path().join("utc.log");
    run_in(
        "Asia/Shanghai",
        &[
            "new",
            a.to_str().unwrap(),
            "--rules",
            rules.to_str().unwrap(),
        ],
    );
    std::fs::copy(&a, &b).unwrap();
    let Event::Created { rules, .. } = &events(&a)[0] else {
        panic!("no Created record")
    };
    assert_eq!(rules.time_zone.as_deref(), Some("Asia/Shanghai"));

    let in_shanghai = day("Asia/Shanghai", a.to_str().unwrap());
    let in_utc = day("UTC", b.to_str().unwrap());
    assert_eq!(in_shanghai, in_utc);
    // Local time on screen, UTC in the log.
    assert!(in_shanghai[0].contains("08:30:00"), "{}", in_shanghai[0]);
    assert!(in_shanghai[1].contains("08:31:00"), "{}", in_shanghai[1]);
    assert!(in_shanghai[2].contains("08:32:00"), "{}", in_shanghai[2]);
    assert!(
        in_shanghai
            .iter()
            .any(|l| l.contains("第1轮于 2024-07-06 08:30:00 开始")),
        "{in_shanghai:#?}"
    );
    let utc = |s: &str| DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc);
    let evs = events(&a);
    assert!(evs.contains(&Event::RoundStarted {
        round: bianpai::domain::Round(1),
        at: utc("2024-07-06T00:30:00Z"),
    }));
    // The same records (events) were written under both zones.
    assert_eq!(evs, events(&b));
}

#[test]
fn the_presets_are_beijing_time_and_an_offset_still_works() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("p.log");
    let l = log.to_str().unwrap();
    run_in("UTC", &["new", l, "--preset", "qigu-2024-07"]);
    for name in ["甲", "乙"] {
        run_in("UTC", &["player", "add", l, "--name", name]);
    }
    run_in("UTC", &["draw", l, "--seed", "1"]);
    run_in("UTC", &["pair", l]);
    // The example: an explicit offset is honoured and shown in Beijing time.
    let out = run_in("UTC", &["start", l, "--at", "2024-07-06T08:30:00+08:00"]);
    assert!(out.contains("08:30:00"), "{out}");
    assert!(!out.contains("00:30"), "{out}");
}
