//! Matching on the compatibility graph of a set of players (docs/rules.md#3-pairing: "the engine must still
//! find a pairing that satisfies 1–5 whenever one exists").
//!
//! - `maximum`: Edmonds' blossom algorithm (augmenting paths with odd cycles shrunk), started
//!   from a matching built by the caller (usually greedy, which is already perfect or nearly so
//!   on the dense graphs of a Swiss event). The graph is implicit: `compat(u, v)`.
//! - `min_cost_perfect`: exact minimum-cost perfect matching of a small set (dynamic
//!   programming over subsets), for the colour-balance step of a small score group.
//! - `improve`: pairwise exchanges lowering the cost of a large perfect matching.

pub mod blossom;
pub mod wide;

use std::collections::VecDeque;

/// "Unmatched" in a mate array.
pub const NONE: usize = usize::MAX;

/// Largest set `min_cost_perfect` accepts.
pub const EXACT_LIMIT: usize = 20;

/// Grows `mate` (indices `0..n`, `NONE` when free, symmetric) into a maximum matching of the
/// graph whose edges are the pairs with `compat(u, v)`. Returns the number of matched pairs.
pub fn maximum(n: usize, compat: &impl Fn(usize, usize) -> bool, mate: &mut [usize]) -> usize {
    // At most one free vertex: nothing to augment (an odd set leaves one free anyway).
    if mate.iter().filter(|m| **m == NONE).count() <= 1 {
        return mate.iter().filter(|m| **m != NONE).count() / 2;
    }
    let mut search = Search::new(n);
    for root in 0..n {
        if mate[root] == NONE {
            search.augment_from(root, compat, mate);
        }
    }
    mate.iter().filter(|m| **m != NONE).count() / 2
}

/// Scratch space of one augmenting-path search.
struct Search {
    base: Vec<usize>,
    parent: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    seen: Vec<bool>,
    queue: VecDeque<usize>,
}

impl Search {
    fn new(n: usize) -> Search {
        Search {
            base: vec![0; n],
            parent: vec![NONE; n],
            used: vec![false; n],
            blossom: vec![false; n],
            seen: vec![false; n],
            queue: VecDeque::new(),
        }
    }

    fn lca(&mut self, mut a: usize, mut b: usize, mate: &[usize]) -> usize {
        self.seen.fill(false);
        loop {
            a = self.base[a];
            self.seen[a] = true;
            if mate[a] == NONE {
                break;
            }
            a = self.parent[mate[a]];
        }
        loop {
            b = self.base[b];
            if self.seen[b] {
                return b;
            }
            b = self.parent[mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize, mate: &[usize]) {
        while self.base[v] != b {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[mate[v]]] = true;
            self.parent[v] = child;
            child = mate[v];
            v = self.parent[mate[v]];
        }
    }

    /// Looks for an augmenting path from the free vertex `root` and applies it.
    fn augment_from(
        &mut self,
        root: usize,
        compat: &impl Fn(usize, usize) -> bool,
        mate: &mut [usize],
    ) -> bool {
        let n = mate.len();
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.parent.fill(NONE);
        self.used.fill(false);
        self.queue.clear();
        self.used[root] = true;
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for to in 0..n {
                if to == v || self.base[v] == self.base[to] || mate[v] == to || !compat(v, to) {
                    continue;
                }
                if to == root || (mate[to] != NONE && self.parent[mate[to]] != NONE) {
                    let cur = self.lca(v, to, mate);
                    self.blossom.fill(false);
                    self.mark_path(v, cur, to, mate);
                    self.mark_path(to, cur, v, mate);
                    for i in 0..n {
                        if self.blossom[self.base[i]] {
                            self.base[i] = cur;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if mate[to] == NONE {
                        let mut u = to;
                        while u != NONE {
                            let pv = self.parent[u];
                            let next = mate[pv];
                            mate[u] = pv;
                            mate[pv] = u;
                            u = next;
                        }
                        return true;
                    }
                    let m = mate[to];
                    self.used[m] = true;
                    self.queue.push_back(m);
                }
            }
        }
        false
    }
}

const UNKNOWN: u64 = u64::MAX;
const IMPOSSIBLE: u64 = u64::MAX - 1;
/// Least cost to pair the vertices not in `mask` (memoised in `best`).
fn solve(mask: usize, table: &[Vec<Option<u64>>], best: &mut [u64]) -> u64 {
    if best[mask] != UNKNOWN {
        return best[mask];
    }
    let i = (!mask).trailing_zeros() as usize;
    let mut out = IMPOSSIBLE;
    for j in i + 1..table.len() {
        if mask & (1 << j) != 0 {
            continue;
        }
        if let Some(c) = table[i][j] {
            let rest = solve(mask | (1 << i) | (1 << j), table, best);
            if rest != IMPOSSIBLE && c + rest < out {
                out = c + rest;
            }
        }
    }
    best[mask] = out;
    out
}

/// The exact minimum-cost perfect matching of `m <= EXACT_LIMIT` vertices, where `cost(u, v)`
/// is `None` for a forbidden pair. Ties go to the partner with the smaller index, taken in
/// index order. Returns the mate array, or `None` when no perfect matching exists.
pub fn min_cost_perfect(
    m: usize,
    cost: &impl Fn(usize, usize) -> Option<u64>,
) -> Option<Vec<usize>> {
    if !m.is_multiple_of(2) || m > EXACT_LIMIT {
        return None;
    }
    let full = (1usize << m) - 1;
    let table: Vec<Vec<Option<u64>>> = (0..m)
        .map(|u| {
            (0..m)
                .map(|v| if u == v { None } else { cost(u, v) })
                .collect()
        })
        .collect();
    // best[mask]: least cost to pair the vertices not in `mask`, or UNKNOWN / IMPOSSIBLE.
    let mut best = vec![UNKNOWN; full + 1];
    best[full] = 0;
    if solve(0, &table, &mut best) == IMPOSSIBLE {
        return None;
    }
    let mut mate = vec![NONE; m];
    let mut mask = 0usize;
    while mask != full {
        let i = (!mask).trailing_zeros() as usize;
        let target = best[mask];
        let j = (i + 1..m).find(|&j| {
            mask & (1 << j) == 0
                && table[i][j].is_some_and(|c| {
                    let rest = best[mask | (1 << i) | (1 << j)];
                    rest < IMPOSSIBLE && c + rest == target
                })
        })?;
        mate[i] = j;
        mate[j] = i;
        mask |= (1 << i) | (1 << j);
    }
    Some(mate)
}

/// Lowers the cost of the perfect matching `mate` by exchanging partners between two pairs
/// while that helps (a local search; exact only when it reaches a known lower bound).
pub fn improve(mate: &mut [usize], cost: &impl Fn(usize, usize) -> Option<u64>, lower_bound: u64) {
    let pairs = |mate: &[usize]| -> Vec<(usize, usize)> {
        (0..mate.len())
            .filter(|&u| mate[u] != NONE && u < mate[u])
            .map(|u| (u, mate[u]))
            .collect()
    };
    let total =
        |mate: &[usize]| -> u64 { pairs(mate).iter().filter_map(|&(a, b)| cost(a, b)).sum() };
    let mut current = total(mate);
    for _pass in 0..8 {
        if current <= lower_bound {
            return;
        }
        let mut changed = false;
        let list = pairs(mate);
        for x in 0..list.len() {
            for y in x + 1..list.len() {
                let (a, b) = (mate_pair(mate, list[x].0), mate_pair(mate, list[y].0));
                if b.0 == a.1 || a.1 == NONE || b.1 == NONE {
                    continue;
                }
                let (Some(ab), Some(cd)) = (cost(a.0, a.1), cost(b.0, b.1)) else {
                    continue;
                };
                let now = ab + cd;
                for (p, q) in [((a.0, b.0), (a.1, b.1)), ((a.0, b.1), (a.1, b.0))] {
                    if let (Some(c1), Some(c2)) = (cost(p.0, p.1), cost(q.0, q.1))
                        && c1 + c2 < now
                    {
                        for (u, v) in [p, q] {
                            mate[u] = v;
                            mate[v] = u;
                        }
                        current = current - now + c1 + c2;
                        changed = true;
                        break;
                    }
                }
            }
        }
        if !changed {
            return;
        }
    }
}

fn mate_pair(mate: &[usize], u: usize) -> (usize, usize) {
    (u, mate[u])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edges(list: &[(usize, usize)]) -> impl Fn(usize, usize) -> bool + '_ {
        move |u, v| {
            list.iter()
                .any(|&(a, b)| (a, b) == (u, v) || (b, a) == (u, v))
        }
    }

    #[test]
    fn blossom_needed() {
        // A triangle 0-1-2 with a tail 2-3 and 0-4: greedy 0-1 leaves 2-3 and 4; the maximum
        // pairs 4-0, 1-2 ... a perfect matching exists only via the odd cycle.
        let list = [(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (4, 5)];
        let compat = edges(&list);
        let mut mate = vec![NONE; 6];
        // Bad start: 1-2 and 4-5 leave 0 and 3 free.
        for (a, b) in [(1, 2), (4, 5)] {
            mate[a] = b;
            mate[b] = a;
        }
        assert_eq!(maximum(6, &compat, &mut mate), 3);
        for u in 0..6 {
            assert!(compat(u, mate[u]));
            assert_eq!(mate[mate[u]], u);
        }
    }

    #[test]
    fn maximum_reports_free_vertices() {
        // A star: only one pair possible.
        let list = [(0, 1), (0, 2), (0, 3)];
        let mut mate = vec![NONE; 4];
        assert_eq!(maximum(4, &edges(&list), &mut mate), 1);
    }

    #[test]
    fn exact_min_cost() {
        // Path 0-1-2-3 plus 0-3: cheap 0-1 forces 2-3 (cost 10); 0-3 + 1-2 costs 4.
        let cost = |u: usize, v: usize| -> Option<u64> {
            let (a, b) = (u.min(v), u.max(v));
            match (a, b) {
                (0, 1) => Some(0),
                (2, 3) => Some(10),
                (0, 3) | (1, 2) => Some(2),
                _ => None,
            }
        };
        let mate = min_cost_perfect(4, &cost).unwrap();
        assert_eq!(mate, vec![3, 2, 1, 0]);
        assert!(min_cost_perfect(3, &cost).is_none());
        let none = |_: usize, _: usize| -> Option<u64> { None };
        assert!(min_cost_perfect(4, &none).is_none());
    }

    #[test]
    fn improve_swaps_partners() {
        let cost = |u: usize, v: usize| -> Option<u64> {
            let (a, b) = (u.min(v), u.max(v));
            Some(if (a, b) == (0, 1) || (a, b) == (2, 3) {
                5
            } else {
                1
            })
        };
        let mut mate = vec![1, 0, 3, 2];
        improve(&mut mate, &cost, 0);
        let total: u64 = (0..4)
            .filter(|&u| u < mate[u])
            .map(|u| cost(u, mate[u]).unwrap())
            .sum();
        assert_eq!(total, 2);
    }
}
