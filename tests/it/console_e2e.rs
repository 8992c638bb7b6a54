//! End to end: the real binary in tmux. Two consoles on one log; a result typed in one shows
//! in the other; `q` leaves the alternate screen and gives the shell back.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::support::tmux as tmux_support;

use crate::support::need::{Tool, need};
use tmux_support::Tmux;

const BIN: &str = crate::support::bin::BIN;

fn cli(args: &[&str]) {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "bianpai {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn make_event(log: &Path) {
    let l = log.to_str().unwrap();
    cli(&["new", l, "--preset", "qigu-2024-07", "--title", "E2E"]);
    for n in ["王伟", "李娜", "张强", "刘洋"] {
        cli(&["player", "add", l, "--name", n]);
    }
    cli(&["draw", l, "--seed", "13"]);
    cli(&["pair", l]);
    cli(&["start", l]);
}

#[test]
fn two_consoles_share_one_log_and_q_restores_the_terminal() {
    if !need(
        "two_consoles_share_one_log_and_q_restores_the_terminal",
        &[Tool::Tmux],
    ) {
        return;
    }
    assert!(
        Command::new("tmux").arg("-V").output().is_ok(),
        "tmux is needed for this test (apt-get install tmux)"
    );
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("e2e.log");
    make_event(&log);
    let tmux = Tmux::new("two");
    for name in ["a", "b"] {
        tmux.session(name);
        let cmd = format!(
            "{BIN} console {} --lang en --role head; echo CONSOLE-EXITED-$?",
            log.display()
        );
        tmux.keys(name, &[&cmd, "Enter"]);
    }
    for name in ["a", "b"] {
        tmux.wait_for(name, "Round 1 of 9", Duration::from_secs(20));
    }
    // Board 1: red wins, typed in console a.
    tmux.keys("a", &["1", "r"]);
    tmux.wait_for("a", "board 1: red wins", Duration::from_secs(5));
    tmux.keys("a", &["Enter"]);
    let seen = tmux.wait_for("b", "reported 1/2", Duration::from_secs(5));
    let pane_b = tmux.pane("b");
    assert!(pane_b.contains(" red "), "{pane_b}");
    eprintln!("console b showed a's result after {} ms", seen.as_millis());
    // Who made the change is shown beside the board.
    assert!(pane_b.contains('←'), "{pane_b}");
    // q leaves the console: the alternate screen is gone and the shell runs the next command.
    for name in ["a", "b"] {
        tmux.keys(name, &["q"]);
        tmux.wait_for(name, "CONSOLE-EXITED-0", Duration::from_secs(5));
        let pane = tmux.pane(name);
        assert!(!pane.contains("Round 1 of 9"), "{pane}");
    }
    let alt = tmux.run(&["display-message", "-p", "-t", "a", "#{alternate_on}"]);
    assert_eq!(alt.trim(), "0");
    // SIGTERM and SIGHUP (an SSH drop) restore the terminal too.
    for (name, signal) in [("a", "-TERM"), ("b", "-HUP")] {
        tmux.keys(name, &["clear", "Enter"]);
        let cmd = format!(
            "{BIN} console {} --lang en; echo SIGNALLED-$?",
            log.display()
        );
        tmux.keys(name, &[&cmd, "Enter"]);
        tmux.wait_for(name, "Round 1 of 9", Duration::from_secs(20));
        let shell: u32 = tmux
            .run(&["display-message", "-p", "-t", name, "#{pane_pid}"])
            .trim()
            .parse()
            .unwrap();
        let pid = child_of(shell).expect("the console runs under the pane's shell");
        let ok = Command::new("kill")
            .args([signal, &pid.to_string()])
            .status()
            .unwrap();
        assert!(ok.success());
        tmux.wait_for(name, "SIGNALLED-0", Duration::from_secs(5));
        let alt = tmux.run(&["display-message", "-p", "-t", name, "#{alternate_on}"]);
        assert_eq!(alt.trim(), "0", "{signal} left the alternate screen on");
    }
    // The terminal itself disappears (a closed window, a dropped SSH link): the console ends
    // instead of spinning on a dead terminal.
    tmux.keys("a", &["clear", "Enter"]);
    let cmd = format!("{BIN} console {} --lang en", log.display());
    tmux.keys("a", &[&cmd, "Enter"]);
    tmux.wait_for("a", "Round 1 of 9", Duration::from_secs(20));
    let shell: u32 = tmux
        .run(&["display-message", "-p", "-t", "a", "#{pane_pid}"])
        .trim()
        .parse()
        .unwrap();
    let pid = child_of(shell).expect("the console runs under the pane's shell");
    tmux.run(&["kill-session", "-t", "a"]);
    let start = Instant::now();
    while alive(pid) {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "console {pid} still running after its terminal went away"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Issue 13: three consoles in three roles on a log with `auto_advance: pair_and_start`. The
/// assistant starts typing a result for round 1; the head arbiter reports the round's last
/// board, the next round is paired and started at once; the assistant's Enter records
/// nothing, says why naming both rounds, and the log holds no result for round 2.
#[test]
fn a_result_typed_in_the_old_round_never_lands_in_the_new_one() {
    if !need(
        "a_result_typed_in_the_old_round_never_lands_in_the_new_one",
        &[Tool::Tmux],
    ) {
        return;
    }
    assert!(
        Command::new("tmux").arg("-V").output().is_ok(),
        "tmux is needed for this test (apt-get install tmux)"
    );
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("adv.log");
    let l = log.to_str().unwrap();
    let ron = Command::new(BIN)
        .args(["presets", "--show", "qigu-2024-07"])
        .output()
        .unwrap();
    let ron = String::from_utf8_lossy(&ron.stdout).replacen(
        "auto_advance: pair,",
        "auto_advance: pair_and_start,",
        1,
    );
    assert!(ron.contains("pair_and_start"), "{ron}");
    let rules = dir.path().join("rules.ron");
    std::fs::write(&rules, ron).unwrap();
    cli(&[
        "new",
        l,
        "--rules",
        rules.to_str().unwrap(),
        "--title",
        "E2E",
    ]);
    for n in ["王伟", "李娜", "张强", "刘洋"] {
        cli(&["player", "add", l, "--name", n]);
    }
    cli(&["draw", l, "--seed", "13"]);
    cli(&["pair", l]);
    cli(&["start", l]);
    let tmux = Tmux::new("adv");
    for (name, role) in [("h", "head"), ("a", "assistant"), ("o", "organizer")] {
        tmux.session(name);
        let cmd = format!("{BIN} console {l} --lang en --role {role}; echo CONSOLE-EXITED-$?");
        tmux.keys(name, &[&cmd, "Enter"]);
    }
    for name in ["h", "a", "o"] {
        tmux.wait_for(name, "Round 1 of 9", Duration::from_secs(20));
    }
    // The assistant starts an entry on round 1 (board 2 of 2).
    tmux.keys("a", &["2"]);
    tmux.wait_for("a", "round 1 board 2", Duration::from_secs(5));
    // The head arbiter reports both boards: round 2 is paired and started at once.
    tmux.keys("h", &["1", "r", "Enter"]);
    tmux.wait_for("h", "reported 1/2", Duration::from_secs(5));
    tmux.keys("h", &["2", "d", "Enter"]);
    for name in ["h", "a", "o"] {
        tmux.wait_for(name, "Round 2 of 9", Duration::from_secs(10));
    }
    // The assistant finishes the old entry: refused, naming both rounds.
    tmux.keys("a", &["b", "Enter"]);
    tmux.wait_for("a", "for round 1, but round 2", Duration::from_secs(5));
    // The organizer cannot start the round again (the advance started it).
    tmux.keys("o", &["S"]);
    tmux.wait_for("o", "already started", Duration::from_secs(5));
    for name in ["h", "a", "o"] {
        tmux.keys(name, &["q"]);
        tmux.wait_for(name, "CONSOLE-EXITED-0", Duration::from_secs(5));
    }
    let t = bianpai::log::Log::open(&log).unwrap();
    let t = t.state();
    assert_eq!(t.current_round(), bianpai::domain::Round(2));
    let r2 = t.current().unwrap();
    assert!(r2.started_at.is_some());
    assert!(
        r2.games.iter().all(|g| g.result.is_none()),
        "a result landed in round 2: {:?}",
        r2.games
    );
}

/// Whether `pid` is a live (not zombie) process.
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        let state = s
            .rsplit_once(')')
            .map_or("", |(_, r)| r)
            .split_whitespace()
            .next();
        !matches!(state, Some("Z" | "X"))
    })
}

/// A child process of `parent`, read from /proc.
fn child_of(parent: u32) -> Option<u32> {
    for e in std::fs::read_dir("/proc").ok()?.flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // Fields after the command name (which may hold spaces): state, ppid, …
        let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
        let ppid: Option<u32> = rest.split_whitespace().nth(1).and_then(|p| p.parse().ok());
        if ppid == Some(parent) {
            return Some(pid);
        }
    }
    None
}
