//! Team matches (团体赛) with 16 teams of 4 boards: pairing the next round and the team
//! standings (target: each under 10 ms), for a round robin of teams (round 15 of 15) and a
//! Swiss of teams (round 7). Run: `cargo bench --bench team_match -- --quick`.

use std::hint::black_box;

use bianpai::domain::rules::{Role, System};
use bianpai::domain::team::standings;
use bianpai::domain::{
    Actor, Board, Command, GameResult, PlayerEntry, PlayerNo, Round, Rules, Tournament,
};
use chrono::{TimeZone, Utc};
use criterion::{Criterion, criterion_group, criterion_main};

fn step(t: &mut Tournament, cmd: &Command) {
    let a = Actor {
        user: "bench".into(),
        role: Role::Head,
    };
    for e in t.decide(&a, cmd).expect("command") {
        t.apply(&e);
    }
}

/// 16 teams of four boards and a reserve, `played` rounds played out with fixed pseudo-random
/// results, under `system`.
fn event(system: System, rounds: u32, played: u32) -> Tournament {
    let mut rules = Rules::preset("team-rr-8").expect("preset");
    rules.format = rules.format.with_system(system).expect("format");
    rules.rounds = rounds;
    rules.registration.capacity = None;
    let mut t = Tournament::new("bench".into(), rules);
    for i in 0..16 * 5 {
        step(
            &mut t,
            &Command::RegisterPlayer(PlayerEntry::named(format!("P{i}"))),
        );
    }
    for k in 0..16u32 {
        let first = k * 5 + 1;
        step(
            &mut t,
            &Command::RegisterTeam {
                name: format!("T{k}"),
                players: (first..first + 4).map(PlayerNo).collect(),
                reserves: vec![PlayerNo(first + 4)],
            },
        );
    }
    let mut x: u64 = 7;
    for r in 1..=played {
        step(&mut t, &Command::PairNextRound);
        step(
            &mut t,
            &Command::StartRound {
                at: Utc.with_ymd_and_hms(2026, 5, 1, 0, 0, 0).unwrap()
                    + chrono::Duration::hours(i64::from(r)),
            },
        );
        let n = t.current().map_or(0, |c| c.games.len()) as u32;
        for b in 1..=n {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let result = match (x >> 33) % 3 {
                0 => GameResult::RedWin,
                1 => GameResult::BlackWin,
                _ => GameResult::Draw,
            };
            step(
                &mut t,
                &Command::RecordResult {
                    round: None,
                    board: Board(b),
                    result,
                    correct: None,
                },
            );
        }
    }
    t
}

fn bench(c: &mut Criterion) {
    let actor = Actor {
        user: "bench".into(),
        role: Role::Head,
    };
    for (label, system, rounds, played) in [
        ("round_robin", System::RoundRobin, 15, 14),
        ("swiss", System::Swiss, 7, 6),
    ] {
        let t = event(system, rounds, played);
        c.bench_function(&format!("team_16_{label}_pair_round_{}", played + 1), |b| {
            b.iter(|| black_box(t.decide(&actor, &Command::PairNextRound).expect("pair")));
        });
        c.bench_function(&format!("team_16_{label}_standings"), |b| {
            b.iter(|| black_box(standings(&t, Round(played))));
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
