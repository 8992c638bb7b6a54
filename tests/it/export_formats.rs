//! `bianpai export` end to end through the real binary: csv and xlsx hold the same rows,
//! csv quoting, txt alignment with CJK names, json keys of CONTRACT.md, errors, and the log
//! left untouched.

use crate::support::export as export_support;

use export_support::*;
use serde_json::Value;

/// The print time of every export here, so that two exports of one report are identical.
const AT: &str = "2024-07-06T14:30:00+08:00";

fn export(log: &std::path::Path, args: &[&str]) -> Vec<u8> {
    let mut all = vec!["export", log.to_str().expect("utf-8 path"), "--at", AT];
    all.extend_from_slice(args);
    ok(&all)
}

/// The csv rows of a report, masthead included.
fn csv_full(log: &std::path::Path, what: &str, extra: &[&str]) -> Vec<Vec<String>> {
    let mut args = vec!["--format", "csv", "--what", what];
    args.extend_from_slice(extra);
    let bytes = export(log, &args);
    parse_csv(&String::from_utf8(bytes).expect("utf-8 csv"))
}

/// The csv rows of a report under its masthead (event title, report title, date and print
/// time, a blank row), which is checked and dropped.
fn csv_of(log: &std::path::Path, what: &str, extra: &[&str]) -> Vec<Vec<String>> {
    let rows = csv_full(log, what, extra);
    let title = json_of(log, "all")["title"].as_str().map(String::from);
    assert_eq!(Some(&rows[0][0]), title.as_ref(), "event title");
    assert_eq!(rows[0].len(), 1, "event title");
    assert_eq!(rows[1].len(), 1, "report title");
    let date = &rows[2][0];
    assert!(
        (date.contains("打印时间") || date.contains("Printed"))
            && (date.contains("2024-07-06 14:30") || date.contains("2024-07-06 06:30")),
        "{date}"
    );
    assert_eq!(rows[3], [""], "blank row under the masthead");
    rows[4..].to_vec()
}

fn json_of(log: &std::path::Path, what: &str) -> Value {
    let bytes = export(log, &["--format", "json", "--what", what]);
    serde_json::from_slice(&bytes).expect("valid json")
}

/// The reports of `--what all` for this event, in its order.
const REPORTS: [&str; 6] = [
    "pairings",
    "standings",
    "crosstable",
    "teams",
    "prizes",
    "players",
];

#[test]
fn xlsx_holds_the_same_rows_as_csv() {
    let dir = tempfile::tempdir().unwrap();
    let log = round_one_event(dir.path());
    let mut singles = Vec::new();
    for (lang, what) in ["zh", "en"]
        .iter()
        .flat_map(|l| REPORTS.iter().map(move |w| (*l, *w)))
    {
        let csv = csv_full(&log, what, &["--lang", lang]);
        let out = dir.path().join(format!("{what}-{lang}.xlsx"));
        export(
            &log,
            &[
                "--format",
                "xlsx",
                "--what",
                what,
                "--lang",
                lang,
                "--out",
                out.to_str().unwrap(),
            ],
        );
        let sheets = read_xlsx(&out);
        assert_eq!(sheets.len(), 1, "{what}: one sheet");
        let (_, grid) = &sheets[0];
        let text = sheet_text(grid);
        let (table, foot) = text.split_at(text.len() - 3);
        assert_eq!(table, &trim_rows(csv.clone())[..], "{what} {lang}");
        assert!(foot[0].is_empty() && foot[1].is_empty(), "{foot:?}");
        let sign = ["裁判长", "编排长", "Chief arbiter", "Pairing officer"];
        assert!(
            sign.iter().filter(|w| foot[2][0].contains(*w)).count() == 2,
            "{foot:?}"
        );
        // Numbers are numbers: the player-number column of every body row.
        let head = grid
            .iter()
            .position(|r| r.iter().any(|c| c.text() == "序号" || c.text() == "No"))
            .or_else(|| {
                grid.iter()
                    .position(|r| r.iter().any(|c| c.text() == "名次" || c.text() == "Rank"))
            })
            .expect("a header row");
        let no_col = grid[head]
            .iter()
            .position(|c| *c == XCell::Text("序号".into()) || *c == XCell::Text("No".into()))
            .or_else(|| {
                // The team standings have no player number: their rank column instead.
                grid[head].iter().position(|c| {
                    *c == XCell::Text("名次".into()) || *c == XCell::Text("Rank".into())
                })
            })
            .expect("a number column");
        let body: Vec<&Vec<XCell>> = grid
            .iter()
            .skip(head + 1)
            .take_while(|r| !r.iter().all(|c| *c == XCell::Empty))
            .collect();
        assert!(!body.is_empty());
        for row in body {
            assert!(
                matches!(row[no_col], XCell::Number(_)),
                "{what}: {:?} is not a number",
                row[no_col]
            );
        }
        if lang == "zh" {
            singles.push(csv);
        }
    }

    // --what all: one sheet per report, each the same as that report alone; the csv holds
    // them one after another, each under a title row, separated by a blank line.
    let out = dir.path().join("all.xlsx");
    export(
        &log,
        &[
            "--format",
            "xlsx",
            "--what",
            "all",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let sheets = read_xlsx(&out);
    let names: Vec<&str> = sheets.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "对阵表",
            "成绩表",
            "交叉表",
            "团体成绩",
            "获奖名单",
            "报名名单"
        ]
    );
    for ((_, grid), single) in sheets.iter().zip(&singles) {
        let text = sheet_text(grid);
        assert_eq!(text[..text.len() - 3], trim_rows(single.clone())[..]);
    }
    let all = csv_full(&log, "all", &[]);
    let mut expected: Vec<Vec<String>> = Vec::new();
    let titles = [
        "对阵表 第1轮",
        "成绩表 第1轮后",
        "交叉表 第1轮后",
        "团体成绩 第1轮后",
        "获奖名单 第1轮后",
        "报名名单",
    ];
    for (i, single) in singles.iter().enumerate() {
        if i > 0 {
            expected.push(vec![String::new()]);
        }
        assert_eq!(
            single[1],
            [titles[i]],
            "the report title under the event title"
        );
        expected.extend(single.iter().cloned());
    }
    assert_eq!(all, expected);
}

#[test]
fn csv_is_utf8_with_bom_and_rfc4180_quoting() {
    let dir = tempfile::tempdir().unwrap();
    let log = round_one_event(dir.path());
    let raw = export(&log, &["--format", "csv", "--what", "players"]);
    assert!(raw.starts_with(&[0xEF, 0xBB, 0xBF]), "UTF-8 BOM");
    let text = String::from_utf8(raw).unwrap();
    assert!(text.contains("\"Smith, \"\"Jim\"\"\""), "{text}");
    assert!(text.contains("\"A,B \"\"C\"\"\nD\""), "{text}");
    assert!(text.contains(",\"第一\n第二\","), "{text}");

    let rows = parse_csv(&text)[4..].to_vec();
    assert_eq!(rows[0][0], "序号");
    let fee_col = rows[0].len() - 1;
    let body: Vec<&Vec<String>> = rows[1..].iter().take_while(|r| r.len() > 1).collect();
    assert_eq!(body.len(), 7);
    for name in [OUYANG, LI_WEI, COMMA_QUOTE, MARKUP, "王伟", "张三", "李四"] {
        assert_eq!(body.iter().filter(|r| r[1] == name).count(), 1, "{name}");
    }
    let wang = body.iter().find(|r| r[1] == "王伟").unwrap();
    assert!(wang.contains(&NASTY_CLUB.to_string()));
    // qigu-2024-07: 100 yuan, free under 14 on the event date (Li Wei, born 2012).
    let li = body.iter().find(|r| r[1] == LI_WEI).unwrap();
    assert_eq!(li[fee_col], "0");
    assert_eq!(li[7], "是", "local flag");
    let summary: Vec<&Vec<String>> = rows.iter().rev().take(4).collect();
    let value = |label: &str| {
        summary
            .iter()
            .find(|r| r[0] == label)
            .map_or_else(|| panic!("no {label} row"), |r| r[1].clone())
    };
    assert_eq!(value("人数"), "7");
    assert_eq!(value("缴费人数"), "6");
    assert_eq!(value("免费人数"), "1");
    assert_eq!(value("报名费合计(元)"), "600");
}

#[test]
fn pairings_follow_the_round_and_put_the_bye_last() {
    let dir = tempfile::tempdir().unwrap();
    let log = round_one_event(dir.path());
    let all = json_of(&log, "all");
    let players = all["players"].as_array().unwrap();
    let name = |no: &Value| {
        players
            .iter()
            .find(|p| p["no"] == *no)
            .map(|p| p["name"].as_str().unwrap().to_string())
            .unwrap()
    };
    let club = |no: &Value| {
        players
            .iter()
            .find(|p| p["no"] == *no)
            .map(|p| p["club"].as_str().unwrap().to_string())
            .unwrap()
    };
    let round = &all["rounds"][0];
    let games = round["games"].as_array().unwrap();
    let rows = csv_of(&log, "pairings", &[]);
    assert_eq!(
        rows[0],
        [
            "台次", "序号", "红方", "单位", "积分", "结果", "积分", "黑方", "单位", "序号"
        ]
    );
    assert_eq!(rows.len(), 1 + games.len() + 1);
    let word = |r: &str| match r {
        "red_win" => "红胜",
        "draw" => "和",
        "black_win_forfeit" => "黑不战胜",
        other => panic!("unexpected result {other}"),
    };
    for (g, row) in games.iter().zip(&rows[1..]) {
        assert_eq!(row[0], g["board"].to_string());
        assert_eq!(row[1], g["red"].to_string());
        assert_eq!(row[2], name(&g["red"]));
        assert_eq!(row[3], club(&g["red"]));
        assert_eq!(row[4], "0", "points before round 1");
        assert_eq!(row[5], word(g["result"].as_str().unwrap()));
        assert_eq!(row[7], name(&g["black"]));
        assert_eq!(row[8], club(&g["black"]));
        assert_eq!(row[9], g["black"].to_string());
    }
    let bye = rows.last().unwrap();
    assert_eq!(bye[0], "");
    assert_eq!(bye[1], round["bye"].to_string());
    assert_eq!(bye[5], "轮空");
}

/// Where each known name starts on each line, in display columns.
fn name_columns(lines: &[&str]) -> Vec<Vec<usize>> {
    let names = [OUYANG, LI_WEI, COMMA_QUOTE, MARKUP, "王伟", "张三", "李四"];
    lines
        .iter()
        .map(|l| {
            let mut cols: Vec<usize> = names
                .iter()
                .filter_map(|n| l.find(n).map(|i| display_width(&l[..i])))
                .collect();
            cols.sort_unstable();
            cols
        })
        .collect()
}

/// The tables of a txt printout: (header line, body lines).
fn txt_tables(text: &str) -> Vec<(&str, Vec<&str>)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if i > 0 && !l.is_empty() && l.chars().all(|c| c == '-') {
            let body = lines[i + 1..]
                .iter()
                .take_while(|b| !b.is_empty())
                .copied()
                .collect();
            out.push((lines[i - 1], body));
        }
    }
    out
}

#[test]
fn txt_aligns_cjk_and_latin_names() {
    let dir = tempfile::tempdir().unwrap();
    let log = round_one_event(dir.path());
    for lang in ["zh", "en"] {
        let text = String::from_utf8(export(
            &log,
            &["--format", "txt", "--what", "all", "--lang", lang],
        ))
        .unwrap();
        assert!(text.starts_with("测试赛 <2024> & \"Cup\"\n"), "{text}");
        let tables = txt_tables(&text);
        assert_eq!(
            tables.len(),
            6,
            "pairings, standings, crosstable, teams, prizes, players"
        );
        // Tables that list players by name (the team table lists members in one cell).
        let named = |h: &str| {
            ["红方", "姓名", "Red", "Name"]
                .iter()
                .any(|l| h.contains(l))
        };
        for (header, body) in tables.iter().filter(|(h, _)| named(h)) {
            let cols = name_columns(body);
            // Every line names someone, and the name columns are the same on every line.
            assert!(cols.iter().all(|c| !c.is_empty()), "{header}");
            let name_cols = cols.iter().map(Vec::len).max().unwrap();
            for c in &cols {
                assert_eq!(
                    c[..],
                    cols.iter().find(|c| c.len() == name_cols).unwrap()[..c.len()],
                    "{text}"
                );
            }
            // The header's name labels sit over the names.
            let labels: &[&str] = match (lang, name_cols) {
                ("zh", 2) => &["红方", "黑方"],
                ("zh", _) => &["姓名"],
                (_, 2) => &["Red", "Black"],
                _ => &["Name"],
            };
            let full = cols.iter().find(|c| c.len() == name_cols).unwrap();
            for (label, col) in labels.iter().zip(full) {
                let at = header.find(label).unwrap();
                assert_eq!(display_width(&header[..at]), *col, "{header}");
            }
        }
        // The entry list ends in a right-aligned number column: every line, header included,
        // has the same display width.
        let (header, body) = tables.last().expect("the entry list");
        for l in body {
            assert_eq!(display_width(l), display_width(header), "{l}");
        }
        assert!(
            !text.contains("A,B \"C\"\nD"),
            "a line break in a club stays on one line"
        );
    }
}

#[test]
fn json_keeps_the_contract_keys() {
    let dir = tempfile::tempdir().unwrap();
    let log = round_one_event(dir.path());
    let v = json_of(&log, "all");
    assert_eq!(v["title"], "测试赛 <2024> & \"Cup\"");
    let rules = &v["rules"];
    for k in [
        "rounds",
        "points",
        "tiebreaks",
        "round1",
        "late_window_minutes",
        "withdraw_after_forfeits",
    ] {
        assert!(rules.get(k).is_some(), "rules.{k}");
    }
    for k in [
        "red_win",
        "red_draw",
        "red_loss",
        "black_win",
        "black_draw",
        "black_loss",
        "bye",
    ] {
        assert!(rules["points"][k].is_u64(), "points.{k}");
    }
    for p in v["players"].as_array().unwrap() {
        for k in [
            "no",
            "name",
            "club",
            "team",
            "group",
            "gender",
            "status",
            "withdrawn_after_round",
        ] {
            assert!(p.get(k).is_some(), "players[].{k}");
        }
    }
    let r = &v["rounds"][0];
    assert_eq!(r["round"], 1);
    assert_eq!(r["stage"], "swiss");
    assert!(r["bye"].is_u64());
    for g in r["games"].as_array().unwrap() {
        for k in ["board", "red", "black", "result"] {
            assert!(g.get(k).is_some(), "games[].{k}");
        }
        assert!(g["fouls"]["red"].is_u64() && g["fouls"]["black"].is_u64());
    }
    let chain: Vec<&str> = rules["tiebreaks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    let standings = v["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 7, "every player once");
    for s in standings {
        for k in ["rank", "no", "points", "tiebreaks"] {
            assert!(s.get(k).is_some(), "standings[].{k}");
        }
        for tb in &chain {
            assert!(s["tiebreaks"].get(*tb).is_some(), "tiebreak {tb}");
        }
    }

    // Each report alone.
    let cross = json_of(&log, "crosstable");
    assert_eq!(cross.as_array().unwrap().len(), 7);
    let bye = r["bye"].clone();
    let bye_row = cross
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["no"] == bye)
        .unwrap();
    assert_eq!(bye_row["rounds"][0]["bye"], true);
    assert_eq!(json_of(&log, "players").as_array().unwrap().len(), 7);
    let clocks = json_of(&log, "clocks");
    assert_eq!(clocks.as_array().unwrap().len(), 3, "one entry per board");
    for c in clocks.as_array().unwrap() {
        assert!(
            c["red_ms"].is_null() && c["running"].is_null(),
            "no clock data"
        );
    }
    assert_eq!(json_of(&log, "pairings")[0]["round"], 1);
}

#[test]
fn refusals_are_one_line_and_the_log_is_never_written() {
    let dir = tempfile::tempdir().unwrap();
    let log = round_one_event(dir.path());
    let before = std::fs::read(&log).unwrap();
    let l = log.to_str().unwrap();

    let e = refused(&["export", l, "--format", "xlsx", "--what", "players"]);
    assert!(e.contains("--out"), "{e}");
    let e = refused(&["export", l, "--format", "csv", "--round", "12"]);
    assert!(e.contains("--round 12: 本赛事已编排1轮"), "{e}");
    let e = refused(&[
        "--lang", "en", "export", l, "--format", "csv", "--round", "12",
    ]);
    assert!(
        e.contains("--round 12: the event has 1 paired round(s)"),
        "{e}"
    );
    refused(&["export", l, "--format", "txt", "--round", "0"]);
    let e = refused(&["export", l, "--format", "txt", "--out", l]);
    assert!(e.contains("--out"), "{e}");
    let missing = dir.path().join("nope.log");
    refused(&["export", missing.to_str().unwrap(), "--format", "txt"]);

    // Every format and report, to stdout and to a file.
    for format in ["json", "csv", "txt", "html", "xlsx"] {
        for what in REPORTS.iter().chain(&["clocks", "all"]) {
            let out = dir.path().join(format!("{what}.{format}"));
            export(
                &log,
                &[
                    "--format",
                    format,
                    "--what",
                    what,
                    "--out",
                    out.to_str().unwrap(),
                ],
            );
            assert!(std::fs::metadata(&out).unwrap().len() > 0);
        }
    }
    assert_eq!(std::fs::read(&log).unwrap(), before, "the log is unchanged");

    // An event with no round yet: the pairing has nothing to show.
    let fresh = dir.path().join("fresh.log");
    let f = fresh.to_str().unwrap();
    ok(&["new", f, "--preset", "qigu-2024-07"]);
    ok(&["player", "add", f, "--name", OUYANG]);
    let e = refused(&["export", f, "--format", "txt", "--what", "pairings"]);
    assert!(e.contains("--what pairings: 尚未编排任何一轮"), "{e}");
    let e = refused(&[
        "--lang", "en", "export", f, "--format", "txt", "--what", "pairings",
    ]);
    assert!(e.contains("no round has been paired yet"), "{e}");
    // The other refusals of `export` speak the event's language too.
    let e = refused(&["export", f, "--format", "xlsx", "--what", "standings"]);
    assert!(e.contains("--format xlsx: 电子表格须用 --out"), "{e}");
    let e = refused(&[
        "export",
        f,
        "--format",
        "txt",
        "--what",
        "standings",
        "--by",
        "name",
    ]);
    assert!(e.contains("只有对阵表"), "{e}");
    let text = String::from_utf8(ok(&["export", f, "--format", "txt", "--what", "all"])).unwrap();
    assert!(text.contains(OUYANG) && !text.contains("对阵表"), "{text}");
}

#[test]
fn sections_get_one_table_each_with_their_own_ranks() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("sim.log");
    ok(&[
        "simulate",
        "--preset",
        "qiyuan-2019",
        "--players",
        "12",
        "--rounds",
        "1",
        "--out",
        log.to_str().unwrap(),
    ]);
    let groups: Vec<String> = json_of(&log, "standings")
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["group"].as_str().unwrap().to_string())
        .collect();
    let rows = csv_of(&log, "standings", &[]);
    // Caption row, header, body; a blank row between tables.
    let mut tables: Vec<(String, Vec<Vec<String>>)> = Vec::new();
    let mut i = 0;
    while i < rows.len() {
        assert_eq!(rows[i].len(), 1, "caption row");
        let caption = rows[i][0].clone();
        assert_eq!(rows[i + 1][0], "名次");
        let body: Vec<Vec<String>> = rows[i + 2..]
            .iter()
            .take_while(|r| r.len() > 1)
            .cloned()
            .collect();
        i += 2 + body.len();
        if i < rows.len() {
            assert_eq!(rows[i], [""], "blank row between tables");
            i += 1;
        }
        tables.push((caption, body));
    }
    let mut seen = Vec::new();
    for (caption, body) in &tables {
        assert_eq!(
            body.len(),
            groups.iter().filter(|g| *g == caption).count(),
            "{caption}"
        );
        let ranks: Vec<String> = body.iter().map(|r| r[0].clone()).collect();
        let expected: Vec<String> = (1..=body.len()).map(|k| k.to_string()).collect();
        assert_eq!(ranks, expected, "ranks count within {caption}");
        seen.push(caption.clone());
    }
    assert!(seen.len() >= 2, "{seen:?}");
    let text =
        String::from_utf8(export(&log, &["--format", "txt", "--what", "crosstable"])).unwrap();
    for s in &seen {
        assert!(text.contains(&format!("【{s}】")), "{text}");
    }
}
