//! The test oracle's matching (`tests/it/support/oracle`) against exhaustive search: thousands of
//! random graphs of up to 14 vertices, with missing edges, negative and tied weights, scalar
//! and lexicographic, must reach exactly the brute-force optimum. The checker itself is shown
//! to reject wrong answers.

use crate::support::oracle as oracle_support;

use oracle_support::{
    Lex, Matching, NONE, Weight, brute_force, check_against_brute_force, max_weight_matching,
};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// A number in `lo..=hi`.
fn between(rng: &mut ChaCha8Rng, lo: i64, hi: i64) -> i64 {
    lo + i64::from(rng.next_u32() % u32::try_from(hi - lo + 1).expect("small range"))
}

/// A random graph on `n` vertices: each pair is an edge with probability `percent`, with the
/// weight `weight(rng)`.
fn graph<W>(
    rng: &mut ChaCha8Rng,
    n: usize,
    percent: u32,
    weight: impl Fn(&mut ChaCha8Rng) -> W,
) -> Vec<(usize, usize, W)> {
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if rng.next_u32() % 100 < percent {
                // Either orientation: the solver must not depend on it.
                let (a, b) = if rng.next_u32().is_multiple_of(2) {
                    (i, j)
                } else {
                    (j, i)
                };
                edges.push((a, b, weight(rng)));
            }
        }
    }
    edges
}

fn run<W: Weight>(label: &str, n: usize, edges: &[(usize, usize, W)]) {
    let m = max_weight_matching(n, edges);
    if let Err(e) = check_against_brute_force(n, edges, &m) {
        panic!("{label}: n={n} edges={edges:?}: {e}");
    }
}

#[test]
fn scalar_weights_equal_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for case in 0..2500 {
        let n = case % 15;
        let percent = [15, 35, 60, 90, 100][case % 5];
        let range = [(1, 10), (-5, 20), (1, 3), (0, 1000)][(case / 5) % 4];
        let edges = graph(&mut rng, n, percent, |r| between(r, range.0, range.1));
        run(&format!("scalar case {case}"), n, &edges);
    }
}

#[test]
fn lexicographic_weights_equal_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for case in 0..2500 {
        let n = case % 15;
        let percent = [20, 45, 70, 100][case % 4];
        // Few values per component: many ties, so later components decide often.
        let span = [1, 2, 5][(case / 4) % 3];
        let edges = graph(&mut rng, n, percent, |r| {
            Lex::<5>::of(&[
                between(r, -span, span),
                between(r, -span, span),
                between(r, -span, span),
                between(r, -span, span),
                between(r, -span, span),
            ])
        });
        run(&format!("lex case {case}"), n, &edges);
    }
}

/// The shape the pairing oracle uses: a leading component 1 per edge (pairs count first),
/// then costs taken away: the optimum must be a maximum-cardinality matching of least cost.
#[test]
fn cardinality_first_then_least_cost_equals_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    for case in 0..2500 {
        let n = case % 15;
        let percent = [15, 30, 50, 80][case % 4];
        let edges = graph(&mut rng, n, percent, |r| {
            Lex::<4>::of(&[1, -between(r, 0, 3), -between(r, 0, 9), -between(r, 0, 2)])
        });
        let m = max_weight_matching(n, &edges);
        run(&format!("cardinality case {case}"), n, &edges);
        // Maximum cardinality, counted independently of the weights.
        let unit: Vec<(usize, usize, i64)> = edges.iter().map(|e| (e.0, e.1, 1)).collect();
        assert_eq!(
            m.edges.len() as i64,
            brute_force(n, &unit),
            "cardinality case {case}: not a maximum matching"
        );
    }
}

/// A few classic shapes where blossoms nest and must be expanded mid-stage.
#[test]
fn hand_made_graphs_with_blossoms() {
    type Case = (usize, Vec<(usize, usize, i64)>, i64);
    let cases: Vec<Case> = vec![
        // A triangle with a pendant: the pendant edge and the opposite triangle edge.
        (4, vec![(0, 1, 6), (1, 2, 6), (0, 2, 6), (2, 3, 2)], 8),
        // A pentagon with a tail on each side (S-blossom, then augment through it).
        (
            7,
            vec![
                (0, 1, 5),
                (1, 2, 5),
                (2, 3, 5),
                (3, 4, 5),
                (4, 0, 5),
                (0, 5, 4),
                (2, 6, 4),
            ],
            14,
        ),
        // Nested blossoms with a relabelled T-blossom (van Rantwijk's test 34).
        (
            11,
            vec![
                (1, 2, 40),
                (1, 3, 40),
                (2, 3, 60),
                (2, 4, 55),
                (3, 5, 55),
                (4, 5, 50),
                (1, 8, 15),
                (5, 7, 30),
                (7, 6, 10),
                (8, 10, 10),
                (4, 9, 30),
            ],
            145,
        ),
    ];
    for (n, edges, expected) in cases {
        let m = max_weight_matching(n, &edges);
        assert_eq!(m.weight(&edges), expected, "{edges:?}");
        check_against_brute_force(n, &edges, &m).expect("optimal");
    }
}

/// The checker rejects a suboptimal matching, a matching with a vertex used twice, and a
/// `mate` that disagrees with the edges: a wrong oracle would not pass unnoticed.
#[test]
fn the_checker_rejects_wrong_answers() {
    // Path 0-1-2-3 with weights 2, 3, 2: the greedy middle edge (3) loses to the ends (4).
    let edges = vec![(0, 1, 2i64), (1, 2, 3), (2, 3, 2)];
    let greedy = Matching {
        mate: vec![NONE, 2, 1, NONE],
        edges: vec![1],
    };
    let err = check_against_brute_force(4, &edges, &greedy).expect_err("suboptimal");
    assert!(err.contains("weight 3, optimum 4"), "{err}");
    let twice = Matching {
        mate: vec![1, 0, 1, NONE],
        edges: vec![0, 1],
    };
    assert!(check_against_brute_force(4, &edges, &twice).is_err());
    let best = max_weight_matching(4, &edges);
    assert_eq!(best.edges, vec![0, 2]);
    let mut wrong_mate = best.clone();
    wrong_mate.mate.swap(0, 1);
    assert!(check_against_brute_force(4, &edges, &wrong_mate).is_err());
    // Dropping any matched edge of a random optimum is caught as well.
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    for case in 0..200 {
        let n = 4 + case % 10;
        let edges = graph(&mut rng, n, 60, |r| {
            Lex::<3>::of(&[1, -between(r, 0, 4), -between(r, 0, 4)])
        });
        let mut m = max_weight_matching(n, &edges);
        let Some(k) = m.edges.pop() else { continue };
        m.mate[edges[k].0] = NONE;
        m.mate[edges[k].1] = NONE;
        assert!(
            check_against_brute_force(n, &edges, &m).is_err(),
            "case {case}: a matching one pair short passed"
        );
    }
}
