//! `bianpai bye` through the real binary (docs/rules.md#requested-byes): the pairing leaves a
//! player on a requested bye out, the bye scores what was asked for (half = the red draw
//! points), every printout, the room page's data and the TRF show it, and each request the
//! rules do not allow is refused naming why with the log byte for byte unchanged.

use std::path::Path;

use serde_json::Value;

use crate::support::bin::{ok, run};

/// A FIDE event (`fide-swiss`: one requested bye each, none in the last two of 9 rounds)
/// with `n` players, numbers drawn.
fn fide_event(dir: &Path, n: u32) -> String {
    let log = dir.join("e.log").to_string_lossy().into_owned();
    ok(&["new", &log, "--preset", "fide-swiss", "--title", "请假测试"]);
    for i in 1..=n {
        ok(&["player", "add", &log, "--name", &format!("棋手{i}")]);
    }
    ok(&["draw", &log, "--seed", "7"]);
    log
}

fn json(log: &str) -> Value {
    serde_json::from_str(&ok(&["export", log, "--format", "json", "--what", "all"])).expect("json")
}

/// The players seated in round `r`'s games.
fn seated(v: &Value, r: usize) -> Vec<u64> {
    v["rounds"][r - 1]["games"]
        .as_array()
        .expect("games")
        .iter()
        .flat_map(|g| [g["red"].as_u64(), g["black"].as_u64()])
        .flatten()
        .collect()
}

/// Every board of the current round won by red.
fn finish_round(log: &str, v: &Value) {
    let r = v["rounds"].as_array().expect("rounds").len();
    ok(&["start", log]);
    for g in v["rounds"][r - 1]["games"].as_array().expect("games") {
        let b = g["board"].as_u64().expect("board").to_string();
        ok(&["result", log, &b, "red_win"]);
    }
}

/// The command is refused with a line holding every one of `words`, the log unchanged.
fn refused(log: &str, args: &[&str], words: &[&str]) {
    let before = std::fs::read(log).expect("log");
    let out = run(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{args:?} went through");
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    for w in words {
        assert!(err.contains(w), "{args:?}: '{w}' not in: {err}");
    }
    assert_eq!(std::fs::read(log).expect("log"), before, "{args:?} wrote");
}

#[test]
fn a_requested_bye_sits_the_round_out_and_scores_what_was_asked() {
    let dir = tempfile::tempdir().expect("dir");
    let log = fide_event(dir.path(), 8);
    let said = ok(&["bye", &log, "3", "--points", "half", "--reason", "病假"]);
    assert!(said.contains("3号") && said.contains("半分"), "{said}");
    ok(&["bye", &log, "5", "--points", "zero", "--reason", "外出"]);
    ok(&["pair", &log]);
    let v = json(&log);
    let seats = seated(&v, 1);
    assert!(!seats.contains(&3) && !seats.contains(&5), "{seats:?}");
    // Six players left: three games, no pairing bye.
    assert_eq!(seats.len(), 6);
    assert_eq!(v["rounds"][0]["byes"], serde_json::json!([]));
    assert_eq!(
        v["rounds"][0]["requested_byes"],
        serde_json::json!([{"no": 3, "points": "half"}, {"no": 5, "points": "zero"}])
    );
    assert_eq!(v["bye_requests"], serde_json::json!([]), "none pending");
    let pairings = ok(&["export", &log, "--what", "pairings", "--round", "1"]);
    assert!(pairings.contains("请假 (半分)") && pairings.contains("请假 (零分)"));
    // The room page: the round and the player's card.
    {
        let server = crate::support::serve::Server::start(Path::new(&log));
        let page = server.get("/round/1").text();
        assert!(
            page.contains("请假 (半分)") && page.contains("棋手"),
            "{page}"
        );
        let card = server.get("/player/3").text();
        assert!(card.contains("请假 (半分)"), "{card}");
    }
    finish_round(&log, &v);
    let v = json(&log);
    let points = |no: u64| {
        v["standings"]
            .as_array()
            .expect("standings")
            .iter()
            .find(|s| s["no"].as_u64() == Some(no))
            .map(|s| s["points"].as_f64().expect("points"))
            .expect("player")
    };
    // FIDE's half point (the red draw points, printed in halves) and nothing.
    assert!((points(3) - 0.5).abs() < 1e-9, "{}", points(3));
    assert!(points(5).abs() < 1e-9, "{}", points(5));
    // TRF: H and Z in round 1's cell of their 001 lines.
    let trf = ok(&["export", &log, "--format", "trf"]);
    let cell = |no: u32| -> String {
        let line = trf
            .lines()
            .find(|l| l.starts_with("001") && l[4..8].trim() == no.to_string())
            .expect("001 line");
        line.chars().skip(91).take(10).collect::<String>()
    };
    assert_eq!(cell(3).trim(), "0000 - H", "{trf}");
    assert_eq!(cell(5).trim(), "0000 - Z", "{trf}");
    // Round 2 pairs both again.
    ok(&["pair", &log]);
    let seats = seated(&json(&log), 2);
    assert!(seats.contains(&3) && seats.contains(&5), "{seats:?}");
}

#[test]
fn a_cancelled_request_puts_the_player_back() {
    let dir = tempfile::tempdir().expect("dir");
    let log = fide_event(dir.path(), 6);
    ok(&["bye", &log, "2", "--points", "half", "--reason", "病假"]);
    assert_eq!(
        json(&log)["bye_requests"],
        serde_json::json!([{"round": 1, "no": 2, "points": "half"}])
    );
    let said = ok(&["bye", &log, "2", "--cancel", "--reason", "病好了"]);
    assert!(said.contains("撤销"), "{said}");
    ok(&["pair", &log]);
    let v = json(&log);
    assert!(seated(&v, 1).contains(&2));
    assert_eq!(v["rounds"][0]["requested_byes"], serde_json::json!([]));
    let audit = ok(&["audit", &log]);
    assert!(
        audit.contains("请假轮空") && audit.contains("病好了"),
        "{audit}"
    );
}

#[test]
fn requests_the_rules_do_not_allow_are_refused_naming_why() {
    let dir = tempfile::tempdir().expect("dir");
    let log = fide_event(dir.path(), 6);
    let bye = |no: &'static str, round: &'static str| {
        vec![
            "bye", &*log, no, "--round", round, "--points", "half", "--reason", "事假",
        ]
        .into_iter()
        .map(str::to_string)
        .collect::<Vec<String>>()
    };
    let refuse = |args: Vec<String>, words: &[&str]| {
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        refused(&log, &a, words);
    };
    // None in the last two rounds of nine.
    refuse(bye("4", "8"), &["最后2轮", "第8轮"]);
    refuse(bye("4", "10"), &["共9轮", "第10轮"]);
    refuse(bye("9", "2"), &["9"]);
    ok(&bye("4", "2").iter().map(String::as_str).collect::<Vec<_>>());
    refuse(bye("4", "2"), &["4号", "已登记第2轮"]);
    // One each: a second round is over the limit.
    refuse(bye("4", "3"), &["4号", "1次"]);
    refuse(
        vec![
            "bye".into(),
            log.clone(),
            "6".into(),
            "--cancel".into(),
            "--reason".into(),
            "x".into(),
        ],
        &["6号", "没有第1轮"],
    );
    refuse(
        vec![
            "bye".into(),
            log.clone(),
            "6".into(),
            "--points".into(),
            "half".into(),
            "--reason".into(),
            " ".into(),
        ],
        &["理由"],
    );
    ok(&["pair", &log]);
    refuse(bye("6", "1"), &["第1轮已编排"]);
    finish_round(&log, &json(&log));
    // By hand, a player on a requested bye is not seated.
    refused(
        &log,
        &["pair", &log, "--manual", "4-1,2-3,5-6", "--reason", "手排"],
        &["4号", "第2轮请假轮空"],
    );
}

#[test]
fn a_chinese_preset_allows_none_and_an_assistant_may_not_ask() {
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("q.log").to_string_lossy().into_owned();
    ok(&["new", &log, "--preset", "qigu-2024-07", "--title", "棋谷"]);
    for i in 1..=4 {
        ok(&["player", "add", &log, "--name", &format!("棋手{i}")]);
    }
    refused(
        &log,
        &["bye", &log, "1", "--points", "half", "--reason", "病假"],
        &["不设请假轮空", "requested_byes"],
    );
    let fide = fide_event(dir.path(), 4);
    refused(
        &fide,
        &[
            "--role",
            "assistant",
            "bye",
            &fide,
            "1",
            "--points",
            "half",
            "--reason",
            "病假",
        ],
        &["登记请假轮空"],
    );
}
