//! The armageddon before its lot (seed 003 "抽签加赛一局附加赛（和棋黑胜）"): until the colours are
//! drawn, the console's board and the printed pairings mark it 待抽签 instead of showing
//! provisional colours and the 6:00 / 4:00 clocks; its scoresheet offers 和棋黑胜, never a
//! plain 和. The command line's printouts, the console (snapshot), and the hall's wall:
//! 待抽签 where the result goes, no red and black, the word whole at 1280×720 and 1920×1080
//! (measured in Chromium).

use crate::support::console as console_common;
use crate::support::serve as serve_support;

use std::path::Path;

use crate::support::bin::ok;
use bianpai::console::ui;
use bianpai::domain::Role;
use bianpai::domain::event::GameKind;
use bianpai::domain::rules::Lang;
use bianpai::log::Log;
use console_common::{app_as, minutes, type_keys};

/// Seed 003's rules with the knockout after round 1 of 3; semi-final board 1 drawn slow and
/// rapid, so its armageddon waits for the lot. Returns the armageddon's board.
fn at_the_armageddon(log: &Path) -> String {
    let dir = log.parent().unwrap();
    let rules = dir.join("ko.ron");
    let ron = ok(&["presets", "--show", "lvliang-2024"])
        .replacen("after_round: 9", "after_round: 1", 1)
        .replacen("rounds: 11,", "rounds: 3,", 1);
    std::fs::write(&rules, ron).unwrap();
    let l = log.to_str().unwrap();
    ok(&["new", l, "--rules", rules.to_str().unwrap()]);
    for i in 1..=8 {
        ok(&["player", "add", l, "--name", &format!("棋手{i}")]);
    }
    ok(&["draw", l, "--in-order"]);
    ok(&["pair", l]);
    ok(&["start", l]);
    for (b, r) in [
        ("1", "red_win"),
        ("2", "red_win"),
        ("3", "red_win"),
        ("4", "black_win"),
    ] {
        ok(&["result", l, b, r]);
    }
    ok(&["pair", l, "--choose", "red"]);
    ok(&["start", l]);
    ok(&["result", l, "1", "draw"]);
    let rapid = Log::open(log)
        .unwrap()
        .state()
        .current()
        .unwrap()
        .games
        .len();
    ok(&["result", l, &rapid.to_string(), "draw"]);
    let t = Log::open(log).unwrap().state().clone();
    let arm = t.current().unwrap().games.last().unwrap().clone();
    assert_eq!(arm.game, GameKind::Armageddon);
    arm.board.to_string()
}

fn export(log: &Path, what: &str) -> String {
    ok(&[
        "export",
        log.to_str().unwrap(),
        "--format",
        "txt",
        "--what",
        what,
    ])
}

/// The line of the txt pairing table for `board`.
fn pairing_row(text: &str, board: &str) -> String {
    text.lines()
        .find(|l| l.split_whitespace().next() == Some(board))
        .unwrap_or_else(|| panic!("no board {board}:\n{text}"))
        .to_string()
}

/// The txt scoresheet slip of `board`.
fn slip(text: &str, board: &str) -> String {
    text.split("- - -")
        .find(|s| s.contains(&format!("第{board}台")))
        .unwrap_or_else(|| panic!("no slip for board {board}:\n{text}"))
        .to_string()
}

#[test]
fn before_its_lot_the_armageddon_is_marked_on_the_pairings_and_its_slip_offers_a_black_win() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("ko.log");
    let arm = at_the_armageddon(&log);
    let pairings = export(&log, "pairings");
    let row = pairing_row(&pairings, &arm);
    assert!(row.contains("待抽签"), "{row}");
    assert!(row.contains("超快棋（待抽签定先后手）"), "{row}");
    let slips = export(&log, "scoresheets");
    let s = slip(&slips, &arm);
    assert!(s.contains("[ ] 和棋黑胜"), "{s}");
    assert!(!s.contains("[ ] 和 "), "{s}");
    assert_eq!(s.matches("待抽签").count(), 2, "both colours wait: {s}");
    // A slow game's slip keeps its plain 和.
    assert!(slip(&slips, "1").contains("[ ] 和 "), "{slips}");
    // The lot drawn: the colours are known, the marks go; the armageddon's box stays.
    ok(&[
        "pair",
        log.to_str().unwrap(),
        "--lot",
        "black",
        "--board",
        &arm,
    ]);
    let row = pairing_row(&export(&log, "pairings"), &arm);
    assert!(!row.contains("待抽签"), "{row}");
    let s = slip(&export(&log, "scoresheets"), &arm);
    assert!(s.contains("[ ] 和棋黑胜"), "{s}");
    assert!(
        s.contains("红方") && s.contains("黑方") && !s.contains("待抽签"),
        "{s}"
    );
    // The html slip too.
    let html = ok(&[
        "export",
        log.to_str().unwrap(),
        "--format",
        "html",
        "--what",
        "scoresheets",
    ]);
    assert!(html.contains("和棋黑胜"), "html slip");
}

#[test]
fn the_console_shows_no_clocks_and_no_colours_before_the_lot() {
    let dir = tempfile::tempdir().unwrap();
    let path = console_common::knockout_after_round_one(dir.path(), "ko.log");
    let arm = console_common::at_the_armageddon(&path) as usize;
    let mut h = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(71));
    h.prepare(minutes(71));
    let row = h.round_view.rows[arm - 1].clone();
    assert_eq!(row.result, "待抽签");
    assert!(row.colours_pending);
    assert_eq!((row.red.clock.as_str(), row.black.clock.as_str()), ("", ""));
    assert!(
        row.notes.iter().any(|n| n.text == "先后手待抽签: L 录入"),
        "{row:?}"
    );
    let screen = ui::render_text(&h, 120, 30);
    assert!(
        !screen.contains("6:00") && !screen.contains("4:00"),
        "{screen}"
    );
    insta::assert_snapshot!("armageddon_before_lot_zh_120x30", screen);
    // After the lot, the clocks and colours are the game's.
    type_keys(&mut h, "Lb", minutes(72));
    type_keys(&mut h, "y", minutes(72));
    h.prepare(minutes(72));
    let row = h.round_view.rows[arm - 1].clone();
    assert!(!row.colours_pending);
    assert_eq!(row.result, "");
    assert!(row.red.clock.contains("6:00"), "{row:?}");
    assert!(row.black.clock.contains("4:00"), "{row:?}");
}

/// The wall's row of `board`: its HTML from `<tr` to `</tr>`.
fn wall_row(html: &str, board: &str) -> String {
    let at = html
        .find(&format!("id=\"b{board}\""))
        .unwrap_or_else(|| panic!("no board {board} on the wall:\n{html}"));
    let start = html[..at].rfind("<tr").unwrap();
    let end = at + html[at..].find("</tr>").unwrap();
    html[start..end].to_string()
}

/// The fixture at its armageddon with its room page running: the directory, the log, the
/// armageddon's board and the server.
fn served() -> (
    tempfile::TempDir,
    std::path::PathBuf,
    String,
    serve_support::Server,
) {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("ko.log");
    let arm = at_the_armageddon(&log);
    let server = serve_support::Server::start(&log);
    (dir, log, arm, server)
}

#[test]
fn the_wall_says_lot_to_draw_with_no_colours_before_the_lot() {
    let (_dir, log, arm, server) = served();
    let html = server.get("/wall").text();
    let row = wall_row(&html, &arm);
    assert!(row.contains("待抽签"), "{row}");
    assert!(!row.contains("对局中"), "{row}");
    assert!(row.contains("class=\"board lot\""), "no colours: {row}");
    // The phone's round page says the same.
    let round = server.get("/").text();
    let at = round.find(&format!("id=\"b{arm}\"")).unwrap();
    let line = &round[at..at + round[at..].find("</tr>").unwrap()];
    assert!(
        line.contains("待抽签") && !line.contains("进行中"),
        "{line}"
    );
    // The lot drawn: the colours are the game's, and the word goes.
    ok(&[
        "pair",
        log.to_str().unwrap(),
        "--lot",
        "black",
        "--board",
        &arm,
    ]);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    let mut after = wall_row(&server.get("/wall").text(), &arm);
    while after.contains("待抽签") && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
        after = wall_row(&server.get("/wall").text(), &arm);
    }
    assert!(
        !after.contains("待抽签") && !after.contains("lot"),
        "{after}"
    );
}

/// The armageddon's 待抽签 on the wall, measured by the browser: its text, whether any of it
/// is cut (its cell narrower than the word, or the word outside the cell or the window), and
/// the colour of the names beside a Swiss board's red name.
const LOT_CELL: &str = r"((board) => {
  const row = document.getElementById('b' + board);
  const mid = row.querySelector('td.mid');
  const word = mid.querySelector('.lot');
  const r = word.getBoundingClientRect(), c = mid.getBoundingClientRect();
  const inside = r.width > 0 && r.left >= c.left - 0.5 && r.right <= c.right + 0.5
    && r.top >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
  const swiss = [...document.querySelectorAll('tr.board')].find(t => !t.classList.contains('lot') && !t.querySelector('.stage'));
  return {
    text: word.textContent.trim(),
    inside: inside,
    cut: mid.scrollWidth > mid.clientWidth + 1,
    red: getComputedStyle(row.querySelector('td.red')).color,
    swiss_red: swiss ? getComputedStyle(swiss.querySelector('td.red')).color : '',
  };
})";

#[test]
fn the_walls_lot_to_draw_is_whole_at_1280_and_1920() {
    use crate::support::need::{Tool, need};
    use serde_json::json;
    if !need(
        "the_walls_lot_to_draw_is_whole_at_1280_and_1920",
        &[Tool::Chromium],
    ) {
        return;
    }
    let (dir, _log, arm, server) = served();
    for size in [(1280, 720), (1920, 1080)] {
        let profile = dir.path().join(format!("p{}", size.0));
        let mut b =
            serve_support::browser::Browser::open(&profile, &format!("{}wall", server.url), size);
        b.viewport(size.0, size.1);
        let ready = b.wait_for(
            "document.querySelectorAll('.wpage.on').length",
            &json!(1),
            std::time::Duration::from_secs(20),
        );
        assert_eq!(ready, json!(1), "the wall's script shows one page");
        let m = b.eval(&format!("{LOT_CELL}({arm})"));
        assert_eq!(m["text"], json!("待抽签"), "{size:?}: {m}");
        assert_eq!(
            m["inside"],
            json!(true),
            "{size:?}: the word on screen, in its cell: {m}"
        );
        assert_eq!(m["cut"], json!(false), "{size:?}: nothing cut: {m}");
        assert_ne!(
            m["red"], m["swiss_red"],
            "{size:?}: no red before the lot: {m}"
        );
    }
}
