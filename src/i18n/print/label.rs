//! The printouts' words inside a table: cell words (轮空, 退赛, a side), the summary lines
//! under a table, the prize names, the crosstable's cells, and the masthead's words (date,
//! print time, the officials who sign).

use chrono::NaiveDate;

use crate::domain::result::Outcome;
use crate::domain::rules::{Gender, Lang};
use crate::domain::{PlayerNo, Side};

/// A word in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    /// 轮空 / bye.
    Bye,
    /// 合计 / Total (a match's total row).
    Total,
    /// 退赛 / withdrawn (a remark, a player's status).
    Withdrawn,
    /// 退赛，成绩取消 / withdrawn, annulled.
    WithdrawnAnnulled,
    /// 退赛，对手不战胜 / withdrawn, forfeit (a round robin's schedule).
    WithdrawnForfeits,
    /// 未赛（当轮退赛） / not played (out that round): a round robin's game skipped while a
    /// player, since reinstated, was withdrawn.
    NotPlayed,
    /// 未出场 / not fielded: a team event's player who has not played a game (no rank).
    NotFielded,
    /// 退赛，成绩取消，不赛 / withdrawn, annulled, no game (a pairing list).
    AnnulledNoGame,
    /// 红方退赛，黑方不战胜 / red withdrew, black wins by forfeit: `Withdrew(side)` names the
    /// side that withdrew.
    Withdrew(Side),
    /// 在赛 / active.
    Active,
    /// 男 / M, 女 / F.
    Gender(Gender),
    /// 是 / yes.
    Yes,
    /// 红 / red: a side in a cell (clocks, the list by name, a team match's boards).
    Side(Side),
    /// 弃权 / forfeit (a board's score in a team match).
    Forfeit,
    /// 已完成 / "done " (a match in play: `3 : 1 (已完成2/4)`).
    Done,
    /// 待定 / to be set (prize money the rules leave open).
    ToBeSet,
    /// 证书 / certificate (a team prize).
    Certificate,
}

/// A cell word in `lang`.
pub fn label(l: Label, lang: Lang) -> &'static str {
    match l {
        Label::Bye => words!(lang, "轮空", "bye"),
        Label::Total => words!(lang, "合计", "Total"),
        Label::Withdrawn => words!(lang, "退赛", "withdrawn"),
        Label::WithdrawnAnnulled => words!(lang, "退赛，成绩取消", "withdrawn, annulled"),
        Label::WithdrawnForfeits => words!(lang, "退赛，对手不战胜", "withdrawn, forfeit"),
        Label::NotPlayed => words!(lang, "未赛（当轮退赛）", "not played (out that round)"),
        Label::NotFielded => words!(lang, "未出场", "not fielded"),
        Label::AnnulledNoGame => {
            words!(lang, "退赛，成绩取消，不赛", "withdrawn, annulled, no game")
        }
        Label::Withdrew(Side::Red) => words!(
            lang,
            "红方退赛，黑方不战胜",
            "red withdrew, black wins by forfeit"
        ),
        Label::Withdrew(Side::Black) => words!(
            lang,
            "黑方退赛，红方不战胜",
            "black withdrew, red wins by forfeit"
        ),
        Label::Active => words!(lang, "在赛", "active"),
        Label::Gender(Gender::M) => words!(lang, "男", "M"),
        Label::Gender(Gender::F) => words!(lang, "女", "F"),
        Label::Yes => words!(lang, "是", "yes"),
        Label::Side(Side::Red) => words!(lang, "红", "red"),
        Label::Side(Side::Black) => words!(lang, "黑", "black"),
        Label::Forfeit => words!(lang, "弃权", "forfeit"),
        Label::Done => words!(lang, "已完成", "done "),
        Label::ToBeSet => words!(lang, "待定", "to be set"),
        Label::Certificate => words!(lang, "证书", "certificate"),
    }
}

/// A summary line's label, under a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Summary<'a> {
    /// 人数 / Players.
    Players,
    /// 缴费人数 / Paying.
    Paying,
    /// 免费人数 / Free.
    Free,
    /// 报名费合计(元) / Total fees (yuan).
    TotalFees,
    /// 公开组 奖金小计(元) / 公开组 subtotal (yuan): a section's prize money.
    SectionSubtotal(&'a str),
    /// 团体 奖金小计(元) / Teams subtotal (yuan).
    TeamsSubtotal,
    /// 奖金总计(元) / Total prize money (yuan).
    TotalPrizeMoney,
    /// 另有奖金待定(项, 未计入总计) / Prizes with money to be set (not in the total).
    MoneyToBeSet,
    /// 轮空 / Bye: the team with the bye.
    Bye,
    /// 退赛 / Withdrawal: a round robin's withdrawal, explained.
    Withdrawal,
}

/// A summary label in `lang`.
pub fn summary(s: Summary<'_>, lang: Lang) -> String {
    match s {
        Summary::Players => words!(lang, "人数", "Players").to_string(),
        Summary::Paying => words!(lang, "缴费人数", "Paying").to_string(),
        Summary::Free => words!(lang, "免费人数", "Free").to_string(),
        Summary::TotalFees => words!(lang, "报名费合计(元)", "Total fees (yuan)").to_string(),
        Summary::SectionSubtotal(section) => words!(
            lang,
            format!("{section} 奖金小计(元)"),
            format!("{section} subtotal (yuan)")
        ),
        Summary::TeamsSubtotal => {
            words!(lang, "团体 奖金小计(元)", "Teams subtotal (yuan)").to_string()
        }
        Summary::TotalPrizeMoney => {
            words!(lang, "奖金总计(元)", "Total prize money (yuan)").to_string()
        }
        Summary::MoneyToBeSet => words!(
            lang,
            "另有奖金待定(项, 未计入总计)",
            "Prizes with money to be set (not in the total)"
        )
        .to_string(),
        Summary::Bye => words!(lang, "轮空", "Bye").to_string(),
        Summary::Withdrawal => words!(lang, "退赛", "Withdrawal").to_string(),
    }
}

/// A prize's name as the prize list prints it, where the rules' label is not used as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prize<'a> {
    /// 第3名 / place 3.
    Place(u32),
    /// 团体第1名 / team place 1.
    Team(u32),
    /// 本地组第2名 / 本地组place 2: a category's place (the category as the rules name it).
    Category(&'a str, u32),
}

/// A prize's name in `lang`.
pub fn prize(p: Prize<'_>, lang: Lang) -> String {
    match p {
        Prize::Place(n) => words!(lang, format!("第{n}名"), format!("place {n}")),
        Prize::Team(n) => words!(lang, format!("团体第{n}名"), format!("team place {n}")),
        Prize::Category(c, n) => format!("{c}{}", prize(Prize::Place(n), lang)),
    }
}

/// What a crosstable cell says of one game, besides opponent and colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrossMark {
    /// Not finished: opponent and colour only.
    Open,
    /// A forfeit, won (`+`) or lost (`-`).
    Forfeit { won: bool },
    /// An armageddon drawn: 和（黑胜） / D (black wins).
    ArmageddonDraw,
    /// 胜 / W, 和 / D, 负 / L.
    Outcome(Outcome),
}

/// One crosstable cell for a player: the opponent's number, the player's colour and the
/// result (`5红胜`, `12黑+`, `7R D`).
pub fn cross_cell(opponent: PlayerNo, side: Side, mark: CrossMark, lang: Lang) -> String {
    let colour = match side {
        Side::Red => words!(lang, "红", "R"),
        Side::Black => words!(lang, "黑", "B"),
    };
    let res = match mark {
        CrossMark::Open => "",
        CrossMark::Forfeit { won: true } => "+",
        CrossMark::Forfeit { won: false } => "-",
        CrossMark::ArmageddonDraw => words!(lang, "和（黑胜）", "D (black wins)"),
        CrossMark::Outcome(Outcome::Win) => words!(lang, "胜", "W"),
        CrossMark::Outcome(Outcome::Draw) => words!(lang, "和", "D"),
        CrossMark::Outcome(Outcome::Loss) => words!(lang, "负", "L"),
    };
    words!(
        lang,
        format!("{opponent}{colour}{res}"),
        if res.is_empty() {
            format!("{opponent}{colour}")
        } else {
            format!("{opponent}{colour} {res}")
        }
    )
}

/// An official who signs every printout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Official {
    /// 裁判长 / Chief arbiter.
    ChiefArbiter,
    /// 编排长 / Pairing officer.
    PairingOfficer,
}

/// The official's title over the signature line.
pub fn official(o: Official, lang: Lang) -> &'static str {
    match o {
        Official::ChiefArbiter => words!(lang, "裁判长", "Chief arbiter"),
        Official::PairingOfficer => words!(lang, "编排长", "Pairing officer"),
    }
}

/// The colon after a label: `裁判长：` / `Chief arbiter: `.
pub fn colon(lang: Lang) -> &'static str {
    words!(lang, "：", ": ")
}

/// "比赛日期：2024-07-06　　打印时间：2024-07-06 14:30" (the date only when the rules give one).
pub fn date_line(date: Option<NaiveDate>, printed: &str, lang: Lang) -> String {
    let printed = format!("{}{printed}", words!(lang, "打印时间：", "Printed: "));
    match date {
        Some(d) => format!(
            "{}{d}{}{printed}",
            words!(lang, "比赛日期：", "Date: "),
            words!(lang, "　　", "    ")
        ),
        None => printed,
    }
}

/// "裁判长：张三 ______________　　　编排长：______________": each official's title, the name
/// the rules give (if any) and the line to sign on.
pub fn signature_line(signatures: &[(&str, Option<&str>)], lang: Lang) -> String {
    let sep = colon(lang);
    signatures
        .iter()
        .map(|(title, name)| match name {
            Some(n) => format!("{title}{sep}{n} ______________"),
            None => format!("{title}{sep}______________"),
        })
        .collect::<Vec<_>>()
        .join(words!(lang, "　　　", "      "))
}

/// The language of an html page (`<html lang="…">`).
pub fn html_lang(lang: Lang) -> &'static str {
    words!(lang, "zh-CN", "en")
}

/// A table's caption on a plain-text printout: 【公开组】.
pub fn caption(c: &str) -> String {
    format!("【{c}】")
}

/// Words of a list in one cell, `证书、奖牌` (the prize list's 其他奖励).
pub fn listing(items: &[&str]) -> String {
    items.join("、")
}
