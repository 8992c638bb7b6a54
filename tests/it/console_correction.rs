//! A correction of an earlier round from the console once the next round is paired: the
//! head arbiter steps back to the round with `[` (the header says it is an earlier round and
//! how to come back), corrects the board there with a reason and a confirm, and `v` shows what
//! a re-pair changes (取消 / 新增 / 移台) as `pair --preview` prints it, not the whole new
//! pairing. Headless (snapshots) and the real binary in tmux.

use crate::support::cli as cli_support;
use crate::support::console as console_common;
use crate::support::tmux as tmux_support;

use std::process::Command as Proc;
use std::time::Duration;

use crate::support::need::{Tool, need};
use bianpai::console::action::Screen;
use bianpai::console::ui;
use bianpai::domain::rules::Lang;
use bianpai::domain::{Board, GameResult, Role, Round};
use bianpai::log::Log;
use cli_support::ok;
use console_common::{app_as, event, minutes, type_keys};

const BIN: &str = crate::support::bin::BIN;

fn result(path: &std::path::Path, round: u32, board: u32) -> Option<GameResult> {
    Log::open(path)
        .unwrap()
        .state()
        .game(Round(round), Board(board))
        .and_then(|g| g.result)
}

/// `pair --preview` of the log, the lines it prints.
fn cli_preview(path: &std::path::Path) -> Vec<String> {
    ok(&["pair", path.to_str().unwrap(), "--preview"])
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn the_head_arbiter_corrects_an_earlier_round_and_v_shows_only_the_changes() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "c.log", 8, 9, true);
    let mut head = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(30));
    // Round 1 played; the advance pairs round 2 (not started).
    type_keys(&mut head, "1r\n2r\n3r\n4r\n", minutes(30));
    assert_eq!(head.state().current_round(), Round(2));
    // `[`: round 1 on screen, marked as an earlier round.
    type_keys(&mut head, "[", minutes(31));
    let screen = ui::render_text(&head, 100, 24);
    insta::assert_snapshot!("correction_earlier_round_zh_100x24", screen);
    assert!(screen.contains("第1轮/共9轮"), "{screen}");
    assert!(
        screen.contains("往轮 (裁判长可更正结果) · ] 回到第2轮  已报 4/4"),
        "{screen}"
    );
    // Board 1 of round 1 corrected: the prompt names the round.
    type_keys(&mut head, "1b", minutes(31));
    let line = head.entry_line().unwrap();
    assert!(line.contains("更正第1轮第1台 红胜 → 黑胜 理由: "), "{line}");
    type_keys(&mut head, "记分表核对\n", minutes(31));
    let line = head.entry_line().unwrap();
    assert!(
        line.contains("更正第1轮第1台 红胜 → 黑胜 (记分表核对)? y 确认"),
        "{line}"
    );
    assert_eq!(
        result(&path, 1, 1),
        Some(GameResult::RedWin),
        "nothing before y"
    );
    type_keys(&mut head, "y", minutes(31));
    assert_eq!(result(&path, 1, 1), Some(GameResult::BlackWin));
    // Round 2 rests on the old result: the banner says so and offers v, R, K.
    let banner = head.banner.as_ref().unwrap().text.clone();
    assert!(
        banner.contains(
            "第2轮是按第1轮第1台更正前的结果编排的: 裁判长按 v 看变化, R 重新编排, K 保留"
        ),
        "{banner}"
    );
    // `]` back to the current round; `v` lists what a re-pair changes, as pair --preview.
    type_keys(&mut head, "]", minutes(32));
    assert_eq!(head.shown_round, None);
    type_keys(&mut head, "v", minutes(32));
    assert_eq!(head.screen, Screen::Preview);
    let (_, _, table) = head.table.clone().unwrap();
    assert!(
        table.rows.is_empty(),
        "not the whole new pairing: {:?}",
        table.rows
    );
    assert_eq!(table.notes, cli_preview(&path));
    assert!(
        table.notes.iter().any(|n| n.contains("取消 第")),
        "{:?}",
        table.notes
    );
    assert!(
        table.notes.iter().any(|n| n.contains("新增 第")),
        "{:?}",
        table.notes
    );
    let screen = ui::render_text(&head, 100, 24);
    insta::assert_snapshot!("correction_preview_changes_zh_100x24", screen);
    // R re-pairs after its confirm step and the console returns to the boards.
    type_keys(&mut head, "Ry", minutes(33));
    assert_eq!(head.screen, Screen::Round);
    assert!(head.state().outdated_round().is_none());
    assert_eq!(head.state().current_round(), Round(2));
}

#[test]
fn an_assistant_may_look_back_but_not_correct() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "a.log", 8, 9, true);
    let mut li = app_as(&path, "li", Role::Assistant, Lang::Zh, minutes(30));
    type_keys(&mut li, "1r\n2r\n3r\n4r\n", minutes(30));
    assert_eq!(li.state().current_round(), Round(2));
    type_keys(&mut li, "[[", minutes(31));
    assert_eq!(li.shown_round, Some(Round(1)), "round 1 is the first");
    let before = li.log.records().len();
    type_keys(&mut li, "1b", minutes(31));
    let m = li.message.clone().unwrap();
    assert!(
        m.text.contains("第1台已有结果: 红胜 (更正须裁判长)"),
        "{}",
        m.text
    );
    assert_eq!(li.log.records().len(), before);
    type_keys(&mut li, "]]", minutes(31));
    assert_eq!(li.shown_round, None);
}

#[test]
fn the_real_console_corrects_round_one_after_round_two_is_paired() {
    if !need(
        "the_real_console_corrects_round_one_after_round_two_is_paired",
        &[Tool::Tmux],
    ) {
        return;
    }
    assert!(
        Proc::new("tmux").arg("-V").output().is_ok(),
        "tmux is needed for this test (apt-get install tmux)"
    );
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("t.log");
    let l = log.to_str().unwrap();
    ok(&["new", l, "--preset", "qigu-2024-07", "--title", "更正"]);
    for n in [
        "薛平", "罗军", "王五", "赵六", "钱七", "孙八", "周九", "吴十",
    ] {
        ok(&["player", "add", l, "--name", n]);
    }
    ok(&["draw", l, "--in-order"]);
    ok(&["pair", l]);
    ok(&["start", l]);
    for b in ["1", "2", "3", "4"] {
        ok(&["result", l, b, "red_win"]);
    }
    ok(&["pair", l]);
    let tmux = tmux_support::Tmux::new("correct");
    tmux.session("h");
    let cmd = format!("{BIN} console {l} --role head; echo CONSOLE-EXITED-$?");
    tmux.keys("h", &[&cmd, "Enter"]);
    tmux.wait_for("h", "第2轮/共9轮", Duration::from_secs(20));
    tmux.keys("h", &["["]);
    tmux.wait_for(
        "h",
        "往轮 (裁判长可更正结果) · ] 回到第2轮",
        Duration::from_secs(5),
    );
    tmux.keys("h", &["1", "b"]);
    tmux.wait_for(
        "h",
        "更正第1轮第1台 红胜 → 黑胜 理由:",
        Duration::from_secs(5),
    );
    tmux.keys("h", &["-l", "记分表核对"]);
    tmux.keys("h", &["Enter"]);
    tmux.wait_for("h", "(记分表核对)? y 确认", Duration::from_secs(5));
    tmux.keys("h", &["y"]);
    tmux.wait_for("h", "第2轮按更正前结果编排", Duration::from_secs(5));
    assert_eq!(result(&log, 1, 1), Some(GameResult::BlackWin));
    tmux.keys("h", &["]"]);
    tmux.keys("h", &["v"]);
    tmux.wait_for("h", "第2轮重新编排预览", Duration::from_secs(5));
    let pane = tmux.pane("h");
    assert!(pane.contains("取消 第"), "{pane}");
    assert!(pane.contains("新增 第"), "{pane}");
    // The changes only: no table of every board of the new pairing.
    assert!(!pane.contains("台次 红方"), "{pane}");
    for line in cli_preview(&log) {
        assert!(
            pane.contains(line.trim()),
            "{line:?} not on screen:\n{pane}"
        );
    }
    tmux.keys("h", &["R"]);
    tmux.wait_for("h", "按更正后的结果重新编排第2轮", Duration::from_secs(5));
    tmux.keys("h", &["y"]);
    tmux.wait_for("h", "已报 0/4", Duration::from_secs(5));
    tmux.keys("h", &["q"]);
    tmux.wait_for("h", "CONSOLE-EXITED-0", Duration::from_secs(5));
    let t = Log::open(&log).unwrap().state().clone();
    assert!(t.outdated_round().is_none());
    assert_eq!(t.current_round(), Round(2));
}
