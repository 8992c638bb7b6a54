//! Pairing round 9 of a 9-round event (RULES.md §3) for 1,000 and 5,000 players. The setup
//! (not timed) plays rounds 1–8 through the real domain with the engine and seeded random
//! results; the timed part is `pair_section` on the round-9 input, once as the last round
//! (colour rules relaxable) and once with the colour rules hard.

use std::hint::black_box;

use bianpai::domain::event::{Event, PlayerEntry};
use bianpai::domain::pairing::{self, SectionInput, pair_section};
use bianpai::domain::rules::{Role, Rules};
use bianpai::domain::{Actor, Command, GameResult, PlayerNo, Round, Tournament};
use criterion::{Criterion, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

fn round9_input(n: usize, seed: u64) -> SectionInput {
    let mut rules = Rules::preset("qigu-2024-07").expect("preset");
    // Numbers in registration order: these fixtures pair without a random draw (issue 13).
    rules.numbers_by_registration = true;
    rules.rounds = 9;
    rules.registration.capacity = None;
    let mut events = vec![Event::Created {
        title: "bench".to_string(),
        rules: Box::new(rules),
    }];
    for i in 0..n {
        events.push(Event::PlayerRegistered {
            no: PlayerNo(i as u32 + 1),
            entry: PlayerEntry {
                name: format!("P{}", i + 1),
                gender: None,
                birth: None,
                club: String::new(),
                team: String::new(),
                group: String::new(),
                local: false,
                id_number: None,
            },
        });
    }
    let mut t = Tournament::replay(&events).expect("created");
    let order = t.draw_order(Some(seed));
    t.apply(&Event::NumbersDrawn {
        seed: Some(seed),
        order,
    });
    let actor = Actor {
        user: "bench".to_string(),
        role: Role::Organizer,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 1..=8 {
        let events = t.decide(&actor, &Command::PairNextRound).expect("pairing");
        for e in &events {
            t.apply(e);
        }
        let round = t.current_round();
        let boards: Vec<_> = t
            .current()
            .map(|r| r.games.iter().map(|g| g.board).collect())
            .unwrap_or_default();
        for board in boards {
            let result = match rng.next_u32() % 10 {
                0..=2 => GameResult::Draw,
                3..=6 => GameResult::RedWin,
                _ => GameResult::BlackWin,
            };
            t.apply(&Event::ResultRecorded {
                round,
                board,
                result,
                cause: bianpai::domain::event::Cause::Arbiter,
                at: None,
            });
        }
    }
    let round = Round(9);
    SectionInput {
        round,
        last_round: true,
        late_rounds: true,
        entrants: pairing::entrants(&t, round).swap_remove(0),
    }
}

fn bench(c: &mut Criterion) {
    for n in [100, 1000, 5000] {
        let input = round9_input(n, 7);
        let first = pair_section(&input).expect("round 9 pairs");
        assert_eq!(first.pairs.len(), n / 2);
        c.bench_function(&format!("pair round 9 of 9, {n} players"), |b| {
            b.iter(|| pair_section(black_box(&input)).expect("pairs"));
        });
        // The same players with the colour rules hard (as if the event had more rounds).
        let strict = SectionInput {
            last_round: false,
            ..input.clone()
        };
        c.bench_function(
            &format!("pair round 9 of 11 (colour rules hard), {n} players"),
            |b| {
                b.iter(|| pair_section(black_box(&strict)).expect("pairs"));
            },
        );
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
