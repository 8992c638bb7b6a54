//! The Swiss engine's tests: hard rules, quality criteria, colours, large fields.
#![allow(unused_imports)]
use std::collections::{HashMap, HashSet};

use super::colour::ColourState;
use super::cost::{Digit, Layout};
use crate::domain::event::{Pairing, Stage};
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::pairing::explain::{Break, Criterion, Line};
use crate::domain::pairing::{Entrant, SectionInput};
use crate::domain::side::Side;
use crate::domain::tournament::Tournament;

use super::*;
use crate::domain::event::{Event, PlayerEntry};
use crate::domain::ids::Board;
use crate::domain::pairing::Float;
use crate::domain::result::GameResult;
use crate::domain::rules::Rules;
use Side::{Black as B, Red as R};

fn ent(no: u32, score: u32, opponents: &[u32], colours: &[Side]) -> Entrant {
    Entrant {
        no: PlayerNo(no),
        score,
        opponents: opponents.iter().map(|&o| PlayerNo(o)).collect(),
        colours: colours.to_vec(),
        had_bye: false,
        floats: Vec::new(),
        rank: 0,
    }
}

fn input(round: u32, last: bool, mut entrants: Vec<Entrant>) -> SectionInput {
    entrants.sort_by(|a, b| b.score.cmp(&a.score).then(a.no.cmp(&b.no)));
    for (i, e) in entrants.iter_mut().enumerate() {
        e.rank = i as u32 + 1;
    }
    SectionInput {
        round: Round(round),
        last_round: last,
        late_rounds: last,
        relax_colours: false,
        entrants,
    }
}

/// The player who floated down on a board line (the higher score), if the scores differ.
fn floated_down(l: &Line) -> Option<PlayerNo> {
    match l {
        Line::Board {
            red,
            black,
            scores: (sr, sb),
            ..
        } if sr != sb => Some(if sr > sb { *red } else { *black }),
        _ => None,
    }
}

fn paired(p: &SectionPairing, a: u32, b: u32) -> bool {
    p.pairs
        .iter()
        .any(|&(r, k)| (r, k) == (PlayerNo(a), PlayerNo(b)) || (k, r) == (PlayerNo(a), PlayerNo(b)))
}

#[test]
fn bye_goes_to_lowest_score_without_bye() {
    let mut es = vec![
        ent(1, 4, &[], &[]),
        ent(2, 2, &[], &[]),
        ent(3, 2, &[], &[]),
        ent(4, 0, &[], &[]),
        ent(5, 0, &[], &[]),
    ];
    es[4].had_bye = true;
    let p = pair_section(&input(3, false, es)).unwrap();
    assert_eq!(
        p.bye,
        Some(PlayerNo(4)),
        "lowest score, 5 already had a bye"
    );
}

#[test]
fn bye_skips_players_whose_removal_leaves_no_pairing_and_takes_the_lowest_ranked() {
    // 4 had a bye; 5 (lowest without a bye) cannot go: 4 has met everyone but 5.
    // Next are 2 and 3 (2 points): the lower-ranked, 3, gets it.
    let mut es = vec![
        ent(1, 4, &[4], &[]),
        ent(2, 2, &[4], &[]),
        ent(3, 2, &[4], &[]),
        ent(4, 0, &[1, 2, 3], &[]),
        ent(5, 0, &[], &[]),
    ];
    es[3].had_bye = true;
    let p = pair_section(&input(4, false, es)).unwrap();
    assert_eq!(p.bye, Some(PlayerNo(3)));
    assert!(paired(&p, 4, 5));
    assert!(
        p.general
            .iter()
            .any(|g| matches!(g, Line::Bye { passed_over, .. } if !passed_over.is_empty())),
        "{:?}",
        p.general
    );
}

#[test]
fn no_bye_possible_is_an_error_naming_players() {
    let mut es = vec![ent(1, 2, &[], &[])];
    es[0].had_bye = true;
    assert_eq!(
        pair_section(&input(2, false, es)),
        Err(PairingError::Unpairable(vec![PlayerNo(1)]))
    );
}

#[test]
fn jam_that_top_down_greedy_cannot_solve() {
    // Top group 1–4, below 5 and 6, who have met. Pairing the top group first (1–2, 3–4)
    // leaves 5–6. 4 has met both 5 and 6, so two others must come down: 3 and 2 (from the
    // bottom), and 1 plays 4.
    let es = vec![
        ent(1, 6, &[], &[R, B, R, B]),
        ent(2, 6, &[], &[B, R, B, R]),
        ent(3, 6, &[], &[R, B, R, B]),
        ent(4, 6, &[5, 6], &[B, R, B, R]),
        ent(5, 4, &[6, 4], &[R, B, R, B]),
        ent(6, 4, &[5, 4], &[B, R, B, R]),
    ];
    let p = pair_section(&input(5, false, es)).unwrap();
    assert!(paired(&p, 1, 4), "{p:?}");
    assert!(!paired(&p, 5, 6));
    assert_eq!(p.pairs.len(), 3);
    assert!(
        p.general.iter().any(|g| matches!(
            g,
            Line::FloatsDown { score: 6, players, .. } if *players == [PlayerNo(2), PlayerNo(3)]
        )),
        "{:?}",
        p.general
    );
}

#[test]
fn colour_rules_are_hard_before_the_last_round_and_relaxed_in_it() {
    // Two players who both need red (two blacks in a row).
    let es = || vec![ent(1, 4, &[], &[R, B, B]), ent(2, 4, &[], &[R, B, B])];
    assert_eq!(
        pair_section(&input(4, false, es())),
        Err(PairingError::Unpairable(vec![PlayerNo(1), PlayerNo(2)]))
    );
    let p = pair_section(&input(4, true, es())).unwrap();
    assert_eq!(p.pairs.len(), 1);
    assert!(
        matches!(&p.notes[0], Line::Board { breaks, .. } if !breaks.is_empty()),
        "{:?}",
        p.notes
    );
    assert!(
        p.general.iter().any(|g| matches!(g, Line::Relaxed(_))),
        "{:?}",
        p.general
    );
}

#[test]
fn last_round_relaxes_colours_rather_than_break_up_the_top_group() {
    // 1 and 2 lead and both need red; 3 and 4 both need black. Before the last round the
    // leaders must float (1–3, 2–4); in the last round the leaders meet.
    let es = || {
        vec![
            ent(1, 6, &[], &[R, B, B]),
            ent(2, 6, &[], &[R, B, B]),
            ent(3, 4, &[], &[B, R, R]),
            ent(4, 4, &[], &[B, R, R]),
        ]
    };
    let before = pair_section(&input(4, false, es())).unwrap();
    assert!(!paired(&before, 1, 2), "{before:?}");
    let last = pair_section(&input(4, true, es())).unwrap();
    assert!(paired(&last, 1, 2) && paired(&last, 3, 4), "{last:?}");
}

#[test]
fn floaters_come_from_the_bottom_and_not_twice_in_a_row() {
    // Everyone due red: colour balance cannot decide.
    let mut es = vec![
        ent(1, 4, &[], &[R, B]),
        ent(2, 4, &[], &[R, B]),
        ent(3, 4, &[], &[R, B]),
        ent(4, 2, &[], &[R, B]),
        ent(5, 2, &[], &[R, B]),
        ent(6, 2, &[], &[R, B]),
    ];
    let p = pair_section(&input(3, false, es.clone())).unwrap();
    assert!(p.pairs.iter().any(|&(r, b)| [r, b].contains(&PlayerNo(3))
        && ![r, b].contains(&PlayerNo(1))
        && ![r, b].contains(&PlayerNo(2))));
    // 3 floated down last round: 2 comes down instead.
    es[2].floats = vec![Float::Down];
    let p = pair_section(&input(3, false, es)).unwrap();
    assert!(paired(&p, 1, 3), "{p:?}");
    assert!(
        p.notes.iter().any(|n| floated_down(n) == Some(PlayerNo(2))),
        "{:?}",
        p.notes
    );
}

fn entry(name: &str, group: &str) -> PlayerEntry {
    PlayerEntry {
        name: name.to_string(),
        gender: None,
        birth: None,
        club: String::new(),
        team: String::new(),
        group: group.to_string(),
        local: false,
        id_number: None,
    }
}

fn game(board: u32, red: u32, black: u32) -> Pairing {
    Pairing {
        board: Board(board),
        red: PlayerNo(red),
        black: PlayerNo(black),
        stage: Stage::Swiss,
        game: crate::domain::event::GameKind::Slow,
    }
}

#[test]
fn hard_rules_of_a_hand_made_pairing() {
    let rules = Rules::preset("qiyuan-2019").unwrap();
    let mut events = vec![Event::Created {
        title: "t".to_string(),
        rules: Box::new(rules),
    }];
    for (i, group) in [
        "open", "open", "open", "open", "open", "open", "junior", "junior",
    ]
    .iter()
    .enumerate()
    {
        events.push(Event::PlayerRegistered {
            no: PlayerNo(i as u32 + 1),
            entry: entry(&format!("P{}", i + 1), group),
        });
    }
    events.push(Event::NumbersDrawn {
        seed: None,
        order: (1..=8).map(PlayerNo).collect(),
    });
    // Rounds 1 and 2: 1 red twice, 2 black twice; the juniors 7 and 8 had byes.
    for (round, games) in [
        (1, vec![game(1, 1, 2), game(2, 3, 4), game(3, 5, 6)]),
        (2, vec![game(1, 1, 5), game(2, 6, 2), game(3, 4, 3)]),
    ] {
        events.push(Event::RoundPaired {
            round: Round(round),
            games: games.clone(),
            byes: vec![PlayerNo(7), PlayerNo(8)],
        });
        for g in &games {
            events.push(Event::ResultRecorded {
                round: Round(round),
                board: g.board,
                result: GameResult::Draw,
                cause: crate::domain::event::Cause::Arbiter,
                at: None,
            });
        }
    }
    let t = Tournament::replay(&events).unwrap();
    // A clean pairing: no warnings.
    let clean = [game(1, 2, 3), game(2, 6, 1), game(3, 5, 4), game(4, 7, 8)];
    assert_eq!(check_hard_rules(&t, Round(3), &clean), Vec::new());
    // 1 red a third time against 2 (met, 2 black a third time), 4 v 3 again, 5 v 7 across
    // sections, 6 twice, 8 missing.
    let bad = [game(1, 1, 2), game(2, 4, 3), game(3, 5, 7), game(4, 6, 6)];
    let w: Vec<String> = check_hard_rules(&t, Round(3), &bad)
        .iter()
        .map(ToString::to_string)
        .collect();
    let has = |s: &str| w.iter().any(|x| x.contains(s));
    assert!(has("board 1: 1 (P1) and 2 (P2) have already met"), "{w:?}");
    assert!(
        has("board 1: 1 (P1) would have red a third time in a row"),
        "{w:?}"
    );
    assert!(
        has("board 1: 2 (P2) would have black a third time in a row"),
        "{w:?}"
    );
    assert!(has("board 2: 4 (P4) and 3 (P3) have already met"), "{w:?}");
    assert!(
        has("board 3: 5 (P5) (公开组) and 7 (P7) (少年组) are in different sections"),
        "{w:?}"
    );
    assert!(has("player 6 (P6) is paired twice"), "{w:?}");
    assert!(has("player 8 (P8) is not paired"), "{w:?}");
    assert!(
        !has("board 2: 4 (P4) would"),
        "4 had black twice and gets red: {w:?}"
    );
}
