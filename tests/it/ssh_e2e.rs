//! Issue 14, over real SSH: `sshd` on loopback (a free high port, its own config and host key
//! in a temporary directory, key-based logins), three OS users mapped to head, assistant and
//! organizer in the rules' roles map, the log installed (`bianpai install`: a writer group
//! nobody belongs to, the binary setgid). A console for each runs over `ssh -t` inside tmux.
//! The assistant enters results, the head arbiter's console shows them; the organizer's
//! console pairs the next round; then the assistant's SSH connection is cut mid-entry (its
//! `sshd` session process killed): the console exits, the client's terminal is restored, and
//! the log holds no partial record.
//!
//! Needs root (CI runs as root) and fails loudly without it; `sshd`, `ssh`, `ssh-keygen` and
//! `tmux` come from `.ci/run`. Users, group, `sshd` and tmux are removed on drop, also when the
//! test fails.

use crate::support::os as os_support;

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::need::{Tool, need};
use os_support::{Sandbox, bin, must, read};

/// A private tmux server on a socket in the sandbox.
struct Tmux {
    socket: PathBuf,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux is installed");
        assert!(
            out.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, name: &str, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", name];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    fn pane(&self, name: &str) -> String {
        self.run(&["capture-pane", "-p", "-t", name])
    }

    /// Whether the pane shows `text` within `limit`.
    fn wait_for_maybe(&self, name: &str, text: &str, limit: Duration) -> bool {
        let start = Instant::now();
        while start.elapsed() < limit {
            if self.pane(name).contains(text) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }

    /// Waits until the pane shows `text`; returns how long it took.
    fn wait_for(&self, name: &str, text: &str, limit: Duration) -> Duration {
        let start = Instant::now();
        loop {
            if self.pane(name).contains(text) {
                return start.elapsed();
            }
            assert!(
                start.elapsed() < limit,
                "pane {name} never showed {text:?}:\n{}",
                self.pane(name)
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// A free TCP port on loopback.
fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    l.local_addr().expect("addr").port()
}

fn uid_of(user: &str) -> u32 {
    must(Command::new("id").args(["-u", user]))
        .trim()
        .parse()
        .expect("uid")
}

/// Processes whose real uid is `uid` and whose name is one of `names`, from `/proc`.
fn processes(uid: u32, names: &[&str]) -> Vec<u32> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.flatten()
        .filter_map(|e| {
            let pid: u32 = e.file_name().to_str()?.parse().ok()?;
            let status = std::fs::read_to_string(e.path().join("status")).ok()?;
            let name = status
                .lines()
                .next()?
                .split_whitespace()
                .nth(1)?
                .to_string();
            let state = status
                .lines()
                .find(|l| l.starts_with("State:"))?
                .split_whitespace()
                .nth(1)?
                .to_string();
            let real: u32 = status
                .lines()
                .find(|l| l.starts_with("Uid:"))?
                .split_whitespace()
                .nth(1)?
                .parse()
                .ok()?;
            (real == uid && names.contains(&name.as_str()) && state != "Z").then_some(pid)
        })
        .collect()
}

fn rules(head: &str, assistant: &str, organizer: &str) -> String {
    bianpai::domain::Rules::preset("qigu-2024-07")
        .expect("preset")
        .to_ron()
        .replacen(
            "roles: {}",
            &format!(
                "roles: {{\"root\": [organizer, head], \"{head}\": [head], \"{assistant}\": [assistant], \"{organizer}\": [organizer]}}"
            ),
            1,
        )
        // The organizer pairs the next round by hand.
        .replacen("auto_advance: pair", "auto_advance: off", 1)
}

/// Starts `sshd` on loopback with its own host key and authorized keys for `users`.
fn start_sshd(sb: &mut Sandbox, users: &[&str], client_pub: &str) -> u16 {
    let keys = sb.subdir("keys");
    for u in users {
        std::fs::write(keys.join(u), client_pub).expect("authorized key");
        // Not locked, no password: key logins only (sshd without PAM refuses locked accounts).
        must(Command::new("usermod").args(["-p", "*", u]));
    }
    let host_key = sb.dir.join("ssh_host_ed25519_key");
    must(Command::new("ssh-keygen").args([
        "-q",
        "-t",
        "ed25519",
        "-N",
        "",
        "-f",
        &host_key.to_string_lossy(),
    ]));
    std::fs::create_dir_all("/run/sshd").expect("privilege separation directory");
    let port = free_port();
    let config = sb.dir.join("sshd_config");
    std::fs::write(
        &config,
        format!(
            "Port {port}\nListenAddress 127.0.0.1\nHostKey {}\nPidFile {}\nAuthorizedKeysFile {}/%u\nStrictModes no\nPasswordAuthentication no\nKbdInteractiveAuthentication no\nUsePAM no\nPermitRootLogin no\nAllowUsers {}\nPrintMotd no\nPrintLastLog no\n",
            host_key.display(),
            sb.dir.join("sshd.pid").display(),
            keys.display(),
            users.join(" "),
        ),
    )
    .expect("sshd_config");
    let log = std::fs::File::create(sb.dir.join("sshd.log")).expect("sshd log");
    let child = Command::new("/usr/sbin/sshd")
        .arg("-D")
        .arg("-e")
        .arg("-f")
        .arg(&config)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("sshd starts");
    sb.children.push(child);
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "sshd did not listen: {}",
            String::from_utf8_lossy(&read(&sb.dir.join("sshd.log")))
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    port
}

#[test]
fn three_consoles_over_ssh_with_roles_from_the_system() {
    if !need(
        "three_consoles_over_ssh_with_roles_from_the_system",
        &[Tool::Root, Tool::Sshd, Tool::Tmux],
    ) {
        return;
    }
    let test_start = Instant::now();
    let mut sb = Sandbox::new("ssh");
    let head = sb.user("h");
    let asst = sb.user("a");
    let org = sb.user("o");
    let group = sb.name("w");
    sb.group(&group);
    let events = sb.subdir("events");
    let bindir = sb.subdir("bin");
    let log = events.join("day.log");
    let l = log.to_string_lossy().into_owned();
    let rules_file = sb.dir.join("rules.ron");
    std::fs::write(&rules_file, rules(&head, &asst, &org)).expect("rules");

    // The event, as root with the plain binary: 4 players, round 1 paired and started.
    let b = bin();
    must(Command::new(&b).args([
        "new",
        &l,
        "--rules",
        &rules_file.to_string_lossy(),
        "--title",
        "SSH",
    ]));
    for n in ["王伟", "李娜", "张强", "刘洋"] {
        must(Command::new(&b).args(["player", "add", &l, "--name", n]));
    }
    must(Command::new(&b).args(["draw", &l, "--seed", "1"]));
    must(Command::new(&b).args(["pair", &l]));
    must(Command::new(&b).args(["start", &l]));
    let installed = bindir.join("bianpai");
    let ib = installed.to_string_lossy().into_owned();
    must(Command::new(&b).args(["install", &l, "--group", &group, "--bin", &ib]));

    // Keys and sshd.
    let client_key = sb.dir.join("client_key");
    must(Command::new("ssh-keygen").args([
        "-q",
        "-t",
        "ed25519",
        "-N",
        "",
        "-f",
        &client_key.to_string_lossy(),
    ]));
    let client_pub = String::from_utf8(read(&PathBuf::from(format!(
        "{}.pub",
        client_key.display()
    ))))
    .expect("key");
    let port = start_sshd(&mut sb, &[&head, &asst, &org], &client_pub);

    // One tmux session per person, each running `ssh -t USER@127.0.0.1 bianpai console`.
    let tmux = Tmux {
        socket: sb.dir.join("tmux.sock"),
    };
    sb.tmux_sockets.push(tmux.socket.clone());
    for (name, user, role) in [
        ("head", &head, "head"),
        ("asst", &asst, "assistant"),
        ("org", &org, "organizer"),
    ] {
        let stty = sb.dir.join(format!("stty-{name}.txt"));
        let ssh = format!(
            "ssh -t -F /dev/null -i {} -o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -p {port} {user}@127.0.0.1 {ib} console {l} --lang en --role {role}; echo SSH-ENDED-$?; stty -a > {}; sleep 60",
            client_key.display(),
            stty.display()
        );
        tmux.run(&[
            "new-session",
            "-d",
            "-s",
            name,
            "-x",
            "160",
            "-y",
            "48",
            "env",
            "LANG=C.UTF-8",
            "TERM=xterm-256color",
            "sh",
            "-c",
            &ssh,
        ]);
    }
    for name in ["head", "asst", "org"] {
        tmux.wait_for(name, "Round 1 of 9", Duration::from_secs(30));
    }

    // The assistant may not pair: its console says so.
    tmux.keys("asst", &["P"]);
    tmux.wait_for("asst", "may not", Duration::from_secs(5));
    tmux.keys("asst", &["Escape"]);

    // The assistant enters both results; the head arbiter's console shows each.
    tmux.keys("asst", &["1", "r"]);
    tmux.wait_for("asst", "board 1: red wins", Duration::from_secs(5));
    tmux.keys("asst", &["Enter"]);
    let seen = tmux.wait_for("head", "reported 1/2", Duration::from_secs(5));
    eprintln!(
        "the head arbiter's console showed the assistant's result {} ms after Enter (over SSH)",
        seen.as_millis()
    );
    // Board 1's row shows the result and who entered it.
    let pane = tmux.pane("head");
    assert!(pane.contains(&format!("← {asst}")), "{pane}");
    tmux.keys("asst", &["2", "d"]);
    tmux.wait_for("asst", "board 2: draw", Duration::from_secs(5));
    tmux.keys("asst", &["Enter"]);
    tmux.wait_for("head", "reported 2/2", Duration::from_secs(5));
    // Every record of the assistant carries the assistant's name and role.
    let text = String::from_utf8(read(&log)).expect("UTF-8");
    let results: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("ev:ResultRecorded("))
        .collect();
    assert_eq!(results.len(), 2, "{text}");
    for r in &results {
        assert!(
            r.contains(&format!("by:\"{asst}\"")) && r.contains("role:assistant"),
            "{r}"
        );
    }

    // The organizer's console pairs round 2.
    // Once the round-complete banner is up, the pairing key goes to a settled screen.
    tmux.wait_for("org", "reported 2/2", Duration::from_secs(5));
    let start = Instant::now();
    loop {
        tmux.keys("org", &["P"]);
        if tmux.wait_for_maybe("org", "y confirm", Duration::from_secs(2)) {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the organizer's P never asked to confirm:\n{}",
            tmux.pane("org")
        );
        tmux.keys("org", &["Escape"]);
    }
    tmux.keys("org", &["y"]);
    tmux.wait_for("org", "Round 2 of 9", Duration::from_secs(10));
    tmux.wait_for("head", "Round 2 of 9", Duration::from_secs(5));
    let text = String::from_utf8(read(&log)).expect("UTF-8");
    let paired: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("ev:RoundPaired("))
        .collect();
    assert_eq!(paired.len(), 2, "round 1 by root, round 2 by the organizer");
    assert!(
        paired[1].contains(&format!("by:\"{org}\"")) && paired[1].contains("role:organizer"),
        "{}",
        paired[1]
    );
    must(Command::new(&b).args(["start", &l]));
    tmux.wait_for("asst", "Round 2 of 9", Duration::from_secs(5));

    // Mid-entry, the assistant's SSH connection is cut: its sshd session process is killed.
    let before = read(&log);
    tmux.keys("asst", &["1", "b"]);
    tmux.wait_for("asst", "board 1: black wins", Duration::from_secs(5));
    let a_uid = uid_of(&asst);
    let consoles = processes(a_uid, &["bianpai"]);
    assert_eq!(consoles.len(), 1, "one console for the assistant");
    let sessions = processes(a_uid, &["sshd", "sshd-session"]);
    assert!(!sessions.is_empty(), "the assistant's sshd session");
    for pid in &sessions {
        must(Command::new("kill").args(["-KILL", &pid.to_string()]));
    }
    tmux.wait_for("asst", "SSH-ENDED-", Duration::from_secs(10));
    let start = Instant::now();
    while !processes(a_uid, &["bianpai"]).is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the assistant's console still runs after the connection was cut"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // The client's terminal is back in cooked mode with echo.
    let stty_file = sb.dir.join("stty-asst.txt");
    let start = Instant::now();
    while !stty_file.exists() {
        assert!(start.elapsed() < Duration::from_secs(5), "no stty output");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(100));
    let stty = String::from_utf8_lossy(&read(&stty_file)).into_owned();
    for mode in ["icanon", "echo", "isig"] {
        assert!(
            stty.split_whitespace().any(|w| w == mode),
            "{mode} is off after the cut: {stty}"
        );
    }
    // Nothing half-written: the log is as before the cut, whole and verified.
    let after = read(&log);
    assert_eq!(after, before, "the cut entry wrote something");
    assert!(after.ends_with(b"\n"));
    must(Command::new(&b).args(["verify", &l]));
    // The others are unaffected and quit cleanly.
    for name in ["head", "org"] {
        tmux.keys(name, &["q"]);
        tmux.wait_for(name, "SSH-ENDED-0", Duration::from_secs(10));
    }
    eprintln!(
        "SSH end-to-end test: {} ms",
        test_start.elapsed().as_millis()
    );
}
