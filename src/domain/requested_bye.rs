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
