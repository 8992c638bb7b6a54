//! The quality order of RULES.md §3 as one explicit lexicographic cost, shared by the engine
//! and by the brute-force tests, so "best pairing" has a single definition.
//!
//! Compared field by field, smaller is better:
//! 1. `bye`: the bye's (score, reverse rank): lowest score first, then the lowest-ranked.
//! 2. `levels`, from the top score down; at each score `s`, the players with a score of at
//!    least `s` who are paired below `s` (the players floated down past `s`):
//!    how many, then how many of them also floated down last round, then which: the set
//!    whose ranks, worst first, are lexicographically largest (floaters from the bottom).
//! 3. `colour_breaks`: colour-rule breaks (rules 4 and 5; only possible in the last round).
//! 4. `colour_penalty`: rule 7, per pair the weaker claim when both are due the same colour.
//!
//! What is not in the cost is the deterministic tie-break (rule 8).

use std::cmp::Reverse;
use std::collections::HashMap;

use super::colour::{self, ColourState};
use super::{Entrant, Float, SectionInput};
use crate::domain::ids::PlayerNo;
use crate::domain::side::Side;

/// One score level's part of the cost.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LevelCost {
    pub floaters: u32,
    pub repeat_floaters: u32,
    /// Ranks of the floaters, worst first; a larger list is better, hence `Reverse`.
    pub bottom: Reverse<Vec<u32>>,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Cost {
    pub bye: Option<(u32, Reverse<u32>)>,
    pub levels: Vec<LevelCost>,
    pub colour_breaks: u32,
    pub colour_penalty: u32,
}

/// Weight of one colour-rule break against the colour penalty inside the engine's matching.
pub const BREAK_WEIGHT: u64 = 1 << 20;

/// The colour part of a pair's cost as one number (breaks, then penalty).
pub fn pair_weight(a: &ColourState, b: &ColourState) -> u64 {
    u64::from(colour::least_breaks(a, b)) * BREAK_WEIGHT + u64::from(colour::penalty(a, b))
}

pub fn floated_last_round(e: &Entrant) -> bool {
    e.floats.last() == Some(&Float::Down)
}

/// The level part of the cost for one score `s`, given the players crossing it.
pub fn level_cost(crossing: &[&Entrant]) -> LevelCost {
    let mut ranks: Vec<u32> = crossing.iter().map(|e| e.rank).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    LevelCost {
        floaters: crossing.len() as u32,
        repeat_floaters: crossing.iter().filter(|e| floated_last_round(e)).count() as u32,
        bottom: Reverse(ranks),
    }
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
    let by_no: HashMap<PlayerNo, &Entrant> = input.entrants.iter().map(|e| (e.no, e)).collect();
    let mut seen: HashMap<PlayerNo, usize> = HashMap::new();
    for &(r, b) in pairs {
        *seen.entry(r).or_default() += 1;
        *seen.entry(b).or_default() += 1;
    }
    if let Some(b) = bye {
        *seen.entry(b).or_default() += 1;
    }
    for e in &input.entrants {
        match seen.get(&e.no).copied().unwrap_or(0) {
            1 => {}
            0 => return Err(format!("player {} is not paired", e.no)),
            _ => return Err(format!("player {} is paired twice", e.no)),
        }
    }
    if seen.len() != input.entrants.len() {
        return Err("a pair names a player who is not in the section".to_string());
    }
    let bye_key = match bye {
        None if !input.entrants.len().is_multiple_of(2) => {
            return Err("an odd field needs a bye".to_string());
        }
        Some(_) if input.entrants.len().is_multiple_of(2) => {
            return Err("an even field has no bye".to_string());
        }
        None => None,
        Some(b) => {
            let e = by_no[&b];
            if e.had_bye {
                return Err(format!("player {b} would get a second bye"));
            }
            Some((e.score, Reverse(e.rank)))
        }
    };
    let mut partner: HashMap<PlayerNo, PlayerNo> = HashMap::new();
    let (mut breaks, mut penalty) = (0, 0);
    for &(r, b) in pairs {
        let (er, eb) = (by_no[&r], by_no[&b]);
        if er.has_met(b) || eb.has_met(r) {
            return Err(format!("{r} and {b} have met"));
        }
        let (cr, cb) = (ColourState::of(&er.colours), ColourState::of(&eb.colours));
        let k = cr.breaks(Side::Red) + cb.breaks(Side::Black);
        if k > 0 && !input.last_round {
            return Err(format!("{r} v {b} breaks a colour rule"));
        }
        breaks += k;
        penalty += colour::penalty(&cr, &cb);
        partner.insert(r, b);
        partner.insert(b, r);
    }
    let mut scores: Vec<u32> = pairs
        .iter()
        .flat_map(|&(r, b)| [by_no[&r].score, by_no[&b].score])
        .collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores.dedup();
    let levels = scores
        .iter()
        .map(|&s| {
            let crossing: Vec<&Entrant> = input
                .entrants
                .iter()
                .filter(|e| e.score >= s && partner.get(&e.no).is_some_and(|p| by_no[p].score < s))
                .collect();
            level_cost(&crossing)
        })
        .collect();
    Ok(Cost {
        bye: bye_key,
        levels,
        colour_breaks: breaks,
        colour_penalty: penalty,
    })
}
