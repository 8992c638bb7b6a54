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

/// A blank inside a name: white space, full-width spaces (U+3000) and the braille blank
/// (U+2800, which prints as a space: `洪⠀智` is `洪智`).
fn is_blank(c: char) -> bool {
    c.is_whitespace() || c == '\u{2800}'
}

/// A name as compared and stored: outer blanks trimmed; inside a Chinese name every blank
/// removed (spreadsheets pad two-character names: "张  三"); inside other names runs of
/// blanks collapsed to one space. Full-width spaces (U+3000) and braille blanks count as
/// blanks.
pub fn normalize_name(name: &str) -> String {
    let cjk = name.chars().any(is_cjk);
    let mut out = String::with_capacity(name.len());
    for word in name.split(is_blank).filter(|w| !w.is_empty()) {
        if !out.is_empty() && !cjk {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// True when two names are the same after [`normalize_name`]; allocates only when the
/// letters agree (the duplicate check runs once per registered player).
fn same_name(first: &str, second: &str) -> bool {
    if first == second {
        return true;
    }
    let mut one = first.chars().filter(|c| !is_blank(*c));
    let mut two = second.chars().filter(|c| !is_blank(*c));
    let same_letters = loop {
        match (one.next(), two.next()) {
            (None, None) => break true,
            (l, r) if l == r => {}
            _ => break false,
        }
    };
    same_letters && normalize_name(first) == normalize_name(second)
}

/// A name as it prints, for the look-alike check: NFKC (a compatibility ideograph such as
/// U+F9E1 李 or a Kangxi radical such as U+2F00 一 is the common ideograph; full-width
/// letters are letters), braille blanks as spaces. Borrowed when nothing changes (the check
/// runs once per registered player).
fn as_printed(name: &str) -> std::borrow::Cow<'_, str> {
    use unicode_normalization::{IsNormalized, UnicodeNormalization as _, is_nfkc_quick};
    if is_nfkc_quick(name.chars()) == IsNormalized::Yes && !name.contains('\u{2800}') {
        return std::borrow::Cow::Borrowed(name);
    }
    std::borrow::Cow::Owned(
        name.nfkc()
            .map(|c| if c == '\u{2800}' { ' ' } else { c })
            .collect(),
    )
}

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{20000}'..='\u{2FFFF}')
}

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
    if let Some(id) = &entry.id_number
        && let Some(p) = t
            .players
            .iter()
            .find(|p| p.entry.id_number.as_ref() == Some(id))
    {
        return refuse(R::SameId {
            name,
            no: p.no,
            id: id.to_string(),
        });
    }
    let printed = as_printed(&name);
    if let Some(p) = t.players.iter().find(|p| {
        super::invisible::same_visible(&as_printed(&p.entry.name), &printed)
            && !same_name(&p.entry.name, &name)
    }) {
        return refuse(R::LooksLike {
            name,
            no: p.no,
            other: p.entry.name.clone(),
        });
    }
    if let Some(p) = t
        .players
        .iter()
        .find(|p| p.entry.birth == entry.birth && same_name(&p.entry.name, &name))
    {
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
mod tests {
    use super::*;
    use crate::domain::command::{Actor, Command};
    use crate::domain::ids::Round;
    use crate::domain::rules::{Gender, Role};

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn entry(name: &str, birth: Option<NaiveDate>, group: &str) -> PlayerEntry {
        PlayerEntry {
            name: name.into(),
            gender: None,
            birth,
            club: String::new(),
            team: String::new(),
            group: group.into(),
            local: false,
            id_number: None,
        }
    }

    fn event(preset: &str) -> Tournament {
        let mut rules = Rules::preset(preset).unwrap();
        // Numbers in registration order: no random draw in these fixtures.
        rules.numbers_by_registration = true;
        Tournament::new(rules.title.clone(), rules)
    }

    fn head() -> Actor {
        Actor {
            user: "test".into(),
            role: Role::Head,
        }
    }

    /// Registers through `decide` and applies the events, as the log would.
    fn add(t: &mut Tournament, e: PlayerEntry) -> Result<Vec<Event>, Refusal> {
        let evs = t.decide(&head(), &Command::RegisterPlayer(e))?;
        for ev in &evs {
            t.apply(ev);
        }
        Ok(evs)
    }

    fn refusal(t: &Tournament, e: &PlayerEntry) -> String {
        match check_entry(t, e) {
            Err(Refusal::Registration(m)) => m.to_string(),
            other => panic!("expected a registration refusal, got {other:?}"),
        }
    }

    #[test]
    fn seed_000_age_lines() {
        let day = d(2024, 7, 6);
        // Under 14: born after 2010-07-06.
        assert!(younger_than(d(2010, 7, 7), 14, day));
        assert!(!younger_than(d(2010, 7, 6), 14, day));
        // Under 70: born after 1954-07-06.
        assert!(younger_than(d(1954, 7, 7), 70, day));
        assert!(!younger_than(d(1954, 7, 6), 70, day));
    }

    #[test]
    fn leap_day_event_falls_back_to_28_february() {
        assert_eq!(years_before(d(2024, 2, 29), 14), d(2010, 2, 28));
    }

    #[test]
    fn names_are_normalized() {
        assert_eq!(normalize_name("  张  三 "), "张三");
        assert_eq!(normalize_name("张\u{3000}三"), "张三");
        assert_eq!(normalize_name(" Li   Wei "), "Li Wei");
        assert_eq!(normalize_name(" \t "), "");
        assert!(same_name("张三", "张 三"));
        assert!(same_name("Li Wei", " Li  Wei"));
        assert!(!same_name("Li Wei", "LiWei"));
        assert!(!same_name("张三", "张四"));
    }

    #[test]
    fn seed_000_under_70_refused_with_name_and_field() {
        let t = event("qigu-2024-07");
        let m = refusal(&t, &entry("老王", Some(d(1954, 7, 6)), ""));
        assert!(m.starts_with("老王: birth:"), "{m}");
        assert!(m.contains("under 70"), "{m}");
        assert!(check_entry(&t, &entry("老王", Some(d(1954, 7, 7)), "")).is_ok());
    }

    #[test]
    fn seed_003_born_on_or_after_1959() {
        let t = event("lvliang-2024");
        let m = refusal(&t, &entry("老李", Some(d(1958, 12, 31)), ""));
        assert!(m.contains("on or after 1959-01-01"), "{m}");
        assert!(check_entry(&t, &entry("老李", Some(d(1959, 1, 1)), "")).is_ok());
    }

    #[test]
    fn birth_after_event_date_refused() {
        let t = event("qigu-2024-07");
        let m = refusal(&t, &entry("小明", Some(d(2024, 7, 7)), ""));
        assert!(m.contains("after the event date 2024-07-06"), "{m}");
        // Born on the event day is allowed.
        assert!(check_entry(&t, &entry("小明", Some(d(2024, 7, 6)), "")).is_ok());
    }

    #[test]
    fn unknown_group_lists_the_known_ones() {
        let t = event("qiyuan-2019");
        let m = refusal(&t, &entry("小明", None, "老年组"));
        assert!(m.contains("group: unknown group '老年组'"), "{m}");
        assert!(m.contains("少年组 (junior)"), "{m}");
        assert!(check_entry(&t, &entry("小明", None, "Junior")).is_ok());
    }

    #[test]
    fn capacity_counts_registered_players() {
        let mut t = event("qigu-2024-07");
        for i in 0..40 {
            add(&mut t, entry(&format!("棋手{i}"), None, "")).unwrap();
        }
        let m = refusal(&t, &entry("第四十一", None, ""));
        assert!(m.contains("the event is full (40 players"), "{m}");
    }

    #[test]
    fn duplicates_compare_normalized_names_and_birth() {
        let mut t = event("qigu-2024-07");
        add(&mut t, entry("张三", Some(d(1990, 1, 1)), "")).unwrap();
        let m = refusal(&t, &entry("张 三", Some(d(1990, 1, 1)), ""));
        assert!(m.contains("already registered as player 1"), "{m}");
        // Same name, another birth date: a different person.
        assert!(check_entry(&t, &entry("张三", Some(d(1991, 1, 1)), "")).is_ok());
    }

    #[test]
    fn stored_entry_is_normalized() {
        let mut t = event("qiyuan-2019");
        add(&mut t, entry(" 王  五 ", None, "junior")).unwrap();
        assert_eq!(t.players[0].entry.name, "王五");
        assert_eq!(t.players[0].entry.group, "少年组");
    }

    #[test]
    fn late_entry_before_round_1_keeps_sections_contiguous() {
        let mut t = event("qiyuan-2019");
        for i in 0..3 {
            add(&mut t, entry(&format!("公开{i}"), None, "open")).unwrap();
            add(&mut t, entry(&format!("少年{i}"), None, "junior")).unwrap();
        }
        let evs = t
            .decide(&head(), &Command::DrawNumbers { seed: 7 })
            .unwrap();
        for e in &evs {
            t.apply(e);
        }
        let before: Vec<(u32, String)> = t
            .players
            .iter()
            .map(|p| (p.no.0, p.entry.name.clone()))
            .collect();
        let evs = add(&mut t, entry("迟到", None, "open")).unwrap();
        assert_eq!(evs.len(), 2, "{evs:?}");
        let sections: Vec<usize> = t.players.iter().map(|p| p.section).collect();
        assert_eq!(sections, vec![0, 0, 0, 0, 1, 1, 1]);
        assert_eq!(t.players[3].entry.name, "迟到");
        assert_eq!(t.players[3].joins_round, Round(1));
        // Open players keep their numbers; junior numbers shift up by one.
        for (no, name) in &before {
            let now = t
                .players
                .iter()
                .find(|p| &p.entry.name == name)
                .unwrap()
                .no
                .0;
            assert_eq!(now, if *no <= 3 { *no } else { no + 1 }, "{name}");
        }
        // A junior late entry lands at the end already: no renumbering.
        let evs = add(&mut t, entry("迟到2", None, "junior")).unwrap();
        assert_eq!(evs.len(), 1);
        assert_eq!(t.players[7].entry.name, "迟到2");
    }

    #[test]
    fn late_entry_after_round_1_takes_next_number_and_joins_next_round() {
        let mut t = event("qiyuan-2019");
        for i in 0..4 {
            add(&mut t, entry(&format!("公开{i}"), None, "open")).unwrap();
            add(&mut t, entry(&format!("少年{i}"), None, "junior")).unwrap();
        }
        let evs = t.decide(&head(), &Command::PairNextRound).unwrap();
        for e in &evs {
            t.apply(e);
        }
        let evs = add(&mut t, entry("迟到", None, "open")).unwrap();
        assert_eq!(evs.len(), 1);
        let p = &t.players[8];
        assert_eq!(p.no, PlayerNo(9));
        assert_eq!(p.section, 0);
        assert_eq!(p.joins_round, Round(2));
    }

    #[test]
    fn no_entry_once_every_round_is_paired() {
        let mut rules = Rules::preset("qigu-2024-07").unwrap();
        rules.rounds = 1;
        rules.numbers_by_registration = true;
        let mut t = Tournament::new(String::new(), rules);
        add(&mut t, entry("甲", None, "")).unwrap();
        add(&mut t, entry("乙", None, "")).unwrap();
        for e in t.decide(&head(), &Command::PairNextRound).unwrap() {
            t.apply(&e);
        }
        let m = refusal(&t, &entry("丙", None, ""));
        assert!(m.contains("too late to enter"), "{m}");
    }

    #[test]
    fn fees_per_preset() {
        let mut t = event("qigu-2024-07");
        add(&mut t, entry("少年", Some(d(2010, 7, 7)), "")).unwrap();
        add(&mut t, entry("十四岁", Some(d(2010, 7, 6)), "")).unwrap();
        add(&mut t, entry("无生日", None, "")).unwrap();
        let fees: Vec<u32> = t.players.iter().map(|p| fee(&t.rules, &p.entry)).collect();
        assert_eq!(fees, vec![0, 100, 100]);
        let s = fee_totals(&t);
        assert_eq!((s.players, s.paying, s.free, s.total_yuan), (3, 2, 1, 200));
        assert_eq!(s.sections.len(), 1);
        assert_eq!(s.sections[0].1.total_yuan, 200);

        let e = entry("甲", Some(d(2012, 1, 1)), "junior");
        assert_eq!(fee(&Rules::preset("qiyuan-2019").unwrap(), &e), 50);
        assert_eq!(fee(&Rules::preset("lvliang-2024").unwrap(), &e), 150);
    }

    #[test]
    fn fee_totals_per_section() {
        let mut t = event("qiyuan-2019");
        add(&mut t, entry("甲", None, "open")).unwrap();
        let mut girl = entry("乙", None, "junior");
        girl.gender = Some(Gender::F);
        add(&mut t, girl).unwrap();
        add(&mut t, entry("丙", None, "junior")).unwrap();
        let s = fee_totals(&t);
        assert_eq!(s.total_yuan, 150);
        assert_eq!(
            s.sections[0],
            (
                "公开组".to_string(),
                SectionFees {
                    players: 1,
                    paying: 1,
                    free: 0,
                    total_yuan: 50
                }
            )
        );
        assert_eq!(s.sections[1].1.players, 2);
        assert_eq!(s.sections[1].1.total_yuan, 100);
    }
}
