//! Issue 21, points 3, 9 and 10 on the console's screens (a real log, the headless app
//! driven by keys, frames drawn into a test backend): the organizer's footer and empty first
//! screen, nothing of round 0 before round 1, 已用 and the start correction once the event is
//! over, the foul kinds in help, and an armageddon draw that never reads as a plain 和.

use crate::support::console as console_common;

use bianpai::console::ui;
use bianpai::domain::event::PlayerEntry;
use bianpai::domain::rules::{Knockout, Lang};
use bianpai::domain::{Command, Role, Rules};
use bianpai::log::Log;
use chrono::NaiveTime;
use console_common::{app_as, head, minutes, t0, type_keys};

/// A log with `players` registered and nothing paired.
fn unpaired(dir: &std::path::Path, players: u32) -> std::path::PathBuf {
    let mut rules = Rules::preset("qigu-2024-07").unwrap();
    rules.numbers_by_registration = true;
    let path = dir.join("empty.log");
    let mut log = Log::create(&path, "测试赛", rules, "head1", t0()).unwrap();
    for i in 1..=players {
        log.execute(
            &head(),
            &Command::RegisterPlayer(PlayerEntry::named(format!("棋手{i}"))),
            t0(),
        )
        .unwrap();
    }
    path
}

fn last_line(screen: &str) -> &str {
    screen.lines().rfind(|l| !l.trim().is_empty()).unwrap()
}

#[test]
fn the_organizer_sees_only_their_keys_and_is_told_to_press_p() {
    let dir = tempfile::tempdir().unwrap();
    let path = unpaired(dir.path(), 6);
    let org = app_as(&path, "li", Role::Organizer, Lang::Zh, minutes(0));
    let screen = ui::render_text(&org, 80, 24);
    assert!(screen.contains("按 P 编排第1轮"), "{screen}");
    let footer = last_line(&screen);
    assert!(footer.contains("P 编排"), "{footer}");
    // The organizer enters no results: the footer does not offer it.
    assert!(!footer.contains("录入结果"), "{footer}");
    // The head arbiter's footer still offers result entry; a viewer is not told to pair.
    let head = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(0));
    assert!(last_line(&ui::render_text(&head, 80, 24)).contains("录入结果"));
    let viewer = app_as(&path, "zhao", Role::Viewer, Lang::Zh, minutes(0));
    assert!(!ui::render_text(&viewer, 80, 24).contains("按 P"));
    // The standings before round 1 are the entry list, not 第0轮后排名.
    let mut org = org;
    type_keys(&mut org, "s", minutes(0));
    let standings = ui::render_text(&org, 80, 24);
    assert!(standings.contains("赛前名单"), "{standings}");
    assert!(!standings.contains("第0轮"), "{standings}");
}

#[test]
fn the_next_rounds_time_shows_once_round_one_is_under_way() {
    let dir = tempfile::tempdir().unwrap();
    let path = console_common::event_with(dir.path(), "s.log", 6, 3, false, "qigu-2024-07", |r| {
        r.schedule = ["09:00", "10:00", "11:00"]
            .iter()
            .map(|s| NaiveTime::parse_from_str(s, "%H:%M").unwrap())
            .collect();
    });
    let app = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(0));
    let before = ui::render_text(&app, 120, 40);
    assert!(!before.contains("下轮"), "{before}");
    let mut app = app;
    type_keys(&mut app, "Sy", minutes(1));
    let after = ui::render_text(&app, 120, 40);
    assert!(after.contains("下轮 10:00"), "{after}");
}

#[test]
fn an_event_that_is_over_stops_its_clock_and_offers_no_start_correction() {
    let dir = tempfile::tempdir().unwrap();
    let path = console_common::event(dir.path(), "o.log", 4, 2, true);
    let mut app = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(10));
    type_keys(&mut app, "1r\n2r\n", minutes(30));
    // The automatic advance paired round 2; start and finish it.
    type_keys(&mut app, "Sy", minutes(40));
    type_keys(&mut app, "1r\n2r\n", minutes(90));
    let t = app.log.state();
    assert_eq!(t.completed_rounds(), 2, "both rounds played");
    // Years later, the screen shows no running time.
    let later = minutes(60 * 24 * 365 * 2);
    app.prepare(later);
    let screen = ui::render_text(&app, 120, 40);
    assert!(!screen.contains("已用"), "{screen}");
    assert!(screen.contains("比赛结束"), "{screen}");
    // S offers no start correction: it says the event is over.
    type_keys(&mut app, "S", later);
    assert!(
        app.entry_line().is_none(),
        "no prompt: {:?}",
        app.entry_line()
    );
    let said = app
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default();
    assert!(said.contains("比赛结束"), "{said}");
}

#[test]
fn help_lists_the_foul_kinds_with_their_keys() {
    let dir = tempfile::tempdir().unwrap();
    let path = console_common::event(dir.path(), "h.log", 4, 2, true);
    for (lang, want) in [
        (
            Lang::Zh,
            ["1 违规着法", "2 手机", "3 离座", "4 碰乱棋子", "5 其他"],
        ),
        (
            Lang::En,
            [
                "1 move rule",
                "2 phone",
                "3 leaving seat",
                "4 disturbed pieces",
                "5 other",
            ],
        ),
    ] {
        let mut app = app_as(&path, "wang", Role::Assistant, lang, minutes(1));
        type_keys(&mut app, "?", minutes(1));
        let screen = ui::render_text(&app, 80, 24);
        for w in want {
            assert!(screen.contains(w), "{w}\n{screen}");
        }
    }
}

#[test]
fn an_armageddon_draw_reads_as_a_black_win_on_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let path = console_common::event_with(dir.path(), "ko.log", 8, 3, true, "lvliang-2024", |r| {
        r.format = bianpai::domain::format::Format::Swiss {
            knockout: Some(Knockout {
                after_round: 1,
                players: 4,
            }),
        };
    });
    let mut app = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(40));
    type_keys(&mut app, "1r\n2r\n3r\n4b\n", minutes(40));
    // The advance stops for the knockout's colour choice and asks.
    console_common::choose_red(&mut app, minutes(45));
    type_keys(&mut app, "Sy", minutes(50));
    // Semi-final on board 1 drawn slow, then rapid, then the armageddon after its lot.
    type_keys(&mut app, "1d\n", minutes(60));
    let rapid = app.log.state().current().unwrap().games.len();
    type_keys(&mut app, &format!("{rapid}d\n"), minutes(70));
    let arm = app.log.state().current().unwrap().games.len();
    type_keys(&mut app, "Lb\ny", minutes(71));
    type_keys(&mut app, &format!("{arm}d\n"), minutes(80));
    let t = app.log.state();
    let g = t.current().unwrap().games[arm - 1].clone();
    let black = t.player(g.black).unwrap().entry.name.clone();
    app.prepare(minutes(80));
    let row = app
        .round_view
        .rows
        .iter()
        .find(|r| r.board.0 as usize == arm)
        .unwrap();
    assert_eq!(row.result, "和（黑胜）");
    assert!(
        row.notes
            .iter()
            .any(|n| n.text == format!("和棋黑胜，{black} 晋级")),
        "{row:?}"
    );
    let screen = ui::render_text(&app, 160, 48);
    assert!(screen.contains("和（黑胜）"), "{screen}");
}
