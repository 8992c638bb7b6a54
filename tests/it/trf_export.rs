//! `bianpai export LOG --format trf` through the real binary: a round trip (export → `new
//! --trf` → export) gives the same file and the same standings for every individual format
//! (Swiss of every scoring the presets have, groups, knockout finals of two and four, single
//! and double round robins, withdrawals and fouls in bianpai's `###` lines); every total of
//! the file reconciles with its own 162 record, recomputed here from the round cells as a
//! reader that checks a file does.

use std::collections::HashMap;
use std::path::Path;

use crate::support::bin::{ok, simulate_with};

/// `simulate` of a preset's event, `rounds` rounds played (0: to the end).
fn simulate(log: &Path, preset: &str, players: u32, rounds: u32, seed: u32) {
    simulate_with(
        log,
        &["--preset", preset],
        players,
        Some(rounds).filter(|r| *r > 0),
        seed,
    );
}

/// A rules file in `dir` from a preset's text with `edits` (from, to) made.
fn rules_from(dir: &Path, preset: &str, edits: &[(&str, &str)]) -> std::path::PathBuf {
    let mut text = preset.to_string();
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replacen(from, to, 1);
    }
    let path = dir.join("rules.ron");
    std::fs::write(&path, text).unwrap();
    path
}

/// `simulate --rules` to the end, or `rounds` rounds when given.
fn simulate_rules(log: &Path, rules: &Path, players: u32, rounds: Option<u32>, seed: u32) {
    simulate_with(
        log,
        &["--rules", rules.to_str().unwrap()],
        players,
        rounds,
        seed,
    );
}

fn trf(log: &Path) -> String {
    ok(&["export", log.to_str().unwrap(), "--format", "trf"])
}

/// The 162 record's points per letter (and per colour for 1 = 0), read here.
fn scoring(file: &str) -> HashMap<String, f64> {
    let line = file
        .lines()
        .find(|l| l.starts_with("162 "))
        .expect("a 162 record");
    let words: Vec<&str> = line.split_whitespace().skip(1).collect();
    let mut out: HashMap<String, f64> = words
        .chunks(2)
        .map(|c| (c[0].to_string(), c[1].parse::<f64>().expect("points")))
        .collect();
    for (plain, w, b) in [("W", "WW", "BW"), ("D", "WD", "BD"), ("L", "WL", "BL")] {
        if let Some(v) = out.get(plain).copied() {
            out.insert(w.into(), v);
            out.insert(b.into(), v);
        }
    }
    out
}

/// Every player's total against the sum of their rounds under the file's scoring.
fn reconciles(file: &str) {
    let s = scoring(file);
    let mut players = 0;
    for l in file.lines().filter(|l| l.starts_with("001")) {
        players += 1;
        let chars: Vec<char> = l.chars().collect();
        let cut = |a: usize, b: usize| -> String {
            chars
                .get(a - 1..b.min(chars.len()))
                .map(|c| c.iter().collect())
                .unwrap_or_default()
        };
        let total: f64 = cut(81, 84).trim().parse().expect("total");
        let mut sum = 0.0;
        let mut at = 92;
        while at + 7 <= chars.len() {
            let colour = cut(at + 5, at + 5);
            let key = match cut(at + 7, at + 7).as_str() {
                "1" => format!("{}W", colour.to_uppercase()),
                "=" => format!("{}D", colour.to_uppercase()),
                "0" => format!("{}L", colour.to_uppercase()),
                "+" => "FW".into(),
                "-" => "FL".into(),
                "U" => "PAB".into(),
                "H" => "HPB".into(),
                "F" => "FPB".into(),
                "Z" => "ZPB".into(),
                _ => String::new(),
            };
            sum += s.get(&key).copied().unwrap_or(0.0);
            at += 10;
        }
        assert!(
            (sum - total).abs() < 1e-9,
            "total {total}, rounds {sum}: {l}"
        );
    }
    assert!(players > 0, "no player line");
}

/// Export, `new --trf` with the same rules, export again: the same file, and the same
/// standings (every row, tiebreaks and knockout places included).
fn round_trip(dir: &Path, first: &Path, rules: &[&str], what: &str) {
    let file = trf(first);
    reconciles(&file);
    let trf_path = dir.join("event.trf");
    std::fs::write(&trf_path, &file).unwrap();
    let second = dir.join("second.log");
    let mut args = vec![
        "new",
        second.to_str().unwrap(),
        "--trf",
        trf_path.to_str().unwrap(),
    ];
    args.extend_from_slice(rules);
    ok(&args);
    let again = trf(&second);
    assert_eq!(file, again, "{what}: the round trip changed the file");
    assert_eq!(
        crate::trf_import::standings(first),
        crate::trf_import::standings(&second),
        "{what}: standings"
    );
}

#[test]
fn a_round_trip_gives_the_same_file_and_every_total_reconciles() {
    // Whole events (knockout finals of four and of two, the groups of qiyuan-2019, a round
    // robin with a withdrawal) and events stopped halfway.
    for (preset, players, rounds, seed) in [
        ("qigu-2024-07", 23, 5, 3),
        ("qigu-2024-07", 30, 0, 4),
        ("qiyuan-2019", 40, 0, 9),
        ("lvliang-2024", 17, 6, 5),
        ("lvliang-2024", 23, 0, 3),
        ("fide-swiss", 20, 4, 7),
        ("wxf-2023", 21, 0, 7),
        ("club-rr-10", 9, 5, 3),
        ("club-rr-10", 10, 0, 2),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let first = dir.path().join("first.log");
        simulate(&first, preset, players, rounds, seed);
        let what = format!("{preset} {players} players, seed {seed}");
        round_trip(dir.path(), &first, &["--preset", preset], &what);
        let file = trf(&first);
        match preset {
            "lvliang-2024" if rounds == 0 => assert!(file.contains("semi_final slow"), "{file}"),
            "wxf-2023" => assert!(file.contains(" final slow"), "{file}"),
            "qiyuan-2019" => assert!(file.contains(" group "), "{file}"),
            "club-rr-10" => assert!(file.contains("092 Round robin"), "{file}"),
            _ => {}
        }
    }
}

/// A double round robin in the plain order goes out declared and comes back without a
/// preset: the file's type and its order line make the format.
#[test]
fn a_double_round_robin_round_trips_from_its_type_and_order_line() {
    let dir = tempfile::tempdir().unwrap();
    let rules = rules_from(
        dir.path(),
        include_str!("../../src/domain/rules/presets/club-rr-10.ron"),
        &[(
            "system: round_robin,",
            "system: double_round_robin,\n    round_robin_order: plain,",
        )],
    );
    let first = dir.path().join("first.log");
    simulate_rules(&first, &rules, 6, Some(7), 4);
    let file = trf(&first);
    assert!(file.contains("092 Double round robin"), "{file}");
    assert!(
        file.contains("### bianpai round_robin_order plain"),
        "{file}"
    );
    round_trip(
        dir.path(),
        &first,
        &["--rules", rules.to_str().unwrap()],
        "double",
    );
    // Without rules: FIDE's points, the format from the file.
    let trf_path = dir.path().join("event.trf");
    let third = dir.path().join("third.log");
    ok(&[
        "new",
        third.to_str().unwrap(),
        "--trf",
        trf_path.to_str().unwrap(),
    ]);
    let json: serde_json::Value = serde_json::from_str(&ok(&[
        "export",
        third.to_str().unwrap(),
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(
        json["rules"]["system"], "double_round_robin",
        "{}",
        json["rules"]
    );
    assert_eq!(
        json["rules"]["round_robin_order"], "plain",
        "{}",
        json["rules"]
    );
    // The next round comes from the table: round 8 of the plain order is round 3 swapped.
    ok(&["pair", third.to_str().unwrap()]);
    ok(&["pair", first.to_str().unwrap()]);
    let pairs = |log: &Path| -> Vec<(u64, u64)> {
        let j: serde_json::Value =
            serde_json::from_str(&ok(&["export", log.to_str().unwrap(), "--format", "json"]))
                .unwrap();
        j["rounds"][7]["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| (g["red"].as_u64().unwrap(), g["black"].as_u64().unwrap()))
            .collect()
    };
    assert_eq!(pairs(&third), pairs(&first));
    assert!(!pairs(&first).is_empty());
}

#[test]
fn the_colour_dependent_draw_is_declared_and_fouls_are_comments() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("e.log");
    simulate(&log, "lvliang-2024", 12, 2, 1);
    let l = log.to_str().unwrap();
    ok(&["pair", l]);
    ok(&["foul", l, "1", "red", "move_rule"]);
    let file = trf(&log);
    let scoring = file.lines().find(|x| x.starts_with("162 ")).unwrap();
    assert!(
        scoring.contains("WD 1.0") && scoring.contains("BD 2.0"),
        "{scoring}"
    );
    assert!(
        file.lines()
            .any(|x| x.starts_with("###") && x.contains("foul round 3 board 1 w")),
        "{file}"
    );
    reconciles(&file);
}

/// Quarter-finals, semi-finals and the final of eight, with their tie-break games and lots,
/// come back board for board.
#[test]
fn a_bracket_of_eight_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let rules = rules_from(
        dir.path(),
        include_str!("../../src/domain/rules/presets/wxf-2023.ron"),
        &[
            ("rounds: 9,", "rounds: 6,"),
            (
                "(after_round: 8, players: 2)",
                "(after_round: 3, players: 8)",
            ),
        ],
    );
    let first = dir.path().join("first.log");
    simulate_rules(&first, &rules, 20, None, 3);
    let file = trf(&first);
    assert_eq!(file.matches("quarter_final slow").count(), 4, "{file}");
    round_trip(
        dir.path(),
        &first,
        &["--rules", rules.to_str().unwrap()],
        "eight",
    );
}
