//! What a command does (`domain::command::Deed`) in words, as a refusal names it: 登记棋手 /
//! "register a player".

use crate::domain::command::Deed;
use crate::domain::rules::Lang;

pub fn deed(d: Deed, lang: Lang) -> &'static str {
    match d {
        Deed::RegisterPlayer => words!(lang, "登记棋手", "register a player"),
        Deed::WithdrawPlayer => words!(lang, "办理退赛", "withdraw a player"),
        Deed::ReinstatePlayer => words!(lang, "恢复参赛", "reinstate a player"),
        Deed::DrawNumbers => words!(lang, "抽签排序号", "draw numbers"),
        Deed::PairNextRound => words!(lang, "编排下一轮", "pair the next round"),
        Deed::PairRelaxed => words!(
            lang,
            "放宽颜色规则编排",
            "pair with the colour rules relaxed"
        ),
        Deed::PairManual => words!(lang, "手工编排本轮", "enter the round's pairing by hand"),
        Deed::UnpairRound => words!(lang, "撤销本轮编排", "discard the round's pairing"),
        Deed::ChangePairing => words!(lang, "修改编排", "change the pairing"),
        Deed::StartRound => words!(lang, "开始本轮", "start the round"),
        Deed::RecordResult => words!(lang, "录入结果", "record a result"),
        Deed::CorrectResult => words!(lang, "更正结果", "correct a result"),
        Deed::ConfirmFlag => words!(lang, "确认超时负", "confirm a time loss"),
        Deed::ReverseLateForfeit => words!(lang, "撤销迟到判负", "reverse a late forfeit"),
        Deed::MarkSeat => words!(lang, "标记座位", "mark a seat"),
        Deed::RecordFoul => words!(lang, "记录犯规", "record a foul"),
        Deed::RecordClock => words!(lang, "记录棋钟", "record a clock event"),
        Deed::NoteMoveLimit => words!(lang, "注明限着", "note a move limit"),
        Deed::Tick => words!(lang, "执行计时规则", "apply time-based rules"),
        Deed::AutoAdvance => words!(lang, "进入下一轮", "advance to the next round"),
        Deed::CorrectStart => words!(lang, "更正开始时间", "correct the start time"),
        Deed::DrawLot => words!(lang, "录入先后手抽签", "enter the colour lot"),
        Deed::KeepPairing => words!(lang, "保留本轮编排", "keep the round's pairing"),
        Deed::RepairRound => words!(lang, "重新编排本轮", "re-pair the round"),
        Deed::TimeLoss => words!(lang, "录入超时负", "record a loss on time"),
        Deed::ClaimFoulLoss => words!(
            lang,
            "录入经对方提出的犯规判负",
            "record a claimed foul loss"
        ),
        Deed::RegisterTeam => words!(lang, "登记参赛队", "register a team"),
        Deed::ChangeTeam => words!(lang, "更改参赛队名单", "correct a team's roster"),
        Deed::SubmitLineup => words!(lang, "提交出场名单", "hand in a lineup"),
        Deed::ReportResult => words!(lang, "记录棋手签认", "record a player's report"),
        Deed::ConfirmReport => words!(lang, "确认双方签认的结果", "accept a signed result"),
        Deed::EnterCorrectedTime => words!(lang, "填写更正的时间", "enter a corrected time"),
        Deed::UnlockReports => words!(lang, "解除签认锁定", "unlock a board's reports"),
        Deed::RequestBye => words!(lang, "登记请假轮空", "record a requested bye"),
        Deed::CancelBye => words!(lang, "撤销请假轮空", "cancel a requested bye"),
        Deed::AmendRules => words!(lang, "修改规则", "amend the rules"),
        Deed::OverrideSignatures => words!(
            lang,
            "更改棋手已签认的结果",
            "correct a result its players signed"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write as _;

    /// Every deed a role refusal names has Chinese words (never `无权register a team`), and
    /// no two deeds read alike in either language.
    #[test]
    fn every_deed_has_its_own_chinese_words() {
        let mut seen = std::collections::HashSet::new();
        for d in Deed::ALL {
            let zh = deed(d, Lang::Zh);
            assert!(
                !zh.is_empty() && !zh.chars().any(|c| c.is_ascii_alphabetic()),
                "{d:?} has no Chinese words: {zh}"
            );
            assert!(seen.insert(zh), "{d:?}: {zh} twice");
            assert!(seen.insert(deed(d, Lang::En)), "{d:?}: English twice");
        }
    }

    /// Every deed in English and in Chinese: the English was checked byte for byte against
    /// the words the domain's `describe` gave before they moved here.
    #[test]
    fn every_deed_in_both_languages() {
        let mut out = String::new();
        for d in Deed::ALL {
            let _ = writeln!(out, "{d:?}: {} / {}", deed(d, Lang::En), deed(d, Lang::Zh));
        }
        insta::assert_snapshot!(out);
    }
}
