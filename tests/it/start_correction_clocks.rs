//! A corrected round start moves the board clocks nobody has pressed yet (issue 13): in the
//! domain (events applied) and on the console's round screen. A pressed clock keeps its
//! history.

use crate::support::console as console_common;

use std::path::Path;

use bianpai::console::ui;
use bianpai::domain::clock::format_ms;
use bianpai::domain::event::ClockAction;
use bianpai::domain::rules::Lang;
use bianpai::domain::{Board, Command, Role, Round, Side};
use bianpai::log::Log;
use console_common::{app_as, event, head, minutes, type_keys};

fn clock(path: &Path, board: u32, action: ClockAction, at: chrono::DateTime<chrono::Utc>) {
    let mut log = Log::open(path).unwrap();
    log.execute(
        &head(),
        &Command::Clock {
            round: None,
            board: Board(board),
            action,
            at,
        },
        at,
    )
    .unwrap();
}

#[test]
fn a_start_correction_moves_unpressed_clocks_and_keeps_pressed_ones() {
    let dir = tempfile::tempdir().unwrap();
    // Round 1 recorded as started at 09:00; the boards really began at 09:03.
    let path = event(dir.path(), "c.log", 8, 5, true);
    let log = Log::open(&path).unwrap();
    let base = u64::from(log.state().rules.time_controls.swiss.red_base_s) * 1000;
    let inc = u64::from(log.state().rules.time_controls.swiss.increment_s) * 1000;
    // 09:05: red presses on board 1; the arbiter pauses board 2 (nobody has pressed it).
    clock(&path, 1, ClockAction::Press(Side::Red), minutes(5));
    clock(&path, 2, ClockAction::Pause, minutes(5));
    let before = Log::open(&path).unwrap();
    let g = |l: &Log, b: u32| {
        l.state()
            .game(Round(1), Board(b))
            .unwrap()
            .clock
            .clone()
            .unwrap()
    };
    let at = minutes(10);
    assert_eq!(g(&before, 2).read(at).red_ms, base - 5 * 60_000);

    // The head arbiter corrects the start at the console: S, 09:03, a reason, y.
    let mut app = app_as(&path, "wang", Role::Head, Lang::Zh, at);
    let shown = format_ms(base - 2 * 60_000);
    let screen = ui::render_text(&app, 160, 48);
    assert!(!screen.contains(&shown), "{screen}");
    type_keys(&mut app, "S09:03\n棋钟晚开\ny", at);
    assert_eq!(
        app.log.state().round(Round(1)).unwrap().started_at,
        Some(minutes(3))
    );

    // Domain: the unpressed board 2 counts red's time from 09:03 (2 minutes used, paused);
    // board 1 was pressed and keeps its history (red used 5 minutes, black runs since 09:05).
    let after = Log::open(&path).unwrap();
    assert_eq!(g(&after, 2).read(at).red_ms, base - 2 * 60_000);
    assert!(g(&after, 2).is_paused());
    assert_eq!(g(&after, 1), g(&before, 1));
    assert_eq!(g(&after, 1).read(at).red_ms, base - 5 * 60_000 + inc);
    // The same state replayed from the log as the console holds it.
    assert_eq!(
        app.log.state().game(Round(1), Board(2)).unwrap().clock,
        after.state().game(Round(1), Board(2)).unwrap().clock
    );

    // On screen: board 2's red clock shows the corrected reading.
    app.prepare(at);
    let screen = ui::render_text(&app, 160, 48);
    assert!(screen.contains(&shown), "{shown} not on screen:\n{screen}");
}
