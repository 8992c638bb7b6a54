//! Who sits out a round on a requested bye, and how many a player has taken.

use super::record::ByeRequest;
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::tournament::Tournament;

/// Whether `no` sits out `round` on a requested bye: asked for and not yet paired, or
/// recorded on the paired round.
pub fn on_bye(t: &Tournament, round: Round, no: PlayerNo) -> bool {
    t.bye_requests
        .iter()
        .any(|r| r.round == round && r.bye.no == no)
        || t.round(round)
            .is_some_and(|r| r.requested.iter().any(|b| b.no == no))
}

/// The requests for `round` not yet paired, in the order they were asked for.
pub fn requested_for(t: &Tournament, round: Round) -> impl Iterator<Item = &ByeRequest> {
    t.bye_requests.iter().filter(move |r| r.round == round)
}

/// How many requested byes `no` has taken or asked for over the event.
pub fn taken(t: &Tournament, no: PlayerNo) -> u32 {
    let recorded = t
        .rounds
        .iter()
        .filter(|r| r.requested.iter().any(|b| b.no == no))
        .count();
    let asked = t
        .bye_requests
        .iter()
        .filter(|r| r.bye.no == no && t.round(r.round).is_none())
        .count();
    (recorded + asked) as u32
}
