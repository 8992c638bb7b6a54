//! Issue 21, point 5: the prize list a treasurer pays from, through the real binary on the
//! presets of seed 003 (lvliang-2024: places with no money in the rules, team certificates)
//! and seed 001 (qiyuan-2019: cash, 奖状, and the 少年女子组 under the one-prize rule).

use crate::support::export as export_support;

use std::path::{Path, PathBuf};

use serde_json::Value;

fn ok(args: &[&str]) -> String {
    String::from_utf8(export_support::ok(args)).unwrap()
}

fn simulate(dir: &Path, preset: &str, players: &str) -> PathBuf {
    let log = dir.join(format!("{preset}.log"));
    ok(&[
        "simulate",
        "--preset",
        preset,
        "--players",
        players,
        "--seed",
        "7",
        "--out",
        log.to_str().unwrap(),
    ]);
    log
}

/// The prize list's table (header and rows) from the csv, and the lines under it.
fn prize_csv(log: &Path) -> (Vec<String>, Vec<Vec<String>>, Vec<String>) {
    let text = ok(&[
        "export",
        log.to_str().unwrap(),
        "--format",
        "csv",
        "--what",
        "prizes",
    ]);
    let rows = export_support::parse_csv(&text);
    let at = rows
        .iter()
        .position(|r| r.first().is_some_and(|c| c == "奖项"))
        .expect("the header");
    let header = rows[at].clone();
    let body: Vec<Vec<String>> = rows[at + 1..]
        .iter()
        .take_while(|r| r.iter().any(|c| !c.is_empty()))
        .cloned()
        .collect();
    let under: Vec<String> = rows[at + 1 + body.len()..]
        .iter()
        .filter_map(|r| r.first().cloned())
        .filter(|c| !c.is_empty())
        .collect();
    (header, body, under)
}

#[test]
fn seed_003_prizes_have_names_no_zero_team_places_and_a_signature_column() {
    let dir = tempfile::tempdir().unwrap();
    let log = simulate(dir.path(), "lvliang-2024", "80");
    let (header, body, _) = prize_csv(&log);
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    assert_eq!(header.last().map(String::as_str), Some("领奖人签名"));
    let (prize, place, amount) = (col("奖项"), col("名次"), col("奖金(元)"));
    assert!(!body.is_empty());
    for r in &body {
        // No placeholder label, no 0 to pay.
        assert!(
            !r[prize].contains('(') && !r[prize].contains("前6名"),
            "{r:?}"
        );
        assert_ne!(r[amount], "0", "{r:?}");
        assert!(!r[amount].is_empty(), "{r:?}");
        // The signature is left to the winner.
        assert!(
            r.get(col("领奖人签名")).is_none_or(String::is_empty),
            "{r:?}"
        );
    }
    // Places 1–6 carry the certificate the regulation gives, in its own column: the 奖金
    // column holds money only, 待定 where the regulation promises money without an amount.
    // Team rows read 团体第N名.
    let given = col("其他奖励");
    let first = body.iter().find(|r| r[place] == "1").unwrap();
    assert_eq!(first[prize], "第1名");
    assert_eq!(first[amount], "待定");
    assert_eq!(first[given], "证书");
    for r in &body {
        assert!(!r[amount].contains("证书"), "{r:?}");
    }
    let teams: Vec<&Vec<String>> = body
        .iter()
        .filter(|r| r[prize].starts_with("团体"))
        .collect();
    assert_eq!(teams.len(), 8);
    for t in teams {
        assert_eq!(t[prize], format!("团体第{}名", t[place]));
        assert_eq!(t[amount], "—");
        assert_eq!(t[given], "证书");
    }
}

#[test]
fn the_one_prize_rule_is_printed_when_it_moved_a_prize_down() {
    let dir = tempfile::tempdir().unwrap();
    let log = simulate(dir.path(), "qiyuan-2019", "60");
    let (header, body, under) = prize_csv(&log);
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    // When the note is due: a junior girl placed above the last 少年女子组 winner took
    // another prize (computed from the JSON, not from the list's own words).
    let all: Value = serde_json::from_str(&ok(&[
        "export",
        log.to_str().unwrap(),
        "--format",
        "json",
        "--what",
        "all",
    ]))
    .unwrap();
    let girls: Vec<u64> = all["players"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["gender"] == "f" && p["group"] == "少年组")
        .map(|p| p["no"].as_u64().unwrap())
        .collect();
    let rank = |no: u64| {
        all["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["no"].as_u64() == Some(no))
            .map(|s| s["rank"].as_u64().unwrap())
            .unwrap()
    };
    let winners: Vec<u64> = body
        .iter()
        .filter(|r| r[col("奖项")].starts_with("少年女子组"))
        .map(|r| r[col("序号")].parse().unwrap())
        .collect();
    assert!((1..=3).contains(&winners.len()), "{body:?}");
    let last = winners.iter().map(|w| rank(*w)).max().unwrap();
    let passed_over = girls
        .iter()
        .any(|g| !winners.contains(g) && rank(*g) < last);
    let note = under.iter().find(|l| l.contains("每人只领一项奖"));
    assert_eq!(note.is_some(), passed_over, "{under:?}");
    if let Some(note) = note {
        let mut ranks: Vec<u64> = winners.iter().map(|w| rank(*w)).collect();
        ranks.sort_unstable();
        let places: Vec<String> = ranks.iter().map(u64::to_string).collect();
        assert!(
            note.contains(&format!("由第{}名获得", places.join("、"))),
            "{note}"
        );
    }
    // Cash prizes keep their amounts; a 奖状 place says so in its own column, never as 0
    // nor in the money column.
    assert!(body.iter().any(|r| r[col("其他奖励")] == "奖状"));
    assert!(body.iter().all(|r| r[col("奖金(元)")] != "0"));
    assert!(
        body.iter()
            .all(|r| r[col("奖金(元)")] == "—" || r[col("奖金(元)")].parse::<u32>().is_ok()),
        "{body:?}"
    );
}

/// The csv summary lines under the table: label → value.
fn summary(log: &Path) -> Vec<(String, String)> {
    let text = ok(&[
        "export",
        log.to_str().unwrap(),
        "--format",
        "csv",
        "--what",
        "prizes",
    ]);
    export_support::parse_csv(&text)
        .into_iter()
        .filter(|r| r.len() >= 2 && (r[0].contains("(元)") || r[0].contains("待定")))
        .map(|r| (r[0].clone(), r[1].clone()))
        .collect()
}

#[test]
fn seed_000_prizes_read_one_way_and_the_officials_sign_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let log = simulate(dir.path(), "qigu-2024-07", "40");
    let (header, body, _) = prize_csv(&log);
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    // 第1名 … 第4名, then 第5名 …: one kind of numeral (the rules say 第一名 … 第四名).
    let names: Vec<&str> = body
        .iter()
        .filter(|r| !r[col("奖项")].contains("幸运"))
        .map(|r| r[col("奖项")].as_str())
        .collect();
    let want: Vec<String> = (1..=10).map(|p| format!("第{p}名")).collect();
    assert_eq!(names, want, "{body:?}");
    // The money column holds money; the total is its sum.
    let money: i64 = body
        .iter()
        .map(|r| r[col("奖金(元)")].parse::<i64>().unwrap())
        .sum();
    assert_eq!(money, 1000 + 600 + 400 + 200 + 6 * 100 + 2 * 50);
    let s = summary(&log);
    assert_eq!(
        s,
        vec![("奖金总计(元)".to_string(), money.to_string())],
        "{s:?}"
    );
    // Seed 000 六: 裁判长吴亚山, 编排长邱忠义 — on every signed printout.
    for what in ["prizes", "standings", "pairings"] {
        let txt = ok(&[
            "export",
            log.to_str().unwrap(),
            "--format",
            "txt",
            "--what",
            what,
        ]);
        assert!(
            txt.contains("裁判长：吴亚山") && txt.contains("编排长：邱忠义"),
            "{what}: {txt}"
        );
    }
}

#[test]
fn seed_003_totals_count_money_only_and_say_what_is_left_open() {
    let dir = tempfile::tempdir().unwrap();
    let log = simulate(dir.path(), "lvliang-2024", "80");
    let s = summary(&log);
    let get = |label: &str| {
        s.iter()
            .find(|(l, _)| l == label)
            .map_or_else(|| panic!("no {label}: {s:?}"), |(_, v)| v.clone())
    };
    assert_eq!(get("奖金总计(元)"), "0");
    // Places 1–6 get money the regulation does not state: counted apart, never as 0 paid.
    assert_eq!(get("另有奖金待定(项, 未计入总计)"), "6");
}
