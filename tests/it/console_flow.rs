//! Headless console flows: scripted keys against a real log in a temp dir, through the keymap,
//! `update`, the domain and the log, exactly as at the keyboard.

use crate::support::console as console_common;

use bianpai::console::ui;
use bianpai::domain::event::Event;
use bianpai::domain::pairing::propose;
use bianpai::domain::rules::Lang;
use bianpai::domain::tournament::Status;
use bianpai::domain::{Board, GameResult, PlayerNo, Role, Round, Side};
use bianpai::log::Log;
use console_common::{app_as, event, minutes, type_keys};

fn result(app: &bianpai::console::App, board: u32) -> Option<GameResult> {
    app.log
        .state()
        .game(Round(1), Board(board))
        .and_then(|g| g.result)
}

#[test]
fn results_are_recorded_by_board_number() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "e.log", 8, 9, true);
    let mut app = app_as(&path, "li", Role::Assistant, Lang::En, minutes(30));
    type_keys(&mut app, "1r", minutes(30));
    // The pending entry is in the status line, nothing written yet.
    let line = app.entry_line().unwrap();
    assert!(
        line.contains("board 1") && line.contains("red wins"),
        "{line}"
    );
    assert_eq!(result(&app, 1), None);
    type_keys(&mut app, "\n", minutes(30));
    assert_eq!(result(&app, 1), Some(GameResult::RedWin));
    type_keys(&mut app, "2fb\n3ff\n4fd\n", minutes(31));
    assert_eq!(result(&app, 2), Some(GameResult::BlackWinForfeit));
    assert_eq!(result(&app, 3), Some(GameResult::DoubleForfeit));
    assert_eq!(result(&app, 4), Some(GameResult::DoubleForfeit));
    // Another console on the same file sees every one of them.
    let other = Log::open(&path).unwrap();
    assert_eq!(
        other.state().game(Round(1), Board(2)).unwrap().result,
        Some(GameResult::BlackWinForfeit)
    );
}

#[test]
fn escape_cancels_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "e.log", 8, 9, true);
    let mut app = app_as(&path, "li", Role::Assistant, Lang::Zh, minutes(30));
    let before = app.log.records().len();
    type_keys(&mut app, "1d\x1b", minutes(30));
    assert_eq!(app.log.records().len(), before);
    assert_eq!(result(&app, 1), None);
    assert!(app.entry_line().is_none());
}

#[test]
fn an_unknown_board_is_refused_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "e.log", 8, 9, true);
    let mut app = app_as(&path, "li", Role::Assistant, Lang::En, minutes(30));
    let before = app.log.records().len();
    type_keys(&mut app, "9r\n", minutes(30));
    assert_eq!(app.log.records().len(), before);
    let m = app.message.clone().unwrap();
    assert!(m.error);
    assert!(m.text.contains("no board 9"), "{}", m.text);
    // The message is on screen.
    let screen = ui::render_text(&app, 80, 24);
    assert!(screen.contains("no board 9"), "{screen}");
}

#[test]
fn an_existing_result_is_shown_and_only_the_head_arbiter_corrects_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "e.log", 8, 9, true);
    let mut asst = app_as(&path, "li", Role::Assistant, Lang::En, minutes(30));
    type_keys(&mut asst, "1r\n", minutes(30));
    type_keys(&mut asst, "1d\n", minutes(31));
    let m = asst.message.clone().unwrap();
    assert!(
        m.text.contains("already has a result: red wins"),
        "{}",
        m.text
    );
    assert_eq!(result(&asst, 1), Some(GameResult::RedWin));

    let mut head = app_as(&path, "wang", Role::Head, Lang::En, minutes(32));
    type_keys(&mut head, "1d", minutes(32));
    let prompt = head.entry_line().unwrap();
    assert!(prompt.contains("red wins → draw"), "{prompt}");
    type_keys(&mut head, "scoresheet says draw\n", minutes(32));
    // Destructive: a confirm step before anything is written.
    let confirm = head.entry_line().unwrap();
    assert!(confirm.contains("y confirm"), "{confirm}");
    assert_eq!(result(&head, 1), Some(GameResult::RedWin));
    type_keys(&mut head, "y", minutes(32));
    assert_eq!(result(&head, 1), Some(GameResult::Draw));
    let g = head.log.state().game(Round(1), Board(1)).unwrap();
    assert_eq!(g.corrections, 1);
    assert!(head.log.records().iter().any(|r| matches!(
        &r.ev,
        Event::ResultCorrected { reason, .. } if reason == "scoresheet says draw"
    ) && r.by == "wang"));
}

#[test]
fn roles_may_only_use_their_keys() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "e.log", 8, 9, true);
    let mut org = app_as(&path, "zhao", Role::Organizer, Lang::En, minutes(30));
    let before = org.log.records().len();
    type_keys(&mut org, "1", minutes(30));
    let m = org.message.clone().unwrap();
    assert!(
        m.text.contains("organizer may not enter results"),
        "{}",
        m.text
    );
    let mut viewer = app_as(&path, "guest", Role::Viewer, Lang::En, minutes(30));
    type_keys(&mut viewer, "1rP", minutes(30));
    assert!(viewer.message.clone().unwrap().text.contains("read-only"));
    let mut asst = app_as(&path, "li", Role::Assistant, Lang::En, minutes(30));
    type_keys(&mut asst, "W", minutes(30));
    let m = asst.message.clone().unwrap();
    assert!(m.text.contains("may not withdraw a player"), "{}", m.text);
    // The organizer may pair, but not while the round is incomplete: the domain refuses.
    type_keys(&mut org, "P", minutes(30));
    let m = org.message.clone().unwrap();
    assert!(m.error && m.text.contains("without a result"), "{}", m.text);
    assert_eq!(Log::open_with(&path, true).unwrap().records().len(), before);
}

#[test]
fn seats_fouls_and_a_fallen_flag() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "e.log", 8, 9, true);
    let mut app = app_as(&path, "li", Role::Assistant, Lang::En, minutes(1));
    type_keys(&mut app, "2ab\n", minutes(1));
    let g = app.log.state().game(Round(1), Board(2)).unwrap();
    assert!(!g.seats.black.present);
    type_keys(&mut app, "2ib\n", minutes(4));
    let g = app.log.state().game(Round(1), Board(2)).unwrap();
    assert!(g.seats.black.present && g.seats.black.arrived_at.is_some());
    type_keys(&mut app, "3xr2\n", minutes(5));
    let g = app.log.state().game(Round(1), Board(3)).unwrap();
    assert_eq!(g.fouls.red.len(), 1);
    // No clock data (issue 21): `t` asks which side lost on time; Esc writes nothing.
    let before = app.log.records().len();
    type_keys(&mut app, "4t", minutes(6));
    let line = app.entry_line().unwrap();
    assert!(line.contains("r red") && line.contains("b black"), "{line}");
    type_keys(&mut app, "\x1b", minutes(6));
    assert_eq!(app.log.records().len(), before);
    // Red's clock on board 4 runs out 20 minutes after the start (no presses): one key.
    let mut log = Log::open(&path).unwrap();
    log.execute(
        &console_common::head(),
        &bianpai::domain::Command::Clock {
            round: None,
            board: Board(4),
            action: bianpai::domain::event::ClockAction::Pause,
            at: minutes(0),
        },
        minutes(0),
    )
    .unwrap();
    log.execute(
        &console_common::head(),
        &bianpai::domain::Command::Clock {
            round: None,
            board: Board(4),
            action: bianpai::domain::event::ClockAction::Resume,
            at: minutes(0),
        },
        minutes(0),
    )
    .unwrap();
    app.poll(minutes(21));
    app.tick(minutes(21));
    assert!(
        app.notices
            .iter()
            .any(|n| n.text.contains("board 4: red flag fell"))
    );
    app.prepare(minutes(21));
    assert!(app.round_view.rows[3].attention);
    type_keys(&mut app, "4t\n", minutes(21));
    assert_eq!(result(&app, 4), Some(GameResult::BlackWin));
}

#[test]
fn the_late_window_forfeits_absent_players_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "e.log", 8, 9, true);
    let mut a = app_as(&path, "li", Role::Assistant, Lang::En, minutes(1));
    let mut b = app_as(&path, "wang", Role::Head, Lang::En, minutes(1));
    type_keys(&mut a, "3ar\n", minutes(1));
    a.tick(minutes(9));
    assert_eq!(result(&a, 3), None);
    // Both consoles tick after the deadline; the forfeit is written once.
    a.tick(minutes(10));
    b.tick(minutes(10));
    a.poll(minutes(10));
    assert_eq!(result(&a, 3), Some(GameResult::BlackWinForfeit));
    let n = Log::open_with(&path, true)
        .unwrap()
        .records()
        .iter()
        .filter(|r| {
            matches!(
                r.ev,
                Event::ResultRecorded {
                    board: Board(3),
                    ..
                }
            )
        })
        .count();
    assert_eq!(n, 1);
    assert!(
        a.notices
            .iter()
            .any(|n| n.text.contains("late window closed: 1"))
    );
    // The viewer never writes.
    let mut v = app_as(&path, "guest", Role::Viewer, Lang::En, minutes(11));
    let before = v.log.records().len();
    v.tick(minutes(30));
    assert_eq!(Log::open_with(&path, true).unwrap().records().len(), before);
}

#[test]
fn a_change_in_one_console_shows_in_another_with_who_made_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "e.log", 8, 9, true);
    let mut a = app_as(&path, "li", Role::Assistant, Lang::En, minutes(20));
    let mut b = app_as(&path, "wang", Role::Head, Lang::En, minutes(20));
    type_keys(&mut a, "2d\n", minutes(20));
    assert!(b.poll(minutes(20)));
    b.prepare(minutes(20));
    let row = &b.round_view.rows[1];
    assert_eq!(row.result, "draw");
    assert_eq!(row.changed_by.as_deref(), Some("li"));
    let screen = ui::render_text(&b, 160, 48);
    assert!(screen.contains("← li"), "{screen}");
    // The highlight is brief.
    b.prepare(minutes(21));
    assert_eq!(b.round_view.rows[1].changed_by, None);
}

#[test]
fn the_organizer_withdraws_and_unpairs_with_confirmation() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "e.log", 8, 9, false);
    let mut org = app_as(&path, "zhao", Role::Organizer, Lang::En, minutes(0));
    type_keys(&mut org, "W3\nill\n", minutes(0));
    assert_eq!(
        org.log.state().player(PlayerNo(3)).unwrap().status,
        Status::Active
    );
    type_keys(&mut org, "y", minutes(0));
    assert!(matches!(
        org.log.state().player(PlayerNo(3)).unwrap().status,
        Status::Withdrawn { .. }
    ));
    type_keys(&mut org, "Uwrong seeding\nn", minutes(0));
    assert_eq!(org.log.state().rounds.len(), 1);
    type_keys(&mut org, "Uwrong seeding\ny", minutes(0));
    assert_eq!(org.log.state().rounds.len(), 0);
    // Pair again and start: each with a confirm step (issue 13); `n` cancels.
    type_keys(&mut org, "P", minutes(1));
    assert!(org.entry_line().unwrap().contains("pair round 1"));
    type_keys(&mut org, "n", minutes(1));
    assert_eq!(org.log.state().rounds.len(), 0);
    type_keys(&mut org, "Py", minutes(1));
    assert_eq!(org.log.state().rounds.len(), 1);
    type_keys(&mut org, "S", minutes(2));
    assert!(org.entry_line().unwrap().contains("start round 1"));
    assert_eq!(org.log.state().current().unwrap().started_at, None);
    type_keys(&mut org, "\x1b", minutes(2));
    assert_eq!(org.log.state().current().unwrap().started_at, None);
    // The start takes the time of the confirmation.
    type_keys(&mut org, "S", minutes(2));
    type_keys(&mut org, "y", minutes(3));
    assert_eq!(
        org.log.state().current().unwrap().started_at,
        Some(minutes(3))
    );
}

fn report_all(app: &mut bianpai::console::App, now: chrono::DateTime<chrono::Utc>) {
    let boards = app.log.state().current().unwrap().games.len();
    for b in 1..=boards {
        type_keys(app, &format!("{b}d\n"), now);
    }
}

#[test]
fn after_the_last_round_the_advance_pairs_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "one.log", 6, 1, true);
    let mut app = app_as(&path, "li", Role::Assistant, Lang::En, minutes(40));
    report_all(&mut app, minutes(40));
    let t = app.log.state();
    assert_eq!(t.rounds.len(), 1);
    assert!(t.current().unwrap().is_complete());
    assert!(!app.message.clone().unwrap().error);
    assert!(app.notices.iter().any(|n| n.text == "round 1 complete"));
}

/// Needs the Swiss engine for round 2: until it lands, the console must show the engine's
/// refusal; once it exists, round 2 must be paired by the console on its own.
#[test]
fn the_last_result_of_a_round_pairs_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "two.log", 6, 2, true);
    let mut app = app_as(&path, "li", Role::Assistant, Lang::En, minutes(40));
    let boards = app.log.state().current().unwrap().games.len();
    for b in 1..boards {
        type_keys(&mut app, &format!("{b}r\n"), minutes(40));
    }
    assert_eq!(app.log.state().rounds.len(), 1);
    // Whether the engine can pair round 2, asked of the engine directly.
    let mut done = app.log.state().clone();
    done.apply(&Event::ResultRecorded {
        round: Round(1),
        board: Board(boards as u32),
        result: GameResult::Draw,
        cause: bianpai::domain::event::Cause::Arbiter,
        at: None,
    });
    let engine = propose(&done);
    type_keys(&mut app, &format!("{boards}d\n"), minutes(41));
    match engine {
        Ok(p) => {
            assert_eq!(app.log.state().rounds.len(), 2, "round 2 was not paired");
            assert_eq!(
                app.log.state().current().unwrap().games.len(),
                p.games.len()
            );
            assert!(app.notices.iter().any(|n| n.text == "round 2 paired"));
        }
        Err(e) => {
            assert_eq!(app.log.state().rounds.len(), 1);
            let m = app.message.clone().unwrap();
            let words = bianpai::i18n::refusal(&e, Lang::En, app.zone());
            assert!(m.error && m.text.contains(&words), "{}", m.text);
        }
    }
    assert!(app.notices.iter().any(|n| n.text == "round 1 complete"));
}

#[test]
fn forty_boards_fit_120_by_40_and_500_scroll() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "forty.log", 80, 9, true);
    let app = app_as(&path, "li", Role::Assistant, Lang::Zh, minutes(5));
    let screen = ui::render_text(&app, 120, 40);
    for b in 1..=40 {
        // Board number then red's player number, as laid out.
        let cells = format!("{b:>3} {:>3} ", app.round_view.rows[b - 1].red.no);
        assert!(screen.contains(&cells), "board {b} not shown:\n{screen}");
    }
    let path = event(dir.path(), "big.log", 1000, 9, true);
    let mut app = app_as(&path, "li", Role::Assistant, Lang::En, minutes(5));
    let screen = ui::render_text(&app, 120, 40);
    assert!(screen.contains("1–68/500"), "{screen}");
    // Typing a board number brings it into view.
    let cells = format!("437 {:>3} ", app.round_view.rows[436].red.no);
    assert!(!screen.contains(&cells), "{screen}");
    type_keys(&mut app, "437", minutes(5));
    let screen = ui::render_text(&app, 120, 40);
    assert!(screen.contains(&cells), "{screen}");
    // Paging moves the window.
    type_keys(&mut app, "\x1b", minutes(5));
    app.viewport = (120, 40);
    for _ in 0..3 {
        let ev = crossterm::event::KeyEvent::new(
            crossterm::event::KeyCode::PageDown,
            crossterm::event::KeyModifiers::NONE,
        );
        let a = bianpai::console::keymap::lookup(app.role(), app.mode.kind(), &ev).unwrap();
        bianpai::console::update::update(&mut app, a, minutes(5));
    }
    app.prepare(minutes(5));
    let screen = ui::render_text(&app, 120, 40);
    assert!(!screen.contains("1–68/500"), "{screen}");
}

#[test]
fn tiny_and_resized_terminals_do_not_break() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "e.log", 40, 9, true);
    let mut app = app_as(&path, "li", Role::Head, Lang::Zh, minutes(5));
    for screen in bianpai::console::action::Screen::ALL {
        app.screen = screen;
        app.prepare(minutes(5));
        for (w, h) in [(20, 10), (1, 1), (80, 24), (33, 7), (240, 60)] {
            let text = ui::render_text(&app, w, h);
            assert_eq!(text.lines().count(), usize::from(h));
        }
    }
    app.screen = bianpai::console::action::Screen::Round;
    app.prepare(minutes(5));
    let text = ui::render_text(&app, 80, 24);
    assert!(text.contains("迟到判负 05:00"), "{text}");
    let _ = Side::Red;
}

/// Issue 13: an entry belongs to the round on screen when its first digit was typed.
#[test]
fn a_result_typed_across_an_auto_advance_is_refused() {
    use bianpai::domain::rules::AutoAdvance;
    let dir = tempfile::tempdir().unwrap();
    let path = console_common::event_with(dir.path(), "adv.log", 6, 3, true, "qigu-2024-07", |r| {
        r.auto_advance = AutoAdvance::PairAndStart;
    });
    let mut head = app_as(&path, "wang", Role::Head, Lang::En, minutes(40));
    let mut asst = app_as(&path, "li", Role::Assistant, Lang::En, minutes(40));
    // The assistant starts typing for round 1, board 3, and has the result ready.
    type_keys(&mut asst, "3b", minutes(40));
    let line = asst.entry_line().unwrap();
    assert!(line.starts_with("round 1 board 3"), "{line}");
    // Meanwhile the head arbiter reports every board of round 1: round 2 is paired and
    // started at once.
    type_keys(&mut head, "1r\n2r\n3d\n", minutes(41));
    assert_eq!(head.log.state().current_round(), Round(2));
    assert!(head.log.state().current().unwrap().started_at.is_some());
    assert!(asst.poll(minutes(41)));
    let before = asst.log.records().len();
    type_keys(&mut asst, "\n", minutes(41));
    let m = asst.message.clone().unwrap();
    assert!(m.error, "{}", m.text);
    assert!(
        m.text.contains("round 1") && m.text.contains("round 2"),
        "{}",
        m.text
    );
    assert_eq!(asst.log.records().len(), before);
    let r2 = asst.log.state().round(Round(2)).unwrap();
    assert!(r2.games.iter().all(|g| g.result.is_none()));
    // Only a digit typed on the new round makes an entry for it.
    type_keys(&mut asst, "3", minutes(42));
    assert!(asst.entry_line().unwrap().starts_with("round 2 board 3"));
    // In Chinese the line says 第N轮 第B台.
    let mut zh = app_as(&path, "li", Role::Assistant, Lang::Zh, minutes(42));
    type_keys(&mut zh, "2", minutes(42));
    assert!(
        zh.entry_line().unwrap().starts_with("第2轮 第2台"),
        "{:?}",
        zh.entry_line()
    );
}

#[test]
fn a_digit_typed_before_the_advance_and_finished_after_it_records_nothing() {
    use bianpai::domain::rules::AutoAdvance;
    let dir = tempfile::tempdir().unwrap();
    let path = console_common::event_with(dir.path(), "adv.log", 6, 3, true, "qigu-2024-07", |r| {
        r.auto_advance = AutoAdvance::PairAndStart;
    });
    let mut head = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(40));
    let mut asst = app_as(&path, "li", Role::Assistant, Lang::Zh, minutes(40));
    type_keys(&mut asst, "2", minutes(40));
    type_keys(&mut head, "1r\n2r\n3d\n", minutes(41));
    asst.poll(minutes(41));
    let before = asst.log.records().len();
    type_keys(&mut asst, "b\n", minutes(41));
    assert_eq!(asst.log.records().len(), before);
    let text = asst.message.clone().unwrap().text;
    assert!(text.contains("第1轮") && text.contains("第2轮"), "{text}");
}

#[test]
fn results_before_the_start_are_refused_with_the_way_forward() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "ns.log", 8, 9, false);
    let mut asst = app_as(&path, "li", Role::Assistant, Lang::Zh, minutes(0));
    let before = asst.log.records().len();
    type_keys(&mut asst, "1r\n", minutes(0));
    assert_eq!(asst.log.records().len(), before);
    let m = asst.message.clone().unwrap();
    assert!(m.error);
    assert!(
        m.text.contains("尚未开始") && m.text.contains("S 开始本轮"),
        "{}",
        m.text
    );
    assert!(m.text.contains("pair_and_start"), "{}", m.text);
}

#[test]
fn the_head_arbiter_corrects_the_start_time_with_a_reason_and_a_confirm() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "st.log", 8, 9, true);
    let mut head = app_as(&path, "wang", Role::Head, Lang::En, minutes(5));
    type_keys(&mut head, "S", minutes(5));
    // Started at 09:00 Beijing time (t0); the prompt shows it in local time.
    assert!(
        head.entry_line().unwrap().contains("09:00:00"),
        "{:?}",
        head.entry_line()
    );
    type_keys(&mut head, "09:03\nclock was started late\n", minutes(5));
    assert!(head.entry_line().unwrap().contains("y confirm"));
    assert_eq!(
        head.log.state().current().unwrap().started_at,
        Some(minutes(0))
    );
    type_keys(&mut head, "y", minutes(5));
    assert_eq!(
        head.log.state().current().unwrap().started_at,
        Some(minutes(3))
    );
    assert!(head.log.records().iter().any(|r| matches!(
        &r.ev,
        Event::StartCorrected { reason, .. } if reason == "clock was started late"
    )));
    // The organizer may not correct a start: S on a started round says so.
    let mut org = app_as(&path, "zhao", Role::Organizer, Lang::En, minutes(6));
    type_keys(&mut org, "S", minutes(6));
    assert!(
        org.message
            .clone()
            .unwrap()
            .text
            .contains("already started")
    );
}

#[test]
fn the_end_state_after_the_last_round() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "end.log", 6, 1, true);
    let mut app = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(3));
    report_all(&mut app, minutes(3));
    app.prepare(minutes(4));
    let h = &app.round_view.header;
    // Countdowns stopped, the event over.
    assert_eq!(h.late, None);
    assert!(h.next_round.contains("比赛结束"), "{h:?}");
    type_keys(&mut app, "s", minutes(4));
    let screen = ui::render_text(&app, 160, 48);
    assert!(screen.contains("最终排名"), "{screen}");
    assert!(screen.contains("奖项"), "{screen}");
    type_keys(&mut app, "v", minutes(4));
    let screen = ui::render_text(&app, 160, 48);
    assert!(!screen.contains("无法预排"), "{screen}");
    assert!(screen.contains("比赛已结束"), "{screen}");
}

#[test]
fn highlights_of_the_previous_round_are_cleared_on_the_new_round() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "hl.log", 6, 3, true);
    let mut head = app_as(&path, "wang", Role::Head, Lang::En, minutes(40));
    type_keys(&mut head, "1r\n2r\n3d\n", minutes(40));
    // Round 2 was paired by the advance within the highlight time of round 1's results.
    assert_eq!(head.log.state().current_round(), Round(2));
    head.prepare(minutes(40));
    assert!(
        head.round_view.rows.iter().all(|r| r.changed_by.is_none()),
        "{:?}",
        head.round_view.rows
    );
}

#[test]
fn the_late_forfeit_banner_counts_games_and_the_correction_prompt_shows_the_old_result() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "lf.log", 8, 9, true);
    let mut head = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(1));
    type_keys(&mut head, "2ab\n", minutes(1));
    head.tick(minutes(11));
    let banner = head.banner.clone().unwrap().text;
    assert!(banner.contains("共1盘"), "{banner}");
    assert!(!banner.contains("1台"), "{banner}");
    // A correction to the same result is no correction: refused at once, no prompt.
    type_keys(&mut head, "1r\n", minutes(12));
    type_keys(&mut head, "1r", minutes(12));
    assert!(head.entry_line().is_none());
    assert!(head.message.clone().unwrap().text.contains("红胜"));
    // The prompt keeps the old result when Enter is pressed without a reason.
    type_keys(&mut head, "1d\n", minutes(12));
    let line = head.entry_line().unwrap();
    assert!(line.contains("红胜 → 和"), "{line}");
    assert!(!line.contains('?'), "{line}");
}

#[test]
fn the_bye_line_sits_under_the_boards_and_the_help_fits_80_by_24() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "bye.log", 7, 9, true);
    let mut app = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(1));
    app.prepare(minutes(1));
    let screen = ui::render_text(&app, 160, 48);
    let lines: Vec<&str> = screen.lines().collect();
    let last_board = lines.iter().rposition(|l| l.contains("赵伟6")).unwrap();
    let bye = lines.iter().position(|l| l.contains("轮空")).unwrap();
    assert!(
        bye <= last_board + 1,
        "bye at line {bye}, last board at {last_board}\n{screen}"
    );
    // The help's last line is on screen at 80×24, in both languages.
    for lang in [Lang::Zh, Lang::En] {
        let mut app = app_as(&path, "wang", Role::Head, lang, minutes(1));
        type_keys(&mut app, "?", minutes(1));
        let screen = ui::render_text(&app, 80, 24);
        let last = bianpai::i18n::screen::strings(lang)
            .help_entry
            .last()
            .unwrap()
            .trim();
        assert!(screen.contains(last), "{screen}");
    }
}

/// Issue 13: the knockout on screen — stage and kind of game on every knockout board, the
/// armageddon lot entered by hand before the result, places 1–4 marked in the standings.
#[test]
fn the_knockout_is_labelled_and_the_lot_is_entered_by_hand() {
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
    let mut head = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(40));
    type_keys(&mut head, "1r\n2r\n3r\n4b\n", minutes(40));
    // Round 2 (the semi-finals and the Swiss for the others) is paired once the knockout's
    // colour choice is given: the advance stops for it and the console asks.
    assert_eq!(head.log.state().current_round(), Round(1));
    console_common::choose_red(&mut head, minutes(45));
    assert_eq!(head.log.state().current_round(), Round(2));
    type_keys(&mut head, "Sy", minutes(50));
    head.prepare(minutes(50));
    let semis: Vec<_> = head
        .round_view
        .rows
        .iter()
        .filter(|r| r.stage.as_deref() == Some("半决赛·慢棋"))
        .map(|r| r.board.0)
        .collect();
    assert_eq!(semis.len(), 2, "{:?}", head.round_view.rows);
    let screen = ui::render_text(&head, 160, 48);
    assert!(screen.contains("半决赛·慢棋"), "{screen}");
    // The first semi-final is drawn twice: a rapid game, then an armageddon.
    let b = semis[0];
    type_keys(&mut head, &format!("{b}d\n"), minutes(60));
    let rapid = head.log.state().current().unwrap().games.len() as u32;
    head.prepare(minutes(60));
    let row = head
        .round_view
        .rows
        .iter()
        .find(|r| r.board.0 == rapid)
        .unwrap();
    assert_eq!(row.stage.as_deref(), Some("半决赛·快棋"), "{row:?}");
    type_keys(&mut head, &format!("{rapid}d\n"), minutes(70));
    let arm = head.log.state().current().unwrap().games.len() as u32;
    let before = head
        .log
        .state()
        .game(Round(2), bianpai::domain::Board(arm))
        .unwrap()
        .clone();
    head.prepare(minutes(70));
    let row = head
        .round_view
        .rows
        .iter()
        .find(|r| r.board.0 == arm)
        .unwrap();
    assert_eq!(row.stage.as_deref(), Some("半决赛·超快棋"), "{row:?}");
    // The lot drawn in the hall: the higher-ranked player drew black.
    type_keys(&mut head, "L", minutes(71));
    let prompt = head.entry_line().unwrap();
    assert!(prompt.contains(&format!("第{arm}台超快棋抽签")), "{prompt}");
    // One key: `b` brings the confirm step at once.
    type_keys(&mut head, "b", minutes(71));
    assert!(head.entry_line().unwrap().contains("y 确认"));
    type_keys(&mut head, "y", minutes(71));
    let lots: Vec<_> = head
        .log
        .records()
        .iter()
        .filter_map(|r| match &r.ev {
            Event::LotDrawn {
                board, red, black, ..
            } => Some((*board, *red, *black)),
            _ => None,
        })
        .collect();
    assert_eq!(lots.len(), 1);
    let (board, red, black) = lots[0];
    assert_eq!(board.0, arm);
    let after = head.log.state().game(Round(2), board).unwrap();
    assert_eq!((after.red, after.black), (red, black));
    assert!([before.red, before.black].contains(&red));
    // Places 1–4 are knockout places in the standings.
    type_keys(&mut head, "s", minutes(72));
    let screen = ui::render_text(&head, 160, 48);
    assert!(
        screen.contains("进入淘汰赛") && screen.contains("由淘汰赛决定"),
        "{screen}"
    );
    type_keys(&mut head, "o", minutes(72));
    // Results on the armageddon board go to the colours of the lot.
    type_keys(&mut head, &format!("{arm}r\n"), minutes(80));
    assert_eq!(
        head.log.state().game(Round(2), board).unwrap().result,
        Some(GameResult::RedWin)
    );
}
