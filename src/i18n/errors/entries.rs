//! Entries in words: registration refusals and entry-file imports (the file, the row, the
//! field).

use super::io;
use crate::domain::id_number::IdError;
use crate::domain::registration::RegistrationFault;
use crate::domain::rules::Lang;
use crate::import::{FieldFault, IdFault, ImportError, ImportNote, RowFault, ValueFault};

/// Why an entry was refused (the player and the field).
pub fn registration(f: &RegistrationFault, lang: Lang) -> String {
    use RegistrationFault as R;
    match f {
        R::NameControl(n) => words!(
            lang,
            format!("姓名: {n:?} 含有控制字符 (换行或制表符)"),
            format!("name: {n:?} contains a control character (a line break or tab)")
        ),
        R::NameEmpty => words!(lang, "姓名: 不能为空", "name: must not be empty").into(),
        R::NotAName(n) => words!(
            lang,
            format!("姓名: '{n}' 不是棋手姓名"),
            format!("name: '{n}' is not a player's name")
        ),
        R::TooLate { name, rounds } => words!(
            lang,
            format!("{name}: 报名太晚: 全部{rounds}轮均已编排"),
            format!("{name}: too late to enter: all {rounds} rounds have been paired")
        ),
        // rr: the round robin's field is fixed at round 1.
        R::RoundRobinStarted(name) => words!(
            lang,
            format!(
                "{name}: 报名太晚: 循环赛第一轮已编排，参赛名单已固定（贝格尔编排表按全部选手排定）"
            ),
            format!(
                "{name}: too late to enter: a round robin's field is fixed once round 1 is paired (the schedule seats every player)"
            )
        ),
        R::Full { name, cap } => words!(
            lang,
            format!("{name}: 报名已满 (已有{cap}人, 限额{cap}人)"),
            format!("{name}: the event is full ({cap} players registered, 限额{cap}人)")
        ),
        R::UnknownGroup { name, group, known } => words!(
            lang,
            format!(
                "{name}: 组别: 没有 '{group}' 这个组别 (现有: {})",
                known.join("、")
            ),
            format!(
                "{name}: group: unknown group '{group}' (known: {})",
                known.join(", ")
            )
        ),
        R::BirthRequired(name) => words!(
            lang,
            format!("{name}: 出生日期: 必须填写"),
            format!("{name}: birth: a birth date is required")
        ),
        R::BornAfterEvent { name, birth, date } => words!(
            lang,
            format!("{name}: 出生日期: {birth} 晚于比赛日期 {date}"),
            format!("{name}: birth: {birth} is after the event date {date}")
        ),
        R::TooOld {
            name,
            birth,
            age,
            date,
            born_after,
        } => words!(
            lang,
            format!(
                "{name}: 出生日期: {birth} 出生, 须在 {date} 未满{age}岁 ({born_after} 之后出生)"
            ),
            format!(
                "{name}: birth: born {birth}, must be under {age} on {date} (born after {born_after})"
            )
        ),
        R::TooOldForSection {
            name,
            birth,
            section,
            age,
            date,
        } => words!(
            lang,
            format!("{name}: 出生日期: {birth} 出生, 超出{section}年龄 (须在 {date} 未满{age}岁)"),
            format!("{name}: birth: born {birth}, too old for {section} (under {age} on {date})")
        ),
        R::BornTooEarly { name, birth, min } => words!(
            lang,
            format!("{name}: 出生日期: {birth} 出生, 须在 {min} 或之后出生"),
            format!("{name}: birth: born {birth}, must be born on or after {min}")
        ),
        R::SameId { name, no, id } => words!(
            lang,
            format!("{name}: 已报名, 为{no}号棋手 (身份证号 {id} 相同)"),
            format!("{name}: already registered as player {no} (same ID number {id})")
        ),
        R::SameNameAndBirth {
            name,
            no,
            birth: Some(b),
        } => words!(
            lang,
            format!("{name}: 已报名, 为{no}号棋手 (姓名和出生日期 {b} 相同)"),
            format!("{name}: already registered as player {no} (same name and birth date {b})")
        ),
        R::SameNameAndBirth {
            name,
            no,
            birth: None,
        } => words!(
            lang,
            format!("{name}: 已报名, 为{no}号棋手 (请填写出生日期以区分同名棋手)"),
            format!(
                "{name}: already registered as player {no} (give a birth date to tell two players apart)"
            )
        ),
        // sec
        R::LooksLike { name, no, other } => words!(
            lang,
            format!("{name:?}: 与{no}号棋手 {other:?} 打印出来完全相同 (只差不可见字符)"),
            format!(
                "{name:?}: prints exactly like player {no} {other:?} (they differ only in invisible characters)"
            )
        ),
    }
}

/// Why an entry file was refused as a whole (the row's own faults are listed per row).
pub fn import(e: &ImportError, lang: Lang) -> String {
    use ImportError as I;
    if lang == Lang::En {
        return e.to_string();
    }
    let unit = |u: &str| if u == "line" { "行" } else { "行 (表格)" };
    match e {
        I::Read { kind, os_code, .. } => {
            let e = match os_code {
                Some(c) => std::io::Error::from_raw_os_error(*c),
                None => std::io::Error::from(*kind),
            };
            format!("无法读取文件: {}", io(&e, lang))
        }
        I::TooLarge { bytes, limit_mb } => format!(
            "文件有 {:.1} MB; 报名文件最大 {limit_mb} MB (请拆分, 或删去图片和其他工作表)",
            *bytes as f64 / 1_048_576.0
        ),
        I::UnknownType(ext) if ext.is_empty() => {
            "文件没有扩展名, 无法识别类型: 请提供 .csv 或 .xlsx 文件".into()
        }
        I::UnknownType(ext) => format!("未知文件类型 '{ext}': 请提供 .csv 或 .xlsx 文件"),
        I::Empty => "文件是空的".into(),
        I::WorkbookNamedCsv => "这是 Excel 工作簿, 却以 .csv 命名: 请改名为 .xlsx".into(),
        I::BadBom(enc) => {
            format!("文件以 {enc} 标记开头, 但内容不是有效的 {enc}: 请另存为 \"CSV UTF-8\"")
        }
        I::NotText => {
            "既不是 UTF-8 也不是 GBK 文本: 请在 Excel 中选择 \"另存为\" > \"CSV UTF-8 (逗号分隔)\""
                .into()
        }
        I::TooManyCells { line, max } => {
            format!("第{line}行: 文件中的单元格超过 {max} 个; 报名文件最多 {max} 个")
        }
        I::UnclosedQuote(line) => format!("第{line}行: 带引号的字段 (\"…) 没有结束引号"),
        I::TwoColumns {
            chinese,
            first,
            second,
            ..
        } => format!("有两列都是{chinese}: '{first}' 和 '{second}'; 请只保留一列"),
        I::NoNameColumn(found) => format!(
            "没有姓名列: 表头需要有 \"姓名\" 一列; 找到的是: {}",
            if found.is_empty() {
                "(空)".to_string()
            } else {
                found.join("、")
            }
        ),
        I::NoPlayers { unit: u, line } => format!("表头 (第{line}{}) 下面没有棋手", unit(u)),
        I::TooManyRows { rows, max } => {
            format!("有 {rows} 行棋手; 报名文件最多 {max} 行")
        }
        I::TooManyParts { parts, max } => {
            format!("工作簿有 {parts} 个部件; 报名文件最多 {max} 个")
        }
        I::Unreadable { part, .. } => format!(
            "无法读取的电子表格{}; 请另存为 .xlsx 或 CSV UTF-8",
            part.as_ref().map(|p| format!(" ({p})")).unwrap_or_default()
        ),
        I::Unpacked { mb, part } => format!(
            "工作簿解压后超过 {mb} MB (在 {part} 处); 报名文件解压后最多 {mb} MB: 这确实是报名表吗?"
        ),
        I::SheetCells { part, max } => {
            format!("{part}: 单元格超过 {max} 个; 报名工作表最多 {max} 个")
        }
        I::SheetSpan {
            part,
            rows,
            cols,
            max,
        } => format!(
            "{part}: 单元格跨 {rows} 行 × {cols} 列, 超过 {max} 个位置: 请删去远在下方或右侧的零散单元格"
        ),
        I::NoSheets => "工作簿里没有工作表".into(),
        I::Sheet { sheet, .. } => format!("工作表 '{sheet}': 无法读取"),
    }
}

/// Why a cell's value was not read.
pub fn value(v: &ValueFault, lang: Lang) -> String {
    use ValueFault as V;
    if lang == Lang::En {
        return v.to_string();
    }
    match v {
        V::EmptyDate => "日期为空".into(),
        V::NotADate(t) => format!("'{t}' 不是日期 (例如 2010-07-06)"),
        V::NoDate(t) => format!("{t} 不是日期"),
        V::YearNotFirst(t) => {
            format!("'{t}': 请把年份写在前面 (例如 2010-07-06), 日-月-年的写法有歧义")
        }
        V::TwoDigitYear(t) => format!("'{t}': 年份请写四位数"),
        V::NoDay(t) => format!("'{t}' 没有日: 请写出年、月、日 (例如 2010-07-06)"),
        V::OnlyYear(t) => format!("'{t}' 只有年份: 请写出年、月、日 (例如 2010-07-06)"),
        V::NotAGender(t) => format!("'{t}' 不是性别 (男/女, m/f)"),
        V::NotYesNo(t) => format!("'{t}' 不是 是/否 (是/否, y/n, 1/0)"),
    }
}

fn id_error(e: &IdError) -> String {
    match e {
        IdError::Length(n) => format!("身份证号应为 18 位 (旧号 15 位数字), 不是 {n} 位"),
        IdError::Characters => "身份证号应为数字, 只有第 18 位可以是 X".into(),
        IdError::Date(d) => format!("号码中的出生日期 {d} 不是真实日期"),
        IdError::Checksum { expected } => {
            format!("校验位不对 (前 17 位算出应为 {expected}): 有数字输错了")
        }
    }
}

fn field_fault(f: &FieldFault, lang: Lang) -> String {
    const ID: &str = "身份证号";
    let gender = |g: &crate::domain::rules::Gender| match g {
        crate::domain::rules::Gender::M => "男",
        crate::domain::rules::Gender::F => "女",
    };
    match f {
        FieldFault::CellError { field, .. } => {
            format!("{}: 单元格显示错误值", field.chinese())
        }
        FieldFault::EmptyName { rest } => {
            format!("姓名: 为空 (该行有: {})", rest.join("、"))
        }
        FieldFault::Gender(e) => format!("性别: {}", value(e, lang)),
        FieldFault::Birth(e) => format!("出生日期: {}", value(e, lang)),
        FieldFault::BirthInFuture(d) => format!("出生日期: {d} 在今天之后"),
        FieldFault::IdNumber(IdFault::Bad(e)) => format!("{ID}: {}", id_error(e)),
        FieldFault::IdNumber(IdFault::StoredAsNumber) => {
            format!("{ID}: 以数字形式保存, 只保留了 15 位: 请把该列设为文本格式后重新输入")
        }
        FieldFault::IdNumber(IdFault::NotText(t)) => format!("{ID}: '{t}' 不是身份证号"),
        FieldFault::IdBirthInFuture(d) => format!("{ID}: 其中的出生日期 {d} 在今天之后"),
        FieldFault::BirthDisagrees { given, from_id } => {
            format!("出生日期: {given}, 但{ID}中为 {from_id}")
        }
        FieldFault::GenderDisagrees { given, from_id } => {
            format!("性别: {}, 但{ID}中为{}", gender(given), gender(from_id))
        }
        FieldFault::Local(e) => format!("本地: {}", value(e, lang)),
    }
}

/// Why a row of an entry file is not an entry (the player, then every field at fault).
pub fn row(r: &RowFault, lang: Lang) -> String {
    if lang == Lang::En {
        return r.to_string();
    }
    match r {
        RowFault::Fields { name, faults } => {
            let all: Vec<String> = faults.iter().map(|f| field_fault(f, lang)).collect();
            if name.is_empty() {
                all.join("; ")
            } else {
                format!("{name}: {}", all.join("; "))
            }
        }
        RowFault::Duplicate {
            name, first, birth, ..
        } => format!(
            "{name}: 与第{first}行重复 (姓名和出生日期{}相同)",
            birth.map(|b| format!(" {b} ")).unwrap_or_default()
        ),
    }
}

/// A note on how an entry file was read.
pub fn note(n: &ImportNote, lang: Lang) -> String {
    if lang == Lang::En {
        return n.to_string();
    }
    match n {
        ImportNote::ReadAs(enc) => format!("按 {enc} 编码读取"),
        ImportNote::ReadAsGbk => {
            "文件不是 UTF-8, 已按 GBK 读取 (中文 Windows 上 Excel 保存的 CSV)".into()
        }
        ImportNote::SkippedAbove { count, line, .. } => {
            format!("跳过了表头 (第{line}行) 上方的 {count} 行")
        }
        ImportNote::IgnoredColumns(c) => format!("未使用的列: {}", c.join("、")),
        ImportNote::ReadSheet(name) => format!("读取了工作表 '{name}' (第一个有姓名列的工作表)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write as _;

    #[test]
    fn registrations_in_chinese() {
        let f = RegistrationFault::SameNameAndBirth {
            name: "张三".into(),
            no: crate::domain::PlayerNo(1),
            birth: chrono::NaiveDate::from_ymd_opt(1990, 5, 1),
        };
        assert_eq!(
            registration(&f, Lang::Zh),
            "张三: 已报名, 为1号棋手 (姓名和出生日期 1990-05-01 相同)"
        );
        assert!(registration(&f, Lang::En).contains("already registered as player 1"));
    }

    /// One refusal of each kind (both of the same name and birth).
    fn samples() -> Vec<RegistrationFault> {
        use crate::domain::PlayerNo;
        use RegistrationFault as R;
        let d = |y, m, d| chrono::NaiveDate::from_ymd_opt(y, m, d).unwrap();
        let name = || "张三".to_string();
        vec![
            R::NameControl("张\n三".into()),
            R::NameEmpty,
            R::NotAName("---".into()),
            R::TooLate {
                name: name(),
                rounds: 9,
            },
            R::RoundRobinStarted(name()),
            R::Full {
                name: name(),
                cap: 64,
            },
            R::UnknownGroup {
                name: name(),
                group: "U8".into(),
                known: vec!["U10".into(), "U12".into()],
            },
            R::BirthRequired(name()),
            R::BornAfterEvent {
                name: name(),
                birth: d(2025, 1, 1),
                date: d(2024, 7, 6),
            },
            R::TooOld {
                name: name(),
                birth: d(2010, 1, 1),
                age: 12,
                date: d(2024, 7, 6),
                born_after: d(2012, 7, 6),
            },
            R::TooOldForSection {
                name: name(),
                birth: d(2010, 1, 1),
                section: "少年组".into(),
                age: 12,
                date: d(2024, 7, 6),
            },
            R::BornTooEarly {
                name: name(),
                birth: d(2010, 1, 1),
                min: d(2012, 1, 1),
            },
            R::SameId {
                name: name(),
                no: PlayerNo(4),
                id: "11010519491231002X".into(),
            },
            R::SameNameAndBirth {
                name: name(),
                no: PlayerNo(4),
                birth: Some(d(1990, 5, 1)),
            },
            R::SameNameAndBirth {
                name: name(),
                no: PlayerNo(4),
                birth: None,
            },
            R::LooksLike {
                name: "张\u{200b}三".into(),
                no: PlayerNo(4),
                other: name(),
            },
        ]
    }

    /// Every registration refusal in English and in Chinese: the English was checked byte
    /// for byte against the words the domain's `Display` gave before they moved here.
    #[test]
    fn every_registration_refusal_in_both_languages() {
        let mut out = String::new();
        for f in samples() {
            let _ = write!(
                out,
                "en: {}\nzh: {}\n\n",
                registration(&f, Lang::En),
                registration(&f, Lang::Zh)
            );
        }
        insta::assert_snapshot!(out);
    }
}
