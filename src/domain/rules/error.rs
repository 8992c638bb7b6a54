//! Why a rules file was refused, as data; `i18n::errors` words it per language.

use thiserror::Error;

/// Why a rules file (or preset) was refused, as data: the catalog (`i18n::errors::rules`)
/// renders it in Chinese or English; `Display` is the English text.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RulesError {
    /// RON could not read the text: the parser's finding at a line and column.
    #[error("{origin}: line {line}, column {column}: {code}")]
    Syntax {
        origin: String,
        line: usize,
        column: usize,
        code: ron::Error,
    },
    /// A value that parses but makes no sense: the field (its path, `knockout.players`), where
    /// it is when found in the text, and what is wrong.
    #[error("{}{field}: {fault}", invalid_place(.origin.as_deref(), *.at))]
    Invalid {
        origin: Option<String>,
        at: Option<(usize, usize)>,
        field: String,
        fault: Box<RulesFault>,
    },
    #[error("unknown preset '{0}' (see `bianpai presets`)")]
    UnknownPreset(String),
    /// The file could not be read (`kind` of the OS error; its text for English).
    #[error("{origin}: {text}")]
    Read {
        origin: String,
        kind: std::io::ErrorKind,
        os_code: Option<i32>,
        text: String,
    },
    #[error("{origin}: not UTF-8 text (byte {byte})")]
    NotUtf8 { origin: String, byte: usize },
}

fn invalid_place(origin: Option<&str>, at: Option<(usize, usize)>) -> String {
    match (origin, at) {
        (Some(o), Some((line, col))) => format!("{o}: line {line}, column {col}: "),
        (Some(o), None) => format!("{o}: "),
        (None, _) => "rules: ".to_string(),
    }
}

impl RulesError {
    pub(crate) fn invalid(field: &str, fault: RulesFault) -> RulesError {
        RulesError::Invalid {
            origin: None,
            at: None,
            field: field.to_string(),
            fault: Box::new(fault),
        }
    }
}

/// What is wrong with a field of the rules (the field is named beside it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesFault {
    MoreThan {
        value: u32,
        max: u32,
    },
    AtLeastOne,
    RoundsRange,
    EmptyChain,
    Twice(String),
    NoSections,
    SectionWithoutName,
    NotAZone(String),
    LateWindowOverADay,
    KnockoutPlayers,
    /// Knockout finals after a round robin (only after Swiss rounds, docs/rules.md#7-knockout).
    KnockoutAfterRoundRobin,
    /// Knockout finals in a team match event (individual Swiss events only).
    KnockoutInTeamMatch,
    /// `round_robin_order` in a Swiss event.
    OrderWithoutRoundRobin,
    KnockoutAfterRound,
    NotARange {
        from: u32,
        to: u32,
    },
    UnknownSection(String),
    CategorySection {
        category: String,
        section: String,
    },
    BaseTimeZero,
    EmptyUser,
    RoleTwice {
        user: String,
        role: &'static str,
    },
    Text(crate::domain::text::TextFault),
    /// `team_match.boards` outside 2..=8.
    BoardsRange,
}

impl std::fmt::Display for RulesFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RulesFault::MoreThan { value, max } => write!(f, "{value} is more than {max}"),
            RulesFault::AtLeastOne => f.write_str("must be at least 1"),
            RulesFault::RoundsRange => f.write_str("must be between 1 and 99"),
            RulesFault::EmptyChain => {
                f.write_str("the chain must not be empty (end it with draw_number)")
            }
            RulesFault::Twice(what) => write!(f, "{what} appears twice"),
            RulesFault::NoSections => f.write_str("at least one section is needed"),
            RulesFault::SectionWithoutName => f.write_str("a section needs a name"),
            RulesFault::NotAZone(t) => write!(
                f,
                "'{t}' is not a time zone (an IANA name like Asia/Shanghai or an offset like +08:00)"
            ),
            RulesFault::LateWindowOverADay => f.write_str("at most one day"),
            RulesFault::KnockoutAfterRoundRobin => f.write_str(
                "knockout finals follow Swiss rounds only; a round robin ranks its whole field (remove knockout or use system: swiss)",
            ),
            RulesFault::KnockoutInTeamMatch => f.write_str(
                "knockout finals are for individual Swiss events, not team matches (remove knockout)",
            ),
            RulesFault::OrderWithoutRoundRobin => f.write_str(
                "the order of a double round robin's rounds; a Swiss has none (remove round_robin_order)",
            ),
            RulesFault::KnockoutPlayers => {
                f.write_str("only 4 (semi-finals 1 v 4, 2 v 3) is supported")
            }
            RulesFault::KnockoutAfterRound => f.write_str("must be a Swiss round of the event"),
            RulesFault::NotARange { from, to } => {
                write!(f, "places {from}..{to} are not a range")
            }
            RulesFault::UnknownSection(s) => write!(f, "unknown section '{s}'"),
            RulesFault::CategorySection { category, section } => {
                write!(f, "category '{category}' names unknown section '{section}'")
            }
            RulesFault::BaseTimeZero => f.write_str("base time must be positive"),
            RulesFault::EmptyUser => f.write_str("an empty user name"),
            RulesFault::RoleTwice { user, role } => {
                write!(f, "user '{user}' is given the role {role} twice")
            }
            RulesFault::BoardsRange => f.write_str("must be between 2 and 8"),
            RulesFault::Text(t) => {
                let text = t.to_string();
                let own = format!("{}: ", t.field);
                f.write_str(text.strip_prefix(&own).unwrap_or(&text))
            }
        }
    }
}
