//! The cycles of a file graph: its knots (Tarjan's strongly connected components of more than
//! one file) and, in each, one shortest cycle in order, so a failure names the files the
//! way the imports run.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

type Graph<N> = BTreeMap<N, BTreeSet<N>>;

/// The strongly connected components with more than one node, each sorted, in node order.
pub fn knots<N: Ord + Clone>(graph: &Graph<N>) -> Vec<Vec<N>> {
    struct S<'a, N> {
        graph: &'a Graph<N>,
        index: BTreeMap<&'a N, usize>,
        low: BTreeMap<&'a N, usize>,
        stack: Vec<&'a N>,
        on_stack: BTreeSet<&'a N>,
        out: Vec<Vec<N>>,
    }
    fn strong<'a, N: Ord + Clone>(s: &mut S<'a, N>, v: &'a N) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.graph.get(v).into_iter().flatten() {
            if !s.index.contains_key(w) {
                strong(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                comp.push(w.clone());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = S {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v) {
            strong(&mut s, v);
        }
    }
    s.out.sort();
    s.out
}

/// A shortest cycle inside the knot, in the order its edges run (the first node is not repeated
/// at the end); of equally short ones, the one through the earliest node.
pub fn shortest_cycle<N: Ord + Clone>(graph: &Graph<N>, knot: &[N]) -> Vec<N> {
    knot.iter()
        .filter_map(|start| cycle_from(graph, knot, start))
        .min_by_key(Vec::len)
        .unwrap_or_else(|| knot.to_vec())
}

/// A shortest cycle from `start` back to it inside the knot (breadth first).
fn cycle_from<N: Ord + Clone>(graph: &Graph<N>, knot: &[N], start: &N) -> Option<Vec<N>> {
    let inside: BTreeSet<&N> = knot.iter().collect();
    let mut came_from: BTreeMap<&N, &N> = BTreeMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for w in graph.get(v).into_iter().flatten() {
            if !inside.contains(w) {
                continue;
            }
            if w == start {
                let mut path = vec![v.clone()];
                let mut cur = v;
                while cur != start {
                    cur = came_from[cur];
                    path.push(cur.clone());
                }
                path.reverse();
                return Some(path);
            }
            if !came_from.contains_key(w) {
                came_from.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    None
}
