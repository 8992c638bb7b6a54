//! The words of the console's event line (docs/console.md#the-event-line): the automatic acts
//! this console saw (a late-window forfeit, a withdrawal by rule, the automatic pairing, the
//! players' reports recorded or waiting, a board's reports locked), newest first, until the
//! arbiter marks them read.

use crate::domain::GameResult;
use crate::domain::rules::Lang;

/// One automatic act, as the event line names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AutoAct {
    /// The late window closed on `absent` (one name, or both) at `board`.
    LateForfeit { board: u32, absent: Vec<String> },
    /// `name` withdrawn after consecutive forfeits.
    Withdrawn { name: String },
    /// The automatic advance paired `round`.
    Paired { round: u32 },
    /// Two matching reports recorded `result` at once (`self_report: auto`).
    Recorded { board: u32, result: GameResult },
    /// Two matching reports of `result` wait for an arbiter (`self_report: confirm`).
    Awaiting { board: u32, result: GameResult },
    /// The board's reports locked after wrong codes.
    Locked { board: u32 },
}

/// One act in a few words: `第3台 张三 迟到判负`, `第4轮已自动编排`.
pub fn act(a: &AutoAct, lang: Lang) -> String {
    let r = |x: GameResult| crate::i18n::result_short(x, lang);
    match a {
        AutoAct::LateForfeit { board, absent } => {
            let names = absent.join(words!(lang, "、", ", "));
            words!(
                lang,
                format!("第{board}台 {names} 迟到判负"),
                format!("board {board}: {names} late, forfeit")
            )
        }
        AutoAct::Withdrawn { name } => words!(
            lang,
            format!("{name} 连续弃权退赛"),
            format!("{name} withdrawn (consecutive forfeits)")
        ),
        AutoAct::Paired { round } => words!(
            lang,
            format!("第{round}轮已自动编排"),
            format!("round {round} paired automatically")
        ),
        AutoAct::Recorded { board, result } => {
            let x = r(*result);
            words!(
                lang,
                format!("第{board}台 双方签认 {x} 已记录"),
                format!("board {board}: both signed {x}, recorded")
            )
        }
        AutoAct::Awaiting { board, result } => {
            let x = r(*result);
            words!(
                lang,
                format!("第{board}台 双方签认 {x} 待确认"),
                format!("board {board}: both signed {x}, to accept")
            )
        }
        AutoAct::Locked { board } => words!(
            lang,
            format!("第{board}台 签认已锁定"),
            format!("board {board}: reports locked")
        ),
    }
}

/// The line's head: how many acts wait and the key that marks them read, `自动 3 (A 已读): `.
pub fn head(count: usize, key: &str, lang: Lang) -> String {
    words!(
        lang,
        format!("自动 {count} ({key} 已读): "),
        format!("auto {count} ({key} read): ")
    )
}

/// Between two acts of the line.
pub const SEPARATOR: &str = " · ";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_act_is_worded_in_both_languages() {
        let acts = [
            AutoAct::LateForfeit {
                board: 3,
                absent: vec!["张三".into(), "李四".into()],
            },
            AutoAct::Withdrawn {
                name: "王五".into(),
            },
            AutoAct::Paired { round: 4 },
            AutoAct::Recorded {
                board: 2,
                result: GameResult::RedWin,
            },
            AutoAct::Awaiting {
                board: 5,
                result: GameResult::Draw,
            },
            AutoAct::Locked { board: 7 },
        ];
        for a in &acts {
            let (zh, en) = (act(a, Lang::Zh), act(a, Lang::En));
            assert_ne!(zh, en, "{a:?}");
            assert!(!zh.is_ascii(), "{zh}");
            // English speaks English around the names it carries.
            assert!(en.chars().any(|c| c.is_ascii_lowercase()), "{en}");
        }
        // Both absent players are named.
        assert!(act(&acts[0], Lang::Zh).contains("张三、李四"));
    }
}
