//! Entry files in words: why a file was refused as a whole and how it was read. The rows
//! are in `row.rs`. The English is also the import types' `Display` (held equal by the tests
//! below).

use super::io;
use crate::domain::rules::Lang;
use crate::import::{ImportError, ImportNote};

/// A line of a CSV file or a row of a sheet (`unit`: "line" or "row").
fn unit(u: &str, lang: Lang) -> &str {
    words!(lang, if u == "line" { "行" } else { "行 (表格)" }, u)
}

/// Why an entry file was refused as a whole (the row's own faults are listed per row).
pub fn import(e: &ImportError, lang: Lang) -> String {
    use ImportError as I;
    match e {
        // The OS's own words (English) come with the error; the Chinese names its kind.
        I::Read {
            kind,
            os_code,
            text,
        } => words!(
            lang,
            {
                let e = match os_code {
                    Some(c) => std::io::Error::from_raw_os_error(*c),
                    None => std::io::Error::from(*kind),
                };
                format!("无法读取文件: {}", io(&e, lang))
            },
            format!("cannot read the file: {text}")
        ),
        I::TooLarge { bytes, limit_mb } => {
            let mb = *bytes as f64 / 1_048_576.0;
            words!(
                lang,
                format!(
                    "文件有 {mb:.1} MB; 报名文件最大 {limit_mb} MB (请拆分, 或删去图片和其他工作表)"
                ),
                format!(
                    "the file is {mb:.1} MB; entry files are limited to {limit_mb} MB (split it, or remove pictures and other sheets)"
                )
            )
        }
        I::UnknownType(ext) if ext.is_empty() => words!(
            lang,
            "文件没有扩展名, 无法识别类型: 请提供 .csv 或 .xlsx 文件",
            "unknown file type '(none)': give a .csv or .xlsx file"
        )
        .into(),
        I::UnknownType(ext) => words!(
            lang,
            format!("未知文件类型 '{ext}': 请提供 .csv 或 .xlsx 文件"),
            format!("unknown file type '{ext}': give a .csv or .xlsx file")
        ),
        I::Empty => words!(lang, "文件是空的", "the file is empty").into(),
        I::WorkbookNamedCsv => words!(
            lang,
            "这是 Excel 工作簿, 却以 .csv 命名: 请改名为 .xlsx",
            "this is an Excel workbook with a .csv name: rename it to .xlsx"
        )
        .into(),
        I::BadBom(enc) => words!(
            lang,
            format!("文件以 {enc} 标记开头, 但内容不是有效的 {enc}: 请另存为 \"CSV UTF-8\""),
            format!(
                "the file starts with a {enc} mark but is not valid {enc}: save it as 'CSV UTF-8'"
            )
        ),
        I::NotText => words!(
            lang,
            "既不是 UTF-8 也不是 GBK 文本: 请在 Excel 中选择 \"另存为\" > \"CSV UTF-8 (逗号分隔)\"",
            "not UTF-8 (nor GBK): in Excel choose 'Save as' > 'CSV UTF-8 (comma delimited)'"
        )
        .into(),
        I::TooManyCells { line, max } => words!(
            lang,
            format!("第{line}行: 文件中的单元格超过 {max} 个; 报名文件最多 {max} 个"),
            format!(
                "line {line}: more than {max} cells in the file; an entry file is limited to {max}"
            )
        ),
        I::UnclosedQuote(line) => words!(
            lang,
            format!("第{line}行: 带引号的字段 (\"…) 没有结束引号"),
            format!("line {line}: a quoted field (\"…) is never closed")
        ),
        I::TwoColumns {
            word,
            chinese,
            first,
            second,
        } => words!(
            lang,
            format!("有两列都是{chinese}: '{first}' 和 '{second}'; 请只保留一列"),
            format!("two columns for {word} ({chinese}): '{first}' and '{second}'; keep one")
        ),
        I::NoNameColumn(found) => {
            let found = if found.is_empty() {
                words!(lang, "(空)", "nothing").to_string()
            } else {
                found.join(words!(lang, "、", ", "))
            };
            words!(
                lang,
                format!("没有姓名列: 表头需要有 \"姓名\" 一列; 找到的是: {found}"),
                format!("no name column: the header row needs 姓名 (or name); found: {found}")
            )
        }
        I::NoPlayers { unit: u, line } => {
            let u = unit(u, lang);
            words!(
                lang,
                format!("表头 (第{line}{u}) 下面没有棋手"),
                format!("no players under the header ({u} {line})")
            )
        }
        I::TooManyRows { rows, max } => words!(
            lang,
            format!("有 {rows} 行棋手; 报名文件最多 {max} 行"),
            format!("{rows} player rows; an entry file is limited to {max} rows")
        ),
        I::TooManyParts { parts, max } => words!(
            lang,
            format!("工作簿有 {parts} 个部件; 报名文件最多 {max} 个"),
            format!("the workbook has {parts} parts; an entry file has at most {max}")
        ),
        // The spreadsheet reader's own words (`detail`) are English only.
        I::Unreadable { part, detail, hint } => words!(
            lang,
            format!(
                "无法读取的电子表格{}; 请另存为 .xlsx 或 CSV UTF-8",
                part.as_ref().map(|p| format!(" ({p})")).unwrap_or_default()
            ),
            format!(
                "not a readable spreadsheet ({}{detail}){}",
                part.as_ref().map(|p| format!("{p}: ")).unwrap_or_default(),
                if *hint {
                    "; save it as .xlsx or CSV UTF-8"
                } else {
                    ""
                }
            )
        ),
        I::Unpacked { mb, part } => words!(
            lang,
            format!(
                "工作簿解压后超过 {mb} MB (在 {part} 处); 报名文件解压后最多 {mb} MB: 这确实是报名表吗?"
            ),
            format!(
                "the workbook unpacks to more than {mb} MB (at {part}); entry files are limited to {mb} MB unpacked: is it really an entry list?"
            )
        ),
        I::SheetCells { part, max } => words!(
            lang,
            format!("{part}: 单元格超过 {max} 个; 报名工作表最多 {max} 个"),
            format!("{part}: more than {max} cells; an entry sheet is limited to {max}")
        ),
        I::SheetSpan {
            part,
            rows,
            cols,
            max,
        } => words!(
            lang,
            format!(
                "{part}: 单元格跨 {rows} 行 × {cols} 列, 超过 {max} 个位置: 请删去远在下方或右侧的零散单元格"
            ),
            format!(
                "{part}: its cells span {rows} rows × {cols} columns, more than {max} positions: delete the stray cells far below or to the right"
            )
        ),
        I::NoSheets => words!(lang, "工作簿里没有工作表", "the workbook has no sheets").into(),
        I::Sheet { sheet, detail } => words!(
            lang,
            format!("工作表 '{sheet}': 无法读取"),
            format!("sheet '{sheet}': {detail}")
        ),
    }
}

/// A note on how an entry file was read.
pub fn note(n: &ImportNote, lang: Lang) -> String {
    match n {
        ImportNote::ReadAs(enc) => {
            words!(
                lang,
                format!("按 {enc} 编码读取"),
                format!("read as {enc} text")
            )
        }
        ImportNote::ReadAsGbk => words!(
            lang,
            "文件不是 UTF-8, 已按 GBK 读取 (中文 Windows 上 Excel 保存的 CSV)",
            "the file is not UTF-8; read it as GBK (Excel's CSV on Chinese Windows)"
        )
        .into(),
        ImportNote::SkippedAbove { count, unit, line } => words!(
            lang,
            format!("跳过了表头 (第{line}行) 上方的 {count} 行"),
            format!("skipped {count} {unit}(s) above the header ({unit} {line})")
        ),
        ImportNote::IgnoredColumns(c) => words!(
            lang,
            format!("未使用的列: {}", c.join("、")),
            format!("ignored column(s): {}", c.join(", "))
        ),
        ImportNote::ReadSheet(name) => words!(
            lang,
            format!("读取了工作表 '{name}' (第一个有姓名列的工作表)"),
            format!("read sheet '{name}' (the first with a name column)")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn imports() -> Vec<ImportError> {
        vec![
            ImportError::read(&std::io::Error::from_raw_os_error(2)),
            ImportError::read(&crate::platform::not_regular()),
            ImportError::TooLarge {
                bytes: 12_345_678,
                limit_mb: 10,
            },
            ImportError::UnknownType(String::new()),
            ImportError::UnknownType("pdf".into()),
            ImportError::Empty,
            ImportError::WorkbookNamedCsv,
            ImportError::BadBom("UTF-16LE".into()),
            ImportError::NotText,
            ImportError::TooManyCells { line: 9, max: 100 },
            ImportError::UnclosedQuote(4),
            ImportError::TwoColumns {
                word: "name",
                chinese: "姓名",
                first: "姓名".into(),
                second: "名字".into(),
            },
            ImportError::NoNameColumn(vec![]),
            ImportError::NoNameColumn(vec!["a".into(), "b".into()]),
            ImportError::NoPlayers {
                unit: "line",
                line: 3,
            },
            ImportError::NoPlayers {
                unit: "row",
                line: 3,
            },
            ImportError::TooManyRows { rows: 9, max: 5 },
            ImportError::TooManyParts { parts: 9, max: 5 },
            ImportError::Unreadable {
                part: None,
                detail: "bad zip".into(),
                hint: true,
            },
            ImportError::Unreadable {
                part: Some("xl/a.xml".into()),
                detail: "bad".into(),
                hint: false,
            },
            ImportError::Unpacked {
                mb: 50,
                part: "xl/s.xml".into(),
            },
            ImportError::SheetCells {
                part: "s1".into(),
                max: 10,
            },
            ImportError::SheetSpan {
                part: "s1".into(),
                rows: 3,
                cols: 4,
                max: 10,
            },
            ImportError::NoSheets,
            ImportError::Sheet {
                sheet: "S".into(),
                detail: "d".into(),
            },
        ]
    }

    fn notes() -> Vec<ImportNote> {
        vec![
            ImportNote::ReadAs("UTF-16".into()),
            ImportNote::ReadAsGbk,
            ImportNote::SkippedAbove {
                count: 2,
                unit: "line",
                line: 3,
            },
            ImportNote::SkippedAbove {
                count: 2,
                unit: "row",
                line: 3,
            },
            ImportNote::IgnoredColumns(vec!["x".into(), "y".into()]),
            ImportNote::ReadSheet("S".into()),
        ]
    }

    /// The import's types keep an English `Display`: the catalog's English is the same, fault
    /// for fault, so a person reads one text.
    #[test]
    fn the_english_is_the_import_types_own() {
        for e in imports() {
            assert_eq!(import(&e, Lang::En), e.to_string(), "{e:?}");
        }
        for n in notes() {
            assert_eq!(note(&n, Lang::En), n.to_string(), "{n:?}");
        }
    }

    /// Every file fault and note has Chinese words of its own.
    #[test]
    fn the_chinese_differs_from_the_english() {
        for e in imports() {
            assert_ne!(import(&e, Lang::Zh), import(&e, Lang::En), "{e:?}");
        }
        for n in notes() {
            assert_ne!(note(&n, Lang::Zh), note(&n, Lang::En), "{n:?}");
        }
    }
}
