//! Why a command was refused, in words an arbiter understands. A refused command leaves the
//! state (and the log) unchanged.

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
    /// A free-text field refused by the sanitiser (`domain::text`).
    #[error("{0}")]
    Text(super::text::TextFault),
    /// A time too far from the machine's clock (`domain::skew`).
    #[error("{0}")]
    Skew(super::skew::TimeSkew),
}
