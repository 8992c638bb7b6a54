//! Replay benchmark: open (replay and verify the hash chain of) a log of 100,000
//! records. Target: under 0.5 s in a release build.
//!
//! Run: `cargo bench --bench replay` (set `BIANPAI_REPLAY_RECORDS` for another size).
//! The log is generated in setup through the real `Log` append path: 40 players, round 1
//! paired and started, then clock presses, fouls, seat marks and results spread over the boards.

use std::time::{Duration, Instant};

use chrono::{TimeZone, Utc};

use bianpai::cli::execute_batch;
use bianpai::domain::event::{ClockAction, PlayerEntry};
use bianpai::domain::rules::FoulKind;
use bianpai::domain::{Actor, Board, Command, Role, Rules, Side};
use bianpai::log::Log;

fn main() {
    let target: usize = std::env::var("BIANPAI_REPLAY_RECORDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("replay.log");
    let t0 = Instant::now();
    let records = generate(&path, target);
    let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
    eprintln!(
        "setup: {records} records, {:.1} MB, written in {:.2?}",
        bytes as f64 / 1e6,
        t0.elapsed()
    );

    let mut times: Vec<Duration> = Vec::new();
    let mut cpu: Vec<Duration> = Vec::new();
    for _ in 0..5 {
        // A replay, not an open from the snapshot the previous one wrote.
        let _ = std::fs::remove_file(format!("{}.snapshot", path.display()));
        let c = cpu_time();
        let t = Instant::now();
        let log = Log::open(&path).expect("open");
        let elapsed = t.elapsed();
        cpu.push(cpu_time().saturating_sub(c));
        assert!(log.damage().is_none(), "the generated log is damaged");
        assert_eq!(log.state().players.len(), 40);
        times.push(elapsed);
    }
    times.sort();
    cpu.sort();
    let median = times[times.len() / 2];
    let per = median.as_secs_f64() * 1e6 / records as f64;
    println!(
        "replay: Log::open of {records} records: median {median:.3?} wall (min {:.3?}, max {:.3?}), median {:.3?} CPU over all threads, {per:.2} µs/record; target < 0.5 s for 100,000: {}",
        times[0],
        times[times.len() - 1],
        cpu[cpu.len() / 2],
        if records >= 100_000 && median < Duration::from_millis(500) {
            "met"
        } else if records >= 100_000 {
            "MISSED"
        } else {
            "n/a (smaller log)"
        }
    );
}

/// CPU time of this process (all threads), from `/proc/self/stat` (user + system ticks).
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (in parentheses, may hold spaces): state is field 3,
    // utime and stime are fields 14 and 15, so indices 11 and 12 here. Ticks are 1/100 s.
    let rest = stat.rsplit(')').next().unwrap_or_default();
    let f: Vec<&str> = rest.split_whitespace().collect();
    let tick = |i: usize| f.get(i).and_then(|x| x.parse::<u64>().ok()).unwrap_or(0);
    let ticks = tick(11) + tick(12);
    Duration::from_millis(ticks * 10)
}

/// Writes a realistic log of about `target` records; returns the number written.
fn generate(path: &std::path::Path, target: usize) -> usize {
    let mut rules = Rules::preset("qigu-2024-07").expect("preset");
    rules.foul_limits.clear();
    rules.roles.clear();
    let user = bianpai::log::user::current_user();
    let actor = Actor {
        user: user.clone(),
        role: Role::Head,
    };
    let t0 = Utc
        .with_ymd_and_hms(2024, 7, 6, 1, 0, 0)
        .single()
        .expect("time");
    let mut log = Log::create(path, "replay benchmark", rules, &user, t0).expect("create");
    let players: Vec<Command> = (0..40)
        .map(|i| {
            Command::RegisterPlayer(PlayerEntry {
                name: format!("棋手{i}号"),
                gender: None,
                birth: None,
                club: format!("俱乐部{}", i % 7),
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
    let mut n = log.state().players.len() + 4;
    let mut tick: i64 = 0;
    while n < target {
        let chunk = (target - n).min(2000);
        let cmds: Vec<Command> = (0..chunk)
            .map(|i| {
                tick += 1;
                let board = Board((tick % 20) as u32 + 1);
                let at = t0 + chrono::Duration::milliseconds(tick * 37);
                let side = if tick % 2 == 0 {
                    Side::Red
                } else {
                    Side::Black
                };
                match i % 50 {
                    0 => Command::RecordFoul {
                        round: None,
                        board,
                        side,
                        kind: FoulKind::ALL[(tick % 5) as usize],
                    },
                    1 => Command::MarkSeat {
                        round: None,
                        board,
                        side,
                        present: false,
                        at,
                        reverse_reason: None,
                    },
                    2 => Command::MarkSeat {
                        round: None,
                        board,
                        side,
                        present: true,
                        at,
                        reverse_reason: None,
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
