//! The knockout's colour choice (seed 003 §2.2): with equal red counts the higher-ranked
//! player chooses. `pair --choose` gives it (a bare `pair` takes the usual choice, red for the
//! higher-ranked player, and says so) and the log records it; the console asks (one key per match), on `P` and when the
//! automatic advance stops for it. The real binary, headless console snapshots, and tmux.

use crate::support::cli as cli_support;
use crate::support::console as console_common;
use crate::support::tmux as tmux_support;

use std::time::Duration;

use crate::support::need::{Tool, need};
use bianpai::console::ui;
use bianpai::domain::rules::Lang;
use bianpai::domain::{PlayerNo, Role, Round, Side};
use bianpai::log::Log;
use cli_support::{Event, ok, run};
use console_common::{app_as, minutes, type_keys};

const NAMES: [&str; 8] = [
    "王伟", "李娜", "张强", "刘洋", "陈静", "杨帆", "赵磊", "黄敏",
];

/// Seed 003's rules with the knockout after round 1 of 3, eight players numbered in
/// registration order, round 1 played: 1–2, 4–3, 5–6, 8–7, every red wins. The finalists
/// 1, 4, 5, 8 have had one red each: both semi-finals (1 v 8, 4 v 5) are level.
fn level(results: bool) -> Event {
    let ron = ok(&["presets", "--show", "lvliang-2024"])
        .replace("rounds: 11,", "rounds: 3,")
        .replace("after_round: 9,", "after_round: 1,")
        .replace("after_round: Some(9)", "after_round: Some(1)");
    let e = Event::from_rules(&ron);
    for n in NAMES {
        e.add(&["--name", n]);
    }
    ok(&["draw", e.log_str(), "--in-order"]);
    ok(&["pair", e.log_str()]);
    ok(&["start", e.log_str()]);
    if results {
        for b in ["1", "2", "3", "4"] {
            ok(&["result", e.log_str(), b, "red_win"]);
        }
    }
    e
}

fn state(e: &Event) -> bianpai::domain::Tournament {
    Log::open(&e.log).unwrap().state().clone()
}

#[test]
fn pair_takes_the_usual_choice_without_choose_says_so_and_records_the_choice() {
    let e = level(true);
    // A script's `pair` with no --choose: the higher-ranked player on red, said on stderr with
    // the way to change it, and recorded as their choice.
    let out = run(&["pair", e.log_str()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains(
            "第2轮淘汰赛先后手次数相同, 未用 --choose 给出选择: 按惯例由名次列前者执红 (1号、4号)"
        ),
        "{err}"
    );
    assert!(err.contains("--choose 1=black"), "{err}");
    let t = state(&e);
    assert_eq!(
        t.round(Round(2)).unwrap().choices,
        vec![(PlayerNo(1), Side::Red), (PlayerNo(4), Side::Red)]
    );
    ok(&["unpair", e.log_str(), "--reason", "改选先后手"]);
    let before = std::fs::read(&e.log).unwrap();
    // Bad choices name what is wrong, and write nothing.
    let err = e.refused(&["pair", e.log_str(), "--choose", "7=red"]);
    assert!(
        err.contains("player 7 does not choose colours (the choosers: 1, 4)"),
        "{err}"
    );
    let err = e.refused(&[
        "pair",
        e.log_str(),
        "--choose",
        "red",
        "--choose",
        "red",
        "--choose",
        "red",
    ]);
    assert!(err.contains("only 2 match(es) of round 2"), "{err}");
    let err = e.refused(&["pair", e.log_str(), "--choose", "red"]);
    assert!(err.contains("4 刘洋 v 5 陈静 (chosen by 4)"), "{err}");
    assert!(!err.contains("1 王伟 v 8"), "{err}");
    assert_eq!(
        std::fs::read(&e.log).unwrap(),
        before,
        "bad choices write nothing"
    );
    // 1 chose black, 4 chose red.
    let out = ok(&[
        "pair",
        e.log_str(),
        "--choose",
        "black",
        "--choose",
        "4=red",
    ]);
    assert!(
        out.contains("第2轮第1台半决赛 先后手次数相同, 名次列前的1号王伟选择执黑"),
        "{out}"
    );
    assert!(
        out.contains("第2轮第2台半决赛 先后手次数相同, 名次列前的4号刘洋选择执红"),
        "{out}"
    );
    let t = state(&e);
    let r = t.round(Round(2)).unwrap();
    assert_eq!(
        (r.games[0].red, r.games[0].black),
        (PlayerNo(8), PlayerNo(1))
    );
    assert_eq!(
        (r.games[1].red, r.games[1].black),
        (PlayerNo(4), PlayerNo(5))
    );
    assert_eq!(
        r.choices,
        vec![(PlayerNo(1), Side::Black), (PlayerNo(4), Side::Red)]
    );
    let audit = ok(&["audit", e.log_str()]);
    assert!(audit.contains("名次列前的1号王伟选择执黑"), "{audit}");
    // Nothing is due in round 3 before the semi-finals are played.
    let err = e.refused(&["pair", e.log_str(), "--choose", "red"]);
    assert!(!err.is_empty());
}

/// The same field built in the library at a fixed time (for snapshots): the fixture's
/// generated names, round 1 started at 09:00 and every red winning.
fn level_at(dir: &std::path::Path, name: &str) -> std::path::PathBuf {
    use bianpai::domain::{Board, Command, GameResult};
    let path = console_common::event_with(dir, name, 8, 3, true, "lvliang-2024", |r| {
        r.format = bianpai::domain::format::Format::Swiss {
            knockout: Some(bianpai::domain::rules::Knockout {
                after_round: 1,
                players: 4,
            }),
        };
        r.teams = None;
    });
    let mut log = Log::open(&path).unwrap();
    for b in 1..=4 {
        log.execute(
            &console_common::head(),
            &Command::RecordResult {
                round: None,
                board: Board(b),
                result: GameResult::RedWin,
                correct: None,
            },
            minutes(50),
        )
        .unwrap();
    }
    path
}

#[test]
fn the_console_asks_each_higher_ranked_player_with_one_key() {
    let dir = tempfile::tempdir().unwrap();
    let path = level_at(dir.path(), "c.log");
    let mut app = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(60));
    type_keys(&mut app, "P", minutes(60));
    let first = ui::render_text(&app, 120, 24);
    assert!(
        first.contains(
            "第2轮半决赛: 1号王伟1 (名次列前) 对 8号周伟8, 前面轮次先后手次数相同, 由王伟1选择: r 执红 / b 执黑"
        ),
        "{first}"
    );
    // Enter alone chooses nothing; a wrong key says so; the question stays.
    type_keys(&mut app, "\nx", minutes(60));
    assert!(app.entry_line().unwrap().contains("1号王伟1"));
    assert!(
        app.message
            .as_ref()
            .unwrap()
            .text
            .contains("请按 r (执红) 或 b (执黑)")
    );
    type_keys(&mut app, "b", minutes(60));
    let second = ui::render_text(&app, 120, 24);
    assert!(
        second.contains("4号刘伟4 (名次列前) 对 5号欧阳伟5"),
        "{second}"
    );
    type_keys(&mut app, "r", minutes(60));
    let confirm = ui::render_text(&app, 120, 24);
    insta::assert_snapshot!("knockout_choice_confirm_zh_120x24", confirm);
    assert!(
        confirm.contains("编排第2轮 (1号王伟1选黑方、4号刘伟4选红方)? y 确认 / n 取消"),
        "{confirm}"
    );
    assert_eq!(app.state().current_round(), Round(1), "nothing before y");
    type_keys(&mut app, "y", minutes(60));
    let t = app.state();
    assert_eq!(t.current_round(), Round(2));
    assert_eq!(
        t.round(Round(2)).unwrap().choices,
        vec![(PlayerNo(1), Side::Black), (PlayerNo(4), Side::Red)]
    );
    // Esc at the question writes nothing.
    let path = level_at(dir.path(), "d.log");
    let mut app = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(60));
    let before = app.log.records().len();
    type_keys(&mut app, "Pr\x1b", minutes(60));
    assert_eq!(app.log.records().len(), before);
    assert_eq!(app.state().current_round(), Round(1));
}

#[test]
fn the_automatic_advance_stops_for_the_choice_and_the_real_console_asks() {
    if !need(
        "the_automatic_advance_stops_for_the_choice_and_the_real_console_asks",
        &[Tool::Tmux],
    ) {
        return;
    }
    assert!(
        std::process::Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok(),
        "tmux is needed for this test (apt-get install tmux)"
    );
    // Round 1 played in the console itself: the last result brings the question.
    let e = level(false);
    let bin = crate::support::bin::BIN;
    let tmux = tmux_support::Tmux::new("choice");
    tmux.session("k");
    let cmd = format!(
        "{bin} console {} --role head; echo CONSOLE-EXITED-$?",
        e.log_str()
    );
    tmux.keys("k", &[&cmd, "Enter"]);
    tmux.wait_for("k", "第1轮/共3轮", Duration::from_secs(20));
    for b in ["1", "2", "3", "4"] {
        tmux.keys("k", &[b, "r", "Enter"]);
        tmux.wait_for("k", &format!("已报 {b}/4"), Duration::from_secs(5));
    }
    tmux.wait_for("k", "由王伟选择: r 执红 / b 执黑", Duration::from_secs(5));
    // Nothing was paired meanwhile.
    assert_eq!(state(&e).current_round(), Round(1));
    tmux.keys("k", &["r"]);
    tmux.wait_for("k", "由刘洋选择: r 执红 / b 执黑", Duration::from_secs(5));
    tmux.keys("k", &["b"]);
    tmux.wait_for(
        "k",
        "1号王伟选红方、4号刘洋选黑方)? y 确认",
        Duration::from_secs(5),
    );
    tmux.keys("k", &["y"]);
    tmux.wait_for("k", "第2轮/共3轮", Duration::from_secs(5));
    tmux.keys("k", &["q"]);
    tmux.wait_for("k", "CONSOLE-EXITED-0", Duration::from_secs(5));
    let t = state(&e);
    let r = t.round(Round(2)).unwrap();
    assert_eq!(
        (r.games[0].red, r.games[0].black),
        (PlayerNo(1), PlayerNo(8))
    );
    assert_eq!(
        (r.games[1].red, r.games[1].black),
        (PlayerNo(5), PlayerNo(4))
    );
    assert_eq!(
        r.choices,
        vec![(PlayerNo(1), Side::Red), (PlayerNo(4), Side::Black)]
    );
    let audit = ok(&["audit", e.log_str()]);
    assert!(audit.contains("名次列前的4号刘洋选择执黑"), "{audit}");
}

#[test]
fn a_choice_given_in_one_console_closes_the_question_in_another() {
    let dir = tempfile::tempdir().unwrap();
    let path = level_at(dir.path(), "two.log");
    let mut a = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(60));
    let mut b = app_as(&path, "zhao", Role::Organizer, Lang::Zh, minutes(60));
    type_keys(&mut a, "P", minutes(60));
    type_keys(&mut b, "P", minutes(60));
    assert!(b.entry_line().unwrap().contains("由王伟1选择"));
    type_keys(&mut a, "rry", minutes(61));
    assert_eq!(a.state().current_round(), Round(2));
    b.poll(minutes(61));
    b.prepare(minutes(61));
    assert_eq!(b.state().current_round(), Round(2));
    assert!(b.entry_line().is_none(), "{:?}", b.entry_line());
}
