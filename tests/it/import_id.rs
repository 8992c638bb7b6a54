//! 身份证号 on import (issue 15), through the real binary: an ID-number column gives the
//! birth date and gender when their columns are empty; a wrong check character (ISO 7064
//! MOD 11-2), an impossible birth date or a number that contradicts the birth column is a
//! refusal naming the line, and the log stays as it was; an old 15-digit number is converted
//! to 18 characters. The number is kept in the log, and no export of any format or report,
//! nor the audit, ever shows it unmasked.

use crate::support::cli as cli_support;
use crate::support::export as export_support;

use cli_support::{Event, ok};
use serde_json::Value;
use std::fmt::Write as _;

/// The ISO 7064 MOD 11-2 check character of 17 digits, computed here independently.
fn check(body: &str) -> char {
    let sum: u32 = body
        .chars()
        .enumerate()
        .map(|(i, c)| c.to_digit(10).unwrap() * ((1u32 << (17 - i)) % 11))
        .sum();
    match (12 - sum % 11) % 11 {
        10 => 'X',
        v => char::from_digit(v, 10).unwrap(),
    }
}

/// A valid number: region 110105, the birth date `yyyymmdd`, sequence `seq`.
fn id(birth: &str, seq: &str) -> String {
    let body = format!("110105{birth}{seq}");
    format!("{body}{}", check(&body))
}

fn field<'a>(p: &'a Value, k: &str) -> &'a Value {
    p.get(k).unwrap_or(&Value::Null)
}

#[test]
fn the_check_character_matches_the_standard_example() {
    // GB 11643-1999's own example.
    assert_eq!(id("19491231", "002"), "11010519491231002X");
}

#[test]
fn id_numbers_fill_birth_and_gender_and_old_numbers_are_converted() {
    let e = Event::new("qigu-2024-07");
    let man = id("19850312", "123");
    let girl = id("20120501", "124").to_lowercase();
    let csv = format!(
        "姓名,性别,出生日期,身份证号码\n张三,,,{man}\n李娟,,,{girl}\n王五,男,1985-03-12,110105850312125\n"
    );
    let out = e.import(&e.file("entries.csv", csv));
    assert!(out.contains("导入3名棋手"), "{out}");
    let ps = e.players();
    let by = |n: &str| ps.iter().find(|p| field(p, "name") == n).unwrap();
    assert_eq!(field(by("张三"), "birth"), "1985-03-12");
    assert_eq!(field(by("张三"), "gender"), "m");
    assert_eq!(field(by("李娟"), "birth"), "2012-05-01");
    assert_eq!(field(by("李娟"), "gender"), "f");
    // Born 2012: under 14 on the event day, so free (seed 000) — from the ID alone.
    assert_eq!(field(by("李娟"), "fee"), 0);
    assert_eq!(
        field(by("张三"), "id_number"),
        &format!("{}{}", "*".repeat(14), &man[14..])
    );
    // The old number, converted: 19 put before the year, check character added.
    let old = id("19850312", "125");
    assert_eq!(
        field(by("王五"), "id_number"),
        &format!("{}{}", "*".repeat(14), &old[14..])
    );
    // Kept whole in the log.
    let log = std::fs::read_to_string(e.log_str()).unwrap();
    assert!(
        log.contains(&man) && log.contains(&old),
        "stored in the log"
    );
}

#[test]
fn bad_id_numbers_are_refused_naming_the_line() {
    let e = Event::new("qigu-2024-07");
    let good = id("19850312", "123");
    let mut typo = good.clone().into_bytes();
    typo[15] = if typo[15] == b'9' { b'0' } else { typo[15] + 1 };
    let typo = String::from_utf8(typo).unwrap();
    let feb30 = id("19900230", "123");
    let cases: [(&str, String, &[&str]); 5] = [
        (
            "checksum",
            format!("姓名,身份证号\n甲,{good}\n乙,{typo}\n"),
            &["line 3", "身份证号", "check character"],
        ),
        (
            "impossible date",
            format!("姓名,身份证号\n丙,{feb30}\n"),
            &["line 2", "1990-02-30"],
        ),
        (
            "wrong length",
            "姓名,证件号码\n丁,1101051985031212\n".to_string(),
            &["line 2", "18 characters"],
        ),
        (
            "contradicts the birth column",
            format!("姓名,出生日期,身份证\n戊,1986-03-12,{good}\n"),
            &["line 2", "1986-03-12", "1985-03-12"],
        ),
        (
            "contradicts the gender column",
            format!("姓名,性别,身份证号\n己,女,{good}\n"),
            &["line 2", "gender"],
        ),
    ];
    for (what, csv, words) in cases {
        let err = e.refused_import(&e.file("bad.csv", csv), &[]);
        for w in words {
            assert!(err.contains(w), "{what}: '{w}' not in: {err}");
        }
    }
    assert!(e.players().is_empty(), "nothing imported");
    // The same number twice is the same person.
    let twice = format!("姓名,身份证号\n甲,{good}\n乙,{good}\n");
    let err = e.refused_import(&e.file("twice.csv", twice), &[]);
    assert!(
        err.contains("line 3") && err.contains("same ID number"),
        "{err}"
    );
}

#[test]
fn no_export_shows_an_unmasked_id_number() {
    let e = Event::new("qigu-2024-07");
    let ids: Vec<String> = (0..6)
        .map(|k| id(&format!("19{}0{}1{}", 70 + k, k + 1, k), &format!("12{k}")))
        .collect();
    let mut csv = String::from("姓名,身份证号,单位\n");
    for (k, n) in ids.iter().enumerate() {
        let _ = writeln!(csv, "棋手{k},{n},某俱乐部");
    }
    e.import(&e.file("ids.csv", csv));
    let l = e.log_str();
    ok(&["draw", l, "--seed", "2"]);
    ok(&["pair", l]);
    ok(&["start", l]);
    ok(&["result", l, "1", "red_win"]);
    let dir = tempfile::tempdir().unwrap();
    let mut outputs: Vec<(String, String)> = Vec::new();
    let whats = [
        "pairings",
        "standings",
        "crosstable",
        "teams",
        "prizes",
        "players",
        "clocks",
        "all",
    ];
    for format in ["json", "csv", "txt", "html", "xlsx"] {
        for what in whats {
            let out = dir.path().join(format!("{what}.{format}"));
            ok(&[
                "export",
                l,
                "--format",
                format,
                "--what",
                what,
                "--out",
                out.to_str().unwrap(),
            ]);
            let text = if format == "xlsx" {
                export_support::read_xlsx(&out)
                    .iter()
                    .flat_map(|(_, g)| export_support::sheet_text(g))
                    .flatten()
                    .collect::<Vec<_>>()
                    .join("\n")
            } else {
                std::fs::read_to_string(&out).unwrap()
            };
            outputs.push((format!("{format} {what}"), text));
        }
    }
    for format in ["html", "txt"] {
        outputs.push((
            format!("{format} scoresheets"),
            ok(&["export", l, "--format", format, "--what", "scoresheets"]),
        ));
    }
    for format in ["csv", "txt", "html"] {
        outputs.push((
            format!("{format} by name"),
            ok(&[
                "export", l, "--format", format, "--what", "pairings", "--by", "name",
            ]),
        ));
    }
    outputs.push(("audit".into(), ok(&["audit", l])));
    for (what, text) in &outputs {
        for n in &ids {
            assert!(!text.contains(n.as_str()), "{what} shows {n}");
            // Not even the birth-date digits of the number.
            assert!(!text.contains(&n[6..14]), "{what} shows the digits of {n}");
        }
    }
    // The players list shows them masked.
    let players = &outputs.iter().find(|(w, _)| w == "txt players").unwrap().1;
    for n in &ids {
        assert!(
            players.contains(&format!("{}{}", "*".repeat(14), &n[14..])),
            "{players}"
        );
    }
}
