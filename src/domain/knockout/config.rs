//! The knockout finals' settings (rules field `knockout`, docs/rules.md#7-knockout): a
//! part of the Swiss format, never of a round robin or a team match.

use serde::{Deserialize, Serialize};

/// Knockout finals after the Swiss: the top `players` of round `after_round` leave it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Knockout {
    /// The last Swiss round whose standings select the finalists.
    pub after_round: u32,
    /// How many players leave the Swiss: 2 (the final), 4 (semi-finals 1 v 4, 2 v 3) or 8
    /// (quarter-finals 1 v 8, 2 v 7, 3 v 6, 4 v 5); `SIZES`.
    #[serde(default = "default_four")]
    pub players: u32,
}

fn default_four() -> u32 {
    4
}

/// The bracket sizes the rules accept (`knockout.players`).
pub const SIZES: [u32; 3] = [2, 4, 8];

/// How many knockout rounds a bracket of `players` takes: 1 (the final) for 2, 2 for 4
/// (semi-finals, then final and third place), 3 for 8 (quarter-finals first).
pub fn depth(players: u32) -> u32 {
    players.max(1).ilog2()
}

impl Knockout {
    /// How many rounds the bracket plays ([`depth`] of its size).
    pub fn depth(&self) -> u32 {
        depth(self.players)
    }

    /// The last round the bracket plays: `after_round` plus one knockout round per halving
    /// (1 for a final of two, 2 for four, 3 for eight).
    pub fn last_round(&self) -> u32 {
        self.after_round.saturating_add(self.depth())
    }

    /// Whether the bracket plays round `round` (after `after_round`, up to `last_round`).
    pub fn plays(&self, round: u32) -> bool {
        round > self.after_round && round <= self.last_round()
    }
}

/// The marks of the places the knockout decides, best first (`placing::placings`).
pub const PLACES: [Placing; 8] = [
    Placing::Champion,
    Placing::RunnerUp,
    Placing::Third,
    Placing::Fourth,
    Placing::Fifth,
    Placing::Sixth,
    Placing::Seventh,
    Placing::Eighth,
];

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
    /// Won the quarter-final: plays the semi-final (进入半决赛).
    InSemiFinal,
    /// Places 5–8 of finals for eight: the quarter-finals' losers in seed order.
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl Placing {
    /// The mark of a player the selecting round sent to finals of `players`, before any of
    /// their matches is decided: 进入决赛 when the finals are the final alone, 进入淘汰赛
    /// otherwise.
    pub fn selected(players: u32) -> Placing {
        if players == 2 {
            Placing::InFinal
        } else {
            Placing::Finalist
        }
    }

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
            Placing::InSemiFinal => "in_semi_final",
            Placing::Fifth => "fifth",
            Placing::Sixth => "sixth",
            Placing::Seventh => "seventh",
            Placing::Eighth => "eighth",
        }
    }
}
