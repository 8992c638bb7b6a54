//! Shared helpers for the pairing tests: build a tournament from events and play rounds
//! with random results through the real domain (`decide` + `apply`).
#![allow(dead_code)]

use bianpai::domain::command::{Actor, Command};
use bianpai::domain::event::{Event, GameKind, PlayerEntry};
use bianpai::domain::pairing::{self, Entrant, SectionInput};
use bianpai::domain::rules::{Role, Rules};
use bianpai::domain::{GameResult, PlayerNo, Refusal, Round, Side, Tournament};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

pub fn actor() -> Actor {
    Actor {
        user: "test".to_string(),
        role: Role::Head,
    }
}

/// Decides `cmd` as the head arbiter and applies its events; panics on a refusal.
pub fn step(t: &mut Tournament, cmd: &Command) {
    let evs = t
        .decide(&actor(), cmd)
        .unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    for e in &evs {
        t.apply(e);
    }
}

/// A tournament under `preset` with `n` players, sections assigned at random, numbers drawn.
pub fn tournament(preset: &str, n: usize, seed: u64) -> Tournament {
    let mut rules = Rules::preset(preset).expect("preset");
    // Numbers in registration order: these fixtures pair without a random draw (issue 13).
    rules.numbers_by_registration = true;
    let sections: Vec<String> = rules.sections.iter().map(|s| s.name.clone()).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut events = vec![Event::Created {
        title: "test".to_string(),
        rules: Box::new(rules),
    }];
    for i in 0..n {
        let group = sections[(rng.next_u32() as usize) % sections.len()].clone();
        events.push(Event::PlayerRegistered {
            no: PlayerNo(i as u32 + 1),
            entry: PlayerEntry {
                name: format!("P{}", i + 1),
                gender: None,
                birth: None,
                club: String::new(),
                team: String::new(),
                group,
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
    t
}

/// The command that pairs the next round: where a knockout match has level colour counts,
/// its higher-ranked player's choice is given (red: seed 003 §2.2, the tool never chooses).
pub fn pair_command(t: &Tournament) -> Command {
    let next = bianpai::domain::Round(t.current_round().0 + 1);
    let due = bianpai::domain::colour_choice::due(t, next);
    if due.is_empty() {
        Command::PairNextRound
    } else {
        Command::PairNextRoundWith {
            red: due.iter().map(|(hi, _)| *hi).collect(),
        }
    }
}

/// Pairs the next round through `decide`; applies and returns the events, or the refusal.
pub fn pair_next(t: &mut Tournament) -> Result<Vec<Event>, Refusal> {
    let events = t.decide(&actor(), &pair_command(t))?;
    for e in &events {
        t.apply(e);
    }
    Ok(events)
}

/// A random result, with forfeits and double forfeits now and then.
pub fn random_result(rng: &mut ChaCha8Rng) -> GameResult {
    match rng.next_u32() % 20 {
        0 => GameResult::RedWinForfeit,
        1 => GameResult::BlackWinForfeit,
        2 => GameResult::DoubleForfeit,
        3..=7 => GameResult::Draw,
        8..=13 => GameResult::RedWin,
        _ => GameResult::BlackWin,
    }
}

/// Records random results for every board of the current round through `decide`, until the
/// round is complete (a drawn knockout game adds a tie-break board).
pub fn play_round(t: &mut Tournament, rng: &mut ChaCha8Rng) {
    // Results are taken only for a started round.
    if t.current().is_some_and(|r| r.started_at.is_none()) {
        let at = chrono::DateTime::<chrono::Utc>::UNIX_EPOCH;
        let events = t
            .decide(&actor(), &Command::StartRound { at })
            .expect("start accepted");
        for e in &events {
            t.apply(e);
        }
    }
    loop {
        let games: Vec<_> = t
            .current()
            .map(|r| {
                r.games
                    .iter()
                    .filter(|g| g.result.is_none())
                    .map(|g| (g.board, g.game == GameKind::Armageddon && !g.lot))
                    .collect()
            })
            .unwrap_or_default();
        if games.is_empty() {
            break;
        }
        for (board, lot_due) in games {
            if lot_due {
                // The armageddon's colours are drawn by lot before its result (issue 21).
                let lot = Command::DrawLot {
                    board: Some(board),
                    higher: Side::Red,
                };
                for e in &t.decide(&actor(), &lot).expect("lot accepted") {
                    t.apply(e);
                }
            }
            let cmd = Command::RecordResult {
                round: None,
                board,
                result: random_result(rng),
                correct: None,
            };
            let events = t.decide(&actor(), &cmd).expect("result accepted");
            for e in &events {
                t.apply(e);
            }
        }
    }
}

/// The engine input of one section for the next round, as `pairing::propose` builds it.
pub fn section_input(t: &Tournament, section: usize) -> SectionInput {
    let round = Round(t.current_round().0 + 1);
    let lists = pairing::entrants(t, round);
    SectionInput {
        round,
        last_round: round.0 >= t.rules.rounds,
        late_rounds: round.0 + 2 >= t.rules.rounds,
        relax_colours: false,
        entrants: lists[section].clone(),
    }
}

/// An entrant built by hand: number, score, past opponents, colours (rank set by `input`).
pub fn ent(no: u32, score: u32, met: &[u32], colours: &[Side]) -> Entrant {
    Entrant {
        no: PlayerNo(no),
        score,
        opponents: met.iter().map(|&o| PlayerNo(o)).collect(),
        colours: colours.to_vec(),
        had_bye: false,
        floats: Vec::new(),
        rank: 0,
    }
}

/// A section input; ranks by score, then number. Opponent lists are made symmetric.
pub fn input(round: u32, last: bool, mut es: Vec<Entrant>) -> SectionInput {
    let pairs: Vec<(PlayerNo, PlayerNo)> = es
        .iter()
        .flat_map(|e| e.opponents.iter().map(move |&o| (e.no, o)))
        .collect();
    for (a, b) in pairs {
        if let Some(e) = es.iter_mut().find(|e| e.no == b)
            && !e.opponents.contains(&a)
        {
            e.opponents.push(a);
        }
    }
    es.sort_by(|a, b| b.score.cmp(&a.score).then(a.no.cmp(&b.no)));
    for (i, e) in es.iter_mut().enumerate() {
        e.rank = i as u32 + 1;
    }
    SectionInput {
        round: Round(round),
        last_round: last,
        late_rounds: last,
        relax_colours: false,
        entrants: es,
    }
}
