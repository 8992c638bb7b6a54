//! One 积分 for a knockout player: the pairing sheet, the console's board and the room page
//! show the same points as the standings — for a finalist, the regulation's final points so
//! far (the Swiss rounds plus the slow knockout games, a drawn slow game scoring red 1 and
//! black 2), not the Swiss points alone.

use crate::support::console as console_common;

use std::collections::HashMap;
use std::path::Path;

use crate::support::bin::ok;
use bianpai::domain::rules::{Knockout, Lang};
use bianpai::domain::{Board, Command, GameResult, Role, Round};
use bianpai::log::Log;
use console_common::{app_as, head, minutes};

fn run(log: &mut Log, cmd: &Command) {
    log.execute(&head(), cmd, minutes(100)).unwrap();
}

fn result(round: u32, board: u32, result: GameResult) -> Command {
    Command::RecordResult {
        round: Some(Round(round)),
        board: Board(board),
        result,
        correct: None,
    }
}

/// Knockout after round 1 of 3: round 1 every red but board 4 wins; the semi-finals of
/// round 2 are drawn slow (red 1, black 2 for opponent score and the final points) and
/// decided in the rapid game; the Swiss boards red wins; round 3 paired.
fn after_the_semi_finals(dir: &Path) -> std::path::PathBuf {
    let path = console_common::event_with(dir, "ko.log", 8, 3, true, "lvliang-2024", |r| {
        r.format = bianpai::domain::format::Format::Swiss {
            knockout: Some(Knockout {
                after_round: 1,
                players: 4,
            }),
        };
    });
    let mut log = Log::open(&path).unwrap();
    for (b, r) in [
        (1, GameResult::RedWin),
        (2, GameResult::RedWin),
        (3, GameResult::RedWin),
        (4, GameResult::BlackWin),
    ] {
        run(&mut log, &result(1, b, r));
    }
    let next = Round(2);
    let red = bianpai::domain::colour_choice::due(log.state(), next)
        .iter()
        .map(|(hi, _)| *hi)
        .collect();
    run(&mut log, &Command::PairNextRoundWith { red });
    run(&mut log, &Command::StartRound { at: minutes(100) });
    let boards = log.state().current().unwrap().games.len() as u32;
    for b in 1..=boards {
        let semi = log.state().game(Round(2), Board(b)).unwrap().stage
            != bianpai::domain::event::Stage::Swiss;
        run(
            &mut log,
            &result(
                2,
                b,
                if semi {
                    GameResult::Draw
                } else {
                    GameResult::RedWin
                },
            ),
        );
    }
    // The rapid games the draws added: red wins.
    let all = log.state().current().unwrap().games.len() as u32;
    for b in boards + 1..=all {
        run(&mut log, &result(2, b, GameResult::RedWin));
    }
    let red = bianpai::domain::colour_choice::due(log.state(), Round(3))
        .iter()
        .map(|(hi, _)| *hi)
        .collect();
    run(&mut log, &Command::PairNextRoundWith { red });
    path
}

/// The standings' points by player number (JSON, after `round`).
fn standings(log: &Path, round: u32) -> HashMap<u64, u64> {
    let text = ok(&[
        "export",
        log.to_str().unwrap(),
        "--format",
        "json",
        "--what",
        "standings",
        "--round",
        &round.to_string(),
    ]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rows = v
        .as_array()
        .cloned()
        .unwrap_or_else(|| v["standings"].as_array().unwrap().clone());
    rows.iter()
        .map(|s| (s["no"].as_u64().unwrap(), s["points"].as_u64().unwrap()))
        .collect()
}

/// The pairing sheet's (csv) points by player number: columns 序号 (1, 9) and 积分 (4, 6).
fn pairing_points(log: &Path, round: u32) -> HashMap<u64, u64> {
    let text = ok(&[
        "export",
        log.to_str().unwrap(),
        "--format",
        "csv",
        "--what",
        "pairings",
        "--round",
        &round.to_string(),
    ]);
    let mut out = HashMap::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split(',').collect();
        if cells.len() < 10 {
            continue;
        }
        let num = |i: usize| cells[i].trim().parse::<u64>().ok();
        if let (Some(a), Some(pa), Some(pb), Some(b)) = (num(1), num(4), num(6), num(9)) {
            out.insert(a, pa);
            out.insert(b, pb);
        }
    }
    out
}

#[test]
fn a_finalist_has_one_points_figure_on_the_pairing_sheet_and_the_standings() {
    let dir = tempfile::tempdir().unwrap();
    let path = after_the_semi_finals(dir.path());
    let t = Log::open(&path).unwrap().state().clone();
    let seeds = bianpai::domain::knockout::seeds(&t);
    assert_eq!(seeds.len(), 4);
    let table = standings(&path, 2);
    let sheet = pairing_points(&path, 3);
    let swiss = bianpai::domain::pairing::swiss_scores(&t, Round(3));
    let mut differ = 0;
    for no in &seeds {
        let n = u64::from(no.0);
        assert_eq!(
            sheet.get(&n),
            table.get(&n),
            "player {n}: pairing sheet {:?} v standings {:?}",
            sheet.get(&n),
            table.get(&n)
        );
        if u64::from(swiss[no]) != table[&n] {
            differ += 1;
        }
    }
    // The drawn slow semi-finals scored: the old sheet's Swiss-only points were off.
    assert!(
        differ >= 2,
        "the fixture must make Swiss and final points differ"
    );
    // Everyone else: the same figure on both too.
    for (n, p) in &sheet {
        assert_eq!(Some(p), table.get(n), "player {n}");
    }
    // The console's board rows say the same.
    let mut app = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(200));
    app.prepare(minutes(200));
    for row in &app.round_view.rows {
        for side in [&row.red, &row.black] {
            let n: u64 = side.no.parse().unwrap();
            assert_eq!(side.points, table[&n].to_string(), "console, player {n}");
        }
    }
    // And the players screen.
    let players = bianpai::console::tables::players_table(&t, app.s);
    for r in &players.rows {
        let n: u64 = r[0].parse().unwrap();
        assert_eq!(r[5], table[&n].to_string(), "players screen, {n}");
    }
}
