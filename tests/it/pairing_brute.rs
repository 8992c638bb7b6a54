//! The engine against brute force (RULES.md §3): for small fields with random histories, every
//! perfect matching (and every bye) is scored with the engine's own cost definition
//! (`swiss::cost`); the engine's pairing must be legal and reach the minimum cost, and
//! whenever brute force finds a legal pairing the engine must find one too.

use crate::support::pairing as pairing_common;

use bianpai::domain::ids::PlayerNo;
use bianpai::domain::pairing::{SectionInput, pair_section};
use bianpai::domain::side::Side;
use bianpai::domain::swiss::colour::{self, ColourState};
use bianpai::domain::swiss::cost::{self, Cost};
use bianpai::domain::swiss::pair_section_tuned;
use pairing_common::{pair_next, play_round, section_input, tournament};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Whether `a` and `b` may meet at all: not met, and (before the last round) some allocation
/// keeps rules 4 and 5.
fn legal_pair(input: &SectionInput, a: usize, b: usize) -> bool {
    let (ea, eb) = (&input.entrants[a], &input.entrants[b]);
    if ea.has_met(eb.no) || eb.has_met(ea.no) {
        return false;
    }
    if input.last_round || input.relax_colours {
        return true;
    }
    let (ca, cb) = (ColourState::of(&ea.colours), ColourState::of(&eb.colours));
    colour::least_breaks(&ca, &cb) == 0
}

fn enumerate(
    input: &SectionInput,
    free: &mut Vec<usize>,
    pairs: &mut Vec<(usize, usize)>,
    bye: Option<PlayerNo>,
    best: &mut Option<Cost>,
) {
    let Some(&first) = free.first() else {
        let oriented: Vec<(PlayerNo, PlayerNo)> = pairs
            .iter()
            .map(|&(a, b)| {
                let (ea, eb) = (&input.entrants[a], &input.entrants[b]);
                let (a_red, _) = colour::allocate(ea, eb, input.round, input.late_rounds);
                if a_red {
                    (ea.no, eb.no)
                } else {
                    (eb.no, ea.no)
                }
            })
            .collect();
        if let Ok(c) = cost::cost(input, &oriented, bye)
            && best.as_ref().is_none_or(|b| c < *b)
        {
            *best = Some(c);
        }
        return;
    };
    for k in 1..free.len() {
        let other = free[k];
        if !legal_pair(input, first, other) {
            continue;
        }
        let saved = free.clone();
        free.retain(|&x| x != first && x != other);
        pairs.push((first, other));
        enumerate(input, free, pairs, bye, best);
        pairs.pop();
        *free = saved;
    }
}

fn brute_force(input: &SectionInput) -> Option<Cost> {
    let n = input.entrants.len();
    let mut best = None;
    let byes: Vec<Option<usize>> = if n.is_multiple_of(2) {
        vec![None]
    } else {
        (0..n)
            .filter(|&i| !input.entrants[i].had_bye)
            .map(Some)
            .collect()
    };
    for bye in byes {
        let mut free: Vec<usize> = (0..n).filter(|&i| Some(i) != bye).collect();
        enumerate(
            input,
            &mut free,
            &mut Vec::new(),
            bye.map(|b| input.entrants[b].no),
            &mut best,
        );
    }
    best
}

fn check(input: &SectionInput, label: &str) -> bool {
    let brute = brute_force(input);
    match (pair_section(input), brute) {
        (Ok(p), Some(best)) => {
            assert_eq!(p.notes.len(), p.pairs.len(), "{label}: one note per pair");
            let got = cost::cost(input, &p.pairs, p.bye)
                .unwrap_or_else(|e| panic!("{label}: engine pairing illegal: {e}"));
            assert_eq!(
                got, best,
                "{label}: engine cost differs from the brute-force minimum\ninput: {input:#?}\nengine: {p:#?}"
            );
            // Allocation never breaks a colour rule that the other allocation avoids.
            for &(r, b) in &p.pairs {
                let er = input.entrants.iter().find(|e| e.no == r).unwrap();
                let eb = input.entrants.iter().find(|e| e.no == b).unwrap();
                let (cr, cb) = (ColourState::of(&er.colours), ColourState::of(&eb.colours));
                let here = cr.breaks(Side::Red) + cb.breaks(Side::Black);
                assert_eq!(
                    here,
                    colour::least_breaks(&cr, &cb),
                    "{label}: {r} v {b} avoidable colour break"
                );
            }
            // The candidate-edge path (used for large fields) reaches the same cost.
            let sparse = pair_section_tuned(input, 0).expect("sparse path pairs too");
            let sparse_cost = cost::cost(input, &sparse.pairs, sparse.bye)
                .unwrap_or_else(|e| panic!("{label}: sparse pairing illegal: {e}"));
            assert_eq!(sparse_cost, best, "{label}: sparse path differs");
            true
        }
        (Err(e), Some(best)) => {
            panic!("{label}: engine failed ({e}) but brute force found {best:?}\ninput: {input:#?}")
        }
        (Ok(p), None) => panic!("{label}: brute force found nothing but the engine paired {p:?}"),
        (Err(_), None) => false,
    }
}

fn run_event(preset: &str, n: usize, seed: u64) -> usize {
    let mut t = tournament(preset, n, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut checked = 0;
    for round in 1..=t.rules.rounds {
        if round > 1 {
            for s in 0..t.rules.sections.len() {
                let input = section_input(&t, s);
                if input.entrants.is_empty() {
                    continue;
                }
                let label = format!("{preset} n={n} seed={seed} round {round} section {s}");
                if !check(&input, &label) {
                    return checked;
                }
                checked += 1;
            }
        }
        if pair_next(&mut t).is_err() {
            return checked;
        }
        play_round(&mut t, &mut rng);
        // Now and then a withdrawal, to shake the histories up.
        if rng.next_u32() % 7 == 0 && !t.players.is_empty() {
            let no = PlayerNo(rng.next_u32() % t.players.len() as u32 + 1);
            let cmd = bianpai::domain::Command::WithdrawPlayer {
                no,
                reason: "test".to_string(),
            };
            if let Ok(events) = t.decide(&pairing_common::actor(), &cmd) {
                for e in &events {
                    t.apply(e);
                }
            }
        }
    }
    checked
}

#[test]
fn engine_matches_brute_force_on_small_fields() {
    let mut checked = 0;
    for seed in 0..36u64 {
        let n = 2 + (seed as usize * 7) % 12; // 2..=13
        let preset = ["qigu-2024-07", "lvliang-2024", "qiyuan-2019"][seed as usize % 3];
        checked += run_event(preset, n, seed);
    }
    assert!(checked > 100, "only {checked} pairings were compared");
}

#[test]
fn late_rounds_of_ten_players() {
    // Ten players, nine rounds: late rounds jam a top-down greedy; every round the engine can
    // pair, brute force agrees, and when it cannot, brute force finds nothing either.
    let mut checked = 0;
    for seed in 100..112u64 {
        checked += run_event("qigu-2024-07", 10, seed);
    }
    assert!(checked > 40, "only {checked} pairings were compared");
}

#[test]
fn engine_matches_brute_force_on_fields_of_fourteen_to_sixteen() {
    // The largest fields brute force can enumerate (16 players: 2,027,025 perfect matchings).
    let mut checked = 0;
    for (n, seed) in [(14, 200u64), (15, 201), (16, 202)] {
        let preset = ["qigu-2024-07", "lvliang-2024", "qiyuan-2019"][seed as usize % 3];
        checked += run_event(preset, n, seed);
    }
    assert!(checked >= 12, "only {checked} pairings were compared");
}
