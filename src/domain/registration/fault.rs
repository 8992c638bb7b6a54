//! Why an entry was refused (docs/rules.md#9-registration), as data: the catalog words it.

use chrono::NaiveDate;

use crate::domain::ids::PlayerNo;

/// Why an entry was refused, as data: the catalog words it (`i18n::errors::registration`).
/// Each names the player (when there is a name) and the field.
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
