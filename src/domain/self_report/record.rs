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
    /// Both sides have signed the same result; it waits for an arbiter.
    AwaitingArbiter(GameResult),
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
