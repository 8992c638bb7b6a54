//! The quality order of docs/rules.md#3-pairing as one explicit lexicographic cost, shared by the engine
//! (which encodes it into matching weights) and by the tests (which compare pairings with it),
//! so that "best pairing" has a single definition.
//!
//! `Cost` is compared field by field, smaller is better:
//! 1. `bye_score`: the bye's score (docs/rules.md#3-pairing, Bye: the lowest score first).
//! 2. `score` (criterion 6): per score level from the top, `(players of the level paired with a
//!    lower score, sum of the score differences of those pairs)`; a pair counts at the level
//!    of its higher-scored player.
//! 3. `colour_breaks`: breaks of colour rules 4–5, in the last round only (before it such a
//!    pair is illegal). Placed right below criterion 6: a rule is broken only when that makes
//!    the round pairable or improves the score structure.
//! 4. `same_colour`, then `same_colour_levels` (criterion 7): pairs whose two players are due
//!    the same colour; then the same count per score level from the top.
//! 5. `repeat_floats` (criterion 8): players floated down (up) who also floated down (up) in
//!    the previous round.
//! 6. `float_positions` (criterion 9): for each player floated down, how many players of their
//!    own score group rank below them; for each player floated up, how many rank above them.
//!    Zero when the floaters are the lowest-ranked (highest-ranked) of their groups; a sum, so
//!    two floaters of one group are judged together.
//! 7. `bye_rank`: among byes equal on everything above, the lowest-ranked player.
//!
//! Criterion 10 (the same log gives the same pairing) is not a cost: the engine is
//! deterministic.
//!
//! The cost of a pairing is the sum of per-pair and per-bye contributions (`Layout::pair` and
//! `Layout::bye`), each a handful of digits. The engine turns a contribution into one wide
//! integer in mixed radix (`Layout::bases`): each digit's base exceeds the largest total that
//! digit can reach in any pairing of the section, so no sum of lower digits carries into a
//! higher one, and comparing the totals as integers compares the costs lexicographically.

use std::cmp::Reverse;
use std::collections::HashMap;

use super::colour::{self, ColourState};
use crate::domain::ids::PlayerNo;
use crate::domain::pairing::{Entrant, Float, SectionInput};
use crate::domain::side::Side;

#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Cost {
    /// Under `--relax colours` (before the last round): colour-rule breaks, fewest first.
    pub relaxed_breaks: u32,
    pub bye_score: Option<u32>,
    pub score: Vec<(u32, u32)>,
    pub colour_breaks: u32,
    pub same_colour: u32,
    pub same_colour_levels: Vec<u32>,
    pub repeat_floats: u32,
    pub float_positions: u32,
    pub bye_rank: Option<Reverse<u32>>,
}

/// One digit of the cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Digit {
    RelaxedBreaks,
    ByeScore,
    PairedLower(usize),
    Distance(usize),
    ColourBreaks,
    SameColour,
    SameColourAt(usize),
    RepeatFloats,
    FloatPositions,
    ByeRank,
}

/// The section seen by the cost: score levels, colour states and group positions.
pub struct Layout {
    /// Distinct scores, highest first.
    pub levels: Vec<u32>,
    level_of: HashMap<u32, usize>,
    /// Per entrant (by index in the input): level index, colour state, players of the same
    /// score ranked below and above.
    pub level: Vec<usize>,
    pub colours: Vec<ColourState>,
    below: Vec<u32>,
    above: Vec<u32>,
    counts: Vec<u32>,
    n: usize,
    pub last_round: bool,
    /// Colour rules relaxed by the head arbiter before the last round: breaks count first.
    pub relax_colours: bool,
}

impl Layout {
    pub fn new(input: &SectionInput) -> Layout {
        let e = &input.entrants;
        let mut levels: Vec<u32> = e.iter().map(|x| x.score).collect();
        levels.sort_unstable_by(|a, b| b.cmp(a));
        levels.dedup();
        let level_of: HashMap<u32, usize> =
            levels.iter().enumerate().map(|(i, &s)| (s, i)).collect();
        let level: Vec<usize> = e.iter().map(|x| level_of[&x.score]).collect();
        let mut counts = vec![0u32; levels.len()];
        for &l in &level {
            counts[l] += 1;
        }
        // Positions inside each score group, by rank.
        let mut by_level: Vec<Vec<usize>> = vec![Vec::new(); levels.len()];
        for (i, &l) in level.iter().enumerate() {
            by_level[l].push(i);
        }
        let (mut below, mut above) = (vec![0u32; e.len()], vec![0u32; e.len()]);
        for list in &mut by_level {
            list.sort_by_key(|&i| (e[i].rank, e[i].no));
            let m = list.len() as u32;
            for (pos, &i) in list.iter().enumerate() {
                above[i] = pos as u32;
                below[i] = m - 1 - pos as u32;
            }
        }
        Layout {
            levels,
            level_of,
            level,
            colours: e.iter().map(|x| ColourState::of(&x.colours)).collect(),
            below,
            above,
            counts,
            n: e.len(),
            last_round: input.last_round,
            relax_colours: input.relax_colours && !input.last_round,
        }
    }

    /// Players of the same score ranked below entrant `i`.
    pub fn below_of(&self, i: usize) -> u32 {
        self.below[i]
    }

    /// Players of the same score ranked above entrant `i`.
    pub fn above_of(&self, i: usize) -> u32 {
        self.above[i]
    }

    /// The level index (0 = top) of a score.
    pub fn level_of(&self, score: u32) -> Option<usize> {
        self.level_of.get(&score).copied()
    }

    /// A zero cost of the right shape.
    pub fn zero(&self) -> Cost {
        Cost {
            score: vec![(0, 0); self.levels.len()],
            same_colour_levels: vec![0; self.levels.len()],
            ..Cost::default()
        }
    }

    /// The digits a pair of entrants `a`, `b` (indices) adds, with `breaks` colour-rule
    /// breaks (the allocation's).
    pub fn pair(&self, e: &[Entrant], a: usize, b: usize, breaks: u32) -> Vec<(Digit, u64)> {
        let (hi, lo) = if e[a].score >= e[b].score {
            (a, b)
        } else {
            (b, a)
        };
        let mut out = self.pair_base(e, a, b, breaks);
        if e[hi].score > e[lo].score {
            out.extend(self.down_terms(e, hi));
            out.extend(self.up_terms(e, lo));
        }
        out
    }

    /// What a player adds as the one floated down: criteria 8 and 9.
    pub fn down_terms(&self, e: &[Entrant], hi: usize) -> Vec<(Digit, u64)> {
        let mut out = Vec::new();
        if e[hi].floats.last() == Some(&Float::Down) {
            out.push((Digit::RepeatFloats, 1));
        }
        if self.below[hi] > 0 {
            out.push((Digit::FloatPositions, u64::from(self.below[hi])));
        }
        out
    }

    /// What a player adds as the one floated up: criteria 8 and 9.
    pub fn up_terms(&self, e: &[Entrant], lo: usize) -> Vec<(Digit, u64)> {
        let mut out = Vec::new();
        if e[lo].floats.last() == Some(&Float::Up) {
            out.push((Digit::RepeatFloats, 1));
        }
        if self.above[lo] > 0 {
            out.push((Digit::FloatPositions, u64::from(self.above[lo])));
        }
        out
    }

    /// The digits of a pair that depend only on the two score levels and colour states
    /// (criteria 6 and 7, colour breaks); `pair` adds the floaters' own terms.
    pub fn pair_base(&self, e: &[Entrant], a: usize, b: usize, breaks: u32) -> Vec<(Digit, u64)> {
        let mut out = Vec::with_capacity(6);
        let (hi, lo) = if e[a].score >= e[b].score {
            (a, b)
        } else {
            (b, a)
        };
        let level = self.level[hi];
        if e[hi].score > e[lo].score {
            out.push((Digit::PairedLower(level), 1));
            out.push((Digit::Distance(level), u64::from(e[hi].score - e[lo].score)));
        }
        if breaks > 0 {
            let d = if self.relax_colours {
                Digit::RelaxedBreaks
            } else {
                Digit::ColourBreaks
            };
            out.push((d, u64::from(breaks)));
        }
        if same_due(&self.colours[a], &self.colours[b]) {
            out.push((Digit::SameColour, 1));
            out.push((Digit::SameColourAt(level), 1));
        }
        out
    }

    /// The digits a bye to entrant `a` adds.
    pub fn bye(&self, e: &[Entrant], a: usize) -> Vec<(Digit, u64)> {
        vec![
            (
                Digit::ByeScore,
                (self.levels.len() - 1 - self.level[a]) as u64,
            ),
            (
                Digit::ByeRank,
                (self.n as u64).saturating_sub(u64::from(e[a].rank)),
            ),
        ]
    }

    /// Adds digits to a cost.
    pub fn add(&self, cost: &mut Cost, digits: &[(Digit, u64)]) {
        for &(d, v) in digits {
            let v32 = v as u32;
            match d {
                Digit::RelaxedBreaks => cost.relaxed_breaks += v32,
                Digit::ByeScore => {
                    cost.bye_score = Some(self.levels[self.levels.len() - 1 - v as usize]);
                }
                Digit::PairedLower(l) => cost.score[l].0 += v32,
                Digit::Distance(l) => cost.score[l].1 += v32,
                Digit::ColourBreaks => cost.colour_breaks += v32,
                Digit::SameColour => cost.same_colour += v32,
                Digit::SameColourAt(l) => cost.same_colour_levels[l] += v32,
                Digit::RepeatFloats => cost.repeat_floats += v32,
                Digit::FloatPositions => cost.float_positions += v32,
                Digit::ByeRank => cost.bye_rank = Some(Reverse(self.n as u32 - v32)),
            }
        }
    }

    /// The position of a digit in the mixed-radix number (0 = most significant).
    pub fn position(&self, d: Digit) -> usize {
        let k = self.levels.len();
        1 + match d {
            Digit::RelaxedBreaks => return 0,
            Digit::ByeScore => 0,
            Digit::PairedLower(l) => 1 + 2 * l,
            Digit::Distance(l) => 2 + 2 * l,
            Digit::ColourBreaks => 1 + 2 * k,
            Digit::SameColour => 2 + 2 * k,
            Digit::SameColourAt(l) => 3 + 2 * k + l,
            Digit::RepeatFloats => 3 + 3 * k,
            Digit::FloatPositions => 4 + 3 * k,
            Digit::ByeRank => 5 + 3 * k,
        }
    }

    /// The base of each digit: one more than the largest total the digit can reach over all
    /// pairings of the section.
    pub fn bases(&self) -> Vec<u64> {
        let k = self.levels.len();
        let n = self.n as u64;
        let min = self.levels.last().copied().unwrap_or(0);
        let mut out = vec![0u64; 6 + 3 * k];
        out[0] = k as u64;
        for l in 0..k {
            let c = u64::from(self.counts[l]);
            // Every pair counted at level l holds one player of level l.
            out[1 + 2 * l] = c + 1;
            out[2 + 2 * l] = c * u64::from(self.levels[l] - min) + 1;
            out[3 + 2 * k + l] = c + 1;
        }
        // A player breaks at most both colour rules.
        out[1 + 2 * k] = 2 * n + 1;
        out[2 + 2 * k] = n / 2 + 1;
        out[3 + 3 * k] = n + 1;
        out[4 + 3 * k] = self
            .level
            .iter()
            .map(|&l| u64::from(self.counts[l]) - 1)
            .sum::<u64>()
            + 1;
        out[5 + 3 * k] = n + 1;
        let relaxed = if self.relax_colours { 2 * n + 1 } else { 1 };
        out.insert(0, relaxed);
        out
    }
}

/// Whether both players are due the same colour (criterion 7).
pub fn same_due(a: &ColourState, b: &ColourState) -> bool {
    matches!((a.due(), b.due()), (Some((x, _)), Some((y, _))) if x == y)
}

/// The cost of a complete pairing of a section, or the hard rule it breaks.
///
/// # Errors
/// A message naming the first broken hard rule: a player missing or paired twice, a bye
/// where none is due or to a player who had one, a rematch, or (before the last round) a
/// colour rule.
pub fn cost(
    input: &SectionInput,
    pairs: &[(PlayerNo, PlayerNo)],
    bye: Option<PlayerNo>,
) -> Result<Cost, String> {
    let index: HashMap<PlayerNo, usize> = input
        .entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.no, i))
        .collect();
    let e = &input.entrants;
    let mut seen: HashMap<PlayerNo, usize> = HashMap::new();
    for &(r, b) in pairs {
        *seen.entry(r).or_default() += 1;
        *seen.entry(b).or_default() += 1;
    }
    if let Some(b) = bye {
        *seen.entry(b).or_default() += 1;
    }
    for x in e {
        match seen.get(&x.no).copied().unwrap_or(0) {
            1 => {}
            0 => return Err(format!("player {} is not paired", x.no)),
            _ => return Err(format!("player {} is paired twice", x.no)),
        }
    }
    if seen.len() != e.len() {
        return Err("a pair names a player who is not in the section".to_string());
    }
    let layout = Layout::new(input);
    let mut total = layout.zero();
    match bye {
        None if !e.len().is_multiple_of(2) => {
            return Err("an odd field needs a bye".to_string());
        }
        Some(_) if e.len().is_multiple_of(2) => {
            return Err("an even field has no bye".to_string());
        }
        None => {}
        Some(b) => {
            let i = index[&b];
            if e[i].had_bye {
                return Err(format!("player {b} would get a second bye"));
            }
            layout.add(&mut total, &layout.bye(e, i));
        }
    }
    for &(r, b) in pairs {
        let (ir, ib) = (index[&r], index[&b]);
        if e[ir].has_met(b) || e[ib].has_met(r) {
            return Err(format!("{r} and {b} have met"));
        }
        let k = layout.colours[ir].breaks(Side::Red) + layout.colours[ib].breaks(Side::Black);
        if k > 0 && !input.last_round && !input.relax_colours {
            return Err(format!("{r} v {b} breaks a colour rule"));
        }
        layout.add(&mut total, &layout.pair(e, ir, ib, k));
    }
    Ok(total)
}

/// Whether two entrants may meet: not met, and (before the last round) some allocation of
/// colours keeps rules 4 and 5.
pub fn legal(input: &SectionInput, layout: &Layout, a: usize, b: usize) -> bool {
    let e = &input.entrants;
    if a == b || e[a].has_met(e[b].no) || e[b].has_met(e[a].no) {
        return false;
    }
    input.last_round
        || input.relax_colours
        || colour::least_breaks(&layout.colours[a], &layout.colours[b]) == 0
}
