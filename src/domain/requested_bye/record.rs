//! What a requested bye is, as data: what it scores, the request, and the rules' limits.

use serde::{Deserialize, Serialize};

use crate::domain::ids::{PlayerNo, Round};
use crate::domain::rules::points::{MAX_POINTS, Points};

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
        .min(MAX_POINTS)
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
