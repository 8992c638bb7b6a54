//! The Swiss engine for rounds 2 and later (积分编排, RULES.md §3): an optimum by construction.
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
//! pair that cannot price negative. The blossom duals an edge collects (those of the blossoms
//! holding both ends, which a large field nests hundreds deep) are read in constant time from
//! a lowest-common-ancestor index of the blossom tree (`blossom::Nest`), and the pairs of
//! groups are priced on all cores. If the candidate graph has no perfect matching while the
//! whole graph has one (found by an unweighted maximum matching), that matching's edges are
//! added first.
//!
//! Colours inside each pair then follow the allocation steps (`colour.rs`), which never pick
//! an allocation breaking more colour rules than the other.

pub mod colour;
pub mod cost;
pub mod round1;

use std::collections::{HashMap, HashSet};

use thiserror::Error;

use self::colour::ColourState;
use self::cost::{Digit, Layout};
use crate::domain::event::{Pairing, Stage};
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::matching::blossom::{self, Matching};
use crate::domain::matching::wide::{Weight, Wide};
use crate::domain::matching::{self, NONE};
use crate::domain::pairing::explain::{Break, Criterion, Line};
use crate::domain::pairing::{Entrant, Float, SectionInput};
use crate::domain::side::Side;
use crate::domain::tournament::Tournament;
// Hand-made pairings' rule breaks, as data (issue 13).
use crate::domain::ids::Board;
use crate::domain::refusal::{RuleBreak, Who};

/// A section's pairing: (red, black) pairs, the bye, and its explanation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SectionPairing {
    pub pairs: Vec<(PlayerNo, PlayerNo)>,
    pub bye: Option<PlayerNo>,
    /// One line per pair, in the order of `pairs`.
    pub notes: Vec<Line>,
    /// Lines about the whole section (score groups, floats, bye, relaxed rules).
    pub general: Vec<Line>,
    /// Colour rules 4–5 broken by this pairing (last round, or relaxed by the head arbiter).
    pub breaks: Vec<Break>,
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

/// Fields up to this size are solved on every legal edge; larger ones on candidate edges with
/// pricing (the result is the same, see the module docs).
pub const DENSE_LIMIT: usize = 160;

/// The candidate edges of a large field, chosen so that one solve is usually certified at once
/// (each round of pricing that finds edges costs a solve):
/// - inside a score group, each player's `NEAR` next players of the same colour class in rank
///   order, and for every other class a band of `NEAR` around the proportional position (from
///   both sides, so every player reaches every class: which classes meet is criterion 7);
/// - between a group and each of the `REACH` groups below, every class's `BOUNDARY` cheapest
///   floaters down (not floated down last round, then lowest in the group) against every
///   class's `BOUNDARY` cheapest floaters up: which class floats is criterion 7 too, and the
///   cheapest floaters of a class are those criteria 8 and 9 prefer.
const NEAR: usize = 4;
const BOUNDARY: usize = 2;
const REACH: usize = 3;

/// How a section is solved: the size up to which every edge is used, and the candidate edges
/// above it (`NEAR`, `BOUNDARY`, `REACH`). The cost of the result never depends on it (the
/// pricing certifies an optimum against every edge; among pairings of equal cost, which one
/// comes back may differ, and for one tuning it is always the same); tests narrow the
/// candidates so that the pricing does the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    pub dense_limit: usize,
    pub near: usize,
    pub boundary: usize,
    pub reach: usize,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            dense_limit: DENSE_LIMIT,
            near: NEAR,
            boundary: BOUNDARY,
            reach: REACH,
        }
    }
}

/// Edges priced negative added per player and group pair in one round of pricing.
const PRICE_BATCH: usize = 4;

/// A solved section: pairs of entrant indices and the bye.
type Solved = (Vec<(usize, usize)>, Option<usize>);

/// A player's colour class: (due colour, breaks taking red, breaks taking black).
type Class = (u8, u32, u32);

/// Players priced together: (score level, colour class, outermost blossom).
type Group = (usize, Class, Option<usize>);

/// The section as a graph: players `0..n`, and the bye's dummy vertex `n` when `n` is odd.
struct Problem<'a> {
    input: &'a SectionInput,
    e: &'a [Entrant],
    layout: Layout,
    n: usize,
    dummy: Option<usize>,
    /// Colour class per player: (due colour, breaks taking red, breaks taking black).
    class: Vec<Class>,
}

impl<'a> Problem<'a> {
    fn new(input: &'a SectionInput) -> Problem<'a> {
        let layout = Layout::new(input);
        let n = input.entrants.len();
        let class = layout
            .colours
            .iter()
            .map(|c| {
                let due = match c.due() {
                    None => 0,
                    Some((Side::Red, _)) => 1,
                    Some((Side::Black, _)) => 2,
                };
                (due, c.breaks(Side::Red), c.breaks(Side::Black))
            })
            .collect();
        Problem {
            input,
            e: &input.entrants,
            layout,
            n,
            dummy: (!n.is_multiple_of(2)).then_some(n),
            class,
        }
    }

    fn vertices(&self) -> usize {
        self.n + usize::from(self.dummy.is_some())
    }

    fn legal(&self, a: usize, b: usize) -> bool {
        match self.dummy {
            Some(d) if a == d => !self.e[b].had_bye,
            Some(d) if b == d => !self.e[a].had_bye,
            _ => cost::legal(self.input, &self.layout, a, b),
        }
    }

    fn breaks(&self, a: usize, b: usize) -> u32 {
        colour::least_breaks(&self.layout.colours[a], &self.layout.colours[b])
    }

    fn digits(&self, a: usize, b: usize) -> Vec<(Digit, u64)> {
        match self.dummy {
            Some(d) if a == d => self.layout.bye(self.e, b),
            Some(d) if b == d => self.layout.bye(self.e, a),
            _ => self.layout.pair(self.e, a, b, self.breaks(a, b)),
        }
    }

    /// Bits the mixed-radix weight needs.
    fn bits(&self) -> u32 {
        let bits: f64 = self.layout.bases().iter().map(|&b| (b as f64).log2()).sum();
        bits.ceil() as u32 + 1
    }

    /// The players a maximum matching of the whole legal graph leaves unpaired, and that
    /// matching (for seeding the candidate graph).
    fn max_cardinality(&self) -> (Vec<usize>, Vec<usize>) {
        let v = self.vertices();
        let mut order: Vec<usize> = (0..v).collect();
        // Dummy first: its edge choices are the narrowest.
        order.rotate_right(usize::from(self.dummy.is_some()));
        let mut mate = vec![NONE; v];
        for &a in &order {
            if mate[a] != NONE {
                continue;
            }
            if let Some(b) = order
                .iter()
                .copied()
                .find(|&b| b != a && mate[b] == NONE && self.legal(a, b))
            {
                mate[a] = b;
                mate[b] = a;
            }
        }
        let compat = |a: usize, b: usize| a != b && self.legal(a, b);
        matching::maximum(v, &compat, &mut mate);
        let free = (0..self.n).filter(|&a| mate[a] == NONE).collect();
        (free, mate)
    }

    /// The starting candidate edges of a large field.
    fn candidates(&self, tuning: Tuning) -> HashSet<(usize, usize)> {
        let Tuning {
            near,
            boundary,
            reach,
            ..
        } = tuning;
        let mut out = HashSet::new();
        let k = self.layout.levels.len();
        // Per level, per colour class: players in rank order.
        let mut by_class: Vec<Vec<(Class, Vec<usize>)>> = vec![Vec::new(); k];
        let mut order: Vec<usize> = (0..self.n).collect();
        order.sort_by_key(|&i| (self.layout.level[i], self.e[i].rank, self.e[i].no));
        for &i in &order {
            let groups = &mut by_class[self.layout.level[i]];
            match groups.iter_mut().find(|(c, _)| *c == self.class[i]) {
                Some((_, list)) => list.push(i),
                None => groups.push((self.class[i], vec![i])),
            }
        }
        let add = |a: usize, b: usize, out: &mut HashSet<(usize, usize)>| -> bool {
            if a != b && self.legal(a, b) {
                out.insert((a.min(b), a.max(b)));
                true
            } else {
                false
            }
        };
        // Up to `near` legal partners of `a` from `list`, nearest to position `at` first.
        let around = |a: usize, list: &[usize], at: usize, out: &mut HashSet<(usize, usize)>| {
            let mut found = 0;
            for step in 0..list.len() {
                let mut any = false;
                for pos in [at.checked_add(step), at.checked_sub(step + 1)] {
                    if let Some(&b) = pos.and_then(|p| list.get(p)) {
                        any = true;
                        if found < near && add(a, b, out) {
                            found += 1;
                        }
                    }
                }
                if found >= near || !any {
                    break;
                }
            }
        };
        // Whether two classes may meet at all (rules 4–5, hard before the last round): the
        // scans below skip the pairs of classes that may not, instead of trying every player.
        let meet = |ca: Class, cb: Class| {
            self.input.last_round || self.input.relax_colours || (ca.1 + cb.2).min(ca.2 + cb.1) == 0
        };
        for groups in &by_class {
            for (x, &(ca, ref la)) in groups.iter().enumerate() {
                // The same class: the next few in rank order.
                for (pos, &a) in la.iter().enumerate().filter(|_| meet(ca, ca)) {
                    let mut found = 0;
                    for &b in &la[pos + 1..] {
                        if found >= near {
                            break;
                        }
                        found += usize::from(add(a, b, &mut out));
                    }
                }
                // Another class: a band through proportional positions, from both sides, so
                // that every player has partners of every class.
                for (_, lb) in groups[x + 1..].iter().filter(|(cb, _)| meet(ca, *cb)) {
                    for (i, &a) in la.iter().enumerate() {
                        around(a, lb, i * lb.len() / la.len(), &mut out);
                    }
                    for (j, &b) in lb.iter().enumerate() {
                        around(b, la, j * la.len() / lb.len(), &mut out);
                    }
                }
            }
        }
        // Between groups: the cheapest floaters of each class (not floated that way last
        // round, nearest the group's edge) of a group and of the next few below.
        let down = |i: usize| {
            let t = self.layout.down_terms(self.e, i);
            (
                t.iter().any(|d| d.0 == Digit::RepeatFloats),
                self.layout.below_of(i),
            )
        };
        let up = |i: usize| {
            let t = self.layout.up_terms(self.e, i);
            (
                t.iter().any(|d| d.0 == Digit::RepeatFloats),
                self.layout.above_of(i),
            )
        };
        let cheapest = |groups: &[(Class, Vec<usize>)], key: &dyn Fn(usize) -> (bool, u32)| {
            groups
                .iter()
                .map(|(_, list)| {
                    let mut l = list.clone();
                    l.sort_by_key(|&i| key(i));
                    l.truncate(boundary);
                    l
                })
                .collect::<Vec<_>>()
        };
        let downs: Vec<Vec<Vec<usize>>> = by_class.iter().map(|g| cheapest(g, &down)).collect();
        let ups: Vec<Vec<Vec<usize>>> = by_class.iter().map(|g| cheapest(g, &up)).collect();
        for (l, upper) in downs.iter().enumerate() {
            for lower in ups.iter().skip(l + 1).take(reach) {
                for hs in upper {
                    for ls in lower {
                        for &a in hs {
                            for &b in ls {
                                add(a, b, &mut out);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// Solves with weights of type `W`: (pairs of player indices, bye), or the players who
    /// cannot be paired.
    fn solve<W: Weight>(&self, tuning: Tuning) -> Result<Solved, Vec<usize>> {
        let bases = self.layout.bases();
        // place[i]: the value of one unit of digit i.
        let mut place = vec![W::ZERO; bases.len()];
        let mut acc = W::ZERO.mul_add(0, 1);
        for i in (0..bases.len()).rev() {
            place[i] = acc;
            acc = acc.mul_add(bases[i], 0);
        }
        let top = acc;
        let weight = |a: usize, b: usize| -> W {
            let mut w = top;
            for (d, v) in self.digits(a, b) {
                w = w.sub(place[self.layout.position(d)].mul_add(v, 0));
            }
            w
        };
        let v = self.vertices();
        let dense = self.n <= tuning.dense_limit;
        let mut cand: HashSet<(usize, usize)> = if dense {
            let mut all = HashSet::new();
            for a in 0..self.n {
                for b in a + 1..self.n {
                    if self.legal(a, b) {
                        all.insert((a, b));
                    }
                }
            }
            all
        } else {
            self.candidates(tuning)
        };
        if let Some(d) = self.dummy {
            for a in 0..self.n {
                if self.legal(a, d) {
                    cand.insert((a, d));
                }
            }
        }
        let mut seeded = false;
        loop {
            let mut list: Vec<(usize, usize)> = cand.iter().copied().collect();
            list.sort_unstable();
            let edges: Vec<(usize, usize, W)> =
                list.iter().map(|&(a, b)| (a, b, weight(a, b))).collect();
            drop(list);
            let m = blossom::max_weight_matching(v, &edges);
            let perfect = m.mate.iter().all(|&x| x != NONE);
            if !perfect {
                let (free, full) = self.max_cardinality();
                if !free.is_empty() || dense || seeded {
                    if free.is_empty() {
                        // Cannot happen: the candidates hold a perfect matching.
                        return Err((0..self.n).filter(|&a| m.mate[a] == NONE).collect());
                    }
                    return Err(free);
                }
                for (a, &b) in full.iter().enumerate() {
                    if b != NONE {
                        cand.insert((a.min(b), a.max(b)));
                    }
                }
                seeded = true;
                continue;
            }
            if dense {
                return Ok(self.read(&m));
            }
            let missing = self.price(&m, &place, top);
            if missing.is_empty() {
                return Ok(self.read(&m));
            }
            cand.extend(missing);
        }
    }

    fn read<W>(&self, m: &Matching<W>) -> (Vec<(usize, usize)>, Option<usize>) {
        let mut pairs = Vec::new();
        let mut bye = None;
        for a in 0..self.n {
            let b = m.mate[a];
            if Some(b) == self.dummy {
                bye = Some(a);
            } else if a < b {
                pairs.push((a, b));
            }
        }
        (pairs, bye)
    }

    /// Legal edges with a negative reduced cost under the matching's duals (none of them is a
    /// candidate: the duals are feasible on the candidate graph).
    fn price<W: Weight>(&self, m: &Matching<W>, place: &[W], top: W) -> Vec<(usize, usize)> {
        let nest = m.nest();
        let batch = PRICE_BATCH;
        // Groups by (level, class, outermost blossom): inside one blossom every edge gets at
        // least twice that blossom's dual on top of the vertex duals.
        let outer = |i: usize| {
            let o = nest.outer(i);
            (o != i).then_some(o)
        };
        let mut groups: HashMap<Group, Vec<usize>> = HashMap::new();
        for i in 0..self.n {
            groups
                .entry((self.layout.level[i], self.class[i], outer(i)))
                .or_default()
                .push(i);
        }
        let mut keys: Vec<_> = groups.keys().copied().collect();
        keys.sort_unstable();
        let own = |terms: Vec<(Digit, u64)>| -> W {
            let mut t = W::ZERO;
            for (d, v) in terms {
                t = t.add(place[self.layout.position(d)].mul_add(v, 0));
            }
            t.add(t)
        };
        // Per group: players sorted by dual (same level) and by dual plus their own terms as
        // the one floated down or up (other levels). An edge's slack is exactly the sum of
        // the two keys minus twice the group pair's base weight, plus the duals of blossoms
        // holding both ends.
        let mut plain: HashMap<_, Vec<(W, usize)>> = HashMap::new();
        let mut down: HashMap<_, Vec<(W, usize)>> = HashMap::new();
        let mut up: HashMap<_, Vec<(W, usize)>> = HashMap::new();
        for (&key, list) in &groups {
            let mut p: Vec<(W, usize)> = list.iter().map(|&i| (m.vertex_dual(i), i)).collect();
            let mut d: Vec<(W, usize)> = list
                .iter()
                .map(|&i| {
                    (
                        m.vertex_dual(i).add(own(self.layout.down_terms(self.e, i))),
                        i,
                    )
                })
                .collect();
            let mut u: Vec<(W, usize)> = list
                .iter()
                .map(|&i| {
                    (
                        m.vertex_dual(i).add(own(self.layout.up_terms(self.e, i))),
                        i,
                    )
                })
                .collect();
            p.sort_unstable();
            d.sort_unstable();
            u.sort_unstable();
            plain.insert(key, p);
            down.insert(key, d);
            up.insert(key, u);
        }
        // Every pair of groups is priced on its own: spread them over the machine's cores
        // (the result is sorted, so it does not depend on how the work was split).
        let jobs: Vec<(Group, Group)> = keys
            .iter()
            .enumerate()
            .flat_map(|(x, &gh)| keys[x..].iter().map(move |&gl| (gh, gl)))
            .collect();
        let threads = std::thread::available_parallelism()
            .map_or(1, std::num::NonZero::get)
            .min(8)
            .min(jobs.len().max(1));
        let price_pair = |gh: Group, gl: Group, out: &mut Vec<(usize, usize)>| {
            let (a0, b0) = (groups[&gh][0], groups[&gl][0]);
            let same_level = gh.0 == gl.0;
            // The pair's weight without the floaters' own terms.
            let mut base = top;
            let brk = colour::least_breaks(&self.layout.colours[a0], &self.layout.colours[b0]);
            for (d, v) in self.layout.pair_base(self.e, a0, b0, brk) {
                base = base.sub(place[self.layout.position(d)].mul_add(v, 0));
            }
            let bound = base.add(base);
            // The sorted scan stops at this bound (lower inside a shared blossom).
            let scan = if gh.2.is_some() && gh.2 == gl.2 {
                bound.sub(nest.outer_sum(a0))
            } else {
                bound
            };
            let (hs, ls) = if same_level {
                (&plain[&gh], &plain[&gl])
            } else {
                (&down[&gh], &up[&gl])
            };
            for &(yh, i) in hs {
                if yh.add(ls[0].0) >= scan {
                    break;
                }
                // The most negative edges of each player first, a few per round.
                let mut found = 0;
                for &(yl, j) in ls {
                    if found >= batch || yh.add(yl) >= scan {
                        break;
                    }
                    if i == j || !self.legal(i, j) {
                        continue;
                    }
                    if yh.add(yl).add(nest.common(i, j)) < bound {
                        found += 1;
                        out.push((i.min(j), i.max(j)));
                    }
                }
            }
        };
        let mut out = Vec::new();
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|t| {
                    let jobs = &jobs;
                    let price_pair = &price_pair;
                    scope.spawn(move || {
                        let mut found = Vec::new();
                        for &(gh, gl) in jobs.iter().skip(t).step_by(threads) {
                            price_pair(gh, gl, &mut found);
                        }
                        found
                    })
                })
                .collect();
            for w in workers {
                // A worker's panic is a bug of this thread too: pass it on.
                out.extend(w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
            }
        });
        out.sort_unstable();
        out.dedup();
        out
    }
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

/// Lists the hard rules a hand-made pairing of `round` breaks (rematches, third colour in a
/// row, colour difference of three, players of different sections).
pub fn check_hard_rules(t: &Tournament, round: Round, games: &[Pairing]) -> Vec<RuleBreak> {
    let byes: Vec<PlayerNo> = t.round(round).map(|r| r.byes.clone()).unwrap_or_default();
    check_hard_rules_with(t, round, games, &byes)
}

/// Lists the hard rules a round entered by hand breaks: those of `check_hard_rules`, and a
/// bye to a player who had one, who is not eligible, or who also plays.
pub fn check_manual(
    t: &Tournament,
    round: Round,
    games: &[Pairing],
    byes: &[PlayerNo],
) -> Vec<RuleBreak> {
    let mut out = check_hard_rules_with(t, round, games, byes);
    let sections = crate::domain::pairing::entrants(t, round);
    let entrant = by_number(&sections);
    let who = |no: PlayerNo| named_player(t, no);
    for &b in byes {
        match entrant.get(&b) {
            None => out.push(RuleBreak::ByeNotEligible { who: who(b), round }),
            Some(e) if e.had_bye => out.push(RuleBreak::SecondBye { who: who(b) }),
            Some(_) => {}
        }
        if games.iter().any(|g| g.red == b || g.black == b) {
            out.push(RuleBreak::ByeAlsoPlays { who: who(b) });
        }
    }
    out
}

/// The colour rules 4–5 a pairing of `round` breaks, per player.
pub fn colour_breaks(t: &Tournament, round: Round, games: &[Pairing]) -> Vec<Break> {
    let sections = crate::domain::pairing::entrants(t, round);
    let entrant = by_number(&sections);
    let mut out = Vec::new();
    for g in games.iter().filter(|g| g.stage == Stage::Swiss) {
        for (no, side) in [(g.red, Side::Red), (g.black, Side::Black)] {
            if let Some(e) = entrant.get(&no) {
                out.extend(breaks_of(no, &ColourState::of(&e.colours), side));
            }
        }
    }
    out
}

/// The entrants of every section of a round, by number.
fn by_number(sections: &[Vec<Entrant>]) -> HashMap<PlayerNo, &Entrant> {
    sections.iter().flatten().map(|e| (e.no, e)).collect()
}

/// A player as a rule break names them: number and name.
fn named_player(t: &Tournament, no: PlayerNo) -> Who {
    Who {
        no,
        name: t
            .player(no)
            .map_or("?", |p| p.entry.name.as_str())
            .to_string(),
    }
}

/// The colour rules a player with colours `st` breaks by taking `side`.
fn breaks_of(no: PlayerNo, st: &ColourState, side: Side) -> Vec<Break> {
    let mut out = Vec::new();
    if st.last == Some(side) && st.streak >= 2 {
        out.push(Break::ThirdInRow(no, side));
    }
    let delta = if side == Side::Red { 1 } else { -1 };
    if (st.balance() + delta).abs() >= 3 {
        out.push(Break::Difference(no, side));
    }
    out
}

fn check_hard_rules_with(
    t: &Tournament,
    round: Round,
    games: &[Pairing],
    byes: &[PlayerNo],
) -> Vec<RuleBreak> {
    let mut out = Vec::new();
    let sections = crate::domain::pairing::entrants(t, round);
    let entrant = by_number(&sections);
    let who = |no: PlayerNo| named_player(t, no);
    let last = round.0 >= t.rules.rounds;
    let mut boards: HashMap<PlayerNo, Vec<Board>> = HashMap::new();
    for g in games {
        for no in [g.red, g.black] {
            boards.entry(no).or_default().push(g.board);
        }
    }
    let mut twice: Vec<(&PlayerNo, &Vec<Board>)> =
        boards.iter().filter(|(_, b)| b.len() > 1).collect();
    twice.sort();
    for (no, b) in twice {
        out.push(RuleBreak::PairedTwice {
            who: who(*no),
            boards: b.clone(),
        });
    }
    let mut missing: Vec<PlayerNo> = entrant
        .keys()
        .copied()
        .filter(|no| !boards.contains_key(no) && !byes.contains(no))
        .collect();
    missing.sort();
    for no in missing {
        out.push(RuleBreak::NotPaired { who: who(no) });
    }
    for g in games.iter().filter(|g| g.stage == Stage::Swiss) {
        let board = g.board;
        let (Some(er), Some(eb)) = (entrant.get(&g.red), entrant.get(&g.black)) else {
            for no in [g.red, g.black] {
                if !entrant.contains_key(&no) {
                    out.push(RuleBreak::NotEligible {
                        board,
                        who: who(no),
                        round,
                    });
                }
            }
            continue;
        };
        let (sr, sb) = (
            t.player(g.red).map_or(0, |p| p.section),
            t.player(g.black).map_or(0, |p| p.section),
        );
        if sr != sb {
            out.push(RuleBreak::DifferentSections {
                board,
                red: who(g.red),
                red_section: t.section_name(sr).to_string(),
                black: who(g.black),
                black_section: t.section_name(sb).to_string(),
            });
        }
        if er.has_met(g.black) || eb.has_met(g.red) {
            out.push(RuleBreak::AlreadyMet {
                board,
                red: who(g.red),
                black: who(g.black),
            });
        }
        if last {
            continue;
        }
        for (e, side) in [(er, Side::Red), (eb, Side::Black)] {
            let st = ColourState::of(&e.colours);
            if st.last == Some(side) && st.streak >= 2 {
                out.push(RuleBreak::ThirdInRow {
                    board,
                    who: who(e.no),
                    side,
                });
            }
            let delta = if side == Side::Red { 1 } else { -1 };
            if (st.balance() + delta).abs() >= 3 {
                out.push(RuleBreak::Difference {
                    board,
                    who: who(e.no),
                    reds: st.reds + i32::from(side == Side::Red),
                    blacks: st.blacks + i32::from(side == Side::Black),
                });
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
            relax_colours: false,
            entrants,
        }
    }

    fn en(lines: &[Line]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.text(crate::domain::rules::Lang::En))
            .collect()
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
            en(&p.general).iter().any(|g| g.contains("passed over")),
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
            en(&p.general)
                .iter()
                .any(|g| g.contains("score group 6: 2, 3 float down")),
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
        assert!(
            en(&p.notes)[0].contains("colour rule relaxed"),
            "{:?}",
            p.notes
        );
        assert!(
            en(&p.general)
                .iter()
                .any(|g| g.contains("colour rules relaxed")),
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
        // Everyone due red: colour balance cannot decide.
        let mut es = vec![
            ent(1, 4, &[], &[R, B]),
            ent(2, 4, &[], &[R, B]),
            ent(3, 4, &[], &[R, B]),
            ent(4, 2, &[], &[R, B]),
            ent(5, 2, &[], &[R, B]),
            ent(6, 2, &[], &[R, B]),
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
            en(&p.notes).iter().any(|n| n.contains("2 floated down")),
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
        assert_eq!(check_hard_rules(&t, Round(3), &clean), Vec::new());
        // 1 red a third time against 2 (met, 2 black a third time), 4 v 3 again, 5 v 7 across
        // sections, 6 twice, 8 missing.
        let bad = [game(1, 1, 2), game(2, 4, 3), game(3, 5, 7), game(4, 6, 6)];
        let w: Vec<String> = check_hard_rules(&t, Round(3), &bad)
            .iter()
            .map(ToString::to_string)
            .collect();
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
