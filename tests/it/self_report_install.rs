//! The players' codes in the install mode (docs/self-report.md), as real OS users through the
//! real setgid install: the secret behind the codes sits in a log only the binary reads, so
//! it stays hidden as long as no reader path prints it. An assistant and a user without a
//! role are refused the codes (one Chinese line) and read none in the audit or the exports;
//! the head arbiter reads them. The room page run by the organizer writes a player's report
//! in the organizer's name and role; run by a user without a role it writes nothing (503).

use crate::support::os as os_support;
use crate::support::serve as serve_support;

use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};

use crate::support::need::{Tool, need};
use bianpai::domain::self_report::SelfReport;
use bianpai::domain::{Actor, Command as Cmd, PlayerEntry, Role, Round, Rules};
use bianpai::log::Log;
use chrono::Utc;
use os_support::{Sandbox, bin, must};

struct Event {
    sb: Sandbox,
    head: String,
    asst: String,
    org: String,
    nobody: String,
    log: PathBuf,
    l: String,
    ib: String,
}

impl Event {
    fn run(&self, user: &str, args: &[&str]) -> Output {
        let mut all = vec![self.ib.as_str()];
        all.extend_from_slice(args);
        self.sb.as_user(user, &all, &[])
    }

    fn ok(&self, user: &str, args: &[&str]) -> String {
        let out = self.run(user, args);
        assert!(
            out.status.success(),
            "{user} {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// `bianpai serve` as `user` (the installed binary, started with that user's ids, no
    /// process in between), on a free loopback port: its port.
    fn serve(&self, user: &str) -> (Child, u16) {
        let id = |flag: &str| -> u32 {
            must(Command::new("id").args([flag, user]))
                .trim()
                .parse()
                .expect("an id")
        };
        let mut child = Command::new(&self.ib)
            .args(["serve", &self.l, "--bind", "127.0.0.1:0"])
            .uid(id("-u"))
            .gid(id("-g"))
            .current_dir("/")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("serve starts");
        let mut first = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut first)
            .expect("the address");
        let port = first
            .trim()
            .trim_start_matches("http://127.0.0.1:")
            .trim_end_matches('/')
            .parse()
            .expect("a port");
        (child, port)
    }
}

/// An installed event with `self_report: confirm`: root (organizer, head), a head arbiter,
/// an assistant, an organizer and a user without a role; four players, round 1 started.
fn installed(tag: &str) -> Event {
    let mut sb = Sandbox::new(tag);
    let head = sb.user(&format!("h{tag}"));
    let asst = sb.user(&format!("a{tag}"));
    let org = sb.user(&format!("o{tag}"));
    let nobody = sb.user(&format!("n{tag}"));
    let group = sb.name(&format!("w{tag}"));
    sb.group(&group);
    let events = sb.subdir("events");
    let bindir = sb.subdir("bin");
    let log = events.join("day.log");
    let l = log.to_string_lossy().into_owned();
    let mut rules = Rules::preset("qigu-2024-07").expect("preset");
    rules.numbers_by_registration = true;
    rules.self_report = SelfReport::Confirm;
    // Both players sign every result (the preset has the winner sign).
    rules.self_report_signers = bianpai::domain::self_report::Signers::Both;
    rules
        .roles
        .insert("root".into(), vec![Role::Organizer, Role::Head]);
    rules.roles.insert(head.clone(), vec![Role::Head]);
    rules.roles.insert(asst.clone(), vec![Role::Assistant]);
    rules.roles.insert(org.clone(), vec![Role::Organizer]);
    let t0 = Utc::now();
    let mut lg = Log::create(&log, "签认测试", rules, "root", t0).expect("create");
    let root = Actor {
        user: "root".into(),
        role: Role::Head,
    };
    for n in ["甲", "乙", "丙", "丁"] {
        lg.execute(&root, &Cmd::RegisterPlayer(PlayerEntry::named(n)), t0)
            .expect("registered");
    }
    lg.execute(&root, &Cmd::PairNextRound, t0).expect("paired");
    lg.execute(&root, &Cmd::StartRound { at: t0 }, t0)
        .expect("started");
    assert_eq!(lg.state().seat_codes(Round(1)).len(), 4);
    drop(lg);
    let ib = bindir.join("bianpai").to_string_lossy().into_owned();
    must(Command::new(bin()).args(["install", &l, "--group", &group, "--bin", &ib]));
    Event {
        sb,
        head,
        asst,
        org,
        nobody,
        log,
        l,
        ib,
    }
}

fn codes(json: &str) -> Vec<(u64, String, String)> {
    let v: serde_json::Value = serde_json::from_str(json).expect("json");
    v.as_array()
        .expect("a list")
        .iter()
        .map(|c| {
            (
                c["board"].as_u64().expect("board"),
                c["side"].as_str().expect("side").to_string(),
                c["code"].as_str().expect("code").to_string(),
            )
        })
        .collect()
}

#[test]
fn codes_are_the_head_arbiters_and_reports_are_written_by_the_organizers_room_page() {
    if !need(
        "codes_are_the_head_arbiters_and_reports_are_written_by_the_organizers_room_page",
        &[Tool::Root],
    ) {
        return;
    }
    let e = installed("sr");
    let all = codes(&e.ok(
        &e.head,
        &["export", &e.l, "--format", "json", "--what", "codes"],
    ));
    assert_eq!(all.len(), 4);
    for user in [&e.asst, &e.nobody] {
        let out = e.run(
            user,
            &["export", &e.l, "--format", "json", "--what", "codes"],
        );
        assert!(!out.status.success(), "{user} read the codes");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("无权查看签认码") && err.trim_end().lines().count() == 1,
            "{err}"
        );
        let out = e.run(
            user,
            &["export", &e.l, "--format", "html", "--what", "slips"],
        );
        assert!(!out.status.success(), "{user} printed the codes");
        // What they may read carries no code.
        let mut seen = e.ok(user, &["audit", &e.l]);
        seen.push_str(&e.ok(user, &["export", &e.l, "--format", "json", "--what", "all"]));
        seen.push_str(&e.ok(
            user,
            &["export", &e.l, "--format", "txt", "--what", "pairings"],
        ));
        for (_, _, c) in &all {
            assert!(!seen.contains(c.as_str()), "{user} read a code");
        }
    }
    // Nor can they read the log's bytes (the secret) other than through the binary.
    let raw = e.sb.as_user(&e.nobody, &["cat", &e.l], &[]);
    assert!(
        !raw.status.success(),
        "the log is readable by a user without a role"
    );

    // The room page run by a user without a role writes nothing.
    let before = std::fs::read(&e.log).expect("log");
    let (mut page, port) = e.serve(&e.nobody);
    let (b, _, code) = &all[0];
    let body = format!("round=1&board={b}&result=draw&code={code}");
    let r = serve_support::post_form(port, "/report", &body);
    assert_eq!(r.status, 503, "{}", r.text());
    assert!(r.text().contains("房间页面无权写入日志"));
    let _ = page.kill();
    let _ = page.wait();
    assert_eq!(
        std::fs::read(&e.log).expect("log"),
        before,
        "nothing written"
    );

    // Run by the organizer: both players sign, the record is the organizer's.
    let (mut page, port) = e.serve(&e.org);
    for (board, _, code) in all.iter().filter(|(board, ..)| board == b) {
        let body = format!("round=1&board={board}&result=draw&code={code}");
        let r = serve_support::post_form(port, "/report", &body);
        assert_eq!(r.status, 200, "{}", r.text());
    }
    let _ = page.kill();
    let _ = page.wait();
    let audit = e.ok(&e.head, &["audit", &e.l]);
    let reports: Vec<&str> = audit.lines().filter(|l| l.contains("签认 和")).collect();
    assert_eq!(reports.len(), 2, "{audit}");
    // Each report is its player's (棋手), written by the room page the organizer runs; not
    // listed under the organizer's role (docs/console.md#who-acted-in-the-audit).
    let room = format!("(房间页面, 由 {} 运行)", e.org);
    assert!(
        reports
            .iter()
            .all(|l| l.contains("(手机签认) 棋手") && l.contains(&room) && !l.contains(" 编排 ")),
        "{reports:?}"
    );
    // The assistant accepts them.
    e.ok(&e.asst, &["result", &e.l, &b.to_string(), "--confirm"]);
    let audit = e.ok(&e.head, &["audit", &e.l]);
    let last = audit.lines().last().expect("a line");
    assert!(
        last.contains("红方签认 · 黑方签认") && last.contains(&format!("{} 确认", e.asst)),
        "{last}"
    );
}
