//! Issue 14, items 1 and 8 with the real binary in tmux: while another process holds the
//! log's lock (`flock -x LOG sleep 4`) the console answers keys and shows the write as
//! waiting, which lands when the lock is free; a torn tail shows in red in the header and
//! goes away after `bianpai repair`, with no restart.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use bianpai::domain::{Board, Round};
use bianpai::log::Log;

use crate::support::tmux as tmux_support;

use crate::support::need::{Tool, need};
use tmux_support::Tmux;

const BIN: &str = crate::support::bin::BIN;

/// Waits until the pane no longer shows `text`.
fn wait_gone(tmux: &Tmux, name: &str, text: &str, limit: Duration) {
    let start = Instant::now();
    while tmux.pane(name).contains(text) {
        assert!(
            start.elapsed() < limit,
            "pane {name} still shows {text:?}:\n{}",
            tmux.pane(name)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn cli(args: &[&str]) {
    let out = Command::new(BIN).args(args).output().expect("bianpai runs");
    assert!(
        out.status.success(),
        "bianpai {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn result_of(log: &Path, board: u32) -> bool {
    Log::open(log)
        .ok()
        .and_then(|l| {
            l.state()
                .game(Round(1), Board(board))
                .map(|g| g.result.is_some())
        })
        .unwrap_or(false)
}

#[test]
fn the_real_console_answers_under_a_held_lock_and_recovers_from_a_torn_tail() {
    if !need(
        "the_real_console_answers_under_a_held_lock_and_recovers_from_a_torn_tail",
        &[Tool::Tmux, Tool::Flock],
    ) {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let log = dir.path().join("rel.log");
    let l = log.to_str().expect("UTF-8 path");
    cli(&["new", l, "--preset", "qigu-2024-07", "--title", "REL"]);
    for n in ["王伟", "李娜", "张强", "刘洋"] {
        cli(&["player", "add", l, "--name", n]);
    }
    // Numbers are drawn before round 1 is paired (issue 13).
    cli(&["draw", l, "--in-order"]);
    cli(&["pair", l]);
    cli(&["start", l]);
    let tmux = Tmux::new("rel");
    tmux.session("c");
    let cmd = format!("{BIN} console {l} --lang en --role head; echo CONSOLE-EXITED-$?");
    tmux.keys("c", &[&cmd, "Enter"]);
    tmux.wait_for("c", "Round 1 of 9", Duration::from_secs(20));

    // Another process takes the lock and keeps it for 4 seconds.
    let mut holder = Command::new("flock")
        .args(["-x", l, "sleep", "4"])
        .stdout(Stdio::null())
        .spawn()
        .expect("flock (util-linux) is installed");
    let f = std::fs::File::open(&log).expect("open");
    while f.try_lock_shared().is_ok() {
        let _ = f.unlock();
        std::thread::sleep(Duration::from_millis(5));
    }
    tmux.keys("c", &["1", "r"]);
    let t = tmux.wait_for("c", "board 1: red wins", Duration::from_secs(3));
    eprintln!(
        "the entry showed {} ms after the keys, under the lock",
        t.as_millis()
    );
    tmux.keys("c", &["Enter"]);
    tmux.wait_for("c", "waiting to write", Duration::from_secs(3));
    assert!(
        holder.try_wait().expect("wait").is_none(),
        "the lock was released before the console showed the waiting write"
    );
    assert!(
        !result_of(&log, 1),
        "written while another process held the lock"
    );
    holder.wait().expect("flock ends");
    tmux.wait_for("c", "reported 1/2", Duration::from_secs(5));
    wait_gone(&tmux, "c", "waiting to write", Duration::from_secs(3));

    // A killed writer's torn tail.
    let mut w = std::fs::OpenOptions::new()
        .append(true)
        .open(&log)
        .expect("open");
    w.write_all(b"(v:1,seq:99,at:\"2024-").expect("write");
    drop(w);
    tmux.wait_for("c", "LOG TORN", Duration::from_secs(3));
    cli(&["repair", l]);
    wait_gone(&tmux, "c", "LOG TORN", Duration::from_secs(3));
    // Keys work again without a restart.
    tmux.keys("c", &["2", "b"]);
    tmux.wait_for("c", "board 2: black wins", Duration::from_secs(3));
    tmux.keys("c", &["Enter"]);
    let start = Instant::now();
    while !result_of(&log, 2) {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "board 2 never written"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    tmux.keys("c", &["q"]);
    tmux.wait_for("c", "CONSOLE-EXITED-0", Duration::from_secs(5));
}
