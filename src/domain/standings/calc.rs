//! The standings engine (docs/rules.md#6-tiebreaks): running totals advanced one round at a
//! time, each section ranked by the rules' chain. The knockout finals enter through `Finals`
//! (their finalists' slow-game points, their marks and places 1–4), so that the table that
//! selects the finalists is computed without them.

use super::row::Standing;
use crate::domain::event::Stage;
use crate::domain::fide_tiebreak;
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::knockout::config::Placing;
use crate::domain::result::{GameResult, Outcome};
use crate::domain::round_robin::withdrawal;
use crate::domain::rules::Tiebreak;
use crate::domain::side::Side;
use crate::domain::tiebreak::{self, Met, Values};
use crate::domain::tournament::{Status, Tournament};

/// What the knockout finals add to the tables after their selecting round
/// (docs/rules.md#7-knockout); nothing up to that round.
pub trait Finals {
    /// Each finalist's points from slow knockout games up to `after`.
    fn slow_points(&self, after: Round) -> Vec<(PlayerNo, u32)>;
    /// The finalists' marks in the table after `after`.
    fn placings(&self, after: Round) -> Vec<(PlayerNo, Placing)>;
    /// The order of the finalists at the top of the first section after `after`.
    fn places_after(&self, after: Round) -> Option<Vec<PlayerNo>>;
}

/// No knockout finals (a Swiss up to its selecting round, a round robin).
pub struct NoFinals;

impl Finals for NoFinals {
    fn slow_points(&self, _: Round) -> Vec<(PlayerNo, u32)> {
        Vec::new()
    }
    fn placings(&self, _: Round) -> Vec<(PlayerNo, Placing)> {
        Vec::new()
    }
    fn places_after(&self, _: Round) -> Option<Vec<PlayerNo>> {
        None
    }
}

/// Everyone's points (`points[i]` for player number i + 1) with the finalists' slow-game points
/// added.
pub fn plus_slow(points: &[u32], slow: &[(PlayerNo, u32)]) -> Vec<u32> {
    let mut out = points.to_vec();
    for (no, extra) in slow {
        if let Some(p) = out.get_mut(no.index()) {
            *p = p.saturating_add(*extra);
        }
    }
    out
}

/// The table after `after` without the knockout finals: the table that selects them.
pub fn without_finals(t: &Tournament, after: Round) -> Vec<Standing> {
    table(t, after, &NoFinals)
}

/// The table after `after` with the knockout's part given by `finals`.
pub fn table(t: &Tournament, after: Round, finals: &dyn Finals) -> Vec<Standing> {
    let mut calc = Calc::new(t, finals);
    let last = (after.0 as usize).min(t.rounds.len());
    for k in 1..=last {
        calc.add_round(k);
        if k < last {
            calc.rank_only(k);
        }
    }
    calc.table(last)
}

/// Running totals, advanced one round at a time.
pub(super) struct Calc<'a> {
    t: &'a Tournament,
    /// What the knockout finals add after their selecting round.
    finals: &'a dyn Finals,
    n: usize,
    points: Vec<u32>,
    progressive: Vec<u32>,
    wins: Vec<u32>,
    fouls: Vec<u32>,
    black_games: Vec<u32>,
    black_wins: Vec<u32>,
    byes: Vec<u32>,
    /// Forfeit wins on a team round's vacant boards (缺台): no opponent, no game met.
    unopposed: Vec<u32>,
    /// Teams withdrawn before half their round robin: their empty boards give nobody a win.
    teams_annulled: Vec<crate::domain::ids::TeamNo>,
    /// Finished Swiss games per player, in round order.
    games: Vec<Vec<Met>>,
    /// Points after each earlier round, latest first.
    previous_points: Vec<Vec<u32>>,
    /// Ranks after each earlier round, latest first.
    previous_ranks: Vec<Vec<u32>>,
    /// Ranks of the last table built.
    ranks: Vec<u32>,
    /// Round robin: players who withdrew, with the verdict of R2011 ch.14 (`withdrawal`).
    withdrawals: Vec<withdrawal::Withdrawal>,
    /// Round robin: players whose results are annulled (their games count for nobody).
    annulled: Vec<bool>,
    /// Round robin: players who withdrew before round 1 (never in the table, not ranked).
    outside: Vec<bool>,
}

impl<'a> Calc<'a> {
    pub(super) fn new(t: &'a Tournament, finals: &'a dyn Finals) -> Self {
        let n = t.players.len();
        Calc {
            t,
            finals,
            n,
            points: vec![0; n],
            progressive: vec![0; n],
            wins: vec![0; n],
            fouls: vec![0; n],
            black_games: vec![0; n],
            black_wins: vec![0; n],
            byes: vec![0; n],
            unopposed: vec![0; n],
            teams_annulled: crate::domain::team::withdrawal::annulled(t),
            games: vec![Vec::new(); n],
            previous_points: vec![Vec::new(); n],
            previous_ranks: vec![Vec::new(); n],
            ranks: Vec::new(),
            withdrawals: withdrawal::withdrawals(t),
            annulled: vec![false; n],
            outside: t
                .players
                .iter()
                .map(|p| {
                    t.rules.format.follows_a_table() && p.withdrawn_from.is_some_and(|r| r.0 <= 1)
                })
                .collect(),
        }
        .with_annulled()
    }

    fn with_annulled(mut self) -> Self {
        for w in &self.withdrawals {
            if w.verdict == withdrawal::Verdict::Annulled
                && let Some(i) = self.index(w.no)
            {
                self.annulled[i] = true;
            }
        }
        self
    }

    /// A game's points, win and opponent for one side (shared by boards and unplayed games).
    fn count_game(&mut self, me: usize, opp: usize, side: Side, result: GameResult) {
        let pts = &self.t.rules.points;
        self.points[me] = self.points[me].saturating_add(pts.for_result(result, side));
        let won = result.outcome(side) == Outcome::Win;
        if won {
            self.wins[me] = self.wins[me].saturating_add(1);
        }
        if side == Side::Black && !result.is_forfeit() {
            self.black_games[me] = self.black_games[me].saturating_add(1);
            if won {
                self.black_wins[me] = self.black_wins[me].saturating_add(1);
            }
        }
        self.games[me].push(Met {
            opponent: opp,
            side,
            result,
        });
    }

    fn index(&self, no: PlayerNo) -> Option<usize> {
        let i = no.index();
        (no.0 >= 1 && i < self.n).then_some(i)
    }

    /// Adds round `k` (1-based) to the running totals.
    pub(super) fn add_round(&mut self, k: usize) {
        if k >= 2 {
            for i in 0..self.n {
                let p = self.points[i];
                self.previous_points[i].insert(0, p);
                if let Some(r) = self.ranks.get(i).copied() {
                    self.previous_ranks[i].insert(0, r);
                }
            }
        }
        let Some(round) = self.t.rounds.get(k - 1) else {
            for i in 0..self.n {
                self.progressive[i] = self.progressive[i].saturating_add(self.points[i]);
            }
            return;
        };
        let pts = &self.t.rules.points;
        for g in &round.games {
            let Some(result) = g.result else { continue };
            for side in Side::BOTH {
                let (Some(me), Some(opp)) = (
                    self.index(g.player(side)),
                    self.index(g.player(side.other())),
                ) else {
                    continue;
                };
                if self.annulled[me] || self.annulled[opp] {
                    // R2011 ch.14: a game against an annulled player counts for nobody.
                    continue;
                }
                self.fouls[me] = self.fouls[me].saturating_add(g.fouls.get(side).len() as u32);
                if g.stage != Stage::Swiss {
                    continue;
                }
                self.count_game(me, opp, side, result);
            }
        }
        // A vacant board (缺台) is a forfeit win for the player facing the empty seat: points
        // and a win, but no opponent for any tiebreak (docs/rules.md#11-team-matches).
        for v in &round.vacant {
            if let Some((side, no)) = v.present()
                && let Some(me) = self.index(no)
                && !self.annulled[me]
                && !self.teams_annulled.contains(v.teams.get(side.other()))
            {
                let result = v.result();
                self.points[me] = self.points[me].saturating_add(pts.for_result(result, side));
                if result.outcome(side) == Outcome::Win {
                    self.wins[me] = self.wins[me].saturating_add(1);
                }
                self.unopposed[me] = self.unopposed[me].saturating_add(1);
            }
        }
        if !self.withdrawals.is_empty() {
            // R2011 ch.14: the withdrawn player's remaining games are lost by forfeit.
            let unplayed = withdrawal::unplayed_with(self.t, round.round, &self.withdrawals);
            for u in unplayed {
                let Some(result) = u.result() else { continue };
                for side in Side::BOTH {
                    if let (Some(me), Some(opp)) = (
                        self.index(u.player(side)),
                        self.index(u.player(side.other())),
                    ) {
                        self.count_game(me, opp, side, result);
                    }
                }
            }
        }
        // In a round robin the bye is a rest: no points, no opponent (docs/rules.md#1-scoring).
        let rest = self.t.rules.format.follows_a_table();
        for b in round.byes.iter().filter(|_| !rest) {
            if let Some(i) = self.index(*b)
                && !self.annulled[i]
            {
                self.points[i] = self.points[i].saturating_add(pts.bye_points());
                self.byes[i] = self.byes[i].saturating_add(1);
            }
        }
        // Requested byes (docs/rules.md#requested-byes): their points, no opponent, no game.
        for b in &round.requested {
            if let Some(i) = self.index(b.no)
                && !self.annulled[i]
            {
                self.points[i] = self.points[i].saturating_add(b.points.points(pts));
            }
        }
        for i in 0..self.n {
            self.progressive[i] = self.progressive[i].saturating_add(self.points[i]);
        }
    }

    /// The table after round `k`, from the running totals; remembers its ranks.
    pub(super) fn table(&mut self, k: usize) -> Vec<Standing> {
        let (values, orders) = self.rank(k);
        let t = self.t;
        let final_points = plus_slow(&self.points, &self.finals.slow_points(Round(k as u32)));
        let mut marks = self.finals.placings(Round(k as u32));
        if let Some(ko) = t.rules.format.knockout()
            && k == ko.after_round as usize
            && t.completed_rounds() >= ko.after_round
        {
            // The table that selects the finalists: its top `players` (active players of the
            // first section, as `knockout::seeds` takes them) are marked as going on.
            marks = orders
                .first()
                .into_iter()
                .flatten()
                .filter(|&&i| t.players[i].status == Status::Active)
                .take(ko.players as usize)
                .map(|&i| (t.players[i].no, Placing::selected(ko.players)))
                .collect();
        }
        let mut rows = Vec::with_capacity(self.n);
        for (s, order) in orders.iter().enumerate() {
            for &i in order {
                let v = values[i].clone();
                rows.push(Standing {
                    rank: self.ranks[i],
                    no: t.players[i].no,
                    section: s,
                    points: final_points[i],
                    placing: marks
                        .iter()
                        .find(|(no, _)| *no == t.players[i].no)
                        .map(|(_, m)| *m),
                    tiebreaks: t
                        .rules
                        .tiebreaks
                        .iter()
                        .map(|tb| (*tb, v.get(*tb)))
                        .collect(),
                    values: v,
                });
            }
        }
        self.restore(values);
        rows
    }

    /// Ranks round `k` without building the table (an earlier round that only the
    /// previous-round criteria need).
    pub(super) fn rank_only(&mut self, k: usize) {
        let (values, _) = self.rank(k);
        self.restore(values);
    }

    /// Every player's values after round `k` and each section's order, best first; sets
    /// `self.ranks`. The previous-round vectors are moved into the values (no copy); hand
    /// the values back with `restore`.
    fn rank(&mut self, k: usize) -> (Vec<Values>, Vec<Vec<usize>>) {
        let t = self.t;
        let after = Round(k as u32);
        let sections = t
            .players
            .iter()
            .map(|p| p.section + 1)
            .max()
            .unwrap_or(0)
            .max(t.rules.sections.len());
        let final_points = plus_slow(&self.points, &self.finals.slow_points(after));
        // Lowest final score of each section's field, for byes.
        let mut lowest: Vec<Option<u32>> = vec![None; sections];
        for (i, p) in t.players.iter().enumerate() {
            if p.joins_round <= after {
                let f = final_points.get(i).copied().unwrap_or(0);
                let l = &mut lowest[p.section];
                *l = Some(l.map_or(f, |x| x.min(f)));
            }
        }
        let mut values: Vec<Values> = (0..self.n)
            .map(|i| {
                // Saturating, never wrapping: the rules bound every points
                // value, and a log written before the bounds cannot wrap a total either.
                let opp: u32 = self.games[i]
                    .iter()
                    .map(|m| final_points.get(m.opponent).copied().unwrap_or(0))
                    .fold(0, u32::saturating_add);
                let pts = &t.rules.points;
                let sb: u64 = self.games[i]
                    .iter()
                    .map(|m| {
                        let opp = final_points.get(m.opponent).copied().unwrap_or(0);
                        u64::from(opp) * u64::from(pts.for_result(m.result, m.side))
                    })
                    .fold(0, u64::saturating_add);
                let bye = lowest[t.players[i].section]
                    .unwrap_or(0)
                    .saturating_mul(self.byes[i]);
                Values {
                    opponent_score: opp.saturating_add(bye),
                    progressive: self.progressive[i],
                    wins: self.wins[i],
                    fouls: self.fouls[i],
                    black_games: self.black_games[i],
                    black_wins: self.black_wins[i],
                    direct_encounter: None,
                    previous_ranks: std::mem::take(&mut self.previous_ranks[i]),
                    previous_points: std::mem::take(&mut self.previous_points[i]),
                    draw_number: t.players[i].no.0,
                    sonneborn_berger: sb,
                    fide: None,
                    fide_de: None,
                }
            })
            .collect();
        if t.rules
            .tiebreaks
            .iter()
            .any(|tb| tb.is_fide() && *tb != Tiebreak::FideDe)
        {
            for (v, f) in values.iter_mut().zip(fide_tiebreak::values(t, k)) {
                v.fide = Some(f);
            }
        }
        let mut chain = t.rules.tiebreaks.clone();
        if !chain.contains(&Tiebreak::DrawNumber) {
            chain.push(Tiebreak::DrawNumber);
        }
        let mut ranks = vec![0_u32; self.n];
        let mut orders = Vec::with_capacity(sections);
        for s in 0..sections {
            let mut order: Vec<usize> = (0..self.n)
                .filter(|i| t.players[*i].section == s && !self.outside[*i])
                .collect();
            self.rank_section(&mut order, &mut values, &chain);
            // Annulled players (R2011 ch.14) are ranked after the field.
            let (kept, annulled): (Vec<usize>, Vec<usize>) =
                order.iter().partition(|i| !self.annulled[**i]);
            order = kept.into_iter().chain(annulled).collect();
            if t.rules.format.team().is_some() {
                // A team event's individual table: a player who has not yet played a game
                // (a reserve never fielded) comes after every player who has.
                let (played, idle): (Vec<usize>, Vec<usize>) = order
                    .iter()
                    .partition(|i| !self.games[**i].is_empty() || self.unopposed[**i] > 0);
                order = played.into_iter().chain(idle).collect();
            }
            if s == 0 {
                // Places 1–4 come from the knockout once the finalists have left the Swiss.
                if let Some(top) = self.finals.places_after(after) {
                    let top: Vec<usize> = top.iter().filter_map(|no| self.index(*no)).collect();
                    order.retain(|i| !top.contains(i));
                    order.splice(0..0, top);
                }
            }
            for (place, &i) in order.iter().enumerate() {
                ranks[i] = place as u32 + 1;
            }
            orders.push(order);
        }
        self.ranks = ranks;
        (values, orders)
    }

    /// Takes back the previous-round vectors lent to `rank`'s values.
    fn restore(&mut self, values: Vec<Values>) {
        for (i, v) in values.into_iter().enumerate() {
            self.previous_ranks[i] = v.previous_ranks;
            self.previous_points[i] = v.previous_points;
        }
    }

    /// Orders one section: points, then the chain. Plain criteria sort each still-tied group;
    /// direct encounter is evaluated inside each group still tied when the chain reaches it.
    fn rank_section(&self, order: &mut [usize], values: &mut [Values], chain: &[Tiebreak]) {
        let points = &self.points;
        order.sort_by(|a, b| points[*b].cmp(&points[*a]));
        let mut groups = split(order, |a, b| points[a] == points[b]);
        if !chain.contains(&Tiebreak::DirectEncounter) {
            // For printouts only: direct encounter among players level on points.
            for &(lo, hi) in &groups {
                self.set_direct_encounter(&order[lo..hi], values);
            }
        }
        for &tb in chain {
            let mut next = Vec::new();
            for (lo, hi) in groups {
                let group = &mut order[lo..hi];
                if tb == Tiebreak::DirectEncounter {
                    self.set_direct_encounter(group, values);
                }
                if tb == Tiebreak::FideDe {
                    self.set_fide_de(group, values);
                }
                group.sort_by(|a, b| tiebreak::compare(tb, &values[*a], &values[*b]));
                for (l, h) in split(group, |a, b| {
                    tiebreak::compare(tb, &values[a], &values[b]).is_eq()
                }) {
                    next.push((lo + l, lo + h));
                }
            }
            groups = next;
            if groups.is_empty() {
                break;
            }
        }
    }

    fn set_direct_encounter(&self, group: &[usize], values: &mut [Values]) {
        let games: Vec<&[Met]> = group.iter().map(|i| self.games[*i].as_slice()).collect();
        if let Some(de) = tiebreak::direct_encounter(group, &games, &self.t.rules.points) {
            for (i, v) in group.iter().zip(de) {
                values[*i].direct_encounter = Some(v);
            }
        }
    }
}

impl Calc<'_> {
    /// Whether every player of the table met every other of their section (a round robin
    /// brought in as a list of rounds, e.g. from a TRF file): its schedule was fixed.
    fn everyone_met(&self) -> bool {
        let t = self.t;
        let mut field = vec![0_usize; t.rules.sections.len().max(1)];
        for (i, p) in t.players.iter().enumerate() {
            if !self.outside[i]
                && let Some(f) = field.get_mut(p.section)
            {
                *f += 1;
            }
        }
        (0..self.n).filter(|&i| !self.outside[i]).all(|i| {
            let mut met: Vec<usize> = self.games[i].iter().map(|m| m.opponent).collect();
            met.sort_unstable();
            met.dedup();
            field
                .get(t.players[i].section)
                .is_some_and(|&f| met.len() + 1 == f)
        })
    }

    /// FIDE's direct encounter inside one tied group (docs/rules.md#fide-tiebreaks).
    fn set_fide_de(&self, group: &[usize], values: &mut [Values]) {
        let games: Vec<&[Met]> = group.iter().map(|i| self.games[*i].as_slice()).collect();
        let round_robin = self.t.rules.format.follows_a_table() || self.everyone_met();
        let places = crate::domain::fide_de::direct_encounter(
            group,
            &games,
            &self.t.rules.points,
            round_robin,
        );
        for (i, p) in group.iter().zip(places) {
            values[*i].fide_de = Some(p);
        }
    }
}

/// Runs of equal neighbours in a sorted slice, as `(start, end)` ranges of two or more.
fn split(order: &[usize], same: impl Fn(usize, usize) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=order.len() {
        if i == order.len() || !same(order[i - 1], order[i]) {
            if i - start >= 2 {
                out.push((start, i));
            }
            start = i;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::split;

    #[test]
    fn split_finds_runs() {
        assert_eq!(
            split(&[1, 1, 2, 3, 3, 3], |a, b| a == b),
            vec![(0, 2), (3, 6)]
        );
        assert!(split(&[], |a: usize, b| a == b).is_empty());
    }
}
