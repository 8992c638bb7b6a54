//! Late entries (RULES.md §4 "joins with zero points", §2 numbers, CONTRACT.md contiguous
//! section ranges), through the real binary on the two-section preset of seed 001.
//!
//! - Numbers drawn, round 1 not paired: the newcomer is slotted in after the last number of
//!   its section; numbers above move up by one; every section stays one contiguous range.
//! - Round 1 paired: numbers are fixed; the newcomer takes the next free number (its
//!   section's range is no longer contiguous), is not in the paired round, has zero points
//!   (no bye points for rounds missed) and is paired from the next round.

use crate::support::cli as cli_support;

use bianpai::domain::{PlayerNo, Round};
use bianpai::log::Log;
use serde_json::Value;

use cli_support::{Event, ok, run};

impl Event {
    /// `player add <log> --name <name> --group <group>`, which must succeed.
    fn enter(&self, name: &str, group: &str) -> String {
        self.add(&["--name", name, "--group", group])
    }

    /// (number, name, group) of every player.
    fn numbers(&self) -> Vec<(u32, String, String)> {
        let log = Log::open(&self.log).unwrap();
        log.state()
            .players
            .iter()
            .map(|p| (p.no.0, p.entry.name.clone(), p.entry.group.clone()))
            .collect()
    }

    fn no_of(&self, name: &str) -> u32 {
        self.numbers()
            .into_iter()
            .find(|(_, n, _)| n == name)
            .map_or_else(|| panic!("{name} not registered"), |(no, _, _)| no)
    }

    fn record_all(&self, round: u32) {
        let r = &self.json("pairings", Some(round))[0];
        let games = r["games"].as_array().unwrap();
        for g in games {
            let board = g["board"].as_u64().unwrap().to_string();
            ok(&[
                "result",
                self.log_str(),
                &board,
                "red_win",
                "--round",
                &round.to_string(),
            ]);
        }
    }
}

fn group_of(numbers: &[(u32, String, String)], no: u64) -> String {
    numbers
        .iter()
        .find(|(n, _, _)| u64::from(*n) == no)
        .map(|(_, _, g)| g.clone())
        .unwrap_or_default()
}

fn contiguous(numbers: &[(u32, String, String)], group: &str) -> bool {
    let mut nos: Vec<u32> = numbers
        .iter()
        .filter(|(_, _, g)| g == group)
        .map(|(n, _, _)| *n)
        .collect();
    nos.sort_unstable();
    nos.windows(2).all(|w| w[1] == w[0] + 1)
}

#[test]
fn late_entry_after_the_draw_before_round_1_keeps_sections_contiguous() {
    let e = Event::new("qiyuan-2019");
    for i in 1..=4 {
        e.enter(&format!("公开{i}"), "open");
    }
    for i in 1..=3 {
        e.enter(&format!("少年{i}"), "junior");
    }
    ok(&["draw", e.log_str(), "--seed", "11"]);
    let drawn = e.numbers();
    assert!(contiguous(&drawn, "公开组") && contiguous(&drawn, "少年组"));

    let out = e.enter("迟到", "open");
    assert!(out.contains("已登记 5号 迟到 (公开组)"), "{out}");
    assert!(out.contains("依次后移一位"), "{out}");
    let now = e.numbers();
    assert_eq!(now.len(), 8);
    assert!(contiguous(&now, "公开组"), "{now:?}");
    assert!(contiguous(&now, "少年组"), "{now:?}");
    for (no, name, group) in &drawn {
        let expected = if group == "公开组" { *no } else { no + 1 };
        assert_eq!(e.no_of(name), expected, "{name}");
    }

    // Round 1 pairs each contiguous section on its own: 5 open (2 boards, bye to 5),
    // 3 junior (1 board, bye to 8).
    ok(&["pair", e.log_str()]);
    let r1 = &e.json("pairings", Some(1))[0];
    let games = r1["games"].as_array().unwrap();
    assert_eq!(games.len(), 3);
    for g in games {
        let (red, black) = (g["red"].as_u64().unwrap(), g["black"].as_u64().unwrap());
        assert_eq!(group_of(&now, red), group_of(&now, black), "{g}");
    }
    let mut byes: Vec<u64> = r1["byes"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    byes.sort_unstable();
    assert_eq!(byes, vec![5, 8]);
}

/// Registers 4 + 4, pairs and plays round 1, then adds a late open player.
fn event_with_late_entry_after_round_1() -> Event {
    let e = Event::new("qiyuan-2019");
    for i in 1..=4 {
        e.enter(&format!("公开{i}"), "公开组");
    }
    for i in 1..=4 {
        e.enter(&format!("少年{i}"), "少年组");
    }
    ok(&["draw", e.log_str(), "--in-order"]);
    ok(&["pair", e.log_str()]);
    ok(&["start", e.log_str()]);
    let out = e.enter("迟到", "open");
    // Numbers are fixed once round 1 is paired: the next free number, no renumbering.
    assert!(out.contains("已登记 9号 迟到 (公开组)"), "{out}");
    assert!(!out.contains("后移"), "{out}");
    e.record_all(1);
    e
}

#[test]
fn late_entry_after_round_1_takes_the_next_number_with_zero_points() {
    let e = event_with_late_entry_after_round_1();
    let log = Log::open(&e.log).unwrap();
    let t = log.state();
    let late = t.player(PlayerNo(9)).unwrap();
    assert_eq!(late.joins_round, Round(2));
    assert_eq!(late.section, 0);
    // The open section is now 1-4 and 9: not contiguous after round 1 (documented).
    assert!(!contiguous(&e.numbers(), "公开组"));
    // Not in round 1.
    let r1 = &e.json("pairings", Some(1))[0];
    for g in r1["games"].as_array().unwrap() {
        assert_ne!(g["red"], 9);
        assert_ne!(g["black"], 9);
    }
    assert!(!r1["byes"].as_array().unwrap().contains(&Value::from(9)));
    // Zero points after round 1: no bye points for the missed round.
    let standings = e.json("standings", Some(1));
    let row = standings
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["no"] == 9)
        .expect("the late entry is in the standings");
    assert_eq!(row["points"], 0);
    assert_eq!(row["group"], "公开组");
    let winners = standings
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["points"] == 2)
        .count();
    assert_eq!(winners, 4, "four boards, four winners: {standings}");
}

/// Needs the Swiss engine (rounds 2+), which is not on this branch yet.
#[test]
fn late_entry_is_paired_from_the_next_round_in_its_section() {
    let e = event_with_late_entry_after_round_1();
    let numbers = e.numbers();
    let out = run(&["pair", e.log_str()]);
    assert!(
        out.status.success(),
        "round 2 could not be paired (Swiss engine): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r2 = &e.json("pairings", Some(2))[0];
    let games = r2["games"].as_array().unwrap();
    let boards: Vec<u64> = games.iter().filter_map(|g| g["board"].as_u64()).collect();
    assert_eq!(boards, (1..=games.len() as u64).collect::<Vec<_>>());
    let mut seen = Vec::new();
    for g in games {
        let (red, black) = (g["red"].as_u64().unwrap(), g["black"].as_u64().unwrap());
        assert_eq!(group_of(&numbers, red), group_of(&numbers, black), "{g}");
        seen.extend([red, black]);
    }
    seen.extend(
        r2["byes"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_u64),
    );
    seen.sort_unstable();
    // Everyone, the late entry included, is paired or has the bye in round 2.
    assert_eq!(seen, (1..=9).collect::<Vec<u64>>());
}
