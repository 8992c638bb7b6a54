//! A FIDE event (`fide-swiss`: 1 / ½ / 0, FIDE's tiebreaks, requested byes) made with the real
//! binary, for the screens that show it in its own terms: two rounds played with a requested
//! half bye, a forfeit and a double forfeit, round 3 paired with another requested half bye
//! and under way.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use crate::support::bin::ok;

/// The players, numbered in this order (Latin and Chinese names side by side).
pub const NAMES: &[&str] = &[
    "Alice",
    "Bob",
    "Carol",
    "Dave",
    "Erin",
    "Frank",
    "Grace",
    "Heidi",
    "Ivan",
    "Judy",
    "王天一",
    "李四",
];

/// The event in `dir`: round 1 (player 3 on a requested half bye, board 3 a red forfeit win),
/// round 2 (board 5 a double forfeit), round 3 paired (player 5 on a requested half bye),
/// started, boards 1 and 2 reported.
pub fn played(dir: &Path) -> PathBuf {
    let log = dir.join("fide.log");
    let l = log.to_str().expect("utf-8 path");
    ok(&["new", l, "--preset", "fide-swiss", "--title", "Open 2026"]);
    for n in NAMES {
        ok(&["player", "add", l, "--name", n]);
    }
    ok(&["draw", l, "--in-order"]);
    let round = |bye: &str, results: &[&str]| {
        ok(&["bye", l, bye, "--points", "half", "--reason", "school"]);
        ok(&["pair", l]);
        ok(&["start", l]);
        for (b, r) in results.iter().enumerate() {
            ok(&["result", l, &(b + 1).to_string(), r]);
        }
    };
    round("3", &["r", "d", "fr", "b", "d"]);
    ok(&["pair", l]);
    ok(&["start", l]);
    for (b, r) in ["d", "r", "b", "r", "ff", "d"].iter().enumerate() {
        ok(&["result", l, &(b + 1).to_string(), r]);
    }
    round("5", &["r", "d"]);
    log
}
