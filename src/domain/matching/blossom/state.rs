//! The search state of the blossom algorithm: labels, duals, the blossom tree, and the
//! operations that grow, shrink and expand blossoms.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::super::wide::Weight;

/// How many matched edges a seeding path may pass through, and how many edges one free
/// vertex's search may look at (`seed_by_paths`).
const SEED_DEPTH: usize = 4;
const SEED_BUDGET: usize = 400;

/// One search of `State::seed_by_paths`: the vertices on the path so far (`seen` equal to
/// `stamp`), the unmatched edges of the path found, and the edges it may still look at.
struct PathSearch {
    seen: Vec<u32>,
    stamp: u32,
    path: Vec<usize>,
    budget: usize,
}

/// "None" in index arrays.
pub const NONE: usize = usize::MAX;

/// Python-style index into a cyclic list (negative counts from the end).
pub(super) fn at(list: &[usize], j: isize) -> usize {
    let len = list.len() as isize;
    list[(((j % len) + len) % len) as usize]
}

/// The least-slack edge from a blossom being formed to each S-blossom next to it.
struct Nearest<W> {
    edge: Vec<usize>,
    slack: Vec<W>,
    reached: Vec<usize>,
}

pub(super) struct State<W> {
    pub(super) n: usize,
    /// Edge `k` joins `endpoint[2k]` and `endpoint[2k + 1]` with twice its weight in
    /// `twice[k]` (apart, so that scans of endpoints do not drag the wide weights through the
    /// cache; doubled once, as every slack needs it so).
    pub(super) twice: Vec<W>,
    pub(super) endpoint: Vec<usize>,
    pub(super) neighbend: Vec<Vec<usize>>,
    pub(super) mate: Vec<usize>,
    pub(super) label: Vec<u8>,
    pub(super) labelend: Vec<usize>,
    pub(super) inblossom: Vec<usize>,
    pub(super) blossomparent: Vec<usize>,
    pub(super) blossomchilds: Vec<Vec<usize>>,
    pub(super) blossombase: Vec<usize>,
    pub(super) blossomendps: Vec<Vec<usize>>,
    pub(super) bestedge: Vec<usize>,
    pub(super) blossombestedges: Vec<Option<Vec<usize>>>,
    pub(super) unusedblossoms: Vec<usize>,
    pub(super) dualvar: Vec<W>,
    pub(super) allowedge: Vec<bool>,
    pub(super) queue: Vec<usize>,
    /// Per node, NONE between uses (`add_blossom`'s map of neighbouring blossoms).
    pub(super) scratch: Vec<usize>,
    /// Per node, beside `scratch`: the slack of the edge it maps to (read only while set).
    pub(super) scratch_slack: Vec<W>,
    /// Per outermost blossom: its vertices in walk order, when known (`members.rs`).
    pub(super) members: Vec<Option<Vec<usize>>>,
    /// Per blossom: how many vertices it holds (fixed from its forming to its expansion).
    pub(super) count: Vec<usize>,
    /// The vertices of this stage's trees (every leaf of a blossom that got a label), so that
    /// a change of duals costs the size of the trees, not of the graph; `in_tree` marks them.
    pub(super) tree: Vec<usize>,
    pub(super) in_tree: Vec<bool>,
    /// Per node: the last `tick` it was visited in a scan of `tree` (to visit each once).
    pub(super) mark: Vec<u64>,
    pub(super) tick: u64,
    /// The candidates for the next change of duals, one heap per kind (2: an S-vertex's edge
    /// to a vertex outside the trees, 3: an edge between S-blossoms, 4: a T-blossom's dual),
    /// keyed by value plus `shift` (each kind's value falls by exactly the change at every
    /// step, so keys stay put) with the node and its `version` when pushed: an entry whose
    /// node has changed since is stale and dropped when met.
    pub(super) heaps: [BinaryHeap<Reverse<(W, usize, u32)>>; 3],
    pub(super) version: Vec<u32>,
    /// The sum of this stage's changes of duals.
    pub(super) shift: W,
}

impl<W: Weight> State<W> {
    pub(super) fn slack(&self, k: usize) -> W {
        let (i, j) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
        self.dualvar[i].add(self.dualvar[j]).sub(self.twice[k])
    }

    /// Raises vertex duals until no edge has a negative slack (one pass: a raise only adds
    /// slack to the other edges). Blossoms hold nothing yet.
    pub(super) fn make_feasible(&mut self) {
        for v in 0..self.n {
            for idx in 0..self.neighbend[v].len() {
                let p = self.neighbend[v][idx];
                let need = self.twice[p / 2].sub(self.dualvar[self.endpoint[p]]);
                if self.dualvar[v] < need {
                    self.dualvar[v] = need;
                }
            }
        }
    }

    /// The textbook's seeding: each free vertex in index order with its first free neighbour
    /// along a tight edge.
    pub(super) fn seed_first(&mut self) {
        for v in 0..self.n {
            if self.mate[v] != NONE {
                continue;
            }
            for idx in 0..self.neighbend[v].len() {
                let p = self.neighbend[v][idx];
                let w = self.endpoint[p];
                if self.mate[w] == NONE && w != v && self.slack(p / 2) == W::ZERO {
                    self.mate[v] = p;
                    self.mate[w] = p ^ 1;
                    break;
                }
            }
        }
    }

    /// Pairs free vertices along tight edges: each vertex, in `order`, with its free
    /// neighbour earliest in `order` (the order is a priority: those with the fewest
    /// partners first, and taken first).
    pub(super) fn seed(&mut self, order: &[usize]) {
        let mut pos = vec![usize::MAX; self.n];
        for (x, &v) in order.iter().enumerate() {
            pos[v] = x;
        }
        for &v in order {
            if self.mate[v] != NONE {
                continue;
            }
            let mut best = NONE;
            for idx in 0..self.neighbend[v].len() {
                let p = self.neighbend[v][idx];
                let w = self.endpoint[p];
                if self.mate[w] == NONE
                    && w != v
                    && (best == NONE || pos[w] < pos[self.endpoint[best]])
                    && self.slack(p / 2) == W::ZERO
                {
                    best = p;
                }
            }
            if best != NONE {
                self.mate[v] = best;
                self.mate[self.endpoint[best]] = best ^ 1;
            }
        }
    }

    /// Short augmenting paths of tight edges from each free vertex (up to `SEED_DEPTH` matched
    /// edges inside, and `SEED_BUDGET` edges looked at per vertex): cheap, and they pair most
    /// of what the greedy seeding left, each of which would otherwise cost a stage grown over
    /// a whole score group. The paths are simple (no vertex twice), so each is a plain
    /// exchange of partners along tight edges.
    pub(super) fn seed_by_paths(&mut self) {
        let mut search = PathSearch {
            seen: vec![0; self.n],
            stamp: 0,
            path: Vec::new(),
            budget: 0,
        };
        for v in 0..self.n {
            // The shortest paths first: one search per depth.
            for depth in 0..=SEED_DEPTH {
                if self.mate[v] != NONE {
                    break;
                }
                search.stamp += 1;
                search.seen[v] = search.stamp;
                search.path.clear();
                search.budget = SEED_BUDGET;
                if self.seed_path(v, depth, &mut search) {
                    // `path` holds the unmatched edges' endpoints (towards the far end),
                    // last first: match each of them.
                    for &p in &search.path {
                        let (a, b) = (self.endpoint[p ^ 1], self.endpoint[p]);
                        self.mate[a] = p;
                        self.mate[b] = p ^ 1;
                    }
                }
            }
        }
    }

    /// One step of `seed_by_paths` from `x` (the free vertex it started from, or the mate of
    /// a vertex on the path), through at most `depth` more matched edges.
    fn seed_path(&self, x: usize, depth: usize, search: &mut PathSearch) -> bool {
        for idx in 0..self.neighbend[x].len() {
            if search.budget == 0 {
                return false;
            }
            search.budget -= 1;
            let p = self.neighbend[x][idx];
            let u = self.endpoint[p];
            // The path's own vertices (its start included) are marked seen.
            if search.seen[u] == search.stamp || self.slack(p / 2) != W::ZERO {
                continue;
            }
            if self.mate[u] == NONE {
                search.path.push(p);
                return true;
            }
            let y = self.endpoint[self.mate[u]];
            if depth == 0 || search.seen[y] == search.stamp {
                continue;
            }
            search.seen[u] = search.stamp;
            search.seen[y] = search.stamp;
            if self.seed_path(y, depth - 1, search) {
                search.path.push(p);
                return true;
            }
        }
        false
    }

    /// The two ends of edge `k`.
    pub(super) fn ends(&self, k: usize) -> (usize, usize) {
        (self.endpoint[2 * k], self.endpoint[2 * k + 1])
    }

    /// Sets a node's least-slack edge; `kind` 2 (a vertex outside the trees) or 3 (an
    /// S-blossom) names the heap that offers it as a change of duals.
    pub(super) fn set_best(&mut self, x: usize, k: usize, kind: usize) {
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
    pub(super) fn offer_t_blossom(&mut self, b: usize) {
        if b >= self.n {
            self.version[b] = self.version[b].wrapping_add(1);
            let key = self.dualvar[b].add(self.shift);
            self.heaps[2].push(Reverse((key, b, self.version[b])));
        }
    }

    /// The least valid entry of a heap, as (value, node); stale entries are dropped.
    pub(super) fn least(&mut self, kind: usize) -> Option<(W, usize)> {
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
    pub(super) fn join_tree(&mut self, leaves: &[usize]) {
        for &x in leaves {
            if !self.in_tree[x] {
                self.in_tree[x] = true;
                self.tree.push(x);
            }
        }
    }

    /// Appends the vertices of node `b` in the order of its children, depth first (a loop
    /// rather than recursion: blossoms of a large field nest hundreds deep).
    pub(super) fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
            return;
        }
        let mut stack: Vec<(usize, usize)> = vec![(b, 0)];
        while let Some(top) = stack.last_mut() {
            let (x, i) = *top;
            match self.blossomchilds[x].get(i) {
                Some(&c) => {
                    top.1 += 1;
                    if c < self.n {
                        out.push(c);
                    } else {
                        stack.push((c, 0));
                    }
                }
                None => {
                    stack.pop();
                }
            }
        }
    }

    pub(super) fn assign_label(&mut self, w: usize, t: u8, p: usize) {
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
        if b < self.n {
            self.join_tree(&[b]);
            if t == 1 {
                self.queue.push(b);
            }
        } else {
            let leaves = self.take_members(b);
            self.join_tree(&leaves);
            if t == 1 {
                self.queue.extend_from_slice(&leaves);
            }
            self.members[b] = Some(leaves);
        }
        if t == 2 {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            self.assign_label(self.endpoint[mb], 1, mb ^ 1);
        }
    }

    pub(super) fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
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

    pub(super) fn add_blossom(&mut self, base: usize, k: usize) {
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
        let (all, starts) = self.gather(b, &path);
        for &leaf in &all {
            if self.label[self.inblossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.inblossom[leaf] = b;
        }
        // `scratch` (all NONE between calls) maps each S-blossom next to the new one to the
        // least-slack edge reaching it, `scratch_slack` holds that slack; `reached` lists the
        // entries set, in order.
        let mut near = Nearest {
            edge: std::mem::take(&mut self.scratch),
            slack: std::mem::take(&mut self.scratch_slack),
            reached: Vec::new(),
        };
        for (i, &sub) in path.iter().enumerate() {
            match self.blossombestedges[sub].take() {
                Some(list) => {
                    for k2 in list {
                        self.offer_to(b, k2, &mut near);
                    }
                }
                None => {
                    for &x in &all[starts[i]..starts[i + 1]] {
                        for &p in &self.neighbend[x] {
                            self.offer_to(b, p / 2, &mut near);
                        }
                    }
                }
            }
            self.set_best(sub, NONE, 3);
        }
        // In node order, as a scan of the whole array would list them.
        near.reached.sort_unstable();
        let mut least = NONE;
        let mut least_slack = W::ZERO;
        let mut best: Vec<usize> = Vec::with_capacity(near.reached.len());
        for &bj in &near.reached {
            let k2 = std::mem::replace(&mut near.edge[bj], NONE);
            if least == NONE || near.slack[bj] < least_slack {
                least = k2;
                least_slack = near.slack[bj];
            }
            best.push(k2);
        }
        self.scratch = near.edge;
        self.scratch_slack = near.slack;
        self.set_best(b, least, 3);
        self.blossombestedges[b] = Some(best);
        self.blossomchilds[b] = path;
        self.blossomendps[b] = endps;
    }

    /// `add_blossom`'s step for one edge `k` of the new blossom `b`: kept when it reaches an
    /// S-blossom outside `b` with less slack than the edge kept for it so far.
    fn offer_to(&self, b: usize, k: usize, near: &mut Nearest<W>) {
        let (i, j) = self.ends(k);
        let bj = if self.inblossom[j] == b {
            self.inblossom[i]
        } else {
            self.inblossom[j]
        };
        if bj == b || self.label[bj] != 1 {
            return;
        }
        let slack = self.slack(k);
        if near.edge[bj] == NONE {
            near.reached.push(bj);
        } else if slack >= near.slack[bj] {
            return;
        }
        near.edge[bj] = k;
        near.slack[bj] = slack;
    }

    pub(super) fn expand_blossom(&mut self, b: usize, endstage: bool) {
        self.hand_down(b);
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == W::ZERO {
                self.expand_blossom(s, endstage);
            } else {
                let leaves = self.take_members(s);
                for &leaf in &leaves {
                    self.inblossom[leaf] = s;
                }
                self.members[s] = Some(leaves);
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
}
