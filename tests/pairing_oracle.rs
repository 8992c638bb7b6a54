//! A second oracle for the engine (RULES.md §3): every round of 300 random events of 17–60
//! players (forfeits, withdrawals and byes included) is also solved as one general
//! maximum-weight matching over the whole field, with lexicographic weights built here from
//! the rules alone (bye score; per level from the top, players paired lower and the score
//! distance; colour-rule breaks in the last round; same-colour pairs, then per level), in
//! generous fixed digit widths. The engine, on its dense path and on its candidate-edge path
//! with pricing, must reach the same criteria 6 and 7 (and bye and breaks).

#![allow(clippy::many_single_char_names)]

mod pairing_common;

use bianpai::domain::pairing::blossom::{self, NONE};
use bianpai::domain::pairing::colour::{self, ColourState};
use bianpai::domain::pairing::cost::{self, Cost};
use bianpai::domain::pairing::swiss::pair_section_tuned;
use bianpai::domain::pairing::wide::{Weight, Wide};
use bianpai::domain::pairing::{SectionInput, pair_section};
use bianpai::domain::{Command, PlayerNo, Side};
use pairing_common::{actor, pair_next, play_round, section_input, tournament};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Bits per digit: every digit total of a field of at most 64 players and scores up to 40
/// stays below 2^12.
const DIGIT_BITS: u64 = 12;

fn due(c: &ColourState) -> Option<Side> {
    match c.reds - c.blacks {
        d if d < 0 => Some(Side::Red),
        d if d > 0 => Some(Side::Black),
        _ => c.last.map(Side::other),
    }
}

/// A pairing: (red, black) pairs and the bye.
type Pairs = (Vec<(PlayerNo, PlayerNo)>, Option<PlayerNo>);

/// The oracle's optimum, or `None` when no perfect matching exists.
fn oracle<W: Weight>(input: &SectionInput) -> Option<Pairs> {
    let e = &input.entrants;
    let n = e.len();
    let mut levels: Vec<u32> = e.iter().map(|x| x.score).collect();
    levels.sort_unstable_by(|a, b| b.cmp(a));
    levels.dedup();
    let k = levels.len();
    let level = |s: u32| levels.iter().position(|&x| x == s).unwrap();
    // Digits, most significant first: bye level from the bottom, (paired lower, distance) per
    // level, breaks, same colour, same colour per level.
    let digits = 1 + 2 * k + 2 + k;
    let cost_of = |d: &[(usize, u64)]| -> W {
        let mut v = vec![0u64; digits];
        for &(i, x) in d {
            v[i] += x;
        }
        let mut w = W::ZERO;
        for x in v {
            w = w.mul_add(1 << DIGIT_BITS, x);
        }
        w
    };
    let mut top = W::ZERO;
    for _ in 0..digits {
        top = top.mul_add(1 << DIGIT_BITS, 0);
    }
    let col: Vec<ColourState> = e.iter().map(|x| ColourState::of(&x.colours)).collect();
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if e[a].has_met(e[b].no) || e[b].has_met(e[a].no) {
                continue;
            }
            let breaks = colour::least_breaks(&col[a], &col[b]);
            if breaks > 0 && !input.last_round {
                continue;
            }
            let (hi, lo) = if e[a].score >= e[b].score {
                (a, b)
            } else {
                (b, a)
            };
            let l = level(e[hi].score);
            let mut d = Vec::new();
            if e[hi].score > e[lo].score {
                d.push((1 + 2 * l, 1));
                d.push((2 + 2 * l, u64::from(e[hi].score - e[lo].score)));
            }
            d.push((1 + 2 * k, u64::from(breaks)));
            if due(&col[a]).is_some() && due(&col[a]) == due(&col[b]) {
                d.push((2 + 2 * k, 1));
                d.push((3 + 2 * k + l, 1));
            }
            edges.push((a, b, top.sub(cost_of(&d))));
        }
    }
    let odd = n % 2 == 1;
    if odd {
        for (a, x) in e.iter().enumerate() {
            if !x.had_bye {
                let d = [(0, (k - 1 - level(x.score)) as u64)];
                edges.push((a, n, top.sub(cost_of(&d))));
            }
        }
    }
    let v = n + usize::from(odd);
    let m = blossom::max_weight_matching(v, &edges);
    if m.mate.contains(&NONE) {
        return None;
    }
    let mut pairs = Vec::new();
    let mut bye = None;
    for a in 0..n {
        let b = m.mate[a];
        if b == n {
            bye = Some(e[a].no);
        } else if a < b {
            let (a_red, _) = colour::allocate(&e[a], &e[b], input.round, input.late_rounds);
            pairs.push(if a_red {
                (e[a].no, e[b].no)
            } else {
                (e[b].no, e[a].no)
            });
        }
    }
    Some((pairs, bye))
}

/// Criteria 6 and 7 of a cost (with the bye's score and colour breaks).
fn six_and_seven(c: &Cost) -> impl PartialEq + std::fmt::Debug {
    (
        c.bye_score,
        c.score.clone(),
        c.colour_breaks,
        c.same_colour,
        c.same_colour_levels.clone(),
    )
}

fn check(input: &SectionInput, label: &str) -> bool {
    let expected = oracle::<Wide<32>>(input)
        .map(|(p, b)| cost::cost(input, &p, b).expect("oracle pairing is legal"));
    let dense = pair_section(input);
    let sparse = pair_section_tuned(input, 0);
    match (&expected, &dense) {
        (None, Err(_)) => {
            assert!(
                sparse.is_err(),
                "{label}: sparse path paired an unpairable round"
            );
            return false;
        }
        (Some(_), Err(e)) => panic!("{label}: engine failed ({e}) but a pairing exists"),
        (None, Ok(_)) => panic!("{label}: engine paired where the oracle found nothing"),
        _ => {}
    }
    let expected = expected.unwrap();
    for (path, p) in [("dense", dense.unwrap()), ("sparse", sparse.unwrap())] {
        let got = cost::cost(input, &p.pairs, p.bye)
            .unwrap_or_else(|e| panic!("{label} ({path}): illegal pairing: {e}"));
        assert_eq!(
            six_and_seven(&got),
            six_and_seven(&expected),
            "{label} ({path}): criteria 6–7 differ from the oracle"
        );
    }
    true
}

fn run_event(preset: &str, n: usize, seed: u64) -> usize {
    let mut t = tournament(preset, n, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0dd);
    let mut checked = 0;
    for round in 1..=t.rules.rounds {
        if round > 1 {
            for s in 0..t.rules.sections.len() {
                let input = section_input(&t, s);
                if input.entrants.len() < 2 {
                    continue;
                }
                let label = format!("{preset} n={n} seed={seed} round {round} section {s}");
                if check(&input, &label) {
                    checked += 1;
                }
            }
        }
        if pair_next(&mut t).is_err() {
            return checked;
        }
        play_round(&mut t, &mut rng);
        if rng.next_u32() % 5 == 0 {
            let no = PlayerNo(rng.next_u32() % n as u32 + 1);
            let cmd = Command::WithdrawPlayer {
                no,
                reason: "test".to_string(),
            };
            if let Ok(events) = t.decide(&actor(), &cmd) {
                for e in &events {
                    t.apply(e);
                }
            }
        }
    }
    checked
}

#[test]
fn engine_equals_the_whole_field_oracle_on_300_events() {
    let presets = ["qigu-2024-07", "lvliang-2024", "qiyuan-2019"];
    let mut checked = 0;
    for seed in 0..300u64 {
        let n = 17 + (seed as usize * 13) % 44; // 17..=60
        checked += run_event(presets[seed as usize % 3], n, 1000 + seed);
    }
    assert!(checked > 1500, "only {checked} rounds were compared");
}
