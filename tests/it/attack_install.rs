//! Issue 22, findings 1, 2, 3, 4 and 6: the install mode against every local user, as the OS
//! users who would attack. Real users (useradd), the real setgid install, real symlinks in
//! the attackers' own directories, a real `SIGSTOP`. Needs root (CI runs as root) and fails
//! loudly without it; only the security helper's runs create these users.
//!
//! - 1 and 2: a symlink to the installed log in a directory the user owns leads the binary to
//!   write nothing there; the snapshot lives in the state directory, which no user can enter
//!   (nobody can read the 身份证号 in it, nor plant a forged one), and a snapshot planted
//!   beside the symlink is never read: a forged roles map grants nothing.
//! - 6: the snapshot serves every role: the assistant's second command starts from the one
//!   their first command wrote (it is not rebuilt).
//! - 3: a user without a role never appears as a lock holder in the kernel's table while
//!   feeding lines; a holder stopped with `SIGSTOP` makes the head arbiter's command give up
//!   within the bounded wait naming the holder's user and pid, and ending the holder lets it
//!   through.
//! - 4: `repair` through a symlink by an assistant or a user without a role is refused, the
//!   log unchanged and nothing written in their directory; the head arbiter's repair cuts the
//!   tail into the state directory.

use crate::support::os as os_support;

use std::io::Write as _;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::support::need::{Tool, need};
use bianpai::cli::execute_batch;
use bianpai::domain::event::ClockAction;
use bianpai::domain::id_number::IdNumber;
use bianpai::domain::{Actor, Board, Command as Cmd, PlayerEntry, Role, Rules, Side};
use bianpai::log::Log;
use chrono::Utc;
use os_support::{Sandbox, bin, must, read};

/// useradd and groupadd lock /etc/passwd: one test at a time makes users.
static USERS: Mutex<()> = Mutex::new(());

/// A valid 身份证号 (check digit computed), different for each `i`.
fn id_number(i: usize) -> String {
    const WEIGHTS: [u32; 17] = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    const CHECK: [char; 11] = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'];
    let body = format!("33010620100101{:03}", 11 + 2 * i);
    let sum: u32 = body
        .chars()
        .zip(WEIGHTS)
        .map(|(c, w)| c.to_digit(10).expect("digit") * w)
        .sum();
    format!("{body}{}", CHECK[(sum % 11) as usize])
}

struct Event {
    sb: Sandbox,
    head: String,
    asst: String,
    nobody: String,
    group: String,
    events: PathBuf,
    log: PathBuf,
    l: String,
    ib: String,
}

impl Event {
    fn home(&self, user: &str) -> PathBuf {
        self.sb.dir.join("home").join(user)
    }

    /// A directory `name` in `user`'s home, owned by them, holding a symlink `x.log` to the
    /// installed log. Returns the symlink's path.
    fn trap(&self, user: &str, name: &str) -> String {
        let d = self.home(user).join(name);
        let link = d.join("x.log");
        let out = self.sb.as_user(
            user,
            &[
                "/bin/sh",
                "-c",
                &format!(
                    "mkdir -p {} && ln -sf {} {}",
                    d.display(),
                    self.l,
                    link.display()
                ),
            ],
            &[],
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        link.to_string_lossy().into_owned()
    }

    fn run(&self, user: &str, args: &[&str]) -> Output {
        let mut all = vec![self.ib.as_str()];
        all.extend_from_slice(args);
        self.sb.as_user(user, &all, &[])
    }
}

/// Names in a directory.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("read dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// An installed event: 8 players with ID numbers, round 1 started, `records` records in
/// all (clock presses), the roles root (organizer, head), a head arbiter and an assistant,
/// and a third user with no role.
fn installed_event(tag: &str, records: usize) -> Event {
    let users = USERS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut sb = Sandbox::new(tag);
    let head = sb.user(&format!("h{tag}"));
    let asst = sb.user(&format!("a{tag}"));
    let nobody = sb.user(&format!("n{tag}"));
    let group = sb.name(&format!("w{tag}"));
    sb.group(&group);
    let events = sb.subdir("events");
    let bindir = sb.subdir("bin");
    let log = events.join("day.log");
    let l = log.to_string_lossy().into_owned();

    let mut rules = Rules::preset("qigu-2024-07").expect("preset");
    rules.foul_limits.clear();
    rules.registration.capacity = None;
    rules.time_controls.swiss = bianpai::domain::rules::TimeControl::fischer(3600, 30);
    rules.roles.clear();
    rules
        .roles
        .insert("root".into(), vec![Role::Organizer, Role::Head]);
    rules.roles.insert(head.clone(), vec![Role::Head]);
    rules.roles.insert(asst.clone(), vec![Role::Assistant]);
    let t0 = Utc::now();
    let mut lg = Log::create(&log, "安全测试", rules, "root", t0).expect("create");
    let root = Actor {
        user: "root".into(),
        role: Role::Head,
    };
    let regs: Vec<Cmd> = (0..8)
        .map(|i| {
            Cmd::RegisterPlayer(PlayerEntry {
                id_number: Some(IdNumber::parse(&id_number(i)).expect("valid ID")),
                ..PlayerEntry::named(format!("棋手{i}"))
            })
        })
        .collect();
    let run = |lg: &mut Log, cmds: &[Cmd]| {
        let (recs, refused) = execute_batch(lg, &root, cmds, Utc::now()).expect("append");
        assert!(refused.is_empty(), "{refused:?}");
        recs.len()
    };
    run(&mut lg, &regs);
    run(
        &mut lg,
        &[
            Cmd::DrawNumbers { seed: 1 },
            Cmd::PairNextRound,
            Cmd::StartRound { at: t0 },
        ],
    );
    let mut n = 12;
    let mut tick = 0i64;
    while n < records {
        let chunk = (records - n).min(2000);
        let cmds: Vec<Cmd> = (0..chunk)
            .map(|_| {
                tick += 1;
                let side = if tick % 2 == 1 {
                    Side::Red
                } else {
                    Side::Black
                };
                Cmd::Clock {
                    round: None,
                    board: Board(1),
                    action: ClockAction::Press(side),
                    at: t0 + chrono::Duration::milliseconds(tick),
                }
            })
            .collect();
        n += run(&mut lg, &cmds);
    }
    drop(lg);
    let installed = bindir.join("bianpai");
    let ib = installed.to_string_lossy().into_owned();
    must(Command::new(bin()).args(["install", &l, "--group", &group, "--bin", &ib]));
    drop(users);
    Event {
        sb,
        head,
        asst,
        nobody,
        group,
        events,
        log,
        l,
        ib,
    }
}

#[test]
fn a_symlink_and_a_planted_snapshot_forge_no_role_and_leak_no_id_number() {
    if !need(
        "a_symlink_and_a_planted_snapshot_forge_no_role_and_leak_no_id_number",
        &[Tool::Root],
    ) {
        return;
    }
    let ev = installed_event("s", 12_000);
    let state = ev.events.join(".bianpai");
    let snap = state.join("day.log.snapshot");
    let link = ev.trap(&ev.asst, "trap");
    let trap_dir = Path::new(&link).parent().expect("dir").to_path_buf();

    // The assistant reads through the symlink: the binary replays and writes its snapshot.
    let out = ev.run(&ev.asst, &["player", "list", &link]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Finding 1: nothing is written beside the symlink.
    assert_eq!(
        names(&trap_dir),
        vec!["x.log".to_string()],
        "a file appeared in the user's directory"
    );
    // The snapshot is in the state directory, the writer group's, closed to others.
    let m = std::fs::metadata(&snap).expect("the snapshot is in the state directory");
    let sm = std::fs::metadata(&state).expect("state dir");
    assert_eq!(
        (sm.uid(), sm.gid(), sm.mode() & 0o7777),
        (0, m.gid(), 0o2770)
    );
    assert_eq!(m.mode() & 0o007, 0, "others can read the snapshot");

    // Finding 6: the assistant's next command (through the real path) starts from it: the
    // snapshot is not rebuilt.
    let before = (m.ino(), m.mtime(), m.mtime_nsec());
    for user in [&ev.asst, &ev.head] {
        let out = ev.run(user, &["player", "list", &ev.l]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let m = std::fs::metadata(&snap).expect("snapshot");
        assert_eq!(
            (m.ino(), m.mtime(), m.mtime_nsec()),
            before,
            "{user}'s command rebuilt the snapshot"
        );
    }

    // Finding 2: no file any of these users can read holds an ID number.
    let id = id_number(3);
    assert!(
        String::from_utf8_lossy(&read(&snap)).contains(&id),
        "the test's ID number is in the state"
    );
    for user in [&ev.asst, &ev.nobody, &ev.head] {
        let grep = ev.sb.as_user(
            user,
            &[
                "grep",
                "-rl",
                "--no-messages",
                &id,
                &ev.sb.dir.to_string_lossy(),
            ],
            &[],
        );
        assert!(
            String::from_utf8_lossy(&grep.stdout).trim().is_empty(),
            "{user} can read the ID number in: {}",
            String::from_utf8_lossy(&grep.stdout)
        );
        let cat = ev.sb.as_user(user, &["cat", &snap.to_string_lossy()], &[]);
        assert!(!cat.status.success(), "{user} read the snapshot");
    }

    // Planting: a snapshot granting the assistant head and organizer, made from the real one
    // (as the old binary would have handed it over), beside the symlink and as the
    // assistant's own file; and an attempt to put it in the state directory.
    let mut forged: serde_json::Value = serde_json::from_slice(&read(&snap)).expect("json");
    forged["state"]["rules"]["roles"][ev.asst.as_str()] = serde_json::json!(["head", "organizer"]);
    let planted = trap_dir.join("x.log.snapshot");
    std::fs::write(&planted, serde_json::to_vec(&forged).expect("json")).expect("plant");
    must(Command::new("chown").args([&ev.asst, &planted.to_string_lossy().into_owned()]));
    let into_state = ev.sb.as_user(
        &ev.asst,
        &[
            "cp",
            &planted.to_string_lossy(),
            &state.join("day.log.snapshot").to_string_lossy(),
        ],
        &[],
    );
    assert!(
        !into_state.status.success(),
        "the assistant wrote into the state directory"
    );
    let log_before = read(&ev.log);
    for args in [
        vec![
            "result",
            link.as_str(),
            "1",
            "black_win",
            "--correct",
            "--reason",
            "x",
        ],
        vec![
            "--role",
            "head",
            "result",
            link.as_str(),
            "1",
            "black_win",
            "--correct",
            "--reason",
            "x",
        ],
        vec![
            "--role",
            "head",
            "player",
            "withdraw",
            link.as_str(),
            "3",
            "--reason",
            "x",
        ],
        vec![
            "--role",
            "organizer",
            "player",
            "withdraw",
            link.as_str(),
            "3",
            "--reason",
            "x",
        ],
    ] {
        let out = ev.run(&ev.asst, &args);
        assert!(!out.status.success(), "{args:?} was accepted");
        assert_eq!(read(&ev.log), log_before, "{args:?} changed the log");
    }
    must(Command::new(bin()).args(["verify", &ev.l]));
    let _ = &ev.group;
}

/// The pids holding a lock on the file with inode `ino`, from `/proc/locks`.
fn lock_holders(ino: u64) -> Vec<u32> {
    let locks = std::fs::read_to_string("/proc/locks").unwrap_or_default();
    locks
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            if f.len() < 6 || f[1] != "FLOCK" {
                return None;
            }
            let inode: u64 = f[5].rsplit(':').next()?.parse().ok()?;
            (inode == ino).then(|| f[4].parse().ok()).flatten()
        })
        .collect()
}

/// The real uid of process `pid`.
fn uid_of(pid: u32) -> Option<u32> {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()?
        .lines()
        .find(|l| l.starts_with("Uid:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// Runs `cmd`, killing it after `limit`; returns its output and how long it took.
fn timed(cmd: &mut Command, limit: Duration) -> (Option<Output>, Duration) {
    let t = Instant::now();
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    loop {
        if let Ok(Some(_)) = child.try_wait() {
            return (child.wait_with_output().ok(), t.elapsed());
        }
        if t.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return (None, t.elapsed());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn no_role_never_locks_and_a_stopped_holder_is_named_and_bounded() {
    if !need(
        "no_role_never_locks_and_a_stopped_holder_is_named_and_bounded",
        &[Tool::Root, Tool::Flock],
    ) {
        return;
    }
    let ev = installed_event("l", 2_000);
    let ino = std::fs::metadata(&ev.log).expect("log").ino();
    let nobody_uid: u32 = must(Command::new("id").args(["-u", &ev.nobody]))
        .trim()
        .parse()
        .expect("uid");

    // A user without a role pours clock lines into `feed`: the kernel's lock table never
    // shows them holding the log's lock.
    let mut feed = Command::new("runuser")
        .args(["-u", &ev.nobody, "--", &ev.ib, "feed", &ev.l])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("feed");
    let mut stdin = feed.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let line = "1 press red\n".repeat(1000);
        for _ in 0..300 {
            if stdin.write_all(line.as_bytes()).is_err() {
                break;
            }
        }
    });
    let t = Instant::now();
    let mut seen = Vec::new();
    while t.elapsed() < Duration::from_secs(3) {
        for pid in lock_holders(ino) {
            if uid_of(pid) == Some(nobody_uid) {
                seen.push(pid);
            }
        }
        if let Ok(Some(_)) = feed.try_wait() {
            break;
        }
    }
    // Stopped now (if it still runs), it holds nothing: the head arbiter writes at once.
    let _ = Command::new("kill")
        .args(["-STOP", &feed.id().to_string()])
        .output();
    let (out, took) = timed(
        Command::new("runuser").args(["-u", &ev.head, "--", &ev.ib, "result", &ev.l, "2", "draw"]),
        Duration::from_secs(20),
    );
    let _ = Command::new("kill")
        .args(["-CONT", &feed.id().to_string()])
        .output();
    let _ = feed.kill();
    let _ = feed.wait();
    let _ = writer.join();
    assert!(
        seen.is_empty(),
        "a user without a role held the lock (pids {seen:?})"
    );
    let out = out.expect("the head arbiter's command finished");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(took < Duration::from_secs(5), "took {took:?}");

    // A holder stopped while holding the lock: the head arbiter's command gives up within the
    // bounded wait, naming the holder's user and pid, and nothing is written.
    let mut holder = Command::new("flock")
        // `-o`: the lock stays with `flock` itself, not with the `sleep` it runs.
        .args(["-o", "-x", &ev.l, "sleep", "120"])
        .spawn()
        .expect("flock");
    let pid = (0..200)
        .find_map(|_| {
            std::thread::sleep(Duration::from_millis(20));
            lock_holders(ino).first().copied()
        })
        .expect("the holder locks");
    must(Command::new("kill").args(["-STOP", &pid.to_string()]));
    let before = read(&ev.log);
    let (out, took) = timed(
        Command::new("runuser").args(["-u", &ev.head, "--", &ev.ib, "result", &ev.l, "3", "draw"]),
        Duration::from_secs(30),
    );
    let out = out.expect("the wait is bounded");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "written past a held lock");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(
        err.contains("root") && err.contains(&pid.to_string()),
        "names the holder: {err}"
    );
    assert!(took < Duration::from_secs(15), "took {took:?}");
    assert_eq!(read(&ev.log), before);
    // The way out: the holder is ended (by its owner or root); the command goes through.
    let _ = Command::new("kill")
        .args(["-KILL", &pid.to_string()])
        .output();
    let _ = holder.kill();
    let _ = holder.wait();
    let (out, _) = timed(
        Command::new("runuser").args(["-u", &ev.head, "--", &ev.ib, "result", &ev.l, "3", "draw"]),
        Duration::from_secs(20),
    );
    let out = out.expect("finished");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn repair_through_a_symlink_is_refused_to_all_but_the_head_arbiter() {
    if !need(
        "repair_through_a_symlink_is_refused_to_all_but_the_head_arbiter",
        &[Tool::Root],
    ) {
        return;
    }
    let ev = installed_event("r", 200);
    // A torn tail (a writer killed mid-append).
    std::fs::OpenOptions::new()
        .append(true)
        .open(&ev.log)
        .expect("log")
        .write_all(b"(v:1,seq:2")
        .expect("tear");
    let torn = read(&ev.log);
    for user in [&ev.asst, &ev.nobody] {
        let link = ev.trap(user, "r");
        let dir = Path::new(&link).parent().expect("dir").to_path_buf();
        let out = ev.run(user, &["repair", &link]);
        assert!(!out.status.success(), "{user} repaired the installed log");
        assert_eq!(read(&ev.log), torn, "{user} changed the log");
        assert_eq!(
            names(&dir),
            vec!["x.log".to_string()],
            "{user}'s directory got a file"
        );
    }
    let link = ev.trap(&ev.head, "r");
    let dir = Path::new(&link).parent().expect("dir").to_path_buf();
    let out = ev.run(&ev.head, &["repair", &link]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        names(&dir),
        vec!["x.log".to_string()],
        "the head arbiter's directory got a file"
    );
    let side: Vec<String> = names(&ev.events.join(".bianpai"))
        .into_iter()
        .filter(|n| n.starts_with("day.log.torn-"))
        .collect();
    assert_eq!(side.len(), 1, "the tail is in the state directory");
    must(Command::new(bin()).args(["verify", &ev.l]));
}
