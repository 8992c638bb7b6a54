//! `bianpai new LOG --trf FILE` through the real binary: FIDE's tie-break exercise and a
//! real 137-player Swiss (tests/data/trf/README.md) replayed with every total the file
//! declares; every defect class refused with its line and column and no log written; an
//! imported event paired on like one made here.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::bin::{ok, run};

/// A file of tests/data/trf.
pub(crate) fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/trf")
        .join(name)
}

fn text(name: &str) -> String {
    std::fs::read_to_string(data(name)).expect("test data")
}

/// The declared totals of a TRF file, by start number (columns 5–8 and 81–84), read here
/// without the program's reader.
fn declared(trf: &str) -> Vec<(u32, f64)> {
    trf.lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| {
            let no = l[4..8].trim().parse().unwrap();
            let pts = l[80..84].trim().parse().unwrap();
            (no, pts)
        })
        .collect()
}

fn import(dir: &Path, file: &Path, extra: &[&str]) -> PathBuf {
    let log = dir.join("event.log");
    let mut args = vec![
        "--lang".to_string(),
        "en".into(),
        "new".into(),
        log.display().to_string(),
        "--trf".into(),
        file.display().to_string(),
    ];
    args.extend(extra.iter().map(ToString::to_string));
    ok(&args);
    log
}

/// The JSON standings of `log` (shared with the TRF export and FIDE tiebreak tests).
pub(crate) fn standings(log: &Path) -> Vec<Value> {
    let out = ok(&[
        "export",
        log.to_str().unwrap(),
        "--format",
        "json",
        "--what",
        "standings",
    ]);
    serde_json::from_str::<Value>(&out)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

fn points_by_no(rows: &[Value]) -> Vec<(u32, f64)> {
    let mut v: Vec<(u32, f64)> = rows
        .iter()
        .map(|r| {
            (
                r["no"].as_u64().unwrap() as u32,
                r["points"].as_f64().unwrap(),
            )
        })
        .collect();
    v.sort_by_key(|p| p.0);
    v
}

#[test]
fn the_137_player_swiss_replays_with_every_total_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let name = "san_viator_2018_B.trf";
    let log = import(dir.path(), &data(name), &[]);
    let mut want = declared(&text(name));
    want.sort_by_key(|p| p.0);
    assert_eq!(want.len(), 137);
    assert_eq!(points_by_no(&standings(&log)), want);
}

#[test]
fn the_exercise_files_replay_with_their_totals() {
    for name in [
        "held_swiss_5.trf",
        "held_swiss_9.trf",
        "held_round_robin.trf",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let log = import(dir.path(), &data(name), &[]);
        let mut want = declared(&text(name));
        want.sort_by_key(|p| p.0);
        assert_eq!(points_by_no(&standings(&log)), want, "{name}");
    }
}

#[test]
fn a_chinese_preset_keeps_its_own_points() {
    let dir = tempfile::tempdir().unwrap();
    let log = import(
        dir.path(),
        &data("held_swiss_5.trf"),
        &["--preset", "qigu-2024-07"],
    );
    // 2 / 1 / 0 printed as they are: every total is twice the file's.
    let mut want: Vec<(u32, f64)> = declared(&text("held_swiss_5.trf"))
        .into_iter()
        .map(|(n, p)| (n, 2.0 * p))
        .collect();
    want.sort_by_key(|p| p.0);
    assert_eq!(points_by_no(&standings(&log)), want);
}

#[test]
fn an_imported_event_pairs_its_next_round() {
    let dir = tempfile::tempdir().unwrap();
    let log = import(dir.path(), &data("held_swiss_5.trf"), &["--rounds", "6"]);
    let l = log.to_str().unwrap();
    ok(&["pair", l]);
    let out = ok(&["export", l, "--format", "json", "--what", "pairings"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    let text = v.to_string();
    assert!(text.contains("\"round\":6"), "{text}");
    // Nobody meets an opponent of rounds 1–5 again: the history came in with the file.
    let trf = text_pairs(&crate::trf_import::text("held_swiss_5.trf"));
    let round6 = v
        .as_array()
        .and_then(|a| a.iter().find(|r| r["round"] == 6))
        .cloned()
        .unwrap_or_else(|| v.clone());
    for g in round6["games"].as_array().unwrap() {
        let (r, b) = (
            g["red"]["no"].as_u64().or(g["red"].as_u64()).unwrap() as u32,
            g["black"]["no"].as_u64().or(g["black"].as_u64()).unwrap() as u32,
        );
        assert!(!trf.contains(&(r.min(b), r.max(b))), "{r}-{b} met before");
    }
}

/// Every pair that met in the file (the lower start number first).
fn text_pairs(trf: &str) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for l in trf.lines().filter(|l| l.starts_with("001")) {
        let me: u32 = l[4..8].trim().parse().unwrap();
        let mut at = 91;
        while at + 4 <= l.len() {
            if let Ok(o) = l[at..at + 4].trim().parse::<u32>()
                && o > 0
                && l.as_bytes().get(at + 7) != Some(&b'-')
                && l.as_bytes().get(at + 7) != Some(&b'+')
            {
                out.push((me.min(o), me.max(o)));
            }
            at += 10;
        }
    }
    out
}

/// The Held file with line `line` (1-based) changed by `edit`, refused at `place`.
fn refused_at(edit: impl Fn(&str) -> String, line: usize, place: &str, what: &str) {
    // `line` is the line edited; `place` where the refusal must point.
    let dir = tempfile::tempdir().unwrap();
    let mut lines: Vec<String> = text("held_swiss_5.trf").lines().map(String::from).collect();
    lines[line - 1] = edit(&lines[line - 1]);
    let bad = dir.path().join("bad.trf");
    std::fs::write(&bad, lines.join("\n")).unwrap();
    let log = dir.path().join("bad.log");
    for (lang, where_) in [("en", place.to_string()), ("zh", String::new())] {
        let out = run(&[
            "--lang",
            lang,
            "new",
            log.to_str().unwrap(),
            "--trf",
            bad.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{what}: accepted");
        assert_eq!(err.trim().lines().count(), 1, "{what}: one line: {err}");
        if lang == "en" {
            assert!(err.contains(&where_), "{what}: {err}");
        } else {
            assert!(err.contains("行第") && err.contains("列"), "{what}: {err}");
        }
        assert!(!log.exists(), "{what}: a log was written");
    }
}

fn set(l: &str, col: usize, s: &str) -> String {
    let mut c: Vec<char> = l.chars().collect();
    for (i, ch) in s.chars().enumerate() {
        c[col - 1 + i] = ch;
    }
    c.into_iter().collect()
}

#[test]
fn every_defect_class_is_refused_with_its_line_and_column() {
    // Line 5 is Bruno (2): round 1 "  10 b 1" at columns 92–99.
    refused_at(
        |l| set(l, 92, "  11"),
        5,
        "line 5, column 92",
        "a pairing one side does not hold",
    );
    refused_at(
        |l| set(l, 97, "w"),
        5,
        "line 5, column 97",
        "a colour both sides hold",
    );
    refused_at(
        |l| set(l, 81, " 4.5"),
        5,
        "line 5, column 81",
        "a total the results do not give",
    );
    refused_at(
        |l| set(l, 5, "   1"),
        5,
        "line 6, column 5",
        "a start number twice",
    );
    refused_at(
        |l| set(l, 99, "X"),
        5,
        "line 5, column 99",
        "a malformed result",
    );
    refused_at(
        |l| set(l, 99, "="),
        5,
        "line 5, column 99",
        "results that do not fit",
    );
    refused_at(
        |l| set(l, 81, "4,0x"),
        5,
        "line 5, column 81",
        "malformed points",
    );
}

#[test]
fn a_bianpai_line_that_cannot_be_read_or_names_no_game_is_refused_at_its_place() {
    // Line 4 is the file's `XXR 5`; it becomes the record kept and a bianpai line after it.
    for (note, place, what) in [
        (
            "### bianpai foul round 1 board 1 w 1 shouting",
            "line 5, column 38",
            "an unknown foul",
        ),
        (
            "### bianpai foul round 1 board 1 w 99 phone",
            "line 5, column 4",
            "a foul of a start number the file has not",
        ),
        (
            "### bianpai foul round 7 board 1 w 1 phone",
            "line 5, column 4",
            "a foul in a round the file has not",
        ),
        (
            "### bianpai withdrawn 3 from round x",
            "line 5, column 36",
            "a withdrawal without its round",
        ),
        (
            "### bianpai knockout round 3 board 1 final slow 1 2 red_win",
            "line 5, column 4: a knockout game in round 3, but the rules have no knockout",
            "a knockout game under rules without one",
        ),
        (
            "### bianpai knockout round 6 board 1 final slow 1 2 red_win lot",
            "line 5, column 61",
            "a lot on a slow game",
        ),
    ] {
        refused_at(|l| format!("{l}\n{note}"), 4, place, what);
    }
}

#[test]
fn a_round_robin_off_the_berger_table_is_refused_where_it_leaves_it() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("rr.log");
    let file = data("held_round_robin.trf");
    for (lang, words) in [
        (
            "en",
            "line 5, column 92: round 1 of the round robin is not the Berger table's: the table gives 1 red against 6",
        ),
        (
            "zh",
            "第5行第92列: 循环赛第1轮不是贝格尔编排表的对阵: 表中 1 应执红对 6",
        ),
    ] {
        let out = run(&[
            "--lang",
            lang,
            "new",
            log.to_str().unwrap(),
            "--trf",
            file.to_str().unwrap(),
            "--preset",
            "club-rr-10",
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success());
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(words), "{err}");
        assert!(!log.exists());
    }
    // The same results as a Swiss: the file's totals.
    let swiss = import(dir.path(), &file, &["--preset", "fide-swiss"]);
    assert_eq!(
        points_by_no(&standings(&swiss)),
        declared(&text("held_round_robin.trf"))
    );
}

#[test]
fn a_team_match_is_refused_naming_what_trf_lacks() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("t.log");
    let out = run(&[
        "--lang",
        "en",
        "new",
        log.to_str().unwrap(),
        "--trf",
        data("held_swiss_5.trf").to_str().unwrap(),
        "--preset",
        "team-rr-8",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("team match cannot be imported"), "{err}");
    assert!(!log.exists());
}
