//! The column headers of the printouts: one key per heading, Chinese and English side by
//! side. A heading the printouts spell two ways in English (积分 "Points" in the standings,
//! "Pts" in the pairing list) is two keys.

use crate::domain::rules::{Lang, Tiebreak};
use crate::domain::team::TeamTiebreak;

/// One column heading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Header {
    /// 名次 / Rank.
    Rank,
    /// 名次 / Place (the prize list).
    Place,
    /// 序号 / No.
    No,
    /// 姓名 / Name.
    Name,
    /// 单位 / Club.
    Club,
    /// 积分 / Points.
    Points,
    /// 积分 / Pts (the pairing list).
    Pts,
    /// 备注 / Remark.
    Remark,
    /// 台次 / Board.
    Board,
    /// 红方 / Red.
    Red,
    /// 黑方 / Black.
    Black,
    /// 结果 / Result.
    Result,
    /// 赛段 / Stage (the pairing list of a knockout round).
    Stage,
    /// 阶段 / Stage (the knockout bracket).
    Phase,
    /// 轮次 / Round.
    Round,
    /// 对局 / Game.
    Game,
    /// 胜者 / Winner.
    Winner,
    /// 时间 / Time.
    Time,
    /// 队名 / Team.
    Team,
    /// 队号 / No (a team's number).
    TeamNo,
    /// 名次和 / Rank sum.
    RankSum,
    /// 最好名次 / Best rank.
    BestRank,
    /// 队员 / Members (the team standings of an individual event).
    Members,
    /// 队员 / Player (a board of a team match).
    Player,
    /// 场次 / Match.
    Match,
    /// 先走队 / First team.
    FirstTeam,
    /// 后走队 / Second team.
    SecondTeam,
    /// 执 / Side (a board of a team match).
    Side,
    /// 比分 / Score.
    Score,
    /// 场数 / Played.
    Played,
    /// 胜 / W.
    Won,
    /// 和 / D.
    Drawn,
    /// 负 / L.
    Lost,
    /// 场分 / Match pts.
    MatchPoints,
    /// 奖项 / Prize.
    Prize,
    /// 组别 / Group.
    Group,
    /// 姓名/队名 / Name / team.
    NameOrTeam,
    /// 奖金(元) / Amount (yuan).
    Amount,
    /// 其他奖励 / Also given.
    AlsoGiven,
    /// 领奖人签名 / Signature (the prize list).
    Receipt,
    /// 签名 / Signature (a scoresheet).
    Signature,
    /// 性别 / Gender.
    Gender,
    /// 出生日期 / Birth.
    Birth,
    /// 身份证号 / ID number.
    IdNumber,
    /// 本地 / Local.
    Local,
    /// 状态 / Status.
    Status,
    /// 报名费(元) / Fee (yuan).
    Fee,
    /// 红方时间 / Red time.
    RedTime,
    /// 黑方时间 / Black time.
    BlackTime,
    /// 计时方 / Running.
    Running,
    /// 超时 / Flag.
    Flag,
    /// 执色 / Colour.
    Colour,
    /// 对手 / Opponent.
    Opponent,
    /// 对手序号 / Opp. no.
    OpponentNo,
}

/// The heading of a column.
#[allow(clippy::too_many_lines)] // one arm per heading
pub fn header(h: Header, lang: Lang) -> &'static str {
    match h {
        Header::Rank => words!(lang, "名次", "Rank"),
        Header::Place => words!(lang, "名次", "Place"),
        Header::No => words!(lang, "序号", "No"),
        Header::Name => words!(lang, "姓名", "Name"),
        Header::Club => words!(lang, "单位", "Club"),
        Header::Points => words!(lang, "积分", "Points"),
        Header::Pts => words!(lang, "积分", "Pts"),
        Header::Remark => words!(lang, "备注", "Remark"),
        Header::Board => words!(lang, "台次", "Board"),
        Header::Red => words!(lang, "红方", "Red"),
        Header::Black => words!(lang, "黑方", "Black"),
        Header::Result => words!(lang, "结果", "Result"),
        Header::Stage => words!(lang, "赛段", "Stage"),
        Header::Phase => words!(lang, "阶段", "Stage"),
        Header::Round => words!(lang, "轮次", "Round"),
        Header::Game => words!(lang, "对局", "Game"),
        Header::Winner => words!(lang, "胜者", "Winner"),
        Header::Time => words!(lang, "时间", "Time"),
        Header::Team => words!(lang, "队名", "Team"),
        Header::TeamNo => words!(lang, "队号", "No"),
        Header::RankSum => words!(lang, "名次和", "Rank sum"),
        Header::BestRank => words!(lang, "最好名次", "Best rank"),
        Header::Members => words!(lang, "队员", "Members"),
        Header::Player => words!(lang, "队员", "Player"),
        Header::Match => words!(lang, "场次", "Match"),
        Header::FirstTeam => words!(lang, "先走队", "First team"),
        Header::SecondTeam => words!(lang, "后走队", "Second team"),
        Header::Side => words!(lang, "执", "Side"),
        Header::Score => words!(lang, "比分", "Score"),
        Header::Played => words!(lang, "场数", "Played"),
        Header::Won => words!(lang, "胜", "W"),
        Header::Drawn => words!(lang, "和", "D"),
        Header::Lost => words!(lang, "负", "L"),
        Header::MatchPoints => words!(lang, "场分", "Match pts"),
        Header::Prize => words!(lang, "奖项", "Prize"),
        Header::Group => words!(lang, "组别", "Group"),
        Header::NameOrTeam => words!(lang, "姓名/队名", "Name / team"),
        Header::Amount => words!(lang, "奖金(元)", "Amount (yuan)"),
        Header::AlsoGiven => words!(lang, "其他奖励", "Also given"),
        Header::Receipt => words!(lang, "领奖人签名", "Signature"),
        Header::Signature => words!(lang, "签名", "Signature"),
        Header::Gender => words!(lang, "性别", "Gender"),
        Header::Birth => words!(lang, "出生日期", "Birth"),
        Header::IdNumber => words!(lang, "身份证号", "ID number"),
        Header::Local => words!(lang, "本地", "Local"),
        Header::Status => words!(lang, "状态", "Status"),
        Header::Fee => words!(lang, "报名费(元)", "Fee (yuan)"),
        Header::RedTime => words!(lang, "红方时间", "Red time"),
        Header::BlackTime => words!(lang, "黑方时间", "Black time"),
        Header::Running => words!(lang, "计时方", "Running"),
        Header::Flag => words!(lang, "超时", "Flag"),
        Header::Colour => words!(lang, "执色", "Colour"),
        Header::Opponent => words!(lang, "对手", "Opponent"),
        Header::OpponentNo => words!(lang, "对手序号", "Opp. no"),
    }
}

/// A table's header cells, in order.
pub fn headers(cols: &[Header], lang: Lang) -> Vec<String> {
    cols.iter().map(|h| header(*h, lang).to_string()).collect()
}

/// The crosstable's column of round `round`: 第3轮 / R3.
pub fn round_column(round: u32, lang: Lang) -> String {
    words!(lang, format!("第{round}轮"), format!("R{round}"))
}

/// The column heading of a tiebreak.
pub fn tiebreak(tb: Tiebreak, lang: Lang) -> &'static str {
    match tb {
        Tiebreak::OpponentScore => words!(lang, "对手分", "Opp. score"),
        Tiebreak::Progressive => words!(lang, "累进分", "Progressive"),
        Tiebreak::Wins => words!(lang, "胜局", "Wins"),
        Tiebreak::Fouls => words!(lang, "犯规", "Fouls"),
        Tiebreak::BlackGames => words!(lang, "后走局数", "Black games"),
        Tiebreak::BlackWins => words!(lang, "后走胜局", "Black wins"),
        Tiebreak::DirectEncounter => words!(lang, "直胜", "Direct"),
        Tiebreak::PreviousRoundRank => words!(lang, "前轮名次", "Prev. rank"),
        Tiebreak::PreviousRoundPoints => words!(lang, "前轮积分", "Prev. points"),
        Tiebreak::DrawNumber => words!(lang, "抽签号", "Draw no"),
        Tiebreak::SonnebornBerger => words!(lang, "小分", "S-B"),
        Tiebreak::FideBh => words!(lang, "布赫兹", "BH"),
        Tiebreak::FideBhC1 => words!(lang, "布赫兹减一", "BH-C1"),
        Tiebreak::FideBhM1 => words!(lang, "中位布赫兹", "BH-M1"),
        Tiebreak::FideAob => words!(lang, "对手平均布赫兹", "AOB"),
        Tiebreak::FideFb => words!(lang, "前布赫兹", "FB"),
        Tiebreak::FideSb => words!(lang, "索伯分", "SB"),
        Tiebreak::FideSbC1 => words!(lang, "索伯分减一", "SB-C1"),
        Tiebreak::FideWin => words!(lang, "胜轮数", "WIN"),
        Tiebreak::FideWon => words!(lang, "实战胜局", "WON"),
        Tiebreak::FideBpg => words!(lang, "执黑局数", "BPG"),
        Tiebreak::FideBwg => words!(lang, "执黑胜局", "BWG"),
        Tiebreak::FideGe => words!(lang, "出场轮数", "GE"),
        Tiebreak::FidePs => words!(lang, "逐轮累进", "PS"),
        Tiebreak::FidePsC1 => words!(lang, "逐轮累进减一", "PS-C1"),
        Tiebreak::FideDe => words!(lang, "直接对局", "DE"),
        Tiebreak::FideKs => words!(lang, "科亚分", "KS"),
    }
}

/// The column heading of a team tiebreak.
pub fn team_tiebreak(tb: TeamTiebreak, lang: Lang) -> &'static str {
    match tb {
        TeamTiebreak::GamePoints => words!(lang, "局分", "Game pts"),
        TeamTiebreak::DirectEncounter => words!(lang, "直胜", "Direct"),
        TeamTiebreak::BoardPoints => words!(lang, "台次分", "Board pts"),
        TeamTiebreak::MatchWins => words!(lang, "胜场", "Wins"),
        TeamTiebreak::OpponentMatchPoints => words!(lang, "对手分", "Opp. MP"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every heading; the `match` fails to compile when a heading is added and not listed.
    fn every_header() -> Vec<Header> {
        use Header as H;
        let all = vec![
            H::Rank,
            H::Place,
            H::No,
            H::Name,
            H::Club,
            H::Points,
            H::Pts,
            H::Remark,
            H::Board,
            H::Red,
            H::Black,
            H::Result,
            H::Stage,
            H::Phase,
            H::Round,
            H::Game,
            H::Winner,
            H::Time,
            H::Team,
            H::TeamNo,
            H::RankSum,
            H::BestRank,
            H::Members,
            H::Player,
            H::Match,
            H::FirstTeam,
            H::SecondTeam,
            H::Side,
            H::Score,
            H::Played,
            H::Won,
            H::Drawn,
            H::Lost,
            H::MatchPoints,
            H::Prize,
            H::Group,
            H::NameOrTeam,
            H::Amount,
            H::AlsoGiven,
            H::Receipt,
            H::Signature,
            H::Gender,
            H::Birth,
            H::IdNumber,
            H::Local,
            H::Status,
            H::Fee,
            H::RedTime,
            H::BlackTime,
            H::Running,
            H::Flag,
            H::Colour,
            H::Opponent,
            H::OpponentNo,
        ];
        for h in &all {
            match h {
                H::Rank
                | H::Place
                | H::No
                | H::Name
                | H::Club
                | H::Points
                | H::Pts
                | H::Remark
                | H::Board
                | H::Red
                | H::Black
                | H::Result
                | H::Stage
                | H::Phase
                | H::Round
                | H::Game
                | H::Winner
                | H::Time
                | H::Team
                | H::TeamNo
                | H::RankSum
                | H::BestRank
                | H::Members
                | H::Player
                | H::Match
                | H::FirstTeam
                | H::SecondTeam
                | H::Side
                | H::Score
                | H::Played
                | H::Won
                | H::Drawn
                | H::Lost
                | H::MatchPoints
                | H::Prize
                | H::Group
                | H::NameOrTeam
                | H::Amount
                | H::AlsoGiven
                | H::Receipt
                | H::Signature
                | H::Gender
                | H::Birth
                | H::IdNumber
                | H::Local
                | H::Status
                | H::Fee
                | H::RedTime
                | H::BlackTime
                | H::Running
                | H::Flag
                | H::Colour
                | H::Opponent
                | H::OpponentNo => {}
            }
        }
        all
    }

    #[test]
    fn every_heading_is_chinese_in_chinese_and_plain_in_english() {
        for h in every_header() {
            let (zh, en) = (header(h, Lang::Zh), header(h, Lang::En));
            assert!(!zh.is_ascii(), "{h:?}: {zh}");
            assert!(en.is_ascii() && !en.is_empty(), "{h:?}: {en}");
        }
        assert_eq!(
            headers(&[Header::Rank, Header::Points], Lang::Zh),
            ["名次", "积分"]
        );
        assert_eq!(round_column(3, Lang::Zh), "第3轮");
        assert_eq!(round_column(3, Lang::En), "R3");
    }
}
