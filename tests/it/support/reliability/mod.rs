//! Helpers shared by the reliability, access, bad-input and core acceptance tests: run the real
//! binary, build a tournament log through the library, check refusals.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Output;

use chrono::{DateTime, TimeZone, Utc};

use bianpai::cli::execute_batch;
use bianpai::domain::event::PlayerEntry;
use bianpai::domain::{Actor, Command, Role, Rules};
use bianpai::log::{Log, Record, user};

pub use super::bin::{bin, ok, run};

/// Checks that a run was refused properly: non-zero exit, exactly one line on stderr that
/// starts with `bianpai:`, no panic. Returns the line.
pub fn refused(out: &Output, what: &str) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        !out.status.success(),
        "{what}: expected a refusal, got success; stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        out.status.code().is_some(),
        "{what}: killed by a signal: {:?}",
        out.status
    );
    assert!(!stderr.contains("panicked"), "{what}: panicked: {stderr}");
    assert!(
        !stderr.contains("RUST_BACKTRACE"),
        "{what}: panicked: {stderr}"
    );
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines.len(),
        1,
        "{what}: expected one line on stderr, got {}: {stderr:?}",
        lines.len()
    );
    assert!(
        lines[0].starts_with("bianpai: "),
        "{what}: stderr does not start with 'bianpai: ': {stderr:?}"
    );
    assert!(
        lines[0].len() > "bianpai: ".len() + 5,
        "{what}: empty error line"
    );
    lines[0].to_string()
}

/// The OS user this test runs as, as the program sees it.
pub fn me() -> String {
    user::current_user()
}

pub fn head() -> Actor {
    Actor {
        user: me(),
        role: Role::Head,
    }
}

/// A fixed, deterministic moment for the round start.
pub fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2024, 7, 6, 1, 0, 0)
        .single()
        .expect("valid time")
}

/// The qigu preset with no capacity, no foul limits and no forfeit withdrawals, so that any
/// number of distinct fouls can be recorded on a board.
pub fn open_rules() -> Rules {
    let mut rules = Rules::preset("qigu-2024-07").expect("preset");
    // Numbers in registration order: these fixtures pair without a random draw (issue 13).
    rules.numbers_by_registration = true;
    rules.registration.capacity = None;
    rules.foul_limits.clear();
    rules.withdraw_after_forfeits = 0;
    rules.roles.clear();
    rules
}

pub fn entry(name: &str) -> PlayerEntry {
    PlayerEntry::named(name)
}

/// Creates a log with `players` players, numbers drawn (seed 1), round 1 paired and started at
/// `t0()`, through the library (fast). Returns its path.
pub fn started_event(dir: &Path, name: &str, players: u32, rules: Rules) -> PathBuf {
    let path = dir.join(name);
    let mut log = Log::create(&path, "可靠性测试", rules, &me(), Utc::now()).expect("create");
    let actor = head();
    let regs: Vec<Command> = (1..=players)
        .map(|i| Command::RegisterPlayer(entry(&format!("棋手{i}"))))
        .collect();
    all_ok(&mut log, &actor, &regs);
    all_ok(
        &mut log,
        &actor,
        &[
            Command::DrawNumbers { seed: 1 },
            Command::PairNextRound,
            Command::StartRound { at: t0() },
        ],
    );
    path
}

/// Runs commands through the library; every one must be accepted.
pub fn all_ok(log: &mut Log, actor: &Actor, cmds: &[Command]) -> Vec<Record> {
    let (recs, refused) = execute_batch(log, actor, cmds, Utc::now()).expect("append");
    assert!(refused.is_empty(), "refused: {refused:?}");
    recs
}

/// Every record of the log (which must replay without damage).
pub fn records(path: &Path) -> Vec<Record> {
    let log = Log::open_with(path, true).expect("the log opens");
    assert!(
        log.damage().is_none(),
        "the log is damaged: {:?}",
        log.damage()
    );
    log.records().to_vec()
}

pub fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).expect("read the log")
}

/// A small deterministic random number generator (xorshift*), so tests need no extra crate.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// A seed from the environment (`BIANPAI_TEST_SEED`) or the clock; printed so a failure can
/// be replayed.
pub fn seed(test: &str) -> u64 {
    let s = std::env::var("BIANPAI_TEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
    eprintln!("{test}: BIANPAI_TEST_SEED={s}");
    s
}

/// A count from the environment, or the default.
pub fn env_count(var: &str, default: usize) -> usize {
    std::env::var(var)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}
