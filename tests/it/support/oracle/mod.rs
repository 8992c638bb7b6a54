//! A slow, plainly written maximum-weight matching for general graphs, used by the tests as an
//! oracle that shares no code with the engine's solver (`src/domain/pairing/blossom.rs`,
//! `wide.rs`) or its mixed-radix weights.
//!
//! Method: Edmonds' primal–dual blossom algorithm in the formulation of Galil ("Efficient
//! algorithms for finding maximum matching in graphs", 1986), written after the structure of
//! Joris van Rantwijk's public-domain `mwmatching.py`: O(n³), one augmenting path per stage.
//! It only adds, subtracts, halves and compares weights, so it runs unchanged on any ordered
//! abelian group. The tests use `Lex<K>`, a vector of K integers compared lexicographically:
//! the cost order of RULES.md §3 is used directly as a vector, with no radix or packing. Slack
//! is `u_i + u_j − 2w` (weights counted twice), so all duals stay integral: every vertex of an
//! alternating tree is joined to its root by tight edges and every root has the same dual, so
//! the slack of an edge between two S-vertices is even (`Weight::half` asserts it).
//!
//! After each solve `Solver::certify` checks the LP certificate of optimality (dual feasibility
//! of every edge with the blossom duals, tight matched edges, zero duals on unmatched vertices
//! and full blossoms where the blossom dual is positive). `tests/it/oracle_matching.rs` compares
//! the optimum with an exhaustive search on thousands of small random graphs.

#![allow(dead_code)]
// v, w, b, t, p, k: the vertex, blossom, label, endpoint and edge names of the literature.
#![allow(clippy::many_single_char_names)]

use std::fmt::Debug;

/// "No vertex / no edge / no endpoint".
pub const NONE: usize = usize::MAX;

/// What the algorithm needs of a weight: an ordered abelian group with exact halving of even
/// elements.
pub trait Weight: Clone + Ord + Debug {
    fn zero() -> Self;
    fn plus(&self, other: &Self) -> Self;
    fn minus(&self, other: &Self) -> Self;
    /// Half of an even element (panics on an odd one: the algorithm never halves one).
    fn half(&self) -> Self;
}

impl Weight for i64 {
    fn zero() -> Self {
        0
    }
    fn plus(&self, other: &Self) -> Self {
        self + other
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn half(&self) -> Self {
        assert!(self % 2 == 0, "halving an odd slack {self}");
        self / 2
    }
}

/// A vector of `K` integers, compared lexicographically (the first component decides first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lex<const K: usize>(pub [i64; K]);

impl<const K: usize> Lex<K> {
    /// The vector with `values` in its first components and zeros after.
    pub fn of(values: &[i64]) -> Self {
        assert!(
            values.len() <= K,
            "{} components do not fit in {K}",
            values.len()
        );
        let mut v = [0; K];
        v[..values.len()].copy_from_slice(values);
        Lex(v)
    }
}

impl<const K: usize> Weight for Lex<K> {
    fn zero() -> Self {
        Lex([0; K])
    }
    fn plus(&self, other: &Self) -> Self {
        let mut v = self.0;
        for (x, y) in v.iter_mut().zip(other.0) {
            *x += y;
        }
        Lex(v)
    }
    fn minus(&self, other: &Self) -> Self {
        let mut v = self.0;
        for (x, y) in v.iter_mut().zip(other.0) {
            *x -= y;
        }
        Lex(v)
    }
    fn half(&self) -> Self {
        let mut v = self.0;
        for x in &mut v {
            assert!(*x % 2 == 0, "halving an odd slack {self:?}");
            *x /= 2;
        }
        Lex(v)
    }
}

/// A matching: each vertex's partner (or `NONE`) and the matched edges by index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matching {
    pub mate: Vec<usize>,
    pub edges: Vec<usize>,
}

impl Matching {
    /// The sum of the matched edges' weights.
    pub fn weight<W: Weight>(&self, edges: &[(usize, usize, W)]) -> W {
        self.edges
            .iter()
            .fold(W::zero(), |acc, &k| acc.plus(&edges[k].2))
    }
}

/// A maximum-weight matching of the graph on vertices `0..n` with the given edges (each
/// `(i, j, w)`, `i != j`). With a leading component that counts pairs (every edge's first
/// component 1), the result is a maximum-cardinality matching of maximum weight.
///
/// Panics if the algorithm's optimality certificate does not hold at the end.
pub fn max_weight_matching<W: Weight>(n: usize, edges: &[(usize, usize, W)]) -> Matching {
    let mut s = Solver::new(n, edges);
    s.solve();
    if let Err(e) = s.certify() {
        panic!("oracle: optimality certificate fails: {e}");
    }
    s.result()
}

/// The solver's state. Vertices are `0..n`, blossoms `n..2n`; edge `k` has the endpoints
/// `2k` (its first vertex) and `2k + 1` (its second), so `p ^ 1` is the other end of `p`.
struct Solver<W> {
    n: usize,
    edges: Vec<(usize, usize, W)>,
    /// The vertex of each endpoint.
    endpoint: Vec<usize>,
    /// Per vertex, the remote endpoints of its edges.
    neighbend: Vec<Vec<usize>>,
    /// Per vertex, the remote endpoint of its matched edge, or `NONE`.
    mate: Vec<usize>,
    /// Per vertex and top-level blossom: 0 free, 1 S (outer), 2 T (inner); 5 marks a blossom
    /// on the path being scanned; -1 an unused blossom.
    label: Vec<i8>,
    /// The endpoint through which the label was reached, or `NONE` for a tree root.
    labelend: Vec<usize>,
    /// Per vertex, its top-level blossom.
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    /// Sub-blossoms of each blossom, in order around the cycle from the base.
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    /// `blossomendps[b][i]` is the endpoint joining child `i` to child `i + 1` of `b`.
    blossomendps: Vec<Vec<usize>>,
    /// Per vertex / S-blossom, the least-slack edge to an S-blossom (or `NONE`).
    bestedge: Vec<usize>,
    /// Per S-blossom, its least-slack edges to other S-blossoms.
    blossombestedges: Vec<Option<Vec<usize>>>,
    unused: Vec<usize>,
    /// Vertex duals (`u`, doubled scale) and blossom duals (`z`).
    dual: Vec<W>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

impl<W: Weight> Solver<W> {
    fn new(n: usize, edges: &[(usize, usize, W)]) -> Self {
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbend = vec![Vec::new(); n];
        for (k, (i, j, _)) in edges.iter().enumerate() {
            assert!(i != j && *i < n && *j < n, "bad edge {k}: {i}-{j}");
            endpoint.push(*i);
            endpoint.push(*j);
            neighbend[*i].push(2 * k + 1);
            neighbend[*j].push(2 * k);
        }
        let maxweight = edges
            .iter()
            .map(|e| e.2.clone())
            .max()
            .filter(|w| *w > W::zero())
            .unwrap_or_else(W::zero);
        let mut dual = vec![maxweight; n];
        dual.extend(vec![W::zero(); n]);
        Solver {
            n,
            edges: edges.to_vec(),
            endpoint,
            neighbend,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unused: (n..2 * n).collect(),
            dual,
            allowedge: vec![false; edges.len()],
            queue: Vec::new(),
        }
    }

    fn result(&self) -> Matching {
        let mate: Vec<usize> = self
            .mate
            .iter()
            .map(|&p| if p == NONE { NONE } else { self.endpoint[p] })
            .collect();
        let mut edges: Vec<usize> = (0..self.n)
            .filter(|&v| self.mate[v] != NONE && v < mate[v])
            .map(|v| self.mate[v] / 2)
            .collect();
        edges.sort_unstable();
        Matching { mate, edges }
    }

    /// `u_i + u_j − 2 w` of edge `k` (blossom duals not included: only asked of edges
    /// between different top-level blossoms).
    fn slack(&self, k: usize) -> W {
        let (i, j, w) = &self.edges[k];
        self.dual[*i].plus(&self.dual[*j]).minus(w).minus(w)
    }

    /// The vertices inside blossom (or vertex) `b`.
    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            if x < self.n {
                out.push(x);
            } else {
                stack.extend(self.blossomchilds[x].iter().rev());
            }
        }
        out
    }

    fn position(list: &[usize], x: usize) -> usize {
        list.iter()
            .position(|&y| y == x)
            .expect("child of the blossom")
    }

    /// Labels vertex `w` and its top-level blossom `t` (1 = S, 2 = T) through endpoint `p`;
    /// a T-blossom's base's mate becomes S.
    fn assign_label(&mut self, w: usize, t: i8, p: usize) {
        let b = self.inblossom[w];
        assert!(self.label[w] == 0 && self.label[b] == 0, "relabelling {w}");
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let leaves = self.leaves(b);
            self.queue.extend(leaves);
        } else {
            let base = self.blossombase[b];
            let m = self.mate[base];
            assert!(m != NONE, "T-blossom with an unmatched base");
            self.assign_label(self.endpoint[m], 1, m ^ 1);
        }
    }

    /// Walks up from S-vertices `v` and `w` alternately; returns the base of the new blossom
    /// where the two paths meet, or `NONE` if they reach two different roots (augmenting).
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            assert_eq!(self.label[b], 1);
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                assert_eq!(self.label[b], 2);
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    /// Makes a new blossom with base `base` through the S–S edge `k`.
    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = (self.edges[k].0, self.edges[k].1);
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unused.pop().expect("a free blossom number");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        assert_eq!(self.label[bb], 1);
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dual[b] = W::zero();
        self.blossomchilds[b].clone_from(&path);
        self.blossomendps[b] = endps;
        for x in self.leaves(b) {
            if self.label[self.inblossom[x]] == 2 {
                self.queue.push(x);
            }
            self.inblossom[x] = b;
        }
        // The least-slack edges from the new blossom to each other S-blossom.
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &sub in &path {
            let list: Vec<usize> = match self.blossombestedges[sub].take() {
                Some(list) => list,
                None => self
                    .leaves(sub)
                    .into_iter()
                    .flat_map(|x| self.neighbend[x].iter().map(|p| p / 2))
                    .collect(),
            };
            for k in list {
                let (mut i, mut j) = (self.edges[k].0, self.edges[k].1);
                if self.inblossom[j] == b {
                    std::mem::swap(&mut i, &mut j);
                }
                let bj = self.inblossom[j];
                if bj != b
                    && self.label[bj] == 1
                    && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                {
                    bestedgeto[bj] = k;
                }
            }
            self.bestedge[sub] = NONE;
        }
        let list: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        let mut best = NONE;
        for &k in &list {
            if best == NONE || self.slack(k) < self.slack(best) {
                best = k;
            }
        }
        self.bestedge[b] = best;
        self.blossombestedges[b] = Some(list);
    }

    /// Dissolves top-level blossom `b`; mid-stage (a T-blossom whose dual reached zero) its
    /// children are relabelled along the even side of the cycle.
    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dual[s] == W::zero() {
                self.expand_blossom(s, endstage);
            } else {
                for x in self.leaves(s) {
                    self.inblossom[x] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let endps = self.blossomendps[b].clone();
            let len = childs.len() as isize;
            let at = |j: isize| j.rem_euclid(len) as usize;
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let mut j = Self::position(&childs, entrychild) as isize;
            let (jstep, trick) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = self.labelend[b];
            while j != 0 {
                // Relabel the T-sub-blossom.
                self.label[self.endpoint[p ^ 1]] = 0;
                let q = endps[at(j - trick as isize)] ^ trick ^ 1;
                self.label[self.endpoint[q]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p);
                // Step to the next S-sub-blossom and note its forward endpoint.
                self.allowedge[endps[at(j - trick as isize)] / 2] = true;
                j += jstep;
                p = endps[at(j - trick as isize)] ^ trick;
                // Step to the next T-sub-blossom.
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            // The base sub-blossom becomes T without stepping through to its mate.
            let bv = childs[at(j)];
            let x = self.endpoint[p ^ 1];
            self.label[x] = 2;
            self.label[bv] = 2;
            self.labelend[x] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let reached = self.leaves(bv).into_iter().find(|&x| self.label[x] != 0);
                if let Some(x) = reached {
                    assert_eq!(self.label[x], 2);
                    assert_eq!(self.inblossom[x], bv);
                    self.label[x] = 0;
                    let m = self.mate[self.blossombase[bv]];
                    self.label[self.endpoint[m]] = 0;
                    self.assign_label(x, 2, self.labelend[x]);
                }
                j += jstep;
            }
        }
        self.label[b] = -1;
        self.labelend[b] = NONE;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unused.push(b);
    }

    /// Swaps matched and unmatched edges inside blossom `b` along the even path from vertex
    /// `v` to the base; `v` becomes the new base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let mut childs = self.blossomchilds[b].clone();
        let mut endps = self.blossomendps[b].clone();
        let len = childs.len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        let i = Self::position(&childs, t);
        let mut j = i as isize;
        let (jstep, trick) = if i & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = childs[at(j)];
            let p = endps[at(j - trick as isize)] ^ trick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = childs[at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        childs.rotate_left(i);
        endps.rotate_left(i);
        self.blossombase[b] = self.blossombase[childs[0]];
        assert_eq!(self.blossombase[b], v);
        self.blossomchilds[b] = childs;
        self.blossomendps[b] = endps;
    }

    /// Augments along the path through S–S edge `k` between two different trees.
    fn augment_matching(&mut self, k: usize) {
        let (v, w) = (self.edges[k].0, self.edges[k].1);
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                assert_eq!(self.label[bs], 1);
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break; // reached the root
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                assert_eq!(self.label[bt], 2);
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                assert_eq!(self.blossombase[bt], t);
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    /// Grows the alternating forest from the queue until an augmentation; returns whether
    /// one happened.
    fn grow(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            assert_eq!(self.label[self.inblossom[v]], 1);
            for idx in 0..self.neighbend[v].len() {
                let p = self.neighbend[v][idx];
                let k = p / 2;
                let w = self.endpoint[p];
                if self.inblossom[v] == self.inblossom[w] {
                    continue;
                }
                let mut kslack = None;
                if !self.allowedge[k] {
                    let s = self.slack(k);
                    if s <= W::zero() {
                        self.allowedge[k] = true;
                    }
                    kslack = Some(s);
                }
                let bw = self.inblossom[w];
                if self.allowedge[k] {
                    if self.label[bw] == 0 {
                        self.assign_label(w, 2, p ^ 1);
                    } else if self.label[bw] == 1 {
                        let base = self.scan_blossom(v, w);
                        if base == NONE {
                            self.augment_matching(k);
                            return true;
                        }
                        self.add_blossom(base, k);
                    } else if self.label[w] == 0 {
                        // w is inside a T-blossom but not yet reached itself.
                        self.label[w] = 2;
                        self.labelend[w] = p ^ 1;
                    }
                } else if let Some(ks) = kslack {
                    if self.label[bw] == 1 {
                        let b = self.inblossom[v];
                        if self.bestedge[b] == NONE || ks < self.slack(self.bestedge[b]) {
                            self.bestedge[b] = k;
                        }
                    } else if self.label[w] == 0
                        && (self.bestedge[w] == NONE || ks < self.slack(self.bestedge[w]))
                    {
                        self.bestedge[w] = k;
                    }
                }
            }
        }
        false
    }

    fn solve(&mut self) {
        let n = self.n;
        for _stage in 0..n {
            self.label.fill(0);
            self.bestedge.fill(NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.fill(false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                if self.grow() {
                    augmented = true;
                    break;
                }
                // No augmenting path with tight edges: change the duals by the largest
                // step that keeps them feasible.
                let mut kind = 1; // a vertex dual reaches zero: the matching is optimal
                let mut delta = (0..n)
                    .map(|v| self.dual[v].clone())
                    .min()
                    .unwrap_or_else(W::zero);
                let mut edge = NONE;
                let mut blossom = NONE;
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if d < delta {
                            (kind, delta, edge) = (2, d, self.bestedge[v]);
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        let d = self.slack(self.bestedge[b]).half();
                        if d < delta {
                            (kind, delta, edge) = (3, d, self.bestedge[b]);
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && self.dual[b] < delta
                    {
                        (kind, delta, blossom) = (4, self.dual[b].clone(), b);
                    }
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dual[v] = self.dual[v].minus(&delta),
                        2 => self.dual[v] = self.dual[v].plus(&delta),
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dual[b] = self.dual[b].plus(&delta),
                            2 => self.dual[b] = self.dual[b].minus(&delta),
                            _ => {}
                        }
                    }
                }
                match kind {
                    1 => break,
                    2 => {
                        self.allowedge[edge] = true;
                        let (mut i, mut j) = (self.edges[edge].0, self.edges[edge].1);
                        if self.label[self.inblossom[i]] == 0 {
                            std::mem::swap(&mut i, &mut j);
                        }
                        assert_eq!(self.label[self.inblossom[i]], 1);
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[edge] = true;
                        let i = self.edges[edge].0;
                        assert_eq!(self.label[self.inblossom[i]], 1);
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(blossom, false),
                }
            }
            if !augmented {
                break;
            }
            // Blossoms whose dual fell to zero are dissolved between stages.
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dual[b] == W::zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }

    /// The LP certificate that the matching has maximum weight (Edmonds' dual, scaled by
    /// two): every dual non-negative; every edge's slack, with the duals of the blossoms
    /// holding both its ends, non-negative and zero on matched edges; every unmatched vertex's
    /// dual zero; every blossom with a positive dual holding as many matched edges as it can.
    fn certify(&self) -> Result<(), String> {
        let n = self.n;
        if let Some(v) = (0..2 * n).find(|&v| self.dual[v] < W::zero()) {
            return Err(format!("negative dual at {v}"));
        }
        let chain = |v: usize| {
            let mut c = vec![v];
            let mut x = v;
            while self.blossomparent[x] != NONE {
                x = self.blossomparent[x];
                c.push(x);
            }
            c.reverse();
            c
        };
        for (k, (i, j, w)) in self.edges.iter().enumerate() {
            let mut s = self.dual[*i].plus(&self.dual[*j]).minus(w).minus(w);
            for (bi, bj) in chain(*i).into_iter().zip(chain(*j)) {
                if bi != bj {
                    break;
                }
                s = s.plus(&self.dual[bi]).plus(&self.dual[bi]);
            }
            if s < W::zero() {
                return Err(format!("edge {k} ({i}-{j}) has negative slack {s:?}"));
            }
            let mi = self.mate[*i] != NONE && self.mate[*i] / 2 == k;
            let mj = self.mate[*j] != NONE && self.mate[*j] / 2 == k;
            if mi != mj {
                return Err(format!("edge {k} is matched at one end only"));
            }
            if mi && s != W::zero() {
                return Err(format!("matched edge {k} is not tight: {s:?}"));
            }
        }
        for v in 0..n {
            if self.mate[v] == NONE && self.dual[v] != W::zero() {
                return Err(format!("unmatched vertex {v} has dual {:?}", self.dual[v]));
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] != NONE && self.dual[b] > W::zero() {
                let endps = &self.blossomendps[b];
                if endps.len() % 2 != 1 {
                    return Err(format!("blossom {b} has an even cycle"));
                }
                for &p in endps.iter().skip(1).step_by(2) {
                    if self.mate[self.endpoint[p]] != p ^ 1 || self.mate[self.endpoint[p ^ 1]] != p
                    {
                        return Err(format!("blossom {b} is not full"));
                    }
                }
            }
        }
        Ok(())
    }
}

/// The best weight of any matching of the graph, by exhaustive search over vertex subsets
/// (the lowest vertex left either stays unmatched or takes one of its neighbours): for the
/// validation of the oracle on small graphs (up to about 16 vertices).
pub fn brute_force<W: Weight>(n: usize, edges: &[(usize, usize, W)]) -> W {
    assert!(n <= 20, "exhaustive search on {n} vertices");
    let mut adj: Vec<Vec<Option<W>>> = vec![vec![None; n]; n];
    for (i, j, w) in edges {
        for (a, b) in [(*i, *j), (*j, *i)] {
            if adj[a][b].as_ref().is_none_or(|x| w > x) {
                adj[a][b] = Some(w.clone());
            }
        }
    }
    let full = (1usize << n) - 1;
    let mut best: Vec<W> = vec![W::zero(); full + 1];
    for mask in 1..=full {
        let i = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << i);
        let mut b = best[rest].clone();
        for j in i + 1..n {
            if rest & (1 << j) != 0
                && let Some(w) = &adj[i][j]
            {
                let c = w.plus(&best[rest & !(1 << j)]);
                if c > b {
                    b = c;
                }
            }
        }
        best[mask] = b;
    }
    best[full].clone()
}

/// Checks a claimed maximum-weight matching: a real matching of the graph (each vertex at
/// most once, edges of the graph, `mate` consistent with `edges`) whose weight equals the
/// exhaustive optimum.
///
/// # Errors
/// What is wrong with the claim.
pub fn check_against_brute_force<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    m: &Matching,
) -> Result<(), String> {
    let mut seen = vec![NONE; n];
    for &k in &m.edges {
        let (i, j, _) = edges.get(k).ok_or(format!("no edge {k}"))?;
        for (a, b) in [(*i, *j), (*j, *i)] {
            if seen[a] != NONE {
                return Err(format!("vertex {a} is matched twice"));
            }
            seen[a] = b;
        }
    }
    if seen != m.mate {
        return Err("mate does not agree with the matched edges".to_string());
    }
    let got = m.weight(edges);
    let best = brute_force(n, edges);
    if got == best {
        Ok(())
    } else {
        Err(format!("weight {got:?}, optimum {best:?}"))
    }
}
