//! Entry rules (docs/rules.md#9-registration): capacity (限额), age limits against the event date, duplicates
//! (same name and birth date), known sections (组别, docs/rules.md#8-teams-groups-prizes), late entries (docs/rules.md#4-late-arrival-forfeits-withdrawal:
//! a late entry joins with zero points), and the entry fees for the players report.
//!
//! Player numbers (docs/rules.md#2-player-numbers-and-round-1, docs/cli.md): a new player always takes the next free number.
//! Before round 1 is paired, if numbers were already drawn and the newcomer's section is not
//! the one holding the highest numbers, the newcomer is slotted in right after the last
//! number of its section and the numbers above shift up by one, so that every section keeps
//! one contiguous range. Once round 1 is paired, numbers are fixed (pairings refer to them):
//! the newcomer keeps the next free number and its section's range is no longer contiguous.

use chrono::{Datelike, NaiveDate};

use super::competition::LateEntry;
use super::event::{Event, PlayerEntry};
use super::ids::PlayerNo;
use super::refusal::Refusal;
use super::rules::Rules;
use super::tournament::{Player, Tournament};

pub mod fault;
pub mod index;
pub mod name;
pub use fault::RegistrationFault;
pub use index::EntryIndex;
use name::same_name;
pub use name::{look_key, name_key, normalize_name};

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

/// Checks one entry against the rules and the players already registered. Every refusal
/// names the player and the field at fault.
pub fn check_entry(t: &Tournament, entry: &PlayerEntry) -> Result<(), Refusal> {
    use RegistrationFault as R;
    let refuse = |f: RegistrationFault| Err(Refusal::Registration(f));
    let rules = &t.rules;
    if entry.name.chars().any(char::is_control) {
        return refuse(R::NameControl(entry.name.clone()));
    }
    let name = normalize_name(&entry.name);
    if name.is_empty() {
        return refuse(R::NameEmpty);
    }
    if name.chars().count() > 40 || name.chars().any(char::is_control) {
        return refuse(R::NotAName(name));
    }
    let paired = t.current_round().0;
    match super::competition::entry_open(t, paired) {
        Ok(()) => {}
        Err(LateEntry::TableFixed) => return refuse(R::RoundRobinStarted(name)),
        Err(LateEntry::AllRoundsPaired) => {
            return refuse(R::TooLate {
                name,
                rounds: rules.rounds,
            });
        }
    }
    if let Some(cap) = rules.registration.capacity
        && t.players.len() as u32 >= cap
    {
        return refuse(R::Full { name, cap });
    }
    let group = entry.group.trim();
    let section = if group.is_empty() {
        rules.sections.first()
    } else {
        rules.section(group)
    };
    let Some(section) = section else {
        let known: Vec<String> = rules
            .sections
            .iter()
            .map(|s| {
                if s.aliases.is_empty() {
                    s.name.clone()
                } else {
                    format!("{} ({})", s.name, s.aliases.join(", "))
                }
            })
            .collect();
        return refuse(R::UnknownGroup {
            name,
            group: group.to_string(),
            known,
        });
    };
    if rules.registration.require_birth && entry.birth.is_none() {
        return refuse(R::BirthRequired(name));
    }
    if let Some(birth) = entry.birth {
        if let Some(date) = rules.date {
            if birth > date {
                return refuse(R::BornAfterEvent { name, birth, date });
            }
            if let Some(age) = rules.registration.max_age
                && !younger_than(birth, age, date)
            {
                return refuse(R::TooOld {
                    name,
                    birth,
                    age,
                    date,
                    born_after: years_before(date, age),
                });
            }
            if let Some(age) = section.max_age
                && !younger_than(birth, age, date)
            {
                return refuse(R::TooOldForSection {
                    name,
                    birth,
                    section: section.name.clone(),
                    age,
                    date,
                });
            }
        }
        if let Some(min) = rules.registration.born_on_or_after
            && birth < min
        {
            return refuse(R::BornTooEarly { name, birth, min });
        }
    }
    // The field by key (`index`), as `apply` keeps it; a state it does not cover (read from a
    // snapshot, changed outside `apply`) is indexed here.
    let built;
    let index = if t.entries.covers(t.players.len()) {
        &t.entries
    } else {
        built = EntryIndex::of(t.players.iter().map(|p| &p.entry));
        &built
    };
    let first = |at: &[usize], keep: &dyn Fn(&Player) -> bool| {
        at.iter()
            .filter_map(|&i| t.players.get(i))
            .find(|p| keep(p))
    };
    if let Some(id) = &entry.id_number
        && let Some(p) = first(index.with_id(id), &|p| {
            p.entry.id_number.as_ref() == Some(id)
        })
    {
        return refuse(R::SameId {
            name,
            no: p.no,
            id: id.to_string(),
        });
    }
    if let Some(p) = first(index.looking(&look_key(&name)), &|p| {
        !same_name(&p.entry.name, &name)
    }) {
        return refuse(R::LooksLike {
            name,
            no: p.no,
            other: p.entry.name.clone(),
        });
    }
    if let Some(p) = first(index.named(&name_key(&name)), &|p| {
        p.entry.birth == entry.birth
    }) {
        return refuse(R::SameNameAndBirth {
            name,
            no: p.no,
            birth: entry.birth,
        });
    }
    Ok(())
}

/// Registers a player: the checks of [`check_entry`], then the events. The entry is stored
/// with its name normalized and its group spelled as the section's name. See the module
/// documentation for the number a late entry receives.
pub fn register(t: &Tournament, entry: &PlayerEntry) -> Result<Vec<Event>, Refusal> {
    check_entry(t, entry)?;
    let mut entry = entry.clone();
    entry.name = normalize_name(&entry.name);
    let section = if entry.group.trim().is_empty() {
        0
    } else {
        t.rules.section_index(&entry.group).unwrap_or(0)
    };
    entry.group = t.section_name(section).to_string();
    entry.club = entry.club.trim().to_string();
    entry.team = entry.team.trim().to_string();
    let n = t.players.len() as u32;
    let no = PlayerNo(n + 1);
    let mut events = vec![Event::PlayerRegistered { no, entry }];
    if let Some(seed) = t.draw
        && t.rounds.is_empty()
        && let Some(last) = t
            .players
            .iter()
            .filter(|p| p.section == section)
            .map(|p| p.no.0)
            .max()
        && last < n
    {
        // Numbers were drawn but round 1 is not paired: slot the newcomer in after the last
        // number of its section so that every section keeps a contiguous range.
        let mut order: Vec<PlayerNo> = (1..=last).map(PlayerNo).collect();
        order.push(no);
        order.extend((last + 1..=n).map(PlayerNo));
        events.push(Event::NumbersDrawn { seed, order });
    }
    Ok(events)
}

/// The entry fee due from a player, in yuan.
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

/// Entry fees over the registered players (withdrawn players included: fees are not refunded).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FeeSummary {
    pub players: u32,
    /// Players with a fee above zero.
    pub paying: u32,
    /// Players who enter free (e.g. under 14 in seed 000).
    pub free: u32,
    pub total_yuan: u32,
    /// The same figures per section, in rules order: (section name, summary of that section).
    pub sections: Vec<(String, SectionFees)>,
}

/// Entry fees of one section.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SectionFees {
    pub players: u32,
    pub paying: u32,
    pub free: u32,
    pub total_yuan: u32,
}

impl SectionFees {
    /// Counts one player paying `fee`.
    fn count(&mut self, fee: u32) {
        self.players = self.players.saturating_add(1);
        self.total_yuan = self.total_yuan.saturating_add(fee);
        if fee > 0 {
            self.paying = self.paying.saturating_add(1);
        } else {
            self.free = self.free.saturating_add(1);
        }
    }
}

/// Totals for the players report (`export --what players`).
pub fn fee_totals(t: &Tournament) -> FeeSummary {
    let mut sections: Vec<(String, SectionFees)> = t
        .rules
        .sections
        .iter()
        .map(|s| (s.name.clone(), SectionFees::default()))
        .collect();
    // Saturating: a large field at the largest fee cannot wrap a total.
    let mut all = SectionFees::default();
    for p in &t.players {
        let f = fee(&t.rules, &p.entry);
        all.count(f);
        if let Some((_, s)) = sections.get_mut(p.section) {
            s.count(f);
        }
    }
    let mut sum = FeeSummary {
        players: all.players,
        paying: all.paying,
        free: all.free,
        total_yuan: all.total_yuan,
        ..FeeSummary::default()
    };
    sum.sections = sections;
    sum
}

#[cfg(test)]
mod tests;
