//! An event whose rules name no time zone (a log written before `time_zone` was asked for)
//! shows its times in the machine's zone, which the program reads once where it starts: the
//! same record reads 09:30 under `TZ=Asia/Shanghai` and 01:30 under `TZ=UTC`.

use std::process::Command;

fn audit_under(tz: &str, log: &std::path::Path) -> String {
    let out = Command::new(crate::support::bin::BIN)
        .env("TZ", tz)
        .args(["audit", log.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "TZ={tz}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_log_without_a_zone_shows_the_machines_local_time() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("old.log");
    let mut rules = bianpai::domain::Rules::preset("qigu-2024-07").unwrap();
    rules.time_zone = None;
    let at: chrono::DateTime<chrono::Utc> = "2026-12-05T01:30:00Z".parse().unwrap();
    bianpai::log::Log::create(&log, "旧日志", rules, "root", at).unwrap();
    // The audit's first line: the record written at 01:30 UTC.
    let created = |tz: &str| {
        let audit = audit_under(tz, &log);
        audit.lines().next().unwrap_or_default().to_string()
    };
    for tz in [
        "Asia/Shanghai",
        ":Asia/Shanghai",
        "/usr/share/zoneinfo/Asia/Shanghai",
    ] {
        let line = created(tz);
        assert!(
            line.contains("2026-12-05") && line.contains("09:30:00"),
            "TZ={tz}: {line}"
        );
    }
    let line = created("UTC");
    assert!(line.contains("01:30:00"), "TZ=UTC: {line}");
    // A POSIX rule that names no zone: the machine's offset (UTC+8).
    let line = created("CST-8");
    assert!(line.contains("09:30:00"), "TZ=CST-8: {line}");
}
