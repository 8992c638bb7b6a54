//! A test fixture shared by the knockout's tests and the colour choice's: a field of players,
//! knockout finals after round 1, round 1 played as given.

use crate::domain::Actor;
use crate::domain::event::{Cause, Event, GameKind, Pairing, PlayerEntry, Stage};
use crate::domain::ids::{Board, PlayerNo, Round};
use crate::domain::result::GameResult;
use crate::domain::rules::{Knockout, Role, Rules};
use crate::domain::tournament::Tournament;

pub fn head() -> Actor {
    Actor {
        user: "t".into(),
        role: Role::Head,
    }
}

/// Eight players numbered in registration order (no random draw), `lvliang-2024` with
/// knockout finals for four after round 1 of 3; round 1 is `boards` (red, black, result) on
/// boards 1, 2, …, started and finished.
pub fn eight_after_round_one(boards: &[(u32, u32, GameResult)]) -> Tournament {
    after_round_one(8, 4, boards)
}

/// `field` players numbered in registration order, `lvliang-2024` with knockout finals for
/// `players` after round 1, as many rounds as the bracket needs; round 1 is `boards` (red,
/// black, result) on boards 1, 2, …, started and finished.
pub fn after_round_one(field: u32, players: u32, boards: &[(u32, u32, GameResult)]) -> Tournament {
    let mut rules = Rules::preset("lvliang-2024").unwrap();
    rules.numbers_by_registration = true;
    rules.rounds = 1 + super::config::depth(players);
    rules.format = crate::domain::format::Format::Swiss {
        knockout: Some(Knockout {
            after_round: 1,
            players,
        }),
    };
    let mut t = Tournament::new("ko".into(), rules);
    for i in 1..=field {
        t.apply(&Event::PlayerRegistered {
            no: PlayerNo(i),
            entry: PlayerEntry::named(format!("P{i}")),
        });
    }
    t.apply(&Event::NumbersDrawn {
        seed: None,
        order: (1..=field).map(PlayerNo).collect(),
    });
    let games = (1..)
        .zip(boards)
        .map(|(board, (red, black, _))| Pairing {
            board: Board(board),
            red: PlayerNo(*red),
            black: PlayerNo(*black),
            stage: Stage::Swiss,
            game: GameKind::Slow,
        })
        .collect();
    t.apply(&Event::RoundPaired {
        round: Round(1),
        games,
        byes: vec![],
    });
    t.apply(&Event::RoundStarted {
        round: Round(1),
        at: chrono::DateTime::<chrono::Utc>::UNIX_EPOCH,
    });
    for (board, (_, _, result)) in (1..).zip(boards) {
        t.apply(&Event::ResultRecorded {
            round: Round(1),
            board: Board(board),
            result: *result,
            cause: Cause::Arbiter,
            at: None,
        });
    }
    t
}
