//! Issue 9 (access): new logs are created with mode 0660 whatever the umask; an OS user who
//! holds no role is refused every write command; an assistant cannot pair, withdraw or
//! correct; `--role X` for a role not held is refused; every record carries the OS user who
//! wrote it (`by`) and the role they acted in.

use crate::support::reliability as reliability_support;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command as Proc, Stdio};

use chrono::Utc;

use bianpai::domain::{Actor, Command, Role, Rules};
use bianpai::log::Log;
use reliability_support::{all_ok, bin, entry, me, ok, read, records, refused, run, t0};

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).expect("stat").permissions().mode() & 0o777
}

#[test]
fn new_logs_are_0660_under_any_umask() {
    let dir = tempfile::tempdir().expect("temp dir");
    for umask in ["022", "077", "000", "027"] {
        let path = dir.path().join(format!("u{umask}.log"));
        let out = Proc::new("sh")
            .arg("-c")
            .arg(format!("umask {umask}; exec \"$0\" \"$@\""))
            .arg(bin())
            .args(["new"])
            .arg(&path)
            .args(["--preset", "qigu-2024-07"])
            .stdin(Stdio::null())
            .output()
            .expect("sh runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(mode(&path), 0o660, "umask {umask}: mode {:o}", mode(&path));
    }
    // The library path (console, simulate) too.
    let path = dir.path().join("lib.log");
    let mut rules = Rules::preset("qigu-2024-07").expect("preset");
    // Numbers in registration order: these fixtures pair without a random draw (issue 13).
    rules.numbers_by_registration = true;
    Log::create(&path, "t", rules, "u", Utc::now()).expect("create");
    assert_eq!(mode(&path), 0o660);
}

/// A started round-1 event whose rules give roles only as `roles` says, set up through the
/// library by a user who holds the head role (the CLI could not, for the user under test).
fn event_with_roles(dir: &Path, roles: &[(&str, &[Role])]) -> PathBuf {
    let mut rules = reliability_support::open_rules();
    rules.roles = roles
        .iter()
        .map(|(u, r)| ((*u).to_string(), r.to_vec()))
        .collect();
    let path = dir.join("roles.log");
    let setup = Actor {
        user: "organizer-on-another-account".into(),
        role: Role::Head,
    };
    let mut log = Log::create(&path, "权限测试", rules, &setup.user, Utc::now()).expect("create");
    let regs: Vec<Command> = (1..=8)
        .map(|i| Command::RegisterPlayer(entry(&format!("选手{i}"))))
        .collect();
    all_ok(&mut log, &setup, &regs);
    all_ok(
        &mut log,
        &setup,
        &[
            Command::DrawNumbers { seed: 3 },
            Command::PairNextRound,
            Command::StartRound { at: t0() },
            Command::RecordResult {
                round: None,
                board: bianpai::domain::Board(4),
                result: bianpai::domain::GameResult::Draw,
                correct: None,
            },
        ],
    );
    path
}

/// Every write command of the CLI, against `log` (board 4 already has a result).
fn write_commands(log: &str) -> Vec<Vec<String>> {
    let v = |a: &[&str]| a.iter().map(|s| (*s).to_string()).collect::<Vec<_>>();
    vec![
        v(&["player", "add", log, "--name", "新人"]),
        v(&["player", "withdraw", log, "3"]),
        v(&["player", "reinstate", log, "3", "--reason", "r"]),
        v(&["draw", log, "--seed", "9"]),
        v(&["pair", log]),
        v(&["pair", log, "--flip", "1"]),
        v(&["pair", log, "--swap", "1", "2"]),
        v(&["unpair", log]),
        v(&["start", log]),
        v(&["result", log, "1", "red_win"]),
        v(&[
            "result",
            log,
            "4",
            "red_win",
            "--correct",
            "--reason",
            "typo",
        ]),
        v(&["absent", log, "2", "red"]),
        v(&["arrive", log, "2", "red"]),
        v(&["foul", log, "2", "black", "phone"]),
        v(&["clock", log, "2", "press", "red"]),
        v(&[
            "clock", log, "2", "set", "--red", "10:00", "--black", "9:00",
        ]),
        v(&["flag", log, "3", "red"]),
        v(&["limit", log, "3", "长将"]),
        v(&["tick", log, "--at", "2030-01-01T00:00:00Z"]),
    ]
}

#[test]
fn a_user_without_a_role_cannot_write() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = event_with_roles(dir.path(), &[("nobody-else", &[Role::Head])]);
    let log = path.to_string_lossy().into_owned();
    let before = read(&path);
    for args in write_commands(&log) {
        let out = run(&args);
        let msg = refused(&out, &format!("{args:?}"));
        assert!(
            msg.contains(&me()) || msg.contains("role"),
            "{args:?}: the refusal names the user or the role: {msg}"
        );
        assert_eq!(read(&path), before, "{args:?} changed the log");
    }
    // Asking for a role the user does not hold is refused by name.
    for role in ["head", "assistant", "organizer"] {
        let out = run(&["--role", role, "result", &log, "1", "draw"]);
        let msg = refused(&out, role);
        assert!(msg.contains("不担任"), "{msg}");
        assert_eq!(read(&path), before);
    }
    // A feed of clock lines is refused as a whole.
    let mut child = Proc::new(bin())
        .args(["feed", &log])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("feed");
    if let Some(mut stdin) = child.stdin.take() {
        use std::io::Write as _;
        let _ = writeln!(stdin, "1 press red");
    }
    let out = child.wait_with_output().expect("wait");
    assert!(!out.status.success(), "feed by a user without a role");
    assert_eq!(read(&path), before);
    // Reading still works.
    ok(&["verify", &log]);
    ok(&["export", &log, "--format", "json", "--what", "all"]);
    ok(&["audit", &log]);
}

#[test]
fn an_assistant_records_results_but_cannot_pair_withdraw_or_correct() {
    let dir = tempfile::tempdir().expect("temp dir");
    let user = me();
    let path = event_with_roles(dir.path(), &[(&user, &[Role::Assistant])]);
    let log = path.to_string_lossy().into_owned();
    let before = read(&path);
    let v = |a: &[&str]| a.iter().map(|s| (*s).to_string()).collect::<Vec<_>>();
    for args in [
        v(&["pair", &log]),
        v(&["pair", &log, "--flip", "1"]),
        v(&["unpair", &log]),
        v(&["player", "withdraw", &log, "3"]),
        v(&["player", "add", &log, "--name", "新人"]),
        v(&[
            "result",
            &log,
            "4",
            "red_win",
            "--correct",
            "--reason",
            "typo",
        ]),
        v(&["draw", &log]),
        v(&["limit", &log, "3", "长将"]),
        v(&["--role", "head", "result", &log, "1", "draw"]),
        v(&["--role", "organizer", "pair", &log]),
    ] {
        let out = run(&args);
        let msg = refused(&out, &format!("{args:?}"));
        assert!(
            msg.contains("以裁判身份无权") || msg.contains("不担任"),
            "{args:?}: {msg}"
        );
        assert_eq!(read(&path), before, "{args:?} changed the log");
    }
    // What an assistant may do.
    ok(&["result", &log, "1", "red_win"]);
    ok(&["--role", "assistant", "foul", &log, "2", "red", "phone"]);
    ok(&["absent", &log, "3", "black"]);
    ok(&["clock", &log, "2", "press", "black"]);
    // Every record carries who wrote it and in which role.
    let recs = records(&path);
    let mine: Vec<_> = recs.iter().filter(|r| r.by == user).collect();
    assert_eq!(mine.len(), 4, "the four accepted commands are by {user}");
    assert!(mine.iter().all(|r| r.role == Role::Assistant));
    assert!(
        recs.iter()
            .filter(|r| r.by != user)
            .all(|r| r.by == "organizer-on-another-account")
    );
    let audit = ok(&["audit", &log, "--last", "4"]);
    assert_eq!(audit.lines().count(), 4);
    for line in audit.lines() {
        assert!(
            line.contains(&user) && line.contains("裁判"),
            "audit line: {line}"
        );
    }
}

#[test]
fn every_record_carries_the_os_user() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("by.log");
    let log = path.to_string_lossy().into_owned();
    ok(&["new", &log, "--preset", "qiyuan-2019"]);
    for i in 0..4 {
        ok(&["player", "add", &log, "--name", &format!("甲{i}")]);
    }
    ok(&["draw", &log, "--in-order"]);
    ok(&["pair", &log]);
    ok(&["start", &log]);
    ok(&["--role", "head", "result", &log, "1", "draw"]);
    let recs = records(&path);
    assert!(recs.len() >= 7);
    // The user as the operating system knows it, not as an environment variable says.
    let uid = std::fs::metadata("/proc/self")
        .map(|m| std::os::unix::fs::MetadataExt::uid(&m))
        .expect("uid");
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    let name = passwd
        .lines()
        .find_map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            (f.len() > 2 && f[2].parse::<u32>().ok() == Some(uid)).then(|| f[0].to_string())
        })
        .unwrap_or_else(|| format!("uid{uid}"));
    for r in &recs {
        assert_eq!(r.by, name, "record {} by {}", r.seq, r.by);
    }
    assert_eq!(recs[0].role, Role::Organizer);
    assert_eq!(recs.last().map(|r| r.role), Some(Role::Head));
    // Setting USER or LOGNAME does not change who is recorded.
    let out = Proc::new(bin())
        .args(["result", &log, "2", "red_win"])
        .env("USER", "impostor")
        .env("LOGNAME", "impostor")
        .stdin(Stdio::null())
        .output()
        .expect("run");
    assert!(out.status.success());
    assert_eq!(records(&path).last().map(|r| r.by.clone()), Some(name));
}
