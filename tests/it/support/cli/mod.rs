//! Helpers shared by the integration tests that drive the real `bianpai` binary: run a
//! command, require it to succeed, create an event log in a temp dir, import players,
//! read JSON exports, and check that a refused command leaves the log byte-identical.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

pub use super::bin::{ok, run};

/// An event log in its own temp dir (removed when the value is dropped).
pub struct Event {
    pub dir: tempfile::TempDir,
    pub log: PathBuf,
}

impl Event {
    /// `bianpai new <dir>/event.log --preset <preset>`.
    pub fn new(preset: &str) -> Event {
        Event::with_log(preset, "event.log")
    }

    /// Like [`Event::new`], with the log file named `log_name`.
    pub fn with_log(preset: &str, log_name: &str) -> Event {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join(log_name);
        let e = Event { dir, log };
        ok(&["new", e.log_str(), "--preset", preset]);
        e
    }

    /// `bianpai new <dir>/event.log --rules <dir>/rules.ron` with `ron` as the rules file.
    pub fn from_rules(ron: &str) -> Event {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("event.log");
        let rules = dir.path().join("rules.ron");
        std::fs::write(&rules, ron).unwrap();
        let e = Event { dir, log };
        ok(&["new", e.log_str(), "--rules", rules.to_str().unwrap()]);
        e
    }

    pub fn log_str(&self) -> &str {
        self.log.to_str().unwrap()
    }

    /// A path in the event's temp dir.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Writes `contents` to a file in the event's temp dir and returns its path.
    pub fn file(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let p = self.path(name);
        std::fs::write(&p, contents).unwrap();
        p
    }

    /// A command that must be refused: returns standard error (in English, which these
    /// tests read), checks the log is unchanged.
    pub fn refused(&self, args: &[&str]) -> String {
        let before = std::fs::read(&self.log).unwrap();
        let out = run(&[&["--lang", "en"], args].concat());
        assert!(!out.status.success(), "{args:?} should be refused");
        assert_eq!(
            std::fs::read(&self.log).unwrap(),
            before,
            "{args:?}: a refused command changed the log"
        );
        String::from_utf8_lossy(&out.stderr).into_owned()
    }

    fn add_args<'a>(&'a self, extra: &[&'a str]) -> Vec<&'a str> {
        let mut args = vec!["player", "add", self.log_str()];
        args.extend_from_slice(extra);
        args
    }

    /// `player add <log> <extra…>`, which must succeed; returns standard output.
    pub fn add(&self, extra: &[&str]) -> String {
        ok(&self.add_args(extra))
    }

    /// `player add <log> <extra…>`, which must be refused (see [`Event::refused`]).
    pub fn refused_add(&self, extra: &[&str]) -> String {
        self.refused(&self.add_args(extra))
    }

    fn import_args<'a>(&'a self, file: &'a Path, extra: &[&'a str]) -> Vec<&'a str> {
        let mut args = vec!["player", "import", self.log_str(), file.to_str().unwrap()];
        args.extend_from_slice(extra);
        args
    }

    /// `player import <log> <file>`, which must succeed; returns standard output.
    pub fn import(&self, file: &Path) -> String {
        ok(&self.import_args(file, &[]))
    }

    /// `player import <log> <file> <extra…>`, whatever its outcome.
    pub fn try_import(&self, file: &Path, extra: &[&str]) -> Output {
        run(&self.import_args(file, extra))
    }

    /// `player import <log> <file> <extra…>`, which must be refused (see [`Event::refused`]).
    pub fn refused_import(&self, file: &Path, extra: &[&str]) -> String {
        self.refused(&self.import_args(file, extra))
    }

    /// `export <log> --format json --what <what> [--round <round>]`, parsed.
    pub fn json(&self, what: &str, round: Option<u32>) -> Value {
        let r = round.map(|r| r.to_string());
        let mut args = vec!["export", self.log_str(), "--format", "json", "--what", what];
        if let Some(r) = &r {
            args.extend_from_slice(&["--round", r]);
        }
        serde_json::from_str(&ok(&args)).unwrap()
    }

    /// The players export, which must be a JSON array.
    pub fn players(&self) -> Vec<Value> {
        match self.json("players", None) {
            Value::Array(a) => a,
            other => panic!("players export is not an array: {other}"),
        }
    }
}

/// A JSON number as a `u32` (player and board numbers, points).
pub fn num(v: &Value) -> u32 {
    v.as_u64().expect("number") as u32
}

/// A club-rr-10 round robin of `n` players named 棋手1…, numbers drawn (seed 5).
pub fn round_robin(n: usize) -> Event {
    let e = Event::new("club-rr-10");
    for i in 1..=n {
        e.add(&["--name", &format!("棋手{i}")]);
    }
    ok(&["draw", e.log_str(), "--seed", "5"]);
    e
}

/// Pairs, starts and records `result` on every board of the next round that has none yet (a
/// team round's vacant board is lost by forfeit when paired); returns the round.
pub fn play_round(e: &Event, result: &str) -> u32 {
    ok(&["pair", e.log_str()]);
    ok(&["start", e.log_str()]);
    let round = e.json("pairings", None);
    for g in round[0]["games"].as_array().unwrap() {
        if g["result"].is_null() {
            let board = num(&g["board"]).to_string();
            ok(&["result", e.log_str(), &board, result]);
        }
    }
    num(&round[0]["round"])
}
