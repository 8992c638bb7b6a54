//! The printouts an arbiter signs and pins on the wall (issue 15), through the real binary:
//! the xlsx prize list read back with calamine (event title, date, print time, totals and
//! signature lines), the csv still a UTF-8 file with a BOM, the pairing list by name (every
//! player once, in pinyin order, with board, colour and opponent) and the scoresheets (one
//! slip per board).

use crate::support::export as export_support;

use export_support::*;
use pinyin::ToPinyin;
use serde_json::Value;

const AT: &str = "2024-07-06T18:05:00+08:00";

fn simulate(dir: &std::path::Path, preset: &str, players: &str) -> std::path::PathBuf {
    let log = dir.join(format!("{preset}.log"));
    ok(&[
        "simulate",
        "--preset",
        preset,
        "--players",
        players,
        "--out",
        log.to_str().unwrap(),
    ]);
    log
}

fn export(log: &std::path::Path, args: &[&str]) -> Vec<u8> {
    let mut all = vec!["export", log.to_str().unwrap(), "--at", AT];
    all.extend_from_slice(args);
    ok(&all)
}

fn json(log: &std::path::Path, what: &str) -> Value {
    serde_json::from_slice(&export(log, &["--format", "json", "--what", what])).unwrap()
}

#[test]
fn xlsx_prize_list_has_title_date_print_time_totals_and_signatures() {
    let dir = tempfile::tempdir().unwrap();
    let log = simulate(dir.path(), "qigu-2024-07", "40");
    let title = json(&log, "all")["title"].as_str().unwrap().to_string();
    let prizes = json(&log, "prizes");
    let total: i64 = prizes
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["amount"].as_i64().unwrap())
        .sum();
    // Seed 000: 1000 + 600 + 400 + 200 + 6 × 100 + two lucky prizes of 50.
    assert_eq!(total, 2900);
    let out = dir.path().join("prizes.xlsx");
    export(
        &log,
        &[
            "--format",
            "xlsx",
            "--what",
            "prizes",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let sheets = read_xlsx(&out);
    let grid = sheet_text(&sheets[0].1);
    assert_eq!(grid[0], [title.as_str()]);
    assert_eq!(grid[1], ["获奖名单 第9轮后"]);
    // The event date, and the print time in the event's zone (the preset's: Beijing time).
    let printed = chrono::DateTime::parse_from_rfc3339(AT)
        .unwrap()
        .with_timezone(&chrono_tz::Asia::Shanghai)
        .format("%Y-%m-%d %H:%M")
        .to_string();
    assert_eq!(
        grid[2],
        [format!("比赛日期：2024-07-06　　打印时间：{printed}")]
    );
    let header = grid
        .iter()
        .position(|r| r.first().is_some_and(|c| c == "奖项"))
        .unwrap();
    assert!(
        grid[header].contains(&"单位".to_string()),
        "{:?}",
        grid[header]
    );
    let total_row = grid
        .iter()
        .find(|r| r.first().is_some_and(|c| c == "奖金总计(元)"))
        .expect("a total row");
    assert_eq!(total_row[1], total.to_string());
    let last = grid.last().unwrap();
    assert!(
        last[0].starts_with("裁判长：") && last[0].contains("编排长："),
        "{last:?}"
    );

    // The csv of the same report: BOM, same masthead and total.
    let csv = export(&log, &["--format", "csv", "--what", "prizes"]);
    assert!(csv.starts_with(&[0xEF, 0xBB, 0xBF]), "UTF-8 BOM for Excel");
    let rows = parse_csv(&String::from_utf8(csv).unwrap());
    assert_eq!(rows[0], [title.as_str()]);
    assert!(
        rows.iter()
            .any(|r| r[0] == "奖金总计(元)" && r[1] == total.to_string())
    );

    // English printouts speak English.
    let en = String::from_utf8(export(
        &log,
        &["--format", "txt", "--what", "prizes", "--lang", "en"],
    ))
    .unwrap();
    assert!(en.contains("Prizes after round 9") && en.contains("Total prize money (yuan)"));
    assert!(
        en.contains("Chief arbiter: ") && en.contains("Pairing officer: "),
        "{en}"
    );
}

/// The toneless pinyin of a name, syllable by syllable (the order players expect).
fn syllables(name: &str) -> Vec<String> {
    name.chars()
        .filter_map(|c| c.to_pinyin().map(|p| p.plain().to_string()))
        .collect()
}

#[test]
fn pairings_by_name_list_every_player_once_in_pinyin_order() {
    let dir = tempfile::tempdir().unwrap();
    let log = simulate(dir.path(), "lvliang-2024", "80");
    let all = json(&log, "all");
    let names: std::collections::HashMap<i64, String> = all["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["no"].as_i64().unwrap(),
                p["name"].as_str().unwrap().into(),
            )
        })
        .collect();
    let round = &all["rounds"][0];
    let rows = parse_csv(
        &String::from_utf8(export(
            &log,
            &[
                "--format", "csv", "--what", "pairings", "--by", "name", "--round", "1",
            ],
        ))
        .unwrap(),
    );
    assert_eq!(rows[1], ["对阵表 第1轮（按姓名）"]);
    let head = rows.iter().position(|r| r[0] == "姓名").unwrap();
    assert_eq!(
        rows[head],
        ["姓名", "序号", "单位", "台次", "执色", "对手", "对手序号"]
    );
    let body = &rows[head + 1..];
    assert_eq!(body.len(), 80, "every player once");
    let mut seen: Vec<i64> = body.iter().map(|r| r[1].parse().unwrap()).collect();
    seen.sort_unstable();
    assert_eq!(seen, (1..=80).collect::<Vec<_>>());
    // Sorted by the pinyin of the names.
    let keys: Vec<Vec<String>> = body.iter().map(|r| syllables(&r[0])).collect();
    assert!(keys.windows(2).all(|w| w[0] <= w[1]), "{keys:?}");
    // Board, colour and opponent as in the pairing.
    for g in round["games"].as_array().unwrap() {
        for (me, opp, colour) in [("red", "black", "红"), ("black", "red", "黑")] {
            let no = g[me].as_i64().unwrap();
            let row = body.iter().find(|r| r[1] == no.to_string()).unwrap();
            assert_eq!(row[0], names[&no]);
            assert_eq!(row[3], g["board"].to_string());
            assert_eq!(row[4], colour);
            assert_eq!(row[5], names[&g[opp].as_i64().unwrap()]);
            assert_eq!(row[6], g[opp].to_string());
        }
    }
    let e = refused(&[
        "export",
        log.to_str().unwrap(),
        "--what",
        "standings",
        "--by",
        "name",
    ]);
    assert!(e.contains("--by name"), "{e}");
}

#[test]
fn scoresheets_give_one_slip_per_board_with_result_boxes_and_signatures() {
    let dir = tempfile::tempdir().unwrap();
    let log = round_one_event(dir.path());
    let l = log.to_str().unwrap();
    let games = json(&log, "all")["rounds"][0]["games"]
        .as_array()
        .unwrap()
        .clone();
    let html = String::from_utf8(export(
        &log,
        &["--format", "html", "--what", "scoresheets", "--round", "1"],
    ))
    .unwrap();
    assert_eq!(html.matches("<div class=\"slip\">").count(), games.len());
    for word in [
        "红胜",
        "和",
        "黑胜",
        "裁判员签名",
        "签名",
        "每方20分钟，每步加5秒",
        "第1轮",
    ] {
        assert!(html.contains(word), "{word}");
    }
    assert!(html.contains("第1轮　第3台"), "round and board on the slip");
    assert!(
        html.contains("欧阳建国") && html.contains("金湖象协"),
        "names and clubs"
    );
    let txt =
        String::from_utf8(export(&log, &["--format", "txt", "--what", "scoresheets"])).unwrap();
    assert_eq!(txt.matches("[ ] 红胜").count(), games.len());
    assert_eq!(txt.matches("裁判员签名：").count(), games.len());
    let e = refused(&["export", l, "--format", "csv", "--what", "scoresheets"]);
    assert!(e.contains("scoresheets"), "{e}");
}

#[test]
fn officials_sign_by_name_and_the_print_time_is_the_events_local_time() {
    // The preset names seed 000's officials; a rules file names others.
    let preset = include_str!("../../src/domain/rules/presets/qigu-2024-07.ron");
    let named = "officials: (chief_arbiter: Some(\"吴亚山\"), pairing_officer: Some(\"邱忠义\")),";
    assert!(preset.contains(named), "{preset}");
    let rules = preset.replace(
        named,
        "officials: (chief_arbiter: Some(\"王裁判\"), pairing_officer: Some(\"李编排\")),",
    );
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("e.log");
    let rules_file = dir.path().join("rules.ron");
    std::fs::write(&rules_file, rules).unwrap();
    let l = log.to_str().unwrap();
    ok(&["new", l, "--rules", rules_file.to_str().unwrap()]);
    ok(&["player", "add", l, "--name", "张三", "--club", "金湖象协"]);
    ok(&["player", "add", l, "--name", "李四"]);
    ok(&["draw", l, "--seed", "1"]);
    ok(&["pair", l]);
    // 10:05 UTC is 18:05 in Shanghai, whatever the machine's zone.
    let at = ["--at", "2024-07-06T10:05:00Z"];
    let html = String::from_utf8(ok(&[
        "export", l, at[0], at[1], "--format", "html", "--what", "pairings",
    ]))
    .unwrap();
    assert!(html.contains("打印时间：2024-07-06 18:05"), "{html}");
    assert!(
        html.contains("裁判长：<span class=\"line\">王裁判</span>"),
        "{html}"
    );
    assert!(
        html.contains("编排长：<span class=\"line\">李编排</span>"),
        "{html}"
    );
    let txt = String::from_utf8(ok(&[
        "export",
        l,
        at[0],
        at[1],
        "--format",
        "txt",
        "--what",
        "standings",
    ]))
    .unwrap();
    assert!(txt.contains("裁判长：王裁判 ____"), "{txt}");
    assert!(txt.contains("打印时间：2024-07-06 18:05"), "{txt}");
}
