//! English texts of the catalog.

use super::{EventZone, clock_time};
use crate::domain::Tournament;
use crate::domain::event::Event;

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
