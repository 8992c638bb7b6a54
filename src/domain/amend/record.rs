//! What an amendment of the rules records (docs/cli.md `amend`, docs/self-report.md): the
//! operational field changed and its new value, and why one is refused. Data only.

use serde::{Deserialize, Serialize};

use crate::domain::rules::AutoAdvance;
use crate::domain::self_report::record::{SelfReport, Signers};

/// An operational rule changed for the rounds not yet paired: one field, its new value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Amendment {
    SelfReport(SelfReport),
    SelfReportSigners(Signers),
    AutoAdvance(AutoAdvance),
}

/// The fields `amend` changes, as typed.
pub const AMENDABLE: [&str; 3] = ["self_report", "self_report_signers", "auto_advance"];

/// Rules fields that decide scores already earned or the shape of the event: never amended.
pub const FIXED: [&str; 12] = [
    "points",
    "tiebreaks",
    "rounds",
    "system",
    "round_robin_order",
    "knockout",
    "team_match",
    "teams",
    "sections",
    "foul_limits",
    "round1",
    "prizes",
];

/// Why an amendment is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AmendFault {
    /// A field `amend` does not know.
    UnknownField(String),
    /// A field that would change scores already earned or the event's shape.
    Fixed(String),
    /// A value the field does not take: the values it takes.
    BadValue {
        field: String,
        value: String,
        takes: &'static [&'static str],
    },
    /// The value is already in force.
    Unchanged {
        field: &'static str,
        value: &'static str,
    },
}

impl Amendment {
    /// The field's name, as typed and written in the rules.
    pub fn field(self) -> &'static str {
        match self {
            Amendment::SelfReport(_) => "self_report",
            Amendment::SelfReportSigners(_) => "self_report_signers",
            Amendment::AutoAdvance(_) => "auto_advance",
        }
    }

    /// The value, as typed and written in the rules.
    pub fn value(self) -> &'static str {
        match self {
            Amendment::SelfReport(v) => v.word(),
            Amendment::SelfReportSigners(v) => v.word(),
            Amendment::AutoAdvance(v) => match v {
                AutoAdvance::Off => "off",
                AutoAdvance::Pair => "pair",
                AutoAdvance::PairAndStart => "pair_and_start",
            },
        }
    }

    /// The typed field and value, checked.
    ///
    /// # Errors
    /// An unknown or fixed field, or a value the field does not take.
    pub fn parse(field: &str, value: &str) -> Result<Amendment, AmendFault> {
        let bad = |takes: &'static [&'static str]| AmendFault::BadValue {
            field: field.to_string(),
            value: value.to_string(),
            takes,
        };
        match field {
            "self_report" => match value {
                "off" => Ok(Amendment::SelfReport(SelfReport::Off)),
                "confirm" => Ok(Amendment::SelfReport(SelfReport::Confirm)),
                "auto" => Ok(Amendment::SelfReport(SelfReport::Auto)),
                _ => Err(bad(&["off", "confirm", "auto"])),
            },
            "self_report_signers" => match value {
                "both" => Ok(Amendment::SelfReportSigners(Signers::Both)),
                "winner" => Ok(Amendment::SelfReportSigners(Signers::Winner)),
                _ => Err(bad(&["both", "winner"])),
            },
            "auto_advance" => match value {
                "off" => Ok(Amendment::AutoAdvance(AutoAdvance::Off)),
                "pair" => Ok(Amendment::AutoAdvance(AutoAdvance::Pair)),
                "pair_and_start" => Ok(Amendment::AutoAdvance(AutoAdvance::PairAndStart)),
                _ => Err(bad(&["off", "pair", "pair_and_start"])),
            },
            f if FIXED.contains(&f) => Err(AmendFault::Fixed(f.to_string())),
            f => Err(AmendFault::UnknownField(f.to_string())),
        }
    }
}
