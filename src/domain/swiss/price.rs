//! The pricing of a large section (docs/performance.md#pairing-standings-replay-console):
//! the matching is solved over candidate edges only, then every edge left out is checked
//! against the matching's duals; the ones that price negative join the candidates and the
//! matching is solved again, until none does and the matching is optimal over all legal pairs.

use super::problem::{Class, Problem, Weights};
use crate::domain::matching::blossom::Matching;
use crate::domain::matching::wide::Weight;
use std::collections::HashMap;

/// Edges priced negative added per player and group pair in one round of pricing.
pub(super) const PRICE_BATCH: usize = 4;

/// Players priced together: (score level, colour class, outermost blossom).
type Group = (usize, Class, Option<usize>);

impl Problem<'_> {
    /// Legal edges with a negative reduced cost under the matching's duals (none of them is a
    /// candidate: the duals are feasible on the candidate graph).
    pub(super) fn price<W: Weight>(
        &self,
        m: &Matching<W>,
        weights: &Weights<W>,
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
                        m.vertex_dual(i).add(weights.down[i]).add(weights.down[i]),
                        i,
                    )
                })
                .collect();
            let mut u: Vec<(W, usize)> = list
                .iter()
                .map(|&i| (m.vertex_dual(i).add(weights.up[i]).add(weights.up[i]), i))
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
            if !self.classes_meet(gh.1, gl.1) {
                return;
            }
            let (a0, b0) = (groups[&gh][0], groups[&gl][0]);
            let same_level = gh.0 == gl.0;
            // The pair's weight without the floaters' own terms, doubled as the slack's.
            let base = weights.base(a0, b0);
            let bound = base.add(base);
            let (hs, ls) = if same_level {
                (&plain[&gh], &plain[&gl])
            } else {
                (&down[&gh], &up[&gl])
            };
            if gh.2.is_some() && gh.2 == gl.2 {
                // Inside one blossom the nested blossoms' duals count: see `below_inside`.
                nest.below_inside(hs, ls, bound, batch, &mut |i, j| {
                    let legal = self.legal(i, j);
                    if legal {
                        out.push((i.min(j), i.max(j)));
                    }
                    legal
                });
                return;
            }
            // Outside a shared blossom an edge's slack is its two keys less the bound.
            for &(yh, i) in hs {
                // `yh + yl >= bound` as `yl >= bound - yh`: fewer sums.
                let stop = bound.sub(yh);
                if ls[0].0 >= stop {
                    break;
                }
                // The most negative edges of each player first, a few per round; the slack
                // before the hard rules (a scan of the opponents).
                let mut found = 0;
                for &(yl, j) in ls {
                    if found >= batch || yl >= stop {
                        break;
                    }
                    if i != j && self.legal(i, j) {
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
