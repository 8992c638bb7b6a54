//! `bianpai player import` from CSV files, through the real binary: every date form, BOM,
//! GBK, quoted fields, blank lines, and the file-level refusals. The log is read back with
//! `export --format json --what players`; refusals must leave it byte-identical.

use crate::support::cli as cli_support;

use serde_json::Value;

use cli_support::{Event, ok};

fn field<'a>(p: &'a Value, k: &str) -> &'a Value {
    p.get(k).unwrap_or(&Value::Null)
}

#[test]
fn every_date_form_imports_the_same_date() {
    let e = Event::new("qigu-2024-07");
    let forms = [
        "2010-07-06",
        "2010/7/6",
        "2010年7月6日",
        "2010.7.6",
        "2010-7-6",
        "20100706",
        "40365",
        "2010/07/06 0:00",
    ];
    let csv: String = std::iter::once("姓名,出生日期\n".to_string())
        .chain(
            forms
                .iter()
                .enumerate()
                .map(|(i, f)| format!("棋手{i},{f}\n")),
        )
        .collect();
    let file = e.file("dates.csv", csv.as_bytes());
    let out = e.import(&file);
    assert!(out.contains("导入8名棋手"), "{out}");
    let players = e.players();
    assert_eq!(players.len(), forms.len());
    for p in &players {
        assert_eq!(field(p, "birth"), "2010-07-06", "{p}");
        // Born on 2010-07-06: exactly 14 on the event day, so not free (seed 000).
        assert_eq!(field(p, "fee"), 100, "{p}");
    }
}

#[test]
fn chinese_headers_all_fields_bom_quotes_and_blank_lines() {
    let e = Event::new("qiyuan-2019");
    let csv = "\u{feff}姓名,性别,出生年月日,俱乐部,队名,组别,是否本地,备注\r\n\
               张三,男,2008/3/1,\"宝安区, 少年宫\",一队,公开组,是,\"午餐\n两份\"\r\n\
               \r\n\
               ,,,,,,,\r\n\
               李 四,女,2011年1月2日,宝民小学,,junior,否,\r\n";
    let file = e.file("entries.csv", csv.as_bytes());
    let out = e.import(&file);
    assert!(out.contains("导入2名棋手"), "{out}");
    assert!(out.contains("未使用的列: 备注"), "{out}");
    let ps = e.players();
    assert_eq!(ps.len(), 2);
    let zhang = &ps[0];
    assert_eq!(field(zhang, "name"), "张三");
    assert_eq!(field(zhang, "gender"), "m");
    assert_eq!(field(zhang, "birth"), "2008-03-01");
    assert_eq!(field(zhang, "club"), "宝安区, 少年宫");
    assert_eq!(field(zhang, "team"), "一队");
    assert_eq!(field(zhang, "group"), "公开组");
    assert_eq!(field(zhang, "local"), true);
    let li = &ps[1];
    assert_eq!(field(li, "name"), "李四");
    assert_eq!(field(li, "gender"), "f");
    assert_eq!(field(li, "group"), "少年组");
    assert_eq!(field(li, "local"), false);
}

#[test]
fn english_headers_any_case() {
    let e = Event::new("qiyuan-2019");
    let csv =
        "NAME,Gender,Birth Date,CLUB,team,Group,Local\nLi Wei,F,2012-05-06,Shenzhen,,Junior,y\n";
    let out = e.import(&e.file("en.csv", csv.as_bytes()));
    assert!(out.contains("导入1名棋手"), "{out}");
    let p = &e.players()[0];
    assert_eq!(field(p, "name"), "Li Wei");
    assert_eq!(field(p, "gender"), "f");
    assert_eq!(field(p, "group"), "少年组");
    assert_eq!(field(p, "local"), true);
}

#[test]
fn gbk_csv_from_chinese_excel_is_decoded() {
    let e = Event::new("qigu-2024-07");
    let (bytes, _, unmappable) =
        encoding_rs::GBK.encode("姓名,性别,出生日期,单位\r\n王五,男,1980/1/2,棋鼓铭心\r\n");
    assert!(!unmappable);
    let out = e.import(&e.file("gbk.csv", &bytes));
    assert!(out.contains("GBK"), "the note should say GBK: {out}");
    let p = &e.players()[0];
    assert_eq!(field(p, "name"), "王五");
    assert_eq!(field(p, "club"), "棋鼓铭心");
}

#[test]
fn one_bad_row_imports_nothing_and_lists_every_bad_row() {
    let e = Event::new("qigu-2024-07");
    ok(&["player", "add", e.log_str(), "--name", "已报名"]);
    let csv = "姓名,性别,出生日期\n好人,男,1990-01-01\n坏日期,男,1990-02-30\n坏性别,X,1990-01-01\n已报名,,\n";
    let file = e.file("bad.csv", csv.as_bytes());
    let err = e.refused_import(&file, &[]);
    assert!(
        err.contains("line 3: 坏日期: birth: '1990-02-30' is not a date"),
        "{err}"
    );
    assert!(
        err.contains("line 4: 坏性别: gender: 'X' is not a gender"),
        "{err}"
    );
    assert!(
        err.contains("line 5: 已报名: already registered as player 1"),
        "{err}"
    );
    assert!(!err.contains("line 2"), "{err}");
    assert!(
        err.contains("3 of 4 row(s) invalid; nothing imported"),
        "{err}"
    );
    assert_eq!(e.players().len(), 1);

    // --skip-invalid imports the good row and still lists the bad ones.
    let out = e.try_import(&file, &["--skip-invalid"]);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stdout.contains("导入1名棋手"), "{stdout}");
    assert!(stdout.contains("跳过3行无效数据"), "{stdout}");
    assert!(
        stderr.contains("第3行: 坏日期: 出生日期: '1990-02-30' 不是日期"),
        "{stderr}"
    );
    let names: Vec<String> = e
        .players()
        .iter()
        .map(|p| field(p, "name").as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(names, vec!["已报名", "好人"]);
}

#[test]
fn quoted_newline_keeps_line_numbers_right() {
    let e = Event::new("qigu-2024-07");
    let csv = "姓名,单位,出生日期\n甲,\"一\n二\n三\",1990-01-01\n乙,x,1990-13-01\n";
    let err = e.refused_import(&e.file("q.csv", csv.as_bytes()), &[]);
    // The record of 乙 starts on line 5 of the file.
    assert!(err.contains("line 5: 乙: birth:"), "{err}");
}

#[test]
fn file_level_refusals() {
    let e = Event::new("qigu-2024-07");
    let err = e.refused_import(&e.file("empty.csv", b""), &[]);
    assert!(err.contains("the file is empty"), "{err}");

    let err = e.refused_import(
        &e.file("noname.csv", "性别,出生日期\n男,1990-01-01\n".as_bytes()),
        &[],
    );
    assert!(err.contains("no name column"), "{err}");
    assert!(err.contains("姓名"), "{err}");

    let err = e.refused_import(&e.file("header.csv", "姓名,性别\n\n".as_bytes()), &[]);
    assert!(err.contains("no players under the header"), "{err}");

    let err = e.refused_import(&e.file("open.csv", "姓名\n\"张三\n".as_bytes()), &[]);
    assert!(err.contains("line 2: a quoted field"), "{err}");

    let mut big = String::from("姓名,备注\n");
    while big.len() <= 5 * 1024 * 1024 {
        big.push_str("某某,");
        big.push_str(&"x".repeat(1000));
        big.push('\n');
    }
    let err = e.refused_import(&e.file("big.csv", big.as_bytes()), &[]);
    assert!(err.contains("limited to 5 MB"), "{err}");

    let rows: String = std::iter::once("姓名".to_string())
        .chain((0..10_001).map(|i| format!("p{i}")))
        .collect::<Vec<_>>()
        .join("\n");
    let err = e.refused_import(&e.file("many.csv", rows.as_bytes()), &[]);
    assert!(err.contains("limited to 10000 rows"), "{err}");

    let err = e.refused_import(&e.file("x.doc", b"whatever"), &[]);
    assert!(err.contains("give a .csv or .xlsx file"), "{err}");

    let err = e.refused_import(&e.file("bad.csv", [0x81, 0x20, 0xFF, 0xFE, 0x00]), &[]);
    assert!(err.contains("CSV UTF-8"), "{err}");
    assert!(e.players().is_empty());
}
