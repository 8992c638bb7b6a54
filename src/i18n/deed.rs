//! What a command does (`domain::command::Deed`) in words, as a refusal names it: 登记棋手 /
//! "register a player".

use crate::domain::command::Deed;
use crate::domain::rules::Lang;

pub fn deed(d: Deed, lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => zh(d),
        Lang::En => en(d),
    }
}

/// The English words ("pair the next round").
fn en(d: Deed) -> &'static str {
    match d {
        Deed::RegisterPlayer => "register a player",
        Deed::WithdrawPlayer => "withdraw a player",
        Deed::ReinstatePlayer => "reinstate a player",
        Deed::DrawNumbers => "draw numbers",
        Deed::PairNextRound => "pair the next round",
        Deed::PairRelaxed => "pair with the colour rules relaxed",
        Deed::PairManual => "enter the round's pairing by hand",
        Deed::UnpairRound => "discard the round's pairing",
        Deed::ChangePairing => "change the pairing",
        Deed::StartRound => "start the round",
        Deed::RecordResult => "record a result",
        Deed::CorrectResult => "correct a result",
        Deed::ConfirmFlag => "confirm a time loss",
        Deed::ReverseLateForfeit => "reverse a late forfeit",
        Deed::MarkSeat => "mark a seat",
        Deed::RecordFoul => "record a foul",
        Deed::RecordClock => "record a clock event",
        Deed::NoteMoveLimit => "note a move limit",
        Deed::Tick => "apply time-based rules",
        Deed::AutoAdvance => "advance to the next round",
        Deed::CorrectStart => "correct the start time",
        Deed::DrawLot => "enter the colour lot",
        Deed::KeepPairing => "keep the round's pairing",
        Deed::RepairRound => "re-pair the round",
        Deed::TimeLoss => "record a loss on time",
        Deed::ClaimFoulLoss => "record a claimed foul loss",
        Deed::RegisterTeam => "register a team",
        Deed::ChangeTeam => "correct a team's roster",
        Deed::SubmitLineup => "hand in a lineup",
        Deed::ReportResult => "record a player's report",
        Deed::ConfirmReport => "accept a signed result",
        Deed::EnterCorrectedTime => "enter a corrected time",
    }
}

fn zh(d: Deed) -> &'static str {
    match d {
        Deed::RegisterPlayer => "登记棋手",
        Deed::WithdrawPlayer => "办理退赛",
        Deed::ReinstatePlayer => "恢复参赛",
        Deed::DrawNumbers => "抽签排序号",
        Deed::PairNextRound => "编排下一轮",
        Deed::UnpairRound => "撤销本轮编排",
        Deed::ChangePairing => "修改编排",
        Deed::StartRound => "开始本轮",
        Deed::RecordResult => "录入结果",
        Deed::CorrectResult => "更正结果",
        Deed::ConfirmFlag => "确认超时负",
        Deed::ReverseLateForfeit => "撤销迟到判负",
        Deed::MarkSeat => "标记座位",
        Deed::RecordFoul => "记录犯规",
        Deed::RecordClock => "记录棋钟",
        Deed::NoteMoveLimit => "注明限着",
        Deed::Tick => "执行计时规则",
        Deed::AutoAdvance => "进入下一轮",
        Deed::CorrectStart => "更正开始时间",
        Deed::DrawLot => "录入先后手抽签",
        Deed::KeepPairing => "保留本轮编排",
        Deed::RepairRound => "重新编排本轮",
        Deed::TimeLoss => "录入超时负",
        Deed::ClaimFoulLoss => "录入经对方提出的犯规判负",
        Deed::RegisterTeam => "登记参赛队",
        Deed::SubmitLineup => "提交出场名单",
        Deed::ChangeTeam => "更改参赛队名单",
        Deed::PairRelaxed => "放宽颜色规则编排",
        Deed::PairManual => "手工编排本轮",
        Deed::EnterCorrectedTime => "填写更正的时间",
        Deed::ReportResult => "记录棋手签认",
        Deed::ConfirmReport => "确认双方签认的结果",
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
