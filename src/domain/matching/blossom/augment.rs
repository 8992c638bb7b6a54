//! Augmenting along a found path, and the stage loop that drives the search.

use super::super::wide::Weight;
use super::state::{NONE, State, at};

impl<W: Weight> State<W> {
    pub(super) fn augment_blossom(&mut self, b: usize, v: usize) {
        self.forget_members(b);
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

    pub(super) fn augment_matching(&mut self, k: usize) {
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
    pub(super) fn run(&mut self, one_tree: bool) -> bool {
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
