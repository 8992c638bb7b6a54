//! Helpers shared by the export tests: building an event through the real binary, reading
//! csv (RFC 4180) and xlsx back, and measuring display widths.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub const BIN: &str = crate::support::bin::BIN;

/// Names that exercise CJK widths, csv quoting and html escaping.
pub const OUYANG: &str = "欧阳建国";
pub const LI_WEI: &str = "Li Wei";
pub const COMMA_QUOTE: &str = "Smith, \"Jim\"";
pub const MARKUP: &str = "<b>Tom & 'Jerry'</b>";
/// A club whose name holds a comma, a quote and a line break.
pub const NASTY_CLUB: &str = "A,B \"C\"\nD";
/// A club whose name holds only a line break.
pub const TWO_LINE_CLUB: &str = "第一\n第二";

pub use crate::support::bin::{ok_bytes as ok, run};

/// Runs the binary and insists on a refusal; returns the one-line reason.
pub fn refused(args: &[&str]) -> String {
    let out = run(args);
    assert!(!out.status.success(), "bianpai {args:?} should fail");
    assert!(out.stdout.is_empty(), "a refusal prints nothing on stdout");
    let err = String::from_utf8(out.stderr).expect("utf-8 stderr");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    err.trim_end().to_string()
}

/// A qigu-2024-07 event with seven players (so round 1 has a bye), numbers drawn, round 1
/// paired and every board reported (a win, a draw and a forfeit).
pub fn round_one_event(dir: &Path) -> PathBuf {
    let log = dir.join("event.log");
    let l = log.to_str().expect("utf-8 path");
    ok(&[
        "new",
        l,
        "--preset",
        "qigu-2024-07",
        "--title",
        "测试赛 <2024> & \"Cup\"",
        "--date",
        "2024-07-06",
    ]);
    let players: [(&str, &[&str]); 7] = [
        (OUYANG, &["--gender", "m", "--club", "金湖象协"]),
        (LI_WEI, &["--local", "--birth", "2012-03-04"]),
        ("王伟", &["--club", NASTY_CLUB]),
        (COMMA_QUOTE, &["--gender", "m"]),
        (MARKUP, &["--gender", "f", "--team", "红队"]),
        ("张三", &["--club", TWO_LINE_CLUB]),
        ("李四", &["--club", "航天俱乐部"]),
    ];
    for (name, extra) in players {
        if let ["--club", club] = extra
            && club.contains('\n')
        {
            // A line break in a club is refused at input since issue 14; an older log may
            // still hold one, and the exports must quote it.
            older_log_entry(&log, name, club);
            continue;
        }
        let mut args = vec!["player", "add", l, "--name", name];
        args.extend_from_slice(extra);
        ok(&args);
    }
    ok(&["draw", l, "--seed", "7"]);
    ok(&["pair", l]);
    ok(&["start", l]);
    ok(&["result", l, "1", "red_win"]);
    ok(&["result", l, "2", "draw"]);
    ok(&["result", l, "3", "black_win_forfeit"]);
    log
}

/// Appends a registration as a version before the text sanitiser would have written it.
fn older_log_entry(log: &Path, name: &str, club: &str) {
    use bianpai::domain::{Event, PlayerEntry, PlayerNo, Role};
    let mut opened = bianpai::log::Log::open(log).expect("open");
    let actor = bianpai::domain::Actor {
        user: bianpai::log::user::current_user(),
        role: Role::Organizer,
    };
    opened
        .transact(&actor, chrono::Utc::now(), |t| {
            Ok(vec![Event::PlayerRegistered {
                no: PlayerNo(t.players.len() as u32 + 1),
                entry: PlayerEntry {
                    club: club.to_string(),
                    ..PlayerEntry::named(name)
                },
            }])
        })
        .expect("append");
}

/// Parses RFC 4180 csv (quoted fields may hold commas, quotes and line breaks).
pub fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let text = text
        .strip_prefix('\u{feff}')
        .expect("csv starts with a BOM");
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => quoted = false,
                c => field.push(c),
            }
        } else {
            match c {
                '"' => {
                    assert!(field.is_empty(), "quote inside an unquoted field");
                    quoted = true;
                }
                ',' => row.push(std::mem::take(&mut field)),
                '\r' => {
                    assert_eq!(chars.next(), Some('\n'), "CR without LF");
                    row.push(std::mem::take(&mut field));
                    rows.push(std::mem::take(&mut row));
                }
                '\n' => panic!("bare LF line end outside quotes"),
                c => field.push(c),
            }
        }
    }
    assert!(!quoted, "unterminated quote");
    assert!(field.is_empty() && row.is_empty(), "last line lacks CRLF");
    rows
}

/// Drops empty cells at the end of each row (a spreadsheet does not keep them).
pub fn trim_rows(rows: Vec<Vec<String>>) -> Vec<Vec<String>> {
    rows.into_iter()
        .map(|mut r| {
            while r.last().is_some_and(String::is_empty) {
                r.pop();
            }
            r
        })
        .collect()
}

/// One cell of a sheet as calamine read it.
#[derive(Clone, Debug, PartialEq)]
pub enum XCell {
    Empty,
    Text(String),
    Number(f64),
}

impl XCell {
    pub fn text(&self) -> String {
        match self {
            XCell::Empty => String::new(),
            XCell::Text(s) => s.clone(),
            XCell::Number(n) if n.fract() == 0.0 => format!("{n:.0}"),
            XCell::Number(n) => n.to_string(),
        }
    }
}

/// Every sheet of a workbook, by name, as a grid starting at A1.
pub fn read_xlsx(path: &Path) -> Vec<(String, Vec<Vec<XCell>>)> {
    use calamine::{Data, Reader, Xlsx, open_workbook};
    let mut wb: Xlsx<_> = open_workbook(path).expect("calamine opens the workbook");
    let names = wb.sheet_names().clone();
    names
        .into_iter()
        .map(|name| {
            let range = wb.worksheet_range(&name).expect("sheet reads");
            let (r0, c0) = range.start().unwrap_or((0, 0));
            let mut grid: Vec<Vec<XCell>> = vec![Vec::new(); r0 as usize];
            for row in range.rows() {
                let mut cells = vec![XCell::Empty; c0 as usize];
                cells.extend(row.iter().map(|d| match d {
                    Data::Empty => XCell::Empty,
                    Data::String(s) => XCell::Text(s.clone()),
                    Data::Float(f) => XCell::Number(*f),
                    Data::Int(i) => XCell::Number(*i as f64),
                    other => XCell::Text(other.to_string()),
                }));
                grid.push(cells);
            }
            (name, grid)
        })
        .collect()
}

/// A sheet's cells as text, trailing empties dropped.
pub fn sheet_text(grid: &[Vec<XCell>]) -> Vec<Vec<String>> {
    trim_rows(
        grid.iter()
            .map(|r| r.iter().map(XCell::text).collect())
            .collect(),
    )
}

/// Display width in terminal columns (a CJK character is two), counted independently of
/// the crate's own helper.
pub fn display_width(s: &str) -> usize {
    s.chars()
        .map(|c| {
            let u = c as u32;
            let wide = (0x1100..=0x115F).contains(&u)
                || (0x2E80..=0xA4CF).contains(&u)
                || (0xAC00..=0xD7A3).contains(&u)
                || (0xF900..=0xFAFF).contains(&u)
                || (0xFE30..=0xFE4F).contains(&u)
                || (0xFF00..=0xFF60).contains(&u)
                || (0xFFE0..=0xFFE6).contains(&u);
            if wide { 2 } else { 1 }
        })
        .sum()
}
