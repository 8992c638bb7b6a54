//! Commands: what a person (or the clock) asks of the tournament. Imperative names; `decide`
//! turns each into events or a refusal.

use chrono::{DateTime, Utc};

use super::event::{ClockAction, PlayerEntry};
use super::ids::{Board, PlayerNo, Round};
use super::result::GameResult;
use super::rules::{FoulKind, Role};
use super::side::Side;
use super::text::{self, TextFault};

/// Who is asking: the OS user and the role they act in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub user: String,
    pub role: Role,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    RegisterPlayer(PlayerEntry),
    WithdrawPlayer {
        no: PlayerNo,
        reason: String,
    },
    ReinstatePlayer {
        no: PlayerNo,
        reason: String,
    },
    DrawNumbers {
        seed: u64,
    },
    PairNextRound,
    /// Pairs the next round; knockout players listed chose red where colour counts are equal.
    PairNextRoundWith {
        red: Vec<PlayerNo>,
    },
    /// No legal pairing exists before the last round: the head arbiter has the engine pair
    /// with colour rules 4–5 relaxed (fewest breaks, then criteria 6–10).
    PairRelaxed {
        reason: String,
    },
    /// The head arbiter enters the next round by hand: (red, black) pairs in board order and
    /// byes. Refused while it breaks a hard rule, unless `force`.
    PairManual {
        games: Vec<(PlayerNo, PlayerNo)>,
        byes: Vec<PlayerNo>,
        reason: String,
        force: bool,
    },
    UnpairRound {
        reason: String,
    },
    SwapBoards {
        a: Board,
        b: Board,
        force: Option<String>,
    },
    FlipBoard {
        board: Board,
        force: Option<String>,
    },
    StartRound {
        at: DateTime<Utc>,
    },
    RecordResult {
        round: Option<Round>,
        board: Board,
        result: GameResult,
        /// `Some(reason)`: the head arbiter corrects an existing result.
        correct: Option<String>,
    },
    /// Confirms a fallen flag as a time loss for `side`; refused unless the board's clock
    /// shows that side's flag down at `at`.
    ConfirmFlag {
        board: Board,
        side: Side,
        at: DateTime<Utc>,
    },
    MarkSeat {
        round: Option<Round>,
        board: Board,
        side: Side,
        present: bool,
        at: DateTime<Utc>,
        /// Reverses a late-window forfeit after the deadline (head arbiter).
        reverse_reason: Option<String>,
    },
    RecordFoul {
        round: Option<Round>,
        board: Board,
        side: Side,
        kind: FoulKind,
    },
    Clock {
        round: Option<Round>,
        board: Board,
        action: ClockAction,
        at: DateTime<Utc>,
    },
    NoteMoveLimit {
        board: Board,
        note: String,
    },
    /// Applies every time-based rule due at `now`.
    Tick {
        now: DateTime<Utc>,
    },
    /// The automatic advance: once every board of the current round has reported,
    /// pairs the next round (and starts it at `now` under `pair_and_start`), as the rules'
    /// `auto_advance` says. Records nothing when the round is not complete, the setting is
    /// `off`, or the last round is done. Any arbiter's console may trigger it.
    AutoAdvance {
        now: DateTime<Utc>,
    },
    /// The head arbiter corrects the current round's start time, with a reason.
    CorrectStart {
        at: DateTime<Utc>,
        reason: String,
    },
    /// The armageddon colour lot drawn in the hall: the colour the higher-ranked
    /// player of the match drew; `board` picks the game when several wait for a lot.
    DrawLot {
        board: Option<Board>,
        higher: Side,
    },
    /// The arbiter fixes the player numbers in registration order instead of a random draw
    /// (`draw --in-order`), recorded as such.
    NumberInOrder,
    /// The head arbiter keeps the current round's pairing although an earlier result was
    /// corrected after it was paired, with the reason.
    KeepPairing {
        reason: String,
    },
    /// The head arbiter re-pairs the current round on the corrected results: its
    /// pairing is discarded and the round paired again, in one step; refused once it has a
    /// result.
    RepairRound {
        reason: String,
    },
    /// A loss on time seen by the arbiter on a board without clock data (a clock that sends
    /// nothing); refused where the clock's data can confirm the flag instead.
    TimeLoss {
        round: Option<Round>,
        board: Board,
        side: Side,
    },
    /// The opponent claims the loss of `side`, who reached a foul limit, where the rules
    /// require the claim (`foul_loss_on_claim`).
    ClaimFoulLoss {
        round: Option<Round>,
        board: Board,
        side: Side,
    },
    /// Registers a team of a team match event: board order, then reserves.
    RegisterTeam {
        name: String,
        players: Vec<PlayerNo>,
        reserves: Vec<PlayerNo>,
    },
    /// Corrects a registered team's roster (a reserve added, a player replaced), with the
    /// organizer's reason; a player who has been on a board for the team stays.
    ChangeTeam {
        team: super::ids::TeamNo,
        change: super::team::RosterChange,
        reason: String,
    },
    /// Hands in a team's lineup (board 1 first) for the next round to be paired; a round
    /// named that is already paired is refused.
    SubmitLineup {
        round: Option<Round>,
        team: super::ids::TeamNo,
        players: Vec<PlayerNo>,
    },
    /// A player reports a board's result on the room page with their code
    /// (docs/self-report.md); the code says which side reports.
    ReportResult {
        round: Round,
        board: Board,
        result: GameResult,
        code: String,
        at: DateTime<Utc>,
    },
    /// An arbiter accepts the result both players signed (`result --confirm`, the console's
    /// key).
    ConfirmReport {
        round: Option<Round>,
        board: Board,
    },
    /// An arbiter lets a board take reports again after wrong codes locked it (`bianpai
    /// unlock`, the console's `u` on the board; docs/self-report.md).
    UnlockReports {
        round: Option<Round>,
        board: Board,
    },
    /// A player's requested bye for `round` (the next to be paired unless named), scored
    /// `points` (docs/rules.md#requested-byes).
    RequestBye {
        round: Option<Round>,
        no: PlayerNo,
        points: super::requested_bye::record::ByePoints,
        reason: String,
    },
    /// The head arbiter corrects a result its players signed, overriding their signatures
    /// (`result --correct --despite-signatures`, docs/self-report.md): recorded as such.
    CorrectDespiteSignatures {
        round: Option<Round>,
        board: Board,
        result: GameResult,
        reason: String,
    },
    /// The head arbiter changes an operational rule for the rounds not yet paired (`bianpai
    /// amend LOG FIELD VALUE --reason T`); the field and value as typed.
    AmendRules {
        field: String,
        value: String,
        reason: String,
    },
    /// Withdraws a requested bye before its round is paired.
    CancelBye {
        round: Option<Round>,
        no: PlayerNo,
        reason: String,
    },
}

impl Command {
    /// The roles that may give this command.
    pub fn allowed(&self, role: Role) -> bool {
        use Role::{Assistant, Head, Organizer};
        let roles: &[Role] = match self {
            Command::RegisterPlayer(_)
            | Command::DrawNumbers { .. }
            | Command::PairNextRound
            | Command::PairNextRoundWith { .. }
            | Command::UnpairRound { .. }
            | Command::SwapBoards { .. }
            | Command::FlipBoard { .. }
            | Command::StartRound { .. }
            | Command::WithdrawPlayer { .. }
            | Command::DrawLot { .. }
            | Command::NumberInOrder
            | Command::RegisterTeam { .. }
            | Command::ChangeTeam { .. }
            | Command::SubmitLineup { .. }
            | Command::RequestBye { .. }
            | Command::CancelBye { .. } => &[Head, Organizer],
            Command::ReinstatePlayer { .. }
            | Command::NoteMoveLimit { .. }
            | Command::CorrectStart { .. }
            | Command::PairRelaxed { .. }
            | Command::PairManual { .. }
            | Command::KeepPairing { .. }
            | Command::RepairRound { .. }
            | Command::CorrectDespiteSignatures { .. }
            | Command::AmendRules { .. } => &[Head],
            Command::RecordResult { correct, .. } => {
                if correct.is_some() {
                    &[Head]
                } else {
                    &[Head, Assistant]
                }
            }
            Command::MarkSeat { reverse_reason, .. } => {
                if reverse_reason.is_some() {
                    &[Head]
                } else {
                    &[Head, Assistant]
                }
            }
            Command::ConfirmFlag { .. }
            | Command::ConfirmReport { .. }
            | Command::UnlockReports { .. }
            | Command::RecordFoul { .. }
            | Command::Clock { .. }
            | Command::TimeLoss { .. }
            | Command::ClaimFoulLoss { .. } => &[Head, Assistant],
            // A report's authority is the player's code; whoever runs the room page writes it.
            Command::Tick { .. } | Command::AutoAdvance { .. } | Command::ReportResult { .. } => {
                &[Head, Assistant, Organizer]
            }
        };
        roles.contains(&role)
    }

    /// What the command does, as a refusal names it (`Refusal::NotAllowed`); the catalog
    /// words it (`i18n::deed`).
    pub fn deed(&self) -> Deed {
        match self {
            Command::RegisterPlayer(_) => Deed::RegisterPlayer,
            Command::WithdrawPlayer { .. } => Deed::WithdrawPlayer,
            Command::ReinstatePlayer { .. } => Deed::ReinstatePlayer,
            Command::DrawNumbers { .. } | Command::NumberInOrder => Deed::DrawNumbers,
            Command::PairNextRound | Command::PairNextRoundWith { .. } => Deed::PairNextRound,
            Command::PairRelaxed { .. } => Deed::PairRelaxed,
            Command::PairManual { .. } => Deed::PairManual,
            Command::UnpairRound { .. } => Deed::UnpairRound,
            Command::SwapBoards { .. } | Command::FlipBoard { .. } => Deed::ChangePairing,
            Command::StartRound { .. } => Deed::StartRound,
            Command::RecordResult { correct: None, .. } => Deed::RecordResult,
            Command::RecordResult { .. } => Deed::CorrectResult,
            Command::ConfirmFlag { .. } => Deed::ConfirmFlag,
            Command::MarkSeat {
                reverse_reason: Some(_),
                ..
            } => Deed::ReverseLateForfeit,
            Command::MarkSeat { .. } => Deed::MarkSeat,
            Command::RecordFoul { .. } => Deed::RecordFoul,
            Command::Clock { .. } => Deed::RecordClock,
            Command::NoteMoveLimit { .. } => Deed::NoteMoveLimit,
            Command::Tick { .. } => Deed::Tick,
            Command::AutoAdvance { .. } => Deed::AutoAdvance,
            Command::CorrectStart { .. } => Deed::CorrectStart,
            Command::DrawLot { .. } => Deed::DrawLot,
            Command::KeepPairing { .. } => Deed::KeepPairing,
            Command::RepairRound { .. } => Deed::RepairRound,
            Command::TimeLoss { .. } => Deed::TimeLoss,
            Command::ClaimFoulLoss { .. } => Deed::ClaimFoulLoss,
            Command::RegisterTeam { .. } => Deed::RegisterTeam,
            Command::ChangeTeam { .. } => Deed::ChangeTeam,
            Command::SubmitLineup { .. } => Deed::SubmitLineup,
            Command::ReportResult { .. } => Deed::ReportResult,
            Command::ConfirmReport { .. } => Deed::ConfirmReport,
            Command::UnlockReports { .. } => Deed::UnlockReports,
            Command::RequestBye { .. } => Deed::RequestBye,
            Command::CancelBye { .. } => Deed::CancelBye,
            Command::CorrectDespiteSignatures { .. } => Deed::OverrideSignatures,
            Command::AmendRules { .. } => Deed::AmendRules,
        }
    }
}

/// What a command does, as data: a refusal names it and the catalog words it in the reader's
/// language (`i18n::deed`); `describe` is the English, which `Display` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deed {
    RegisterPlayer,
    WithdrawPlayer,
    ReinstatePlayer,
    DrawNumbers,
    PairNextRound,
    PairRelaxed,
    PairManual,
    UnpairRound,
    ChangePairing,
    StartRound,
    RecordResult,
    CorrectResult,
    ConfirmFlag,
    ReverseLateForfeit,
    MarkSeat,
    RecordFoul,
    RecordClock,
    NoteMoveLimit,
    Tick,
    AutoAdvance,
    CorrectStart,
    DrawLot,
    KeepPairing,
    RepairRound,
    TimeLoss,
    ClaimFoulLoss,
    RegisterTeam,
    ChangeTeam,
    SubmitLineup,
    ReportResult,
    ConfirmReport,
    /// A past time entered with `--correction` (the head arbiter's).
    EnterCorrectedTime,
    UnlockReports,
    RequestBye,
    CancelBye,
    /// Correct a result its players signed (`--despite-signatures`).
    OverrideSignatures,
    /// Change an operational rule for the rounds not yet paired (`amend`).
    AmendRules,
}

impl Deed {
    /// Every deed, for the catalog's tests.
    pub const ALL: [Deed; 37] = [
        Deed::RegisterPlayer,
        Deed::WithdrawPlayer,
        Deed::ReinstatePlayer,
        Deed::DrawNumbers,
        Deed::PairNextRound,
        Deed::PairRelaxed,
        Deed::PairManual,
        Deed::UnpairRound,
        Deed::ChangePairing,
        Deed::StartRound,
        Deed::RecordResult,
        Deed::CorrectResult,
        Deed::ConfirmFlag,
        Deed::ReverseLateForfeit,
        Deed::MarkSeat,
        Deed::RecordFoul,
        Deed::RecordClock,
        Deed::NoteMoveLimit,
        Deed::Tick,
        Deed::AutoAdvance,
        Deed::CorrectStart,
        Deed::DrawLot,
        Deed::KeepPairing,
        Deed::RepairRound,
        Deed::TimeLoss,
        Deed::ClaimFoulLoss,
        Deed::RegisterTeam,
        Deed::ChangeTeam,
        Deed::SubmitLineup,
        Deed::ReportResult,
        Deed::ConfirmReport,
        Deed::EnterCorrectedTime,
        Deed::UnlockReports,
        Deed::RequestBye,
        Deed::CancelBye,
        Deed::OverrideSignatures,
        Deed::AmendRules,
    ];
}

/// Checks every free-text field a command carries.
///
/// # Errors
/// The first field refused.
pub fn check_command(cmd: &Command) -> Result<(), TextFault> {
    let reason = |r: &str| text::check("reason", r, text::NOTE_MAX);
    match cmd {
        Command::RegisterPlayer(e) => {
            text::check("name", &e.name, text::NAME_MAX)?;
            text::check("club", &e.club, text::CLUB_MAX)?;
            text::check("team", &e.team, text::CLUB_MAX)?;
            text::check("group", &e.group, text::GROUP_MAX)
        }
        Command::WithdrawPlayer { reason: r, .. }
        | Command::ReinstatePlayer { reason: r, .. }
        | Command::UnpairRound { reason: r }
        | Command::CorrectStart { reason: r, .. }
        | Command::PairRelaxed { reason: r }
        | Command::PairManual { reason: r, .. }
        | Command::KeepPairing { reason: r }
        | Command::RepairRound { reason: r }
        | Command::ChangeTeam { reason: r, .. }
        | Command::RequestBye { reason: r, .. }
        | Command::CancelBye { reason: r, .. }
        | Command::CorrectDespiteSignatures { reason: r, .. }
        | Command::AmendRules { reason: r, .. } => reason(r),
        Command::SwapBoards { force, .. } | Command::FlipBoard { force, .. } => {
            force.as_deref().map_or(Ok(()), reason)
        }
        Command::RecordResult { correct, .. } => correct.as_deref().map_or(Ok(()), reason),
        Command::MarkSeat { reverse_reason, .. } => {
            reverse_reason.as_deref().map_or(Ok(()), reason)
        }
        Command::NoteMoveLimit { note, .. } => text::check("note", note, text::NOTE_MAX),
        Command::RegisterTeam { name, .. } => text::check("team", name, text::CLUB_MAX),
        Command::DrawNumbers { .. }
        | Command::PairNextRound
        | Command::PairNextRoundWith { .. }
        | Command::StartRound { .. }
        | Command::ConfirmFlag { .. }
        | Command::RecordFoul { .. }
        | Command::Clock { .. }
        | Command::Tick { .. }
        | Command::AutoAdvance { .. }
        | Command::DrawLot { .. }
        | Command::TimeLoss { .. }
        | Command::ClaimFoulLoss { .. }
        | Command::SubmitLineup { .. }
        | Command::NumberInOrder
        // A code is compared, never stored.
        | Command::ReportResult { .. }
        | Command::ConfirmReport { .. }
        | Command::UnlockReports { .. } => Ok(()),
    }
}
