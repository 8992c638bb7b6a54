//! Why an entry was refused (docs/rules.md#9-registration), as data: the catalog words it.

use chrono::NaiveDate;

use crate::domain::ids::PlayerNo;

/// Why an entry was refused, as data (rendered by `i18n::errors::registration`); `Display`
/// is the English text. Each names the player (when there is a name) and the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegistrationFault {
    /// The name holds a line break or tab (shown escaped).
    NameControl(String),
    NameEmpty,
    NotAName(String),
    TooLate {
        name: String,
        rounds: u32,
    },
    /// A round robin's field is fixed once round 1 is paired (the Berger table seats it).
    RoundRobinStarted(String),
    Full {
        name: String,
        cap: u32,
    },
    UnknownGroup {
        name: String,
        group: String,
        known: Vec<String>,
    },
    BirthRequired(String),
    BornAfterEvent {
        name: String,
        birth: NaiveDate,
        date: NaiveDate,
    },
    TooOld {
        name: String,
        birth: NaiveDate,
        age: u32,
        date: NaiveDate,
        born_after: NaiveDate,
    },
    TooOldForSection {
        name: String,
        birth: NaiveDate,
        section: String,
        age: u32,
        date: NaiveDate,
    },
    BornTooEarly {
        name: String,
        birth: NaiveDate,
        min: NaiveDate,
    },
    SameId {
        name: String,
        no: PlayerNo,
        id: String,
    },
    SameNameAndBirth {
        name: String,
        no: PlayerNo,
        birth: Option<NaiveDate>,
    },
    /// Prints exactly like a registered player's name: they differ only in characters that
    /// show nothing.
    LooksLike {
        name: String,
        no: PlayerNo,
        other: String,
    },
}

impl std::fmt::Display for RegistrationFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use RegistrationFault as R;
        match self {
            R::NameControl(n) => write!(
                f,
                "name: {n:?} contains a control character (a line break or tab)"
            ),
            R::NameEmpty => f.write_str("name: must not be empty"),
            R::NotAName(n) => write!(f, "name: '{n}' is not a player's name"),
            R::TooLate { name, rounds } => write!(
                f,
                "{name}: too late to enter: all {rounds} rounds have been paired"
            ),
            R::RoundRobinStarted(name) => write!(
                f,
                "{name}: too late to enter: a round robin's field is fixed once round 1 is paired (the schedule seats every player)"
            ),
            R::Full { name, cap } => write!(
                f,
                "{name}: the event is full ({cap} players registered, 限额{cap}人)"
            ),
            R::UnknownGroup { name, group, known } => write!(
                f,
                "{name}: group: unknown group '{group}' (known: {})",
                known.join(", ")
            ),
            R::BirthRequired(name) => write!(f, "{name}: birth: a birth date is required"),
            R::BornAfterEvent { name, birth, date } => {
                write!(f, "{name}: birth: {birth} is after the event date {date}")
            }
            R::TooOld {
                name,
                birth,
                age,
                date,
                born_after,
            } => write!(
                f,
                "{name}: birth: born {birth}, must be under {age} on {date} (born after {born_after})"
            ),
            R::TooOldForSection {
                name,
                birth,
                section,
                age,
                date,
            } => write!(
                f,
                "{name}: birth: born {birth}, too old for {section} (under {age} on {date})"
            ),
            R::BornTooEarly { name, birth, min } => write!(
                f,
                "{name}: birth: born {birth}, must be born on or after {min}"
            ),
            R::SameId { name, no, id } => write!(
                f,
                "{name}: already registered as player {no} (same ID number {id})"
            ),
            R::SameNameAndBirth {
                name,
                no,
                birth: Some(b),
            } => write!(
                f,
                "{name}: already registered as player {no} (same name and birth date {b})"
            ),
            R::SameNameAndBirth {
                name,
                no,
                birth: None,
            } => write!(
                f,
                "{name}: already registered as player {no} (give a birth date to tell two players apart)"
            ),
            R::LooksLike { name, no, other } => write!(
                f,
                "{name:?}: prints exactly like player {no} {other:?} (they differ only in invisible characters)"
            ),
        }
    }
}
