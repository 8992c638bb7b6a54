//! The floor without electronic clocks: a loss on time is one key path for an
//! assistant (board, `t`, side, confirm) where the board has no clock data; a foul that
//! decides a game says so (`第5台 红方第2次犯规，判负`), and where the rules want the opponent
//! to claim the loss (`foul_loss_on_claim`, seed 001) the console asks whether they did.

use super::app::{App, Mode, Pending, SideIntent};
use crate::domain::event::{Cause, Event};
use crate::domain::{Board, Command, GameResult, Side};
use crate::i18n::screen::fill;
use crate::log::Record;

/// `t` on a board without clock data: which side lost on time.
pub fn time_entry(digits: String) -> Mode {
    Mode::Side {
        digits,
        intent: SideIntent::Time,
    }
}

/// The side chosen after `t`: a confirm step, then the loss on time.
pub fn time_side(app: &App, board: Board, side: Side) -> Mode {
    let s = app.s;
    Mode::Confirm {
        pending: Pending {
            cmd: Command::TimeLoss {
                round: app.entry_round,
                board,
                side,
            },
            label: fill(
                s.time_what,
                &[
                    &board,
                    &s.side(side),
                    &s.result(GameResult::win_for(side.other(), false)),
                ],
            ),
        },
    }
}

/// After this console's own records: a foul that decides the game is said as such, and a foul
/// limit that waits for the opponent's claim asks for it.
pub fn after_records(app: &mut App, recs: &[Record]) {
    let Some((round, board, side)) = recs.iter().find_map(|r| match &r.ev {
        Event::FoulRecorded {
            round, board, side, ..
        } => Some((*round, *board, *side)),
        _ => None,
    }) else {
        return;
    };
    let t = app.log.state();
    let Some(g) = t.game(round, board) else {
        return;
    };
    let nth = g.fouls.get(side).len();
    let lost = recs.iter().any(|r| {
        matches!(
            r.ev,
            Event::ResultRecorded { board: b, cause: Cause::Fouls, .. } if b == board
        )
    });
    if lost {
        let text = crate::i18n::auto::foul_decides(board, side, nth, false, app.lang);
        app.info(text);
        return;
    }
    if t.rules.foul_loss_on_claim && g.result.is_none() && t.foul_limit_reached_by(g, side) {
        let label = crate::i18n::auto::foul_decides(board, side, nth, true, app.lang);
        app.info(label.clone());
        if app.mode == Mode::Normal {
            app.mode = Mode::Confirm {
                pending: Pending {
                    cmd: Command::ClaimFoulLoss {
                        round: Some(round),
                        board,
                        side,
                    },
                    label,
                },
            };
        }
    }
}
