//! Guessing a board's report code from many phones (docs/self-report.md, "wrong codes";
//! docs/trust.md): the real `bianpai serve` on a free loopback port, spoken to from twenty
//! distinct hall addresses (10.77.0.10 … 10.77.0.29, put on the loopback interface: every
//! 127.x address is one client), each giving one wrong code, so the per-client limit (five
//! per client) never answers. The board locks after the twentieth:
//! the real code is then refused 423 with 「此台签认已锁定」, unjudged, and nothing more is
//! written however many guesses follow; another board goes on. `bianpai unlock` (the head
//! arbiter) lets the real code through. The audit counts the wrong codes per board, the JSON
//! export gives `wrong_codes`, and the real console in tmux shows 签认已锁定 and unlocks the
//! board with `u`.

use crate::support::self_report as self_report_support;
use crate::support::serve as serve_support;
use crate::support::tmux as tmux_support;

use std::net::Ipv4Addr;
use std::path::Path;
use std::time::Duration;

use crate::support::need::{Tool, need};
use self_report_support::{code, event, game};
use serve_support::{Server, bianpai, post_form_from};
use tmux_support::Tmux;

const BIN: &str = crate::support::bin::BIN;

/// Wrong codes a board takes before it locks (docs/self-report.md).
const LIMIT: u8 = 20;

/// The hall phone `k`: 10.77.0.k, an address this machine holds (added to `lo` once) that
/// the room page counts as a client of its own, as a phone on the hall's Wi-Fi is.
fn phone(k: u8) -> Ipv4Addr {
    static ADDED: std::sync::Once = std::sync::Once::new();
    ADDED.call_once(|| {
        let ip = |args: &[&str]| {
            std::process::Command::new("ip")
                .args(args)
                .output()
                .expect("ip (iproute2) puts the hall's addresses on lo")
        };
        let shown = ip(&["-4", "addr", "show", "dev", "lo"]);
        if String::from_utf8_lossy(&shown.stdout).contains("10.77.0.1/24") {
            return;
        }
        let out = ip(&["addr", "add", "10.77.0.1/24", "dev", "lo"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() || err.contains("File exists") || err.contains("already"),
            "ip addr add: {err}"
        );
    });
    Ipv4Addr::new(10, 77, 0, k)
}

fn body(board: u64, result: &str, code: &str) -> String {
    format!("round=1&board={board}&result={result}&code={code}")
}

fn lines(log: &Path) -> usize {
    std::fs::read_to_string(log).unwrap().lines().count()
}

/// A code that is neither side's of `board` (the real ones differ in their last digit).
fn wrong(log: &Path, board: u64, k: u8) -> String {
    let red = code(log, 1, board, "red");
    let black = code(log, 1, board, "black");
    (0..100u32)
        .map(|i| {
            format!(
                "{:08}",
                (u32::from(k) * 1_000_003 + i * 7_919) % 100_000_000
            )
        })
        .find(|c| *c != red && *c != black)
        .unwrap()
}

/// Distinct phones `10 + k` for each `k` of `ks` each give one wrong code on board 1: every
/// one is judged and refused 403 (none is held back by the per-client limit).
fn guess(log: &Path, port: u16, ks: std::ops::Range<u8>) {
    for k in ks {
        let from = phone(10 + k);
        let r = post_form_from(
            from,
            port,
            "/report",
            &body(1, "red_win", &wrong(log, 1, k)),
        );
        assert_eq!(r.status, 403, "guess {k} from {from}: {}", r.text());
        assert!(r.text().contains("签认码不对"), "{}", r.text());
    }
}

#[test]
fn twenty_wrong_codes_from_twenty_addresses_lock_the_board_until_the_head_arbiter_unlocks_it() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let l = log.to_str().unwrap();
    let s = Server::start(&log);
    let before = lines(&log);
    guess(&log, s.port, 0..LIMIT);
    assert_eq!(
        lines(&log),
        before + usize::from(LIMIT),
        "one record per wrong code"
    );
    let raw = std::fs::read_to_string(&log).unwrap();
    assert!(raw.contains("WrongCodeGiven"), "the log counts them");
    for c in [code(&log, 1, 1, "red"), code(&log, 1, 1, "black")] {
        assert!(!raw.contains(&c), "no code text in the log");
    }
    // The real code, from a phone that never guessed: refused unjudged, the board locked.
    let real = code(&log, 1, 1, "red");
    let fresh = phone(60);
    let r = post_form_from(fresh, s.port, "/report", &body(1, "red_win", &real));
    assert_eq!(r.status, 423, "{}", r.text());
    assert!(r.text().contains("此台签认已锁定"), "{}", r.text());
    assert!(!r.text().contains("name=\"code\""), "no form to type into");
    let en = post_form_from(fresh, s.port, "/report?lang=en", &body(1, "red_win", &real));
    assert_eq!(en.status, 423);
    assert!(
        en.text().contains("Reports for this board are locked"),
        "{}",
        en.text()
    );
    // The phone's form says so too.
    assert!(
        s.get("/report?round=1&board=1")
            .text()
            .contains("此台签认已锁定")
    );
    // Once locked, no guess writes anything: the log cannot be made to grow.
    let locked_at = lines(&log);
    for k in 0..10u8 {
        let from = phone(70 + k);
        let r = post_form_from(
            from,
            s.port,
            "/report",
            &body(1, "draw", &wrong(&log, 1, k)),
        );
        assert_eq!(r.status, 423);
    }
    assert_eq!(lines(&log), locked_at, "nothing written while locked");
    // Another board goes on.
    let other = code(&log, 1, 2, "black");
    let r = post_form_from(fresh, s.port, "/report", &body(2, "draw", &other));
    assert_eq!(r.status, 200, "{}", r.text());
    // The JSON export counts them; nothing was recorded on board 1.
    let g = game(&log, 1, 1);
    assert_eq!(g["wrong_codes"], 20);
    assert_eq!(g["reports_locked"], true);
    assert_eq!(g["reports"], serde_json::json!([]));
    // The audit: one line for the board's twenty, not twenty lines.
    let audit = bianpai(&["audit", l]);
    let wrong_lines: Vec<&str> = audit.lines().filter(|x| x.contains("签认码错误")).collect();
    assert_eq!(wrong_lines.len(), 1, "{audit}");
    assert!(
        wrong_lines[0].contains("第1轮第1台: 签认码错误 20次, 签认已锁定"),
        "{audit}"
    );
    // The head arbiter unlocks it; the real code goes through.
    let out = bianpai(&["unlock", l, "1", "--role", "head"]);
    assert!(out.contains("解除签认锁定"), "{out}");
    let g = game(&log, 1, 1);
    assert_eq!(g["wrong_codes"], 0);
    assert_eq!(g["reports_locked"], false);
    // The room page follows the log within moments: its form opens again.
    let open = (0..50).any(|_| {
        let page = s.get("/report?round=1&board=1").text();
        if page.contains("name=\"code\"") {
            return true;
        }
        std::thread::sleep(Duration::from_millis(100));
        false
    });
    assert!(open, "the form opened again after the unlock");
    let r = post_form_from(fresh, s.port, "/report", &body(1, "red_win", &real));
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.text().contains("已记录: 红方签认 红胜"), "{}", r.text());
    assert!(bianpai(&["audit", l]).contains("第1轮第1台: 解除签认锁定"));
}

#[test]
fn unlock_is_refused_to_the_organizer_and_on_a_board_without_wrong_codes() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let l = log.to_str().unwrap();
    let before = std::fs::read(&log).unwrap();
    let out = std::process::Command::new(BIN)
        .args(["unlock", l, "2", "--role", "head"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("无需解锁"), "{err}");
    assert_eq!(std::fs::read(&log).unwrap(), before, "nothing written");
    let s = Server::start(&log);
    let r = post_form_from(
        phone(40),
        s.port,
        "/report",
        &body(2, "draw", &wrong(&log, 2, 1)),
    );
    assert_eq!(r.status, 403);
    let before = std::fs::read(&log).unwrap();
    let out = std::process::Command::new(BIN)
        .args(["unlock", l, "2", "--role", "organizer"])
        .output()
        .unwrap();
    assert!(!out.status.success(), "the organizer keys no results");
    assert_eq!(std::fs::read(&log).unwrap(), before, "nothing written");
    let g = game(&log, 1, 2);
    assert_eq!(g["wrong_codes"], 1, "refused unlocks wrote nothing");
}

#[test]
fn the_console_shows_the_lock_and_unlocks_the_board_with_one_key() {
    if !need(
        "the_console_shows_the_lock_and_unlocks_the_board_with_one_key",
        &[Tool::Tmux],
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let s = Server::start(&log);
    let tmux = Tmux::new("locked");
    tmux.session("a");
    let cmd = format!(
        "{BIN} console {} --role assistant; echo CONSOLE-EXITED-$?",
        log.display()
    );
    tmux.keys("a", &[&cmd, "Enter"]);
    tmux.wait_for("a", "已报 0/3", Duration::from_secs(20));
    let r = post_form_from(
        phone(9),
        s.port,
        "/report",
        &body(1, "red_win", &wrong(&log, 1, 99)),
    );
    assert_eq!(r.status, 403);
    tmux.wait_for("a", "错码1", Duration::from_secs(5));
    tmux.wait_for("a", "错码 1", Duration::from_secs(5));
    // The nineteen after the first, from other phones: the board locks.
    guess(&log, s.port, 1..LIMIT);
    tmux.wait_for("a", "签认已锁定 1台", Duration::from_secs(5));
    let pane = tmux.pane("a");
    let row = pane
        .lines()
        .find(|x| x.contains("签认已锁定") && !x.contains("签认已锁定 1台"))
        .unwrap_or_else(|| panic!("a board marked 签认已锁定:\n{pane}"));
    assert!(row.trim_start().starts_with('1'), "board 1: {row}");
    assert!(pane.contains("错码 20"), "{pane}");
    // The event line keeps the lock until it is read (docs/console.md#the-event-line).
    assert!(pane.contains("第1台 签认已锁定"), "{pane}");
    // Board 1, `u`: the entry line says what Enter does; Enter unlocks it.
    tmux.keys("a", &["1", "u"]);
    tmux.wait_for("a", "解除签认锁定 (错码 20 次清零)", Duration::from_secs(5));
    tmux.keys("a", &["Enter"]);
    let g = (0..50)
        .map(|_| {
            std::thread::sleep(Duration::from_millis(100));
            game(&log, 1, 1)
        })
        .find(|g| g["wrong_codes"] == 0)
        .expect("the console unlocked board 1");
    assert_eq!(g["reports_locked"], false);
    // The lock read (`A`): nothing on the screen says 签认已锁定 any more.
    tmux.keys("a", &["A"]);
    std::thread::sleep(Duration::from_millis(300));
    let pane = tmux.pane("a");
    assert!(!pane.contains("签认已锁定"), "{pane}");
    tmux.keys("a", &["q"]);
    tmux.wait_for("a", "CONSOLE-EXITED-0", Duration::from_secs(5));
}
