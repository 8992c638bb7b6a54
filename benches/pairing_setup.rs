//! The round-9 input shared by the pairing benchmark and `examples/pair_round9.rs`.

use bianpai::domain::event::{Event, PlayerEntry};
use bianpai::domain::pairing::{self, SectionInput};
use bianpai::domain::rules::{Role, Rules};
use bianpai::domain::{Actor, Command, GameResult, PlayerNo, Round, Tournament};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// A 9-round event of `n` players: rounds 1–8 paired by the engine through the real domain,
/// with seeded random results; returns the engine input of round 9 (the last round).
pub fn round9_input(n: usize, seed: u64) -> SectionInput {
    let mut rules = Rules::preset("qigu-2024-07").expect("preset");
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
        relax_colours: false,
        entrants: pairing::entrants(&t, round).swap_remove(0),
    }
}
