//! The Swiss engine for rounds 2 and later (积分编排, RULES.md §3).
//!
//! 1. Bye (odd field): the lowest-scored player without a bye whose removal leaves a legal
//!    pairing (checked by maximum matching); among equals the lowest-ranked.
//! 2. Score groups from the top. A group's bracket is its players plus those floated down
//!    into it. Before fixing the bracket, the engine picks the players who float on down:
//!    the fewest possible, then fewest who floated down last round, then from the bottom
//!    (`cost.rs` fixes this order), such that the rest of the bracket can be paired among
//!    themselves and the floaters plus everyone below can still all be paired (maximum
//!    matching, Edmonds' blossom). Candidates are tried in that order, so the first that
//!    passes is the best; a top group kept whole outweighs anything lower down.
//! 3. Inside the bracket: a perfect matching of least colour penalty (rule 7): greedy by rank,
//!    completed by augmenting paths, proven optimal against a lower bound or solved exactly
//!    (small brackets) or improved by exchanges (large brackets).
//! 4. Colours inside each pair by the allocation steps (`colour.rs`).
//!
//! In the last round the colour rules 4–5 are relaxable: the compatibility graph keeps only
//! "not met", and colour-rule breaks count in the cost just below the score-group result.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use thiserror::Error;

use super::colour::{self, ColourState};
use super::cost::{self, floated_last_round};
use super::matching::{self, NONE};
use super::{Entrant, SectionInput};
use crate::domain::event::{Pairing, Stage};
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::side::Side;
use crate::domain::tournament::Tournament;

/// A section's pairing: (red, black) pairs, the bye, and one explanation line per pair.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SectionPairing {
    pub pairs: Vec<(PlayerNo, PlayerNo)>,
    pub bye: Option<PlayerNo>,
    /// One line per pair, in the order of `pairs`.
    pub notes: Vec<String>,
    /// Notes about the whole section (score groups, relaxed rules).
    pub general: Vec<String>,
}

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PairingError {
    #[error(
        "no legal pairing: players {} cannot be paired without a rematch, a second bye or (before the last round) a colour rule broken",
        list(.0)
    )]
    Unpairable(Vec<PlayerNo>),
}

/// "2, 3, 17" for an error message.
fn list(players: &[PlayerNo]) -> String {
    players
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Candidate floater sets tried in one score group before the engine settles for any legal
/// choice (a safety net against exponential searches; never reached in normal events).
const SEARCH_BUDGET: usize = 4000;

/// The engine's view of a section: entrants and their colour states, indexed alike.
struct Ctx<'a> {
    e: &'a [Entrant],
    col: Vec<ColourState>,
    /// (can take red, can take black) without breaking rule 4 or 5.
    can: Vec<(bool, bool)>,
    /// Last round: colour rules are not part of compatibility.
    relaxed: bool,
}

impl<'a> Ctx<'a> {
    fn new(input: &'a SectionInput) -> Ctx<'a> {
        let col: Vec<ColourState> = input
            .entrants
            .iter()
            .map(|e| ColourState::of(&e.colours))
            .collect();
        let can = col
            .iter()
            .map(|c| (c.can_take(Side::Red), c.can_take(Side::Black)))
            .collect();
        Ctx {
            e: &input.entrants,
            col,
            can,
            relaxed: input.last_round,
        }
    }

    fn compat(&self, i: usize, j: usize) -> bool {
        if i == j || self.e[i].has_met(self.e[j].no) || self.e[j].has_met(self.e[i].no) {
            return false;
        }
        if self.relaxed {
            return true;
        }
        let ((ri, bi), (rj, bj)) = (self.can[i], self.can[j]);
        (ri && bj) || (rj && bi)
    }

    fn weight(&self, i: usize, j: usize) -> u64 {
        cost::pair_weight(&self.col[i], &self.col[j])
    }

    /// 0: must have red, 1: must have black, 2: either, 3: neither.
    fn class(&self, i: usize) -> usize {
        if self.relaxed {
            return 2;
        }
        match self.can[i] {
            (true, false) => 0,
            (false, true) => 1,
            (true, true) => 2,
            (false, false) => 3,
        }
    }

    /// A quick matching of `nodes` (local indices): players who must have one colour first,
    /// each with the first compatible player of the opposite need, then anyone.
    fn greedy(&self, nodes: &[usize]) -> Vec<usize> {
        let n = nodes.len();
        let mut lists: [Vec<usize>; 4] = Default::default();
        for (u, &g) in nodes.iter().enumerate() {
            lists[self.class(g)].push(u);
        }
        let mut mate = vec![NONE; n];
        let mut start = [0usize; 3];
        let prefs: [&[usize]; 3] = [&[1, 2], &[0, 2], &[2, 0, 1]];
        for c in 0..3 {
            for k in 0..lists[c].len() {
                let u = lists[c][k];
                if mate[u] != NONE {
                    continue;
                }
                'found: for &pc in prefs[c] {
                    while start[pc] < lists[pc].len() && mate[lists[pc][start[pc]]] != NONE {
                        start[pc] += 1;
                    }
                    for &v in &lists[pc][start[pc]..] {
                        if v != u && mate[v] == NONE && self.compat(nodes[u], nodes[v]) {
                            mate[u] = v;
                            mate[v] = u;
                            break 'found;
                        }
                    }
                }
            }
        }
        mate
    }

    /// A maximum matching of `nodes`, as a local mate array.
    fn max_matching(&self, nodes: &[usize]) -> Vec<usize> {
        let mut mate = self.greedy(nodes);
        let compat = |a: usize, b: usize| self.compat(nodes[a], nodes[b]);
        matching::maximum(nodes.len(), &compat, &mut mate);
        mate
    }

    fn perfect(&self, nodes: &[usize]) -> bool {
        nodes.len().is_multiple_of(2) && self.max_matching(nodes).iter().all(|m| *m != NONE)
    }

    fn unmatched(&self, nodes: &[usize]) -> Vec<PlayerNo> {
        let mate = self.max_matching(nodes);
        let mut out: Vec<PlayerNo> = (0..nodes.len())
            .filter(|&u| mate[u] == NONE)
            .map(|u| self.e[nodes[u]].no)
            .collect();
        out.sort();
        out
    }

    fn order_key(&self, i: usize) -> (std::cmp::Reverse<u32>, u32, PlayerNo) {
        (
            std::cmp::Reverse(self.e[i].score),
            self.e[i].rank,
            self.e[i].no,
        )
    }

    /// The bye (odd field), and the candidates passed over because their removal leaves no
    /// legal pairing.
    fn choose_bye(&self, all: &[usize]) -> Result<(Option<usize>, Vec<usize>), PairingError> {
        if all.len().is_multiple_of(2) {
            if self.perfect(all) {
                return Ok((None, Vec::new()));
            }
            return Err(PairingError::Unpairable(self.unmatched(all)));
        }
        let mut candidates: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&i| !self.e[i].had_bye)
            .collect();
        candidates.sort_by_key(|&i| {
            (
                self.e[i].score,
                std::cmp::Reverse(self.e[i].rank),
                std::cmp::Reverse(self.e[i].no),
            )
        });
        let mut skipped = Vec::new();
        for c in candidates {
            let rest: Vec<usize> = all.iter().copied().filter(|&i| i != c).collect();
            if self.perfect(&rest) {
                return Ok((Some(c), skipped));
            }
            skipped.push(c);
        }
        Err(PairingError::Unpairable(self.unmatched(all)))
    }

    /// Whether floating `t` (indices into `b`) out of bracket `b` leaves the rest of `b`
    /// pairable among themselves and `t` plus `lower` pairable.
    fn feasible(&self, b: &[usize], t: &[usize], lower: &[usize]) -> bool {
        let out: HashSet<usize> = t.iter().copied().collect();
        let stay: Vec<usize> = (0..b.len())
            .filter(|x| !out.contains(x))
            .map(|x| b[x])
            .collect();
        if !self.perfect(&stay) {
            return false;
        }
        let mut below: Vec<usize> = t.iter().map(|&x| b[x]).collect();
        below.extend_from_slice(lower);
        self.perfect(&below)
    }

    /// The players of bracket `b` (sorted best first) who float down, as indices into `b`,
    /// and whether the search budget ran out (any legal choice was then taken).
    fn choose_floaters(&self, b: &[usize], lower: &[usize]) -> (Vec<usize>, bool) {
        let m = b.len();
        let inside = self.max_matching(b).iter().filter(|x| **x != NONE).count();
        let least = m - inside;
        let rep: Vec<bool> = b.iter().map(|&g| floated_last_round(&self.e[g])).collect();
        // reps_below[x]: repeat floaters among b[..x].
        let mut reps_below = vec![0usize; m + 1];
        for x in 0..m {
            reps_below[x + 1] = reps_below[x] + usize::from(rep[x]);
        }
        let mut search = FloaterSearch {
            ctx: self,
            b,
            lower,
            rep: &rep,
            reps_below: &reps_below,
            budget: SEARCH_BUDGET,
            chosen: Vec::new(),
        };
        let mut f = least;
        while f <= m {
            for r in 0..=f.min(reps_below[m]) {
                if m - reps_below[m] < f - r {
                    continue;
                }
                if let Some(t) = search.run(m, f, r) {
                    return (t, false);
                }
                if search.budget == 0 {
                    return (self.any_floaters(b, lower), true);
                }
            }
            f += 2;
        }
        (self.any_floaters(b, lower), true)
    }

    /// Some legal floater set: a maximum matching of the bracket and everyone below,
    /// started from the bracket's own matching.
    fn any_floaters(&self, b: &[usize], lower: &[usize]) -> Vec<usize> {
        let mut nodes = b.to_vec();
        nodes.extend_from_slice(lower);
        let mut mate = self.greedy(b);
        let offset = b.len();
        mate.extend(
            self.greedy(lower)
                .into_iter()
                .map(|v| if v == NONE { NONE } else { v + offset }),
        );
        let compat = |x: usize, y: usize| self.compat(nodes[x], nodes[y]);
        matching::maximum(nodes.len(), &compat, &mut mate);
        (0..b.len())
            .filter(|&x| mate[x] != NONE && mate[x] >= offset)
            .collect()
    }

    /// The colour-balance lower bound of a bracket's pairing (rule 7): the surplus of players
    /// due one colour must pair among themselves.
    fn colour_lower_bound(&self, p: &[usize]) -> u64 {
        let (mut red, mut red_mild, mut black, mut black_mild, mut neutral) =
            (0u64, 0u64, 0u64, 0u64, 0u64);
        for &g in p {
            match self.col[g].due() {
                Some((Side::Red, s)) => {
                    red += 1;
                    red_mild += u64::from(s == 1);
                }
                Some((Side::Black, s)) => {
                    black += 1;
                    black_mild += u64::from(s == 1);
                }
                None => neutral += 1,
            }
        }
        let side = |mine: u64, mild: u64, other: u64| -> u64 {
            if mine <= other + neutral {
                return 0;
            }
            let k = (mine - other - neutral) / 2;
            let cheap = k.min(mild);
            cheap + 2 * (k - cheap)
        };
        side(red, red_mild, black) + side(black, black_mild, red)
    }

    /// A perfect matching of the bracket's staying players `p` (sorted best first) of least
    /// colour cost. Returns pairs of entrant indices.
    fn pair_bracket(&self, p: &[usize]) -> Vec<(usize, usize)> {
        let m = p.len();
        let compat = |a: usize, b: usize| self.compat(p[a], p[b]);
        let weight = |a: usize, b: usize| -> Option<u64> {
            if compat(a, b) {
                Some(self.weight(p[a], p[b]))
            } else {
                None
            }
        };
        // Greedy by rank: the nearest-ranked free partner with no colour penalty, else the
        // cheapest.
        let mut mate = vec![NONE; m];
        for u in 0..m {
            if mate[u] != NONE {
                continue;
            }
            let mut best: Option<(u64, usize)> = None;
            for (v, &mv) in mate.iter().enumerate().skip(u + 1) {
                if mv != NONE {
                    continue;
                }
                if let Some(w) = weight(u, v) {
                    if best.is_none_or(|(bw, _)| w < bw) {
                        best = Some((w, v));
                    }
                    if w == 0 {
                        break;
                    }
                }
            }
            if let Some((_, v)) = best {
                mate[u] = v;
                mate[v] = u;
            }
        }
        matching::maximum(m, &compat, &mut mate);
        let total = |mate: &[usize]| -> u64 {
            (0..m)
                .filter(|&u| mate[u] != NONE && u < mate[u])
                .filter_map(|u| weight(u, mate[u]))
                .sum()
        };
        let bound = self.colour_lower_bound(p);
        if total(&mate) > bound {
            if m <= matching::EXACT_LIMIT {
                if let Some(exact) = matching::min_cost_perfect(m, &weight) {
                    mate = exact;
                }
            } else {
                matching::improve(&mut mate, &weight, bound);
            }
        }
        (0..m)
            .filter(|&u| mate[u] != NONE && u < mate[u])
            .map(|u| (p[u], p[mate[u]]))
            .collect()
    }
}

/// Depth-first enumeration of floater sets of one size in the order of `cost::LevelCost`.
struct FloaterSearch<'c, 'a> {
    ctx: &'c Ctx<'a>,
    b: &'c [usize],
    lower: &'c [usize],
    rep: &'c [bool],
    reps_below: &'c [usize],
    budget: usize,
    chosen: Vec<usize>,
}

impl FloaterSearch<'_, '_> {
    /// The first feasible set of `need` indices below `hi` with exactly `reps` repeat
    /// floaters, worst-ranked first.
    fn run(&mut self, hi: usize, need: usize, reps: usize) -> Option<Vec<usize>> {
        if need == 0 {
            if self.budget == 0 {
                return None;
            }
            self.budget -= 1;
            return self
                .ctx
                .feasible(self.b, &self.chosen, self.lower)
                .then(|| self.chosen.clone());
        }
        for x in (need - 1..hi).rev() {
            let is_rep = self.rep[x];
            if is_rep && reps == 0 {
                continue;
            }
            let reps_left = reps - usize::from(is_rep);
            let others_left = need - 1 - reps_left.min(need - 1);
            if reps_left > need - 1
                || self.reps_below[x] < reps_left
                || x - self.reps_below[x] < others_left
            {
                continue;
            }
            self.chosen.push(x);
            let found = self.run(x, need - 1, reps_left);
            self.chosen.pop();
            if found.is_some() || self.budget == 0 {
                return found;
            }
        }
        None
    }
}

/// Pairs one section for a round after the first.
///
/// # Errors
/// `Unpairable` when no pairing keeps the hard rules (in the last round: when even with the
/// colour rules relaxed some players cannot be paired), naming the players a maximum matching
/// leaves unpaired.
pub fn pair_section(input: &SectionInput) -> Result<SectionPairing, PairingError> {
    let ctx = Ctx::new(input);
    let e = ctx.e;
    let mut all: Vec<usize> = (0..e.len()).collect();
    all.sort_by_key(|&i| ctx.order_key(i));
    if all.is_empty() {
        return Ok(SectionPairing::default());
    }
    let (bye, skipped) = ctx.choose_bye(&all)?;
    let mut general = Vec::new();
    if let Some(b) = bye
        && !skipped.is_empty()
    {
        let names: Vec<String> = skipped.iter().map(|&i| e[i].no.to_string()).collect();
        general.push(format!(
            "bye to {}: {} passed over (no legal pairing without them)",
            e[b].no,
            names.join(", ")
        ));
    }
    let rest: Vec<usize> = all.iter().copied().filter(|&i| Some(i) != bye).collect();
    let mut groups: Vec<(u32, Vec<usize>)> = Vec::new();
    for &i in &rest {
        match groups.last_mut() {
            Some((s, list)) if *s == e[i].score => list.push(i),
            _ => groups.push((e[i].score, vec![i])),
        }
    }
    let mut line = String::from("score groups (points: players):");
    for (s, list) in &groups {
        let _ = write!(line, " {s}: {}", list.len());
    }
    general.push(line);

    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut carried: Vec<usize> = Vec::new();
    for gi in 0..groups.len() {
        let (score, residents) = &groups[gi];
        let mut b = carried.clone();
        b.extend_from_slice(residents);
        b.sort_by_key(|&i| ctx.order_key(i));
        let lower: Vec<usize> = groups[gi + 1..]
            .iter()
            .flat_map(|(_, l)| l.iter().copied())
            .collect();
        let (t, exhausted) = if lower.is_empty() {
            (Vec::new(), false)
        } else {
            ctx.choose_floaters(&b, &lower)
        };
        if !t.is_empty() || exhausted {
            let names: Vec<String> = t.iter().map(|&x| e[b[x]].no.to_string()).collect();
            let mut note = if names.is_empty() {
                format!("score group {score}: nobody floats down")
            } else {
                format!(
                    "score group {score}: {} float{} down (fewest that leave a legal pairing below, from the bottom)",
                    names.join(", "),
                    if names.len() == 1 { "s" } else { "" }
                )
            };
            if exhausted {
                note.push_str(
                    "; search limit reached: the choice is legal but may not be the best",
                );
            }
            general.push(note);
        }
        let out: HashSet<usize> = t.iter().copied().collect();
        let stay: Vec<usize> = (0..b.len())
            .filter(|x| !out.contains(x))
            .map(|x| b[x])
            .collect();
        pairs.extend(ctx.pair_bracket(&stay));
        carried = t.iter().map(|&x| b[x]).collect();
    }

    let mut result = SectionPairing {
        bye: bye.map(|b| e[b].no),
        general,
        ..SectionPairing::default()
    };
    let mut relaxed_notes = Vec::new();
    for (x, y) in pairs {
        let (x_red, reason) = colour::allocate(&e[x], &e[y], input.round, input.late_rounds);
        let (r, bl) = if x_red { (x, y) } else { (y, x) };
        result.pairs.push((e[r].no, e[bl].no));
        let mut note = if e[r].score == e[bl].score {
            format!("score group {}", e[r].score)
        } else {
            let (hi, lo) = if e[r].score > e[bl].score {
                (r, bl)
            } else {
                (bl, r)
            };
            let mut s = format!(
                "{} floated down ({} v {})",
                e[hi].no, e[hi].score, e[lo].score
            );
            if floated_last_round(&e[hi]) {
                s.push_str(", also floated down last round");
            }
            s
        };
        let _ = write!(note, "; {}", reason.words());
        for (who, side) in [(r, Side::Red), (bl, Side::Black)] {
            let st = &ctx.col[who];
            if st.breaks(side) > 0 {
                let what = if st.last == Some(side) && st.streak >= 2 {
                    format!("a third {side} in a row")
                } else {
                    "a colour difference of 3".to_string()
                };
                let _ = write!(note, "; colour rule relaxed: {} gets {what}", e[who].no);
                relaxed_notes.push(format!("{} ({what})", e[who].no));
            }
        }
        result.notes.push(note);
    }
    if !relaxed_notes.is_empty() {
        result.general.push(format!(
            "last round: colour rules relaxed for {} (keeping them would leave the round unpairable or the score groups worse)",
            relaxed_notes.join(", ")
        ));
    }
    Ok(result)
}

/// Lists the hard rules a hand-made pairing of `round` breaks (rematches, third colour in a
/// row, colour difference of three, players of different sections).
pub fn check_hard_rules(t: &Tournament, round: Round, games: &[Pairing]) -> Vec<String> {
    let mut out = Vec::new();
    let sections = super::entrants(t, round);
    let entrant: HashMap<PlayerNo, &Entrant> =
        sections.iter().flatten().map(|e| (e.no, e)).collect();
    let name = |no: PlayerNo| t.player(no).map_or("?", |p| p.entry.name.as_str());
    let who = |no: PlayerNo| format!("{no} ({})", name(no));
    let byes: Vec<PlayerNo> = t.round(round).map(|r| r.byes.clone()).unwrap_or_default();
    let last = round.0 >= t.rules.rounds;
    let mut boards: HashMap<PlayerNo, Vec<String>> = HashMap::new();
    for g in games {
        for no in [g.red, g.black] {
            boards.entry(no).or_default().push(g.board.to_string());
        }
    }
    let mut twice: Vec<(&PlayerNo, &Vec<String>)> =
        boards.iter().filter(|(_, b)| b.len() > 1).collect();
    twice.sort();
    for (no, b) in twice {
        out.push(format!(
            "player {} is paired twice (boards {})",
            who(*no),
            b.join(", ")
        ));
    }
    let mut missing: Vec<PlayerNo> = entrant
        .keys()
        .copied()
        .filter(|no| !boards.contains_key(no) && !byes.contains(no))
        .collect();
    missing.sort();
    for no in missing {
        out.push(format!("player {} is not paired", who(no)));
    }
    for g in games.iter().filter(|g| g.stage == Stage::Swiss) {
        let b = g.board;
        let (Some(er), Some(eb)) = (entrant.get(&g.red), entrant.get(&g.black)) else {
            for no in [g.red, g.black] {
                if !entrant.contains_key(&no) {
                    out.push(format!(
                        "board {b}: player {} is not eligible for round {round}",
                        who(no)
                    ));
                }
            }
            continue;
        };
        let (sr, sb) = (
            t.player(g.red).map_or(0, |p| p.section),
            t.player(g.black).map_or(0, |p| p.section),
        );
        if sr != sb {
            out.push(format!(
                "board {b}: {} ({}) and {} ({}) are in different sections",
                who(g.red),
                t.section_name(sr),
                who(g.black),
                t.section_name(sb)
            ));
        }
        if er.has_met(g.black) || eb.has_met(g.red) {
            out.push(format!(
                "board {b}: {} and {} have already met",
                who(g.red),
                who(g.black)
            ));
        }
        if last {
            continue;
        }
        for (e, side) in [(er, Side::Red), (eb, Side::Black)] {
            let st = ColourState::of(&e.colours);
            if st.last == Some(side) && st.streak >= 2 {
                out.push(format!(
                    "board {b}: {} would have {side} a third time in a row",
                    who(e.no)
                ));
            }
            let delta = if side == Side::Red { 1 } else { -1 };
            if (st.balance() + delta).abs() >= 3 {
                out.push(format!(
                    "board {b}: {} would reach a colour difference of 3 (reds {}, blacks {})",
                    who(e.no),
                    st.reds + i32::from(side == Side::Red),
                    st.blacks + i32::from(side == Side::Black)
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{Event, PlayerEntry};
    use crate::domain::ids::Board;
    use crate::domain::pairing::Float;
    use crate::domain::result::GameResult;
    use crate::domain::rules::Rules;
    use Side::{Black as B, Red as R};

    fn ent(no: u32, score: u32, opponents: &[u32], colours: &[Side]) -> Entrant {
        Entrant {
            no: PlayerNo(no),
            score,
            opponents: opponents.iter().map(|&o| PlayerNo(o)).collect(),
            colours: colours.to_vec(),
            had_bye: false,
            floats: Vec::new(),
            rank: 0,
        }
    }

    fn input(round: u32, last: bool, mut entrants: Vec<Entrant>) -> SectionInput {
        entrants.sort_by(|a, b| b.score.cmp(&a.score).then(a.no.cmp(&b.no)));
        for (i, e) in entrants.iter_mut().enumerate() {
            e.rank = i as u32 + 1;
        }
        SectionInput {
            round: Round(round),
            last_round: last,
            late_rounds: last,
            entrants,
        }
    }

    fn paired(p: &SectionPairing, a: u32, b: u32) -> bool {
        p.pairs.iter().any(|&(r, k)| {
            (r, k) == (PlayerNo(a), PlayerNo(b)) || (k, r) == (PlayerNo(a), PlayerNo(b))
        })
    }

    #[test]
    fn bye_goes_to_lowest_score_without_bye() {
        let mut es = vec![
            ent(1, 4, &[], &[]),
            ent(2, 2, &[], &[]),
            ent(3, 2, &[], &[]),
            ent(4, 0, &[], &[]),
            ent(5, 0, &[], &[]),
        ];
        es[4].had_bye = true;
        let p = pair_section(&input(3, false, es)).unwrap();
        assert_eq!(
            p.bye,
            Some(PlayerNo(4)),
            "lowest score, 5 already had a bye"
        );
    }

    #[test]
    fn bye_skips_players_whose_removal_leaves_no_pairing_and_takes_the_lowest_ranked() {
        // 4 had a bye; 5 (lowest without a bye) cannot go: 4 has met everyone but 5.
        // Next are 2 and 3 (2 points): the lower-ranked, 3, gets it.
        let mut es = vec![
            ent(1, 4, &[4], &[]),
            ent(2, 2, &[4], &[]),
            ent(3, 2, &[4], &[]),
            ent(4, 0, &[1, 2, 3], &[]),
            ent(5, 0, &[], &[]),
        ];
        es[3].had_bye = true;
        let p = pair_section(&input(4, false, es)).unwrap();
        assert_eq!(p.bye, Some(PlayerNo(3)));
        assert!(paired(&p, 4, 5));
        assert!(
            p.general.iter().any(|g| g.contains("passed over")),
            "{:?}",
            p.general
        );
    }

    #[test]
    fn no_bye_possible_is_an_error_naming_players() {
        let mut es = vec![ent(1, 2, &[], &[])];
        es[0].had_bye = true;
        assert_eq!(
            pair_section(&input(2, false, es)),
            Err(PairingError::Unpairable(vec![PlayerNo(1)]))
        );
    }

    #[test]
    fn jam_that_top_down_greedy_cannot_solve() {
        // Top group 1–4, below 5 and 6, who have met. Pairing the top group first (1–2, 3–4)
        // leaves 5–6. 4 has met both 5 and 6, so two others must come down: 3 and 2 (from the
        // bottom), and 1 plays 4.
        let es = vec![
            ent(1, 6, &[], &[R, B, R, B]),
            ent(2, 6, &[], &[B, R, B, R]),
            ent(3, 6, &[], &[R, B, R, B]),
            ent(4, 6, &[5, 6], &[B, R, B, R]),
            ent(5, 4, &[6, 4], &[R, B, R, B]),
            ent(6, 4, &[5, 4], &[B, R, B, R]),
        ];
        let p = pair_section(&input(5, false, es)).unwrap();
        assert!(paired(&p, 1, 4), "{p:?}");
        assert!(!paired(&p, 5, 6));
        assert_eq!(p.pairs.len(), 3);
        assert!(
            p.general
                .iter()
                .any(|g| g.contains("score group 6: 3, 2 float down")),
            "{:?}",
            p.general
        );
    }

    #[test]
    fn colour_rules_are_hard_before_the_last_round_and_relaxed_in_it() {
        // Two players who both need red (two blacks in a row).
        let es = || vec![ent(1, 4, &[], &[R, B, B]), ent(2, 4, &[], &[R, B, B])];
        assert_eq!(
            pair_section(&input(4, false, es())),
            Err(PairingError::Unpairable(vec![PlayerNo(1), PlayerNo(2)]))
        );
        let p = pair_section(&input(4, true, es())).unwrap();
        assert_eq!(p.pairs.len(), 1);
        assert!(p.notes[0].contains("colour rule relaxed"), "{:?}", p.notes);
        assert!(
            p.general.iter().any(|g| g.contains("colour rules relaxed")),
            "{:?}",
            p.general
        );
    }

    #[test]
    fn last_round_relaxes_colours_rather_than_break_up_the_top_group() {
        // 1 and 2 lead and both need red; 3 and 4 both need black. Before the last round the
        // leaders must float (1–3, 2–4); in the last round the leaders meet.
        let es = || {
            vec![
                ent(1, 6, &[], &[R, B, B]),
                ent(2, 6, &[], &[R, B, B]),
                ent(3, 4, &[], &[B, R, R]),
                ent(4, 4, &[], &[B, R, R]),
            ]
        };
        let before = pair_section(&input(4, false, es())).unwrap();
        assert!(!paired(&before, 1, 2), "{before:?}");
        let last = pair_section(&input(4, true, es())).unwrap();
        assert!(paired(&last, 1, 2) && paired(&last, 3, 4), "{last:?}");
    }

    #[test]
    fn floaters_come_from_the_bottom_and_not_twice_in_a_row() {
        let mut es = vec![
            ent(1, 4, &[], &[R, B]),
            ent(2, 4, &[], &[B, R]),
            ent(3, 4, &[], &[R, B]),
            ent(4, 2, &[], &[B, R]),
            ent(5, 2, &[], &[R, B]),
            ent(6, 2, &[], &[B, R]),
        ];
        let p = pair_section(&input(3, false, es.clone())).unwrap();
        assert!(p.pairs.iter().any(|&(r, b)| [r, b].contains(&PlayerNo(3))
            && ![r, b].contains(&PlayerNo(1))
            && ![r, b].contains(&PlayerNo(2))));
        // 3 floated down last round: 2 comes down instead.
        es[2].floats = vec![Float::Down];
        let p = pair_section(&input(3, false, es)).unwrap();
        assert!(paired(&p, 1, 3), "{p:?}");
        assert!(
            p.notes.iter().any(|n| n.contains("2 floated down")),
            "{:?}",
            p.notes
        );
    }

    fn entry(name: &str, group: &str) -> PlayerEntry {
        PlayerEntry {
            name: name.to_string(),
            gender: None,
            birth: None,
            club: String::new(),
            team: String::new(),
            group: group.to_string(),
            local: false,
            id_number: None,
        }
    }

    fn game(board: u32, red: u32, black: u32) -> Pairing {
        Pairing {
            board: Board(board),
            red: PlayerNo(red),
            black: PlayerNo(black),
            stage: Stage::Swiss,
            game: crate::domain::event::GameKind::Slow,
        }
    }

    #[test]
    fn hard_rules_of_a_hand_made_pairing() {
        let rules = Rules::preset("qiyuan-2019").unwrap();
        let mut events = vec![Event::Created {
            title: "t".to_string(),
            rules: Box::new(rules),
        }];
        for (i, group) in [
            "open", "open", "open", "open", "open", "open", "junior", "junior",
        ]
        .iter()
        .enumerate()
        {
            events.push(Event::PlayerRegistered {
                no: PlayerNo(i as u32 + 1),
                entry: entry(&format!("P{}", i + 1), group),
            });
        }
        events.push(Event::NumbersDrawn {
            seed: None,
            order: (1..=8).map(PlayerNo).collect(),
        });
        // Rounds 1 and 2: 1 red twice, 2 black twice; the juniors 7 and 8 had byes.
        for (round, games) in [
            (1, vec![game(1, 1, 2), game(2, 3, 4), game(3, 5, 6)]),
            (2, vec![game(1, 1, 5), game(2, 6, 2), game(3, 4, 3)]),
        ] {
            events.push(Event::RoundPaired {
                round: Round(round),
                games: games.clone(),
                byes: vec![PlayerNo(7), PlayerNo(8)],
            });
            for g in &games {
                events.push(Event::ResultRecorded {
                    round: Round(round),
                    board: g.board,
                    result: GameResult::Draw,
                    cause: crate::domain::event::Cause::Arbiter,
                    at: None,
                });
            }
        }
        let t = Tournament::replay(&events).unwrap();
        // A clean pairing: no warnings.
        let clean = [game(1, 2, 3), game(2, 6, 1), game(3, 5, 4), game(4, 7, 8)];
        assert_eq!(check_hard_rules(&t, Round(3), &clean), Vec::<String>::new());
        // 1 red a third time against 2 (met, 2 black a third time), 4 v 3 again, 5 v 7 across
        // sections, 6 twice, 8 missing.
        let bad = [game(1, 1, 2), game(2, 4, 3), game(3, 5, 7), game(4, 6, 6)];
        let w = check_hard_rules(&t, Round(3), &bad);
        let has = |s: &str| w.iter().any(|x| x.contains(s));
        assert!(has("board 1: 1 (P1) and 2 (P2) have already met"), "{w:?}");
        assert!(
            has("board 1: 1 (P1) would have red a third time in a row"),
            "{w:?}"
        );
        assert!(
            has("board 1: 2 (P2) would have black a third time in a row"),
            "{w:?}"
        );
        assert!(has("board 2: 4 (P4) and 3 (P3) have already met"), "{w:?}");
        assert!(
            has("board 3: 5 (P5) (公开组) and 7 (P7) (少年组) are in different sections"),
            "{w:?}"
        );
        assert!(has("player 6 (P6) is paired twice"), "{w:?}");
        assert!(has("player 8 (P8) is not paired"), "{w:?}");
        assert!(
            !has("board 2: 4 (P4) would"),
            "4 had black twice and gets red: {w:?}"
        );
    }
}
