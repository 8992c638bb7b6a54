//! Issue 21, point 8: the last English words of a Chinese event, each through the real
//! binary (no `--lang`: Chinese is the default). Every check here failed before the fix:
//! `已接受的人工调整：player 5 (棋手5) is not paired`, `按规则判退: 2 consecutive forfeits`, the
//! refusal `root acting as viewer may not register a player` once per row of an import, the
//! xlsx writer's `String exceeds Excel's limit`, and `name: 1600000 characters` on an import.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(crate::support::bin::BIN)
        .args(args)
        .env_remove("BIANPAI_LANG")
        .output()
        .expect("run bianpai")
}

fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "bianpai {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Words of two or more Latin letters in `line`, less the ones the person typed (`typed`:
/// names, flags) — what is left is the product's English.
fn english(line: &str, typed: &[&str]) -> Vec<String> {
    line.split(|c: char| !c.is_ascii_alphabetic() && c != '-')
        .map(|w| w.trim_matches('-'))
        .filter(|w| w.chars().filter(char::is_ascii_alphabetic).count() >= 2)
        .filter(|w| !typed.iter().any(|t| t.contains(w)))
        .map(str::to_string)
        .collect()
}

fn event(dir: &Path, players: u32) -> PathBuf {
    let log = dir.join("e.log");
    let l = log.to_str().unwrap();
    ok(&["new", l, "--preset", "qigu-2024-07"]);
    for i in 1..=players {
        ok(&["player", "add", l, "--name", &format!("棋手{i}")]);
    }
    ok(&["draw", l, "--seed", "1"]);
    log
}

#[test]
fn an_accepted_hand_pairing_names_the_break_in_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), 6);
    let l = log.to_str().unwrap();
    let out = ok(&[
        "pair", l, "--manual", "1-2,3-4", "--reason", "试验", "--force",
    ]);
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("已接受的人工调整"))
        .collect();
    assert_eq!(lines.len(), 2, "{out}");
    for line in lines {
        assert!(line.contains("没有被编排"), "{line}");
        assert_eq!(english(line, &[]), Vec::<String>::new(), "{line}");
    }
}

#[test]
fn a_withdrawal_by_rule_gives_the_rule_in_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), 6);
    let l = log.to_str().unwrap();
    let all = |l: &str| -> serde_json::Value {
        serde_json::from_str(&ok(&["export", l, "--format", "json", "--what", "all"])).unwrap()
    };
    ok(&["pair", l]);
    ok(&["start", l]);
    // Board 1's red forfeits round 1 and, wherever they sit, round 2.
    let r1 = all(l)["rounds"][0]["games"][0].clone();
    let absent = r1["red"].as_u64().unwrap();
    for b in 1..=3 {
        let word = if b == 1 {
            "black_win_forfeit"
        } else {
            "red_win"
        };
        ok(&["result", l, &b.to_string(), word]);
    }
    ok(&["pair", l]);
    ok(&["start", l]);
    let games = all(l)["rounds"][1]["games"].as_array().unwrap().clone();
    let mut withdrawn_line = String::new();
    for g in &games {
        let b = g["board"].to_string();
        let word = if g["red"] == absent {
            "black_win_forfeit"
        } else if g["black"] == absent {
            "red_win_forfeit"
        } else {
            "draw"
        };
        let out = ok(&["result", l, &b, word]);
        if let Some(line) = out.lines().find(|x| x.contains("按规则判退")) {
            withdrawn_line = line.to_string();
        }
    }
    assert!(withdrawn_line.contains("连续2轮弃权"), "{withdrawn_line}");
    assert_eq!(english(&withdrawn_line, &[]), Vec::<String>::new());
    let audit = ok(&["audit", l, "--last", "3"]);
    let line = audit.lines().find(|x| x.contains("按规则判退")).unwrap();
    // The audit's user column is the OS user (typed by nobody here, but not product text).
    let user = std::env::var("USER").unwrap_or_else(|_| "root".into());
    assert_eq!(
        english(line, &[&user, "root"]),
        Vec::<String>::new(),
        "{line}"
    );
}

#[test]
fn an_import_by_a_role_that_may_not_register_is_refused_once_naming_who_may() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("r.ron");
    let mut ron = ok(&["presets", "--show", "qigu-2024-07"]);
    // Only a user that is not us holds a role: we act as a viewer.
    ron = ron.replace(
        "roles: {}",
        "roles: {\"zhangsan\": [head], \"lisi\": [organizer]}",
    );
    assert!(
        ron.contains("zhangsan"),
        "the preset has a role map to fill"
    );
    std::fs::write(&rules, ron).unwrap();
    let log = dir.path().join("i.log");
    let l = log.to_str().unwrap();
    ok(&["new", l, "--rules", rules.to_str().unwrap()]);
    let csv = dir.path().join("p.csv");
    let mut text = String::from("姓名,单位\n");
    for i in 1..=50 {
        let _ = writeln!(text, "棋手{i},棋社");
    }
    std::fs::write(&csv, text).unwrap();
    let out = run(&["player", "import", l, csv.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "said once, not once per row: {err}");
    let line = lines[0];
    assert!(line.contains("zhangsan") && line.contains("lisi"), "{line}");
    assert!(line.contains("无权登记棋手"), "{line}");
    let user = std::env::var("USER").unwrap_or_else(|_| "root".into());
    assert_eq!(
        english(line, &[&user, "root", "zhangsan", "lisi", "bianpai"]),
        Vec::<String>::new(),
        "{line}"
    );
}

#[test]
fn an_over_long_name_on_an_import_row_is_named_in_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("n.log");
    let l = log.to_str().unwrap();
    ok(&["new", l, "--preset", "qigu-2024-07"]);
    let csv = dir.path().join("big.csv");
    std::fs::write(&csv, format!("姓名,单位\n{},x\n", "A".repeat(1_600_000))).unwrap();
    let out = run(&["player", "import", l, csv.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    let row = err.lines().find(|x| x.contains("第2行")).expect("the row");
    assert!(row.contains("姓名：1600000个字符"), "{row}");
    assert_eq!(
        english(row, &[csv.to_str().unwrap()]),
        Vec::<String>::new(),
        "{row}"
    );
}

#[test]
fn a_team_list_longer_than_an_excel_cell_still_writes_the_workbook() {
    // One team of 2,600 players: its members cell (`1 棋手1 (0), …`) passes Excel's 32,767
    // characters, which the xlsx writer refused in English.
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("t.ron");
    let ron =
        ok(&["presets", "--show", "lvliang-2024"]).replace("capacity: Some(80)", "capacity: None");
    std::fs::write(&rules, ron).unwrap();
    let log = dir.path().join("t.log");
    let l = log.to_str().unwrap();
    ok(&["new", l, "--rules", rules.to_str().unwrap()]);
    let csv = dir.path().join("team.csv");
    let mut text = String::from("姓名,队名,出生日期\n");
    for i in 1..=2600 {
        let _ = writeln!(text, "棋手{i},大团体,1990-01-01");
    }
    std::fs::write(&csv, text).unwrap();
    ok(&["player", "import", l, csv.to_str().unwrap()]);
    let out = dir.path().join("teams.xlsx");
    let res = run(&[
        "export",
        l,
        "--format",
        "xlsx",
        "--what",
        "teams",
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&res.stderr);
    assert!(res.status.success(), "{err}");
    assert!(!err.contains("Excel's limit"), "{err}");
    assert!(std::fs::metadata(&out).unwrap().len() > 0);
}
