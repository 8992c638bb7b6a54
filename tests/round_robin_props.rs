//! Property tests of the round robin (issue 24): random fields of 2–16 players, single and
//! double, paired round by round through `Tournament::decide` with random results. The schedule
//! is checked against its definition (every pair once per cycle, one bye per player per cycle
//! for an odd field, colours balanced, second cycle swapped), and 小分 and 直胜 are recomputed
//! here from the JSON export alone (games, results, withdrawals), not from the code under test.

mod pairing_common;

use std::collections::{HashMap, HashSet};

use bianpai::cli::args::What;
use bianpai::domain::event::{Event, PlayerEntry};
use bianpai::domain::rules::{Rules, System, Tiebreak};
use bianpai::domain::{Command, PlayerNo, Tournament};
use pairing_common::{actor, pair_next, play_round};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde_json::Value;

fn event(n: usize, system: System, chain: Vec<Tiebreak>, seed: u64) -> Tournament {
    let mut rules = Rules::preset("club-rr-10").expect("preset");
    rules.format = rules.format.with_system(system).expect("format");
    rules.rounds = 0;
    rules.registration.capacity = None;
    rules.tiebreaks = chain;
    // Withdrawals only where the test makes one (no automatic one after two forfeits).
    rules.withdraw_after_forfeits = 0;
    let mut events = vec![Event::Created {
        title: "rr".into(),
        rules: Box::new(rules),
    }];
    for i in 0..n {
        events.push(Event::PlayerRegistered {
            no: PlayerNo(i as u32 + 1),
            entry: PlayerEntry::named(format!("P{}", i + 1)),
        });
    }
    let mut t = Tournament::replay(&events).expect("created");
    let order = t.draw_order(Some(seed));
    t.apply(&Event::NumbersDrawn {
        seed: Some(seed),
        order,
    });
    t
}

/// Plays the whole schedule; `withdraw`: after that round, a random player withdraws.
fn play_all(t: &mut Tournament, seed: u64, withdraw: Option<u32>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rounds = t.rules.rounds;
    for r in 1..=rounds {
        pair_next(t).expect("a round robin always pairs");
        play_round(t, &mut rng);
        if withdraw == Some(r) && r < rounds {
            let no = PlayerNo(rng.next_u32() % t.players.len() as u32 + 1);
            let cmd = Command::WithdrawPlayer {
                no,
                reason: "test".into(),
            };
            for e in t.decide(&actor(), &cmd).expect("withdrawal accepted") {
                t.apply(&e);
            }
        }
    }
}

fn export_all(t: &Tournament) -> Value {
    bianpai::export::json_value(t, What::All, None, chrono::Utc::now()).expect("json")
}

fn num(v: &Value) -> u32 {
    v.as_u64().expect("a number") as u32
}

/// Points of one side of a result word with 2/1/0 (the preset's table).
fn points_of(word: &str, red: bool) -> u32 {
    match (word, red) {
        ("red_win" | "red_win_forfeit", true) | ("black_win" | "black_win_forfeit", false) => 2,
        ("draw", _) => 1,
        _ => 0,
    }
}

/// Every counted game from the JSON: (red, black, result word), from the schedule (boards
/// and the forfeits a withdrawal gives), without the games of annulled players.
fn counted_games(all: &Value) -> Vec<(u32, u32, String)> {
    let annulled: HashSet<u32> = all["withdrawals"]
        .as_array()
        .expect("withdrawals")
        .iter()
        .filter(|w| w["verdict"] == "annulled")
        .map(|w| num(&w["no"]))
        .collect();
    let mut out = Vec::new();
    for section in all["schedule"].as_array().expect("schedule") {
        for round in section["rounds"].as_array().expect("rounds") {
            for g in round["games"].as_array().expect("games") {
                let (red, black) = (num(&g["red"]), num(&g["black"]));
                if annulled.contains(&red) || annulled.contains(&black) {
                    continue;
                }
                if let Some(word) = g["result"].as_str() {
                    out.push((red, black, word.to_string()));
                }
            }
        }
    }
    out
}

fn standings_map(all: &Value) -> HashMap<u32, Value> {
    all["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|s| (num(&s["no"]), s.clone()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_schedule_meets_every_pair_once_per_cycle_with_balanced_colours(
        n in 2usize..=16, double in any::<bool>(), seed in any::<u64>()
    ) {
        let system = if double { System::DoubleRoundRobin } else { System::RoundRobin };
        let mut t = event(n, system, vec![Tiebreak::SonnebornBerger], seed);
        let per = if n % 2 == 0 { n - 1 } else { n } as u32;
        let cycles = if double { 2 } else { 1 };
        prop_assert_eq!(t.rules.rounds, per * cycles, "rounds: 0 resolved from the field");
        play_all(&mut t, seed, None);
        prop_assert!(t.decide(&actor(), &Command::PairNextRound).is_err(), "no round after the schedule");
        let mut first_colour: HashMap<(u32, u32), u32> = HashMap::new();
        for c in 0..cycles {
            let mut met: HashSet<(u32, u32)> = HashSet::new();
            let mut byes: HashMap<u32, u32> = HashMap::new();
            let mut reds: HashMap<u32, i32> = HashMap::new();
            for r in &t.rounds[(c * per) as usize..((c + 1) * per) as usize] {
                let mut seated = HashSet::new();
                for g in &r.games {
                    let (a, b) = (g.red.0, g.black.0);
                    prop_assert!(seated.insert(a) && seated.insert(b), "round {}: a player twice", r.round);
                    prop_assert!(met.insert((a.min(b), a.max(b))), "cycle {}: {}-{} twice", c + 1, a, b);
                    *reds.entry(a).or_default() += 1;
                    *reds.entry(b).or_default() -= 1;
                    let key = (a.min(b), a.max(b));
                    if c == 0 {
                        first_colour.insert(key, a);
                    } else {
                        prop_assert_eq!(first_colour.get(&key).copied(), Some(b), "second cycle swaps colours");
                    }
                }
                for b in &r.byes {
                    prop_assert!(seated.insert(b.0));
                    *byes.entry(b.0).or_default() += 1;
                }
                prop_assert_eq!(seated.len(), n, "everyone seated or with the bye");
            }
            prop_assert_eq!(met.len(), n * (n - 1) / 2, "every pair meets in cycle {}", c + 1);
            for no in 1..=n as u32 {
                let expect = u32::from(n % 2 == 1);
                prop_assert_eq!(byes.get(&no).copied().unwrap_or(0), expect, "byes of {}", no);
                let diff = reds.get(&no).copied().unwrap_or(0);
                prop_assert!(diff.abs() <= 1, "cycle {}: {} has colour difference {}", c + 1, no, diff);
            }
        }
        // No one has the same colour three times in a row over consecutive rounds (FIDE C.05).
        for no in 1..=n as u32 {
            let mut run: Vec<bool> = Vec::new();
            for r in &t.rounds {
                match r.game_of(PlayerNo(no)) {
                    Some(g) => run.push(g.red.0 == no),
                    None => run.clear(),
                }
                let k = run.len();
                prop_assert!(k < 3 || !(run[k - 1] == run[k - 2] && run[k - 2] == run[k - 3]),
                    "{} has one colour three times in a row by round {}", no, r.round);
            }
        }
    }

    #[test]
    fn sonneborn_berger_recomputed_from_the_json(
        n in 3usize..=12, double in any::<bool>(), withdraw in proptest::option::of(1u32..6), seed in any::<u64>()
    ) {
        let system = if double { System::DoubleRoundRobin } else { System::RoundRobin };
        let mut t = event(n, system, vec![Tiebreak::SonnebornBerger, Tiebreak::Wins], seed);
        play_all(&mut t, seed, withdraw);
        let all = export_all(&t);
        let games = counted_games(&all);
        let mut points: HashMap<u32, u32> = HashMap::new();
        for (red, black, w) in &games {
            *points.entry(*red).or_default() += points_of(w, true);
            *points.entry(*black).or_default() += points_of(w, false);
        }
        // The bye of an odd field is a rest: it scores nothing (docs/rules.md#1-scoring), so
        // 积分 is the sum of the games alone.
        let annulled: HashSet<u32> = all["withdrawals"].as_array().unwrap().iter()
            .filter(|w| w["verdict"] == "annulled").map(|w| num(&w["no"])).collect();
        prop_assert_eq!(all["rules"]["points"]["bye"].as_u64(), Some(0), "a round robin's bye scores 0");
        let table = standings_map(&all);
        for (no, s) in &table {
            prop_assert_eq!(num(&s["points"]), points.get(no).copied().unwrap_or(0), "points of {}", no);
            // 小分 in halves: opponent's points × my game points (2/1/0), ÷ 2 in the export.
            let mut halves = 0u32;
            for (red, black, w) in &games {
                if red == no {
                    halves += points[black] * points_of(w, true);
                } else if black == no {
                    halves += points[red] * points_of(w, false);
                }
            }
            let sb = s["tiebreaks"]["sonneborn_berger"].as_f64().expect("小分");
            prop_assert!((sb * 2.0 - f64::from(halves)).abs() < 1e-9, "小分 of {}: {} v {}/2", no, sb, halves);
        }
        // Annulled players are ranked after everyone else.
        let last_ranks: Vec<u32> = annulled.iter().map(|no| num(&table[no]["rank"])).collect();
        for r in last_ranks {
            prop_assert!(r as usize > n - annulled.len());
        }
    }

    #[test]
    fn direct_encounter_recomputed_from_the_json(
        n in 3usize..=10, double in any::<bool>(), seed in any::<u64>()
    ) {
        let system = if double { System::DoubleRoundRobin } else { System::RoundRobin };
        let mut t = event(n, system, vec![Tiebreak::DirectEncounter, Tiebreak::SonnebornBerger], seed);
        play_all(&mut t, seed, None);
        let all = export_all(&t);
        let games = counted_games(&all);
        let table = standings_map(&all);
        let mut by_points: HashMap<u32, Vec<u32>> = HashMap::new();
        for (no, s) in &table {
            by_points.entry(num(&s["points"])).or_default().push(*no);
        }
        for group in by_points.values() {
            // Every pair of a finished round robin has met: 直胜 always decides a tied group.
            for no in group {
                let expect: Option<u32> = match group.len() {
                    0 | 1 => None,
                    2 => {
                    let other = group.iter().find(|o| *o != no).copied();
                    Some(games.iter().filter(|(r, b, w)| {
                        (r == no && Some(*b) == other && points_of(w, true) == 2)
                            || (b == no && Some(*r) == other && points_of(w, false) == 2)
                    }).count() as u32)
                    }
                    _ => Some(games.iter().map(|(r, b, w)| {
                        if r == no && group.contains(b) {
                            points_of(w, true)
                        } else if b == no && group.contains(r) {
                            points_of(w, false)
                        } else {
                            0
                        }
                    }).sum()),
                };
                let got = table[no]["tiebreaks"]["direct_encounter"].as_u64().map(|v| v as u32);
                prop_assert_eq!(got, expect, "直胜 of {} in {:?}", no, group);
            }
            // Inside the group, more 直胜 ranks first.
            let mut ranked: Vec<(u32, u32)> = group.iter()
                .map(|no| (num(&table[no]["rank"]), table[no]["tiebreaks"]["direct_encounter"].as_u64().unwrap_or(0) as u32))
                .collect();
            ranked.sort_unstable();
            for w in ranked.windows(2) {
                prop_assert!(w[0].1 >= w[1].1, "直胜 order in {:?}: {:?}", group, ranked);
            }
        }
    }
}
