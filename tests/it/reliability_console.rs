//! Issue 14, items 1 and 8: a console never goes blind and never freezes.
//!
//! - A torn tail (a killed writer) is noticed the moment the console reads it, said in red in
//!   the header, the last good state stays on screen, and once `bianpai repair` has run the
//!   console recovers by itself: keys are accepted again, nothing needs a restart.
//! - Another process holding the log's lock (`flock -x LOG sleep N`) does not stop the keys:
//!   the UI thread never takes the lock; the write waits on the I/O thread and shows as
//!   pending, then lands once the lock is free.
//! - Damage in the middle of the log is shown the same way when the console opens.

use crate::support::console as console_common;

use std::fs::OpenOptions;
use std::io::Write;
use std::path::Path;
use std::process::{Child, Command as Proc, Stdio};
use std::time::{Duration, Instant};

use crate::support::need::{Tool, need};
use bianpai::console::App;
use bianpai::console::theme::Theme;
use bianpai::console::ui;
use bianpai::domain::rules::Lang;
use bianpai::domain::{Actor, Board, GameResult, Role, Round};
use bianpai::log::Log;
use console_common::{app_as, beijing, event, minutes, type_keys};

const BIN: &str = crate::support::bin::BIN;

fn result(app: &App, board: u32) -> Option<GameResult> {
    app.log
        .state()
        .game(Round(1), Board(board))
        .and_then(|g| g.result)
}

/// What a writer killed mid-append leaves: the start of a record, no newline.
fn tear(path: &Path) {
    let mut f = OpenOptions::new().append(true).open(path).expect("open");
    f.write_all(b"(v:1,seq:999,at:\"2024-07-06T01:3")
        .expect("write");
}

fn repair(path: &Path) {
    let out = Proc::new(BIN)
        .arg("repair")
        .arg(path)
        .output()
        .expect("bianpai runs");
    assert!(
        out.status.success(),
        "repair: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn header_note(app: &App) -> Option<(String, bool)> {
    app.round_view.header.log.clone()
}

#[test]
fn a_torn_tail_shows_in_the_header_and_the_console_recovers_after_repair() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = event(dir.path(), "e.log", 8, 9, true);
    let mut app = app_as(&path, "li", Role::Assistant, Lang::En, minutes(30));
    type_keys(&mut app, "1r\n", minutes(30));
    assert_eq!(result(&app, 1), Some(GameResult::RedWin));
    let lines = std::fs::read_to_string(&path)
        .expect("read")
        .lines()
        .count();

    tear(&path);
    // The next look at the file (the once-a-second tick takes the lock and finds it torn).
    app.tick(minutes(31));
    app.prepare(minutes(31));
    let (text, damaged) = header_note(&app).expect("the header says the log is damaged");
    assert!(damaged, "drawn as an error");
    assert!(
        text.contains(&format!("line {}", lines + 1)) && text.contains("repair"),
        "{text}"
    );
    let screen = ui::render_text(&app, 160, 40);
    assert!(screen.contains("LOG TORN"), "{screen}");
    // The last good state stays; keys are refused with the reason, nothing is written.
    assert_eq!(result(&app, 1), Some(GameResult::RedWin));
    type_keys(&mut app, "2b\n", minutes(31));
    assert_eq!(result(&app, 2), None);
    let msg = app.message.clone().expect("a refusal");
    assert!(msg.error && msg.text.contains("damaged"), "{msg:?}");

    repair(&path);
    // No restart: the next poll finds the log whole again.
    app.poll(minutes(32));
    app.prepare(minutes(32));
    assert_eq!(header_note(&app), None, "the header still says damaged");
    type_keys(&mut app, "2b\n", minutes(32));
    assert_eq!(result(&app, 2), Some(GameResult::BlackWin));
    // The time-based rules run again: round 1's late window closed long ago, and the tick
    // after the repair is accepted (it takes the lock and writes what is due, or nothing).
    app.tick(minutes(33));
    assert!(Log::open(&path).expect("open").damage().is_none());
}

#[test]
fn a_viewer_notices_a_torn_tail_while_only_reading() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = event(dir.path(), "e.log", 8, 9, true);
    let mut app = app_as(&path, "guest", Role::Viewer, Lang::Zh, minutes(30));
    tear(&path);
    app.poll(minutes(30));
    app.prepare(minutes(30));
    let (text, damaged) = header_note(&app).expect("damage shown to a viewer too");
    assert!(damaged && text.contains("bianpai repair"), "{text}");
    // Chinese by default.
    assert!(text.contains("日志"), "{text}");
    repair(&path);
    app.poll(minutes(31));
    app.prepare(minutes(31));
    assert_eq!(header_note(&app), None);
}

#[test]
fn damage_in_the_middle_shows_when_the_console_opens() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = event(dir.path(), "e.log", 8, 9, true);
    let text = std::fs::read_to_string(&path).expect("read");
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let n = lines.len();
    let k = n - 2; // 0-based: the third line from the end
    lines[k] = lines[k].replacen("seq:", "seq:1", 1);
    std::fs::write(&path, lines.join("\n") + "\n").expect("write");
    let app = app_as(&path, "li", Role::Assistant, Lang::En, minutes(30));
    let (text, damaged) = header_note(&app).expect("damage shown");
    assert!(
        damaged && text.contains(&format!("line {}", k + 1)),
        "{text}"
    );
}

/// `flock -x LOG sleep SECS`, a real process; returns once it holds the lock.
fn hold_lock(path: &Path, secs: u32) -> Child {
    let child = Proc::new("flock")
        .arg("-x")
        .arg(path)
        .args(["sleep", &secs.to_string()])
        .stdout(Stdio::null())
        .spawn()
        .expect("flock (util-linux) is installed");
    let f = std::fs::File::open(path).expect("open");
    let start = Instant::now();
    while f.try_lock_shared().is_ok() {
        let _ = f.unlock();
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "flock never took the lock"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child
}

#[test]
fn keys_are_answered_while_another_process_holds_the_lock() {
    if !need(
        "keys_are_answered_while_another_process_holds_the_lock",
        &[Tool::Flock],
    ) {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let path = event(dir.path(), "e.log", 8, 9, true);
    let log = Log::open_with(&path, true).expect("open");
    let actor = Actor {
        user: "li".into(),
        role: Role::Assistant,
    };
    let mut app = App::spawn(
        log,
        actor,
        Lang::En,
        Theme::named("dark").expect("theme"),
        beijing(),
    );
    let now = minutes(30);
    app.now = now;
    let mut holder = hold_lock(&path, 3);
    type_keys(&mut app, "1r", now);
    assert!(app.entry_line().is_some_and(|l| l.contains("board 1")));
    type_keys(&mut app, "\n", now);
    // Every key above was handled while the lock was still held.
    assert!(
        holder.try_wait().expect("wait").is_none(),
        "the lock holder ended before the keys were handled: they waited for it"
    );
    assert!(app.busy(), "the write should be waiting for the lock");
    assert_eq!(result(&app, 1), None);
    // The header says a write is waiting.
    app.prepare(now + chrono::Duration::seconds(1));
    let (text, damaged) = header_note(&app).expect("pending shown");
    assert!(!damaged && text.contains("red wins"), "{text}");
    // Navigation still works meanwhile.
    type_keys(&mut app, "\t", now);
    assert_ne!(app.screen, bianpai::console::action::Screen::Round);
    // The lock is released: the write lands.
    holder.wait().expect("flock ends");
    assert!(
        app.settle(Duration::from_secs(10)),
        "the write never landed"
    );
    assert_eq!(result(&app, 1), Some(GameResult::RedWin));
    let other = Log::open(&path).expect("open");
    assert_eq!(
        other
            .state()
            .game(Round(1), Board(1))
            .and_then(|g| g.result),
        Some(GameResult::RedWin)
    );
}

#[test]
fn quitting_does_not_wait_for_another_process_s_lock() {
    if !need(
        "quitting_does_not_wait_for_another_process_s_lock",
        &[Tool::Flock],
    ) {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let path = event(dir.path(), "e.log", 8, 9, true);
    let log = Log::open(&path).expect("open");
    let actor = Actor {
        user: "li".into(),
        role: Role::Assistant,
    };
    let mut app = App::spawn(
        log,
        actor,
        Lang::En,
        Theme::named("dark").expect("theme"),
        beijing(),
    );
    app.now = minutes(30);
    let before = std::fs::read(&path).expect("read");
    let mut holder = hold_lock(&path, 3);
    type_keys(&mut app, "1r\n", minutes(30));
    assert!(app.busy());
    // `q`: the waiting write is given up, nothing is written, and the lock holder is still
    // running when the I/O thread has ended.
    app.io.shutdown();
    assert!(
        holder.try_wait().expect("wait").is_none(),
        "shutting down waited for the other process's lock"
    );
    holder.wait().expect("flock ends");
    assert_eq!(std::fs::read(&path).expect("read"), before);
}
