//! Standings with every tiebreak after round 9 for 1,000 players (target: under 10 ms).
//! Run: `cargo bench --bench standings -- --quick`.

use std::hint::black_box;

use bianpai::domain::event::{Cause, GameKind, Pairing, Stage};
use bianpai::domain::rules::{FoulKind, Prizes, Tiebreak};
use bianpai::domain::standings::{history, standings};
use bianpai::domain::{
    Board, Event, GameResult, PlayerEntry, PlayerNo, Round, Rules, Side, Tournament,
};
use criterion::{Criterion, criterion_group, criterion_main};

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

/// 1,000 players, 9 rounds of random pairings and results, some fouls, every criterion in
/// the chain (direct encounter included).
fn event() -> Tournament {
    let players = 1000_u32;
    let mut rules = Rules::preset("qiyuan-2019").expect("preset");
    rules.sections.truncate(1);
    rules.prizes = Prizes::default();
    rules.registration.capacity = None;
    rules.rounds = 9;
    rules.tiebreaks = vec![
        Tiebreak::OpponentScore,
        Tiebreak::Progressive,
        Tiebreak::Wins,
        Tiebreak::Fouls,
        Tiebreak::DirectEncounter,
        Tiebreak::BlackGames,
        Tiebreak::BlackWins,
        Tiebreak::PreviousRoundPoints,
        Tiebreak::PreviousRoundRank,
        Tiebreak::DrawNumber,
    ];
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
    for round in 1..=9 {
        let mut pool: Vec<u32> = (1..=players).collect();
        for i in (1..pool.len()).rev() {
            pool.swap(i, rng.below(i + 1));
        }
        let games: Vec<Pairing> = pool
            .chunks(2)
            .enumerate()
            .map(|(k, p)| Pairing {
                board: Board(k as u32 + 1),
                red: PlayerNo(p[0]),
                black: PlayerNo(p[1]),
                stage: Stage::Swiss,
                game: GameKind::Slow,
            })
            .collect();
        let boards = games.len();
        ev.push(Event::RoundPaired {
            round: Round(round),
            games,
            byes: vec![],
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

fn bench(c: &mut Criterion) {
    let t = event();
    c.bench_function("standings after round 9, 1000 players", |b| {
        b.iter(|| standings(black_box(&t), Round(9)));
    });
    c.bench_function("history of 9 rounds, 1000 players", |b| {
        b.iter(|| history(black_box(&t)));
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
