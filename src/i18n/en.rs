//! English texts of the catalog.

use super::{EventZone, clock_time};
use crate::domain::event::Event;
use crate::domain::{GameResult, Tournament};

/// At most six columns, for the round view's result column.
pub fn result_short(r: GameResult) -> &'static str {
    match r {
        GameResult::RedWin => "red",
        GameResult::BlackWin => "black",
        GameResult::Draw => "draw",
        GameResult::RedWinForfeit => "red ff",
        GameResult::BlackWinForfeit => "blk ff",
        GameResult::DoubleForfeit => "dbl ff",
    }
}

pub fn result_word(r: GameResult) -> &'static str {
    match r {
        GameResult::RedWin => "red wins",
        GameResult::BlackWin => "black wins",
        GameResult::Draw => "draw",
        GameResult::RedWinForfeit => "red wins by forfeit",
        GameResult::BlackWinForfeit => "black wins by forfeit",
        GameResult::DoubleForfeit => "double forfeit",
    }
}

/// The English line of an event: the export's wording (which scripts read), with every time
/// in the event's zone.
pub fn describe(t: &Tournament, ev: &Event, zone: EventZone) -> String {
    let local = |at| zone.format(at, "%Y-%m-%d %H:%M:%S%:z");
    match ev {
        Event::RoundStarted { round, at } => format!("round {round} started at {}", local(*at)),
        Event::StartCorrected { round, at, reason } => {
            format!("round {round} start corrected to {}: {reason}", local(*at))
        }
        Event::Clock {
            round,
            board,
            action,
            at,
        } => format!(
            "round {round} board {board}: clock {} at {}",
            super::clock_action(action, crate::domain::rules::Lang::En),
            clock_time(zone, *at)
        ),
        other => super::en_event::describe_event(t, other),
    }
}
