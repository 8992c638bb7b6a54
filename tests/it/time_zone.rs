//! Issue 13: local time. Times are stored in UTC and shown in the event's zone, whatever the
//! `TZ` of the terminal: the same commands on the same log under `TZ=Asia/Shanghai` and
//! `TZ=UTC` print the same local times and write the same records; `--at` takes a local
//! time without an offset.

use std::path::Path;
use std::process::Command;

use bianpai::domain::Event;
use bianpai::log::Log;
use chrono::{DateTime, Utc};

/// Runs the binary under `TZ=tz`. The 2024 times given with `--at` lie long before the
/// machine's clock: they are the head arbiter's corrections (issue 14), marked as such.
fn run_in(tz: &str, args: &[&str]) -> String {
    let mut cmd = Command::new(crate::support::bin::BIN);
    cmd.env("TZ", tz).args(args);
    if args.contains(&"--at") && !args.contains(&"--correct") {
        cmd.args(["--correction", "2024年的比赛"]);
    }
    let out = cmd.output().unwrap();
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

/// Runs the binary under `TZ=tz` expecting a refusal; its standard error.
fn refused_in(tz: &str, args: &[&str]) -> String {
    let out = Command::new(crate::support::bin::BIN)
        .env("TZ", tz)
        .args(args)
        .output()
        .unwrap();
    assert!(!out.status.success(), "TZ={tz} {args:?} was accepted");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn the_same_local_times_under_any_tz() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("rules.ron");
    // A rules file without a zone (issue 23): refused on a UTC server, naming the field and
    // both ways to give it; never the zone of the machine that happens to run `new`.
    let ron = run_in("UTC", &["presets", "--show", "qigu-2024-07"]);
    let without = ron.replace("time_zone: Some(\"Asia/Shanghai\"),", "");
    assert_ne!(without, ron, "the preset names its zone: {ron}");
    std::fs::write(&rules, &without).unwrap();
    let a = dir.path().join("shanghai.log");
    let b = dir.path().join("utc.log");
    let (al, rl) = (a.to_str().unwrap(), rules.to_str().unwrap());
    for tz in ["UTC", "Asia/Shanghai"] {
        let err = refused_in(tz, &["new", al, "--rules", rl]);
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        assert!(err.contains("time_zone") && err.contains("--zone"), "{err}");
        assert!(
            err.contains("规程文件") && err.contains("rules.ron"),
            "{err}"
        );
        assert!(!a.exists(), "nothing created");
    }
    let err = refused_in("UTC", &["new", al, "--rules", rl, "--zone", "Mars/Olympus"]);
    assert!(err.contains("--zone 'Mars/Olympus'"), "{err}");
    assert!(!a.exists());
    // `--zone` gives it, on whatever machine.
    run_in(
        "UTC",
        &["new", al, "--rules", rl, "--zone", "Asia/Shanghai"],
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

#[test]
fn every_preset_shows_its_zone_beijing_time() {
    let list = run_in("UTC", &["presets"]);
    let names: Vec<&str> = list.lines().filter_map(|l| l.split('\t').next()).collect();
    // The three seeds' presets, the round-robin and team presets, the FIDE Swiss and the WXF's.
    assert_eq!(names.len(), 7, "{list}");
    for name in names {
        let ron = run_in("UTC", &["presets", "--show", name]);
        assert!(
            ron.contains("time_zone: Some(\"Asia/Shanghai\")"),
            "{name}: {ron}"
        );
    }
}

#[test]
fn new_says_which_old_date_it_took_from_the_preset() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old.log");
    let out = run_in(
        "UTC",
        &["new", old.to_str().unwrap(), "--preset", "qiyuan-2019"],
    );
    let line = out
        .lines()
        .find(|l| l.contains("比赛日期"))
        .unwrap_or_else(|| panic!("no date line: {out}"));
    assert!(
        line.contains("2019-07-10") && line.contains("qiyuan-2019"),
        "{line}"
    );
    assert!(line.contains("--date"), "says how to change it: {line}");
    let today = chrono::Utc::now()
        .with_timezone(&chrono_tz::Asia::Shanghai)
        .date_naive()
        .to_string();
    assert!(line.contains(&today), "{line}");
    // Given a date, nothing to say; the date is the one given.
    let given = dir.path().join("given.log");
    let out = run_in(
        "UTC",
        &[
            "new",
            given.to_str().unwrap(),
            "--preset",
            "qiyuan-2019",
            "--date",
            &today,
        ],
    );
    assert!(!out.contains("比赛日期"), "{out}");
    let Event::Created { rules, .. } = &events(&given)[0] else {
        panic!("no Created record")
    };
    assert_eq!(rules.date.map(|d| d.to_string()), Some(today));
}

#[test]
fn the_demo_runs_in_beijing_time() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = bianpai::console::demo::build(dir.path(), chrono::Utc::now()).unwrap();
    let Event::Created { rules, .. } = &events(&path)[0] else {
        panic!("no Created record")
    };
    assert_eq!(rules.time_zone.as_deref(), Some("Asia/Shanghai"));
    // What the command line prints of it is Beijing time, under a UTC terminal too.
    let start: DateTime<Utc> = events(&path)
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::RoundStarted { at, .. } => Some(*at),
            _ => None,
        })
        .expect("the demo's round has started");
    let beijing = start
        .with_timezone(&chrono_tz::Asia::Shanghai)
        .format("%Y-%m-%d %H:%M:%S")
        .to_string();
    let audit = run_in("UTC", &["audit", path.to_str().unwrap()]);
    assert!(
        audit.contains(&format!("于 {beijing} 开始")),
        "{beijing}: {audit}"
    );
}
