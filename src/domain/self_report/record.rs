//! What the log and the rules record of self-reporting (docs/self-report.md): the rules'
//! setting, each side's report of a game, and why a report was refused. Data only.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::domain::result::GameResult;
use crate::domain::side::{BySide, Side};

/// The rules field `self_report` (docs/self-report.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SelfReport {
    /// No codes, no reports (the default: logs written before this field read as `off`).
    #[default]
    Off,
    /// Two matching reports make the board 待确认; an arbiter accepts it with one key.
    Confirm,
    /// Two matching reports record the result at once.
    Auto,
}

impl SelfReport {
    #[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference
    pub fn is_off(&self) -> bool {
        *self == SelfReport::Off
    }

    pub fn word(self) -> &'static str {
        match self {
            SelfReport::Off => "off",
            SelfReport::Confirm => "confirm",
            SelfReport::Auto => "auto",
        }
    }
}

/// The rules field `self_report_signers` (docs/self-report.md): whose signatures make a result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Signers {
    /// Both players sign every result (the default: logs and rules files without the field
    /// read as `both`).
    #[default]
    Both,
    /// The winner alone signs a decisive result; both sign a draw (seed 000: "由胜方签字，和棋则
    /// 双方签字认可").
    Winner,
}

impl Signers {
    #[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference
    pub fn is_both(&self) -> bool {
        *self == Signers::Both
    }

    pub fn word(self) -> &'static str {
        match self {
            Signers::Both => "both",
            Signers::Winner => "winner",
        }
    }
}

/// The signatures that made a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignedBy {
    Both,
    /// The winner alone (`self_report_signers: winner`).
    Winner(Side),
}

impl SignedBy {
    /// The sides whose signatures made the result, red first.
    pub fn sides(self) -> Vec<Side> {
        match self {
            SignedBy::Both => Side::BOTH.to_vec(),
            SignedBy::Winner(s) => vec![s],
        }
    }
}

/// One side's report of a board, as the room page took it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    pub result: GameResult,
    pub at: DateTime<Utc>,
}

/// Each side's latest report of a game.
pub type Reports = BySide<Option<Report>>;

/// Whether no side has reported (the game's `reports` are then not written).
pub fn none_reported(r: &Reports) -> bool {
    r.red.is_none() && r.black.is_none()
}

/// Why a report, or an arbiter's acceptance of one, was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReportWhy {
    /// The rules have `self_report: off`.
    Off,
    /// The round has not started.
    NotStarted,
    /// The round has no codes (paired before its codes existed).
    NoCodes,
    /// The code is not this board's (another board's, another round's, or mistyped).
    WrongCode,
    /// A forfeit is never self-reported.
    NotReportable(GameResult),
    /// A seat is marked absent: an arbiter decides.
    Absent(Side),
    /// The side's flag is down: a loss on time is the arbiter's.
    FlagDown(Side),
    /// The side reached a foul limit: a foul loss is the arbiter's.
    FoulLimit(Side),
    /// An armageddon game whose colour lot is not entered yet.
    LotFirst,
    /// The board already has a result.
    Finished(GameResult),
    /// The signatures the rules need are there (both sides', or the winner's alone); it waits
    /// for an arbiter, and a change goes to the arbiter too.
    AwaitingArbiter(GameResult, SignedBy),
    /// `result --confirm` on a board without two matching reports.
    NothingPending {
        red: Option<GameResult>,
        black: Option<GameResult>,
    },
    /// The board has had [`super::WRONG_CODE_LIMIT`] wrong codes this round: it takes no
    /// report until an arbiter unlocks it; the code was not judged.
    Locked,
    /// `unlock` on a board without a wrong code to forget.
    NotLocked,
}
