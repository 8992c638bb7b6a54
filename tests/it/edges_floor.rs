//! Issue 21, points 2, 6 and 7 on the console and the command line: the armageddon's lot comes
//! first; automatic acts are said as the rule's (the audit, the event line, the JSON); the floor
//! without electronic clocks (a loss on time by sight, the foul that decides a game said on
//! the assistant's screen, the opponent's claim where the rules want it); a stale message is
//! gone after the next action.

use std::path::Path;

use crate::support::console as console_common;

use crate::support::bin::{ok, run as bp};
use bianpai::console::ui;
use bianpai::domain::event::{Cause, GameKind};
use bianpai::domain::rules::{FoulKind, Lang};
use bianpai::domain::{Board, Command, GameResult, Role, Round, Side};
use bianpai::log::Log;
use console_common::{app_as, minutes, type_keys};

fn game(path: &Path, round: u32, board: u32) -> bianpai::domain::tournament::Game {
    Log::open(path)
        .unwrap()
        .state()
        .game(Round(round), Board(board))
        .unwrap()
        .clone()
}

/// A knockout after round 1 of 3, round 1 played and round 2 paired and started; semi-final
/// board 1 drawn in the slow and the rapid game: the armageddon waits. Returns its board.
fn at_the_armageddon(path: &Path) -> u32 {
    let mut head = app_as(path, "wang", Role::Head, Lang::Zh, minutes(40));
    type_keys(&mut head, "1r\n2r\n3r\n4b\n", minutes(40));
    // The advance stops for the knockout's colour choice and asks.
    console_common::choose_red(&mut head, minutes(45));
    type_keys(&mut head, "Sy", minutes(50));
    type_keys(&mut head, "1d\n", minutes(60));
    let rapid = head.state().current().unwrap().games.len();
    type_keys(&mut head, &format!("{rapid}d\n"), minutes(70));
    let arm = head
        .state()
        .current()
        .unwrap()
        .games
        .last()
        .unwrap()
        .clone();
    assert_eq!(arm.game, GameKind::Armageddon);
    arm.board.0
}

#[test]
fn the_armageddon_result_waits_for_the_lot_in_the_console() {
    use bianpai::domain::rules::Knockout;
    let dir = tempfile::tempdir().unwrap();
    let path = console_common::event_with(dir.path(), "ko.log", 8, 3, true, "lvliang-2024", |r| {
        r.format = bianpai::domain::format::Format::Swiss {
            knockout: Some(Knockout {
                after_round: 1,
                players: 4,
            }),
        };
    });
    let arm = at_the_armageddon(&path);
    let before = std::fs::read(&path).unwrap();
    // The assistant types the result: refused at once, naming the lot and the key.
    let mut asst = app_as(&path, "li", Role::Assistant, Lang::Zh, minutes(71));
    type_keys(&mut asst, &format!("{arm}r"), minutes(71));
    assert_eq!(asst.mode, bianpai::console::app::Mode::Normal);
    let m = asst.message.clone().unwrap();
    assert!(
        m.error && m.text.contains("须先抽签定先后手") && m.text.contains("控制台按 L"),
        "{}",
        m.text
    );
    let screen = ui::render_text(&asst, 160, 48);
    assert!(screen.contains("须先抽签定先后手"), "{screen}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    // The head arbiter enters the lot (L), then the result goes in.
    let mut head = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(72));
    type_keys(&mut head, "Lr\ny", minutes(72));
    assert!(game(&path, 2, arm).lot);
    asst.poll(minutes(73));
    type_keys(&mut asst, &format!("{arm}d\n"), minutes(73));
    assert_eq!(game(&path, 2, arm).result, Some(GameResult::Draw));
}

#[test]
fn automatic_acts_are_said_as_the_rules_with_who_triggered_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = console_common::event(dir.path(), "a.log", 8, 5, true);
    let li = bianpai::domain::Actor {
        user: "li".into(),
        role: Role::Assistant,
    };
    let mut head_console = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(1));
    let mut log = Log::open(&path).unwrap();
    // Board 1's black is absent; li's console ticks after the window closed.
    let black = log.state().game(Round(1), Board(1)).unwrap().black;
    log.execute(
        &li,
        &Command::MarkSeat {
            round: None,
            board: Board(1),
            side: Side::Black,
            present: false,
            at: minutes(1),
            reverse_reason: None,
        },
        minutes(1),
    )
    .unwrap();
    log.execute(&li, &Command::Tick { now: minutes(11) }, minutes(11))
        .unwrap();
    // Two move-rule fouls on board 2 (qigu-2024-07: the second loses the game).
    for _ in 0..2 {
        log.execute(
            &li,
            &Command::RecordFoul {
                round: None,
                board: Board(2),
                side: Side::Red,
                kind: FoulKind::MoveRule,
            },
            minutes(12),
        )
        .unwrap();
    }
    // The console's event line: the rule, then whose terminal triggered it.
    head_console.poll(minutes(12));
    head_console.prepare(minutes(12));
    let line = head_console.last_change.clone().unwrap();
    assert!(
        line.starts_with("自动（犯规超限） (li 的终端触发)"),
        "{line}"
    );
    // Round 2: the same player absent again: the second forfeit withdraws them by the rule.
    for b in 3..=4 {
        log.execute(
            &li,
            &Command::RecordResult {
                round: None,
                board: Board(b),
                result: GameResult::RedWin,
                correct: None,
            },
            minutes(20),
        )
        .unwrap();
    }
    let head = console_common::head();
    if log.state().current_round() == Round(1) {
        log.execute(&head, &Command::PairNextRound, minutes(30))
            .unwrap();
    }
    log.execute(&head, &Command::StartRound { at: minutes(60) }, minutes(60))
        .unwrap();
    let g = log
        .state()
        .current()
        .unwrap()
        .game_of(black)
        .unwrap()
        .clone();
    let side = g.side_of(black).unwrap();
    log.execute(
        &li,
        &Command::MarkSeat {
            round: None,
            board: g.board,
            side,
            present: false,
            at: minutes(61),
            reverse_reason: None,
        },
        minutes(61),
    )
    .unwrap();
    log.execute(&li, &Command::Tick { now: minutes(71) }, minutes(71))
        .unwrap();

    // The audit (real binary): the rule in the user column, li as the detail.
    let l = path.to_str().unwrap();
    let audit = ok(&["audit", l]);
    let lines: Vec<&str> = audit.lines().collect();
    let late: Vec<&&str> = lines.iter().filter(|x| x.contains("[迟到判负]")).collect();
    assert_eq!(late.len(), 2, "{audit}");
    for x in &late {
        assert!(
            x.contains("自动（迟到超时）") && x.contains("（由 li 的终端触发）"),
            "{x}"
        );
    }
    let foul = lines.iter().find(|x| x.contains("[犯规判负]")).unwrap();
    assert!(
        foul.contains("自动（犯规超限）") && foul.contains("li"),
        "{foul}"
    );
    let withdrawn = lines.iter().find(|x| x.contains("按规则判退")).unwrap();
    assert!(
        withdrawn.contains("自动（连续弃权）") && withdrawn.contains("（由 li 的终端触发）"),
        "{withdrawn}"
    );
    // A result typed by li stays li's.
    let typed = lines
        .iter()
        .find(|x| x.contains("第1轮第3台: 红胜"))
        .unwrap();
    assert!(typed.contains(" li ") && !typed.contains("自动"), "{typed}");

    // The JSON export names the rule on each automatic result and withdrawal.
    let json = ok(&["export", l, "--format", "json", "--what", "all"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let r1 = &v["rounds"][0]["games"];
    assert_eq!(r1[0]["automatic"]["rule"], "late_window");
    assert_eq!(r1[0]["automatic"]["text"], "自动（迟到超时）");
    assert_eq!(r1[1]["automatic"]["rule"], "foul_limit");
    assert!(r1[2]["automatic"].is_null());
    let p = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["no"] == black.0)
        .unwrap();
    assert_eq!(p["withdrawn_automatic"]["text"], "自动（连续弃权）");

    // The console's audit screen: the rule in the user column.
    head_console.poll(minutes(72));
    type_keys(&mut head_console, "l", minutes(72));
    let screen = ui::render_text(&head_console, 160, 48);
    assert!(
        screen.contains("自动（连续弃权）") && screen.contains("自动（迟到超时）"),
        "{screen}"
    );
}

#[test]
fn a_loss_on_time_without_clock_data_is_one_key_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = console_common::event(dir.path(), "t.log", 8, 5, true);
    let mut asst = app_as(&path, "li", Role::Assistant, Lang::Zh, minutes(25));
    type_keys(&mut asst, "3t", minutes(25));
    assert!(
        asst.entry_line()
            .unwrap()
            .contains("第3台 超时: r红方 b黑方")
    );
    type_keys(&mut asst, "r", minutes(25));
    let line = asst.entry_line().unwrap();
    assert!(
        line.contains("第3台 红方超时 → 黑胜") && line.contains("y 确认"),
        "{line}"
    );
    type_keys(&mut asst, "y", minutes(25));
    let g = game(&path, 1, 3);
    assert_eq!(
        (g.result, g.cause),
        (Some(GameResult::BlackWin), Cause::Time)
    );
    // On the command line: by sight with --observed; refused where the clock has data.
    let l = path.to_str().unwrap();
    ok(&["flag", l, "4", "black", "--observed"]);
    let g = game(&path, 1, 4);
    assert_eq!((g.result, g.cause), (Some(GameResult::RedWin), Cause::Time));
    ok(&["clock", l, "2", "set", "--red", "5:00", "--black", "5:00"]);
    let out = bp(&["flag", l, "2", "red", "--observed"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("本台有棋钟数据"), "{err}");
}

#[test]
fn the_foul_that_decides_a_game_says_so_on_the_assistants_screen() {
    let dir = tempfile::tempdir().unwrap();
    let path = console_common::event(dir.path(), "f.log", 10, 5, true);
    let mut asst = app_as(&path, "li", Role::Assistant, Lang::Zh, minutes(20));
    type_keys(&mut asst, "5xr1\n", minutes(20));
    assert!(game(&path, 1, 5).result.is_none());
    type_keys(&mut asst, "5xr1\n", minutes(21));
    assert_eq!(game(&path, 1, 5).result, Some(GameResult::BlackWin));
    let m = asst.message.clone().unwrap().text;
    assert_eq!(m, "第5台 红方第2次犯规，判负");
    insta::assert_snapshot!("foul_decides_zh_80x24", ui::render_text(&asst, 80, 24));
    // The next action clears it: no stale message beside a new entry.
    type_keys(&mut asst, "1", minutes(22));
    assert!(asst.message.is_none());
    assert!(!ui::render_text(&asst, 80, 24).contains("判负"));
}

#[test]
fn where_the_rules_want_a_claim_the_foul_limit_waits_for_it() {
    let dir = tempfile::tempdir().unwrap();
    // qiyuan-2019: "一局棋达到两次犯规，经对方提出，立即判负".
    let path = console_common::event_with(dir.path(), "c.log", 8, 5, true, "qiyuan-2019", |_| {});
    let mut asst = app_as(&path, "li", Role::Assistant, Lang::Zh, minutes(20));
    type_keys(&mut asst, "2xb2\n2xb5\n", minutes(20));
    // The limit is reached but nothing is decided: the console asks whether red claims.
    assert!(game(&path, 1, 2).result.is_none());
    let line = asst.entry_line().unwrap();
    assert!(
        line.contains("第2台 黑方第2次犯规，已达判负次数，经红方提出判负")
            && line.contains("y 确认"),
        "{line}"
    );
    type_keys(&mut asst, "n", minutes(20));
    assert!(game(&path, 1, 2).result.is_none());
    // Red claims a moment later, on the command line.
    let l = path.to_str().unwrap();
    let out = bp(&["claim", l, "3", "red"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("未达判负次数"));
    ok(&["claim", l, "2", "black"]);
    let g = game(&path, 1, 2);
    assert_eq!(
        (g.result, g.cause),
        (Some(GameResult::RedWin), Cause::FoulClaimed)
    );
    // In the console: the claim confirmed with y.
    type_keys(&mut asst, "3xr1\n3xr1\n", minutes(25));
    assert!(asst.entry_line().unwrap().contains("经黑方提出判负"));
    type_keys(&mut asst, "y", minutes(25));
    let g = game(&path, 1, 3);
    assert_eq!(
        (g.result, g.cause),
        (Some(GameResult::BlackWin), Cause::FoulClaimed)
    );
    // A claimed loss is the arbiter's act, not an automatic one.
    let audit = ok(&["audit", l]);
    assert!(!audit.contains("自动（犯规超限）"), "{audit}");
}
