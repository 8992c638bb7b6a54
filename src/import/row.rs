//! One data row of an entry file to a `PlayerEntry`, or every reason it is not one: text and
//! date cells, the identity card number (and the birth date and gender it carries), and rows
//! that repeat an earlier row's name and birth date.

use std::collections::HashMap;

use chrono::NaiveDate;

use super::{
    Cell, Field, FieldFault, IdFault, RawRow, RowFault, ValueFault, excel_serial, header,
    parse_date, parse_gender, parse_local, value,
};
use crate::domain::event::PlayerEntry;
use crate::domain::id_number::IdNumber;
use crate::domain::registration::normalize_name;

/// One data row of an entry file: its line (row) number and the entry or why it is invalid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub line: usize,
    pub entry: Result<PlayerEntry, RowFault>,
}

/// The text of a text-like field, or an error for a cell showing a spreadsheet error.
fn text_of(cell: &Cell, f: Field, errors: &mut Vec<FieldFault>) -> String {
    if let Cell::Error(e) = cell {
        errors.push(FieldFault::CellError {
            field: f,
            shown: e.clone(),
        });
        return String::new();
    }
    cell.text()
}

fn birth_of(cell: &Cell, today: NaiveDate) -> Result<Option<NaiveDate>, FieldFault> {
    let date = match cell {
        c if c.is_blank() => return Ok(None),
        Cell::Date(d) => *d,
        Cell::Number(n) => excel_serial(*n).map_err(FieldFault::Birth)?,
        Cell::Text(s) => {
            let t = value::halfwidth(s.trim());
            if (4..=5).contains(&t.len()) && t.chars().all(|c| c.is_ascii_digit()) {
                // A serial number (e.g. 40365) pasted as text, or a bare year.
                let n = t
                    .parse::<f64>()
                    .map_err(|_| FieldFault::Birth(ValueFault::NotADate(t.clone())))?;
                excel_serial(n).map_err(FieldFault::Birth)?
            } else {
                parse_date(&t).map_err(FieldFault::Birth)?
            }
        }
        Cell::Bool(b) => {
            return Err(FieldFault::Birth(ValueFault::NoDate(format!("'{b}'"))));
        }
        Cell::Error(e) => {
            return Err(FieldFault::CellError {
                field: Field::Birth,
                shown: e.clone(),
            });
        }
        Cell::Empty => return Ok(None),
    };
    if date > today {
        return Err(FieldFault::BirthInFuture(date));
    }
    Ok(Some(date))
}

/// One row to an entry, or every reason it is not one, each naming the field.
pub(super) fn convert(
    row: &RawRow,
    h: &header::Header,
    today: NaiveDate,
) -> Result<PlayerEntry, RowFault> {
    let get = |f: Field| h.column(f).map_or(&Cell::Empty, |c| row.cell(c));
    let mut errors: Vec<FieldFault> = Vec::new();
    let name = normalize_name(&value::halfwidth(&text_of(
        get(Field::Name),
        Field::Name,
        &mut errors,
    )));
    if name.is_empty() && errors.is_empty() {
        let rest: Vec<String> = row
            .cells
            .iter()
            .map(Cell::text)
            .filter(|t| !t.is_empty())
            .collect();
        errors.push(FieldFault::EmptyName { rest });
    }
    let gender: Option<crate::domain::rules::Gender> = match get(Field::Gender) {
        c if c.is_blank() => None,
        c => match parse_gender(&c.text()) {
            Ok(g) => Some(g),
            Err(e) => {
                errors.push(FieldFault::Gender(e));
                None
            }
        },
    };
    let mut birth = birth_of(get(Field::Birth), today).unwrap_or_else(|e| {
        errors.push(e);
        None
    });
    let mut gender = gender;
    let id_number = id_number_of(get(Field::IdNumber)).unwrap_or_else(|e| {
        errors.push(FieldFault::IdNumber(e));
        None
    });
    if let Some(id) = &id_number {
        fill_from_id(id, &mut birth, &mut gender, today, &mut errors);
    }
    let club = text_of(get(Field::Club), Field::Club, &mut errors);
    let team = text_of(get(Field::Team), Field::Team, &mut errors);
    let group = value::halfwidth(&text_of(get(Field::Group), Field::Group, &mut errors));
    let local = match get(Field::Local) {
        Cell::Bool(b) => *b,
        c => parse_local(&c.text()).unwrap_or_else(|e| {
            errors.push(FieldFault::Local(e));
            false
        }),
    };
    if !errors.is_empty() {
        return Err(RowFault::Fields {
            name,
            faults: errors,
        });
    }
    Ok(PlayerEntry {
        name,
        gender,
        birth,
        club: club.trim().to_string(),
        team: team.trim().to_string(),
        group: group.trim().to_string(),
        local,
        id_number,
    })
}

/// The identity card number of a cell, checked (ISO 7064 MOD 11-2 check character, a real
/// birth date; an old 15-digit number converted to 18). A spreadsheet number cell is
/// refused: Excel keeps only 15 significant digits, so the last ones are already lost.
fn id_number_of(cell: &Cell) -> Result<Option<IdNumber>, IdFault> {
    match cell {
        c if c.is_blank() => Ok(None),
        Cell::Text(t) => IdNumber::parse(&value::halfwidth(t))
            .map(Some)
            .map_err(IdFault::Bad),
        Cell::Number(_) => Err(IdFault::StoredAsNumber),
        other => Err(IdFault::NotText(other.text())),
    }
}

/// Birth date and gender from the ID number where their columns are empty; where they are
/// given, they must agree with it.
fn fill_from_id(
    id: &IdNumber,
    birth: &mut Option<NaiveDate>,
    gender: &mut Option<crate::domain::rules::Gender>,
    today: NaiveDate,
    errors: &mut Vec<FieldFault>,
) {
    let from_id = id.birth();
    match birth {
        None if from_id > today => errors.push(FieldFault::IdBirthInFuture(from_id)),
        None => *birth = Some(from_id),
        Some(b) if *b != from_id => errors.push(FieldFault::BirthDisagrees { given: *b, from_id }),
        Some(_) => {}
    }
    match gender {
        None => *gender = Some(id.gender()),
        Some(g) if *g != id.gender() => errors.push(FieldFault::GenderDisagrees {
            given: *g,
            from_id: id.gender(),
        }),
        Some(_) => {}
    }
}

/// Refuses a row repeating an earlier row's name and birth date.
pub(super) fn mark_duplicates(rows: &mut [Row], unit: &'static str) {
    let mut seen: HashMap<(String, Option<NaiveDate>), usize> = HashMap::new();
    for row in rows.iter_mut() {
        let Ok(e) = &row.entry else { continue };
        let key = (e.name.clone(), e.birth);
        if let Some(first) = seen.get(&key) {
            row.entry = Err(RowFault::Duplicate {
                name: e.name.clone(),
                unit,
                first: *first,
                birth: e.birth,
            });
        } else {
            seen.insert(key, row.line);
        }
    }
}
