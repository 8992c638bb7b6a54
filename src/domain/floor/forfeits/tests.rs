use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::*;
use crate::domain::command::{Actor, Command};
use crate::domain::event::{Cause, PlayerEntry};
use crate::domain::rules::{FoulKind, Role, Rules};
use crate::domain::side::Side;

const RESULTS: [GameResult; 6] = [
    GameResult::RedWin,
    GameResult::BlackWin,
    GameResult::Draw,
    GameResult::RedWinForfeit,
    GameResult::BlackWinForfeit,
    GameResult::DoubleForfeit,
];

fn roll(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

fn run(t: &mut Tournament, cmd: &Command) {
    let head = Actor {
        user: "test".into(),
        role: Role::Head,
    };
    if let Ok(evs) = t.decide(&head, cmd) {
        for e in &evs {
            t.apply(e);
        }
    }
}

/// A board of an earlier or the current round, at random.
fn some_board(t: &Tournament, rng: &mut ChaCha8Rng) -> Option<(Round, Board)> {
    let r = t.rounds.get(roll(rng, t.rounds.len().max(1)))?;
    let g = r.games.get(roll(rng, r.games.len().max(1)))?;
    Some((r.round, g.board))
}

/// Pending events of the kinds decisions hand the rule: results (forfeits often), corrections
/// (to a forfeit, away from one, cleared), fouls, seats, and now and then one the overlay
/// cannot take (a lot, a withdrawal).
fn pending(t: &Tournament, rng: &mut ChaCha8Rng) -> Vec<Event> {
    let mut out = Vec::new();
    // Now and then a whole batch (a round's results at once): enough players for the rule to
    // index the rounds' seats rather than scan them.
    let count = if roll(rng, 4) == 0 { 12 } else { roll(rng, 4) };
    for _ in 0..=count {
        let Some((round, board)) = some_board(t, rng) else {
            break;
        };
        let result = RESULTS[roll(rng, RESULTS.len())];
        out.push(match roll(rng, 8) {
            0..=2 => Event::ResultRecorded {
                round,
                board,
                result,
                cause: Cause::Arbiter,
                at: None,
            },
            3 | 4 => Event::ResultCorrected {
                round,
                board,
                result: (roll(rng, 5) > 0).then_some(result),
                reason: "x".into(),
                was: None,
            },
            5 => Event::FoulRecorded {
                round,
                board,
                side: Side::Red,
                kind: FoulKind::Other,
            },
            6 => match t.game(round, board) {
                Some(g) => Event::LotDrawn {
                    round,
                    board,
                    red: g.black,
                    black: g.red,
                },
                None => continue,
            },
            _ => Event::PlayerWithdrawn {
                no: PlayerNo(roll(rng, t.players.len()) as u32 + 1),
                by_rule: true,
                reason: "x".into(),
            },
        });
    }
    out
}

proptest::proptest! {
    /// The rule reads the same through the pending results' overlay as through a copy of the
    /// whole state with the events applied: the same events out, in the same order.
    #[test]
    fn the_overlay_decides_as_the_copy(seed in 0u64..u64::MAX, limit in 1u32..4, n in 4u32..13) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut rules = Rules::preset("qigu-2024-07").unwrap();
        rules.registration.capacity = None;
        rules.withdraw_after_forfeits = limit;
        rules.rounds = 6;
        let mut t = Tournament::new(rules.title.clone(), rules);
        for i in 0..n {
            run(&mut t, &Command::RegisterPlayer(PlayerEntry {
                name: format!("Player {i}"),
                gender: None,
                birth: None,
                club: String::new(),
                team: String::new(),
                group: String::new(),
                local: false,
                id_number: None,
            }));
        }
        run(&mut t, &Command::DrawNumbers { seed });
        for _ in 0..6 {
            run(&mut t, &Command::PairNextRound);
            run(&mut t, &Command::StartRound { at: chrono::DateTime::UNIX_EPOCH });
            let boards: Vec<Board> = t.current().map(|r| r.games.iter().map(|g| g.board).collect()).unwrap_or_default();
            for board in boards {
                for _ in 0..3 {
                    let evs = pending(&t, &mut rng);
                    proptest::prop_assert_eq!(
                        t.consequences(evs.clone(), true),
                        t.consequences(evs, false)
                    );
                }
                // Forfeits often, so that runs reach the limit and corrections undo them.
                let result = RESULTS[roll(&mut rng, RESULTS.len())];
                run(&mut t, &Command::RecordResult { round: None, board, result, correct: None });
            }
            // The seats' index finds every player's game of every round as a scan does.
            let seats = Seats::new(&t);
            for p in &t.players {
                for (k, r) in t.rounds.iter().enumerate() {
                    proptest::prop_assert_eq!(
                        seats.game(k, p.no).map(|g| g.board),
                        r.game_of(p.no).map(|g| g.board)
                    );
                }
            }
            if let Some((round, board)) = some_board(&t, &mut rng) {
                let result = RESULTS[roll(&mut rng, RESULTS.len())];
                run(&mut t, &Command::RecordResult { round: Some(round), board, result, correct: Some("fix".into()) });
            }
        }
    }
}
