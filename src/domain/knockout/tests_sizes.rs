//! The bracket's sizes (docs/rules.md#7-knockout): a final alone for two, quarter-finals
//! that keep the bracket and places 5–8 for eight. Given a field after round 1, when the
//! knockout rounds are paired and decided, then the boards, stages and places follow.

use super::fixture::after_round_one;
use super::placing::{PLACES, Placing, placings};
use super::*;
use crate::domain::event::{Cause, Event, Pairing};
use crate::domain::pairing::propose;
use crate::domain::standings::standings;

/// Round 1 of a field of `n` (even): board k is 2k−1 v 2k, the odd numbers win with red.
fn field(n: u32, players: u32) -> Tournament {
    let boards: Vec<(u32, u32, GameResult)> = (1..=n / 2)
        .map(|k| (2 * k - 1, 2 * k, GameResult::RedWin))
        .collect();
    after_round_one(n, players, &boards)
}

/// Pairs `round` with the knockout's boards and no others, starts it and lets the players in
/// `winners` win their slow games.
fn play(t: &mut Tournament, round: u32, winners: &[PlayerNo]) -> Vec<(PlayerNo, PlayerNo, Stage)> {
    let ko = pairings(t, Round(round), &[]).unwrap();
    t.apply(&Event::RoundPaired {
        round: Round(round),
        games: (1..)
            .zip(&ko)
            .map(|(board, (red, black, stage))| Pairing {
                board: Board(board),
                red: *red,
                black: *black,
                stage: *stage,
                game: GameKind::Slow,
            })
            .collect(),
        byes: vec![],
    });
    t.apply(&Event::RoundStarted {
        round: Round(round),
        at: chrono::DateTime::<chrono::Utc>::UNIX_EPOCH,
    });
    for (board, (red, black, _)) in (1..).zip(&ko) {
        let result = if winners.contains(red) {
            GameResult::RedWin
        } else if winners.contains(black) {
            GameResult::BlackWin
        } else {
            continue;
        };
        t.apply(&Event::ResultRecorded {
            round: Round(round),
            board: Board(board),
            result,
            cause: Cause::Arbiter,
            at: None,
        });
    }
    ko
}

/// The pairs of `ko` as (better seed, worse seed) positions (1-based) with their stage.
fn by_seed(seeds: &[PlayerNo], ko: &[(PlayerNo, PlayerNo, Stage)]) -> Vec<(usize, usize, Stage)> {
    let pos = |p: &PlayerNo| seeds.iter().position(|s| s == p).unwrap() + 1;
    ko.iter()
        .map(|(r, b, s)| (pos(r).min(pos(b)), pos(r).max(pos(b)), *s))
        .collect()
}

#[test]
fn two_play_one_final_and_the_rest_a_swiss_round() {
    let mut t = field(8, 2);
    let s = seeds(&t);
    assert_eq!(s.len(), 2);
    let ko = pairings(&t, Round(2), &[]).unwrap();
    assert_eq!(by_seed(&s, &ko), vec![(1, 2, Stage::Final)]);
    // The engine's round 2: the final on board 1, the six others paired by the Swiss, none
    // of the finalists among them and no rematch of round 1.
    let p = propose(&t).unwrap();
    assert_eq!(p.games[0].stage, Stage::Final);
    let swiss: Vec<&Pairing> = p.games[1..].iter().collect();
    assert_eq!(swiss.len(), 3);
    assert!(swiss.iter().all(|g| g.stage == Stage::Swiss));
    for g in &swiss {
        assert!(!s.contains(&g.red) && !s.contains(&g.black), "{g:?}");
        assert_ne!(g.red.0.div_ceil(2), g.black.0.div_ceil(2), "rematch {g:?}");
    }
    assert!(p.byes.is_empty());
    // Before its result both are marked as in the final.
    assert_eq!(
        placings(&t, Round(2)),
        vec![(s[0], Placing::InFinal), (s[1], Placing::InFinal)]
    );
    play(&mut t, 2, &[s[1]]);
    // Nothing past the final: round 3 has no knockout board.
    assert!(pairings(&t, Round(3), &[]).unwrap().is_empty());
    assert_eq!(final_places(&t), Some(vec![s[1], s[0]]));
    let table = standings(&t, Round(2));
    let top: Vec<(PlayerNo, Option<Placing>)> =
        table[..3].iter().map(|r| (r.no, r.placing)).collect();
    assert_eq!(
        top,
        vec![
            (s[1], Some(Placing::Champion)),
            (s[0], Some(Placing::RunnerUp)),
            (table[2].no, None)
        ]
    );
}

#[test]
fn four_keep_the_semi_finals_then_final_and_third_place() {
    let mut t = field(8, 4);
    let s = seeds(&t);
    let ko = play(&mut t, 2, &[s[3], s[1]]);
    assert_eq!(
        by_seed(&s, &ko),
        vec![(1, 4, Stage::SemiFinal), (2, 3, Stage::SemiFinal)]
    );
    let ko = pairings(&t, Round(3), &[]).unwrap();
    assert_eq!(
        by_seed(&s, &ko),
        vec![(2, 4, Stage::Final), (1, 3, Stage::ThirdPlace)]
    );
}

#[test]
fn eight_play_quarter_finals_then_the_bracket_and_places_five_to_eight_by_seed() {
    let mut t = field(16, 8);
    let s = seeds(&t);
    assert_eq!(s.len(), 8);
    // Quarter-finals 1 v 8, 2 v 7, 3 v 6, 4 v 5 on boards 1–4; seeds 7 and 5 win.
    let ko = play(&mut t, 2, &[s[0], s[6], s[2], s[4]]);
    assert_eq!(
        by_seed(&s, &ko),
        vec![
            (1, 8, Stage::QuarterFinal),
            (2, 7, Stage::QuarterFinal),
            (3, 6, Stage::QuarterFinal),
            (4, 5, Stage::QuarterFinal),
        ]
    );
    // Places 5–8 are decided at once: the losers (2, 4, 6, 8) in seed order.
    let marks = placings(&t, Round(2));
    let mark = |k: usize| marks.iter().find(|(p, _)| *p == s[k - 1]).unwrap().1;
    assert_eq!(
        [1, 7, 3, 5, 2, 4, 6, 8].map(mark),
        [
            Placing::InSemiFinal,
            Placing::InSemiFinal,
            Placing::InSemiFinal,
            Placing::InSemiFinal,
            Placing::Fifth,
            Placing::Sixth,
            Placing::Seventh,
            Placing::Eighth,
        ]
    );
    // The semi-finals keep the bracket: winner of 1 v 8 meets winner of 4 v 5, 2 v 7 meets
    // 3 v 6 (seed 3 ahead of seed 7 on the board order).
    let ko = play(&mut t, 3, &[s[4], s[2]]);
    assert_eq!(
        by_seed(&s, &ko),
        vec![(1, 5, Stage::SemiFinal), (3, 7, Stage::SemiFinal)]
    );
    let ko = play(&mut t, 4, &[s[4], s[0]]);
    assert_eq!(
        by_seed(&s, &ko),
        vec![(3, 5, Stage::Final), (1, 7, Stage::ThirdPlace)]
    );
    let places = vec![s[4], s[2], s[0], s[6], s[1], s[3], s[5], s[7]];
    assert_eq!(final_places(&t), Some(places.clone()));
    let table = standings(&t, Round(4));
    let top: Vec<(PlayerNo, Option<Placing>)> =
        table[..9].iter().map(|r| (r.no, r.placing)).collect();
    let mut expected: Vec<(PlayerNo, Option<Placing>)> =
        places.into_iter().zip(PLACES.map(Some)).collect();
    expected.push((table[8].no, None));
    assert_eq!(top, expected);
    assert!(!s.contains(&table[8].no));
}

#[test]
fn a_quarter_final_not_decided_holds_the_semi_finals() {
    let mut t = field(16, 8);
    let s = seeds(&t);
    // Seed 4 v 5 has no result yet.
    play(&mut t, 2, &[s[0], s[1], s[2]]);
    let open = pairings(&t, Round(3), &[]).unwrap_err();
    assert!(
        matches!(open, Refusal::MatchOpen { stage: Stage::QuarterFinal, a, b }
            if [a, b] == [s[3], s[4]] || [a, b] == [s[4], s[3]]),
        "{open:?}"
    );
    // Nobody is placed 5–8 before every quarter-final is decided.
    assert!(
        placings(&t, Round(2))
            .iter()
            .all(|(_, m)| !PLACES[4..].contains(m))
    );
}

#[test]
fn too_few_players_for_the_bracket_is_refused_naming_the_size() {
    // Eight players, a bracket for eight after round 1, two withdrawn: six left.
    let mut t = field(8, 8);
    for no in [7, 8] {
        t.apply(&Event::PlayerWithdrawn {
            no: PlayerNo(no),
            by_rule: false,
            reason: "ill".into(),
        });
    }
    assert_eq!(
        pairings(&t, Round(2), &[]),
        Err(Refusal::TooFewFinalists {
            found: 6,
            after: Round(1),
            needed: 8,
        })
    );
}
