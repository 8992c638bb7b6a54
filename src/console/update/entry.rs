//! A board's entry in `update`: a result, a side (a seat, a foul, a time loss) and a fallen
//! flag, each up to its Enter or its confirm step.

use super::{board_of, fill, refuse};
use crate::console::app::{App, Mode, Pending, Purpose, SideIntent};
use crate::domain::{Command, GameResult, Side};

pub(super) fn result_entry(app: &mut App, digits: String, result: GameResult) -> Mode {
    let Some(board) = board_of(app, &digits) else {
        return Mode::Normal;
    };
    let round = app.entry_round;
    let existing = app
        .log
        .state()
        .round(round.unwrap_or_else(|| app.log.state().current_round()))
        .and_then(|r| r.game(board))
        .and_then(|g| g.result);
    let in_round = round.unwrap_or_else(|| app.log.state().current_round());
    if existing.is_none()
        && let Some(g) = app.log.state().game(in_round, board)
        && let Err(e) = crate::domain::decide_lot_first(g, in_round)
    {
        // The armageddon's lot comes first: refused at once, with the way forward.
        refuse(app, &e);
        return Mode::Normal;
    }
    // An armageddon's draw is a black win (docs/rules.md#7-knockout): said before Enter.
    let armageddon_draw = result == GameResult::Draw
        && app
            .log
            .state()
            .game(in_round, board)
            .is_some_and(|g| g.game == crate::domain::event::GameKind::Armageddon);
    let label = if armageddon_draw {
        crate::i18n::print::armageddon_draw_result(app.lang).to_string()
    } else {
        app.s.result(result).to_string()
    };
    match existing {
        None => Mode::Ready {
            digits,
            pending: Pending {
                cmd: Command::RecordResult {
                    round,
                    board,
                    result,
                    correct: None,
                },
                // Keyed over the players' signatures: the label names them.
                label: crate::console::signed::with_signatures(app, in_round, board, label),
            },
        },
        Some(old) if old == result => {
            // No no-op correction: the board already has this result.
            app.error(fill(app.s.has_result_head, &[&board, &app.s.result(old)]));
            Mode::Normal
        }
        Some(old) if app.role() == crate::domain::Role::Head => Mode::Prompt {
            purpose: Purpose::CorrectReason {
                round: in_round,
                board,
                result,
                old,
            },
            label: fill(
                app.s.prompt_reason,
                &[&in_round, &board, &app.s.result(old), &app.s.result(result)],
            ),
            text: String::new(),
        },
        Some(old) => {
            app.error(fill(app.s.has_result, &[&board, &app.s.result(old)]));
            Mode::Normal
        }
    }
}

pub(super) fn side_chosen(app: &mut App, digits: String, intent: SideIntent, side: Side) -> Mode {
    let Some(board) = board_of(app, &digits) else {
        return Mode::Normal;
    };
    match intent {
        SideIntent::Foul => Mode::FoulKind { digits, side },
        SideIntent::Time => crate::console::floor_keys::time_side(app, board, side),
        SideIntent::Seat { present } => {
            let what = if present { app.s.arrived } else { app.s.absent };
            Mode::Ready {
                digits,
                pending: Pending {
                    cmd: Command::MarkSeat {
                        round: app.entry_round,
                        board,
                        side,
                        present,
                        at: app.now,
                        reverse_reason: None,
                    },
                    label: format!("{} {what}", app.s.side(side)),
                },
            }
        }
    }
}

/// `t`: confirm a fallen flag as a time loss for the side whose time ran out.
pub(super) fn flag_entry(app: &mut App, digits: String) -> Mode {
    let Some(board) = board_of(app, &digits) else {
        return Mode::Normal;
    };
    let now = app.now;
    let game = app.log.state().current().and_then(|r| r.game(board));
    if let Some(g) = game
        && g.result.is_none()
        && g.clock.is_none()
    {
        // No clock data (a clock that sends nothing): the arbiter saw the flag.
        return crate::console::floor_keys::time_entry(digits);
    }
    let fallen = game
        .filter(|g| g.result.is_none())
        .and_then(|g| g.clock.as_ref())
        .and_then(|c| c.read(now).flag);
    if let Some(side) = fallen {
        Mode::Ready {
            digits,
            pending: Pending {
                cmd: Command::ConfirmFlag {
                    board,
                    side,
                    at: now,
                },
                label: format!(
                    "{} {} → {}",
                    app.s.side(side),
                    app.s.flag,
                    app.s.result(GameResult::win_for(side.other(), false))
                ),
            },
        }
    } else {
        app.error(fill(app.s.no_flag, &[&board]));
        Mode::Normal
    }
}
