//! Blossom matching against brute force and known cases.
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
    let w = weight_of(&m, edges);
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

/// A random graph on `n` vertices (even) with a hidden perfect matching (2k with 2k + 1) and
/// tied weights: each other edge kept one time in `every`, weighing `step` times one of
/// `levels` values.
fn perfect_graph(
    n: usize,
    (every, levels, step): (u64, u64, i128),
    next: &mut impl FnMut() -> u64,
) -> Vec<(usize, usize, i128)> {
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if (b == a + 1 && a.is_multiple_of(2)) || next().is_multiple_of(every) {
                edges.push((a, b, i128::from(next() % levels) * step));
            }
        }
    }
    edges
}

#[test]
fn blossom_vertex_lists_stay_in_step_with_the_tree() {
    // Larger graphs with a hidden perfect matching and tied weights: blossoms nest, are
    // augmented through (their children rotated) and expanded. Under test every vertex list
    // read is checked against a walk of the tree (`members.rs`); the result must still be
    // certified optimal.
    let mut next = xorshift(2_468_013_579);
    for round in 0..200 {
        let n = 2 * (8 + (next() % 24) as usize);
        let edges = perfect_graph(n, (4, 1 + round % 3, 2), &mut next);
        let m = max_weight_matching(n, &edges);
        assert_eq!(m.pairs().len(), n / 2, "{edges:?}");
        for &(a, b, wt) in &edges {
            assert!(m.slack_of(a, b, wt) >= 0, "{edges:?}");
        }
    }
}

/// The weight of a solved matching's pairs (the heaviest edge of each pair).
fn weight_of(m: &Matching<i128>, edges: &[(usize, usize, i128)]) -> i128 {
    m.pairs()
        .iter()
        .map(|&(a, b)| {
            edges
                .iter()
                .filter(|e| (e.0, e.1) == (a, b) || (e.1, e.0) == (a, b))
                .map(|e| e.2)
                .max()
                .unwrap()
        })
        .sum()
}

#[test]
fn any_start_reaches_the_optimum_of_a_perfect_graph() {
    // Random duals (too low for some edges, so they must be raised first) and random seeding
    // orders: the start changes the path, never the optimum or its certificate.
    let mut next = xorshift(55_555_555);
    for round in 0..600 {
        let n = 2 * (1 + (next() % 6) as usize);
        let edges = perfect_graph(n, (2, 1 + round % 5, 4), &mut next);
        let dual: Vec<i128> = (0..n).map(|_| i128::from(next() % 24) - 4).collect();
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, (next() % (i as u64 + 1)) as usize);
        }
        let start = Start { dual, order };
        let m = max_weight_matching_from(n, &edges, Some(&start));
        assert_eq!(
            (m.pairs().len(), weight_of(&m, &edges)),
            brute(n, &edges),
            "{edges:?} from {:?}",
            start.dual
        );
        for &(a, b, wt) in &edges {
            assert!(m.slack_of(a, b, wt) >= 0, "{edges:?}");
        }
    }
}

#[test]
fn pairs_below_a_bound_inside_a_blossom_are_all_found() {
    // Solved graphs whose optimum ends in nested blossoms; for random keys and bounds the
    // virtual-tree search must offer exactly the pairs a check of every pair finds.
    let mut next = xorshift(777_000_111);
    let mut inside = 0;
    for round in 0..300 {
        let n = 2 * (6 + (next() % 20) as usize);
        let levels = 1 + round % 3;
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if (b == a + 1 && a.is_multiple_of(2)) || next().is_multiple_of(3) {
                    edges.push((a, b, i128::from(next() % levels) * 2));
                }
            }
        }
        let m = max_weight_matching(n, &edges);
        let nest = m.nest();
        let mut by_outer: std::collections::HashMap<usize, Vec<usize>> =
            std::collections::HashMap::new();
        for v in 0..n {
            if nest.outer(v) != v {
                by_outer.entry(nest.outer(v)).or_default().push(v);
            }
        }
        let mut outers: Vec<_> = by_outer.into_values().collect();
        outers.sort();
        for members in outers {
            // Two sides from one blossom's vertices (overlapping, as a group priced with
            // itself is), random keys and a bound near their sums.
            let mut side = || {
                let mut out: Vec<(i128, usize)> = Vec::new();
                for &v in &members {
                    if !next().is_multiple_of(3) {
                        out.push((i128::from(next() % 40), v));
                    }
                }
                out
            };
            let (hs, ls) = (side(), side());
            let bound = i128::from(next() % 120);
            let mut expected = Vec::new();
            for &(kh, i) in &hs {
                for &(kl, j) in &ls {
                    if i != j && kh + kl + nest.common(i, j) < bound {
                        expected.push((i, j));
                    }
                }
            }
            let mut found = Vec::new();
            nest.below_inside(&hs, &ls, bound, usize::MAX, &mut |i, j| {
                found.push((i, j));
                true
            });
            expected.sort_unstable();
            found.sort_unstable();
            found.dedup();
            assert_eq!(found, expected, "{edges:?}");
            inside += expected.len();
        }
    }
    assert!(
        inside > 1000,
        "only {inside} pairs inside blossoms were compared"
    );
}
