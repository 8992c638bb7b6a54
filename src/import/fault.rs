//! Why a row of an entry file is not an entry, as data: every field at fault, each naming
//! the field (`i18n::errors::row` words it; `Display` is English).

use chrono::NaiveDate;

use super::{Field, ValueFault};

/// Why a row is not an entry, as data (`i18n::errors::row` renders it); `Display` is English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowFault {
    /// Every field at fault, after the player's name (empty when the name is missing).
    Fields {
        name: String,
        faults: Vec<FieldFault>,
    },
    /// The same name and birth date as an earlier row (`unit` "line" or "row").
    Duplicate {
        name: String,
        unit: &'static str,
        first: usize,
        birth: Option<NaiveDate>,
    },
}

/// One field of a row at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldFault {
    /// The cell shows a spreadsheet error (`#VALUE!` …).
    CellError {
        field: Field,
        shown: String,
    },
    /// No name; the row's other cells.
    EmptyName {
        rest: Vec<String>,
    },
    Gender(ValueFault),
    Birth(ValueFault),
    BirthInFuture(NaiveDate),
    IdNumber(IdFault),
    IdBirthInFuture(NaiveDate),
    BirthDisagrees {
        given: NaiveDate,
        from_id: NaiveDate,
    },
    GenderDisagrees {
        given: crate::domain::rules::Gender,
        from_id: crate::domain::rules::Gender,
    },
    Local(ValueFault),
}

/// Why an ID number cell was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdFault {
    Bad(crate::domain::id_number::IdError),
    /// A number cell: Excel kept only 15 digits.
    StoredAsNumber,
    NotText(String),
}

impl std::fmt::Display for RowFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RowFault::Fields { name, faults } => {
                if !name.is_empty() {
                    write!(f, "{name}: ")?;
                }
                let all: Vec<String> = faults.iter().map(ToString::to_string).collect();
                f.write_str(&all.join("; "))
            }
            RowFault::Duplicate {
                name,
                unit,
                first,
                birth,
            } => write!(
                f,
                "{name}: duplicate of {unit} {first} (same name and birth date{})",
                birth.map(|b| format!(" {b}")).unwrap_or_default()
            ),
        }
    }
}

impl std::fmt::Display for FieldFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const ID: &str = "id number (身份证号)";
        match self {
            FieldFault::CellError { field, shown } => {
                write!(f, "{}: the cell shows an error ({shown})", field.word())
            }
            FieldFault::EmptyName { rest } => {
                write!(f, "name: empty (the row has: {})", rest.join(", "))
            }
            FieldFault::Gender(e) => write!(f, "gender: {e}"),
            FieldFault::Birth(e) => write!(f, "birth: {e}"),
            FieldFault::BirthInFuture(d) => write!(f, "birth: {d} is in the future"),
            FieldFault::IdNumber(IdFault::Bad(e)) => write!(f, "{ID}: {e}"),
            FieldFault::IdNumber(IdFault::StoredAsNumber) => write!(
                f,
                "{ID}: stored as a number, which keeps only 15 digits: format the column as text and type it again"
            ),
            FieldFault::IdNumber(IdFault::NotText(t)) => {
                write!(f, "{ID}: '{t}' is not an ID number")
            }
            FieldFault::IdBirthInFuture(d) => {
                write!(f, "{ID}: the birth date in it, {d}, is in the future")
            }
            FieldFault::BirthDisagrees { given, from_id } => {
                write!(f, "birth: {given}, but the {ID} gives {from_id}")
            }
            FieldFault::GenderDisagrees { given, from_id } => write!(
                f,
                "gender: {}, but the {ID} gives {}",
                given.word(),
                from_id.word()
            ),
            FieldFault::Local(e) => write!(f, "local: {e}"),
        }
    }
}
