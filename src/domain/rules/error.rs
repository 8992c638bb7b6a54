//! Why a rules file was refused, as data; `i18n::errors::rules` words it per language.

/// Why a rules file (or preset) was refused, as data: the catalog (`i18n::errors::rules`)
/// renders it in Chinese or English. `Display` is only the message a log's decoder quotes
/// (see below), never a rules file's error.
#[derive(Debug, PartialEq, Eq)]
pub enum RulesError {
    /// RON could not read the text: the parser's finding at a line and column.
    Syntax {
        origin: String,
        line: usize,
        column: usize,
        code: ron::Error,
    },
    /// A value that parses but makes no sense: the field (its path, `knockout.players`), where
    /// it is when found in the text, and what is wrong.
    Invalid {
        origin: Option<String>,
        at: Option<(usize, usize)>,
        field: String,
        fault: Box<RulesFault>,
    },
    UnknownPreset(String),
    /// The file could not be read (`kind` of the OS error; its text for English).
    Read {
        origin: String,
        kind: std::io::ErrorKind,
        os_code: Option<i32>,
        text: String,
    },
    NotUtf8 {
        origin: String,
        byte: usize,
    },
}

/// The one place these words still reach a person from here: a log whose recorded rules hold
/// a combination no format takes (a log written before such rules were refused) fails to
/// decode, and serde's `try_from` makes the parser's message from this `Display`, which the
/// decode error then quotes as the parser's words (`i18n::errors::decode`). Only
/// `Rules::from_wire`'s three faults come this way: their English, the same bytes as
/// `i18n::errors::rules` (a test there holds them equal). Anything else is the value, for a
/// developer.
impl std::fmt::Display for RulesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let RulesError::Invalid {
            origin: None,
            field,
            fault,
            ..
        } = self
        else {
            return std::fmt::Debug::fmt(self, f);
        };
        let why = match **fault {
            RulesFault::KnockoutAfterRoundRobin => {
                "knockout finals follow Swiss rounds only; a round robin ranks its whole field (remove knockout or use system: swiss)"
            }
            RulesFault::KnockoutInTeamMatch => {
                "knockout finals are for individual Swiss events, not team matches (remove knockout)"
            }
            RulesFault::OrderWithoutRoundRobin => {
                "the order of a double round robin's rounds; a Swiss has none (remove round_robin_order)"
            }
            _ => return std::fmt::Debug::fmt(self, f),
        };
        write!(f, "rules: {field}: {why}")
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
    /// The bracket's rounds (`after_round + 1` to `after_round + depth`) do not fit in the
    /// event's `rounds`, or `after_round` is 0 (docs/rules.md#7-knockout).
    KnockoutAfterRound {
        players: u32,
        depth: u32,
        rounds: u32,
    },
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
