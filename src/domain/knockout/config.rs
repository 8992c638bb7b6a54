//! The knockout finals' settings (rules field `knockout`, docs/rules.md#7-knockout): a
//! part of the Swiss format, never of a round robin or a team match.

use serde::{Deserialize, Serialize};

/// Knockout finals after the Swiss: the top `players` of round `after_round` leave it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Knockout {
    /// The last Swiss round whose standings select the finalists.
    pub after_round: u32,
    /// How many players leave the Swiss (4: semi-finals 1 v 4, 2 v 3).
    #[serde(default = "default_four")]
    pub players: u32,
}

fn default_four() -> u32 {
    4
}
