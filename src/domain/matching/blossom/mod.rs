//! Maximum-weight matching of maximum cardinality on a general graph: Edmonds' blossom
//! algorithm with dual variables (primal-dual, O(n³)), after Galil's description and Joris van
//! Rantwijk's well-known formulation. Weights are generic (`wide::Weight`) so that the
//! lexicographic pairing weights of `cost.rs` fit whatever their width.
//!
//! Stages grow one alternating tree at a time (Edmonds' original order) rather than every
//! free vertex's tree at once: exact whenever the graph has a perfect matching (the duals
//! stay feasible and the matched edges tight, so a perfect matching reached is optimal by LP
//! duality), and in a large field a tree stays inside its score group instead of sweeping
//! the whole graph at each stage. When a tree gets stuck the graph has no perfect matching,
//! and the textbook's stages (every tree at once, free vertices keeping equal duals) are run
//! from the start to find the heaviest matching of maximum cardinality.
//!
//! Within a stage only the tree and its neighbours matter, so the work of a change of duals
//! is kept to them: the vertices of the tree are listed as they join it (their duals are the
//! only ones that change), and the candidates for the next change (an edge from the tree to a
//! vertex outside it, an edge between two S-blossoms, a T-blossom's dual) wait in three heaps.
//! Every candidate of one kind falls by exactly the change at each step, so a key stored as
//! value plus the stage's total change stays valid; an entry whose node has changed since it
//! was pushed carries an old version number and is dropped when met. Ties go to the lowest
//! index, as in the textbook's scan of every node, so the result is the textbook's. In a Swiss
//! field most changes are zero (many edges of equal weight), and cost a heap look-up.
//!
//! The result comes with its dual solution: `slack_of` prices an edge that was not part of the
//! graph, so a caller that solved a sparse candidate graph can check that the matching is also
//! optimal in the full graph (no edge left out has a negative reduced cost).

// The textbook's names (v, w, b, k, p, …) are kept so the code reads against the literature.
#![allow(clippy::many_single_char_names)]

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::wide::Weight;

/// "None" in index arrays.
pub const NONE: usize = usize::MAX;

/// The solved state: mate per vertex and the dual variables.
pub struct Matching<W> {
    /// `mate[v]`: the vertex matched to `v`, or `NONE`.
    pub mate: Vec<usize>,
    dual: Vec<W>,
    parent: Vec<usize>,
}

impl<W: Weight> Matching<W> {
    /// Twice the reduced cost of a possible edge `(u, v)` of weight `w` under the final duals
    /// (negative: adding the edge could improve the matching).
    pub fn slack_of(&self, u: usize, v: usize, w: W) -> W {
        let mut s = self.dual[u].add(self.dual[v]).sub(w).sub(w);
        let chain = |mut x: usize| {
            let mut out = Vec::new();
            while self.parent[x] != NONE {
                x = self.parent[x];
                out.push(x);
            }
            out
        };
        let (cu, cv) = (chain(u), chain(v));
        for (a, b) in cu.iter().rev().zip(cv.iter().rev()) {
            if a != b {
                break;
            }
            s = s.add(self.dual[*a]).add(self.dual[*a]);
        }
        s
    }

    /// The blossom tree with its duals, for pricing many edges: `Nest::common` gives in O(1)
    /// the extra slack the blossoms holding both ends add to an edge.
    pub fn nest(&self) -> Nest<W> {
        Nest::new(&self.parent, &self.dual, self.mate.len())
    }

    /// The outermost blossom holding `v` (`v` itself when it is in none).
    pub fn outer(&self, mut v: usize) -> usize {
        while self.parent[v] != NONE {
            v = self.parent[v];
        }
        v
    }

    /// Twice the dual variable of vertex `v` (blossom duals not included).
    pub fn vertex_dual(&self, v: usize) -> W {
        self.dual[v]
    }

    /// Matched pairs `(u, v)` with `u < v`.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        (0..self.mate.len())
            .filter(|&u| self.mate[u] != NONE && u < self.mate[u])
            .map(|u| (u, self.mate[u]))
            .collect()
    }
}

/// The nested blossoms of a solved matching as a forest (vertices are leaves), with a
/// lowest-common-ancestor index (Euler tour and a sparse table of minimum depths), so that
/// the blossom duals shared by two vertices are read in constant time however deep the
/// nesting (a large field can end in one blossom of thousands of vertices, nested hundreds
/// deep).
pub struct Nest<W> {
    /// Per node (vertex or blossom): twice the sum of the duals of the blossoms from its
    /// outermost one down to it (its own included when it is a blossom; zero for a vertex on
    /// its own).
    sum: Vec<W>,
    /// Per node: the outermost blossom holding it (itself when it is in none).
    root: Vec<usize>,
    depth: Vec<u32>,
    /// Position of each node's first visit in the Euler tour.
    first: Vec<u32>,
    /// `table[k][i]`: the node of least depth among tour positions `i .. i + 2^k`.
    table: Vec<Vec<u32>>,
}

impl<W: Weight> Nest<W> {
    fn new(parent: &[usize], dual: &[W], n: usize) -> Nest<W> {
        let nodes = parent.len();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); nodes];
        // Only blossoms that hold a vertex matter; walk up from every vertex once.
        let mut used = vec![false; nodes];
        for v in 0..n {
            let mut x = v;
            while !used[x] {
                used[x] = true;
                let p = parent[x];
                if p == NONE {
                    break;
                }
                children[p].push(x);
                x = p;
            }
        }
        let mut sum = vec![W::ZERO; nodes];
        let mut root: Vec<usize> = (0..nodes).collect();
        let mut depth = vec![0u32; nodes];
        let mut first = vec![0u32; nodes];
        let mut tour: Vec<u32> = Vec::with_capacity(2 * nodes);
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for r in 0..nodes {
            if !used[r] || parent[r] != NONE {
                continue;
            }
            sum[r] = if r >= n {
                dual[r].add(dual[r])
            } else {
                W::ZERO
            };
            first[r] = tour.len() as u32;
            tour.push(r as u32);
            stack.push((r, 0));
            while let Some(&mut (x, ref mut next)) = stack.last_mut() {
                if let Some(&c) = children[x].get(*next) {
                    *next += 1;
                    root[c] = r;
                    depth[c] = depth[x] + 1;
                    sum[c] = if c >= n {
                        sum[x].add(dual[c]).add(dual[c])
                    } else {
                        sum[x]
                    };
                    first[c] = tour.len() as u32;
                    tour.push(c as u32);
                    stack.push((c, 0));
                } else {
                    stack.pop();
                    if let Some(&(p, _)) = stack.last() {
                        tour.push(p as u32);
                    }
                }
            }
        }
        let mut table = vec![tour];
        let mut width = 1;
        while 2 * width <= table[0].len() {
            let prev = &table[table.len() - 1];
            let next: Vec<u32> = (0..prev.len() - width)
                .map(|i| {
                    let (a, b) = (prev[i], prev[i + width]);
                    if depth[a as usize] <= depth[b as usize] {
                        a
                    } else {
                        b
                    }
                })
                .collect();
            table.push(next);
            width *= 2;
        }
        Nest {
            sum,
            root,
            depth,
            first,
            table,
        }
    }

    /// The outermost blossom holding vertex `v` (`v` itself when it is in none).
    pub fn outer(&self, v: usize) -> usize {
        self.root[v]
    }

    /// Twice the sum of the duals of the outermost blossom holding `v` (zero when none).
    pub fn outer_sum(&self, v: usize) -> W {
        self.sum[self.root[v]]
    }

    /// Twice the sum of the duals of the blossoms holding both `u` and `v` (`u != v`).
    pub fn common(&self, u: usize, v: usize) -> W {
        if self.root[u] != self.root[v] {
            return W::ZERO;
        }
        let (a, b) = (self.first[u] as usize, self.first[v] as usize);
        let (lo, hi) = (a.min(b), a.max(b) + 1);
        let k = (usize::BITS - (hi - lo).leading_zeros() - 1) as usize;
        let (x, y) = (self.table[k][lo], self.table[k][hi - (1 << k)]);
        let lca = if self.depth[x as usize] <= self.depth[y as usize] {
            x
        } else {
            y
        };
        self.sum[lca as usize]
    }
}

struct State<W> {
    n: usize,
    /// Edge `k` joins `endpoint[2k]` and `endpoint[2k + 1]` with weight `weight[k]` (apart, so
    /// that scans of endpoints do not drag the wide weights through the cache).
    weight: Vec<W>,
    endpoint: Vec<usize>,
    neighbend: Vec<Vec<usize>>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
    /// Per node, NONE between uses (`add_blossom`'s map of neighbouring blossoms).
    scratch: Vec<usize>,
    /// The vertices of this stage's trees (every leaf of a blossom that got a label), so that
    /// a change of duals costs the size of the trees, not of the graph; `in_tree` marks them.
    tree: Vec<usize>,
    in_tree: Vec<bool>,
    /// Per node: the last `tick` it was visited in a scan of `tree` (to visit each once).
    mark: Vec<u64>,
    tick: u64,
    /// The candidates for the next change of duals, one heap per kind (2: an S-vertex's edge
    /// to a vertex outside the trees, 3: an edge between S-blossoms, 4: a T-blossom's dual),
    /// keyed by value plus `shift` (each kind's value falls by exactly the change at every
    /// step, so keys stay put) with the node and its `version` when pushed: an entry whose
    /// node has changed since is stale and dropped when met.
    heaps: [BinaryHeap<Reverse<(W, usize, u32)>>; 3],
    version: Vec<u32>,
    /// The sum of this stage's changes of duals.
    shift: W,
}

/// Solves the matching on vertices `0..n` with `edges` `(u, v, weight)`: among the matchings
/// of maximum cardinality, one of maximum total weight.
pub fn max_weight_matching<W: Weight>(n: usize, edges: &[(usize, usize, W)]) -> Matching<W> {
    if edges.is_empty() {
        return Matching {
            mate: vec![NONE; n],
            dual: vec![W::ZERO; 2 * n],
            parent: vec![NONE; 2 * n],
        };
    }
    // One tree at a time is exact whenever the graph has a perfect matching (then the
    // duals certify it); when a tree is stuck there is none, and the textbook's stages (every
    // free vertex grown at once, free vertices keeping equal duals) find the heaviest
    // matching of maximum cardinality instead.
    attempt(n, edges, true).unwrap_or_else(|| {
        attempt(n, edges, false).unwrap_or_else(|| unreachable!("all trees never get stuck"))
    })
}

/// One run of the algorithm; `None` when `one_tree` and a tree got stuck.
fn attempt<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    one_tree: bool,
) -> Option<Matching<W>> {
    let mut endpoint = Vec::with_capacity(2 * edges.len());
    let mut neighbend = vec![Vec::new(); n];
    let weight: Vec<W> = edges.iter().map(|e| e.2).collect();
    for (k, &(i, j, _)) in edges.iter().enumerate() {
        endpoint.push(i);
        endpoint.push(j);
        neighbend[i].push(2 * k + 1);
        neighbend[j].push(2 * k);
    }
    // Warm start: every vertex's dual is the heaviest weight (as in the textbook start, so
    // free vertices keep equal duals), and edges of that weight, tight from the start, seed
    // the matching greedily. In a Swiss field most pairs inside a score group are such edges.
    let maxweight = edges
        .iter()
        .map(|e| e.2)
        .max()
        .unwrap_or(W::ZERO)
        .max(W::ZERO);
    let mut dualvar = vec![maxweight; n];
    dualvar.extend(std::iter::repeat_n(W::ZERO, n));
    let mut s = State {
        n,
        weight,
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
        unusedblossoms: (n..2 * n).collect(),
        dualvar,
        allowedge: vec![false; edges.len()],
        queue: Vec::new(),
        scratch: vec![NONE; 2 * n],
        tree: Vec::new(),
        in_tree: vec![false; n],
        mark: vec![0; 2 * n],
        tick: 0,
        heaps: [BinaryHeap::new(), BinaryHeap::new(), BinaryHeap::new()],
        version: vec![0; 2 * n],
        shift: W::ZERO,
    };
    for v in 0..n {
        if s.mate[v] != NONE {
            continue;
        }
        for idx in 0..s.neighbend[v].len() {
            let p = s.neighbend[v][idx];
            let w = s.endpoint[p];
            if s.mate[w] == NONE && w != v && s.slack(p / 2) == W::ZERO {
                s.mate[v] = p;
                s.mate[w] = p ^ 1;
                break;
            }
        }
    }
    if !s.run(one_tree) {
        return None;
    }
    // The mate array holds remote endpoints; turn it into vertices.
    let mate = s
        .mate
        .iter()
        .map(|&p| if p == NONE { NONE } else { s.endpoint[p] })
        .collect();
    Some(Matching {
        mate,
        dual: s.dualvar,
        parent: s.blossomparent,
    })
}

/// Python-style index into a cyclic list (negative counts from the end).
fn at(list: &[usize], j: isize) -> usize {
    let len = list.len() as isize;
    list[(((j % len) + len) % len) as usize]
}

impl<W: Weight> State<W> {
    fn slack(&self, k: usize) -> W {
        let (i, j, wt) = (
            self.endpoint[2 * k],
            self.endpoint[2 * k + 1],
            self.weight[k],
        );
        self.dualvar[i].add(self.dualvar[j]).sub(wt).sub(wt)
    }

    /// The two ends of edge `k`.
    fn ends(&self, k: usize) -> (usize, usize) {
        (self.endpoint[2 * k], self.endpoint[2 * k + 1])
    }

    /// Sets a node's least-slack edge; `kind` 2 (a vertex outside the trees) or 3 (an
    /// S-blossom) names the heap that offers it as a change of duals.
    fn set_best(&mut self, x: usize, k: usize, kind: usize) {
        self.bestedge[x] = k;
        self.version[x] = self.version[x].wrapping_add(1);
        if k != NONE {
            let value = if kind == 2 {
                self.slack(k)
            } else {
                self.slack(k).half()
            };
            self.heaps[kind - 2].push(Reverse((value.add(self.shift), x, self.version[x])));
        }
    }

    /// Offers an outer T-blossom's dual as a change of duals (it must not fall below zero).
    fn offer_t_blossom(&mut self, b: usize) {
        if b >= self.n {
            self.version[b] = self.version[b].wrapping_add(1);
            let key = self.dualvar[b].add(self.shift);
            self.heaps[2].push(Reverse((key, b, self.version[b])));
        }
    }

    /// The least valid entry of a heap, as (value, node); stale entries are dropped.
    fn least(&mut self, kind: usize) -> Option<(W, usize)> {
        while let Some(&Reverse((key, x, version))) = self.heaps[kind - 2].peek() {
            let valid = version == self.version[x]
                && match kind {
                    2 => self.label[self.inblossom[x]] == 0 && self.bestedge[x] != NONE,
                    3 => {
                        self.blossomparent[x] == NONE
                            && self.label[x] == 1
                            && self.bestedge[x] != NONE
                    }
                    _ => {
                        self.blossomparent[x] == NONE
                            && self.label[x] == 2
                            && self.blossombase[x] != NONE
                    }
                };
            if valid {
                return Some((key.sub(self.shift), x));
            }
            self.heaps[kind - 2].pop();
        }
        None
    }

    /// Records the leaves of a blossom that just got a label as vertices of the trees.
    fn join_tree(&mut self, leaves: &[usize]) {
        for &x in leaves {
            if !self.in_tree[x] {
                self.in_tree[x] = true;
                self.tree.push(x);
            }
        }
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.set_best(w, NONE, 2);
        self.set_best(b, NONE, 2);
        if t == 2 {
            self.offer_t_blossom(b);
        }
        let leaves = self.leaves_of(b);
        self.join_tree(&leaves);
        if t == 1 {
            self.queue.extend(leaves);
        } else if t == 2 {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            self.assign_label(self.endpoint[mb], 1, mb ^ 1);
        }
    }

    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
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

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = self.ends(k);
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom slot");
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
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::ZERO;
        for leaf in self.leaves_of_path(&path) {
            if self.label[self.inblossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.inblossom[leaf] = b;
        }
        // `scratch` (all NONE between calls) maps each S-blossom next to the new one to the
        // least-slack edge reaching it; `reached` lists the entries set, in order.
        let mut bestedgeto = std::mem::take(&mut self.scratch);
        let mut reached: Vec<usize> = Vec::new();
        for &sub in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[sub].take() {
                Some(list) => vec![list],
                None => self
                    .leaves_of(sub)
                    .iter()
                    .map(|&x| self.neighbend[x].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k2 in list {
                    let (mut i, mut j) = self.ends(k2);
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k2) < self.slack(bestedgeto[bj]))
                    {
                        if bestedgeto[bj] == NONE {
                            reached.push(bj);
                        }
                        bestedgeto[bj] = k2;
                    }
                }
            }
            self.set_best(sub, NONE, 3);
        }
        // In node order, as a scan of the whole array would list them.
        reached.sort_unstable();
        let best: Vec<usize> = reached
            .iter()
            .map(|&bj| std::mem::replace(&mut bestedgeto[bj], NONE))
            .collect();
        self.scratch = bestedgeto;
        let mut least = NONE;
        for &k2 in &best {
            if least == NONE || self.slack(k2) < self.slack(least) {
                least = k2;
            }
        }
        self.set_best(b, least, 3);
        self.blossombestedges[b] = Some(best);
        self.blossomchilds[b] = path;
        self.blossomendps[b] = endps;
    }

    fn leaves_of_path(&self, path: &[usize]) -> Vec<usize> {
        let mut out = Vec::new();
        for &p in path {
            self.leaves(p, &mut out);
        }
        out
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == W::ZERO {
                self.expand_blossom(s, endstage);
            } else {
                for leaf in self.leaves_of(s) {
                    self.inblossom[leaf] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let endps = self.blossomendps[b].clone();
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let mut j = childs
                .iter()
                .position(|&c| c == entrychild)
                .expect("entry child") as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
                j -= childs.len() as isize;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = self.labelend[b];
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = 0;
                let q = at(&endps, j - endptrick as isize) ^ endptrick ^ 1;
                self.label[self.endpoint[q]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p);
                self.allowedge[at(&endps, j - endptrick as isize) / 2] = true;
                j += jstep;
                p = at(&endps, j - endptrick as isize) ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = at(&childs, j);
            let ep = self.endpoint[p ^ 1];
            self.label[ep] = 2;
            self.label[bv] = 2;
            self.labelend[ep] = p;
            self.labelend[bv] = p;
            self.set_best(bv, NONE, 2);
            self.offer_t_blossom(bv);
            j += jstep;
            while at(&childs, j) != entrychild {
                let bv = at(&childs, j);
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let reached = self.leaves_of(bv).into_iter().find(|&v| self.label[v] != 0);
                if let Some(v) = reached {
                    self.label[v] = 0;
                    let mb = self.mate[self.blossombase[bv]];
                    self.label[self.endpoint[mb]] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
            // Vertices left outside the trees offer their least-slack edges again (their
            // slack stood still while they were inside a T-blossom).
            for &c in &childs {
                if self.label[c] != 0 {
                    continue;
                }
                for x in self.leaves_of(c) {
                    if self.bestedge[x] != NONE {
                        self.set_best(x, self.bestedge[x], 2);
                    }
                }
            }
        }
        self.label[b] = u8::MAX;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.set_best(b, NONE, 2);
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len();
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .expect("child");
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if i & 1 == 1 {
            j -= len as isize;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t1 = at(&self.blossomchilds[b], j);
            let p = at(&self.blossomendps[b], j - endptrick as isize) ^ endptrick;
            if t1 >= self.n {
                self.augment_blossom(t1, self.endpoint[p]);
            }
            j += jstep;
            let t2 = at(&self.blossomchilds[b], j);
            if t2 >= self.n {
                self.augment_blossom(t2, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w) = self.ends(k);
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    #[allow(clippy::too_many_lines)]
    /// Runs the stages; `false` when growing one tree at a time and a tree got stuck (the
    /// graph has no perfect matching).
    fn run(&mut self, one_tree: bool) -> bool {
        let n = self.n;
        // Stages grow one alternating tree at a time (from the first free vertex): in a
        // large field a tree stays inside its score group, where growing every free vertex's
        // tree at once would scan the whole graph at every stage. A free vertex reached by a
        // tree joins it as the far end of an augmenting path.
        let mut first_free = 0;
        for _stage in 0..2 * n {
            self.label.fill(0);
            self.bestedge.fill(NONE);
            for heap in &mut self.heaps {
                heap.clear();
            }
            self.shift = W::ZERO;
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.fill(false);
            self.queue.clear();
            for &x in &self.tree {
                self.in_tree[x] = false;
            }
            self.tree.clear();
            while first_free < n && self.mate[first_free] != NONE {
                first_free += 1;
            }
            if first_free == n {
                break;
            }
            for v in first_free..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                    if one_tree {
                        break;
                    }
                }
            }
            let mut augmented = false;
            let mut stuck = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    if augmented {
                        break;
                    }
                    for idx in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][idx];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = W::ZERO;
                        if !self.allowedge[k] {
                            kslack = self.slack(k);
                            if kslack <= W::ZERO {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            let bw = self.inblossom[w];
                            if self.label[bw] == 0 && self.mate[self.blossombase[bw]] == NONE {
                                // A free vertex no tree grew from: the path ends there.
                                self.assign_label(w, 1, NONE);
                                self.augment_matching(k);
                                augmented = true;
                                break;
                            } else if self.label[bw] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base == NONE {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                                self.add_blossom(base, k);
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                                self.set_best(b, k, 3);
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                        {
                            self.set_best(w, k, 2);
                        }
                    }
                }
                if augmented {
                    break;
                }
                // No augmenting path with tight edges: change the duals.
                let mut deltatype = 0u8;
                let mut delta = W::ZERO;
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                // The least candidate of each kind, ties to the lowest index, as a scan of
                // every node in index order (the textbook's) would pick.
                if let Some((d, v)) = self.least(2) {
                    delta = d;
                    deltatype = 2;
                    deltaedge = self.bestedge[v];
                }
                if let Some((d, b)) = self.least(3)
                    && (deltatype == 0 || d < delta)
                {
                    delta = d;
                    deltatype = 3;
                    deltaedge = self.bestedge[b];
                }
                if let Some((d, b)) = self.least(4)
                    && (deltatype == 0 || d < delta)
                {
                    delta = d;
                    deltatype = 4;
                    deltablossom = b;
                }
                if deltatype == 0 && one_tree {
                    // This tree is stuck: leave the duals, grow every tree next stage.
                    stuck = true;
                    break;
                }
                if deltatype == 0 {
                    // Maximum cardinality reached: end.
                    deltatype = 1;
                    delta = (0..n)
                        .map(|v| self.dualvar[v])
                        .min()
                        .unwrap_or(W::ZERO)
                        .max(W::ZERO);
                }
                if delta != W::ZERO {
                    self.shift = self.shift.add(delta);
                    for &v in &self.tree {
                        match self.label[self.inblossom[v]] {
                            1 => self.dualvar[v] = self.dualvar[v].sub(delta),
                            2 => self.dualvar[v] = self.dualvar[v].add(delta),
                            _ => {}
                        }
                    }
                    self.tick += 1;
                    for &v in &self.tree {
                        let b = self.inblossom[v];
                        if b < n || self.mark[b] == self.tick {
                            continue;
                        }
                        self.mark[b] = self.tick;
                        match self.label[b] {
                            1 => self.dualvar[b] = self.dualvar[b].add(delta),
                            2 => self.dualvar[b] = self.dualvar[b].sub(delta),
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => break,
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, j) = self.ends(deltaedge);
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _) = self.ends(deltaedge);
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            if stuck {
                return false;
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == W::ZERO
                {
                    self.expand_blossom(b, true);
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(n: usize, edges: &[(usize, usize, i128)]) -> Vec<usize> {
        max_weight_matching(n, edges).mate
    }

    /// Every matching of maximum cardinality by brute force: the best total weight.
    fn brute(n: usize, edges: &[(usize, usize, i128)]) -> (usize, i128) {
        fn rec(
            free: &mut Vec<bool>,
            edges: &[(usize, usize, i128)],
            from: usize,
            card: usize,
            w: i128,
            best: &mut (usize, i128),
        ) {
            if (card, w) > *best {
                *best = (card, w);
            }
            for k in from..edges.len() {
                let (a, b, x) = edges[k];
                if free[a] && free[b] {
                    free[a] = false;
                    free[b] = false;
                    rec(free, edges, k + 1, card + 1, w + x, best);
                    free[a] = true;
                    free[b] = true;
                }
            }
        }
        let mut best = (0, 0);
        rec(&mut vec![true; n], edges, 0, 0, 0, &mut best);
        best
    }

    #[test]
    fn small_cases_from_the_literature() {
        assert_eq!(solve(2, &[(0, 1, 1)]), vec![1, 0]);
        // Max cardinality wins over a heavier single edge.
        assert_eq!(
            solve(4, &[(0, 1, 2), (1, 2, 10), (2, 3, 2)]),
            vec![1, 0, 3, 2]
        );
        // A blossom (odd cycle) with a tail, then one relabelled as T and expanded.
        let e = [
            (1, 2, 8),
            (1, 3, 9),
            (2, 3, 10),
            (3, 4, 7),
            (1, 6, 5),
            (4, 5, 6),
        ];
        let m = solve(7, &e);
        assert_eq!(m[1..].to_vec(), vec![6, 3, 2, 5, 4, 1]);
        let e = [
            (1, 2, 23),
            (1, 5, 22),
            (1, 6, 15),
            (2, 3, 25),
            (3, 4, 22),
            (4, 5, 25),
            (4, 8, 14),
            (5, 7, 13),
        ];
        let m = solve(9, &e);
        assert_eq!(m[1..].to_vec(), vec![6, 3, 2, 8, 7, 1, 5, 4]);
        // Nested S-blossom, relabelled as T and expanded.
        let e = [
            (1, 2, 19),
            (1, 3, 20),
            (1, 8, 8),
            (2, 3, 25),
            (2, 4, 18),
            (3, 5, 18),
            (4, 5, 13),
            (4, 7, 7),
            (5, 6, 7),
        ];
        let m = solve(9, &e);
        assert_eq!(m[1..].to_vec(), vec![8, 3, 2, 7, 6, 5, 4, 1]);
    }

    /// A small seeded generator (xorshift) for the random graphs.
    fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    /// Solves and checks against brute force: the cardinality and weight of the best
    /// matching, and the optimality certificate (no edge has a negative slack).
    fn agrees_with_brute_force(n: usize, edges: &[(usize, usize, i128)]) {
        let m = max_weight_matching(n, edges);
        let w: i128 = m
            .pairs()
            .iter()
            .map(|&(a, b)| {
                edges
                    .iter()
                    .filter(|e| (e.0, e.1) == (a, b) || (e.1, e.0) == (a, b))
                    .map(|e| e.2)
                    .max()
                    .unwrap()
            })
            .sum();
        assert_eq!((m.pairs().len(), w), brute(n, edges), "{edges:?}");
        for &(a, b, wt) in edges {
            assert!(m.slack_of(a, b, wt) >= 0, "{edges:?}");
        }
    }

    #[test]
    fn perfect_graphs_with_ties_against_brute_force() {
        // Graphs that hold a perfect matching (a hidden one plus random edges) with few
        // distinct weights: the one-tree stages, many zero changes of duals and blossoms.
        let mut next = xorshift(987_654_321);
        for round in 0..600 {
            let n = 2 * (1 + (next() % 6) as usize);
            let mut edges = Vec::new();
            let levels = 1 + round % 4;
            for a in 0..n {
                for b in a + 1..n {
                    if (b == a + 1 && a.is_multiple_of(2)) || next().is_multiple_of(2) {
                        edges.push((a, b, i128::from(next() % levels) * 4));
                    }
                }
            }
            agrees_with_brute_force(n, &edges);
        }
    }

    #[test]
    fn random_graphs_against_brute_force() {
        let mut next = xorshift(12345);
        for _ in 0..400 {
            let n = 2 + (next() % 9) as usize;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if !next().is_multiple_of(3) {
                        edges.push((a, b, i128::from(next() % 20)));
                    }
                }
            }
            agrees_with_brute_force(n, &edges);
        }
    }
}
