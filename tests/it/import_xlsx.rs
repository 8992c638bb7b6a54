//! `bianpai player import` from real `.xlsx` files written with `rust_xlsxwriter`: Chinese
//! headers under a title row, Excel date cells, serial numbers, booleans, a bad row reported
//! by its spreadsheet row number, and a first sheet without a name column.

use crate::support::cli as cli_support;

use std::path::Path;

use rust_xlsxwriter::{ExcelDateTime, Format, Workbook, Worksheet};
use serde_json::Value;

use cli_support::Event;

fn date_cell(ws: &mut Worksheet, row: u32, col: u16, y: u16, m: u8, d: u8) {
    let f = Format::new().set_num_format("yyyy\"年\"m\"月\"d\"日\"");
    ws.write_datetime_with_format(row, col, ExcelDateTime::from_ymd(y, m, d).unwrap(), &f)
        .unwrap();
}

/// The registration sheet of seed 001 as an organizer would type it: a title row, then the
/// header, then players; `bad` adds a row with an impossible gender and an unknown group.
fn entry_book(path: &Path, bad: bool) {
    let mut wb = Workbook::new();
    let ws = wb.add_worksheet();
    ws.write_string(0, 0, "第三届深圳“棋缘杯”象棋赛 报名表")
        .unwrap();
    let headers = [
        "序号",
        "姓名",
        "性别",
        "出生日期",
        "单位",
        "团队",
        "组别",
        "本地",
    ];
    for (c, h) in headers.iter().enumerate() {
        ws.write_string(1, c as u16, *h).unwrap();
    }
    // Row 3 (index 2): an Excel date cell.
    ws.write_number(2, 0, 1).unwrap();
    ws.write_string(2, 1, "陈 一").unwrap();
    ws.write_string(2, 2, "男").unwrap();
    date_cell(ws, 2, 3, 1985, 3, 14);
    ws.write_string(2, 4, "宝安棋协").unwrap();
    ws.write_number(2, 5, 1).unwrap();
    ws.write_string(2, 6, "公开组").unwrap();
    ws.write_boolean(2, 7, true).unwrap();
    // Row 4: a junior girl, date cell, group by its English alias.
    ws.write_number(3, 0, 2).unwrap();
    ws.write_string(3, 1, "林二").unwrap();
    ws.write_string(3, 2, "女").unwrap();
    date_cell(ws, 3, 3, 2011, 2, 28);
    ws.write_string(3, 6, "junior").unwrap();
    ws.write_string(3, 7, "否").unwrap();
    // Row 5: a date typed into a plain number cell (Excel serial 40365 = 2010-07-06).
    ws.write_number(4, 0, 3).unwrap();
    ws.write_string(4, 1, "黄三").unwrap();
    ws.write_string(4, 2, "m").unwrap();
    ws.write_number(4, 3, 40365).unwrap();
    ws.write_string(4, 6, "少年组").unwrap();
    // Row 6 (blank) is skipped; row 7: a date as text in Chinese form.
    ws.write_number(6, 0, 4).unwrap();
    ws.write_string(6, 1, "周四").unwrap();
    ws.write_string(6, 2, "女").unwrap();
    ws.write_string(6, 3, "2009年12月1日").unwrap();
    ws.write_string(6, 6, "少年组").unwrap();
    if bad {
        ws.write_number(7, 0, 5).unwrap();
        ws.write_string(7, 1, "吴五").unwrap();
        ws.write_string(7, 2, "不详").unwrap();
        date_cell(ws, 7, 3, 2012, 5, 5);
        ws.write_string(7, 6, "少儿组").unwrap();
    }
    wb.save(path).unwrap();
}

#[test]
fn xlsx_with_chinese_headers_and_date_cells() {
    let e = Event::new("qiyuan-2019");
    let file = e.path("报名表.xlsx");
    entry_book(&file, false);
    let stdout = e.import(&file);
    assert!(stdout.contains("导入4名棋手"), "{stdout}");
    assert!(stdout.contains("未使用的列: 序号"), "{stdout}");
    assert!(
        stdout.contains("跳过了表头 (第2行) 上方的 1 行"),
        "{stdout}"
    );
    let ps = e.players();
    let get = |name: &str| -> &Value {
        ps.iter()
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("{name} missing from {ps:?}"))
    };
    let chen = get("陈一");
    assert_eq!(chen["birth"], "1985-03-14");
    assert_eq!(chen["gender"], "m");
    assert_eq!(chen["club"], "宝安棋协");
    assert_eq!(chen["team"], "1");
    assert_eq!(chen["group"], "公开组");
    assert_eq!(chen["local"], true);
    let lin = get("林二");
    assert_eq!(lin["birth"], "2011-02-28");
    assert_eq!(lin["gender"], "f");
    assert_eq!(lin["group"], "少年组");
    assert_eq!(lin["local"], false);
    assert_eq!(get("黄三")["birth"], "2010-07-06");
    assert_eq!(get("周四")["birth"], "2009-12-01");
}

#[test]
fn xlsx_bad_row_is_named_by_its_spreadsheet_row_and_nothing_is_imported() {
    let e = Event::new("qiyuan-2019");
    let file = e.path("bad.xlsx");
    entry_book(&file, true);
    let err = e.refused_import(&file, &[]);
    assert!(
        err.contains("row 8: 吴五: gender: '不详' is not a gender"),
        "{err}"
    );
    assert!(err.contains("1 of 5 row(s) invalid"), "{err}");
    assert!(e.players().is_empty());
}

#[test]
fn xlsx_unknown_group_is_refused_by_the_entry_rules() {
    let e = Event::new("qiyuan-2019");
    let mut wb = Workbook::new();
    let ws = wb.add_worksheet();
    for (c, h) in ["姓名", "组别"].iter().enumerate() {
        ws.write_string(0, c as u16, *h).unwrap();
    }
    ws.write_string(1, 0, "甲").unwrap();
    ws.write_string(1, 1, "公开组").unwrap();
    ws.write_string(2, 0, "乙").unwrap();
    ws.write_string(2, 1, "少儿组").unwrap();
    let file = e.path("groups.xlsx");
    wb.save(&file).unwrap();
    let err = e.refused_import(&file, &[]);
    assert!(
        err.contains(
            "row 3: 乙: group: unknown group '少儿组' (known: 公开组 (open), 少年组 (junior))"
        ),
        "{err}"
    );
}

#[test]
fn xlsx_reads_the_first_sheet_with_a_name_column() {
    let e = Event::new("qigu-2024-07");
    let mut wb = Workbook::new();
    let notes = wb.add_worksheet();
    notes.set_name("说明").unwrap();
    notes.write_string(0, 0, "请在第二页填写报名信息").unwrap();
    let ws = wb.add_worksheet();
    ws.set_name("报名").unwrap();
    ws.write_string(0, 0, "Name").unwrap();
    ws.write_string(0, 1, "DOB").unwrap();
    ws.write_string(1, 0, "Zhang San").unwrap();
    ws.write_number(1, 1, 20_100_706).unwrap();
    let file = e.path("two-sheets.xlsx");
    wb.save(&file).unwrap();
    let stdout = e.import(&file);
    assert!(stdout.contains("读取了工作表 '报名'"), "{stdout}");
    let ps = e.players();
    assert_eq!(ps.len(), 1);
    assert_eq!(ps[0]["birth"], "2010-07-06");
}

#[test]
fn xlsx_without_name_column_or_rows() {
    let e = Event::new("qigu-2024-07");
    let mut wb = Workbook::new();
    let ws = wb.add_worksheet();
    ws.write_string(0, 0, "性别").unwrap();
    ws.write_string(0, 1, "出生日期").unwrap();
    ws.write_string(1, 0, "男").unwrap();
    let file = e.path("noname.xlsx");
    wb.save(&file).unwrap();
    let out = e.try_import(&file, &[]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("没有姓名列"), "{err}");
    assert!(err.contains("性别、出生日期"), "{err}");

    let mut wb = Workbook::new();
    wb.add_worksheet();
    let file = e.path("empty.xlsx");
    wb.save(&file).unwrap();
    let out = e.try_import(&file, &[]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("文件是空的"));

    let file = e.path("fake.xlsx");
    std::fs::write(&file, b"not a zip").unwrap();
    let out = e.try_import(&file, &[]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("无法读取的电子表格"));
    assert!(e.players().is_empty());
}
