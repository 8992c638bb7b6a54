//! Large fields (RULES.md §3, issue 12): above `DENSE_LIMIT` the engine solves on candidate
//! edges and certifies the result against every legal edge by its duals. Here the same sections
//! of 200–800 players are also solved on every legal edge (the dense path, no pricing), and
//! both must reach the same whole cost (`cost::cost`, every field), as must a solve from
//! candidate edges narrowed so far that the pricing has to find most of the optimum. The
//! fields are those of the benchmark (rounds before paired quickly by standings, so colour
//! histories are uneven), in the last round and before it, even and odd, with the colour rules
//! relaxed too: the shapes where the candidate edges are least likely to hold the optimum.

#[path = "../../benches/pairing_setup.rs"]
mod pairing_setup;

use bianpai::domain::pairing::{PairingError, SectionInput};
use bianpai::domain::swiss::cost;
use bianpai::domain::swiss::{
    DENSE_LIMIT, SectionPairing, Tuning, pair_section_tuned, pair_section_with,
};

/// The whole cost of a pairing, or why it has none.
fn cost_of(input: &SectionInput, p: &Result<SectionPairing, PairingError>) -> String {
    match p {
        Ok(p) => match cost::cost(input, &p.pairs, p.bye) {
            Ok(c) => format!("{c:?}"),
            Err(e) => panic!("an illegal pairing: {e}"),
        },
        Err(e) => format!("unpairable: {e}"),
    }
}

/// Candidate edges so few that the first solve is far from the optimum.
const NARROW: Tuning = Tuning {
    dense_limit: DENSE_LIMIT,
    near: 1,
    boundary: 0,
    reach: 0,
};

#[test]
fn candidate_edges_reach_the_dense_optimum_on_large_fields() {
    let mut compared = 0;
    let mut paired = 0;
    for (n, seed, round) in [
        (200, 1, 9),
        (240, 2, 4),
        (300, 3, 9),
        (300, 4, 6),
        (360, 5, 9),
        (400, 6, 3),
        (400, 7, 9),
        (500, 8, 9),
        (600, 9, 5),
        (600, 10, 9),
        (800, 11, 9),
        (800, 12, 7),
    ] {
        assert!(n > DENSE_LIMIT, "{n} players take the candidate path");
        let base = pairing_setup::round_input(n, seed, round);
        let mut odd = base.clone();
        odd.entrants.pop();
        let hard = SectionInput {
            last_round: false,
            ..base.clone()
        };
        let relaxed = SectionInput {
            last_round: false,
            relax_colours: true,
            ..base.clone()
        };
        for (label, input) in [
            ("as set up", base),
            ("odd", odd),
            ("colour rules hard", hard),
            ("colours relaxed", relaxed),
        ] {
            let dense = cost_of(&input, &pair_section_tuned(&input, usize::MAX));
            let sparse = pair_section_tuned(&input, DENSE_LIMIT);
            assert_eq!(
                cost_of(&input, &sparse),
                dense,
                "{n} players, seed {seed}, round {round}, {label}"
            );
            // Candidates narrowed to one partner per class and no link between groups: the
            // pricing must find every edge the optimum needs.
            let narrow = pair_section_with(&input, NARROW);
            assert_eq!(
                cost_of(&input, &narrow),
                dense,
                "narrow candidates: {n} players, seed {seed}, round {round}, {label}"
            );
            compared += 1;
            paired += usize::from(sparse.is_ok());
        }
    }
    // Most of these sections must pair, or the comparison says little.
    eprintln!("{paired} of {compared} sections paired");
    assert!(paired * 4 >= compared * 3, "{paired} of {compared} paired");
}
