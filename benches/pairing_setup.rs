//! The round-9 input shared by the pairing benchmark and `examples/pair_round9.rs`.

use bianpai::domain::event::{Event, PlayerEntry};
use bianpai::domain::event::{GameKind, Pairing, Stage};
use bianpai::domain::pairing::{self, SectionInput};
use bianpai::domain::rules::Rules;
use bianpai::domain::{Board, GameResult, PlayerNo, Round, Tournament};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// A 9-round event of `n` players (n even): the rounds before `round` (2–9) paired quickly by
/// standings (next player not met, colours by balance) with seeded random results, so that a
/// large field's setup takes seconds; returns the engine input of `round` (round 9 is the
/// last).
pub fn round_input(n: usize, seed: u64, round: u32) -> SectionInput {
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
            entry: PlayerEntry::named(format!("P{}", i + 1)),
        });
    }
    let mut t = Tournament::replay(&events).expect("created");
    let order = t.draw_order(Some(seed));
    t.apply(&Event::NumbersDrawn {
        seed: Some(seed),
        order,
    });
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for r in 1..round {
        let round = Round(r);
        let games = quick_pairing(&t, round);
        t.apply(&Event::RoundPaired {
            round,
            games: games.clone(),
            byes: Vec::new(),
        });
        for g in games {
            let result = match rng.next_u32() % 10 {
                0..=2 => GameResult::Draw,
                3..=6 => GameResult::RedWin,
                _ => GameResult::BlackWin,
            };
            t.apply(&Event::ResultRecorded {
                round,
                board: g.board,
                result,
                cause: bianpai::domain::event::Cause::Arbiter,
                at: None,
            });
        }
    }
    let last_round = round == 9;
    let round = Round(round);
    SectionInput {
        round,
        last_round,
        late_rounds: true,
        relax_colours: false,
        entrants: pairing::entrants(&t, round).swap_remove(0),
    }
}

/// Pairs `round` greedily down the standings: each player meets the next one not met yet;
/// the one with fewer reds (then the smaller number) gets red.
fn quick_pairing(t: &Tournament, round: Round) -> Vec<Pairing> {
    let mut list = pairing::entrants(t, round).swap_remove(0);
    list.sort_by(|a, b| b.score.cmp(&a.score).then(a.no.cmp(&b.no)));
    let mut free = vec![true; list.len()];
    let mut games = Vec::new();
    for i in 0..list.len() {
        if !free[i] {
            continue;
        }
        let j = (i + 1..list.len())
            .find(|&j| free[j] && !list[i].has_met(list[j].no))
            .or_else(|| (i + 1..list.len()).find(|&j| free[j]));
        let Some(j) = j else { continue };
        free[i] = false;
        free[j] = false;
        let (a, b) = (&list[i], &list[j]);
        let a_red = (a.reds(), a.no) < (b.reds(), b.no);
        let (red, black) = if a_red { (a.no, b.no) } else { (b.no, a.no) };
        games.push(Pairing {
            board: Board(games.len() as u32 + 1),
            red,
            black,
            stage: Stage::Swiss,
            game: GameKind::Slow,
        });
    }
    games
}
