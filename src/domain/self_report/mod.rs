//! Players sign their result on their phones: the electronic scoresheet (docs/self-report.md).
//!
//! The seeds have both players sign the scoresheet once the arbiter has the result (seed 000:
//! "由裁判确认比赛结果，双方签字认可"; seed 001: the loser signs, both sign a draw). With the
//! rules' `self_report`, each player of a round gets a secret code on that round's scoresheet
//! (记录单) and reports the result on the room page with it. A report records nothing by
//! itself: two matching reports make the board 待确认 until an arbiter accepts it
//! (`self_report: confirm`), or record the result at once (`auto`). A lone report, or two that
//! disagree, leave the board to the arbiters (待核对). A forfeit, a foul-limit loss and a loss on
//! time are never self-reported: those boards are the arbiters'.
//!
//! The codes come from a secret recorded in the log with each round's pairing
//! (`Event::CodesIssued`): its randomness is drawn at the edge (the log's append) and passed
//! in, so the domain reads no randomness. A code is HMAC-SHA256 of that secret over the round,
//! board, side and the player in the seat, cut to eight digits: good for one board, one side
//! and one round, and a new one whenever the seat's player changes (a flip, a swap, a re-pair).

mod code;
mod decide;

use std::fmt;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

pub use code::{Code, ReportKey};

use super::event::Event;
use super::ids::{Board, PlayerNo, Round};
use super::result::GameResult;
use super::side::{BySide, Side};
use super::tournament::{Game, Tournament};

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

/// Where a board's signatures stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signing {
    Unsigned,
    /// One side reported: waiting for the other (待核对 to the arbiters).
    Lone {
        side: Side,
        result: GameResult,
    },
    /// Both reported different results (待核对).
    Disagree {
        red: GameResult,
        black: GameResult,
    },
    /// Both reported the same result (待确认 until recorded).
    Agreed(GameResult),
}

/// Where the signatures of `g` stand.
pub fn signing(g: &Game) -> Signing {
    match (g.reports.red, g.reports.black) {
        (None, None) => Signing::Unsigned,
        (Some(r), None) => Signing::Lone {
            side: Side::Red,
            result: r.result,
        },
        (None, Some(b)) => Signing::Lone {
            side: Side::Black,
            result: b.result,
        },
        (Some(r), Some(b)) if r.result == b.result => Signing::Agreed(r.result),
        (Some(r), Some(b)) => Signing::Disagree {
            red: r.result,
            black: b.result,
        },
    }
}

/// The result two matching reports await an arbiter for (待确认), while the board has none.
pub fn pending(g: &Game) -> Option<GameResult> {
    match signing(g) {
        Signing::Agreed(r) if g.result.is_none() => Some(r),
        _ => None,
    }
}

/// Whether the arbiters should look at the board (待核对): reports that do not (yet) agree on a
/// board without a result.
pub fn to_check(g: &Game) -> bool {
    g.result.is_none() && matches!(signing(g), Signing::Lone { .. } | Signing::Disagree { .. })
}

/// A result a player may report: a played game's (no forfeit).
pub fn reportable(result: GameResult) -> bool {
    !result.is_forfeit()
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
}

impl fmt::Display for ReportWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReportWhy::Off => {
                f.write_str("players do not report results in this event (rules: self_report: off)")
            }
            ReportWhy::NotStarted => f.write_str("the round has not started"),
            ReportWhy::NoCodes => f.write_str("this round has no report codes"),
            ReportWhy::WrongCode => f.write_str("the code is not this board's"),
            ReportWhy::NotReportable(r) => write!(
                f,
                "{r} is not reported by the players; an arbiter records forfeits"
            ),
            ReportWhy::Absent(s) => {
                write!(f, "{s} is marked absent; an arbiter records this board")
            }
            ReportWhy::FlagDown(s) => write!(
                f,
                "{s}'s flag is down; a loss on time is confirmed by an arbiter"
            ),
            ReportWhy::FoulLimit(s) => {
                write!(f, "{s} reached a foul limit; an arbiter records this board")
            }
            ReportWhy::LotFirst => f.write_str(
                "the armageddon's colours are drawn by lot first; an arbiter records this board",
            ),
            ReportWhy::Finished(r) => write!(f, "the board already has a result: {r}"),
            ReportWhy::AwaitingArbiter(r) => write!(
                f,
                "both players signed {r}; it waits for an arbiter's acceptance"
            ),
            ReportWhy::NothingPending { red, black } => write!(
                f,
                "no two matching reports to accept (red: {}, black: {})",
                red.map_or("none", GameResult::word),
                black.map_or("none", GameResult::word)
            ),
        }
    }
}

/// One player's code, for the scoresheet and `export --what codes`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatCode {
    pub round: Round,
    pub board: Board,
    pub side: Side,
    pub player: PlayerNo,
    pub code: Code,
}

/// The events of an append with the codes of every round it pairs (rules with
/// `self_report`): `CodesIssued` for each `RoundPaired`, from `entropy` drawn by the edge.
pub fn with_codes(t: &Tournament, events: Vec<Event>, entropy: &[u8; 32]) -> Vec<Event> {
    if t.rules.self_report.is_off() {
        return events;
    }
    let paired: Vec<Round> = events
        .iter()
        .filter_map(|e| match e {
            Event::RoundPaired { round, .. } => Some(*round),
            _ => None,
        })
        .collect();
    let mut events = events;
    for (n, round) in paired.into_iter().enumerate() {
        events.push(Event::CodesIssued {
            round,
            key: ReportKey::from_entropy(entropy, n as u32),
        });
    }
    events
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Rules;

    #[test]
    fn rules_without_self_report_are_written_as_before() {
        let rules = Rules::preset("qigu-2024-07").unwrap();
        assert_eq!(rules.self_report, SelfReport::Off);
        let text = rules.to_ron();
        assert!(!text.contains("self_report"), "{text}");
        let mut on = rules.clone();
        on.self_report = SelfReport::Confirm;
        let text = on.to_ron();
        assert!(text.contains("self_report: confirm"), "{text}");
        assert_eq!(Rules::from_ron(&text, "t").unwrap(), on);
        let bad = text.replace("self_report: confirm", "self_report: maybe");
        assert!(Rules::from_ron(&bad, "t").is_err());
    }
}
