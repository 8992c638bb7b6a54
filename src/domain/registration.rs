//! Entry rules (RULES.md §9): capacity, age limits against the event date, duplicates and
//! known sections. Fees for the players report.

use chrono::{Datelike, NaiveDate};

use super::event::PlayerEntry;
use super::refusal::Refusal;
use super::rules::Rules;
use super::tournament::Tournament;

/// The date `years` before `date` (29 February falls back to 28 February).
pub fn years_before(date: NaiveDate, years: u32) -> NaiveDate {
    let y = date.year() - years as i32;
    NaiveDate::from_ymd_opt(y, date.month(), date.day())
        .or_else(|| NaiveDate::from_ymd_opt(y, date.month(), date.day().saturating_sub(1)))
        .unwrap_or(date)
}

/// True when someone born on `birth` is younger than `age` years on `on`.
pub fn younger_than(birth: NaiveDate, age: u32, on: NaiveDate) -> bool {
    birth > years_before(on, age)
}

/// Checks one entry against the rules and the players already registered.
pub fn check_entry(t: &Tournament, entry: &PlayerEntry) -> Result<(), Refusal> {
    let refuse = |m: String| Err(Refusal::Registration(m));
    let rules = &t.rules;
    let name = entry.name.trim();
    if name.is_empty() {
        return refuse("name: must not be empty".into());
    }
    if name.chars().count() > 40 || name.chars().any(char::is_control) {
        return refuse(format!("name: '{name}' is not a player's name"));
    }
    if let Some(cap) = rules.registration.capacity
        && t.players.len() as u32 >= cap
    {
        return refuse(format!("the event is full ({cap} players, 限额{cap}人)"));
    }
    let group = entry.group.trim();
    let section = if group.is_empty() {
        rules.sections.first()
    } else {
        rules.section(group)
    };
    let Some(section) = section else {
        let known: Vec<&str> = rules.sections.iter().map(|s| s.name.as_str()).collect();
        return refuse(format!(
            "group: unknown group '{group}' (known: {})",
            known.join(", ")
        ));
    };
    if rules.registration.require_birth && entry.birth.is_none() {
        return refuse(format!("{name}: a birth date is required"));
    }
    if let Some(birth) = entry.birth {
        if let Some(date) = rules.date {
            if birth > date {
                return refuse(format!(
                    "{name}: birth date {birth} is after the event date"
                ));
            }
            if let Some(age) = rules.registration.max_age
                && !younger_than(birth, age, date)
            {
                return refuse(format!(
                    "{name}: born {birth}, must be under {age} on {date} (born after {})",
                    years_before(date, age)
                ));
            }
            if let Some(age) = section.max_age
                && !younger_than(birth, age, date)
            {
                return refuse(format!(
                    "{name}: born {birth}, too old for {} (under {age})",
                    section.name
                ));
            }
        }
        if let Some(min) = rules.registration.born_on_or_after
            && birth < min
        {
            return refuse(format!(
                "{name}: born {birth}, must be born on or after {min}"
            ));
        }
    }
    if t.players
        .iter()
        .any(|p| p.entry.name.trim() == name && p.entry.birth == entry.birth)
    {
        return refuse(match entry.birth {
            Some(b) => format!("{name} (born {b}) is already registered"),
            None => format!("{name} is already registered (give a birth date to tell them apart)"),
        });
    }
    Ok(())
}

/// The entry fee due from a player.
pub fn fee(rules: &Rules, entry: &PlayerEntry) -> u32 {
    let base = rules
        .section(&entry.group)
        .and_then(|s| s.fee)
        .unwrap_or(rules.registration.fee);
    match (rules.registration.free_under_age, entry.birth, rules.date) {
        (Some(age), Some(birth), Some(date)) if younger_than(birth, age, date) => 0,
        _ => base,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_000_age_lines() {
        let d = NaiveDate::from_ymd_opt(2024, 7, 6).unwrap();
        // Under 14: born after 2010-07-06.
        assert!(younger_than(
            NaiveDate::from_ymd_opt(2010, 7, 7).unwrap(),
            14,
            d
        ));
        assert!(!younger_than(
            NaiveDate::from_ymd_opt(2010, 7, 6).unwrap(),
            14,
            d
        ));
        // Under 70: born after 1954-07-06.
        assert!(younger_than(
            NaiveDate::from_ymd_opt(1954, 7, 7).unwrap(),
            70,
            d
        ));
        assert!(!younger_than(
            NaiveDate::from_ymd_opt(1954, 7, 6).unwrap(),
            70,
            d
        ));
    }
}
