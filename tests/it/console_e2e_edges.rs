//! End to end (issue 21, points 1, 2 and 7): the real binary in tmux, in Chinese. A correction
//! of round 1 made on the command line shows in the head arbiter's console, which re-pairs
//! round 2 with R and a confirm step; the armageddon's result is refused until the lot is in;
//! a loss on time without clock data is board, t, side, confirm, and the foul that decides a
//! game says so until the next key.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::support::tmux as tmux_support;

use crate::support::need::{Tool, need};
use bianpai::domain::event::GameKind;
use bianpai::domain::{Board, GameResult, Round};
use bianpai::log::Log;
use tmux_support::Tmux;

const BIN: &str = crate::support::bin::BIN;
const WAIT: Duration = Duration::from_secs(10);

fn cli(args: &[&str]) -> String {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "bianpai {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn tmux_present() {
    assert!(
        Command::new("tmux").arg("-V").output().is_ok(),
        "tmux is needed for this test (apt-get install tmux)"
    );
}

/// A console on `log` in session `name` as `role`.
fn console(tmux: &Tmux, name: &str, log: &Path, role: &str) {
    tmux.session(name);
    let cmd = format!(
        "{BIN} console {} --lang zh --role {role}; echo CONSOLE-EXITED-$?",
        log.display()
    );
    tmux.keys(name, &[&cmd, "Enter"]);
}

fn quit(tmux: &Tmux, name: &str) {
    // Esc alone first (Esc then q at once reads as Alt-q).
    tmux.keys(name, &["Escape"]);
    std::thread::sleep(Duration::from_millis(300));
    tmux.keys(name, &["q"]);
    tmux.wait_for(name, "CONSOLE-EXITED-0", WAIT);
}

#[test]
fn a_correction_after_the_next_round_is_paired_is_re_paired_with_r() {
    if !need(
        "a_correction_after_the_next_round_is_paired_is_re_paired_with_r",
        &[Tool::Tmux],
    ) {
        return;
    }
    tmux_present();
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("c.log");
    let l = log.to_str().unwrap();
    cli(&["new", l, "--preset", "qigu-2024-07", "--title", "边界"]);
    for n in [
        "薛平", "罗军", "王五", "赵六", "钱七", "孙八", "周九", "吴十",
    ] {
        cli(&["player", "add", l, "--name", n]);
    }
    cli(&["draw", l, "--in-order"]);
    cli(&["pair", l]);
    cli(&["start", l]);
    for b in ["1", "2", "3", "4"] {
        cli(&["result", l, b, "red_win"]);
    }
    cli(&["pair", l]);
    let old = Log::open(&log)
        .unwrap()
        .state()
        .current()
        .unwrap()
        .games
        .clone();
    let tmux = Tmux::new("edgesa-repair");
    console(&tmux, "h", &log, "head");
    tmux.wait_for("h", "第2轮/共9轮", Duration::from_secs(20));
    cli(&[
        "result",
        l,
        "1",
        "black_win",
        "--round",
        "1",
        "--correct",
        "--reason",
        "记分表核对",
    ]);
    tmux.wait_for("h", "第2轮是按第1轮第1台更正前的结果编排的", WAIT);
    tmux.keys("h", &["R"]);
    tmux.wait_for("h", "第2轮重新编排预览", WAIT);
    tmux.wait_for("h", "y 确认", WAIT);
    // Nothing written before the confirm.
    assert_eq!(
        Log::open(&log).unwrap().state().current().unwrap().games,
        old
    );
    tmux.keys("h", &["y"]);
    tmux.wait_for("h", "已记录: 按更正后的结果重新编排第2轮", WAIT);
    quit(&tmux, "h");
    let after = Log::open(&log).unwrap();
    let t = after.state();
    assert_eq!(t.current_round(), Round(2));
    assert_ne!(t.current().unwrap().games, old);
    assert!(t.outdated_round().is_none());
}

/// The lvliang-2024 preset with the knockout after round 1 of 3; 8 players; round 2 started
/// with semi-final board 1 drawn twice. Returns the armageddon's board.
fn at_the_armageddon(dir: &Path, log: &Path) -> Board {
    let rules = dir.join("ko.ron");
    let ron = cli(&["presets", "--show", "lvliang-2024"])
        .replacen("after_round: 9", "after_round: 1", 1)
        .replacen("rounds: 11,", "rounds: 3,", 1);
    std::fs::write(&rules, ron).unwrap();
    let l = log.to_str().unwrap();
    cli(&["new", l, "--rules", rules.to_str().unwrap()]);
    for i in 1..=8 {
        cli(&["player", "add", l, "--name", &format!("棋手{i}")]);
    }
    cli(&["draw", l, "--in-order"]);
    cli(&["pair", l]);
    cli(&["start", l]);
    for (b, r) in [
        ("1", "red_win"),
        ("2", "red_win"),
        ("3", "red_win"),
        ("4", "black_win"),
    ] {
        cli(&["result", l, b, r]);
    }
    // Seeds 1 and 4 have had one red each: 1 chooses the colours and takes red.
    cli(&["pair", l, "--choose", "red"]);
    cli(&["start", l]);
    cli(&["result", l, "1", "draw"]);
    let rapid = Log::open(log)
        .unwrap()
        .state()
        .current()
        .unwrap()
        .games
        .len();
    cli(&["result", l, &rapid.to_string(), "draw"]);
    let t = Log::open(log).unwrap().state().clone();
    let arm = t.current().unwrap().games.last().unwrap().clone();
    assert_eq!(arm.game, GameKind::Armageddon);
    arm.board
}

#[test]
fn the_armageddon_result_is_refused_until_the_lot_is_entered_with_l() {
    if !need(
        "the_armageddon_result_is_refused_until_the_lot_is_entered_with_l",
        &[Tool::Tmux],
    ) {
        return;
    }
    tmux_present();
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("ko.log");
    let arm = at_the_armageddon(dir.path(), &log);
    let b = arm.0.to_string();
    let tmux = Tmux::new("edgesa-lot");
    console(&tmux, "a", &log, "assistant");
    console(&tmux, "h", &log, "head");
    tmux.wait_for("a", "第2轮/共3轮", Duration::from_secs(20));
    tmux.wait_for("h", "第2轮/共3轮", Duration::from_secs(20));
    let before = std::fs::read(&log).unwrap();
    tmux.keys("a", &[&b, "r"]);
    tmux.wait_for("a", "须先抽签定先后手", WAIT);
    tmux.wait_for("a", "控制台按 L", WAIT);
    assert_eq!(std::fs::read(&log).unwrap(), before);
    // The head arbiter enters the lot: L, the colour the higher-ranked player drew, confirm.
    tmux.keys("h", &["L"]);
    tmux.wait_for("h", "超快棋抽签", WAIT);
    // One key: `b` brings the confirm step at once.
    tmux.keys("h", &["b"]);
    tmux.wait_for("h", "y 确认", WAIT);
    tmux.keys("h", &["y"]);
    tmux.wait_for("h", "已记录", WAIT);
    // Now the assistant's result goes in.
    tmux.keys("a", &[&b, "d"]);
    tmux.wait_for("a", "Enter 记录", WAIT);
    tmux.keys("a", &["Enter"]);
    tmux.wait_for("a", "已记录", WAIT);
    quit(&tmux, "a");
    quit(&tmux, "h");
    let t = Log::open(&log).unwrap().state().clone();
    let g = t.game(Round(2), arm).unwrap();
    assert!(g.lot);
    assert_eq!(g.result, Some(GameResult::Draw));
}

#[test]
fn the_floor_without_clocks_time_loss_and_a_deciding_foul() {
    if !need(
        "the_floor_without_clocks_time_loss_and_a_deciding_foul",
        &[Tool::Tmux],
    ) {
        return;
    }
    tmux_present();
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("f.log");
    let l = log.to_str().unwrap();
    cli(&["new", l, "--preset", "qigu-2024-07", "--title", "无钟"]);
    for i in 1..=10 {
        cli(&["player", "add", l, "--name", &format!("棋手{i}")]);
    }
    cli(&["draw", l, "--in-order"]);
    cli(&["pair", l]);
    cli(&["start", l]);
    let tmux = Tmux::new("edgesa-floor");
    console(&tmux, "a", &log, "assistant");
    tmux.wait_for("a", "第1轮/共9轮", Duration::from_secs(20));
    // Board 3: t, red, confirm.
    tmux.keys("a", &["3", "t"]);
    tmux.wait_for("a", "第3台 超时: r红方 b黑方", WAIT);
    tmux.keys("a", &["r"]);
    tmux.wait_for("a", "第3台 红方超时 → 黑胜? y 确认", WAIT);
    tmux.keys("a", &["y"]);
    tmux.wait_for("a", "已记录", WAIT);
    // Board 5: red's second move-rule foul decides the game.
    tmux.keys("a", &["5", "x", "r", "1", "Enter"]);
    tmux.wait_for("a", "已记录", WAIT);
    tmux.keys("a", &["5", "x", "r", "1", "Enter"]);
    tmux.wait_for("a", "第5台 红方第2次犯规，判负", WAIT);
    // The next key clears it.
    tmux.keys("a", &["1"]);
    tmux.wait_for("a", "第1台_", WAIT);
    let pane = tmux.pane("a");
    assert!(!pane.contains("第2次犯规"), "{pane}");
    quit(&tmux, "a");
    let t = Log::open(&log).unwrap().state().clone();
    assert_eq!(
        t.game(Round(1), Board(3)).unwrap().result,
        Some(GameResult::BlackWin)
    );
    assert_eq!(
        t.game(Round(1), Board(5)).unwrap().result,
        Some(GameResult::BlackWin)
    );
}
