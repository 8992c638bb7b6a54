//! Entries in words: why a registration was refused (the player and the field). Entry files
//! are in `import.rs`.

use crate::domain::registration::RegistrationFault;
use crate::domain::rules::Lang;

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
            format!("{name:?}: 与{no}号棋手 {other:?} 看起来相同 (只差不可见字符或形近字符)"),
            format!(
                "{name:?}: looks exactly like player {no} {other:?} (they differ only in invisible or look-alike characters)"
            )
        ),
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
