//! The start of a large field's matching (`Problem::start`): a start the blossom search must
//! first repair (`make_feasible` raising duals) leaves the raised players without tight pairs,
//! and the search then pairs them one stage each.

use super::{Problem, Tuning};
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::matching::wide::{Weight, Wide};
use crate::domain::pairing::{Entrant, SectionInput};
use crate::domain::side::Side;

/// `n` players on one score after one round, the first `red` of them having had red: every
/// one due the other colour, and a surplus of those due black when `red` is the larger part.
fn field(n: u32, red: u32) -> SectionInput {
    let entrants = (1..=n)
        .map(|no| Entrant {
            no: PlayerNo(no),
            score: 2,
            opponents: vec![PlayerNo(1000 + no)],
            colours: vec![if no <= red { Side::Red } else { Side::Black }],
            had_bye: false,
            floats: Vec::new(),
            rank: no,
        })
        .collect();
    SectionInput {
        round: Round(2),
        last_round: false,
        late_rounds: false,
        relax_colours: false,
        entrants,
    }
}

/// Every candidate edge (the bye's included) and whether the start's duals cover it (the sum
/// of the two duals at least twice the edge's weight) and leave it tight.
fn covered(input: &SectionInput) -> Vec<((usize, usize), bool, bool)> {
    type W = Wide<16>;
    let p = Problem::new(input);
    assert!(
        p.bits() < W::BITS,
        "the test's weight type holds the section"
    );
    let w = p.weights::<W>();
    let start = p.start(&w);
    let mut edges = p.candidates(Tuning::default());
    if let Some(d) = p.dummy {
        edges.extend((0..p.n).filter(|&a| p.legal(a, d)).map(|a| (a, d)));
    }
    edges
        .into_iter()
        .map(|(a, b)| {
            let weight = p.weight(&w, a, b);
            let (sum, twice) = (start.dual[a].add(start.dual[b]), weight.add(weight));
            ((a, b), sum >= twice, sum == twice)
        })
        .collect()
}

#[test]
fn a_colour_surplus_with_a_bye_starts_feasible_and_tight_for_every_player() {
    // 201 players, 150 due black: 50 of those must meet each other, and one takes the bye.
    let input = field(201, 150);
    let edges = covered(&input);
    assert!(
        edges.iter().any(|&((_, b), ..)| b == 201),
        "the bye's edges are there"
    );
    let short: Vec<_> = edges.iter().filter(|e| !e.1).map(|e| e.0).collect();
    assert!(
        short.is_empty(),
        "{} edges the start leaves short, first {:?}",
        short.len(),
        &short[..short.len().min(5)]
    );
    // Every player has a tight pair to be seeded along.
    for a in 0..201 {
        assert!(
            edges
                .iter()
                .any(|&((x, y), _, tight)| tight && (x == a || y == a)),
            "player {a} has no tight edge"
        );
    }
}

#[test]
fn a_balanced_field_starts_every_player_at_the_top() {
    let input = field(200, 100);
    let edges = covered(&input);
    assert!(edges.iter().all(|e| e.1), "the start covers every edge");
    assert!(
        edges.iter().filter(|e| e.2).count() >= 100,
        "red against black is tight: {} tight",
        edges.iter().filter(|e| e.2).count()
    );
}
