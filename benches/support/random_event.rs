//! A random Swiss for the benches: `players` players, `rounds` rounds of random pairings
//! and results (forfeits and double forfeits among them), a foul on one board in ten, with
//! `chain` as the tiebreaks. Fixed by its seed, dependency-free.

use bianpai::domain::event::{Cause, GameKind, Pairing, Stage};
use bianpai::domain::rules::{FoulKind, Prizes, Tiebreak};
use bianpai::domain::{
    Board, Event, GameResult, PlayerEntry, PlayerNo, Round, Rules, Side, Tournament,
};

/// splitmix64: a fixed, dependency-free stream of random numbers.
struct Mix(u64);

impl Mix {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// The event, from the `preset`'s rules (its first section, no prizes, no capacity).
pub fn event(preset: &str, players: u32, rounds: u32, chain: Vec<Tiebreak>) -> Tournament {
    let mut rules = Rules::preset(preset).expect("preset");
    rules.sections.truncate(1);
    rules.prizes = Prizes::default();
    rules.registration.capacity = None;
    rules.rounds = rounds;
    rules.tiebreaks = chain;
    let mut ev = vec![Event::Created {
        title: "bench".into(),
        rules: Box::new(rules),
    }];
    for i in 1..=players {
        ev.push(Event::PlayerRegistered {
            no: PlayerNo(i),
            entry: PlayerEntry::named(format!("P{i}")),
        });
    }
    let mut rng = Mix(9);
    for round in 1..=rounds {
        let mut pool: Vec<u32> = (1..=players).collect();
        for i in (1..pool.len()).rev() {
            pool.swap(i, rng.below(i + 1));
        }
        let games: Vec<Pairing> = pool
            .chunks_exact(2)
            .enumerate()
            .map(|(k, p)| Pairing {
                board: Board(k as u32 + 1),
                red: PlayerNo(p[0]),
                black: PlayerNo(p[1]),
                stage: Stage::Swiss,
                game: GameKind::Slow,
            })
            .collect();
        let byes = pool
            .chunks_exact(2)
            .remainder()
            .iter()
            .map(|n| PlayerNo(*n))
            .collect();
        let boards = games.len();
        ev.push(Event::RoundPaired {
            round: Round(round),
            games,
            byes,
        });
        for b in 1..=boards {
            let result = GameResult::ALL[[0, 0, 1, 1, 2, 2, 2, 3, 4, 5][rng.below(10)]];
            ev.push(Event::ResultRecorded {
                round: Round(round),
                board: Board(b as u32),
                result,
                cause: Cause::Arbiter,
                at: None,
            });
            if rng.below(10) == 0 {
                ev.push(Event::FoulRecorded {
                    round: Round(round),
                    board: Board(b as u32),
                    side: Side::Red,
                    kind: FoulKind::Other,
                });
            }
        }
    }
    Tournament::replay(&ev).expect("created")
}
