//! Hand-made situations of issue 12 (RULES.md §3), each with its history built by hand: the
//! engine must return the pairing the strict order of criteria 6–10 demands.

use crate::support::pairing as pairing_common;
use pairing_common::{ent, input};

use Side::{Black as B, Red as R};
use bianpai::domain::pairing::{Float, SectionInput, SectionPairing, pair_section};
use bianpai::domain::swiss::colour::ColourState;
use bianpai::domain::swiss::cost::{self, same_due};
use bianpai::domain::{PlayerNo, Side};

fn paired(p: &SectionPairing, a: u32, b: u32) -> bool {
    p.pairs
        .iter()
        .any(|&(r, k)| (r, k) == (PlayerNo(a), PlayerNo(b)) || (k, r) == (PlayerNo(a), PlayerNo(b)))
}

fn partner(p: &SectionPairing, a: u32) -> u32 {
    p.pairs
        .iter()
        .find_map(|&(r, k)| {
            if r == PlayerNo(a) {
                Some(k.0)
            } else if k == PlayerNo(a) {
                Some(r.0)
            } else {
                None
            }
        })
        .expect("paired")
}

fn same_colour_pairs(i: &SectionInput, p: &SectionPairing) -> usize {
    let col =
        |no: PlayerNo| ColourState::of(&i.entrants.iter().find(|e| e.no == no).unwrap().colours);
    p.pairs
        .iter()
        .filter(|&&(r, b)| same_due(&col(r), &col(b)))
        .count()
}

#[test]
fn a_six_meets_a_five_and_the_fives_meet_when_they_can() {
    // 6: 1. 5: 2, 3, 4. 4: 5, 6, 7, 8. 1 met 2; 3 met 4; 2 met 4. Colours tempt 1 towards 3
    // (1 due red, 3 due black, 4 due red), but only 1–4 lets the other fives meet (2–3).
    let i = input(
        5,
        false,
        vec![
            ent(1, 6, &[2], &[B, R, B]),
            ent(2, 5, &[4], &[R, B, R]),
            ent(3, 5, &[4], &[R, B, R]),
            ent(4, 5, &[], &[B, R, B]),
            ent(5, 4, &[], &[R, B, R]),
            ent(6, 4, &[], &[B, R, B]),
            ent(7, 4, &[], &[R, B, R]),
            ent(8, 4, &[], &[B, R, B]),
        ],
    );
    let p = pair_section(&i).unwrap();
    assert!(paired(&p, 1, 4) && paired(&p, 2, 3), "{p:?}");
    for no in 5..=8 {
        assert!(partner(&p, no) >= 5, "the fours stay together: {p:?}");
    }
}

#[test]
fn last_round_the_leader_meets_an_eleven_not_a_ten() {
    // Last round. 12: 1; 11: 2, 3; 10: 4, 5, 6. The leader and both elevens had black twice
    // in a row; the tens are due black. Meeting an eleven costs a third black (allowed in the
    // last round) but improves the score structure; a ten would keep the colours.
    let i = input(
        9,
        true,
        vec![
            ent(1, 12, &[], &[R, B, B]),
            ent(2, 11, &[], &[R, B, B]),
            ent(3, 11, &[], &[R, B, B]),
            ent(4, 10, &[], &[B, R, R]),
            ent(5, 10, &[], &[B, R, R]),
            ent(6, 10, &[], &[B, R, R]),
        ],
    );
    let p = pair_section(&i).unwrap();
    assert!([2, 3].contains(&partner(&p, 1)), "{p:?}");
    assert!(!p.breaks.is_empty(), "the break is named: {p:?}");
    let best = cost::cost(&i, &p.pairs, p.bye).unwrap();
    assert_eq!(
        best.score[0],
        (1, 1),
        "the leader's pair differs by one point"
    );
    // Before the last round the same players may not break the rule: 1 meets a ten.
    let before = input(9, false, i.entrants.clone());
    let q = pair_section(&before).unwrap();
    assert!([4, 5, 6].contains(&partner(&q, 1)), "{q:?}");
    assert!(q.breaks.is_empty());
}

#[test]
fn no_eight_v_five_just_to_avoid_a_double_float() {
    // 8: 1; 6: 2, 3; 5: 4, 5, 6. Both sixes floated up last round: 1 v a six makes that six
    // float up twice, 1 v a five does not, but 8 v 6 is the better score structure.
    let mut es = vec![
        ent(1, 8, &[], &[R, B]),
        ent(2, 6, &[], &[B, R]),
        ent(3, 6, &[], &[B, R]),
        ent(4, 5, &[], &[R, B]),
        ent(5, 5, &[], &[B, R]),
        ent(6, 5, &[], &[R, B]),
    ];
    es[0].floats = vec![Float::None];
    es[1].floats = vec![Float::Up];
    es[2].floats = vec![Float::Up];
    let i = input(3, false, es);
    let p = pair_section(&i).unwrap();
    assert!([2, 3].contains(&partner(&p, 1)), "{p:?}");
}

#[test]
fn the_floater_is_chosen_with_colour_in_view() {
    // 4: 1, 2, 3 (1 and 2 due red, 3 due black); 2: 4, 5, 6 (4 and 6 due black, 5 due red).
    // Floating the lowest-ranked, 3, leaves 1–2, both due red. Floating 2 keeps every pair
    // clean: 1–3, 2 v a player due black, and the rest.
    let i = input(
        3,
        false,
        vec![
            ent(1, 4, &[], &[R, B]),
            ent(2, 4, &[], &[R, B]),
            ent(3, 4, &[], &[B, R]),
            ent(4, 2, &[], &[B, R]),
            ent(5, 2, &[], &[R, B]),
            ent(6, 2, &[], &[B, R]),
        ],
    );
    let p = pair_section(&i).unwrap();
    assert_eq!(same_colour_pairs(&i, &p), 0, "{p:?}");
    assert!(paired(&p, 1, 3), "{p:?}");
    assert!([4, 6].contains(&partner(&p, 2)), "{p:?}");
}

#[test]
fn the_bye_that_keeps_the_group_whole() {
    // 2: 1, 2; 0: 3, 4, 5, 6, 7. 3 met 4, 5 and 6. The lowest-ranked, 7, would leave 3
    // unpairable inside the group (two pairs cross); the lowest-ranked whose bye keeps both
    // zero pairs inside is 6 (3–7, 4–5). The zeros are all due red, so colour balance does
    // not choose.
    let i = input(
        3,
        false,
        vec![
            ent(1, 2, &[], &[R, B]),
            ent(2, 2, &[], &[B, R]),
            ent(3, 0, &[4, 5, 6], &[R, B]),
            ent(4, 0, &[], &[R, B]),
            ent(5, 0, &[], &[R, B]),
            ent(6, 0, &[], &[R, B]),
            ent(7, 0, &[], &[R, B]),
        ],
    );
    let p = pair_section(&i).unwrap();
    assert_eq!(p.bye, Some(PlayerNo(6)), "{p:?}");
    assert!(
        paired(&p, 1, 2) && paired(&p, 3, 7) && paired(&p, 4, 5),
        "{p:?}"
    );
    let why = p.general.iter().find_map(|l| match l {
        bianpai::domain::pairing::Line::Bye { passed_over, .. } => Some(passed_over.clone()),
        _ => None,
    });
    assert_eq!(why, Some(vec![PlayerNo(7)]), "7 is named as passed over");
}

#[test]
fn no_third_black_in_the_last_round_for_nothing() {
    // Last round, one score group: 1 and 2 had black twice in a row, 3 and 4 red twice.
    // Nothing in the score structure is gained by a break: 1 and 2 both get red.
    let i = input(
        7,
        true,
        vec![
            ent(1, 6, &[], &[R, B, B]),
            ent(2, 6, &[], &[R, B, B]),
            ent(3, 6, &[], &[B, R, R]),
            ent(4, 6, &[], &[B, R, R]),
        ],
    );
    let p = pair_section(&i).unwrap();
    assert!(p.breaks.is_empty(), "{p:?}");
    for &(r, _) in &p.pairs {
        assert!([PlayerNo(1), PlayerNo(2)].contains(&r), "{p:?}");
    }
    // With a top player who must meet a lower score, the higher score's colour need (step 4)
    // never overrides rule 4 when the other allocation keeps it.
    let j = input(
        7,
        true,
        vec![
            ent(1, 8, &[], &[B, R, B, R, B]),
            ent(2, 6, &[], &[R, R, B, B]),
        ],
    );
    let q = pair_section(&j).unwrap();
    assert_eq!(q.pairs, vec![(PlayerNo(2), PlayerNo(1))], "{q:?}");
    assert!(q.breaks.is_empty());
}
