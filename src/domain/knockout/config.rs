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

/// How the knockout placed a player in the standings after some round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placing {
    /// Won the final (冠军).
    Champion,
    /// Lost the final (亚军).
    RunnerUp,
    /// Won the third-place match (季军).
    Third,
    /// Lost the third-place match (第四名).
    Fourth,
    /// In the knockout, places not decided yet (seed order meanwhile).
    Finalist,
    /// Won the semi-final: plays the final (进入决赛).
    InFinal,
    /// Lost the semi-final (an armageddon draw included): plays for third place.
    InThirdPlace,
}

impl Placing {
    /// The key written in the JSON standings.
    pub fn key(self) -> &'static str {
        match self {
            Placing::Champion => "champion",
            Placing::RunnerUp => "runner_up",
            Placing::Third => "third",
            Placing::Fourth => "fourth",
            Placing::Finalist => "finalist",
            Placing::InFinal => "in_final",
            Placing::InThirdPlace => "in_third_place",
        }
    }
}
