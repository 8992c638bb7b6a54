//! The pairing problem of one section as a weighted graph: candidate edges, their costs,
//! the solve on candidate edges and the pricing of every edge left out (see `swiss`).

use super::cost::{Digit, Layout};
use super::{colour, cost};
use crate::domain::matching::blossom::{self, Matching};
use crate::domain::matching::wide::Weight;
use crate::domain::matching::{self, NONE};
use crate::domain::pairing::{Entrant, SectionInput};
use crate::domain::side::Side;
use std::collections::{HashMap, HashSet};

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
pub(super) const PRICE_BATCH: usize = 4;

/// A solved section: pairs of entrant indices and the bye.
type Solved = (Vec<(usize, usize)>, Option<usize>);

/// A player's colour class: (due colour, breaks taking red, breaks taking black).
type Class = (u8, u32, u32);

/// Players priced together: (score level, colour class, outermost blossom).
type Group = (usize, Class, Option<usize>);

/// The section as a graph: players `0..n`, and the bye's dummy vertex `n` when `n` is odd.
pub(super) struct Problem<'a> {
    pub(super) input: &'a SectionInput,
    pub(super) e: &'a [Entrant],
    pub(super) layout: Layout,
    pub(super) n: usize,
    pub(super) dummy: Option<usize>,
    /// Colour class per player: (due colour, breaks taking red, breaks taking black).
    pub(super) class: Vec<Class>,
}

impl<'a> Problem<'a> {
    pub(super) fn new(input: &'a SectionInput) -> Problem<'a> {
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

    pub(super) fn vertices(&self) -> usize {
        self.n + usize::from(self.dummy.is_some())
    }

    pub(super) fn legal(&self, a: usize, b: usize) -> bool {
        match self.dummy {
            Some(d) if a == d => !self.e[b].had_bye,
            Some(d) if b == d => !self.e[a].had_bye,
            _ => cost::legal(self.input, &self.layout, a, b),
        }
    }

    pub(super) fn breaks(&self, a: usize, b: usize) -> u32 {
        colour::least_breaks(&self.layout.colours[a], &self.layout.colours[b])
    }

    pub(super) fn digits(&self, a: usize, b: usize) -> Vec<(Digit, u64)> {
        match self.dummy {
            Some(d) if a == d => self.layout.bye(self.e, b),
            Some(d) if b == d => self.layout.bye(self.e, a),
            _ => self.layout.pair(self.e, a, b, self.breaks(a, b)),
        }
    }

    /// Bits the mixed-radix weight needs.
    pub(super) fn bits(&self) -> u32 {
        let bits: f64 = self.layout.bases().iter().map(|&b| (b as f64).log2()).sum();
        bits.ceil() as u32 + 1
    }

    /// The players a maximum matching of the whole legal graph leaves unpaired, and that
    /// matching (for seeding the candidate graph).
    pub(super) fn max_cardinality(&self) -> (Vec<usize>, Vec<usize>) {
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
    pub(super) fn candidates(&self, tuning: Tuning) -> HashSet<(usize, usize)> {
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
    pub(super) fn solve<W: Weight>(&self, tuning: Tuning) -> Result<Solved, Vec<usize>> {
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

    pub(super) fn read<W>(&self, m: &Matching<W>) -> (Vec<(usize, usize)>, Option<usize>) {
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
    pub(super) fn price<W: Weight>(
        &self,
        m: &Matching<W>,
        place: &[W],
        top: W,
    ) -> Vec<(usize, usize)> {
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
                // `yh + yl >= scan` as `yl >= scan - yh` (the slack's test alike): fewer sums.
                let stop = scan.sub(yh);
                if ls[0].0 >= stop {
                    break;
                }
                let below = bound.sub(yh);
                // The most negative edges of each player first, a few per round; the slack
                // before the hard rules (a scan of the opponents).
                let mut found = 0;
                for &(yl, j) in ls {
                    if found >= batch || yl >= stop {
                        break;
                    }
                    if i != j && yl.add(nest.common(i, j)) < below && self.legal(i, j) {
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
