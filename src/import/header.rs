//! The header row of an entry file: which column holds which field. Headers may be Chinese
//! (姓名, 性别, 出生日期, 单位, 团队, 组别, 本地 and common variants) or English, in any case,
//! with notes in brackets ("出生日期（如2010-07-06）") or a required-field star ("姓名*").

use super::table::{Cell, RawRow};

/// A field of a player's entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Name,
    Gender,
    Birth,
    Club,
    Team,
    Group,
    Local,
    /// 身份证号: gives the birth date and gender when those columns are empty.
    IdNumber,
}

impl Field {
    pub const ALL: [Field; 8] = [
        Field::Name,
        Field::Gender,
        Field::Birth,
        Field::Club,
        Field::Team,
        Field::Group,
        Field::Local,
        Field::IdNumber,
    ];

    /// The word used in messages: the field's English name.
    pub fn word(self) -> &'static str {
        match self {
            Field::Name => "name",
            Field::Gender => "gender",
            Field::Birth => "birth",
            Field::Club => "club",
            Field::Team => "team",
            Field::Group => "group",
            Field::Local => "local",
            Field::IdNumber => "id number",
        }
    }

    /// The usual Chinese header.
    pub fn chinese(self) -> &'static str {
        match self {
            Field::Name => "姓名",
            Field::Gender => "性别",
            Field::Birth => "出生日期",
            Field::Club => "单位",
            Field::Team => "团队",
            Field::Group => "组别",
            Field::Local => "本地",
            Field::IdNumber => "身份证号",
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// Header spellings accepted for this field, in normalized form (see [`normalize`]).
    fn spellings(self) -> &'static [&'static str] {
        match self {
            Field::Name => &[
                "姓名",
                "名字",
                "选手",
                "选手姓名",
                "棋手",
                "棋手姓名",
                "运动员",
                "运动员姓名",
                "参赛者",
                "参赛选手",
                "参赛者姓名",
                "name",
                "fullname",
                "playername",
                "player",
            ],
            Field::Gender => &["性别", "gender", "sex"],
            Field::Birth => &[
                "出生日期",
                "出生年月日",
                "出生年月",
                "生日",
                "出生",
                "出生时间",
                "出生年月日期",
                "birth",
                "birthday",
                "birthdate",
                "dateofbirth",
                "dob",
                "born",
            ],
            Field::Club => &[
                "单位",
                "俱乐部",
                "所属单位",
                "代表单位",
                "工作单位",
                "单位俱乐部",
                "俱乐部单位",
                "学校",
                "club",
                "organisation",
                "organization",
                "affiliation",
                "school",
            ],
            Field::Team => &[
                "团队",
                "队名",
                "团体",
                "队伍",
                "代表队",
                "团体队名",
                "队",
                "所属队伍",
                "team",
                "teamname",
            ],
            Field::Group => &[
                "组别",
                "分组",
                "组",
                "参赛组别",
                "组名",
                "group",
                "section",
                "division",
            ],
            Field::Local => &[
                "本地",
                "是否本地",
                "本地选手",
                "本地棋手",
                "是否本地选手",
                "本地户籍",
                "local",
                "islocal",
            ],
            Field::IdNumber => &[
                "身份证号",
                "身份证",
                "身份证号码",
                "证件号码",
                "证件号",
                "身份证件号码",
                "居民身份证号",
                "居民身份证号码",
                "公民身份号码",
                "身份号码",
                "身份证编号",
                "idnumber",
                "idno",
                "idcard",
                "idcardnumber",
                "idcardno",
                "nationalid",
                "residentid",
            ],
        }
    }
}

/// A header as compared: full-width to ASCII, notes in brackets and stars dropped, blanks,
/// '_', '-', ':' and '/' removed, ASCII lower-cased.
pub fn normalize(h: &str) -> String {
    let h = super::value::halfwidth(h);
    let cut = h.find(['(', '[', '（', '【']).unwrap_or(h.len());
    h[..cut]
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '_' | '-' | ':' | '：' | '*' | '/' | '.'))
        .collect::<String>()
        .to_ascii_lowercase()
}

/// The field a header names, if any.
pub fn field_of(header: &str) -> Option<Field> {
    let n = normalize(header);
    if n.is_empty() {
        return None;
    }
    Field::ALL
        .into_iter()
        .find(|f| f.spellings().contains(&n.as_str()))
}

/// The header row found in a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Index of the header row in the table's rows.
    pub row: usize,
    /// The column of each field, indexed by `Field as usize`.
    columns: [Option<usize>; 8],
    /// Headers of columns that are not used.
    pub ignored: Vec<String>,
}

impl Header {
    pub fn column(&self, f: Field) -> Option<usize> {
        self.columns[f.index()]
    }
}

/// How many leading rows may precede the header (a title such as "第三届棋缘杯报名表").
const SEARCH_ROWS: usize = 10;

/// Finds the header row: the first of the first rows with a name column.
pub fn locate(rows: &[RawRow]) -> Result<Header, super::ImportError> {
    for (i, row) in rows.iter().take(SEARCH_ROWS).enumerate() {
        let texts: Vec<String> = row.cells.iter().map(Cell::text).collect();
        if !texts.iter().any(|t| field_of(t) == Some(Field::Name)) {
            continue;
        }
        let mut columns = [None; 8];
        let mut ignored = Vec::new();
        for (col, text) in texts.iter().enumerate() {
            match field_of(text) {
                Some(f) => {
                    if let Some(first) = columns[f.index()] {
                        let first: usize = first;
                        return Err(super::ImportError::TwoColumns {
                            word: f.word(),
                            chinese: f.chinese(),
                            first: texts[first].clone(),
                            second: text.clone(),
                        });
                    }
                    columns[f.index()] = Some(col);
                }
                None if text.is_empty() => {}
                None => ignored.push(text.clone()),
            }
        }
        return Ok(Header {
            row: i,
            columns,
            ignored,
        });
    }
    let found: Vec<String> = rows
        .first()
        .map(|r| {
            r.cells
                .iter()
                .map(Cell::text)
                .filter(|t| !t.is_empty())
                .collect()
        })
        .unwrap_or_default();
    Err(super::ImportError::NoNameColumn(found))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(line: usize, cells: &[&str]) -> RawRow {
        RawRow {
            line,
            cells: cells.iter().map(|c| Cell::Text((*c).into())).collect(),
        }
    }

    #[test]
    fn chinese_and_english_headers() {
        assert_eq!(field_of("姓名"), Some(Field::Name));
        assert_eq!(field_of(" 姓 名 *"), Some(Field::Name));
        assert_eq!(field_of("NAME"), Some(Field::Name));
        assert_eq!(field_of("Player Name"), Some(Field::Name));
        assert_eq!(field_of("出生年月日"), Some(Field::Birth));
        assert_eq!(field_of("出生日期（如2010-07-06）"), Some(Field::Birth));
        assert_eq!(field_of("生日"), Some(Field::Birth));
        assert_eq!(field_of("Date of Birth"), Some(Field::Birth));
        assert_eq!(field_of("date_of_birth"), Some(Field::Birth));
        assert_eq!(field_of("俱乐部"), Some(Field::Club));
        assert_eq!(field_of("单位/俱乐部"), Some(Field::Club));
        assert_eq!(field_of("队名"), Some(Field::Team));
        assert_eq!(field_of("Group"), Some(Field::Group));
        assert_eq!(field_of("是否本地"), Some(Field::Local));
        assert_eq!(field_of("性别："), Some(Field::Gender));
        assert_eq!(field_of("身份证号"), Some(Field::IdNumber));
        assert_eq!(field_of("身份证号码（18位）"), Some(Field::IdNumber));
        assert_eq!(field_of("证件号码"), Some(Field::IdNumber));
        assert_eq!(field_of("ID Number"), Some(Field::IdNumber));
        assert_eq!(field_of("序号"), None);
        assert_eq!(field_of(""), None);
    }

    #[test]
    fn title_rows_above_the_header_are_skipped() {
        let rows = vec![
            row(1, &["第三届棋缘杯报名表"]),
            row(2, &["序号", "姓名", "性别", "备注"]),
        ];
        let h = locate(&rows).unwrap();
        assert_eq!(h.row, 1);
        assert_eq!(h.column(Field::Name), Some(1));
        assert_eq!(h.column(Field::Gender), Some(2));
        assert_eq!(h.column(Field::Birth), None);
        assert_eq!(h.ignored, vec!["序号".to_string(), "备注".to_string()]);
    }

    #[test]
    fn missing_name_column_is_named() {
        let e = locate(&[row(1, &["性别", "出生日期"])])
            .unwrap_err()
            .to_string();
        assert!(e.contains("no name column"), "{e}");
        assert!(e.contains("姓名"), "{e}");
        assert!(e.contains("性别, 出生日期"), "{e}");
    }

    #[test]
    fn two_name_columns_are_refused() {
        let e = locate(&[row(1, &["姓名", "name"])])
            .unwrap_err()
            .to_string();
        assert!(e.contains("two columns for name"), "{e}");
    }
}
