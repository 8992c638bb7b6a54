//! Why a command was refused, as structured data: the console and the command line render it
//! in the event's language through the message catalog (`crate::i18n`). The `Display` text
//! is the English rendering, kept for logs and tests. A refused command leaves the state (and
//! the log) unchanged.

use chrono::{DateTime, Utc};
use thiserror::Error;

use super::ids::{Board, PlayerNo, Round};
use super::result::GameResult;

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Refusal {
    #[error("{user} acting as {role} may not {what}")]
    NotAllowed {
        user: String,
        role: &'static str,
        what: &'static str,
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
    #[error("registration refused: {0}")]
    Registration(String),
    #[error("{0}")]
    Rule(String),
    /// A result for a round that has not started (issue 13).
    #[error(
        "round {round} has not started: start it first (`bianpai start LOG`, console key S), or set auto_advance: pair_and_start"
    )]
    RoundNotStarted { round: Round },
    /// A result typed for a round that is no longer the current one (issue 13).
    #[error("the entry was for round {typed}, but round {current} is now on: nothing recorded")]
    RoundChanged { typed: Round, current: Round },
    /// Pairing round 1 before the numbers were drawn (issue 13).
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
    #[error("the change breaks a rule: {}; repeat with --force --reason TEXT to accept", .0.join("; "))]
    BreaksRule(Vec<String>),
    #[error("round {round} board {board}: the result is already {result}")]
    SameResult {
        round: Round,
        board: Board,
        result: GameResult,
    },
    #[error("round {0}: no knockout game waits for a colour lot (an armageddon game without a result)")]
    NoLotDue(Round),
}

/// What a reason was missing for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReasonFor {
    Correction,
    Reinstatement,
    StartCorrection,
}

impl std::fmt::Display for ReasonFor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ReasonFor::Correction => "a correction (--reason TEXT)",
            ReasonFor::Reinstatement => "reinstating a player",
            ReasonFor::StartCorrection => "correcting a start time (--reason TEXT)",
        })
    }
}
