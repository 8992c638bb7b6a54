//! Issue 14, item 6: roles enforced by the operating system. After `bianpai install`, an
//! assistant with a shell cannot forge the head arbiter: a direct write to the log fails,
//! replacing the file fails, the open log descriptor of a running `bianpai` cannot be reached
//! through `/proc`, and through the binary every record carries the assistant's own name and
//! role whatever the environment says. Real OS users, a real setgid binary; needs root (CI
//! runs as root) and fails loudly without it.

use crate::support::os as os_support;

use std::io::Write as _;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::support::need::{Tool, need};
use os_support::{Sandbox, bin, must, read};

fn rules_with_roles(head: &str, assistant: &str) -> String {
    let base = bianpai::domain::Rules::preset("qigu-2024-07")
        .expect("preset")
        .to_ron();
    base.replacen(
        "roles: {}",
        &format!("roles: {{\"root\": [organizer, head], \"{head}\": [head], \"{assistant}\": [assistant]}}"),
        1,
    )
}

/// The author (`by`) and role of the last record of the log.
fn last_author(log: &Path) -> (String, String) {
    let text = String::from_utf8(read(log)).expect("UTF-8");
    let line = text.lines().last().expect("a record").to_string();
    let field = |key: &str| {
        let i = line.find(key).expect("field") + key.len();
        let rest = &line[i..];
        rest[..rest.find([',', ')']).expect("end")]
            .trim_matches('"')
            .to_string()
    };
    (field("by:"), field("role:"))
}

#[test]
fn an_assistant_cannot_forge_the_head_arbiter() {
    if !need("an_assistant_cannot_forge_the_head_arbiter", &[Tool::Root]) {
        return;
    }
    let mut sb = Sandbox::new("forgery");
    let head = sb.user("h");
    let asst = sb.user("a");
    let group = sb.name("w");
    sb.group(&group);
    let events = sb.subdir("events");
    let bindir = sb.subdir("bin");
    let log = events.join("day.log");
    let l = log.to_string_lossy().into_owned();
    let rules = sb.dir.join("rules.ron");
    std::fs::write(&rules, rules_with_roles(&head, &asst)).expect("rules");

    // The organizer (root) sets the event up with the plain binary.
    let b = bin();
    must(Command::new(&b).args(["new", &l, "--rules", &rules.to_string_lossy()]));
    for i in 1..=8 {
        must(Command::new(&b).args(["player", "add", &l, "--name", &format!("棋手{i}")]));
    }
    must(Command::new(&b).args(["draw", &l, "--seed", "1"]));
    must(Command::new(&b).args(["pair", &l]));
    must(Command::new(&b).args(["start", &l]));

    // Install: the log to root:GROUP 0660, the binary setgid.
    let installed = bindir.join("bianpai");
    let ib = installed.to_string_lossy().into_owned();
    let out = must(Command::new(&b).args(["install", &l, "--group", &group, "--bin", &ib]));
    assert!(out.contains("2755"), "{out}");
    let m = std::fs::metadata(&log).expect("log");
    assert_eq!((m.uid(), m.mode() & 0o7777), (0, 0o660));
    let bm = std::fs::metadata(&installed).expect("bin");
    assert_eq!(bm.mode() & 0o7777, 0o2755);
    assert_eq!(m.gid(), bm.gid(), "log and binary share the writer group");

    let before = read(&log);
    // 1. A direct write to the log, as the assistant: refused by the system.
    let forged = format!(
        "(v:1,seq:99,at:\"2026-01-01T00:00:00Z\",by:\"{head}\",role:head,prev:\"\",ev:ResultCorrected(round:1,board:1,result:Some(black_win),reason:\"x\"))"
    );
    let direct = sb.as_user(
        &asst,
        &[
            "/bin/sh",
            "-c",
            &format!("printf '%s\\n' '{forged}' >> {l}"),
        ],
        &[],
    );
    assert!(!direct.status.success(), "a direct append was allowed");
    assert_eq!(read(&log), before, "the log changed");
    // 2. Nor can the file be replaced: the directory is root's.
    let replaced = sb.as_user(
        &asst,
        &["/bin/sh", "-c", &format!("cp {l} {l}.x && mv {l}.x {l}")],
        &[],
    );
    assert!(!replaced.status.success(), "the log was replaced");
    assert_eq!(read(&log), before);
    // 3. Through the binary: the assistant's own name and role, whatever the environment.
    let posing = [("USER", head.as_str()), ("LOGNAME", head.as_str())];
    let out = sb.as_user(&asst, &[&ib, "result", &l, "1", "red_win"], &posing);
    assert!(
        out.status.success(),
        "the assistant records a result: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(last_author(&log), (asst.clone(), "assistant".into()));
    let after_result = read(&log);
    for args in [
        vec![
            ib.as_str(),
            "--role",
            "head",
            "result",
            &l,
            "1",
            "black_win",
            "--correct",
            "--reason",
            "x",
        ],
        vec![
            ib.as_str(),
            "result",
            &l,
            "1",
            "black_win",
            "--correct",
            "--reason",
            "x",
        ],
        vec![ib.as_str(), "--role", "organizer", "pair", &l],
    ] {
        let out = sb.as_user(&asst, &args, &posing);
        assert!(!out.status.success(), "{args:?} was accepted");
        assert_eq!(read(&log), after_result, "{args:?} changed the log");
    }
    // 4. The descriptor of a running bianpai (a feed waiting for lines) is out of reach.
    let mut feed = Command::new("runuser")
        .args(["-u", &asst, "--", &ib, "feed", &l])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("feed");
    let pid = (0..200)
        .find_map(|_| {
            std::thread::sleep(std::time::Duration::from_millis(20));
            bianpai_pid_of(&asst)
        })
        .expect("the feed runs");
    let probe = sb.as_user(
        &asst,
        &[
            "/bin/sh",
            "-c",
            &format!("for f in /proc/{pid}/fd/*; do printf x >> \"$f\" && exit 0; done; exit 1"),
        ],
        &[],
    );
    assert!(
        !probe.status.success(),
        "the running binary's log descriptor was reachable"
    );
    if let Some(mut stdin) = feed.stdin.take() {
        let _ = writeln!(stdin, "2 press red");
    }
    let fed = feed.wait().expect("feed ends");
    assert!(fed.success(), "the feed by the assistant");
    assert_eq!(last_author(&log), (asst.clone(), "assistant".into()));
    // 5. The head arbiter, through the binary, corrects in their own name.
    let out = sb.as_user(
        &head,
        &[
            &ib,
            "result",
            &l,
            "1",
            "draw",
            "--correct",
            "--reason",
            "score sheet",
        ],
        &[],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(last_author(&log), (head.clone(), "head".into()));
    // Everything else the binary does runs with the caller's rights: an export it writes
    // belongs to the caller's group, not to the writer group.
    let out_dir = sb.dir.join("home").join(&asst);
    let export = out_dir.join("s.txt");
    let out = sb.as_user(
        &asst,
        &[
            &ib,
            "export",
            &l,
            "--format",
            "txt",
            "--out",
            &export.to_string_lossy(),
        ],
        &[],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_ne!(std::fs::metadata(&export).expect("export").gid(), m.gid());
    must(Command::new(&b).args(["verify", &l]));
}

/// The pid of a `bianpai` process run by `user`, from `/proc`.
fn bianpai_pid_of(user: &str) -> Option<u32> {
    let uid: u32 = must(Command::new("id").args(["-u", user]))
        .trim()
        .parse()
        .ok()?;
    std::fs::read_dir("/proc").ok()?.flatten().find_map(|e| {
        let pid: u32 = e.file_name().to_str()?.parse().ok()?;
        let status = std::fs::read_to_string(e.path().join("status")).ok()?;
        let name = status
            .lines()
            .next()?
            .split_whitespace()
            .nth(1)?
            .to_string();
        let real = status
            .lines()
            .find(|l| l.starts_with("Uid:"))?
            .split_whitespace()
            .nth(1)?
            .parse::<u32>()
            .ok()?;
        (name == "bianpai" && real == uid).then_some(pid)
    })
}
