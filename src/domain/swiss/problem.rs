//! The pairing problem of one section as a weighted graph: candidate edges, their costs,
//! the solve on candidate edges and the pricing of every edge left out (see `swiss`).

use super::cost::{Digit, Layout};
use super::{colour, cost};
use crate::domain::matching::blossom::{self, Matching};
use crate::domain::matching::wide::Weight;
use crate::domain::matching::{self, NONE};
use crate::domain::pairing::{Entrant, SectionInput};
use crate::domain::side::Side;
use std::collections::HashMap;

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

/// A solved section: pairs of entrant indices and the bye.
type Solved = (Vec<(usize, usize)>, Option<usize>);

/// A player's colour class: (due colour, breaks taking red, breaks taking black).
pub(super) type Class = (u8, u32, u32);

/// The weights of a section's pairs (`Problem::weights`, `Problem::weight`): a pair weighs
/// `top` less its digits, a unit of each digit worth its `place`.
pub(super) struct Weights<W> {
    pub(super) place: Vec<W>,
    pub(super) top: W,
    /// Each player's (level, class) group, of `groups`.
    group: Vec<usize>,
    groups: usize,
    /// Per pair of groups: `top` less the digits that depend only on the groups.
    base: Vec<W>,
    /// Each player's own terms as the one floated down, and up.
    pub(super) down: Vec<W>,
    pub(super) up: Vec<W>,
}

impl<W: Weight> Weights<W> {
    /// The weight of a pair of `a`'s and `b`'s groups, without the floaters' own terms.
    pub(super) fn base(&self, a: usize, b: usize) -> W {
        self.base[self.group[a] * self.groups + self.group[b]]
    }
}

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

    /// Whether players of two colour classes may meet at all (rules 4–5, hard before the
    /// last round): some allocation of theirs breaks neither.
    pub(super) fn classes_meet(&self, ca: Class, cb: Class) -> bool {
        self.input.last_round || self.input.relax_colours || (ca.1 + cb.2).min(ca.2 + cb.1) == 0
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

    /// The starting candidate edges of a large field (`(a, b)` with `a < b`, perhaps more than
    /// once).
    pub(super) fn candidates(&self, tuning: Tuning) -> Vec<(usize, usize)> {
        let Tuning {
            near,
            boundary,
            reach,
            ..
        } = tuning;
        let mut out = Vec::new();
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
        let add = |a: usize, b: usize, out: &mut Vec<(usize, usize)>| -> bool {
            if a != b && self.legal(a, b) {
                out.push((a.min(b), a.max(b)));
                true
            } else {
                false
            }
        };
        // Up to `near` legal partners of `a` from `list`, nearest to position `at` first.
        let around = |a: usize, list: &[usize], at: usize, out: &mut Vec<(usize, usize)>| {
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
        // The scans below skip the pairs of classes that may not meet, instead of trying every
        // player.
        let meet = |ca: Class, cb: Class| self.classes_meet(ca, cb);
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
        let weights = self.weights::<W>();
        let v = self.vertices();
        let dense = self.n <= tuning.dense_limit;
        let mut cand: Vec<(usize, usize)> = if dense {
            let mut all = Vec::new();
            for a in 0..self.n {
                for b in a + 1..self.n {
                    if self.legal(a, b) {
                        all.push((a, b));
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
                    cand.push((a, d));
                }
            }
        }
        let start = (!dense).then(|| self.start(&weights));
        let mut seeded = false;
        loop {
            cand.sort_unstable();
            cand.dedup();
            let edges: Vec<(usize, usize, W)> = cand
                .iter()
                .map(|&(a, b)| (a, b, self.weight(&weights, a, b)))
                .collect();
            let m = blossom::max_weight_matching_from(v, &edges, start.as_ref());
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
                        cand.push((a.min(b), a.max(b)));
                    }
                }
                seeded = true;
                continue;
            }
            if dense {
                return Ok(self.read(&m));
            }
            let missing = self.price(&m, &weights);
            if missing.is_empty() {
                return Ok(self.read(&m));
            }
            cand.extend(missing);
        }
    }

    /// The sum of `digits`, each unit worth its `place`.
    fn value<W: Weight>(&self, place: &[W], digits: Vec<(Digit, u64)>) -> W {
        let mut w = W::ZERO;
        for (d, v) in digits {
            w = w.add(place[self.layout.position(d)].mul_add(v, 0));
        }
        w
    }

    /// The section's weights (`Weights`): the part of a pair's weight that depends only on the
    /// two players' score levels and colour classes computed once per pair of (level, class)
    /// groups, and each player's own terms as the one floated down or up once per player.
    pub(super) fn weights<W: Weight>(&self) -> Weights<W> {
        let bases = self.layout.bases();
        let mut place = vec![W::ZERO; bases.len()];
        let mut top = W::ZERO.mul_add(0, 1);
        for i in (0..bases.len()).rev() {
            place[i] = top;
            top = top.mul_add(bases[i], 0);
        }
        // Each player's (level, class) group, numbered, and a player of each.
        let mut ids: HashMap<(usize, Class), usize> = HashMap::new();
        let mut group = Vec::with_capacity(self.n);
        let mut first = Vec::new();
        for i in 0..self.n {
            let next = ids.len();
            let g = *ids
                .entry((self.layout.level[i], self.class[i]))
                .or_insert(next);
            if g == first.len() {
                first.push(i);
            }
            group.push(g);
        }
        let mut base = Vec::with_capacity(first.len() * first.len());
        for &a in &first {
            for &b in &first {
                let digits = self.layout.pair_base(self.e, a, b, self.breaks(a, b));
                base.push(top.sub(self.value(&place, digits)));
            }
        }
        let down = (0..self.n)
            .map(|i| self.value(&place, self.layout.down_terms(self.e, i)))
            .collect();
        let up = (0..self.n)
            .map(|i| self.value(&place, self.layout.up_terms(self.e, i)))
            .collect();
        Weights {
            groups: first.len(),
            place,
            top,
            group,
            base,
            down,
            up,
        }
    }

    /// The weight of a pair, `top` less its digits (`Layout::pair`, `Layout::bye`): a look-up
    /// and two subtractions, the bye's edges summed in full.
    pub(super) fn weight<W: Weight>(&self, w: &Weights<W>, a: usize, b: usize) -> W {
        match self.dummy {
            Some(d) if a == d || b == d => w.top.sub(self.value(&w.place, self.digits(a, b))),
            _ => {
                let base = w.base(a, b);
                match self.e[a].score.cmp(&self.e[b].score) {
                    std::cmp::Ordering::Greater => base.sub(w.down[a]).sub(w.up[b]),
                    std::cmp::Ordering::Less => base.sub(w.down[b]).sub(w.up[a]),
                    std::cmp::Ordering::Equal => base,
                }
            }
        }
    }

    /// Where the blossom search of a large field starts (see `blossom::Start`): in a score
    /// group where more players are due one colour than all the others together, the surplus
    /// must meet each other, so the duals make those pairs tight alongside the pairs of the
    /// surplus with everyone else (a dual lower by the same-colour digits for the surplus,
    /// higher by as much for the rest), and the rest are seeded first so that they take the
    /// surplus's players before it pairs among itself. Everywhere else every vertex starts at
    /// the pairing's top weight. The start changes only how fast the optimum is found.
    fn start<W: Weight>(&self, weights: &Weights<W>) -> blossom::Start<W> {
        let (place, top) = (&weights.place, weights.top);
        let k = self.layout.levels.len();
        // Per level: players due red, due black, due neither.
        let mut due = vec![[0usize; 3]; k];
        for i in 0..self.n {
            due[self.layout.level[i]][usize::from(self.class[i].0)] += 1;
        }
        let surplus: Vec<Option<u8>> = due
            .iter()
            .map(|c| {
                if c[1] > c[0] + c[2] {
                    Some(1)
                } else if c[2] > c[0] + c[1] {
                    Some(2)
                } else {
                    None
                }
            })
            .collect();
        let same = place[self.layout.position(Digit::SameColour)];
        let mut dual = Vec::with_capacity(self.vertices());
        // Seeding order: players a colour rule keeps from one colour first (they have the
        // fewest partners), then those outside a surplus, then the surplus.
        let mut key = Vec::with_capacity(self.vertices());
        let mut widest = W::ZERO;
        for i in 0..self.n {
            let l = self.layout.level[i];
            let (due_c, br, bb) = self.class[i];
            let bound = br + bb > 0;
            // The same-colour digits of this level.
            let d = same.add(place[self.layout.position(Digit::SameColourAt(l))]);
            match surplus[l] {
                Some(c) if due_c == c => {
                    if widest < d {
                        widest = d;
                    }
                    dual.push(top.sub(d));
                    key.push(if bound { 0 } else { 2u8 });
                }
                Some(_) => {
                    dual.push(top.add(d));
                    key.push(u8::from(!bound));
                }
                None => {
                    dual.push(top);
                    key.push(u8::from(!bound));
                }
            }
        }
        if self.dummy.is_some() {
            // The bye's vertex: above every surplus's lowered dual, so that no bye edge
            // (cheap for the bottom of a surplus) lifts a surplus player off its tight pairs.
            dual.push(top.add(widest));
            key.push(0);
        }
        let mut first: Vec<usize> = (0..self.vertices()).collect();
        first.sort_by_key(|&i| (key[i], usize::from(Some(i) != self.dummy)));
        blossom::Start { dual, order: first }
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
}

#[cfg(test)]
mod tests;
