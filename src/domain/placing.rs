//! Places 1–4 decided by the knockout, as the standings mark them (RULES.md §7, seed 003:
//! "第9轮对局结束后，排名前4名的棋手……均进行淘汰赛").
//!
//! After the selecting Swiss round the top four leave the Swiss; their places come from the
//! knockout, not from points, so a printout may show place 5 with more points than place 1.
//! Every table marks those four rows (备注 `淘汰赛冠军` …) and says why under the table. The
//! points printed for them are the regulation's final points: the nine Swiss rounds plus the
//! slow semi-final and the slow final or third-place game, the number that enters 对手分.

use super::ids::{PlayerNo, Round};
use super::knockout;
use super::tournament::Tournament;

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
        }
    }
}

/// The knockout's marks in the standings after `after`: the four finalists with their
/// places once the final and the third-place match are decided, `Finalist` before; empty
/// when the event has no knockout or `after` is not past the selecting round.
pub fn placings(t: &Tournament, after: Round) -> Vec<(PlayerNo, Placing)> {
    let Some(k) = t.rules.knockout.as_ref() else {
        return Vec::new();
    };
    if after.0 <= k.after_round {
        return Vec::new();
    }
    if after.0 >= k.after_round + 2
        && let Some(places) = knockout::final_places(t)
    {
        let marks = [
            Placing::Champion,
            Placing::RunnerUp,
            Placing::Third,
            Placing::Fourth,
        ];
        return places.iter().copied().zip(marks).collect();
    }
    knockout::seeds(t)
        .into_iter()
        .map(|no| (no, Placing::Finalist))
        .collect()
}

/// The mark of one player after `after`, if the knockout placed them.
pub fn placing_of(t: &Tournament, after: Round, no: PlayerNo) -> Option<Placing> {
    placings(t, after)
        .into_iter()
        .find(|(p, _)| *p == no)
        .map(|(_, m)| m)
}
