//! One row of the standings, as every table prints it.

use crate::domain::ids::PlayerNo;
use crate::domain::knockout::config::Placing;
use crate::domain::rules::Tiebreak;
use crate::domain::tiebreak::Values;

/// One line of the standings of a section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Place within the section, 1-based, never shared.
    pub rank: u32,
    pub no: PlayerNo,
    /// Index into `rules.sections`.
    pub section: usize,
    /// Points: the Swiss points, or for a knockout finalist the regulation's final points
    /// (docs/rules.md#7-knockout: nine rounds plus the slow knockout games), the number in 对手分.
    pub points: u32,
    /// Set for the knockout's finalists once they have left the Swiss: their place comes
    /// from the knockout, not from points (printouts mark the row and explain it).
    pub placing: Option<Placing>,
    /// The value of every tiebreak in the rules' chain, in chain order. `None` where the
    /// criterion gives no value for this player (e.g. direct encounter outside a tie).
    pub tiebreaks: Vec<(Tiebreak, Option<i64>)>,
    /// Every criterion's value, chain or not (for printouts).
    pub values: Values,
}

impl Standing {
    /// The value of any criterion (see `Values::get`).
    pub fn value(&self, tb: Tiebreak) -> Option<i64> {
        self.values.get(tb)
    }
}
