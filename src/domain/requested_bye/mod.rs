//! A requested bye (docs/rules.md#requested-byes): a round a player asked to sit out, left
//! out of the pairing, scored half (the event's red draw points), zero or full (the red
//! win points). In FIDE's terms (TRF) `H`, `Z` and `F`; a pairing bye (`U`) is not one of
//! them, it is the round's `byes`.

use serde::{Deserialize, Serialize};

use super::ids::PlayerNo;
use super::rules::Points;

/// What a requested bye scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByePoints {
    Half,
    Zero,
    Full,
}

impl ByePoints {
    /// The points it gives under the event's table.
    pub fn points(self, points: &Points) -> u32 {
        match self {
            ByePoints::Half => points.red_draw,
            ByePoints::Zero => 0,
            ByePoints::Full => points.red_win,
        }
        .min(super::rules::MAX_POINTS)
    }

    /// The code the exports write (`half`, `zero`, `full`).
    pub fn word(self) -> &'static str {
        match self {
            ByePoints::Half => "half",
            ByePoints::Zero => "zero",
            ByePoints::Full => "full",
        }
    }
}

/// One player's requested bye in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequestedBye {
    pub no: PlayerNo,
    pub points: ByePoints,
}

/// What the rules allow (`requested_byes`, docs/rules.md#requested-byes): at most `max`
/// requested byes per player over the event, none in the last `not_in_last` rounds. No
/// field in the rules: none allowed (the Chinese presets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByeLimits {
    pub max: u32,
    #[serde(default)]
    pub not_in_last: u32,
}

/// A requested bye asked for before its round is paired (`ByeRequested`): the pairing of
/// `round` leaves the player out and records it on the round (`RoundState::requested`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByeRequest {
    pub round: Round,
    pub bye: RequestedBye,
    pub reason: String,
}

mod decide;
pub use decide::ByeFault;
pub(in crate::domain) use decide::{check_seated, decide_cancel, decide_request};

use super::ids::Round;
use super::tournament::Tournament;

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

#[cfg(test)]
mod tests;
