//! The command line's messages as data; `cli::text` words them.

use super::{InstallMsg, TeamMsg};
use crate::domain::Side;

/// A message of the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    // Words typed on the command line.
    NotBoard(String),
    NotPlayer(String),
    RoundZero,
    NotTime(String),
    UnknownResult(String),
    UnknownSide(String),
    UnknownFoulKind(String),
    UnknownByePoints(String),
    UnknownRole(String),
    UnknownGender(String),
    /// `--birth`: the text typed and the reader's own reason (English).
    BadBirth {
        text: String,
        why: String,
    },
    BirthInFuture(String),
    BadDate(String),
    NoRole {
        user: String,
        role: String,
        held: Vec<String>,
    },
    DropRights(String),

    // pair
    ManualNotPair {
        board: usize,
        part: String,
    },
    ManualEmpty,
    RelaxOnlyColours(String),
    RelaxNeedsReason,
    ManualNeedsReason,
    ForceNeedsReason,
    CorrectNeedsReason,
    KeepNeedsReason,
    ByeWithoutManual,
    PreviewManual,
    SwapNeedsTwo,
    ReverseWithArrive,
    /// `pair` of a knockout round without `--choose` while matches wait for a colour choice:
    /// the usual choice was taken for each chooser (their numbers).
    ChoiceDefaulted {
        round: u32,
        choosers: Vec<String>,
    },

    // clock and feed
    /// A clock's state after a reading: the fallen flag, else the running side, else stopped.
    ClockState {
        flag: Option<Side>,
        running: Option<Side>,
    },
    PressWhichSide,
    SetNeedsReadings,
    /// A clock reading that does not read: the flag (`--red`) and the text.
    NotReading {
        flag: String,
        text: String,
    },
    UnknownClockAction(String),
    FeedNoAction,
    FeedNotTime(String),
    FeedExtraWords(String),
    FeedLine {
        n: usize,
        why: String,
    },
    FeedNotUtf8,
    /// A feed line longer than the cap (in bytes).
    FeedLineTooLong(usize),
    FeedCannotRead(String),
    FeedStopped {
        why: String,
        written: usize,
    },
    FeedSummary {
        written: usize,
        ignored: usize,
        refused: usize,
    },
    FeedRefused(usize),

    // new, verify, repair
    NewNeedsRules,
    NewBoth,
    NeedsTitle,
    // setup helper: the event's zone and date.
    /// A rules file without `time_zone` (its path) and no `--zone`.
    NoZone(String),
    BadZone(String),
    /// `new` without `--date` kept the rules' date, which lies before today.
    OldDateUsed {
        date: String,
        from: String,
        today: String,
    },
    Created(String),
    /// `new --trf`: the event made from the file (players, rounds replayed).
    ImportedTrf {
        file: String,
        players: usize,
        rounds: usize,
    },
    /// `new --trf`: the file cannot be read (its path and the OS's words).
    TrfUnreadable {
        file: String,
        why: String,
    },
    /// `new --trf` with a round robin or team preset: only a Swiss is imported.
    TrfNeedsSwiss,
    Intact {
        path: String,
        records: usize,
    },
    Repaired {
        path: String,
        side: String,
    },
    NothingToRepair(String),

    // player
    Registered {
        no: String,
        name: String,
        group: String,
    },
    RenumberedOne,
    Withdrawn(String),
    WithdrawnByOrganizer,
    Reinstated(String),
    Active,
    WithdrawnStatus,
    ImportNote {
        file: String,
        note: String,
    },
    NoGroupColumn(String),
    /// `pair --choose` when no knockout match of the next round waits for a colour choice.
    ChooseNoneDue(u32),
    /// `pair --choose NO=…` naming a player who does not choose.
    ChooseNotChooser {
        no: String,
        choosers: Vec<String>,
    },
    /// More `--choose` colours than matches waiting for a choice.
    ChooseTooMany {
        round: u32,
        due: usize,
    },
    /// The event has team standings and the sheet names no team, only clubs.
    TeamsOnlyInClub {
        file: String,
    },
    /// The event has team standings and the sheet names no team (nor clubs).
    NoTeams,
    /// `--team-from-club`: how many players took their club as their team.
    TeamFromClub(usize),
    ImportInvalid {
        file: String,
        bad: usize,
        rows: usize,
    },
    Imported {
        file: String,
        count: usize,
    },
    RenumberedMany,
    SkippedRows(usize),
    Drawn {
        seed: u64,
        records: usize,
    },

    // simulate
    SimTitle {
        title: String,
        seed: u64,
    },
    SimPlayers,
    SimRounds,
    SimNeedsRules,
    /// An import refused once for the whole file: why, and who may import.
    ImportWhoMay {
        why: String,
        who: Vec<String>,
    },
    SimPlayedBeyond {
        played: u32,
        rounds: u32,
    },
    SimWithdrawal,
    SimCannotPair {
        round: u32,
        why: String,
    },
    SimDone {
        players: usize,
        rounds: usize,
        out: String,
    },
    SimStopped(String),
    SimRefused(String),

    // team, lineup, simulate --teams
    Team(TeamMsg),

    // install
    Install(InstallMsg),
}
