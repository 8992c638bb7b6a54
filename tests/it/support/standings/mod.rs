//! Shared helpers for the standings tests: build an event log by hand (explicit boards and
//! results) and compare a table with an expected one written out in the test.
#![allow(dead_code)]

use bianpai::domain::event::{Cause, GameKind, Pairing, Stage};
use bianpai::domain::rules::FoulKind;
use bianpai::domain::standings::Standing;
use bianpai::domain::{
    Board, Event, GameResult, PlayerEntry, PlayerNo, Round, Rules, Side, Tournament,
};

/// Marks "no value" in an expected row (every real value in these tests is non-negative).
pub const NA: i64 = -1;

pub struct Log {
    pub events: Vec<Event>,
}

impl Log {
    pub fn new(preset: &str) -> Log {
        let mut rules = Rules::preset(preset).expect("preset");
        // Numbers in registration order: no random draw in these fixtures (issue 13).
        rules.numbers_by_registration = true;
        Log {
            events: vec![Event::Created {
                title: format!("standings test {preset}"),
                rules: Box::new(rules),
            }],
        }
    }

    /// Registers one player per entry of `groups` (the section name; "" for the first),
    /// then draws numbers keeping registration order (number i = i-th registered).
    pub fn players(mut self, groups: &[&str]) -> Log {
        for (i, g) in groups.iter().enumerate() {
            self.events.push(Event::PlayerRegistered {
                no: PlayerNo(i as u32 + 1),
                entry: PlayerEntry {
                    name: format!("P{}", i + 1),
                    gender: None,
                    birth: None,
                    club: String::new(),
                    team: String::new(),
                    group: (*g).to_string(),
                    local: false,
                    id_number: None,
                },
            });
        }
        self.events.push(Event::NumbersDrawn {
            seed: Some(2024),
            order: (1..=groups.len() as u32).map(PlayerNo).collect(),
        });
        self
    }

    /// Pairs `round` with `boards` (red, black, result word) in board order and `byes`, then
    /// records every result given (`""` leaves the board unfinished).
    pub fn round(&mut self, round: u32, boards: &[(u32, u32, &str)], byes: &[u32]) {
        self.events.push(Event::RoundPaired {
            round: Round(round),
            games: boards
                .iter()
                .enumerate()
                .map(|(k, (r, b, _))| Pairing {
                    board: Board(k as u32 + 1),
                    red: PlayerNo(*r),
                    black: PlayerNo(*b),
                    stage: Stage::Swiss,
                    game: GameKind::Slow,
                })
                .collect(),
            byes: byes.iter().map(|b| PlayerNo(*b)).collect(),
        });
        for (k, (_, _, word)) in boards.iter().enumerate() {
            if word.is_empty() {
                continue;
            }
            let result: GameResult = word.parse().expect("result word");
            self.events.push(Event::ResultRecorded {
                round: Round(round),
                board: Board(k as u32 + 1),
                result,
                cause: if result.is_forfeit() {
                    Cause::LateWindow
                } else {
                    Cause::Arbiter
                },
                at: None,
            });
        }
    }

    pub fn foul(&mut self, round: u32, board: u32, side: Side, kind: FoulKind) {
        self.events.push(Event::FoulRecorded {
            round: Round(round),
            board: Board(board),
            side,
            kind,
        });
    }

    pub fn withdraw(&mut self, no: u32) {
        self.events.push(Event::PlayerWithdrawn {
            no: PlayerNo(no),
            by_rule: false,
            reason: "left the event".into(),
        });
    }

    pub fn tournament(&self) -> Tournament {
        Tournament::replay(&self.events).expect("log starts with Created")
    }
}

/// One expected row: (rank, player number, points, chain values in chain order; NA = None).
pub type Row<const K: usize> = (u32, u32, u32, [i64; K]);

fn show(rows: &[&Standing]) -> String {
    rows.iter()
        .map(|r| {
            let v: Vec<String> = r
                .tiebreaks
                .iter()
                .map(|(_, v)| v.map_or("NA".to_string(), |x| x.to_string()))
                .collect();
            format!("({}, {}, {}, [{}])", r.rank, r.no.0, r.points, v.join(", "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Asserts that `section`'s rows of `table` are exactly `expected`, in order.
pub fn check<const K: usize>(table: &[Standing], section: usize, expected: &[Row<K>], what: &str) {
    let rows: Vec<&Standing> = table.iter().filter(|r| r.section == section).collect();
    let got: Vec<Row<K>> = rows
        .iter()
        .map(|r| {
            let mut v = [NA; K];
            for (slot, (_, x)) in v.iter_mut().zip(&r.tiebreaks) {
                *slot = x.unwrap_or(NA);
            }
            (r.rank, r.no.0, r.points, v)
        })
        .collect();
    assert_eq!(
        got.len(),
        expected.len(),
        "{what}: row count\n{}",
        show(&rows)
    );
    for (g, e) in got.iter().zip(expected) {
        assert_eq!(
            g,
            e,
            "{what}: row for rank {}; whole table:\n{}",
            e.0,
            show(&rows)
        );
    }
}

/// A player's row in a table.
pub fn row(table: &[Standing], no: u32) -> &Standing {
    table
        .iter()
        .find(|r| r.no == PlayerNo(no))
        .expect("player in table")
}
