//! The rules a pairing made or changed by hand breaks, as data: the hard rules
//! (`RuleBreak`, with the player named) and the colour rules 4–5 a pairing breaks (`Break`)
//! (docs/rules.md#3-pairing). The log keeps them with the pairing; the catalog words them.

use serde::{Deserialize, Serialize};

use super::ids::{Board, PlayerNo, Round};
use super::side::Side;

/// A colour rule broken in the last round (or under `--relax colours`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Break {
    /// Rule 4: the same colour a third time in a row.
    ThirdInRow(PlayerNo, Side),
    /// Rule 5: a colour difference of 3.
    Difference(PlayerNo, Side),
}

/// A player named in a rule break: number and name.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Who {
    pub no: PlayerNo,
    pub name: String,
}

impl std::fmt::Display for Who {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.no, self.name)
    }
}

/// A hard rule a pairing made or changed by hand breaks (`pair --swap/--flip/--manual`),
/// worded by the catalog (`i18n::errors::rule_break`); `Display` is the log's record text
/// (the pairing's warnings), not a user-facing sentence.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum RuleBreak {
    PairedTwice {
        who: Who,
        boards: Vec<Board>,
    },
    NotPaired {
        who: Who,
    },
    NotEligible {
        board: Board,
        who: Who,
        round: Round,
    },
    DifferentSections {
        board: Board,
        red: Who,
        red_section: String,
        black: Who,
        black_section: String,
    },
    AlreadyMet {
        board: Board,
        red: Who,
        black: Who,
    },
    ThirdInRow {
        board: Board,
        who: Who,
        side: Side,
    },
    Difference {
        board: Board,
        who: Who,
        reds: i32,
        blacks: i32,
    },
    ByeNotEligible {
        who: Who,
        round: Round,
    },
    SecondBye {
        who: Who,
    },
    ByeAlsoPlays {
        who: Who,
    },
}

/// The break's record text: the English a pairing's `warnings` keep in the log (its bytes
/// must not change, so the domain writes it). Not a sentence for a person: the catalog
/// (`i18n::errors::rule_break`) words a break in the event's language.
impl std::fmt::Display for RuleBreak {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RuleBreak::PairedTwice { who, boards } => write!(
                f,
                "player {who} is paired twice (boards {})",
                boards
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            RuleBreak::NotPaired { who } => write!(f, "player {who} is not paired"),
            RuleBreak::NotEligible { board, who, round } => write!(
                f,
                "board {board}: player {who} is not eligible for round {round}"
            ),
            RuleBreak::DifferentSections {
                board,
                red,
                red_section,
                black,
                black_section,
            } => write!(
                f,
                "board {board}: {red} ({red_section}) and {black} ({black_section}) are in different sections"
            ),
            RuleBreak::AlreadyMet { board, red, black } => {
                write!(f, "board {board}: {red} and {black} have already met")
            }
            RuleBreak::ThirdInRow { board, who, side } => write!(
                f,
                "board {board}: {who} would have {side} a third time in a row"
            ),
            RuleBreak::Difference {
                board,
                who,
                reds,
                blacks,
            } => write!(
                f,
                "board {board}: {who} would reach a colour difference of 3 (reds {reds}, blacks {blacks})"
            ),
            RuleBreak::ByeNotEligible { who, round } => {
                write!(f, "bye: player {who} is not eligible for round {round}")
            }
            RuleBreak::SecondBye { who } => write!(f, "bye: player {who} would get a second bye"),
            RuleBreak::ByeAlsoPlays { who } => write!(f, "bye: player {who} also plays"),
        }
    }
}
