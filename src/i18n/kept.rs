//! The words of a signed result kept (docs/self-report.md, "a signed result stands"): the
//! refusal of a correction that names the signatures, and the console's override question.

use crate::domain::GameResult;
use crate::domain::rules::Lang;
use crate::domain::self_report::SignedBy;
use crate::domain::side::Side;

use super::{result_word, side};

/// `双方` / `胜方`: whose signatures made a result.
fn signers_word(by: SignedBy, lang: Lang) -> &'static str {
    match by {
        SignedBy::Both => words!(lang, "双方", "both players"),
        SignedBy::Winner(_) => words!(lang, "胜方", "the winner"),
    }
}

/// The signers by side and name: `红方 张三、黑方 李四`.
fn names_words(names: &[(Side, String)], lang: Lang) -> String {
    let sep = words!(lang, "、", ", ");
    names
        .iter()
        .map(|(s, n)| format!("{} {n}", side(*s, lang)))
        .collect::<Vec<_>>()
        .join(sep)
}

/// The signed result, whose signatures made it, and the signers by side and name.
fn signed_words(
    result: GameResult,
    by: SignedBy,
    names: &[(Side, String)],
    lang: Lang,
) -> (&'static str, &'static str, String) {
    (
        result_word(result, lang),
        signers_word(by, lang),
        names_words(names, lang),
    )
}

/// A correction of a signed result refused (docs/self-report.md, "a signed result stands").
pub fn kept(
    round: crate::domain::Round,
    board: crate::domain::Board,
    result: GameResult,
    by: SignedBy,
    names: &[(Side, String)],
    lang: Lang,
) -> String {
    let (result, who, names) = signed_words(result, by, names, lang);
    words!(
        lang,
        format!(
            "第{round}轮第{board}台的结果 {result} 由{who}签认 ({names}), 不得更改; 主裁判确需更改请加 --despite-signatures"
        ),
        format!(
            "round {round} board {board}: {result} was signed by {who} ({names}) and stands; the head arbiter may override the signatures with --despite-signatures"
        )
    )
}

/// The console's second confirmation before a correction overrides the signatures.
pub fn override_prompt(
    result: GameResult,
    by: SignedBy,
    names: &[(Side, String)],
    lang: Lang,
) -> String {
    let (result, who, names) = signed_words(result, by, names, lang);
    words!(
        lang,
        format!("{result} 由{who}签认 ({names}), 不得更改. 确需推翻签认请按 !, Esc 取消"),
        format!(
            "{result} was signed by {who} ({names}) and stands. Press ! to override the signatures, Esc to cancel"
        )
    )
}
