//! A row of an entry file in words: why it is not an entry (the player, then every field at
//! fault and why its value was not read). The English is also the import types' `Display`
//! (held equal by the tests below).

use crate::domain::id_number::IdError;
use crate::domain::rules::{Gender, Lang};
use crate::import::{FieldFault, IdFault, RowFault, ValueFault};

/// Why a cell's value was not read.
pub fn value(v: &ValueFault, lang: Lang) -> String {
    use ValueFault as V;
    match v {
        V::EmptyDate => words!(lang, "日期为空", "empty date").into(),
        V::NotADate(t) => words!(
            lang,
            format!("'{t}' 不是日期 (例如 2010-07-06)"),
            format!("'{t}' is not a date (e.g. 2010-07-06)")
        ),
        V::NoDate(t) => words!(lang, format!("{t} 不是日期"), format!("{t} is not a date")),
        V::YearNotFirst(t) => words!(
            lang,
            format!("'{t}': 请把年份写在前面 (例如 2010-07-06), 日-月-年的写法有歧义"),
            format!("'{t}': put the year first (e.g. 2010-07-06), day-month-year is ambiguous")
        ),
        V::TwoDigitYear(t) => words!(
            lang,
            format!("'{t}': 年份请写四位数"),
            format!("'{t}': give the year with four digits")
        ),
        V::NoDay(t) => words!(
            lang,
            format!("'{t}' 没有日: 请写出年、月、日 (例如 2010-07-06)"),
            format!("'{t}' has no day: give year, month and day (e.g. 2010-07-06)")
        ),
        V::OnlyYear(t) => words!(
            lang,
            format!("'{t}' 只有年份: 请写出年、月、日 (例如 2010-07-06)"),
            format!("'{t}' is only a year: give year, month and day (e.g. 2010-07-06)")
        ),
        V::NotAGender(t) => words!(
            lang,
            format!("'{t}' 不是性别 (男/女, m/f)"),
            format!("'{t}' is not a gender (男/女, m/f)")
        ),
        V::NotYesNo(t) => words!(
            lang,
            format!("'{t}' 不是 是/否 (是/否, y/n, 1/0)"),
            format!("'{t}' is not yes or no (是/否, y/n, 1/0)")
        ),
    }
}

/// Why a text is not an identity card number.
fn id_error(e: &IdError, lang: Lang) -> String {
    match e {
        IdError::Length(n) => words!(
            lang,
            format!("身份证号应为 18 位 (旧号 15 位数字), 不是 {n} 位"),
            format!("an ID number has 18 characters (or 15 digits for an old one), not {n}")
        ),
        IdError::Characters => words!(
            lang,
            "身份证号应为数字, 只有第 18 位可以是 X",
            "an ID number is digits, with X only as the last of 18"
        )
        .into(),
        IdError::Date(d) => words!(
            lang,
            format!("号码中的出生日期 {d} 不是真实日期"),
            format!("the birth date in the number, {d}, is not a real date")
        ),
        IdError::Checksum { expected } => words!(
            lang,
            format!("校验位不对 (前 17 位算出应为 {expected}): 有数字输错了"),
            format!(
                "the check character is wrong (the first 17 digits give {expected}): a digit is mistyped"
            )
        ),
    }
}

/// 男 / `m`: a gender as the entry file takes it.
fn gender(g: Gender, lang: Lang) -> &'static str {
    match g {
        Gender::M => words!(lang, "男", "m"),
        Gender::F => words!(lang, "女", "f"),
    }
}

/// A field at fault. The field's own name is the import's (`Field::chinese`, `Field::word`:
/// the column names it reads).
fn field_fault(f: &FieldFault, lang: Lang) -> String {
    let id = words!(lang, "身份证号", "id number (身份证号)");
    match f {
        FieldFault::CellError { field, shown } => words!(
            lang,
            format!("{}: 单元格显示错误值", field.chinese()),
            format!("{}: the cell shows an error ({shown})", field.word())
        ),
        FieldFault::EmptyName { rest } => words!(
            lang,
            format!("姓名: 为空 (该行有: {})", rest.join("、")),
            format!("name: empty (the row has: {})", rest.join(", "))
        ),
        FieldFault::Gender(e) => {
            let e = value(e, lang);
            words!(lang, format!("性别: {e}"), format!("gender: {e}"))
        }
        FieldFault::Birth(e) => {
            let e = value(e, lang);
            words!(lang, format!("出生日期: {e}"), format!("birth: {e}"))
        }
        FieldFault::BirthInFuture(d) => words!(
            lang,
            format!("出生日期: {d} 在今天之后"),
            format!("birth: {d} is in the future")
        ),
        FieldFault::IdNumber(IdFault::Bad(e)) => format!("{id}: {}", id_error(e, lang)),
        FieldFault::IdNumber(IdFault::StoredAsNumber) => words!(
            lang,
            format!("{id}: 以数字形式保存, 只保留了 15 位: 请把该列设为文本格式后重新输入"),
            format!(
                "{id}: stored as a number, which keeps only 15 digits: format the column as text and type it again"
            )
        ),
        FieldFault::IdNumber(IdFault::NotText(t)) => words!(
            lang,
            format!("{id}: '{t}' 不是身份证号"),
            format!("{id}: '{t}' is not an ID number")
        ),
        FieldFault::IdBirthInFuture(d) => words!(
            lang,
            format!("{id}: 其中的出生日期 {d} 在今天之后"),
            format!("{id}: the birth date in it, {d}, is in the future")
        ),
        FieldFault::BirthDisagrees { given, from_id } => words!(
            lang,
            format!("出生日期: {given}, 但{id}中为 {from_id}"),
            format!("birth: {given}, but the {id} gives {from_id}")
        ),
        FieldFault::GenderDisagrees { given, from_id } => {
            let (given, from_id) = (gender(*given, lang), gender(*from_id, lang));
            words!(
                lang,
                format!("性别: {given}, 但{id}中为{from_id}"),
                format!("gender: {given}, but the {id} gives {from_id}")
            )
        }
        FieldFault::Local(e) => {
            let e = value(e, lang);
            words!(lang, format!("本地: {e}"), format!("local: {e}"))
        }
    }
}

/// Why a row of an entry file is not an entry (the player, then every field at fault).
pub fn row(r: &RowFault, lang: Lang) -> String {
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
            name,
            unit,
            first,
            birth,
        } => words!(
            lang,
            format!(
                "{name}: 与第{first}行重复 (姓名和出生日期{}相同)",
                birth.map(|b| format!(" {b} ")).unwrap_or_default()
            ),
            format!(
                "{name}: duplicate of {unit} {first} (same name and birth date{})",
                birth.map(|b| format!(" {b}")).unwrap_or_default()
            )
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values() -> Vec<ValueFault> {
        vec![
            ValueFault::EmptyDate,
            ValueFault::NotADate("x".into()),
            ValueFault::NoDate("TRUE".into()),
            ValueFault::YearNotFirst("6/7/2010".into()),
            ValueFault::TwoDigitYear("10-7-6".into()),
            ValueFault::NoDay("2010-7".into()),
            ValueFault::OnlyYear("2010".into()),
            ValueFault::NotAGender("x".into()),
            ValueFault::NotYesNo("x".into()),
        ]
    }

    fn rows() -> Vec<RowFault> {
        let d = |y, m, dd| chrono::NaiveDate::from_ymd_opt(y, m, dd).unwrap();
        let mut faults = vec![
            FieldFault::EmptyName {
                rest: vec!["a".into(), "b".into()],
            },
            FieldFault::BirthInFuture(d(2030, 1, 1)),
            FieldFault::IdNumber(IdFault::Bad(IdError::Length(5))),
            FieldFault::IdNumber(IdFault::Bad(IdError::Characters)),
            FieldFault::IdNumber(IdFault::Bad(IdError::Date("20101340".into()))),
            FieldFault::IdNumber(IdFault::Bad(IdError::Checksum { expected: 'X' })),
            FieldFault::IdNumber(IdFault::StoredAsNumber),
            FieldFault::IdNumber(IdFault::NotText("1.1".into())),
            FieldFault::IdBirthInFuture(d(2030, 1, 1)),
            FieldFault::BirthDisagrees {
                given: d(2010, 1, 1),
                from_id: d(2011, 1, 1),
            },
            FieldFault::GenderDisagrees {
                given: Gender::M,
                from_id: Gender::F,
            },
            FieldFault::GenderDisagrees {
                given: Gender::F,
                from_id: Gender::M,
            },
        ];
        faults.extend(
            crate::import::Field::ALL
                .into_iter()
                .map(|field| FieldFault::CellError {
                    field,
                    shown: "#VALUE!".into(),
                }),
        );
        for v in values() {
            faults.push(FieldFault::Gender(v.clone()));
            faults.push(FieldFault::Birth(v.clone()));
            faults.push(FieldFault::Local(v));
        }
        let mut rows = vec![
            RowFault::Duplicate {
                name: "张三".into(),
                unit: "line",
                first: 3,
                birth: Some(d(2010, 1, 1)),
            },
            RowFault::Duplicate {
                name: "张三".into(),
                unit: "row",
                first: 3,
                birth: None,
            },
            RowFault::Fields {
                name: String::new(),
                faults: faults[..2].to_vec(),
            },
        ];
        rows.extend(faults.into_iter().map(|f| RowFault::Fields {
            name: "张三".into(),
            faults: vec![f],
        }));
        rows
    }

    /// The import's types keep an English `Display`: the catalog's English is the same, fault
    /// for fault, so a person reads one text.
    #[test]
    fn the_english_is_the_import_types_own() {
        for v in values() {
            assert_eq!(value(&v, Lang::En), v.to_string(), "{v:?}");
        }
        for r in rows() {
            assert_eq!(row(&r, Lang::En), r.to_string(), "{r:?}");
        }
    }

    /// Every row fault has Chinese words of its own.
    #[test]
    fn the_chinese_differs_from_the_english() {
        for r in rows() {
            assert_ne!(row(&r, Lang::Zh), row(&r, Lang::En), "{r:?}");
        }
    }
}
