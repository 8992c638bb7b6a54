//! The message catalog: every text a person reads from the command line, the
//! refusals, the audit and the console's event lines, once per language — Chinese by
//! default, English as an option. The console's screen labels live beside it in
//! `console::strings` (the same two languages, kept in step by its tests). Times are shown
//! in the event's zone (`EventZone`).
//!
//! One shape for every message (docs/architecture.md, "The words"): a typed key in, words out,
//! one exhaustive `match` per message whose arms give the Chinese and the English side by side
//! through [`words!`], so a message cannot exist in one language only.

/// The one way a language is chosen: `words!(lang, zh, en)` is `zh` for Chinese and `en` for
/// English, and evaluates only the one asked for (so `format!` arms cost nothing twice). It is
/// visible only inside `src/i18n/`: no edge picks a language itself.
macro_rules! words {
    ($lang:expr, $zh:expr, $en:expr $(,)?) => {
        match $lang {
            $crate::domain::rules::Lang::Zh => $zh,
            $crate::domain::rules::Lang::En => $en,
        }
    };
}

pub mod auto;
pub mod boundary;
pub mod cli;
pub mod deed;
mod en;
pub mod en_event;
mod en_refusal;
pub mod errors;
pub mod explain;
pub mod faults;
pub mod print;
pub mod room;
pub mod screen;
pub mod self_report;
mod zh;

use crate::domain::event::{ClockAction, Event, GameKind, Stage};
use crate::domain::refusal::{ReasonFor, Refusal};
use crate::domain::rules::{FoulKind, Lang, Role};
use crate::domain::zone::EventZone;
use crate::domain::{GameResult, PlayerNo, Side, Tournament};

/// Result words as the seeds write them: 红胜 / 和 / 黑胜 (never chess notation).
pub fn result_short(r: GameResult, lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => zh::result_short(r),
        Lang::En => en::result_short(r),
    }
}

/// A result in words (红胜, 红不战胜 …): the one name of each result everywhere.
pub fn result_word(r: GameResult, lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => zh::result_word(r),
        Lang::En => en::result_word(r),
    }
}

/// The knockout stage (半决赛 / 决赛 / 三四名); empty for the Swiss.
pub fn stage(s: Stage, lang: Lang) -> &'static str {
    match (s, lang) {
        (Stage::Swiss, _) => "",
        (Stage::SemiFinal, Lang::Zh) => "半决赛",
        (Stage::Final, Lang::Zh) => "决赛",
        (Stage::ThirdPlace, Lang::Zh) => "三四名",
        (Stage::SemiFinal, Lang::En) => "semi-final",
        (Stage::Final, Lang::En) => "final",
        (Stage::ThirdPlace, Lang::En) => "3rd place",
    }
}

/// The kind of knockout game (慢棋 / 快棋 / 超快棋).
pub fn game_kind(g: GameKind, lang: Lang) -> &'static str {
    match (g, lang) {
        (GameKind::Slow, Lang::Zh) => "慢棋",
        (GameKind::Rapid, Lang::Zh) => "快棋",
        (GameKind::Armageddon, Lang::Zh) => "超快棋",
        (GameKind::Slow, Lang::En) => "slow",
        (GameKind::Rapid, Lang::En) => "rapid",
        (GameKind::Armageddon, Lang::En) => "armageddon",
    }
}

pub fn side(s: Side, lang: Lang) -> &'static str {
    match (s, lang) {
        (Side::Red, Lang::Zh) => "红方",
        (Side::Black, Lang::Zh) => "黑方",
        (Side::Red, Lang::En) => "red",
        (Side::Black, Lang::En) => "black",
    }
}

pub fn role(r: Role, lang: Lang) -> &'static str {
    match (r, lang) {
        (Role::Head, Lang::Zh) => "裁判长",
        (Role::Assistant, Lang::Zh) => "裁判",
        (Role::Organizer, Lang::Zh) => "编排",
        (Role::Viewer, Lang::Zh) => "观看",
        (Role::Head, Lang::En) => "head",
        (Role::Assistant, Lang::En) => "assistant",
        (Role::Organizer, Lang::En) => "organizer",
        (Role::Viewer, Lang::En) => "viewer",
    }
}

pub fn foul_kind(k: FoulKind, lang: Lang) -> &'static str {
    match (k, lang) {
        (FoulKind::MoveRule, Lang::Zh) => "违规着法",
        (FoulKind::Phone, Lang::Zh) => "手机",
        (FoulKind::LeavingSeat, Lang::Zh) => "离座",
        (FoulKind::DisturbedPieces, Lang::Zh) => "碰乱棋子",
        (FoulKind::Other, Lang::Zh) => "其他",
        (FoulKind::MoveRule, Lang::En) => "move rule",
        (FoulKind::Phone, Lang::En) => "phone",
        (FoulKind::LeavingSeat, Lang::En) => "leaving seat",
        (FoulKind::DisturbedPieces, Lang::En) => "disturbed pieces",
        (FoulKind::Other, Lang::En) => "other",
    }
}

/// A refusal in `lang`; times in `zone`.
pub fn refusal(r: &Refusal, lang: Lang, zone: EventZone) -> String {
    match lang {
        Lang::Zh => zh::refusal(r, zone),
        Lang::En => en_refusal::refusal(r, zone),
    }
}

/// One line describing an event (command output, the console's status line, the audit),
/// times in `zone`.
pub fn describe(t: &Tournament, ev: &Event, lang: Lang, zone: EventZone) -> String {
    match lang {
        Lang::Zh => zh::describe(t, ev, zone),
        Lang::En => en::describe(t, ev, zone),
    }
}

/// A player's name, or the number when unknown.
fn name(t: &Tournament, no: PlayerNo) -> String {
    t.player(no)
        .map_or_else(|| no.to_string(), |p| p.entry.name.clone())
}

fn clock_time(zone: EventZone, at: chrono::DateTime<chrono::Utc>) -> String {
    zone.format(at, "%H:%M:%S")
}

fn reason_for(r: ReasonFor, lang: Lang) -> &'static str {
    match (r, lang) {
        (ReasonFor::Correction, Lang::Zh) => "更正结果须填写理由 (--reason 理由)",
        (ReasonFor::Reinstatement, Lang::Zh) => "恢复参赛须填写理由",
        (ReasonFor::StartCorrection, Lang::Zh) => "更正开始时间须填写理由 (--reason 理由)",
        (ReasonFor::RelaxedPairing, Lang::Zh) => "放宽颜色规则编排须填写理由 (--reason 理由)",
        (ReasonFor::ManualPairing, Lang::Zh) => "手工编排须填写理由 (--reason 理由)",
        (ReasonFor::KeptPairing, Lang::Zh) => {
            "保留按更正前结果所作的编排须填写理由 (--reason 理由)"
        }
        (other, Lang::En) => en_refusal::reason_for(other),
    }
}

fn clock_action(a: &ClockAction, lang: Lang) -> String {
    use crate::domain::clock::format_ms;
    match (a, lang) {
        (ClockAction::Press(s), Lang::Zh) => format!("{}按钟", side(*s, lang)),
        (ClockAction::Pause, Lang::Zh) => "暂停".into(),
        (ClockAction::Resume, Lang::Zh) => "继续".into(),
        (ClockAction::Set { red_ms, black_ms }, Lang::Zh) => {
            format!("校时 红{} 黑{}", format_ms(*red_ms), format_ms(*black_ms))
        }
        (ClockAction::Press(s), Lang::En) => format!("{} pressed", side(*s, lang)),
        (ClockAction::Pause, Lang::En) => "paused".into(),
        (ClockAction::Resume, Lang::En) => "resumed".into(),
        (ClockAction::Set { red_ms, black_ms }, Lang::En) => {
            format!("set to {} / {}", format_ms(*red_ms), format_ms(*black_ms))
        }
    }
}

/// Messages of the command line (not refusals of the domain).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CliMsg {
    NothingDue,
    /// The round started (printed after `start`): round, local time.
    Started,
    OverrideWarning(String),
}

pub fn cli(m: &CliMsg, lang: Lang) -> String {
    match m {
        CliMsg::NothingDue => words!(lang, "无到期事项", "nothing due").into(),
        CliMsg::Started => words!(lang, "本轮已开始", "the round has started").into(),
        CliMsg::OverrideWarning(w) => words!(
            lang,
            format!("警告 (已接受): {w}"),
            format!("warning (accepted): {w}")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Board, Round};

    #[test]
    fn every_result_has_a_word_in_both_languages() {
        for r in GameResult::ALL {
            assert!(!result_short(r, Lang::Zh).is_ascii(), "{r:?}");
            // Four CJK characters at most (eight cells; the printouts' width is checked in
            // tests/result_words.rs).
            assert!(
                result_short(r, Lang::Zh).chars().count() <= 4
                    && result_short(r, Lang::En).len() <= 6,
                "{r:?}"
            );
            assert!(!result_word(r, Lang::Zh).is_ascii(), "{r:?}");
            assert!(!result_word(r, Lang::En).is_empty());
        }
        assert_eq!(result_short(GameResult::Draw, Lang::Zh), "和");
        assert_eq!(result_short(GameResult::RedWin, Lang::Zh), "红胜");
        // One name per result: the board and the audit agree (the console and the printouts
        // too: tests/result_words.rs).
        for r in GameResult::ALL {
            let word = result_word(r, Lang::Zh);
            assert_eq!(result_short(r, Lang::Zh), word, "{r:?}");
            assert_eq!(word.parse::<GameResult>(), Ok(r), "typed {r:?}");
        }
    }

    #[test]
    fn refusals_are_chinese_by_default() {
        let z = EventZone::parse("Asia/Shanghai").unwrap();
        let r = Refusal::RoundChanged {
            typed: Round(1),
            current: Round(2),
        };
        let zh = refusal(&r, Lang::Zh, z);
        assert!(zh.contains("第1轮") && zh.contains("第2轮"), "{zh}");
        let r = Refusal::HasResult {
            round: Round(4),
            board: Board(3),
            existing: GameResult::Draw,
        };
        assert_eq!(
            refusal(&r, Lang::Zh, z),
            "第4轮第3台已有结果: 和; 更正须由裁判长填写理由 (--correct --reason 理由)"
        );
        let at = chrono::DateTime::parse_from_rfc3339("2024-07-06T00:30:00Z")
            .unwrap()
            .to_utc();
        let r = Refusal::AlreadyStarted {
            round: Round(1),
            at,
        };
        assert!(refusal(&r, Lang::Zh, z).contains("08:30"));
        assert!(refusal(&r, Lang::En, z).contains("08:30"));
    }
}
