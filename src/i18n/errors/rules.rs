//! Rules files and RON findings in words (the file, line, column and field).

use super::io;
use crate::domain::rules::{Lang, RulesError, RulesFault};

/// A RON parser finding (rules files, log lines). The few findings without a Chinese text
/// keep the parser's words as a quoted detail.
pub fn ron(e: &ron::Error, lang: Lang) -> String {
    ron_in(e, lang, true)
}

/// A RON finding; `list` names the words that were possible (a rules file's fields and
/// values: the way forward), or not (a log line: the event names help nobody at a table).
/// The program's type names (`outer`) are left out: the line and column place the fault. The
/// English is the parser's own words.
pub(super) fn ron_in(e: &ron::Error, lang: Lang, list: bool) -> String {
    words!(lang, ron_zh(e, list), e.to_string())
}

/// A RON finding in Chinese (the parser's own words are English).
fn ron_zh(e: &ron::Error, list: bool) -> String {
    use ron::Error as E;
    let one_of = |xs: &[&str]| {
        if !list {
            String::new()
        } else if xs.is_empty() {
            " (可用: 无)".to_string()
        } else {
            format!(" (可用: {})", xs.join(", "))
        }
    };
    match e {
        E::Eof => "文件意外结束 (括号或引号没有闭合?)".into(),
        E::ExpectedArray => "此处应为列表 [ … ]".into(),
        E::ExpectedArrayEnd => "此处应为列表结束 ]".into(),
        E::ExpectedBoolean => "此处应为 true 或 false".into(),
        E::ExpectedComma => "此处应为逗号".into(),
        E::ExpectedFloat => "此处应为小数".into(),
        E::ExpectedInteger => "此处应为整数".into(),
        E::ExpectedOption => "此处应为 Some(…) 或 None".into(),
        E::ExpectedOptionEnd => "此处应为 Some(…) 的右括号".into(),
        E::ExpectedMap => "此处应为映射 { … }".into(),
        E::ExpectedMapColon => "此处应为冒号".into(),
        E::ExpectedMapEnd => "此处应为映射结束 }".into(),
        E::ExpectedStructLike | E::ExpectedNamedStructLike(_) => "此处应为结构 ( … )".into(),
        E::ExpectedStructLikeEnd => "此处应为结构结束 )".into(),
        E::ExpectedUnit => "此处应为 ()".into(),
        E::ExpectedString => "此处应为带引号的文字 \"…\"".into(),
        E::ExpectedStringEnd => "文字缺少结束引号".into(),
        E::ExpectedIdentifier => "此处应为字段名或取值名".into(),
        E::IntegerOutOfBounds => "数值超出范围".into(),
        E::InvalidIntegerDigit { digit, .. } => format!("数字中有无效字符 '{digit}'"),
        E::UnclosedBlockComment | E::UnclosedLineComment => "注释没有结束".into(),
        E::UnexpectedChar(c) => format!("意外的字符 '{c}'"),
        E::Utf8Error(_) => "不是有效的 UTF-8 文本".into(),
        E::TrailingCharacters => "内容结束后还有多余的字符".into(),
        E::ExceededRecursionLimit => "嵌套太深".into(),
        E::InvalidValueForType { expected, found } => {
            format!("取值 {found} 无效 (应为: {})", kind_zh(expected))
        }
        E::ExpectedDifferentLength { expected, found } => {
            format!("有 {found} 项 (应为: {})", kind_zh(expected))
        }
        E::NoSuchEnumVariant {
            expected, found, ..
        } => format!("未知取值 '{found}'{}", one_of(expected)),
        E::NoSuchStructField {
            expected, found, ..
        } => format!("未知字段 '{found}'{}", one_of(expected)),
        E::MissingStructField { field, .. } => format!("缺少字段 {field}"),
        E::DuplicateStructField { field, .. } => format!("字段 {field} 出现两次"),
        E::Message(m) => message_zh(m),
        other => format!("格式错误 (解析器: \"{other}\")"),
    }
}

/// What serde expected, in Chinese where the words are known.
fn kind_zh(expected: &str) -> String {
    let e = expected.trim();
    if e.contains("u32") || e.contains("u64") || e.contains("integer") {
        "非负整数".into()
    } else if e.contains("string") {
        "带引号的文字".into()
    } else if e.contains("bool") {
        "true 或 false".into()
    } else if let Some(n) = e.strip_suffix(" elements").or(e.strip_suffix(" element")) {
        format!("{n} 项")
    } else {
        format!("\"{e}\"")
    }
}

/// Messages our own deserializers and chrono's give.
fn message_zh(m: &str) -> String {
    if let Some(rest) = m.strip_prefix("roles: user '")
        && let Some((user, _)) = rest.split_once("' appears twice")
    {
        return format!("roles: 用户 '{user}' 出现两次 (每个用户只给一个角色列表)");
    }
    if m.contains("out of range") || m.contains("invalid") || m.contains("premature end") {
        return "不是有效的日期或时间 (应如 \"2024-07-06\")".into();
    }
    format!("取值无效 (解析器: \"{m}\")")
}

/// A rules-file error: the file, line and column, and the field.
pub fn rules(e: &RulesError, lang: Lang) -> String {
    match e {
        RulesError::Syntax {
            origin,
            line,
            column,
            code,
        } => {
            let code = ron(code, lang);
            words!(
                lang,
                format!("{origin}: 第{line}行第{column}列: {code}"),
                format!("{origin}: line {line}, column {column}: {code}")
            )
        }
        RulesError::Invalid {
            origin,
            at,
            field,
            fault,
        } => {
            let place = match (origin, at) {
                (Some(o), Some((line, col))) => words!(
                    lang,
                    format!("{o}: 第{line}行第{col}列: "),
                    format!("{o}: line {line}, column {col}: ")
                ),
                (Some(o), None) => format!("{o}: "),
                (None, _) => words!(lang, "规则: ", "rules: ").to_string(),
            };
            format!("{place}{field}: {}", rules_fault(fault, lang))
        }
        RulesError::UnknownPreset(name) => words!(
            lang,
            format!("没有名为 '{name}' 的预设 (见 bianpai presets)"),
            format!("unknown preset '{name}' (see `bianpai presets`)")
        ),
        // The OS's own words (English) come with the error; the Chinese names its kind.
        RulesError::Read {
            origin,
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
                format!("{origin}: 无法读取规则文件: {}", io(&e, lang))
            },
            format!("{origin}: {text}")
        ),
        RulesError::NotUtf8 { origin, byte } => words!(
            lang,
            format!("{origin}: 不是 UTF-8 文本 (第{byte}字节处); 请以 UTF-8 编码保存"),
            format!("{origin}: not UTF-8 text (byte {byte})")
        ),
    }
}

/// What is wrong with a field of the rules.
fn rules_fault(f: &RulesFault, lang: Lang) -> String {
    match f {
        RulesFault::MoreThan { value, max } => words!(
            lang,
            format!("{value} 超过上限 {max}"),
            format!("{value} is more than {max}")
        ),
        RulesFault::AtLeastOne => words!(lang, "至少为 1", "must be at least 1").into(),
        RulesFault::RoundsRange => {
            words!(lang, "应在 1 到 99 之间", "must be between 1 and 99").into()
        }
        RulesFault::EmptyChain => words!(
            lang,
            "不能为空 (以 draw_number 结尾)",
            "the chain must not be empty (end it with draw_number)"
        )
        .into(),
        RulesFault::Twice(what) => words!(
            lang,
            format!("{what} 出现两次"),
            format!("{what} appears twice")
        ),
        RulesFault::NoSections => words!(
            lang,
            "至少需要一个组别",
            "at least one section is needed"
        )
        .into(),
        RulesFault::SectionWithoutName => {
            words!(lang, "组别需要名称", "a section needs a name").into()
        }
        RulesFault::NotAZone(t) => words!(
            lang,
            format!("'{t}' 不是时区 (应为 IANA 名称如 Asia/Shanghai, 或时差如 +08:00)"),
            format!(
                "'{t}' is not a time zone (an IANA name like Asia/Shanghai or an offset like +08:00)"
            )
        ),
        RulesFault::LateWindowOverADay => {
            words!(lang, "最多一天 (1440 分钟)", "at most one day").into()
        }
        RulesFault::KnockoutPlayers => words!(
            lang,
            "应为 2 (决赛)、4 (半决赛 1 对 4, 2 对 3) 或 8 (四分之一决赛 1 对 8 … 4 对 5)",
            "must be 2 (a final), 4 (semi-finals 1 v 4, 2 v 3) or 8 (quarter-finals 1 v 8 … 4 v 5)"
        )
        .into(),
        // rr: no knockout finals after a round robin.
        RulesFault::KnockoutAfterRoundRobin => words!(
            lang,
            "淘汰赛只接在积分编排轮次之后; 循环赛按全部选手排名 (删去 knockout 或改用 system: swiss)",
            "knockout finals follow Swiss rounds only; a round robin ranks its whole field (remove knockout or use system: swiss)"
        )
        .into(),
        RulesFault::KnockoutInTeamMatch => words!(
            lang,
            "淘汰赛只用于个人积分编排赛, 团体赛不设淘汰赛 (删去 knockout)",
            "knockout finals are for individual Swiss events, not team matches (remove knockout)"
        )
        .into(),
        RulesFault::OrderWithoutRoundRobin => words!(
            lang,
            "这是双循环的轮次顺序, 积分编排赛没有此项 (删去 round_robin_order)",
            "the order of a double round robin's rounds; a Swiss has none (remove round_robin_order)"
        )
        .into(),
        RulesFault::KnockoutAfterRound {
            players,
            depth,
            rounds,
        } => {
            let last = rounds.saturating_sub(*depth);
            if last == 0 {
                words!(
                    lang,
                    format!("{players}人淘汰赛需{depth}轮, 本赛事只有{rounds}轮 (rounds 至少 {})", depth + 1),
                    format!("a bracket of {players} takes {depth} rounds and the event has {rounds} (rounds at least {})", depth + 1)
                )
            } else {
                words!(
                    lang,
                    format!("应在第1至{last}轮之间: {players}人淘汰赛需{depth}轮, 本赛事共{rounds}轮"),
                    format!("must be a round from 1 to {last}: a bracket of {players} takes {depth} rounds and the event has {rounds}")
                )
            }
        }
        RulesFault::NotARange { from, to } => words!(
            lang,
            format!("名次 {from}..{to} 不是有效范围"),
            format!("places {from}..{to} are not a range")
        ),
        RulesFault::UnknownSection(s) => words!(
            lang,
            format!("未知组别 '{s}'"),
            format!("unknown section '{s}'")
        ),
        RulesFault::CategorySection { category, section } => words!(
            lang,
            format!("奖项类别 '{category}' 指向未知组别 '{section}'"),
            format!("category '{category}' names unknown section '{section}'")
        ),
        RulesFault::BaseTimeZero => {
            words!(lang, "基本用时必须大于 0", "base time must be positive").into()
        }
        RulesFault::BoardsRange => {
            words!(lang, "应在 2 到 8 之间", "must be between 2 and 8").into()
        }
        RulesFault::EmptyUser => words!(lang, "用户名为空", "an empty user name").into(),
        RulesFault::RoleTwice { user, role } => words!(
            lang,
            format!("用户 '{user}' 被给了两次角色 {role}"),
            format!("user '{user}' is given the role {role} twice")
        ),
        // The text fault without its field (the field is named before it).
        RulesFault::Text(t) => {
            let text = crate::i18n::faults::text_fault(t, lang);
            let own = words!(lang, format!("{}：", t.field), format!("{}: ", t.field));
            text.strip_prefix(&own).unwrap_or(&text).to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write as _;

    #[test]
    fn rules_errors_name_line_column_and_field_in_chinese() {
        let text = crate::domain::Rules::preset("qigu-2024-07")
            .unwrap()
            .to_ron()
            .replacen("rounds: 9", "rounds: 0", 1);
        let e = crate::domain::Rules::from_ron(&text, "r.ron").unwrap_err();
        let line = text.lines().position(|l| l.contains("rounds: 0")).unwrap() + 1;
        assert_eq!(
            rules(&e, Lang::Zh),
            format!("r.ron: 第{line}行第5列: rounds: 应在 1 到 99 之间")
        );
        assert!(rules(&e, Lang::En).starts_with(&format!("r.ron: line {line}, column 5: rounds")));
        let text = text.replacen("rounds: 0", "roundz: 9", 1);
        let e = crate::domain::Rules::from_ron(&text, "r.ron").unwrap_err();
        let zh = rules(&e, Lang::Zh);
        assert!(
            zh.contains("未知字段 'roundz'") && zh.contains("rounds"),
            "{zh}"
        );
    }

    /// One rules error of each kind, and an `Invalid` of each fault.
    fn samples() -> Vec<RulesError> {
        let text = crate::domain::text::check("description", &"x".repeat(9000), 4000).unwrap_err();
        let faults = vec![
            RulesFault::MoreThan { value: 5, max: 4 },
            RulesFault::AtLeastOne,
            RulesFault::RoundsRange,
            RulesFault::EmptyChain,
            RulesFault::Twice("buchholz".into()),
            RulesFault::NoSections,
            RulesFault::SectionWithoutName,
            RulesFault::NotAZone("Mars/Base".into()),
            RulesFault::LateWindowOverADay,
            RulesFault::KnockoutPlayers,
            RulesFault::KnockoutAfterRoundRobin,
            RulesFault::KnockoutInTeamMatch,
            RulesFault::OrderWithoutRoundRobin,
            RulesFault::KnockoutAfterRound {
                players: 4,
                depth: 2,
                rounds: 9,
            },
            RulesFault::NotARange { from: 5, to: 3 },
            RulesFault::UnknownSection("U8".into()),
            RulesFault::CategorySection {
                category: "女子".into(),
                section: "U8".into(),
            },
            RulesFault::BaseTimeZero,
            RulesFault::EmptyUser,
            RulesFault::RoleTwice {
                user: "wang".into(),
                role: "head",
            },
            RulesFault::Text(text),
            RulesFault::BoardsRange,
        ];
        let mut es: Vec<RulesError> = faults
            .into_iter()
            .map(|f| {
                let field = if matches!(f, RulesFault::Text(_)) {
                    "description"
                } else {
                    "rounds"
                };
                RulesError::invalid(field, f)
            })
            .collect();
        es.extend([
            RulesError::Invalid {
                origin: Some("r.ron".into()),
                at: Some((3, 5)),
                field: "knockout.players".into(),
                fault: Box::new(RulesFault::KnockoutPlayers),
            },
            RulesError::Invalid {
                origin: Some("r.ron".into()),
                at: None,
                field: "tiebreaks".into(),
                fault: Box::new(RulesFault::EmptyChain),
            },
            RulesError::Syntax {
                origin: "r.ron".into(),
                line: 2,
                column: 7,
                code: ron::Error::ExpectedComma,
            },
            RulesError::UnknownPreset("nine".into()),
            RulesError::Read {
                origin: "r.ron".into(),
                kind: std::io::ErrorKind::NotFound,
                os_code: Some(2),
                text: std::io::Error::from_raw_os_error(2).to_string(),
            },
            RulesError::NotUtf8 {
                origin: "r.ron".into(),
                byte: 17,
            },
        ]);
        es
    }

    /// Every rules error in English and in Chinese: the English was checked byte for byte
    /// against the words the domain's `Display` gave before they moved here.
    #[test]
    fn every_rules_error_in_both_languages() {
        let mut out = String::new();
        for e in samples() {
            let _ = write!(
                out,
                "en: {}\nzh: {}\n\n",
                rules(&e, Lang::En),
                rules(&e, Lang::Zh)
            );
        }
        insta::assert_snapshot!(out);
    }

    /// The three faults a log's recorded rules can hit (`Rules::from_wire`) reach the reader
    /// through serde as the domain's `Display` (the message the decode error quotes): the
    /// same English as here; any other error's `Display` carries no sentence.
    #[test]
    fn the_log_decoders_message_is_the_catalogs_english() {
        for fault in [
            RulesFault::KnockoutAfterRoundRobin,
            RulesFault::KnockoutInTeamMatch,
            RulesFault::OrderWithoutRoundRobin,
        ] {
            let e = RulesError::invalid("knockout", fault);
            assert_eq!(e.to_string(), rules(&e, Lang::En));
        }
        for e in samples().iter().filter(|e| {
            !matches!(e, RulesError::Invalid { origin: None, fault, .. }
                if matches!(**fault, RulesFault::KnockoutAfterRoundRobin
                    | RulesFault::KnockoutInTeamMatch | RulesFault::OrderWithoutRoundRobin))
        }) {
            assert_eq!(e.to_string(), format!("{e:?}"));
        }
    }
}
