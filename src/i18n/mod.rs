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

pub mod amend;
pub mod audit;
pub mod auto;
pub mod boundary;
pub mod bye;
pub mod cli;
pub mod deed;
pub mod errors;
mod event;
pub mod explain;
pub mod faults;
pub mod keep;
mod kept;
pub mod print;
pub mod read;
mod refusal;
pub mod room;
pub mod screen;
pub mod self_report;
mod signing;
pub mod vacant;

pub use event::{describe, reason_hidden};
pub use refusal::refusal;

use crate::domain::event::{GameKind, Stage};
use crate::domain::rules::{FoulKind, Lang, Role};
use crate::domain::zone::EventZone;
use crate::domain::{GameResult, PlayerNo, Side, Tournament};

/// Result words as the seeds write them: 红胜 / 和 / 黑胜 (never chess notation). The Chinese
/// is the one name of each result (`result_word`); the English fits six columns, for the
/// round view's result column.
pub fn result_short(r: GameResult, lang: Lang) -> &'static str {
    match r {
        GameResult::RedWin => words!(lang, "红胜", "red"),
        GameResult::BlackWin => words!(lang, "黑胜", "black"),
        GameResult::Draw => words!(lang, "和", "draw"),
        GameResult::RedWinForfeit => words!(lang, "红不战胜", "red ff"),
        GameResult::BlackWinForfeit => words!(lang, "黑不战胜", "blk ff"),
        GameResult::DoubleForfeit => words!(lang, "双方弃权", "dbl ff"),
    }
}

/// A result in words (红胜, 红不战胜 …): the one name of each result everywhere, on the
/// board, in help, the audit and the printouts.
pub fn result_word(r: GameResult, lang: Lang) -> &'static str {
    match r {
        GameResult::RedWin => words!(lang, "红胜", "red wins"),
        GameResult::BlackWin => words!(lang, "黑胜", "black wins"),
        GameResult::Draw => words!(lang, "和", "draw"),
        GameResult::RedWinForfeit => words!(lang, "红不战胜", "red wins by forfeit"),
        GameResult::BlackWinForfeit => words!(lang, "黑不战胜", "black wins by forfeit"),
        GameResult::DoubleForfeit => words!(lang, "双方弃权", "double forfeit"),
    }
}

/// The knockout stage (四分之一决赛 / 半决赛 / 决赛 / 三四名); empty for the Swiss.
pub fn stage(s: Stage, lang: Lang) -> &'static str {
    match s {
        Stage::Swiss => "",
        Stage::SemiFinal => words!(lang, "半决赛", "semi-final"),
        Stage::Final => words!(lang, "决赛", "final"),
        Stage::ThirdPlace => words!(lang, "三四名", "third place"),
        Stage::QuarterFinal => words!(lang, "四分之一决赛", "quarter-final"),
    }
}

/// The kind of knockout game (慢棋 / 快棋 / 超快棋).
pub fn game_kind(g: GameKind, lang: Lang) -> &'static str {
    match g {
        GameKind::Slow => words!(lang, "慢棋", "slow"),
        GameKind::Rapid => words!(lang, "快棋", "rapid"),
        GameKind::Armageddon => words!(lang, "超快棋", "armageddon"),
    }
}

pub fn side(s: Side, lang: Lang) -> &'static str {
    match s {
        Side::Red => words!(lang, "红方", "red"),
        Side::Black => words!(lang, "黑方", "black"),
    }
}

pub fn role(r: Role, lang: Lang) -> &'static str {
    match r {
        Role::Head => words!(lang, "裁判长", "head arbiter"),
        Role::Assistant => words!(lang, "裁判", "assistant"),
        Role::Organizer => words!(lang, "编排", "organizer"),
        Role::Viewer => words!(lang, "观看", "viewer"),
    }
}

pub fn foul_kind(k: FoulKind, lang: Lang) -> &'static str {
    match k {
        FoulKind::MoveRule => words!(lang, "违规着法", "move rule"),
        FoulKind::Phone => words!(lang, "手机", "phone"),
        FoulKind::LeavingSeat => words!(lang, "离座", "leaving seat"),
        FoulKind::DisturbedPieces => words!(lang, "碰乱棋子", "disturbed pieces"),
        FoulKind::Other => words!(lang, "其他", "other"),
    }
}

/// A player's name, or the number when unknown.
fn name(t: &Tournament, no: PlayerNo) -> String {
    t.player(no)
        .map_or_else(|| no.to_string(), |p| p.entry.name.clone())
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
    use crate::domain::{Board, Refusal, Round};

    #[test]
    fn every_result_has_a_word_in_both_languages() {
        for r in GameResult::ALL {
            assert!(!result_short(r, Lang::Zh).is_ascii(), "{r:?}");
            // Four CJK characters at most (eight cells; the printouts' width is checked in
            // tests/it/result_words.rs).
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
        // too: tests/it/result_words.rs).
        for r in GameResult::ALL {
            let word = result_word(r, Lang::Zh);
            assert_eq!(result_short(r, Lang::Zh), word, "{r:?}");
            // The one English word is also what the command line takes.
            assert_eq!(
                result_word(r, Lang::En).parse::<GameResult>(),
                Ok(r),
                "{r:?}"
            );
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
