//! An event whose players sign their results on their phones (`self_report`), made with the
//! real binary, and the codes its head arbiter reads (`export --what codes`). Used with
//! `serve_support` (declare both modules).
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use crate::support::serve::bianpai;

/// The players of the event, in registration order (numbers follow it).
pub const NAMES: &[&str] = &["王天一", "郑惟桐", "许银川", "洪智", "赵鑫鑫", "蒋川"];

/// The qigu-2024-07 rules with `self_report: MODE` (and any `extra` fields), as a file. Both
/// players sign every result unless `extra` says `self_report_signers: winner` (the preset's
/// own setting).
pub fn rules(dir: &Path, mode: &str, extra: &str) -> PathBuf {
    let preset = bianpai(&["presets", "--show", "qigu-2024-07"]);
    assert!(
        preset.contains("    self_report_signers: winner,\n"),
        "the preset's signers"
    );
    let preset = preset.replace("    self_report_signers: winner,\n", "");
    let end = preset.rfind(')').expect("a RON struct");
    let text = format!(
        "{}    self_report: {mode},\n    numbers_by_registration: true,\n{extra}{}",
        &preset[..end],
        &preset[end..]
    );
    let text = text.replace("    numbers_by_registration: false,\n", "");
    let file = dir.join("rules.ron");
    std::fs::write(&file, text).expect("rules written");
    file
}

/// An event in `dir` with `self_report: MODE`: the six players, round 1 paired (three boards)
/// and started.
pub fn event(dir: &Path, mode: &str, extra: &str) -> PathBuf {
    event_with(dir, mode, extra, true)
}

/// The same, round 1 started only when `start`.
pub fn event_with(dir: &Path, mode: &str, extra: &str, start: bool) -> PathBuf {
    let log = dir.join("event.log");
    let l = log.to_str().expect("utf-8 path");
    let r = rules(dir, mode, extra);
    bianpai(&[
        "new",
        l,
        "--rules",
        r.to_str().expect("utf-8 path"),
        "--title",
        "春季象棋公开赛",
        "--date",
        "2026-04-01",
    ]);
    for n in NAMES {
        bianpai(&["player", "add", l, "--name", n]);
    }
    bianpai(&["pair", l]);
    if start {
        bianpai(&["start", l]);
    }
    log
}

/// One player's code: (board, side, player number, code).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatCode {
    pub board: u64,
    pub side: String,
    pub no: u64,
    pub code: String,
}

/// Every code of `round`, as the head arbiter exports them.
pub fn codes(log: &Path, round: u32) -> Vec<SeatCode> {
    let out = bianpai(&[
        "export",
        log.to_str().expect("utf-8 path"),
        "--format",
        "json",
        "--what",
        "codes",
        "--round",
        &round.to_string(),
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    v.as_array()
        .expect("a list")
        .iter()
        .map(|c| SeatCode {
            board: c["board"].as_u64().expect("board"),
            side: c["side"].as_str().expect("side").to_string(),
            no: c["no"].as_u64().expect("no"),
            code: c["code"].as_str().expect("code").to_string(),
        })
        .collect()
}

/// The code of `side` on `board` of `round`.
pub fn code(log: &Path, round: u32, board: u64, side: &str) -> String {
    codes(log, round)
        .into_iter()
        .find(|c| c.board == board && c.side == side)
        .expect("a code for the seat")
        .code
}

/// The game on `board` of `round` in `export --what all`.
pub fn game(log: &Path, round: usize, board: usize) -> serde_json::Value {
    let out = bianpai(&[
        "export",
        log.to_str().expect("utf-8 path"),
        "--format",
        "json",
        "--what",
        "all",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    v["rounds"][round - 1]["games"][board - 1].clone()
}
