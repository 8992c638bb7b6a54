//! Pricing inside one outermost blossom: the pairs whose two keys and the duals of the
//! blossoms holding both ends sum below a bound.
//!
//! A sorted scan of the keys cannot stop early there: a large field can end in one blossom
//! of thousands of vertices nested hundreds deep, whose vertex duals are low because the
//! nested blossoms carry the rest, so nearly every pair's keys alone fall below the bound.
//! Instead the vertices are placed in the blossom tree, cut down to the nodes where their
//! paths meet (a "virtual tree": the vertices and the lowest common ancestors of neighbours
//! in tour order), and each node keeps the least key of each side below it. The pairs that
//! meet at node `a` are those from two different children of `a`, and they all share exactly
//! the duals from the outermost blossom down to `a`, so the least of them is the sum of two
//! children's least keys: a node whose least pair clears the bound holds no pair below it, and
//! only the nodes that do not are searched, one subtree at a time, pruned by the same minima.
//! When the matching is optimal (no pair found) the cost is the sort of the vertices.

use std::collections::HashMap;

use super::super::wide::Weight;
use super::Nest;

/// One node of the virtual tree: a vertex or a blossom where two vertices' paths meet.
struct Node<W> {
    id: usize,
    children: Vec<usize>,
    /// Least key below this node on each side (`hs`, `ls`), `None` when that side has none.
    least_h: Option<W>,
    least_l: Option<W>,
    /// A vertex's own keys.
    key_h: Option<W>,
    key_l: Option<W>,
}

impl<W: Weight> Nest<W> {
    /// Offers `take(i, j)` every pair of `i` from `hs` and `j` from `ls` (`i != j`, all of one
    /// outermost blossom; each list as (key, vertex)) with `key_i + key_j + common(i, j) <
    /// bound`, the pairs of each `i` in no set order; `take` says whether the pair counts, and
    /// at most `per` pairs count for one `i`.
    pub fn below_inside(
        &self,
        hs: &[(W, usize)],
        ls: &[(W, usize)],
        bound: W,
        per: usize,
        take: &mut dyn FnMut(usize, usize) -> bool,
    ) {
        let tree = self.virtual_tree(hs, ls);
        if tree.is_empty() {
            return;
        }
        let mut counted: HashMap<usize, usize> = HashMap::new();
        // The first node in tour order is the root; walk the nodes from it down.
        let mut stack = vec![0];
        while let Some(a) = stack.pop() {
            let node = &tree[a];
            let (Some(mh), Some(ml)) = (node.least_h, node.least_l) else {
                continue;
            };
            // Every pair below `a` shares at least the duals down to `a`.
            let at = self.sum[node.id];
            if mh.add(ml).add(at) >= bound {
                continue;
            }
            stack.extend(node.children.iter().copied());
            if node.children.len() < 2 {
                continue;
            }
            let limit = bound.sub(at);
            for (x, &c) in node.children.iter().enumerate() {
                let Some(ch) = tree[c].least_h else {
                    continue;
                };
                let other_l = node
                    .children
                    .iter()
                    .enumerate()
                    .filter(|&(y, _)| y != x)
                    .filter_map(|(_, &d)| tree[d].least_l)
                    .min();
                let Some(other_l) = other_l else {
                    continue;
                };
                if ch.add(other_l) >= limit {
                    continue;
                }
                let mut left = Vec::new();
                collect(&tree, c, limit.sub(other_l), true, &mut left);
                for (kh, i) in left {
                    let room = limit.sub(kh);
                    for (y, &d) in node.children.iter().enumerate() {
                        if y == x {
                            continue;
                        }
                        let mut right = Vec::new();
                        collect(&tree, d, room, false, &mut right);
                        for (_, j) in right {
                            let n = counted.entry(i).or_insert(0);
                            if *n < per && i != j && take(i, j) {
                                *n += 1;
                            }
                        }
                    }
                }
            }
        }
    }

    /// The virtual tree of the vertices of `hs` and `ls`, root first; a node's children come
    /// after it.
    fn virtual_tree(&self, hs: &[(W, usize)], ls: &[(W, usize)]) -> Vec<Node<W>> {
        let mut keys: HashMap<usize, (Option<W>, Option<W>)> = HashMap::new();
        for &(k, i) in hs {
            keys.entry(i).or_default().0 = Some(k);
        }
        for &(k, j) in ls {
            keys.entry(j).or_default().1 = Some(k);
        }
        let mut nodes: Vec<usize> = keys.keys().copied().collect();
        nodes.sort_unstable_by_key(|&v| self.first[v]);
        let meets: Vec<usize> = nodes.windows(2).map(|w| self.lca(w[0], w[1])).collect();
        nodes.extend(meets);
        nodes.sort_unstable_by_key(|&v| self.first[v]);
        nodes.dedup();
        let mut tree: Vec<Node<W>> = nodes
            .iter()
            .map(|&v| {
                let (key_h, key_l) = keys.get(&v).copied().unwrap_or((None, None));
                Node {
                    id: v,
                    children: Vec::new(),
                    least_h: key_h,
                    least_l: key_l,
                    key_h,
                    key_l,
                }
            })
            .collect();
        // In tour order a node's ancestors are on the stack.
        let mut stack: Vec<usize> = Vec::new();
        for x in 0..tree.len() {
            while let Some(&top) = stack.last() {
                if self.lca(tree[top].id, tree[x].id) == tree[top].id {
                    break;
                }
                stack.pop();
            }
            if let Some(&top) = stack.last() {
                tree[top].children.push(x);
            }
            stack.push(x);
        }
        // Children after parents: fill the minima from the last node back.
        for x in (0..tree.len()).rev() {
            let (mut h, mut l) = (tree[x].least_h, tree[x].least_l);
            for &c in &tree[x].children {
                h = least(h, tree[c].least_h);
                l = least(l, tree[c].least_l);
            }
            tree[x].least_h = h;
            tree[x].least_l = l;
        }
        tree
    }
}

fn least<W: Weight>(a: Option<W>, b: Option<W>) -> Option<W> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) => x,
        (None, y) => y,
    }
}

/// The vertices under virtual node `c` whose key on one side (`h`: the `hs` side) is below
/// `limit`, found by descending only where the subtree's least key is.
fn collect<W: Weight>(tree: &[Node<W>], c: usize, limit: W, h: bool, out: &mut Vec<(W, usize)>) {
    let mut stack = vec![c];
    while let Some(x) = stack.pop() {
        let node = &tree[x];
        let least = if h { node.least_h } else { node.least_l };
        if least.is_none_or(|k| k >= limit) {
            continue;
        }
        let own = if h { node.key_h } else { node.key_l };
        if let Some(k) = own
            && k < limit
        {
            out.push((k, node.id));
        }
        stack.extend(node.children.iter().copied());
    }
}
