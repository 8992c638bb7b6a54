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

/// The refusal as data (its words are `i18n::errors::registration`'s).
fn refusal(t: &Tournament, e: &PlayerEntry) -> RegistrationFault {
    match check_entry(t, e) {
        Err(Refusal::Registration(m)) => m,
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
    assert!(
        matches!(&m, RegistrationFault::TooOld { name, age: 70, birth, .. }
            if name == "老王" && *birth == d(1954, 7, 6)),
        "{m:?}"
    );
    assert!(check_entry(&t, &entry("老王", Some(d(1954, 7, 7)), "")).is_ok());
}

#[test]
fn seed_003_born_on_or_after_1959() {
    let t = event("lvliang-2024");
    let m = refusal(&t, &entry("老李", Some(d(1958, 12, 31)), ""));
    assert!(
        matches!(&m, RegistrationFault::BornTooEarly { min, .. } if *min == d(1959, 1, 1)),
        "{m:?}"
    );
    assert!(check_entry(&t, &entry("老李", Some(d(1959, 1, 1)), "")).is_ok());
}

#[test]
fn birth_after_event_date_refused() {
    let t = event("qigu-2024-07");
    let m = refusal(&t, &entry("小明", Some(d(2024, 7, 7)), ""));
    assert!(
        matches!(&m, RegistrationFault::BornAfterEvent { date, .. } if *date == d(2024, 7, 6)),
        "{m:?}"
    );
    // Born on the event day is allowed.
    assert!(check_entry(&t, &entry("小明", Some(d(2024, 7, 6)), "")).is_ok());
}

#[test]
fn unknown_group_lists_the_known_ones() {
    let t = event("qiyuan-2019");
    let m = refusal(&t, &entry("小明", None, "老年组"));
    assert!(
        matches!(&m, RegistrationFault::UnknownGroup { group, known, .. }
            if group == "老年组" && known.iter().any(|k| k == "少年组 (junior)")),
        "{m:?}"
    );
    assert!(check_entry(&t, &entry("小明", None, "Junior")).is_ok());
}

#[test]
fn capacity_counts_registered_players() {
    let mut t = event("qigu-2024-07");
    for i in 0..40 {
        add(&mut t, entry(&format!("棋手{i}"), None, "")).unwrap();
    }
    let m = refusal(&t, &entry("第四十一", None, ""));
    assert!(
        matches!(&m, RegistrationFault::Full { cap: 40, .. }),
        "{m:?}"
    );
}

#[test]
fn duplicates_compare_normalized_names_and_birth() {
    let mut t = event("qigu-2024-07");
    add(&mut t, entry("张三", Some(d(1990, 1, 1)), "")).unwrap();
    let m = refusal(&t, &entry("张 三", Some(d(1990, 1, 1)), ""));
    assert!(
        matches!(
            &m,
            RegistrationFault::SameNameAndBirth {
                no: PlayerNo(1),
                ..
            }
        ),
        "{m:?}"
    );
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
    assert!(
        matches!(&m, RegistrationFault::TooLate { rounds: 1, .. }),
        "{m:?}"
    );
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

/// The duplicate checks as they read before the entry index: a pass over the whole field,
/// the first player in field order named. The oracle of the index's equivalence test.
fn duplicate_by_pass(t: &Tournament, e: &PlayerEntry) -> Option<RegistrationFault> {
    let name = normalize_name(&e.name);
    if let Some(id) = &e.id_number
        && let Some(p) = t
            .players
            .iter()
            .find(|p| p.entry.id_number.as_ref() == Some(id))
    {
        return Some(RegistrationFault::SameId {
            name,
            no: p.no,
            id: id.to_string(),
        });
    }
    let printed = super::look_key(&name);
    if let Some(p) = t
        .players
        .iter()
        .find(|p| super::look_key(&p.entry.name) == printed && !same_name(&p.entry.name, &name))
    {
        return Some(RegistrationFault::LooksLike {
            name,
            no: p.no,
            other: p.entry.name.clone(),
        });
    }
    t.players
        .iter()
        .find(|p| p.entry.birth == e.birth && same_name(&p.entry.name, &name))
        .map(|p| RegistrationFault::SameNameAndBirth {
            name,
            no: p.no,
            birth: e.birth,
        })
}

/// A valid identity number, the `i`-th of a few.
fn id(i: usize) -> crate::domain::id_number::IdNumber {
    const WEIGHTS: [u32; 17] = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    const CHECK: [char; 11] = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'];
    let body = format!("33010619900101{:03}", 11 + 2 * i);
    let sum: u32 = body
        .chars()
        .zip(WEIGHTS)
        .map(|(c, w)| c.to_digit(10).unwrap() * w)
        .sum();
    crate::domain::id_number::IdNumber::parse(&format!("{body}{}", CHECK[(sum % 11) as usize]))
        .unwrap()
}

/// Letters, blanks, compatibility forms, marks and invisibles: names that are the same,
/// print alike or differ in every way the duplicate checks tell apart.
const NAME_CHARS: [char; 17] = [
    '张', '三', '李', '\u{F9E1}', '\u{2F00}', '一', 'a', 'A', '\u{FF21}', 'e', '\u{0301}',
    '\u{E9}', ' ', '\u{3000}', '\u{2800}', '\u{200B}', '\u{034F}',
];

fn arbitrary_entry((first, rest, birth, id_no): (usize, Vec<usize>, usize, usize)) -> PlayerEntry {
    let mut name: String = ['张', 'a', '李', '\u{F9E1}'][first % 4].to_string();
    name.extend(rest.iter().map(|&c| NAME_CHARS[c % NAME_CHARS.len()]));
    let mut e = entry(
        &name,
        [None, Some(d(1990, 1, 1)), Some(d(1991, 2, 3))][birth % 3],
        "",
    );
    e.id_number = (id_no < 3).then(|| id(id_no));
    e
}

proptest::proptest! {
    /// The index gives the verdicts of the pass over the field, on any field `apply` can
    /// hold (names stored as old logs wrote them, duplicates included), before and after a
    /// draw reorders it, and from a state whose index was not kept (a snapshot's).
    #[test]
    fn the_index_refuses_what_the_pass_refused(
        field in proptest::collection::vec(
            (0usize..4, proptest::collection::vec(0usize..17, 0..4), 0usize..3, 0usize..6),
            0..24,
        ),
        probes in proptest::collection::vec(
            (0usize..4, proptest::collection::vec(0usize..17, 0..4), 0usize..3, 0usize..6),
            1..12,
        ),
        draw_at in proptest::option::of(0usize..24),
    ) {
        let mut t = event("qigu-2024-07");
        t.rules.registration.capacity = None;
        for (i, raw) in field.into_iter().enumerate() {
            if draw_at == Some(i) && !t.players.is_empty() {
                t.apply(&Event::NumbersDrawn { seed: Some(7), order: t.draw_order(Some(7)) });
            }
            let no = PlayerNo(t.players.len() as u32 + 1);
            t.apply(&Event::PlayerRegistered { no, entry: arbitrary_entry(raw) });
        }
        proptest::prop_assert_eq!(&t.entries, &EntryIndex::of(t.players.iter().map(|p| &p.entry)));
        let mut unkept = t.clone();
        unkept.entries = EntryIndex::default();
        for raw in probes {
            let e = arbitrary_entry(raw);
            let want = duplicate_by_pass(&t, &e).map_or(Ok(()), |f| Err(Refusal::Registration(f)));
            proptest::prop_assert_eq!(check_entry(&t, &e), want.clone(), "{:?}", e.name);
            proptest::prop_assert_eq!(check_entry(&unkept, &e), want);
        }
    }
}
