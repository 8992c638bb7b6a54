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
//! A caller that knows the optimum's shape may pass a `Start`: duals and a seeding order. Any
//! start is exact (the duals are raised until feasible, only tight edges are seeded, and a
//! tree grown one at a time needs nothing more when a perfect matching exists); without a
//! perfect matching the textbook's start is used.
//!
//! The result comes with its dual solution: `slack_of` prices an edge that was not part of the
//! graph, so a caller that solved a sparse candidate graph can check that the matching is also
//! optimal in the full graph (no edge left out has a negative reduced cost).

// The textbook's names (v, w, b, k, p, …) are kept so the code reads against the literature.
#![allow(clippy::many_single_char_names)]

use std::collections::BinaryHeap;

use super::wide::Weight;

mod augment;
mod inside;
mod members;
mod state;

pub use state::NONE;
use state::State;

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

    /// Twice the sum of the duals of the blossoms holding both `u` and `v` (`u != v`).
    pub fn common(&self, u: usize, v: usize) -> W {
        if self.root[u] != self.root[v] {
            return W::ZERO;
        }
        self.sum[self.lca(u, v)]
    }

    /// The lowest common ancestor of two nodes of one outermost blossom.
    fn lca(&self, u: usize, v: usize) -> usize {
        let (a, b) = (self.first[u] as usize, self.first[v] as usize);
        let (lo, hi) = (a.min(b), a.max(b) + 1);
        let k = (usize::BITS - (hi - lo).leading_zeros() - 1) as usize;
        let (x, y) = (self.table[k][lo], self.table[k][hi - (1 << k)]);
        if self.depth[x as usize] <= self.depth[y as usize] {
            x as usize
        } else {
            y as usize
        }
    }
}

/// Solves the matching on vertices `0..n` with `edges` `(u, v, weight)`: among the matchings
/// of maximum cardinality, one of maximum total weight.
pub fn max_weight_matching<W: Weight>(n: usize, edges: &[(usize, usize, W)]) -> Matching<W> {
    max_weight_matching_from(n, edges, None)
}

/// A start for the search of a large field, from what the caller knows of the optimum's
/// shape: a dual per vertex (twice the dual, as `Matching` keeps them) and the order in which
/// the greedy seeding pairs vertices along tight edges. Any start gives the same optimum
/// weight (the duals are first raised where an edge would be left with negative slack, and
/// only tight edges are seeded); a good one leaves few vertices for the stages to pair, each
/// of which grows a tree over a whole score group.
pub struct Start<W> {
    pub dual: Vec<W>,
    pub order: Vec<usize>,
}

/// `max_weight_matching` from `start` when the graph has a perfect matching (a tree grown
/// from an arbitrary feasible start stays exact then); without one, the textbook's start.
pub fn max_weight_matching_from<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    start: Option<&Start<W>>,
) -> Matching<W> {
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
    attempt(n, edges, true, start).unwrap_or_else(|| {
        attempt(n, edges, false, None).unwrap_or_else(|| unreachable!("all trees never get stuck"))
    })
}

/// One run of the algorithm; `None` when `one_tree` and a tree got stuck.
fn attempt<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    one_tree: bool,
    start: Option<&Start<W>>,
) -> Option<Matching<W>> {
    let mut endpoint = Vec::with_capacity(2 * edges.len());
    let mut neighbend = vec![Vec::new(); n];
    let twice: Vec<W> = edges.iter().map(|e| e.2.add(e.2)).collect();
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
        twice,
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
        scratch_slack: vec![W::ZERO; 2 * n],
        members: vec![None; 2 * n],
        count: vec![0; 2 * n],
        tree: Vec::new(),
        in_tree: vec![false; n],
        mark: vec![0; 2 * n],
        tick: 0,
        heaps: [BinaryHeap::new(), BinaryHeap::new(), BinaryHeap::new()],
        version: vec![0; 2 * n],
        shift: W::ZERO,
    };
    match start {
        Some(start) if one_tree => {
            s.dualvar[..n].copy_from_slice(&start.dual[..n]);
            s.make_feasible();
            s.seed(&start.order);
            s.seed_by_paths();
        }
        _ => s.seed_first(),
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

#[cfg(test)]
mod tests;
