//! Withdrawal from a round robin (退赛), the Chinese rule (《象棋竞赛规则》2011, ch.14): a player
//! who withdraws having played fewer than half of their games has every result annulled (成绩
//!取消: their games count for nobody, and they are ranked after the field); a player who has
//! played half or more keeps the results, and each remaining game of the schedule is lost by
//! forfeit (对手不战胜: the opponent scores the forfeit win of the table's colour).
//!
//! "Played" counts the boards the player sat at (forfeits included, RULES.md §3 counts them as
//! met); "their games" are the games the schedule gives them within the event's rounds (the
//! bye is no game). Swiss events keep RULES.md §4 (results stay, nothing else changes).

use super::schedule::{field, scheduled};
use crate::domain::format::{Format, RoundRobin};
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::result::GameResult;
use crate::domain::side::Side;
use crate::domain::tournament::{Status, Tournament};

/// What the rule decides for one withdrawn player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Fewer than half played: every result annulled.
    Annulled,
    /// Half or more played: the remaining games are forfeited.
    Forfeits,
}

/// One withdrawn player of a round robin and the rule's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Withdrawal {
    pub no: PlayerNo,
    /// Games played (boards sat at).
    pub played: u32,
    /// Games the schedule gives the player.
    pub scheduled: u32,
    pub verdict: Verdict,
}

/// A game of the schedule not put on a board because a player had withdrawn; with the
/// `Forfeits` verdict it counts as `result` (the present side wins by forfeit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unplayed {
    pub round: Round,
    pub red: PlayerNo,
    pub black: PlayerNo,
    pub absent: PlayerNo,
    pub verdict: Verdict,
}

impl Unplayed {
    /// The result it counts as: a forfeit win of the present side, or none when annulled.
    pub fn result(&self) -> Option<GameResult> {
        match self.verdict {
            Verdict::Annulled => None,
            Verdict::Forfeits if self.absent == self.black => Some(GameResult::RedWinForfeit),
            Verdict::Forfeits => Some(GameResult::BlackWinForfeit),
        }
    }

    pub fn player(&self, side: Side) -> PlayerNo {
        match side {
            Side::Red => self.red,
            Side::Black => self.black,
        }
    }
}

/// The withdrawn players of a round robin played on `rr`, in number order, with the rule's
/// verdict.
/// Empty unless the event is an individual round robin.
pub fn withdrawals(t: &Tournament) -> Vec<Withdrawal> {
    match &t.rules.format {
        Format::RoundRobin(rr) => withdrawals_in(t, *rr),
        Format::Swiss { .. } | Format::Team { .. } => Vec::new(),
    }
}

fn withdrawals_in(t: &Tournament, rr: RoundRobin) -> Vec<Withdrawal> {
    t.players
        .iter()
        .filter(|p| matches!(p.status, Status::Withdrawn { .. }))
        .filter_map(|p| {
            let seats = field(t, p.section);
            if !seats.contains(&p.no) {
                return None;
            }
            let played = t
                .rounds
                .iter()
                .filter(|r| r.game_of(p.no).is_some())
                .count() as u32;
            let scheduled = (1..=t.rules.rounds)
                .flat_map(|r| scheduled(&seats, rr, r))
                .filter(|g| g.black.is_some() && (g.red == p.no || g.black == Some(p.no)))
                .count() as u32;
            let verdict = if played * 2 < scheduled {
                Verdict::Annulled
            } else {
                Verdict::Forfeits
            };
            Some(Withdrawal {
                no: p.no,
                played,
                scheduled,
                verdict,
            })
        })
        .collect()
}

/// The verdict for `no`, if they withdrew from a round robin.
pub fn verdict(t: &Tournament, no: PlayerNo) -> Option<Verdict> {
    withdrawals(t)
        .into_iter()
        .find(|w| w.no == no)
        .map(|w| w.verdict)
}

/// Whether `no`'s results are annulled.
pub fn is_annulled(t: &Tournament, no: PlayerNo) -> bool {
    verdict(t, no) == Some(Verdict::Annulled)
}

/// The games of paired round `round` the schedule gives a withdrawn player and that are on no
/// board (both players withdrawn: left out, nobody scores).
pub fn unplayed(t: &Tournament, round: Round) -> Vec<Unplayed> {
    let w = withdrawals(t);
    unplayed_with(t, round, &w)
}

/// `unplayed` with the withdrawals already computed.
pub fn unplayed_with(t: &Tournament, round: Round, w: &[Withdrawal]) -> Vec<Unplayed> {
    let Format::RoundRobin(rr) = t.rules.format else {
        return Vec::new();
    };
    let Some(state) = t.round(round) else {
        return Vec::new();
    };
    if w.is_empty() {
        return Vec::new();
    }
    let verdict = |no: PlayerNo| w.iter().find(|x| x.no == no).map(|x| x.verdict);
    let mut out = Vec::new();
    for s in 0..t.rules.sections.len().max(1) {
        let seats = field(t, s);
        for g in scheduled(&seats, rr, round.0) {
            let Some(black) = g.black else { continue };
            if state.game_of(g.red).is_some() || state.game_of(black).is_some() {
                continue;
            }
            let (vr, vb) = (verdict(g.red), verdict(black));
            let (absent, v) = match (vr, vb) {
                (Some(v), None) => (g.red, v),
                (None, Some(v)) => (black, v),
                _ => continue,
            };
            out.push(Unplayed {
                round,
                red: g.red,
                black,
                absent,
                verdict: v,
            });
        }
    }
    out
}
