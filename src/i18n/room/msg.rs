//! The room page's messages with data (headings, counts, a seat, the lines `serve` prints at
//! start) and its faults, each one exhaustive `match` with the Chinese and the English side by
//! side.

use crate::domain::result::Outcome;
use crate::domain::rules::{Lang, Role};
use crate::domain::self_report::SelfReport;
use crate::domain::{Board, GameResult, Round, Side, TeamNo};

use super::{Label, label};

/// A message of the room page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    /// The log file was replaced and read again: when, local time.
    Replaced {
        at: String,
    },
    /// The round page's heading.
    RoundPairings {
        round: u32,
    },
    BoardsFinished {
        reported: usize,
        boards: usize,
    },
    /// Where a player found by the search sits.
    Seat {
        board: u32,
        side: Side,
    },
    /// An empty seat of the late window, on the wall.
    LateSeat {
        board: Board,
        side: Side,
        name: String,
    },
    /// A game's outcome for the card's player, marked when it was a forfeit.
    CardResult {
        outcome: Outcome,
        forfeit: bool,
    },

    // A team event's pages.
    TeamMatches {
        round: Round,
    },
    MatchHeading {
        round: Round,
        k: u32,
        first: String,
        second: String,
    },
    TeamHeading {
        no: TeamNo,
        name: String,
    },

    // The players' reports.
    SignHeading {
        round: u32,
        board: u32,
    },
    /// One of the three results a player reports, with the winner's name.
    SignOption {
        result: GameResult,
        red: String,
        black: String,
    },

    // The wall.
    WallRound {
        round: u32,
    },
    WallFinished {
        reported: usize,
        boards: usize,
    },
    MorePlaces {
        more: usize,
    },

    // What `serve` prints when it starts.
    RoomUp {
        log: String,
    },
    LoopbackOnly,
    WallHint,
    /// The players' reports are on: the mode, the form's address, and as whom they are written.
    ReportsOn {
        mode: SelfReport,
        form: String,
        user: String,
        role: Role,
    },
}

/// The words of `m` in `lang`.
#[allow(clippy::too_many_lines)]
pub fn text(m: &Msg, lang: Lang) -> String {
    match m {
        Msg::Replaced { at } => words!(
            lang,
            format!("日志文件已被替换（{at}），页面已按新文件重新读取；请核对最近录入的成绩。"),
            format!("The log file was replaced ({at}); the page reads the new file; check the results entered lately.")
        ),
        Msg::RoundPairings { round } => words!(
            lang,
            format!("第{round}轮 对阵"),
            format!("Round {round} pairings")
        ),
        Msg::BoardsFinished { reported, boards } => words!(
            lang,
            format!("已出结果 {reported}/{boards} 台"),
            format!("{reported} of {boards} boards finished")
        ),
        Msg::Seat { board, side } => {
            let side = crate::i18n::side(*side, lang);
            words!(
                lang,
                format!("第{board}台 {side}"),
                format!("Board {board}, {side}")
            )
        }
        Msg::LateSeat { board, side, name } => {
            let side = label(Label::SideShort(*side), lang);
            words!(
                lang,
                format!("第{board}台{side} {name}"),
                format!("board {board} {side} {name}")
            )
        }
        Msg::CardResult { outcome, forfeit } => {
            let w = label(Label::Outcome(*outcome), lang);
            if *forfeit {
                words!(
                    lang,
                    format!("{w} ({})", label(Label::Forfeit, lang)),
                    format!("{w} by forfeit")
                )
            } else {
                w.to_string()
            }
        }

        Msg::TeamMatches { round } => words!(
            lang,
            format!("第{round}轮 团体对阵"),
            format!("Round {round} team matches")
        ),
        Msg::MatchHeading {
            round,
            k,
            first,
            second,
        } => words!(
            lang,
            format!("第{round}轮第{k}场 {first} — {second}"),
            format!("Round {round} match {k}: {first} v {second}")
        ),
        Msg::TeamHeading { no, name } => {
            words!(lang, format!("第{no}队 {name}"), format!("Team {no} {name}"))
        }

        Msg::SignHeading { round, board } => words!(
            lang,
            format!("签认结果 · 第{round}轮 第{board}台"),
            format!("Sign the result · Round {round}, board {board}")
        ),
        Msg::SignOption { result, red, black } => match result {
            GameResult::RedWin => words!(
                lang,
                format!("红胜（{red}胜）"),
                format!("Red wins ({red})")
            ),
            GameResult::BlackWin => words!(
                lang,
                format!("黑胜（{black}胜）"),
                format!("Black wins ({black})")
            ),
            GameResult::Draw
            | GameResult::RedWinForfeit
            | GameResult::BlackWinForfeit
            | GameResult::DoubleForfeit => words!(lang, "和棋", "Draw").to_string(),
        },

        Msg::WallRound { round } => words!(lang, format!("第{round}轮"), format!("Round {round}")),
        Msg::WallFinished { reported, boards } => words!(
            lang,
            format!("已完成 {reported}/{boards}"),
            format!("{reported}/{boards} finished")
        ),
        Msg::MorePlaces { more } => words!(
            lang,
            format!("另有 {more} 名, 完整名次见排名页"),
            format!("{more} more on the standings page")
        ),

        Msg::RoomUp { log } => words!(
            lang,
            format!("房间页面已开启，日志： {log}"),
            format!("Room page up, following the log: {log}")
        ),
        Msg::LoopbackOnly => words!(
            lang,
            "只有本机可以访问；让棋手手机扫码，请用 --bind 0.0.0.0:8080 开放给场馆局域网。",
            "Only this machine can open it; for the players' phones use --bind 0.0.0.0:8080 (the venue LAN)."
        )
        .to_string(),
        Msg::WallHint => words!(
            lang,
            "大屏：在地址后加 wall；按 Ctrl-C 停止。",
            "Wall mode for a TV: add wall to the address. Ctrl-C stops."
        )
        .to_string(),
        Msg::ReportsOn {
            mode,
            form,
            user,
            role,
        } => {
            let (mode, role) = (mode.word(), crate::i18n::role(*role, lang));
            words!(
                lang,
                format!(
                    "棋手签认已开启 ({mode}): 手机打开 {form}; 签认以 {user} ({role}) 的名义写入日志"
                ),
                format!(
                    "Players sign their results ({mode}): phones open {form}; reports are written as {user} ({role})"
                )
            )
        }
    }
}

/// A fault of `serve` itself (not of the log or the rules, which have their own words).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// `--bind` that is not `ADDR:PORT`: the text given.
    Bind(String),
    /// The file that tells the console's `Q` where this server is could be written neither
    /// beside the log nor in the temporary directory: both paths and the error.
    CannotAnnounce {
        beside: String,
        temp: String,
        why: String,
    },
}

/// The words of `f` in `lang`.
pub fn fault(f: &Fault, lang: Lang) -> String {
    match f {
        Fault::Bind(t) => words!(
            lang,
            format!("--bind {t}: 应为 地址:端口, 如 127.0.0.1:8080 或 0.0.0.0:8080"),
            format!("--bind {t}: expected ADDR:PORT, e.g. 127.0.0.1:8080 or 0.0.0.0:8080")
        ),
        Fault::CannotAnnounce { beside, temp, why } => words!(
            lang,
            format!("无法写入 {beside} 或 {temp} ({why}): 控制台按 Q 看不到这个房间页面"),
            format!(
                "cannot write {beside} or {temp} ({why}): the console's Q will not see this room page"
            )
        ),
    }
}
