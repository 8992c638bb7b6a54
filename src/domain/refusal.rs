//! Why a command was refused, as structured data: the console, the command line and the room
//! page word it in the event's language through the message catalog (`i18n::refusal`). No
//! sentence lives here: `Display` only names the variant and its values for a developer (a
//! test's failure, a panic), never for a person at the table. A refused command leaves the
//! state (and the log) unchanged.

use chrono::{DateTime, Utc};

use super::ids::{Board, PlayerNo, Round};
use super::result::GameResult;
use super::side::Side;

pub use super::breaks::{RuleBreak, Who};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    NotAllowed {
        user: String,
        role: &'static str,
        what: super::command::Deed,
    },
    UnknownBoard {
        round: Round,
        board: Board,
    },
    /// A team round's vacant board (缺台): lost by forfeit when paired, no game to enter.
    VacantBoard {
        round: Round,
        board: Board,
    },
    UnknownPlayer(PlayerNo),
    NoRound,
    UnknownRound(Round),
    HasResult {
        round: Round,
        board: Board,
        existing: GameResult,
    },
    RoundIncomplete {
        round: Round,
        missing: usize,
        first: Board,
    },
    Pairing(String),
    /// No pairing keeps hard rules 1–5 (docs/rules.md#3-pairing): the head arbiter decides.
    Unpairable {
        section: Option<String>,
        players: Vec<PlayerNo>,
    },
    NoneEligible(Round),
    Registration(super::registration::fault::RegistrationFault),
    Rule(String),
    /// A flag confirmation older than the clock's last input (`floor`).
    FlagBeforeClockInput {
        round: Round,
        board: Board,
        since: DateTime<Utc>,
        at: DateTime<Utc>,
    },
    /// `--correction` on a command that carries no time (`skew`).
    CorrectionWithoutTime,
    /// `--correction` with an empty reason (`skew`).
    CorrectionWithoutReason,
    /// A free-text field refused by the sanitiser (`domain::text`).
    Text(super::text::TextFault),
    /// A team match command refused (`domain::team`).
    Team(super::team::fault::TeamFault),
    /// A requested bye refused (`domain::requested_bye`).
    Bye(super::requested_bye::fault::ByeFault),
    /// A time too far from the machine's clock (`domain::skew`).
    Skew(super::skew::fault::TimeSkew),
    /// A result for a round that has not started.
    RoundNotStarted {
        round: Round,
    },
    /// A result typed for a round that is no longer the current one.
    RoundChanged {
        typed: Round,
        current: Round,
    },
    /// Pairing round 1 before the numbers were drawn.
    NumbersNotDrawn,
    AlreadyStarted {
        round: Round,
        at: DateTime<Utc>,
    },
    NotStartedYet(Round),
    AlreadyWithdrawn {
        no: PlayerNo,
        name: String,
    },
    NotWithdrawn {
        no: PlayerNo,
        name: String,
    },
    ReasonNeeded(ReasonFor),
    DrawAfterPairing,
    NoPlayers,
    ResultsEntered(Round),
    AllRoundsPaired(u32),
    SwapSelf(Board),
    BreaksRule(Vec<RuleBreak>),
    SameResult {
        round: Round,
        board: Board,
        result: GameResult,
    },
    NoLotDue(Round),
    /// A floor rule (seats, clocks, fouls, flags, move limits) refuses on a board.
    Floor {
        round: Round,
        board: Board,
        why: FloorWhy,
    },
    FloorGeneral(FloorWhy),
    TooFewFinalists {
        found: usize,
        after: Round,
        /// The bracket's size (`knockout.players`).
        needed: u32,
    },
    /// A knockout match of the round before is not decided yet.
    MatchOpen {
        stage: super::event::Stage,
        a: PlayerNo,
        b: PlayerNo,
    },
    /// An armageddon's result before its colour lot (seed 003 抽签加赛).
    LotFirst {
        round: Round,
        board: Board,
    },
    /// Keeping or re-pairing a round whose pairing no correction has outdated.
    NotOutdated(Round),
    /// Re-pairing an outdated round that already has results.
    OutdatedHasResults(Round),
    /// `unpair` or `pair` of an outdated round by anyone but the head arbiter
    /// (`head_decides`); `heads`: the users the rules' roles map gives the head arbiter's role.
    OutdatedIsTheHeads {
        round: Round,
        heads: Vec<String>,
    },
    /// A clock press stamped before the board's last press (`clock_order`); times in UTC,
    /// rendered in the event's zone.
    PressBeforeLast {
        round: Round,
        board: Board,
        at: DateTime<Utc>,
        last: DateTime<Utc>,
    },
    /// `pair --relax colours` when a pairing that keeps every rule exists.
    RelaxNotNeeded,
    /// `pair --relax colours` in the last round, which relaxes colour rules by itself.
    RelaxInLastRound,
    /// A player's report, or an arbiter's acceptance of one, refused (docs/self-report.md).
    /// A correction of a result its players signed, without `--despite-signatures`
    /// (docs/self-report.md): the signed result and whose signatures made it.
    Signed {
        round: Round,
        board: Board,
        result: super::result::GameResult,
        by: super::self_report::record::SignedBy,
        /// The signers, red first: side and name.
        names: Vec<(super::side::Side, String)>,
    },
    /// `amend`: an unknown or fixed field, a bad value, the value already in force.
    Amend(super::amend::record::AmendFault),
    Report {
        round: Round,
        board: Board,
        why: super::self_report::record::ReportWhy,
    },
    /// A knockout match of the round has level colour counts: its higher-ranked player
    /// chooses the colours, and the round is not paired without the choice (seed 003 §2.2).
    ColourChoiceDue {
        round: Round,
        due: Vec<super::colour_choice::due::ChoiceDue>,
    },
}

/// The variant and its values (its `Debug`), for a developer: the words a person reads come
/// from `i18n::refusal`. A `Refusal` is an `Error` so that `?` carries it (`LogError::Refused`).
impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self, f)
    }
}

impl std::error::Error for Refusal {}

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
    /// Asking for a requested bye or withdrawing the request.
    RequestedBye,
    Amendment,
}
