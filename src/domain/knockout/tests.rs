use super::fixture::head;
use super::*;
use crate::domain::Command;

/// Eight players; knockout after round 1 of 3. Round 1: 1–2, 4–3, 5–6, 8–7 with red wins on
/// boards 1–3 and a black win on board 4, so after round 1 the winners 1, 4, 5, 7 lead.
fn event() -> Tournament {
    use GameResult::{BlackWin, RedWin};
    super::fixture::eight_after_round_one(&[
        (1, 2, RedWin),
        (4, 3, RedWin),
        (5, 6, RedWin),
        (8, 7, BlackWin),
    ])
}

/// Knockout pairings as slow-game boards 1, 2, ….
fn slow_boards(ko: &[(PlayerNo, PlayerNo, Stage)]) -> Vec<Pairing> {
    ko.iter()
        .enumerate()
        .map(|(i, (r, b, s))| Pairing {
            board: Board(i as u32 + 1),
            red: *r,
            black: *b,
            stage: *s,
            game: GameKind::Slow,
        })
        .collect()
}

/// Pairs round 2 with the knockout boards first and the others' Swiss boards by hand.
fn pair_round2(t: &mut Tournament, choices: &[PlayerNo]) -> Vec<(PlayerNo, PlayerNo, Stage)> {
    let ko = pairings(t, Round(2), choices).unwrap();
    let mut games = slow_boards(&ko);
    for (r, b) in [(2, 6), (3, 8)] {
        games.push(Pairing {
            board: Board(games.len() as u32 + 1),
            red: PlayerNo(r),
            black: PlayerNo(b),
            stage: Stage::Swiss,
            game: GameKind::Slow,
        });
    }
    t.apply(&Event::RoundPaired {
        round: Round(2),
        games,
        byes: vec![],
    });
    t.apply(&Event::RoundStarted {
        round: Round(2),
        at: chrono::DateTime::<chrono::Utc>::UNIX_EPOCH,
    });
    ko
}

fn record(t: &mut Tournament, board: u32, result: GameResult) -> Vec<Event> {
    let evs = t
        .decide(
            &head(),
            &Command::RecordResult {
                round: None,
                board: Board(board),
                result,
                correct: None,
            },
        )
        .unwrap();
    for e in &evs {
        t.apply(e);
    }
    evs
}

#[test]
fn top_four_leave_the_swiss_for_semi_finals_one_v_four_two_v_three() {
    let t = event();
    // Winners 1, 4, 5, 7 have 3 points; ties broken by the chain down to the number.
    let s = seeds(&t);
    assert_eq!(s.len(), 4);
    assert!(s.iter().all(|p| [1, 4, 5, 7].contains(&p.0)), "{s:?}");
    assert!(finalists(&t, Round(1)).is_empty());
    assert_eq!(finalists(&t, Round(2)), s);
    let ko = pairings(&t, Round(2), &[]).unwrap();
    let pair = |x: PlayerNo, y: PlayerNo| {
        ko.iter()
            .any(|(r, b, _)| (*r == x && *b == y) || (*r == y && *b == x))
    };
    assert!(pair(s[0], s[3]) && pair(s[1], s[2]), "{ko:?}");
}

#[test]
fn slow_colours_balance_then_higher_rank_chooses() {
    let t = event();
    // 1 and 4 had red in round 1, 5 had red, 7 had black.
    let s = seeds(&t);
    for (r, b, _) in pairings(&t, Round(2), &[]).unwrap() {
        let (rr, rb) = colour_counts(&t, r);
        let (br, bb) = colour_counts(&t, b);
        assert!(
            rr - rb <= br - bb,
            "red {r} must not have more reds than black {b}"
        );
    }
    // Two players with equal counts: the higher-ranked takes red unless the lower was chosen.
    let reds: Vec<_> = s
        .iter()
        .copied()
        .filter(|p| colour_counts(&t, *p) == (1, 0))
        .collect();
    assert!(reds.len() >= 2);
    let (hi, lo) = (reds[0], reds[1]);
    assert_eq!(slow_colours(&t, hi, lo, &[]), (hi, lo));
    assert_eq!(slow_colours(&t, hi, lo, &[lo]), (lo, hi));
}

#[test]
fn a_colour_choice_is_due_exactly_where_the_counts_are_level() {
    let t = event();
    let s = seeds(&t);
    let choices = colour_choices(&t, Round(2));
    let balance = |p: PlayerNo| {
        let (r, b) = colour_counts(&t, p);
        r - b
    };
    for (hi, lo) in [(s[0], s[3]), (s[1], s[2])] {
        let level = balance(hi) == balance(lo);
        assert_eq!(choices.contains(&(hi, lo)), level, "{hi} v {lo}");
    }
    // The choice goes to the higher-ranked: with it, the lower-ranked can still be given red.
    for (hi, lo) in choices {
        let semis = pairings(&t, Round(2), &[lo]).unwrap();
        assert!(semis.iter().any(|(r, b, _)| *r == lo && *b == hi));
    }
    assert!(colour_choices(&t, Round(1)).is_empty());
}

#[test]
fn slow_game_decisive_ends_the_match() {
    let mut t = event();
    let ko = pair_round2(&mut t, &[]);
    let evs = record(&mut t, 1, GameResult::RedWin);
    assert_eq!(evs.len(), 1, "no tie-break game after a decisive slow game");
    let (r, b, _) = ko[0];
    assert_eq!(
        match_result(&t, Round(2), Stage::SemiFinal, r, b),
        Some((r, b))
    );
}

#[test]
fn slow_drawn_then_rapid_decides_with_colours_swapped() {
    let mut t = event();
    let ko = pair_round2(&mut t, &[]);
    let (r, b, _) = ko[0];
    let evs = record(&mut t, 1, GameResult::Draw);
    let Some(Event::GameAdded { game, lot_seed, .. }) = evs.get(1) else {
        panic!("expected a rapid game, got {evs:?}");
    };
    assert_eq!(
        (game.game, game.red, game.black, *lot_seed),
        (GameKind::Rapid, b, r, None)
    );
    assert_eq!(game.board, Board(5));
    assert_eq!(match_result(&t, Round(2), Stage::SemiFinal, r, b), None);
    record(&mut t, 5, GameResult::RedWin);
    assert_eq!(
        match_result(&t, Round(2), Stage::SemiFinal, r, b),
        Some((b, r))
    );
    // The drawn slow game still scores the colour-dependent draw points (red 1, black 2);
    // the rapid game scores nothing.
    assert_eq!(slow_game_points(&t, r, Round(2)), 1);
    assert_eq!(slow_game_points(&t, b, Round(2)), 2);
}

#[test]
fn armageddon_after_two_draws_and_a_draw_is_a_black_win() {
    let mut t = event();
    let ko = pair_round2(&mut t, &[]);
    let (r, b, _) = ko[1];
    record(&mut t, 2, GameResult::Draw);
    record(&mut t, 5, GameResult::Draw);
    let arm = t.round(Round(2)).unwrap().games.last().cloned().unwrap();
    assert_eq!(arm.game, GameKind::Armageddon);
    assert_eq!(arm.board, Board(6));
    // The lot comes first: the result is refused until it is entered.
    let cmd = Command::RecordResult {
        round: None,
        board: Board(6),
        result: GameResult::Draw,
        correct: None,
    };
    assert_eq!(
        t.decide(&head(), &cmd),
        Err(Refusal::LotFirst {
            round: Round(2),
            board: Board(6)
        })
    );
    let lot = t
        .decide(
            &head(),
            &Command::DrawLot {
                board: Some(Board(6)),
                higher: Side::Black,
            },
        )
        .unwrap();
    for e in &lot {
        t.apply(e);
    }
    let arm = t.round(Round(2)).unwrap().games[5].clone();
    assert!(arm.lot);
    let evs = record(&mut t, 6, GameResult::Draw);
    assert_eq!(evs.len(), 1, "no game after the armageddon");
    assert_eq!(
        match_result(&t, Round(2), Stage::SemiFinal, r, b),
        Some((arm.black, arm.red))
    );
}

#[test]
fn armageddon_lot_is_recorded_and_reproducible() {
    let mut a = event();
    let mut b = event();
    pair_round2(&mut a, &[]);
    pair_round2(&mut b, &[]);
    record(&mut a, 1, GameResult::Draw);
    record(&mut b, 1, GameResult::Draw);
    let x = record(&mut a, 5, GameResult::Draw);
    let y = record(&mut b, 5, GameResult::Draw);
    assert_eq!(x, y);
    assert!(matches!(
        x.last(),
        Some(Event::GameAdded {
            lot_seed: Some(_),
            ..
        })
    ));
}

#[test]
fn final_and_third_place_follow_the_semis_and_give_places_one_to_four() {
    let mut t = event();
    let ko = pair_round2(&mut t, &[]);
    record(&mut t, 1, GameResult::RedWin);
    record(&mut t, 2, GameResult::BlackWin);
    record(&mut t, 3, GameResult::Draw);
    record(&mut t, 4, GameResult::Draw);
    let f = pairings(&t, Round(3), &[]).unwrap();
    let winners = [ko[0].0, ko[1].1];
    let losers = [ko[0].1, ko[1].0];
    let fin = f.iter().find(|g| g.2 == Stage::Final).unwrap();
    let third = f.iter().find(|g| g.2 == Stage::ThirdPlace).unwrap();
    assert!(winners.contains(&fin.0) && winners.contains(&fin.1));
    assert!(losers.contains(&third.0) && losers.contains(&third.1));
    t.apply(&Event::RoundPaired {
        round: Round(3),
        games: slow_boards(&f),
        byes: vec![],
    });
    t.apply(&Event::RoundStarted {
        round: Round(3),
        at: chrono::DateTime::<chrono::Utc>::UNIX_EPOCH,
    });
    assert_eq!(final_places(&t), None);
    record(&mut t, 1, GameResult::BlackWin);
    record(&mut t, 2, GameResult::RedWin);
    assert_eq!(final_places(&t), Some(vec![fin.1, fin.0, third.0, third.1]));
    // Opponent-score points: the winner of the final scored the black win (3) plus the
    // semi-final slow game.
    let semi_points = slow_game_points(&t, fin.1, Round(2));
    assert_eq!(slow_game_points(&t, fin.1, Round(3)), semi_points + 3);
}

/// The kept selecting table against one computed afresh (`knockout::table`).
mod kept_table {
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    use super::*;
    use crate::domain::command::{Actor, Command};
    use crate::domain::event::{GameKind, PlayerEntry};
    use crate::domain::knockout::table::SelectingTable;
    use crate::domain::result::GameResult;
    use crate::domain::rules::{FoulKind, Role, Rules};
    use crate::domain::side::Side;

    const RESULTS: [GameResult; 5] = [
        GameResult::RedWin,
        GameResult::BlackWin,
        GameResult::Draw,
        GameResult::Draw,
        GameResult::RedWinForfeit,
    ];

    fn roll(rng: &mut ChaCha8Rng, n: usize) -> usize {
        (rng.next_u64() % n.max(1) as u64) as usize
    }

    /// The seeds as a state that never kept the table finds them.
    fn fresh_seeds(t: &Tournament) -> Vec<PlayerNo> {
        let mut fresh = t.clone();
        fresh.selecting = SelectingTable::default();
        crate::domain::knockout::seeds(&fresh)
    }

    proptest::proptest! {
        /// Kept or computed afresh, the table gives the same seeds after every event of a
        /// knockout event played with corrections of the selecting rounds, fouls, lots and
        /// a withdrawal, in the order `apply` sees them.
        #[test]
        fn the_kept_table_gives_the_seeds_computed_afresh(seed in 0u64..u64::MAX, n in 8u32..15) {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut rules = Rules::preset("lvliang-2024").unwrap();
            rules.registration.capacity = None;
            rules.rounds = 5;
            if let crate::domain::format::Format::Swiss { knockout: Some(k) } = &mut rules.format {
                k.after_round = 3;
            }
            let mut t = Tournament::new(rules.title.clone(), rules);
            let head = Actor { user: "test".into(), role: Role::Head };
            let run = |t: &mut Tournament, cmd: Command| -> Result<(), proptest::test_runner::TestCaseError> {
                if let Ok(evs) = t.decide(&head, &cmd) {
                    for e in &evs {
                        t.apply(e);
                        proptest::prop_assert_eq!(crate::domain::knockout::seeds(t), fresh_seeds(t));
                    }
                }
                Ok(())
            };
            for i in 0..n {
                run(&mut t, Command::RegisterPlayer(PlayerEntry {
                    name: format!("Player {i}"),
                    gender: None,
                    birth: None,
                    club: String::new(),
                    team: String::new(),
                    group: String::new(),
                    local: false,
                    id_number: None,
                }))?;
            }
            run(&mut t, Command::DrawNumbers { seed })?;
            for _ in 0..5 {
                let next = Round(t.current_round().0 + 1);
                let red: Vec<PlayerNo> = crate::domain::colour_choice::due(&t, next).iter().map(|(hi, _)| *hi).collect();
                run(&mut t, Command::PairNextRoundWith { red })?;
                run(&mut t, Command::StartRound { at: chrono::DateTime::UNIX_EPOCH })?;
                for _ in 0..4 {
                    let open: Vec<_> = t.current().map(|r| r.games.iter().filter(|g| g.result.is_none()).map(|g| (g.board, g.game)).collect()).unwrap_or_default();
                    for (board, game) in open {
                        if game == GameKind::Armageddon {
                            run(&mut t, Command::DrawLot { board: Some(board), higher: Side::Red })?;
                        }
                        if roll(&mut rng, 4) == 0 {
                            run(&mut t, Command::RecordFoul { round: None, board, side: Side::Red, kind: FoulKind::Other })?;
                        }
                        let result = RESULTS[roll(&mut rng, RESULTS.len())];
                        run(&mut t, Command::RecordResult { round: None, board, result, correct: None })?;
                    }
                }
                // A correction of an earlier board, the selecting rounds' included.
                if let Some(r) = t.rounds.get(roll(&mut rng, t.rounds.len())).map(|r| (r.round, r.games.len()))
                    && r.1 > 0
                {
                    let board = crate::domain::ids::Board(roll(&mut rng, r.1) as u32 + 1);
                    let result = RESULTS[roll(&mut rng, RESULTS.len())];
                    run(&mut t, Command::RecordResult { round: Some(r.0), board, result, correct: Some("fix".into()) })?;
                }
                if roll(&mut rng, 3) == 0 {
                    let no = PlayerNo(roll(&mut rng, n as usize) as u32 + 1);
                    run(&mut t, Command::WithdrawPlayer { no, reason: "x".into() })?;
                }
            }
        }
    }
}
