//! The Swiss engine for rounds 2 and later (积分编排, docs/rules.md#3-pairing): an optimum by construction.
//!
//! # Method
//!
//! The pairing of a section is a perfect matching of its players (plus, with an odd field, one
//! dummy vertex whose partner gets the bye). `cost.rs` defines the quality order of §3 as a
//! cost made of digits, one per criterion (and per score level where the criterion goes level
//! by level), and the cost of a pairing is the sum of its pairs' and its bye's digits. Each
//! digit's base exceeds the largest total the digit can reach in any pairing, so the cost read
//! as one mixed-radix integer orders pairings exactly as the lexicographic order does: a
//! higher digit differing by one outweighs every possible difference of all lower digits.
//! Every legal pair (hard rules 1–5; in the last round 4–5 become the `colour_breaks` digit)
//! becomes an edge of weight `TOP − cost`, and a maximum-cardinality maximum-weight matching
//! (`blossom.rs`, Edmonds' algorithm with duals) is then:
//! - a legal pairing whenever one exists (maximum cardinality first; a maximum matching that
//!   is not perfect names the players who cannot be paired),
//! - of least cost among all legal pairings, bye included: the optimum of §3, not a guess.
//!
//! # Large fields
//!
//! A large field does not need every edge. The engine solves on candidate edges (`NEAR` says
//! which: chosen so that the first solve is usually certified at once), then prices every edge
//! left out against the matching's dual solution: by LP duality for the perfect-matching polytope, a perfect matching whose duals
//! leave no edge with negative reduced cost is optimal in the whole graph. Edges that price
//! negative are added and the matching solved again; the loop ends with a certificate, so the
//! decomposition changes the speed, never the result. The pricing does not look at every pair
//! either: an edge's weight is a base that depends only on the two players' score levels and
//! colour classes, minus each floater's own terms (criteria 8 and 9), so within each pair of
//! (level, class) groups, players sorted by dual plus own terms let the scan stop at the first
//! pair that cannot price negative. Inside one blossom (a large field can end in one of
//! thousands of players, nested hundreds deep) an edge also collects the duals of the
//! blossoms holding both ends, so there the players are placed in the blossom tree and only
//! the branches whose least keys and shared duals can still price negative are searched
//! (`Nest::below_inside`). The pairs of groups are priced on all cores. If the candidate
//! graph has no perfect matching while the whole graph has one (found by an unweighted
//! maximum matching), that matching's edges are added first.
//!
//! The search of a large field starts from duals that already make the pairs a score group's
//! colour surplus must play among itself tight (`Problem::start`), and from a matching seeded
//! along tight edges and short exchanges: the stages that remain are few (the floaters and
//! what the seeding missed), instead of one per same-colour pair, each grown over a whole
//! score group. The start changes the speed, never the optimum.
//!
//! Colours inside each pair then follow the allocation steps (`colour.rs`), which never pick
//! an allocation breaking more colour rules than the other.

mod checks;
pub mod colour;
pub mod cost;
mod price;
mod problem;
pub mod round1;

use checks::breaks_of;
pub use checks::{check_hard_rules, check_manual, colour_breaks};
use problem::Problem;
pub use problem::{DENSE_LIMIT, Tuning};

use thiserror::Error;

use crate::domain::ids::PlayerNo;
use crate::domain::matching::wide::{Weight, Wide};
use crate::domain::pairing::explain::{Criterion, Line};
use crate::domain::pairing::input::{Float, SectionInput};
pub use crate::domain::pairing::section::SectionPairing;
use crate::domain::side::Side;
// Hand-made pairings' rule breaks, as data.

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

/// Pairs one section for a round after the first.
///
/// # Errors
/// `Unpairable` when no pairing keeps the hard rules (in the last round, or with the colour
/// rules relaxed: when even then some players cannot be paired), naming the players a maximum
/// matching leaves unpaired.
pub fn pair_section(input: &SectionInput) -> Result<SectionPairing, PairingError> {
    pair_section_tuned(input, DENSE_LIMIT)
}

/// `pair_section` with the size up to which every edge is used (for tests of the candidate
/// edges and pricing: the cost of the result must not depend on it).
///
/// # Errors
/// As `pair_section`.
pub fn pair_section_tuned(
    input: &SectionInput,
    dense_limit: usize,
) -> Result<SectionPairing, PairingError> {
    pair_section_with(
        input,
        Tuning {
            dense_limit,
            ..Tuning::default()
        },
    )
}

/// `pair_section` solved as `tuning` says (for tests: the cost of the result must not depend
/// on it).
///
/// # Errors
/// As `pair_section`.
pub fn pair_section_with(
    input: &SectionInput,
    tuning: Tuning,
) -> Result<SectionPairing, PairingError> {
    if input.entrants.is_empty() {
        return Ok(SectionPairing::default());
    }
    let p = Problem::new(input);
    let bits = p.bits();
    // The narrowest weight type that holds the section's digits (fewer limbs: less memory,
    // faster arithmetic).
    let solved = if bits < i128::BITS {
        p.solve::<i128>(tuning)
    } else if bits < Wide::<3>::BITS {
        p.solve::<Wide<3>>(tuning)
    } else if bits < Wide::<4>::BITS {
        p.solve::<Wide<4>>(tuning)
    } else if bits < Wide::<6>::BITS {
        p.solve::<Wide<6>>(tuning)
    } else if bits < Wide::<8>::BITS {
        p.solve::<Wide<8>>(tuning)
    } else if bits < Wide::<10>::BITS {
        p.solve::<Wide<10>>(tuning)
    } else if bits < Wide::<12>::BITS {
        p.solve::<Wide<12>>(tuning)
    } else if bits < Wide::<16>::BITS {
        p.solve::<Wide<16>>(tuning)
    } else if bits < Wide::<32>::BITS {
        p.solve::<Wide<32>>(tuning)
    } else {
        p.solve::<Wide<64>>(tuning)
    };
    let (pairs, bye) = solved.map_err(|free| {
        let mut nos: Vec<PlayerNo> = free.iter().map(|&i| input.entrants[i].no).collect();
        nos.sort();
        PairingError::Unpairable(nos)
    })?;
    Ok(describe(&p, &pairs, bye))
}

/// Colours, board notes and the section's explanation for a solved pairing.
fn describe(p: &Problem, pairs: &[(usize, usize)], bye: Option<usize>) -> SectionPairing {
    let e = p.e;
    let input = p.input;
    let mut result = SectionPairing {
        bye: bye.map(|b| e[b].no),
        ..SectionPairing::default()
    };
    let k = p.layout.levels.len();
    let mut counts = vec![0usize; k];
    for i in 0..p.n {
        if Some(i) != bye {
            counts[p.layout.level[i]] += 1;
        }
    }
    result.general.push(Line::Groups(
        p.layout
            .levels
            .iter()
            .zip(&counts)
            .filter(|(_, c)| **c > 0)
            .map(|(&s, &c)| (s, c))
            .collect(),
    ));
    if let Some(b) = bye {
        // Players of lower standing (lower score, or same score and lower rank) without a
        // bye: passed over because their bye leaves no legal pairing.
        let passed: Vec<PlayerNo> = (0..p.n)
            .filter(|&i| {
                !e[i].had_bye
                    && (e[i].score < e[b].score
                        || (e[i].score == e[b].score && e[i].rank > e[b].rank))
            })
            .map(|i| e[i].no)
            .collect();
        result.general.push(Line::Bye {
            to: e[b].no,
            passed_over: passed,
        });
    }
    // Floats per score group, from the top.
    let mut down: Vec<Vec<usize>> = vec![Vec::new(); k];
    for &(a, b) in pairs {
        let (hi, lo) = if e[a].score >= e[b].score {
            (a, b)
        } else {
            (b, a)
        };
        if e[hi].score > e[lo].score {
            down[p.layout.level[hi]].push(hi);
        }
    }
    for (l, list) in down.iter_mut().enumerate() {
        if list.is_empty() {
            continue;
        }
        list.sort_by_key(|&i| e[i].rank);
        let why = float_reason(p, list, bye);
        result.general.push(Line::FloatsDown {
            score: p.layout.levels[l],
            players: list.iter().map(|&i| e[i].no).collect(),
            why,
        });
    }
    for &(x, y) in pairs {
        let (x_red, reason) = colour::allocate(&e[x], &e[y], input.round, input.late_rounds);
        let (r, bl) = if x_red { (x, y) } else { (y, x) };
        result.pairs.push((e[r].no, e[bl].no));
        let mut breaks = breaks_of(e[r].no, &p.layout.colours[r], Side::Red);
        breaks.extend(breaks_of(e[bl].no, &p.layout.colours[bl], Side::Black));
        let (hi, _) = if e[r].score >= e[bl].score {
            (r, bl)
        } else {
            (bl, r)
        };
        result.notes.push(Line::Board {
            red: e[r].no,
            black: e[bl].no,
            scores: (e[r].score, e[bl].score),
            repeat_float: e[r].score != e[bl].score && e[hi].floats.last() == Some(&Float::Down),
            colour: reason,
            breaks: breaks.clone(),
        });
        result.breaks.extend(breaks);
    }
    if !result.breaks.is_empty() {
        result.general.push(Line::Relaxed(result.breaks.clone()));
    }
    result
}

/// Which criterion settled who floats down from a group: rank when they are its lowest-ranked
/// players; otherwise the first criterion that a lower-ranked player who stayed would have
/// made worse (found by swapping them in the cost).
fn float_reason(p: &Problem, floaters: &[usize], bye: Option<usize>) -> Criterion {
    let e = p.e;
    let level = p.layout.level[floaters[0]];
    let stayed: Vec<usize> = (0..p.n)
        .filter(|&i| p.layout.level[i] == level && Some(i) != bye && !floaters.contains(&i))
        .collect();
    let worst = floaters.iter().map(|&i| e[i].rank).max().unwrap_or(0);
    let lower: Vec<usize> = stayed.into_iter().filter(|&i| e[i].rank > worst).collect();
    if lower.is_empty() {
        return Criterion::Rank;
    }
    if lower
        .iter()
        .any(|&i| e[i].floats.last() == Some(&Float::Down))
        && floaters
            .iter()
            .all(|&i| e[i].floats.last() != Some(&Float::Down))
    {
        return Criterion::FloatHistory;
    }
    if lower.iter().all(|&i| {
        floaters.iter().all(|&f| {
            let partner = (0..p.n).find(|&x| x != f && p.legal(f, x));
            partner.is_none_or(|x| !p.legal(i, x))
        })
    }) {
        return Criterion::Legal;
    }
    Criterion::Colour
}

#[cfg(test)]
mod tests;
