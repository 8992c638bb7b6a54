//! The console's input mode: what is being typed (a board, a side, a prompt's text) and the
//! command waiting for Enter or for its confirm step, and how the status line says it.

use chrono::{DateTime, Utc};

use super::App;
use crate::console::keymap::ModeKind;
use crate::domain::{Board, Command, GameResult, PlayerNo, Round, Side};
use crate::i18n::screen::fill;

/// A command waiting for Enter or for a confirmation, with its description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    pub cmd: Command,
    pub label: String,
}

/// What a text prompt is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    CorrectReason {
        /// The round of the board corrected (an earlier one from `[`).
        round: Round,
        board: Board,
        result: GameResult,
        old: GameResult,
    },
    /// The head arbiter corrects the round's start time: first the time, then the reason.
    StartTime,
    StartReason {
        at: DateTime<Utc>,
    },
    /// The armageddon colour lot of `board`: the colour the higher-ranked player drew.
    Lot {
        board: Board,
    },
    MoveLimitNote {
        board: Board,
    },
    WithdrawNo,
    WithdrawReason {
        no: PlayerNo,
    },
    UnpairReason,
    /// Knockout, colour counts level: the higher-ranked player of each match in `due`
    /// chooses (`r` / `b`); `red` holds who takes red by the choices given so far.
    ColourChoice {
        round: Round,
        due: Vec<crate::domain::colour_choice::ChoiceDue>,
        red: Vec<PlayerNo>,
    },
    /// No legal pairing: `1` relax colour rules 4–5, `2` pair by hand.
    PairChoice,
    /// The reason for pairing with colour rules relaxed (the preview is in the panel).
    RelaxReason,
    /// The round by hand: pairs `3-8,5-1,…`, then the bye, then the reason.
    ManualPairs,
    ManualBye,
    ManualReason,
    /// The head arbiter's reason to keep a pairing a correction outdated.
    KeepReason,
    /// A correction of a result its players signed: `!` alone goes on to the confirm step of
    /// the override (docs/self-report.md), Esc cancels.
    OverrideSignatures {
        pending: Pending,
    },
    /// A team's lineup (团体赛): first the team, then its players in board order.
    LineupTeam,
    LineupPlayers {
        team: crate::domain::TeamNo,
    },
}

/// What the next key is interpreted as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    Normal,
    Board {
        digits: String,
    },
    Forfeit {
        digits: String,
    },
    Side {
        digits: String,
        intent: SideIntent,
    },
    FoulKind {
        digits: String,
        side: Side,
    },
    Ready {
        digits: String,
        pending: Pending,
    },
    Prompt {
        purpose: Purpose,
        label: String,
        text: String,
    },
    Confirm {
        pending: Pending,
    },
}

/// Why a side is being chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideIntent {
    Seat {
        present: bool,
    },
    Foul,
    /// A loss on time on a board without clock data.
    Time,
}

impl Mode {
    pub fn kind(&self) -> ModeKind {
        match self {
            Mode::Normal => ModeKind::Normal,
            Mode::Board { .. } => ModeKind::Board,
            Mode::Forfeit { .. } => ModeKind::Forfeit,
            Mode::Side { .. } => ModeKind::Side,
            Mode::FoulKind { .. } => ModeKind::FoulKind,
            Mode::Ready { .. } => ModeKind::Ready,
            Mode::Prompt { .. } => ModeKind::Prompt,
            Mode::Confirm { .. } => ModeKind::Confirm,
        }
    }

    /// The board number being typed, if any.
    pub fn digits(&self) -> Option<&str> {
        match self {
            Mode::Board { digits }
            | Mode::Forfeit { digits }
            | Mode::Side { digits, .. }
            | Mode::FoulKind { digits, .. }
            | Mode::Ready { digits, .. } => Some(digits),
            _ => None,
        }
    }
}

impl App {
    /// The text of the status line's entry part (what is being typed), if any.
    pub fn entry_line(&self) -> Option<String> {
        let s = self.s;
        let line = self.entry_text()?;
        // A board entry always says which round it goes to: 第N轮 第B台.
        Some(match (self.mode.digits(), self.entry_round) {
            (Some(_), Some(r)) => format!("{}{line}", fill(s.entry_round, &[&r])),
            _ => line,
        })
    }

    fn entry_text(&self) -> Option<String> {
        let s = self.s;
        Some(match &self.mode {
            Mode::Normal => return None,
            Mode::Board { digits } => fill(s.entry_board, &[digits]),
            Mode::Forfeit { digits } => {
                format!("{} f_", fill(s.entry_board, &[digits]))
            }
            Mode::Side { digits, intent } => {
                let what = match intent {
                    SideIntent::Seat { present: false } => s.absent,
                    SideIntent::Seat { present: true } => s.arrived,
                    SideIntent::Foul => s.foul,
                    SideIntent::Time => s.flag,
                };
                fill(s.entry_side, &[digits, &what])
            }
            Mode::FoulKind { digits, side } => fill(s.entry_foul, &[digits, &s.side(*side)]),
            Mode::Ready { digits, pending } => fill(s.pending, &[digits, &pending.label]),
            Mode::Prompt { label, text, .. } => format!("{label}{text}_"),
            Mode::Confirm { pending } => fill(s.confirm, &[&pending.label]),
        })
    }
}
