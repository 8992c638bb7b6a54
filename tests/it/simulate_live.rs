//! Issue 21, point 9: fast-forward a real event. `simulate` takes a rules file as well as a
//! preset, stops after K rounds leaving a live event to go on by hand, keeps names as names;
//! `pair --preview` on an event whose rounds are all played says so.

use crate::support::export as export_support;

use export_support::{ok, refused};
use serde_json::Value;

fn all(log: &str) -> Value {
    serde_json::from_slice(&ok(&["export", log, "--format", "json", "--what", "all"])).unwrap()
}

#[test]
fn simulate_from_a_rules_file_stops_after_k_rounds_and_the_event_goes_on_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("qigu.ron");
    std::fs::write(&rules, ok(&["presets", "--show", "qigu-2024-07"])).unwrap();
    let log = dir.path().join("q.log");
    let l = log.to_str().unwrap();
    let r = rules.to_str().unwrap();
    ok(&[
        "simulate",
        "--rules",
        r,
        "--players",
        "12",
        "--rounds-played",
        "3",
        "--out",
        l,
    ]);
    let a = all(l);
    assert_eq!(a["rounds"].as_array().unwrap().len(), 3);
    assert_eq!(a["rules"]["rounds"], 9);
    let names: Vec<&str> = a["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(
        names.iter().all(|n| !n.chars().any(|c| c.is_ascii_digit())),
        "{names:?}"
    );
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), names.len());
    // Live: round 4 pairs by hand.
    ok(&["pair", l]);
    assert_eq!(all(l)["rounds"].as_array().unwrap().len(), 4);

    // Both sources, or more rounds played than the event has: one Chinese line each.
    let both = refused(&[
        "simulate",
        "--preset",
        "qigu-2024-07",
        "--rules",
        r,
        "--players",
        "4",
        "--out",
        &dir.path().join("x.log").to_string_lossy(),
    ]);
    assert!(
        both.contains("--preset") && both.contains("--rules"),
        "{both}"
    );
    let beyond = refused(&[
        "simulate",
        "--rules",
        r,
        "--players",
        "4",
        "--rounds-played",
        "10",
        "--out",
        &dir.path().join("y.log").to_string_lossy(),
    ]);
    assert!(beyond.contains("超过本赛事的 9 轮"), "{beyond}");
}

#[test]
fn preview_after_the_last_round_says_every_round_is_paired() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("done.log");
    let l = log.to_str().unwrap();
    ok(&[
        "simulate",
        "--preset",
        "qigu-2024-07",
        "--players",
        "10",
        "--rounds",
        "3",
        "--out",
        l,
    ]);
    let said = refused(&["pair", l, "--preview"]);
    assert!(said.contains("全部3轮均已编排"), "{said}");
    assert!(!said.contains("第4轮"), "{said}");
}

#[test]
fn a_team_event_simulates_from_its_printed_rules_and_stops_after_k_rounds() {
    let dir = tempfile::tempdir().unwrap();
    // The unchanged printout of the preset is a rules file like any other.
    let rules = dir.path().join("team.ron");
    std::fs::write(&rules, ok(&["presets", "--show", "team-rr-8"])).unwrap();
    let r = rules.to_str().unwrap();
    let log = dir.path().join("t.log");
    let l = log.to_str().unwrap();
    let said = String::from_utf8(ok(&[
        "simulate",
        "--rules",
        r,
        "--teams",
        "8",
        "--rounds-played",
        "3",
        "--out",
        l,
    ]))
    .unwrap();
    assert!(
        said.contains("8 支队伍") && said.contains("共 3 轮"),
        "{said}"
    );
    let a = all(l);
    let rounds = a["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 3);
    // Every board of the three rounds played, four matches of four boards each.
    for round in rounds {
        let games = round["games"].as_array().unwrap();
        assert_eq!(games.len(), 16, "round {}", round["round"]);
        assert!(games.iter().all(|g| !g["result"].is_null()));
    }
    assert_eq!(a["team_match"]["teams"].as_array().unwrap().len(), 8);
    assert_eq!(a["rules"]["rounds"], 7);
    // Live: round 4 pairs by hand.
    ok(&["pair", l]);
    assert_eq!(all(l)["rounds"].as_array().unwrap().len(), 4);

    // --players counts teams of the boards plus a reserve, as with the preset.
    let log = dir.path().join("p.log");
    let l = log.to_str().unwrap();
    ok(&["simulate", "--rules", r, "--players", "30", "--out", l]);
    let a = all(l);
    assert_eq!(a["team_match"]["teams"].as_array().unwrap().len(), 6);
    assert_eq!(a["rounds"].as_array().unwrap().len(), 5);

    // More rounds played than the schedule has, and --teams on an individual event: one
    // Chinese line each, no log.
    let y = dir.path().join("y.log");
    let beyond = refused(&[
        "simulate",
        "--rules",
        r,
        "--teams",
        "8",
        "--rounds-played",
        "8",
        "--out",
        &y.to_string_lossy(),
    ]);
    assert!(beyond.contains("超过本赛事的 7 轮"), "{beyond}");
    assert!(!y.exists());
    let not_team = refused(&[
        "simulate",
        "--preset",
        "qigu-2024-07",
        "--teams",
        "8",
        "--out",
        &y.to_string_lossy(),
    ]);
    assert!(not_team.contains("不是团体赛"), "{not_team}");
}
