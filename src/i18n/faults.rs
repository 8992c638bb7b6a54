//! A free-text field the sanitiser refused (`domain::text::TextFault`, docs/security.md) and a
//! time too far from the machine's clock (`domain::skew::TimeSkew`), in words: one function
//! per type, the language asked once.

use crate::domain::rules::Lang;
use crate::domain::skew::TimeSkew;
use crate::domain::text::{CharKind, Fault, TextFault};

/// A refused free-text field, naming the field.
pub fn text_fault(t: &TextFault, lang: Lang) -> String {
    let field = words!(lang, field_word(&t.field), t.field.as_str());
    match &t.fault {
        Fault::Forbidden(c) => {
            let (code, kind) = (code(*c), char_kind(CharKind::of(*c), lang));
            words!(
                lang,
                format!("{field}：含有{code}（{kind}），不接受控制字符、方向控制符和不可见字符"),
                format!(
                    "{field}: contains {code} ({kind}); control characters, direction marks and invisible characters are not accepted"
                )
            )
        }
        Fault::Invisible => words!(
            lang,
            format!("{field}：内容不可见（只有空白或不可见字符）"),
            format!("{field}: shows nothing (only blanks or invisible characters)")
        ),
        Fault::TooLong { chars, max } => words!(
            lang,
            format!("{field}：{chars}个字符，最多{max}个"),
            format!("{field}: {chars} characters, at most {max} are accepted")
        ),
        Fault::TooManyMarks { max } => words!(
            lang,
            format!("{field}：一个字符上叠加了超过{max}个组合符号"),
            format!("{field}: more than {max} combining marks on one character")
        ),
    }
}

/// The kind of a character refused.
fn char_kind(k: CharKind, lang: Lang) -> &'static str {
    match k {
        CharKind::Control => words!(lang, "控制字符", "a control character"),
        CharKind::Direction => words!(lang, "方向控制符", "a direction control"),
        CharKind::LineSeparator => words!(lang, "分行符", "a line separator"),
        CharKind::Invisible => words!(lang, "不可见字符", "an invisible character"),
    }
}

/// A field's Chinese name (an entry list's column, a command's option): 姓名 for `name`;
/// an option keeps its spelling (`--title` is what is typed).
fn field_word(field: &str) -> &str {
    match field {
        "name" => "姓名",
        "club" => "单位",
        "team" => "队名",
        "group" => "组别",
        "reason" => "理由",
        "note" => "说明",
        "title" => "标题",
        other => other,
    }
}

fn code(c: char) -> String {
    format!("U+{:04X}", u32::from(c))
}

/// A time refused for lying too far from the machine's clock, with the way out.
pub fn time_skew(s: &TimeSkew, lang: Lang) -> String {
    let (h, m, sec) = s.span();
    let ahead = s.ahead();
    let off = match (h, m) {
        (0, 0) => words!(lang, format!("{sec}秒"), format!("{sec} s")),
        (0, _) => words!(lang, format!("{m}分{sec}秒"), format!("{m} min {sec} s")),
        _ => words!(lang, format!("{h}小时{m}分"), format!("{h} h {m} min")),
    };
    let dir = if ahead {
        words!(lang, "快", "ahead of")
    } else {
        words!(lang, "慢", "behind")
    };
    let hint = if s.correction {
        words!(
            lang,
            "更正只能填写过去的时间",
            "a correction can only name a past time"
        )
    } else if ahead {
        words!(
            lang,
            "电子钟或桥接程序的时区是否设错？",
            "a clock or bridge in the wrong time zone?"
        )
    } else {
        words!(
            lang,
            "裁判长可用 --correction 理由 填写过去的时间",
            "the head arbiter enters a past time with --correction REASON"
        )
    };
    let (at, now, limit) = (&s.at, &s.now, s.limit_s);
    words!(
        lang,
        format!(
            "时间 {at}：比本机时钟（{now}）{dir}{off}，超过允许的{limit}秒（clock_skew_seconds）；{hint}"
        ),
        format!(
            "time {at}: {off} {dir} this machine's clock ({now}), more than the {limit} s allowed (clock_skew_seconds); {hint}"
        )
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::text::{CLUB_MAX, check};

    #[test]
    fn a_refused_field_is_named_in_both_languages() {
        let long = "棋".repeat(30_000);
        let f = check("club", &long, CLUB_MAX).unwrap_err();
        assert!(
            text_fault(&f, Lang::En).starts_with("club: 30000 characters"),
            "{f:?}"
        );
        assert!(text_fault(&f, Lang::Zh).starts_with("单位：30000个字符"));
        let f = check("reason", "a\u{202E}b", 500).unwrap_err();
        assert_eq!(
            text_fault(&f, Lang::Zh),
            "理由：含有U+202E（方向控制符），不接受控制字符、方向控制符和不可见字符"
        );
        assert!(text_fault(&f, Lang::En).contains("U+202E (a direction control)"));
    }

    #[test]
    fn a_skew_names_the_difference_and_the_way_out() {
        let mut s = TimeSkew {
            at: "2024-07-06 16:00:00".into(),
            now: "2024-07-06 08:00:00".into(),
            off_s: 8 * 3600,
            limit_s: 120,
            correction: false,
        };
        assert!(time_skew(&s, Lang::En).contains("8 h 0 min ahead"));
        assert!(time_skew(&s, Lang::Zh).contains("快8小时0分"));
        s.off_s = -185;
        assert!(time_skew(&s, Lang::En).contains("3 min 5 s behind"));
        assert!(time_skew(&s, Lang::Zh).contains("慢3分5秒"));
        assert!(time_skew(&s, Lang::Zh).ends_with("裁判长可用 --correction 理由 填写过去的时间"));
    }
}
