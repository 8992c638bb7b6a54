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
/// rendered by the catalog (`i18n::errors::rule_break`); `Display` is the English text, which
/// the log keeps in the pairing's warnings.
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

impl RuleBreak {
    /// The break in Chinese (the catalog's words; the domain keeps them so that a pairing's
    /// explanation, which the domain writes, never shows the English of the log).
    pub fn zh(&self) -> String {
        let who = |w: &Who| format!("{}号{}", w.no, w.name);
        match self {
            RuleBreak::PairedTwice { who: w, boards } => format!(
                "{}被编排了两次 (第{}台)",
                who(w),
                boards
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("、")
            ),
            RuleBreak::NotPaired { who: w } => format!("{}没有被编排", who(w)),
            RuleBreak::NotEligible {
                board,
                who: w,
                round,
            } => format!("第{board}台: {}不能参加第{round}轮", who(w)),
            RuleBreak::DifferentSections {
                board,
                red,
                red_section,
                black,
                black_section,
            } => format!(
                "第{board}台: {} ({red_section}) 与{} ({black_section}) 不在同一组别",
                who(red),
                who(black)
            ),
            RuleBreak::AlreadyMet { board, red, black } => {
                format!("第{board}台: {}与{}已经交过手", who(red), who(black))
            }
            RuleBreak::ThirdInRow {
                board,
                who: w,
                side,
            } => format!(
                "第{board}台: {}将连续第三次执{}",
                who(w),
                match side {
                    Side::Red => "红方",
                    Side::Black => "黑方",
                }
            ),
            RuleBreak::Difference {
                board,
                who: w,
                reds,
                blacks,
            } => format!(
                "第{board}台: {}的先后手差将达到 3 (红{reds}次, 黑{blacks}次)",
                who(w)
            ),
            RuleBreak::ByeNotEligible { who: w, round } => {
                format!("轮空: {}不能参加第{round}轮", who(w))
            }
            RuleBreak::SecondBye { who: w } => format!("轮空: {}将第二次轮空", who(w)),
            RuleBreak::ByeAlsoPlays { who: w } => format!("轮空: {}同时还有对局", who(w)),
        }
    }
}

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
