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

#[test]
fn blossom_vertex_lists_stay_in_step_with_the_tree() {
    // Larger graphs with a hidden perfect matching and tied weights: blossoms nest, are
    // augmented through (their children rotated) and expanded. Under test every vertex list
    // read is checked against a walk of the tree (`members.rs`); the result must still be
    // certified optimal.
    let mut next = xorshift(2_468_013_579);
    for round in 0..200 {
        let n = 2 * (8 + (next() % 24) as usize);
        let levels = 1 + round % 3;
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if (b == a + 1 && a.is_multiple_of(2)) || next().is_multiple_of(4) {
                    edges.push((a, b, i128::from(next() % levels) * 2));
                }
            }
        }
        let m = max_weight_matching(n, &edges);
        assert_eq!(m.pairs().len(), n / 2, "{edges:?}");
        for &(a, b, wt) in &edges {
            assert!(m.slack_of(a, b, wt) >= 0, "{edges:?}");
        }
    }
}
