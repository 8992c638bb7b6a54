//! Words and keys of the console an arbiter stumbled on: the refusal of a withdrawal reads as
//! Chinese; the armageddon's lot refusal names who may draw it; the lot is one key, so `b`
//! then `y` confirms black (never the text `by`); the head arbiter's footer names the
//! decision that waits; `T` is listed only in a team event's help; in two columns a foul
//! count is never pushed out by who changed the board; while the round that selects the
//! knockout is on, the preview says when it can be made.

use crate::support::cli as cli_support;
use crate::support::console as console_common;

use bianpai::console::action::Screen;
use bianpai::console::ui;
use bianpai::domain::rules::Lang;
use bianpai::domain::{Board, Command, Role, Round, Side};
use bianpai::log::Log;
use console_common::{
    app_as, at_the_armageddon, event, knockout_after_round_one, minutes, type_keys,
};

#[test]
fn an_assistants_withdrawal_is_refused_in_proper_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "w.log", 4, 3, true);
    let mut li = app_as(&path, "li", Role::Assistant, Lang::Zh, minutes(5));
    type_keys(&mut li, "W", minutes(5));
    let m = li.message.clone().unwrap();
    assert_eq!(m.text, "裁判无权办理棋手退赛");
    let screen = ui::render_text(&li, 80, 24);
    assert!(screen.contains("裁判无权办理棋手退赛"), "{screen}");
}

#[test]
fn the_lot_is_one_key_and_its_refusal_names_who_draws_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = knockout_after_round_one(dir.path(), "l.log");
    let arm = at_the_armageddon(&path);
    // The assistant's result first: refused, naming both roles that may draw the lot.
    let mut li = app_as(&path, "li", Role::Assistant, Lang::Zh, minutes(71));
    type_keys(&mut li, &format!("{arm}r"), minutes(71));
    let m = li.message.clone().unwrap();
    assert!(
        m.text
            .contains("请先录入抽签结果 (裁判长或编排: 控制台按 L"),
        "{}",
        m.text
    );
    assert!(!m.text.contains("请裁判长先录入抽签"), "{}", m.text);
    // The organizer draws it: `L`, then `b` asks the confirm at once, and `y` confirms.
    let mut org = app_as(&path, "zhao", Role::Organizer, Lang::Zh, minutes(72));
    type_keys(&mut org, "L", minutes(72));
    assert!(org.entry_line().unwrap().contains("抽到 r 红 / b 黑"));
    type_keys(&mut org, "x", minutes(72));
    assert!(
        org.message
            .as_ref()
            .unwrap()
            .text
            .contains("请输入 r (红) 或 b (黑)")
    );
    assert!(
        org.entry_line().unwrap().contains("抽到 r 红 / b 黑"),
        "the question stays"
    );
    let before = Log::open(&path).unwrap().state().clone();
    let (_, hi, _) = before.lots_due()[0];
    let hi_name = before.player(hi).unwrap().entry.name.clone();
    type_keys(&mut org, "b", minutes(72));
    let line = org.entry_line().unwrap();
    // The confirmation names the player who drew, as the question did.
    assert!(
        line.contains(&format!("{hi}号{hi_name} (名次列前) 执黑方? y 确认")),
        "{line}"
    );
    assert!(!line.contains("by_"), "{line}");
    type_keys(&mut org, "y", minutes(72));
    let t = Log::open(&path).unwrap().state().clone();
    let g = t.game(t.current_round(), Board(arm)).unwrap();
    assert!(g.lot, "the lot is recorded");
    let seeds = bianpai::domain::knockout::seeds(&t);
    let rank = |p| seeds.iter().position(|s| *s == p).unwrap();
    let higher = if rank(g.red) < rank(g.black) {
        Side::Red
    } else {
        Side::Black
    };
    assert_eq!(higher, Side::Black, "the higher-ranked player drew black");
    // The same refusal on the command line, on a fixture at its armageddon.
    let other = knockout_after_round_one(dir.path(), "m.log");
    let arm = at_the_armageddon(&other).to_string();
    let out = cli_support::run(&["result", other.to_str().unwrap(), &arm, "red_win"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "请先录入抽签结果 (裁判长或编排: 控制台按 L, 或 bianpai pair 日志 --lot red|black --board {arm})"
        )),
        "{err}"
    );
}

#[test]
fn the_head_arbiters_footer_names_the_decision_that_waits() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "f.log", 8, 9, true);
    let mut h = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(30));
    let footer = |app: &bianpai::console::App| {
        ui::render_text(app, 120, 24)
            .lines()
            .last()
            .unwrap()
            .to_string()
    };
    assert!(!footer(&h).contains("待"), "nothing waits: {}", footer(&h));
    type_keys(&mut h, "1r\n2r\n3r\n4r\n", minutes(30));
    console_common::correct_board_one(&path, minutes(31));
    let mut h = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(32));
    h.prepare(minutes(32));
    let f = footer(&h);
    assert!(
        f.starts_with("第2轮待决定: v 看变化  R 重新编排  K 保留"),
        "{f}"
    );
    // Other roles read their own keys only.
    let li = app_as(&path, "li", Role::Assistant, Lang::Zh, minutes(32));
    assert!(!footer(&li).contains("R 重新编排"), "{}", footer(&li));
    // After U, the round waits for P.
    type_keys(&mut h, "U", minutes(33));
    type_keys(&mut h, "重编\ny", minutes(33));
    assert_eq!(h.state().current_round(), Round(1));
    let f = footer(&h);
    assert!(f.starts_with("待编排: P 编排第2轮"), "{f}");
    let screen = ui::render_text(&h, 120, 24);
    insta::assert_snapshot!("footer_decision_pair_zh_120x24", screen);
}

#[test]
fn t_is_in_the_help_of_team_events_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "i.log", 4, 3, true);
    let mut org = app_as(&path, "zhao", Role::Organizer, Lang::Zh, minutes(1));
    type_keys(&mut org, "?", minutes(1));
    let screen = ui::render_text(&org, 100, 30);
    assert!(!screen.contains("提交团体出场名单"), "{screen}");
    assert!(screen.contains("办理棋手退赛"), "{screen}");
    let team = dir.path().join("t.log");
    let rules = bianpai::domain::Rules::preset("team-rr-8").unwrap();
    Log::create(&team, "团体赛", rules, "zhao", minutes(0)).unwrap();
    let mut org = app_as(&team, "zhao", Role::Organizer, Lang::Zh, minutes(1));
    type_keys(&mut org, "?", minutes(1));
    let screen = ui::render_text(&org, 100, 30);
    assert!(screen.contains("提交团体出场名单"), "{screen}");
}

#[test]
fn in_two_columns_the_foul_count_stays_beside_who_changed_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "c.log", 80, 9, true);
    let mut me = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(10));
    // Another terminal records a foul on board 3: highlighted here with who did it.
    let mut log = Log::open(&path).unwrap();
    let other = bianpai::domain::Actor {
        user: "dayxasst1".into(),
        role: Role::Assistant,
    };
    log.execute(
        &other,
        &Command::RecordFoul {
            round: None,
            board: Board(3),
            side: Side::Red,
            kind: bianpai::domain::rules::FoulKind::Other,
        },
        minutes(10),
    )
    .unwrap();
    me.poll(minutes(10));
    me.screen = Screen::Round;
    me.prepare(minutes(10));
    let row = &me.round_view.rows[2];
    assert_eq!(row.changed_by.as_deref(), Some("dayxasst1"));
    // 130 columns: two columns of boards, room after a row for the foul count but not for
    // the name as well.
    let screen = ui::render_text(&me, 130, 40);
    let line = screen
        .lines()
        .find(|l| l.trim_start().starts_with("3 "))
        .unwrap();
    assert!(line.contains("犯1/0"), "{line}");
    insta::assert_snapshot!("two_columns_foul_and_changed_by_zh_130x40", screen);
    // Where there is room for both, both show, the name after the count.
    let wide = ui::render_text(&me, 200, 40);
    let line = wide
        .lines()
        .find(|l| l.trim_start().starts_with("3 "))
        .unwrap();
    let (foul, by) = (
        line.find("犯1/0").unwrap(),
        line.find("← dayxasst1").unwrap(),
    );
    assert!(foul < by, "{line}");
}

#[test]
fn during_the_round_that_selects_the_knockout_the_preview_says_when() {
    let dir = tempfile::tempdir().unwrap();
    let path = knockout_after_round_one(dir.path(), "p.log");
    let mut h = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(30));
    type_keys(&mut h, "1r\n", minutes(30));
    type_keys(&mut h, "v", minutes(30));
    let (_, _, table) = h.table.clone().unwrap();
    let notes = table.notes.join("\n");
    assert!(
        notes.contains("第2轮起前4名进行淘汰赛: 第1轮全部完赛后才能确定是哪几名, 届时再预排"),
        "{notes}"
    );
    assert!(!notes.contains("只有0名"), "{notes}");
    let screen = ui::render_text(&h, 100, 24);
    assert!(!screen.contains("只有0名"), "{screen}");
}

#[test]
fn a_foul_and_an_armageddon_draw_read_as_what_they_are_before_enter() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "x.log", 4, 3, true);
    let mut li = app_as(&path, "li", Role::Assistant, Lang::Zh, minutes(5));
    type_keys(&mut li, "1xr1", minutes(5));
    let line = li.entry_line().unwrap();
    assert!(line.contains("红方犯规 (违规着法)"), "{line}");
    assert!(!line.contains("红方 犯"), "{line}");
    // An armageddon's draw is a black win: said before Enter, not a plain 和.
    let path = knockout_after_round_one(dir.path(), "a.log");
    let arm = at_the_armageddon(&path);
    let mut org = app_as(&path, "zhao", Role::Organizer, Lang::Zh, minutes(72));
    type_keys(&mut org, "Lby", minutes(72));
    let mut wang = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(73));
    type_keys(&mut wang, &format!("{arm}d"), minutes(73));
    let line = wang.entry_line().unwrap();
    assert!(line.contains("和（黑胜）"), "{line}");
}

#[test]
fn pairing_round_one_shows_its_boards_before_the_confirmation() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "p.log", 8, 9, false);
    let mut org = app_as(&path, "zhao", Role::Organizer, Lang::Zh, minutes(0));
    type_keys(&mut org, "U重排\ny", minutes(0));
    assert!(org.log.state().rounds.is_empty());
    type_keys(&mut org, "P", minutes(1));
    assert!(
        org.log.state().rounds.is_empty(),
        "nothing written before y"
    );
    // Every player of the coming pairing is on screen while `y` waits.
    let screen = ui::render_text(&org, 120, 30);
    for p in &org.log.state().players {
        assert!(
            screen.contains(&p.entry.name),
            "{} missing:\n{screen}",
            p.entry.name
        );
    }
    assert_eq!(org.screen, Screen::Preview);
    type_keys(&mut org, "y", minutes(1));
    assert_eq!(org.log.state().rounds.len(), 1);
    assert_eq!(org.screen, Screen::Round, "the round just paired");
}
