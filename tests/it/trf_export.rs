//! `bianpai export LOG --format trf` through the real binary: a round trip (export → `new
//! --trf` → export) gives the same file for Swiss events of every scoring the presets have
//! (2 / 1 / 0, the colour-dependent draw of lvliang-2024, FIDE's halves); every total of the
//! file reconciles with its own 162 record, recomputed here from the round cells as a
//! reader that checks a file does; fouls go in `###` lines (not read back, so a chain with
//! 犯规 is compared on the file only).

use std::collections::HashMap;
use std::path::Path;

use crate::support::bin::ok;

fn simulate(log: &Path, preset: &str, players: u32, rounds: u32, seed: u32) {
    ok(&[
        "simulate",
        "--preset",
        preset,
        "--players",
        &players.to_string(),
        "--rounds-played",
        &rounds.to_string(),
        "--seed",
        &seed.to_string(),
        "--out",
        log.to_str().unwrap(),
    ]);
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

#[test]
fn a_round_trip_gives_the_same_file_and_every_total_reconciles() {
    for (preset, players, rounds, seed) in [
        ("qigu-2024-07", 23, 5, 3),
        ("lvliang-2024", 17, 6, 5),
        ("fide-swiss", 20, 4, 7),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let first = dir.path().join("first.log");
        simulate(&first, preset, players, rounds, seed);
        let file = trf(&first);
        reconciles(&file);
        let trf_path = dir.path().join("event.trf");
        std::fs::write(&trf_path, &file).unwrap();
        let second = dir.path().join("second.log");
        ok(&[
            "new",
            second.to_str().unwrap(),
            "--trf",
            trf_path.to_str().unwrap(),
            "--preset",
            preset,
        ]);
        // Fouls travel as `###` comments, which `new --trf` does not read back
        // (docs/formats.md#trf): every other line comes back as it went.
        let without_fouls = |f: &str| -> Vec<String> {
            f.lines()
                .filter(|l| !l.starts_with("### bianpai foul"))
                .map(String::from)
                .collect()
        };
        let again = trf(&second);
        assert_eq!(
            without_fouls(&file),
            without_fouls(&again),
            "{preset}: the round trip changed the file"
        );
        if preset != "fide-swiss" {
            continue;
        }
        // Without fouls in its chain, the same standings too, in the event's own scale.
        assert_eq!(
            crate::trf_import::standings(&first),
            crate::trf_import::standings(&second),
            "{preset}: standings"
        );
    }
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
