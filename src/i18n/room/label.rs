//! The room page's fixed words: the navigation, column heads, buttons, notes and status
//! words of every page (`src/serve/pages/`), each one `words!` with the Chinese and the
//! English side by side.

use crate::domain::Side;
use crate::domain::result::Outcome;
use crate::domain::self_report::SelfReport;

/// A word of the room page that carries no data (or only a small domain value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    // The layout: the language switch, the tabs, the footer, the live script, the warnings.
    /// The other language's name, on the switch.
    OtherLanguage,
    TabRound,
    /// The find tab and the search button.
    Find,
    TabStandings,
    TabCrosstable,
    TabTeams,
    TabPrizes,
    /// Before the damage's own words.
    Damaged,
    ReloadForLatest,
    LiveOn,
    LiveOff,
    /// The page reads itself again every few seconds (no live stream for it).
    LivePolling,
    NotFound,
    NoSuchPage,
    BackToRound,

    // Column heads.
    HeadBoard,
    HeadRed,
    HeadBlack,
    HeadClub,
    HeadPoints,
    HeadResult,
    HeadRound,
    HeadColour,
    HeadOpponent,
    HeadNo,
    HeadRank,
    HeadName,
    HeadRemark,

    // The round page and the find page.
    Pairings,
    FindHeading,
    FindPlaceholder,
    NameOrNumber,
    /// An empty seat (缺席).
    Absent,
    /// A board without a result, on the round page and a player's card.
    Playing,
    NotPairedYet,
    NotStartedYet,
    RoundLinks,
    NoPlayerFound,
    OpponentIs,
    ByeThisRound,
    NotPairedThisRound,

    // A player's card.
    Withdrawn,
    ChangeSignature,
    SignAfterGame,
    NoGamesYet,
    ToStandings,
    /// The side a player had, in a card's or a match's cell (红 / 黑).
    SideShort(Side),
    /// The bye, in a round's result cell, a card and a team's matches.
    Bye,
    /// A game's outcome for the card's player (胜 / 和 / 负).
    Outcome(Outcome),
    Forfeit,

    // The report pages.
    NoPlayersYet,
    NoTeamStandings,
    PrizesAfterEvent,
    TeamStandings,
    Prizes,

    // A team event's pages.
    HeadMatch,
    HeadFirstTeam,
    HeadScore,
    HeadSecondTeam,
    HeadBoards,
    HeadBoardNo,
    HeadSide,
    HeadFirst,
    HeadLineup,
    ByeIs,
    TeamList,
    FirstMoveNote,
    RankIs,
    MatchPointsAre,
    GamePointsAre,
    BoardOrder,
    Reserves,
    Matches,
    Yes,

    // The players' reports (docs/self-report.md).
    SignTheResult,
    Signed,
    ResultIsRecorded,
    TheResult,
    YourCode,
    Sign,
    /// How two signatures become a result, in the event's mode.
    HowSigned(SelfReport),
    RaiseYourHand,
    BoardField,
    BoardNumber,
    Open,
    OrScan,
    NoRoundPaired,
    BackToForm,
    RoundPairings,
    RoundOver,

    // The wall.
    Wall,
    Continued,
    /// A board without a result on the wall.
    InPlay,
    EventOver,
    WaitingForPairing,
    LateWindow,
}

/// The words of `l` in `lang`.
#[allow(clippy::too_many_lines)]
pub fn label(l: Label, lang: crate::domain::rules::Lang) -> &'static str {
    match l {
        Label::OtherLanguage => words!(lang, "English", "中文"),
        Label::TabRound => words!(lang, "本轮", "Round"),
        Label::Find => words!(lang, "查找", "Find"),
        Label::TabStandings => words!(lang, "排名", "Standings"),
        Label::TabCrosstable => words!(lang, "交叉表", "Crosstable"),
        Label::TabTeams => words!(lang, "团体", "Teams"),
        Label::TabPrizes => words!(lang, "奖项", "Prizes"),
        Label::Damaged => words!(
            lang,
            "日志已损坏，页面停在损坏之前的记录：",
            "The log is damaged; this page stops before the damage: "
        ),
        Label::ReloadForLatest => words!(
            lang,
            "刷新页面可看最新结果",
            "Reload for the latest results"
        ),
        Label::LiveOn => words!(lang, "实时更新中", "Live"),
        Label::LiveOff => words!(lang, "连接中断，正在重连…", "Reconnecting…"),
        Label::LivePolling => words!(lang, "自动刷新中", "Refreshing every few seconds"),
        Label::NotFound => words!(lang, "找不到", "Not found"),
        Label::NoSuchPage => words!(lang, "找不到这一页", "No such page"),
        Label::BackToRound => words!(lang, "回到本轮对阵", "Back to the round"),

        Label::HeadBoard => words!(lang, "台次", "Bd"),
        Label::HeadRed => words!(lang, "红方", "Red"),
        Label::HeadBlack => words!(lang, "黑方", "Black"),
        Label::HeadClub => words!(lang, "单位", "Club"),
        Label::HeadPoints => words!(lang, "积分", "Pts"),
        Label::HeadResult => words!(lang, "结果", "Result"),
        Label::HeadRound => words!(lang, "轮次", "Rd"),
        Label::HeadColour => words!(lang, "执", "Colour"),
        Label::HeadOpponent => words!(lang, "对手", "Opponent"),
        Label::HeadNo => words!(lang, "序号", "No"),
        Label::HeadRank => words!(lang, "名次", "Rank"),
        Label::HeadName => words!(lang, "姓名", "Name"),
        Label::HeadRemark => words!(lang, "备注", "Remark"),

        Label::Pairings => words!(lang, "对阵", "Pairings"),
        Label::FindHeading => words!(lang, "查找我的台次", "Find my board"),
        Label::FindPlaceholder => words!(lang, "输入姓名或序号，查我的台次", "Your name or number"),
        Label::NameOrNumber => words!(lang, "姓名或序号", "Name or number"),
        Label::Absent => words!(lang, "缺席", "absent"),
        Label::Playing => words!(lang, "进行中", "playing"),
        Label::NotPairedYet => words!(lang, "还没有编排对阵。", "No round has been paired yet."),
        Label::NotStartedYet => words!(lang, "本轮尚未开始。", "Not started yet."),
        Label::RoundLinks => words!(lang, "各轮对阵：", "Rounds: "),
        Label::NoPlayerFound => words!(lang, "没有找到这位棋手。", "No player found."),
        Label::OpponentIs => words!(lang, "对手：", "Opponent: "),
        Label::ByeThisRound => words!(lang, "本轮轮空", "Bye this round"),
        Label::NotPairedThisRound => words!(lang, "本轮没有对局", "Not paired this round"),

        Label::Withdrawn => words!(lang, "已退赛", "withdrawn"),
        Label::ChangeSignature => words!(lang, "查看或更改签认 →", "See or change the signature →"),
        Label::SignAfterGame => words!(
            lang,
            "对局结束后在此签认结果 →",
            "Sign the result here after the game →"
        ),
        Label::NoGamesYet => words!(lang, "还没有对局。", "No games yet."),
        Label::ToStandings => words!(lang, "查看排名", "Standings"),
        Label::SideShort(Side::Red) => words!(lang, "红", "red"),
        Label::SideShort(Side::Black) => words!(lang, "黑", "black"),
        Label::Bye => words!(lang, "轮空", "bye"),
        Label::Outcome(Outcome::Win) => words!(lang, "胜", "win"),
        Label::Outcome(Outcome::Draw) => words!(lang, "和", "draw"),
        Label::Outcome(Outcome::Loss) => words!(lang, "负", "loss"),
        Label::Forfeit => words!(lang, "弃权", "forfeit"),

        Label::NoPlayersYet => words!(lang, "还没有棋手。", "No players yet."),
        Label::NoTeamStandings => words!(
            lang,
            "本赛事没有团体成绩。",
            "This event has no team standings."
        ),
        Label::PrizesAfterEvent => words!(
            lang,
            "比赛结束后公布获奖名单。",
            "Prizes are shown once the event is over."
        ),
        Label::TeamStandings => words!(lang, "团体成绩", "Team standings"),
        Label::Prizes => words!(lang, "获奖名单", "Prizes"),

        Label::HeadMatch => words!(lang, "场次", "Match"),
        Label::HeadFirstTeam => words!(lang, "先走队", "First team"),
        Label::HeadScore => words!(lang, "比分", "Score"),
        Label::HeadSecondTeam => words!(lang, "后走队", "Second team"),
        Label::HeadBoards => words!(lang, "台次", "Boards"),
        Label::HeadBoardNo => words!(lang, "台次", "Board"),
        Label::HeadSide => words!(lang, "执", "Side"),
        Label::HeadFirst => words!(lang, "先走", "First"),
        Label::HeadLineup => words!(lang, "出场", "Lineup"),
        Label::ByeIs => words!(lang, "轮空：", "Bye: "),
        Label::TeamList => words!(lang, "参赛队", "Teams"),
        Label::FirstMoveNote => words!(
            lang,
            "先走队单数台执红、双数台执黑（2011规则13.3）。",
            "The team with the first move is red on odd boards, black on even boards (R2011 13.3)."
        ),
        Label::RankIs => words!(lang, "名次 ", "Rank "),
        Label::MatchPointsAre => words!(lang, "　场分 ", "  Match points "),
        Label::GamePointsAre => words!(lang, "　局分 ", "  Game points "),
        Label::BoardOrder => words!(lang, "台次顺序", "Board order"),
        Label::Reserves => words!(lang, "替补", "Reserves"),
        Label::Matches => words!(lang, "各轮比赛", "Matches"),
        Label::Yes => words!(lang, "是", "yes"),

        Label::SignTheResult => words!(lang, "签认结果", "Sign the result"),
        Label::Signed => words!(lang, "已签认", "signed"),
        Label::ResultIsRecorded => words!(lang, "本台结果已记录：", "The result is recorded: "),
        Label::TheResult => words!(lang, "本局结果", "The result"),
        Label::YourCode => words!(
            lang,
            "你的签认码（记录单上，8位数字）",
            "Your code (on your slip, 8 digits)"
        ),
        Label::Sign => words!(lang, "签认", "Sign"),
        Label::HowSigned(SelfReport::Auto) => words!(
            lang,
            "双方各用自己的签认码签认；两人签认一致，结果即记录。",
            "Each player signs with their own code; when both agree, the result is recorded."
        ),
        Label::HowSigned(SelfReport::Confirm | SelfReport::Off) => words!(
            lang,
            "双方各用自己的签认码签认；两人签认一致后，由裁判确认记录。",
            "Each player signs with their own code; when both agree, an arbiter accepts the result."
        ),
        Label::RaiseYourHand => words!(
            lang,
            "弃权、超时和犯规判负请举手找裁判。",
            "Forfeits, time losses and foul losses: raise your hand for the arbiter."
        ),
        Label::BoardField => words!(lang, "台号", "Board"),
        Label::BoardNumber => words!(lang, "输入台号", "Board number"),
        Label::Open => words!(lang, "打开", "Open"),
        Label::OrScan => words!(
            lang,
            "或扫描记录单上的二维码。",
            "Or scan the QR code on your slip."
        ),
        Label::NoRoundPaired => words!(lang, "本轮尚未编排。", "No round is paired yet."),
        Label::BackToForm => words!(lang, "返回本台签认页", "Back to this board's form"),
        Label::RoundPairings => words!(lang, "查看本轮对阵", "The round's pairings"),
        Label::RoundOver => words!(lang, "这一轮已经结束。", "This round is over."),

        Label::Wall => words!(lang, "大屏", "Wall"),
        Label::Continued => words!(lang, "（续）", " (cont.)"),
        Label::InPlay => words!(lang, "对局中", "playing"),
        Label::EventOver => words!(
            lang,
            "比赛结束 · 最终排名",
            "The event is over · final standings"
        ),
        Label::WaitingForPairing => words!(lang, "等待编排", "Waiting for the pairing"),
        Label::LateWindow => words!(lang, "迟到判负倒计时 ", "Late window closes in "),
    }
}
