//! The large log two benchmarks share (`benches/large.rs`, `benches/flat_log.rs`): about a
//! million records of a 500-board event with a clock feed, written through the real append
//! path (docs/performance.md).

// Each benchmark uses part of it.
#![allow(dead_code)]

use std::path::Path;

use chrono::{TimeZone, Utc};

use bianpai::cli::execute_batch;
use bianpai::domain::event::{ClockAction, PlayerEntry};
use bianpai::domain::rules::FoulKind;
use bianpai::domain::{Actor, Board, Command, Role, Rules, Side};
use bianpai::log::Log;

pub const PLAYERS: u32 = 1000;
/// The OS user the install-mode run makes (the assistant in the generated log's roles).
pub const BENCH_USER: &str = "bpbench";

/// Writes a log of about `target` records: 1000 players, round 1 paired (500 boards) and
/// started, then clock presses over every board with fouls and seat marks among them.
pub fn generate(path: &Path, target: usize) -> usize {
    let mut rules = Rules::preset("qigu-2024-07").expect("preset");
    rules.foul_limits.clear();
    rules.roles.clear();
    // Roles, so that a copy can be installed: this user heads, `bpbench` assists.
    rules.roles.insert(
        bianpai::log::user::current_user(),
        vec![Role::Head, Role::Organizer],
    );
    rules
        .roles
        .insert(BENCH_USER.to_string(), vec![Role::Assistant]);
    rules.registration.capacity = None;
    rules.withdraw_after_forfeits = 0;
    // Long games, so no flag falls over the feed's hours.
    rules.time_controls.swiss = bianpai::domain::rules::TimeControl::fischer(600, 30);
    let user = bianpai::log::user::current_user();
    let actor = Actor {
        user: user.clone(),
        role: Role::Head,
    };
    let t0 = Utc
        .with_ymd_and_hms(2024, 7, 6, 1, 0, 0)
        .single()
        .expect("time");
    let mut log = Log::create(path, "large benchmark", rules, &user, t0).expect("create");
    let players: Vec<Command> = (0..PLAYERS)
        .map(|i| {
            Command::RegisterPlayer(PlayerEntry {
                name: format!("棋手{i}号"),
                gender: None,
                birth: None,
                club: format!("俱乐部{}", i % 37),
                team: String::new(),
                group: String::new(),
                local: false,
                id_number: None,
            })
        })
        .collect();
    run(&mut log, &actor, &players);
    run(
        &mut log,
        &actor,
        &[Command::DrawNumbers { seed: 1 }, Command::PairNextRound],
    );
    run(&mut log, &actor, &[Command::StartRound { at: t0 }]);
    let boards = i64::from(PLAYERS / 2);
    let mut n = log.state().players.len() + 4;
    let mut tick: i64 = 0;
    while n < target {
        let chunk = (target - n).min(5000);
        let cmds: Vec<Command> = (0..chunk)
            .map(|i| {
                tick += 1;
                let board = Board((tick % boards) as u32 + 1);
                // Each board's clock is pressed in turn, red then black.
                let side = if (tick / boards) % 2 == 0 {
                    Side::Red
                } else {
                    Side::Black
                };
                let at = t0 + chrono::Duration::milliseconds(tick * 20);
                match i % 400 {
                    0 => Command::RecordFoul {
                        round: None,
                        board,
                        side,
                        kind: FoulKind::ALL[(tick % 5) as usize],
                    },
                    _ => Command::Clock {
                        round: None,
                        board,
                        action: ClockAction::Press(side),
                        at,
                    },
                }
            })
            .collect();
        n += run(&mut log, &actor, &cmds);
    }
    n
}

fn run(log: &mut Log, actor: &Actor, cmds: &[Command]) -> usize {
    let (recs, _refused) = execute_batch(log, actor, cmds, Utc::now()).expect("append");
    recs.len()
}
