//! Why a command was refused, as structured data: the console and the command line render it
//! in the event's language through the message catalog (`crate::i18n`). The `Display` text
//! is the English rendering, kept for logs and tests. A refused command leaves the state (and
//! the log) unchanged.

use chrono::{DateTime, Utc};
use thiserror::Error;

use super::ids::{Board, PlayerNo, Round};
use super::result::GameResult;
use super::side::Side;

pub use super::breaks::{RuleBreak, Who};

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Refusal {
    #[error("{user} acting as {role} may not {what}")]
    NotAllowed {
        user: String,
        role: &'static str,
        what: super::command::Deed,
    },
    #[error("round {round}: there is no board {board}")]
    UnknownBoard { round: Round, board: Board },
    #[error("there is no player number {0}")]
    UnknownPlayer(PlayerNo),
    #[error("no round has been paired yet")]
    NoRound,
    #[error("round {0} has not been paired")]
    UnknownRound(Round),
    #[error(
        "round {round} board {board} already has a result: {existing}; only the head arbiter can correct it (--correct --reason TEXT)"
    )]
    HasResult {
        round: Round,
        board: Board,
        existing: GameResult,
    },
    #[error("round {round}: {missing} board(s) without a result (first: board {first})")]
    RoundIncomplete {
        round: Round,
        missing: usize,
        first: Board,
    },
    #[error("pairing failed: {0}")]
    Pairing(String),
    /// No pairing keeps hard rules 1–5 (docs/rules.md#3-pairing): the head arbiter decides.
    #[error(
        "no legal pairing: {}players {} cannot be paired without a rematch, a second bye or (before the last round) a colour rule broken; the head arbiter decides: `bianpai pair LOG --relax colours --reason TEXT` (fewest colour-rule breaks) or `bianpai pair LOG --manual \"3-8,5-1,…\" [--bye N] --reason TEXT` (the round entered by hand)",
        .section.as_ref().map(|s| format!("{s}: ")).unwrap_or_default(),
        .players.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
    )]
    Unpairable {
        section: Option<String>,
        players: Vec<PlayerNo>,
    },
    #[error("round {0}: no players are eligible")]
    NoneEligible(Round),
    #[error("registration refused: {0}")]
    Registration(super::registration::fault::RegistrationFault),
    #[error("{0}")]
    Rule(String),
    /// A flag confirmation older than the clock's last input (`floor`).
    #[error(
        "round {round} board {board}: the clock's last input is stamped {} UTC, after this confirmation ({} UTC); a clock input in the wrong time zone? Set the clock from the board (clock set) before confirming a flag",
        .since.format("%H:%M:%S"),
        .at.format("%H:%M:%S")
    )]
    FlagBeforeClockInput {
        round: Round,
        board: Board,
        since: DateTime<Utc>,
        at: DateTime<Utc>,
    },
    /// `--correction` on a command that carries no time (`skew`).
    #[error("--correction goes with a time (--at): this command carries none")]
    CorrectionWithoutTime,
    /// `--correction` with an empty reason (`skew`).
    #[error("--correction needs a reason (--correction REASON)")]
    CorrectionWithoutReason,
    /// A free-text field refused by the sanitiser (`domain::text`).
    #[error("{0}")]
    Text(super::text::TextFault),
    /// A team match command refused (`domain::team`).
    #[error("{0}")]
    Team(super::team::fault::TeamFault),
    /// A time too far from the machine's clock (`domain::skew`).
    #[error("{0}")]
    Skew(super::skew::fault::TimeSkew),
    /// A result for a round that has not started.
    #[error(
        "round {round} has not started: start it first (`bianpai start LOG`, console key S), or set auto_advance: pair_and_start"
    )]
    RoundNotStarted { round: Round },
    /// A result typed for a round that is no longer the current one.
    #[error("the entry was for round {typed}, but round {current} is now on: nothing recorded")]
    RoundChanged { typed: Round, current: Round },
    /// Pairing round 1 before the numbers were drawn.
    #[error(
        "player numbers have not been drawn: run `bianpai draw LOG` first (or set numbers_by_registration: true in the rules)"
    )]
    NumbersNotDrawn,
    #[error("round {round} already started at {at}")]
    AlreadyStarted { round: Round, at: DateTime<Utc> },
    #[error("round {0} has not started: there is no start time to correct")]
    NotStartedYet(Round),
    #[error("player {no} ({name}) has already withdrawn")]
    AlreadyWithdrawn { no: PlayerNo, name: String },
    #[error("player {no} ({name}) is not withdrawn")]
    NotWithdrawn { no: PlayerNo, name: String },
    #[error("{0} needs a reason")]
    ReasonNeeded(ReasonFor),
    #[error("numbers can only be drawn before round 1 is paired (round 1 is published)")]
    DrawAfterPairing,
    #[error("no players are registered yet")]
    NoPlayers,
    #[error("round {0}: results have been entered; the pairing can no longer be changed")]
    ResultsEntered(Round),
    #[error("all {0} rounds have been paired")]
    AllRoundsPaired(u32),
    #[error("board {0}: cannot swap a board with itself")]
    SwapSelf(Board),
    #[error("the change breaks a rule: {}; repeat with --force --reason TEXT to accept", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    BreaksRule(Vec<RuleBreak>),
    #[error("round {round} board {board}: the result is already {result}")]
    SameResult {
        round: Round,
        board: Board,
        result: GameResult,
    },
    #[error(
        "round {0}: no knockout game waits for a colour lot (an armageddon game without a result)"
    )]
    NoLotDue(Round),
    /// A floor rule (seats, clocks, fouls, flags, move limits) refuses on a board.
    #[error("round {round} board {board}: {why}")]
    Floor {
        round: Round,
        board: Board,
        why: FloorWhy,
    },
    #[error("{0}")]
    FloorGeneral(FloorWhy),
    #[error("knockout: {found} eligible finalists after round {after}, 4 needed")]
    TooFewFinalists { found: usize, after: Round },
    #[error("knockout: the semi-final {a} v {b} is not decided yet")]
    SemiFinalOpen { a: PlayerNo, b: PlayerNo },
    /// An armageddon's result before its colour lot (seed 003 抽签加赛).
    #[error(
        "round {round} board {board}: the armageddon's colours are drawn by lot first: enter the lot (`bianpai pair LOG --lot red|black --board {board}`, console key L), then the result"
    )]
    LotFirst { round: Round, board: Board },
    /// Keeping or re-pairing a round whose pairing no correction has outdated.
    #[error(
        "round {0}: no earlier result was corrected after it was paired; nothing to keep or re-pair"
    )]
    NotOutdated(Round),
    /// Re-pairing an outdated round that already has results.
    #[error(
        "round {0} already has results and cannot be re-paired; record the decision to keep it: `bianpai pair LOG --keep --reason TEXT` (console key K)"
    )]
    OutdatedHasResults(Round),
    /// `unpair` or `pair` of an outdated round by anyone but the head arbiter
    /// (`head_decides`); `heads`: the users the rules' roles map gives the head arbiter's role.
    #[error(
        "round {round}'s pairing is outdated by a corrected result: only the head arbiter{} decides it (re-pair: unpair and pair; keep: pair --keep --reason TEXT)",
        if .heads.is_empty() { String::new() } else { format!(" ({})", .heads.join(", ")) }
    )]
    OutdatedIsTheHeads { round: Round, heads: Vec<String> },
    /// A clock press stamped before the board's last press (`clock_order`); times in UTC,
    /// rendered in the event's zone.
    #[error(
        "round {round} board {board}: a press at {} is before the board's last press at {}; presses are recorded in order",
        .at.format("%H:%M:%S"),
        .last.format("%H:%M:%S")
    )]
    PressBeforeLast {
        round: Round,
        board: Board,
        at: DateTime<Utc>,
        last: DateTime<Utc>,
    },
    /// `pair --relax colours` when a pairing that keeps every rule exists.
    #[error("a pairing that keeps every rule exists: pair normally")]
    RelaxNotNeeded,
    /// `pair --relax colours` in the last round, which relaxes colour rules by itself.
    #[error("the last round relaxes colour rules 4–5 by itself when needed: pair it normally")]
    RelaxInLastRound,
    /// A player's report, or an arbiter's acceptance of one, refused (docs/self-report.md).
    #[error("round {round} board {board}: {why}")]
    Report {
        round: Round,
        board: Board,
        why: super::self_report::record::ReportWhy,
    },
    /// A knockout match of the round has level colour counts: its higher-ranked player
    /// chooses the colours, and the round is not paired without the choice (seed 003 §2.2).
    #[error(
        "round {round}: the colour counts are level in {}; the higher-ranked player chooses the colours: `bianpai pair LOG --choose red|black` (one per match, in this order; or --choose NO=red), console key P",
        .due.iter().map(|d| format!("{} {} v {} {} (chosen by {})", d.higher, d.higher_name, d.lower, d.lower_name, d.higher)).collect::<Vec<_>>().join("; ")
    )]
    ColourChoiceDue {
        round: Round,
        due: Vec<super::colour_choice::due::ChoiceDue>,
    },
}

/// Why a floor command was refused on a board (times in UTC; rendered in the event's zone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FloorWhy {
    /// The game is over: clock input, fouls and move-limit notes are refused.
    GameOver {
        existing: GameResult,
        what: OverFor,
    },
    ClockOverADay,
    NoClockData,
    /// A loss on time entered by sight on a board whose clock data can confirm it.
    HasClockData,
    WrongFlag {
        fallen: Side,
        side: Side,
    },
    FlagNotFallen {
        side: Side,
        left_ms: u64,
        at: DateTime<Utc>,
    },
    ReverseIsAnArrival,
    ArrivedAfterWindow {
        side: Side,
    },
    AlreadyMarked {
        side: Side,
        present: bool,
    },
    ArrivalTooLate {
        side: Side,
        at: DateTime<Utc>,
        deadline: DateTime<Utc>,
    },
    ReverseNeedsReason,
    NotMarkedAbsent {
        side: Side,
    },
    WindowStillOpen,
    NotAForfeitAgainst {
        side: Side,
        existing: Option<GameResult>,
    },
    NoteNeedsText,
    /// A claimed foul loss where the side has not reached a foul limit.
    FoulLimitNotReached {
        side: Side,
    },
}

/// What a finished game refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverFor {
    Clock,
    Foul,
    Note,
}

impl std::fmt::Display for FloorWhy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let hms = |t: &DateTime<Utc>| t.format("%H:%M:%S").to_string();
        match self {
            FloorWhy::GameOver { existing, what } => write!(
                f,
                "the game is over ({existing}){}",
                match what {
                    OverFor::Clock => "; clock input ignored",
                    OverFor::Foul => "; fouls are recorded during play",
                    OverFor::Note => "",
                }
            ),
            FloorWhy::ClockOverADay => f.write_str("a clock reading over a day"),
            FloorWhy::NoClockData => f.write_str(
                "no clock data for this board; a flag the arbiter saw fall is recorded with `flag LOG BOARD SIDE --observed` (console: board, t, side, confirm)",
            ),
            FloorWhy::HasClockData => f.write_str(
                "this board has clock data: the time loss is confirmed from the clock (`flag` without --observed)",
            ),
            FloorWhy::WrongFlag { fallen, side } => {
                write!(f, "it is {fallen}'s flag that fell, not {side}'s")
            }
            FloorWhy::FlagNotFallen { side, left_ms, at } => write!(
                f,
                "{side}'s flag has not fallen ({} left at {})",
                super::clock::format_ms(*left_ms),
                hms(at)
            ),
            FloorWhy::ReverseIsAnArrival => {
                f.write_str("a forfeit is reversed by an arrival (arrive --reverse)")
            }
            FloorWhy::ArrivedAfterWindow { side } => write!(
                f,
                "{side} arrived after the late window closed; the forfeit stands unless the head arbiter reverses it (arrive --reverse REASON)"
            ),
            FloorWhy::AlreadyMarked { side, present } => write!(
                f,
                "{side} is already marked {}",
                if *present { "present" } else { "absent" }
            ),
            FloorWhy::ArrivalTooLate { side, at, deadline } => write!(
                f,
                "{side} arrived at {}, after the late window closed at {}; the forfeit is due (the next tick records it) unless the head arbiter reverses it (arrive --reverse REASON)",
                hms(at),
                hms(deadline)
            ),
            FloorWhy::ReverseNeedsReason => {
                f.write_str("reversing a forfeit needs a reason (--reverse REASON)")
            }
            FloorWhy::NotMarkedAbsent { side } => write!(
                f,
                "{side} is not marked absent; there is no late forfeit to reverse"
            ),
            FloorWhy::WindowStillOpen => {
                f.write_str("the late window is still open; a plain `arrive` stops the countdown")
            }
            FloorWhy::NotAForfeitAgainst { side, existing } => write!(
                f,
                "the result ({}) is not a forfeit against {side}; correct it with `result --correct`",
                existing.map_or("none", GameResult::word)
            ),
            FloorWhy::NoteNeedsText => f.write_str("a move-limit note needs a text"),
            FloorWhy::FoulLimitNotReached { side } => write!(
                f,
                "{side} has not reached a foul limit in this game; there is no foul loss to claim"
            ),
        }
    }
}

/// What a reason was missing for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReasonFor {
    Correction,
    Reinstatement,
    StartCorrection,
    RelaxedPairing,
    ManualPairing,
    /// Keeping a pairing an earlier correction outdated.
    KeptPairing,
}

impl std::fmt::Display for ReasonFor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ReasonFor::Correction => "a correction (--reason TEXT)",
            ReasonFor::Reinstatement => "reinstating a player",
            ReasonFor::StartCorrection => "correcting a start time (--reason TEXT)",
            ReasonFor::RelaxedPairing => "pairing with relaxed colour rules (--reason TEXT)",
            ReasonFor::KeptPairing => "keeping a pairing made on an old result (--reason TEXT)",
            ReasonFor::ManualPairing => "a pairing entered by hand (--reason TEXT)",
        })
    }
}
