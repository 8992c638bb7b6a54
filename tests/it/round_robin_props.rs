//! Property tests of the round robin (issue 24): random fields of 2–16 players, single and
//! double, paired round by round through `Tournament::decide` with random results. The schedule
//! is checked against its definition (every pair once per cycle, one bye per player per cycle
//! for an odd field, colours balanced, second cycle swapped), and 小分 and 直胜 are recomputed
//! here from the JSON export alone (games, results, withdrawals), not from the code under test.

use crate::support::pairing as pairing_common;

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
    let plans: Vec<u32> = withdraw.into_iter().collect();
    play_withdrawing(t, seed, &plans, false);
}

/// Plays the whole schedule with up to `plans.len()` withdrawals between rounds, at any gap of
/// the schedule: before round 1 (the player then leaves the field), between two rounds, or
/// after the last. The first withdraws after round `plans[0] % (rounds + 1)`; each later one
/// at that gap or after it (`plans[i] % (rounds − gap + 1)` rounds on). With `meets_first`,
/// the second to withdraw is the first's opponent in the next round of the table, when there
/// is one still in the event. Returns each withdrawn player with the first round they missed.
fn play_withdrawing(
    t: &mut Tournament,
    seed: u64,
    plans: &[u32],
    meets_first: bool,
) -> Vec<(u32, u32)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out: Vec<(u32, u32)> = Vec::new();
    let mut next_gap = plans.first().map(|a| a % (t.rules.rounds + 1));
    let mut consumed = 0;
    let mut played = 0u32;
    loop {
        while next_gap == Some(played) {
            let active: Vec<u32> = t
                .players
                .iter()
                .filter(|p| p.status == bianpai::domain::tournament::Status::Active)
                .map(|p| p.no.0)
                .collect();
            // Before round 1 the field must keep two players to be a round robin.
            if active.len() > 2 || played > 0 {
                let against_first = out
                    .first()
                    .filter(|_| meets_first)
                    .and_then(|&(a, _)| next_opponent(t, a, played))
                    .filter(|o| active.contains(o));
                let no =
                    against_first.unwrap_or_else(|| active[rng.next_u32() as usize % active.len()]);
                let cmd = Command::WithdrawPlayer {
                    no: PlayerNo(no),
                    reason: "test".into(),
                };
                for e in t.decide(&actor(), &cmd).expect("withdrawal accepted") {
                    t.apply(&e);
                }
                out.push((no, played + 1));
            }
            consumed += 1;
            next_gap = plans
                .get(consumed)
                .map(|a| played + a % (t.rules.rounds - played + 1));
        }
        if played >= t.rules.rounds {
            break;
        }
        pair_next(t).expect("a round robin always pairs");
        play_round(t, &mut rng);
        played += 1;
    }
    out
}

/// The opponent the table gives `no` in the first round after `after`, from the exported
/// schedule.
fn next_opponent(t: &Tournament, no: u32, after: u32) -> Option<u32> {
    let all = export_all(t);
    let section = all["schedule"].as_array()?.first()?.clone();
    section["rounds"]
        .as_array()?
        .iter()
        .filter(|r| num(&r["round"]) > after)
        .flat_map(|r| r["games"].as_array().cloned().unwrap_or_default())
        .find_map(|g| {
            let (red, black) = (num(&g["red"]), num(&g["black"]));
            if red == no {
                Some(black)
            } else if black == no {
                Some(red)
            } else {
                None
            }
        })
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

/// What this test works out for itself from the JSON export and the withdrawals it made.
struct Own {
    /// The table's players (a player withdrawn before round 1 is not one).
    field: Vec<u32>,
    annulled: HashSet<u32>,
    points: HashMap<u32, u32>,
    wins: HashMap<u32, u32>,
    /// 小分 × 2 (2/1/0 points, so halves are whole).
    sb_halves: HashMap<u32, u32>,
}

/// Recomputes the round robin from the JSON alone and the withdrawals `withdrawn` (player,
/// first round missed), after docs/rules.md#45-withdrawal-in-a-round-robin: a withdrawn
/// player who played fewer than half of the games the table gives them has every result
/// annulled; one who played half or more keeps them and loses each remaining game by forfeit
/// (the opponent scores the forfeit win of the table's colour; both out: nobody scores).
/// "Played": the boards sat at with a result, forfeits included, and the table's games against
/// an opponent already out (a forfeit win, on no board); never a game against a player whose
/// results are annulled. Checks on the way that the field,
/// the exported schedule and the `withdrawals` list agree with this reading.
fn recompute(all: &Value, withdrawn: &[(u32, u32)], n: usize) -> Result<Own, String> {
    let from: HashMap<u32, u32> = withdrawn.iter().copied().collect();
    let out_in = |p: u32, r: u32| from.get(&p).is_some_and(|f| *f <= r);
    let section = &all["schedule"].as_array().expect("schedule")[0];
    let field: Vec<u32> = section["field"]
        .as_array()
        .expect("field")
        .iter()
        .map(num)
        .collect();
    for p in 1..=n as u32 {
        let expect = from.get(&p) != Some(&1);
        if field.contains(&p) != expect {
            return Err(format!(
                "player {p} in the field: {}, withdrawals {withdrawn:?}",
                !expect
            ));
        }
    }
    for pl in all["players"].as_array().expect("players") {
        let no = num(&pl["no"]);
        let want = if from.contains_key(&no) {
            "withdrawn"
        } else {
            "active"
        };
        if pl["status"] != want {
            return Err(format!("player {no}: status {} not {want}", pl["status"]));
        }
    }
    // The boards: (round, red, black) → result.
    let mut boards: HashMap<(u32, u32, u32), String> = HashMap::new();
    for r in all["rounds"].as_array().expect("rounds") {
        for g in r["games"].as_array().expect("games") {
            let key = (num(&r["round"]), num(&g["red"]), num(&g["black"]));
            if out_in(key.1, key.0) || out_in(key.2, key.0) {
                return Err(format!(
                    "round {}: withdrawn player on a board {key:?}",
                    key.0
                ));
            }
            let word = g["result"].as_str().ok_or("an unfinished board")?;
            boards.insert(key, word.to_string());
        }
    }
    // The table, and every board is one of its games.
    let mut table: Vec<(u32, u32, u32, Value)> = Vec::new();
    for r in section["rounds"].as_array().expect("rounds") {
        for g in r["games"].as_array().expect("games") {
            table.push((
                num(&r["round"]),
                num(&g["red"]),
                num(&g["black"]),
                g.clone(),
            ));
        }
    }
    for key in boards.keys() {
        if !table.iter().any(|(r, a, b, _)| (*r, *a, *b) == *key) {
            return Err(format!("board {key:?} is not a game of the table"));
        }
    }
    let scheduled = |p: u32| {
        table
            .iter()
            .filter(|(_, a, b, _)| *a == p || *b == p)
            .count() as u32
    };
    // A game against a player whose results are annulled is no game: the verdicts are the
    // least fixed point, from no annulment on, adding what the count gives until none is added.
    let played = |p: u32, annulled: &HashSet<u32>| {
        table
            .iter()
            .filter(|(r, a, b, _)| (*a == p || *b == p) && !out_in(p, *r))
            .filter(|(_, a, b, _)| !annulled.contains(if *a == p { b } else { a }))
            .filter(|(r, a, b, _)| {
                boards.contains_key(&(*r, *a, *b)) || out_in(if *a == p { *b } else { *a }, *r)
            })
            .count() as u32
    };
    let mut annulled = HashSet::new();
    let mut expect_w: Vec<(u32, u32, u32, &str)>;
    loop {
        expect_w = Vec::new();
        let mut next = HashSet::new();
        for &(p, _) in withdrawn {
            if !field.contains(&p) {
                continue;
            }
            let (pl, sc) = (played(p, &annulled), scheduled(p));
            let verdict = if pl * 2 < sc { "annulled" } else { "forfeits" };
            if verdict == "annulled" {
                next.insert(p);
            }
            expect_w.push((p, pl, sc, verdict));
        }
        if next == annulled {
            break;
        }
        annulled = next;
    }
    expect_w.sort_unstable();
    let got_w: Vec<(u32, u32, u32, String)> = all["withdrawals"]
        .as_array()
        .expect("withdrawals")
        .iter()
        .map(|w| {
            (
                num(&w["no"]),
                num(&w["played"]),
                num(&w["scheduled"]),
                w["verdict"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    let want_w: Vec<(u32, u32, u32, String)> = expect_w
        .iter()
        .map(|&(a, b, c, d)| (a, b, c, d.to_string()))
        .collect();
    if got_w != want_w {
        return Err(format!(
            "withdrawals {got_w:?}, recomputed {want_w:?} (withdrawn {withdrawn:?})"
        ));
    }
    // The counted games: boards, and the forfeits the rule gives; annulled players' none.
    let mut games: Vec<(u32, u32, String)> = Vec::new();
    for (r, red, black, g) in &table {
        let word = match boards.get(&(*r, *red, *black)) {
            Some(w) => Some(w.clone()),
            None => match (out_in(*red, *r), out_in(*black, *r)) {
                (true, false) => Some("black_win_forfeit".to_string()),
                (false, true) => Some("red_win_forfeit".to_string()),
                (true, true) => None,
                (false, false) => return Err(format!("round {r}: {red}-{black} on no board")),
            },
        };
        if annulled.contains(red) || annulled.contains(black) {
            continue;
        }
        if g["result"].as_str() != word.as_deref() {
            return Err(format!(
                "schedule round {r} {red}-{black}: {} not {word:?}",
                g["result"]
            ));
        }
        if let Some(w) = word {
            games.push((*red, *black, w));
        }
    }
    let mut points: HashMap<u32, u32> = HashMap::new();
    let mut wins: HashMap<u32, u32> = HashMap::new();
    for (red, black, w) in &games {
        for (p, is_red) in [(*red, true), (*black, false)] {
            let got = points_of(w, is_red);
            *points.entry(p).or_default() += got;
            *wins.entry(p).or_default() += u32::from(got == 2);
        }
    }
    let mut sb_halves: HashMap<u32, u32> = HashMap::new();
    for (red, black, w) in &games {
        let pt = |p: &u32| points.get(p).copied().unwrap_or(0);
        *sb_halves.entry(*red).or_default() += pt(black) * points_of(w, true);
        *sb_halves.entry(*black).or_default() += pt(red) * points_of(w, false);
    }
    Ok(Own {
        field,
        annulled,
        points,
        wins,
        sb_halves,
    })
}

/// The exported table against the recomputation: the field's players once each, 积分, 小分 and
/// 胜局 as recomputed, the annulled players last, the others in the order of the chain (积分,
/// 小分, 胜局, then the number).
fn check_table(all: &Value, own: &Own) -> Result<(), String> {
    if all["rules"]["points"]["bye"].as_u64() != Some(0) {
        return Err("a round robin's bye scores 0 (docs/rules.md#1-scoring)".into());
    }
    let rows = all["standings"].as_array().expect("standings");
    let mut nos: Vec<u32> = rows.iter().map(|s| num(&s["no"])).collect();
    nos.sort_unstable();
    let mut field = own.field.clone();
    field.sort_unstable();
    if nos != field {
        return Err(format!("the table holds {nos:?}, the field is {field:?}"));
    }
    let get = |m: &HashMap<u32, u32>, p: u32| m.get(&p).copied().unwrap_or(0);
    let mut ranked: Vec<(u32, u32)> = Vec::new();
    for s in rows {
        let no = num(&s["no"]);
        if num(&s["points"]) != get(&own.points, no) {
            return Err(format!(
                "points of {no}: {} v {}",
                s["points"],
                get(&own.points, no)
            ));
        }
        let sb = s["tiebreaks"]["sonneborn_berger"].as_f64().ok_or("小分")?;
        if (sb * 2.0 - f64::from(get(&own.sb_halves, no))).abs() > 1e-9 {
            return Err(format!(
                "小分 of {no}: {sb} v {}/2",
                get(&own.sb_halves, no)
            ));
        }
        if num(&s["tiebreaks"]["wins"]) != get(&own.wins, no) {
            return Err(format!(
                "胜局 of {no}: {} v {}",
                s["tiebreaks"]["wins"],
                get(&own.wins, no)
            ));
        }
        ranked.push((num(&s["rank"]), no));
    }
    ranked.sort_unstable();
    let kept = own.field.len() - own.annulled.len();
    for (i, (rank, no)) in ranked.iter().enumerate() {
        if *rank as usize != i + 1 {
            return Err(format!("ranks {ranked:?} not 1..{}", ranked.len()));
        }
        if own.annulled.contains(no) != (i >= kept) {
            return Err(format!(
                "annulled {:?} not last in {ranked:?}",
                own.annulled
            ));
        }
    }
    let key = |p: u32| {
        (
            get(&own.points, p),
            get(&own.sb_halves, p),
            get(&own.wins, p),
        )
    };
    for w in ranked[..kept].windows(2) {
        let (a, b) = (w[0].1, w[1].1);
        if key(a) < key(b) || (key(a) == key(b) && a > b) {
            return Err(format!("{a} {:?} ranked above {b} {:?}", key(a), key(b)));
        }
    }
    Ok(())
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

proptest! {
    // Up to two withdrawals at any gap of the schedule: more cases, each one cheap.
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn withdrawals_at_every_round_recomputed_from_the_json(
        n in 3usize..=12,
        double in any::<bool>(),
        plans in proptest::collection::vec(any::<u32>(), 0..=2),
        meets_first in any::<bool>(),
        seed in any::<u64>()
    ) {
        let system = if double { System::DoubleRoundRobin } else { System::RoundRobin };
        let mut t = event(n, system, vec![Tiebreak::SonnebornBerger, Tiebreak::Wins], seed);
        let withdrawn = play_withdrawing(&mut t, seed, &plans, meets_first);
        let all = export_all(&t);
        let own = recompute(&all, &withdrawn, n).map_err(TestCaseError::fail)?;
        check_table(&all, &own).map_err(TestCaseError::fail)?;
    }
}

/// Four players; the two drawn 1 and 2 withdraw after round 2, each having played two games of
/// three (half or more: their results stand, the rest are forfeits). The Berger table's round 3
/// is 2–4 and 3–1: both games are against a withdrawn player, so no board is left, yet the round
/// is part of the schedule: 3 and 4 each win it by forfeit (docs/rules.md#45-withdrawal-in-a-round-robin),
/// and the event reaches its last round.
#[test]
fn a_round_whose_every_game_has_a_withdrawn_player_still_pairs() {
    let mut t = event(
        4,
        System::RoundRobin,
        vec![Tiebreak::SonnebornBerger, Tiebreak::Wins],
        7,
    );
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 1..=2 {
        pair_next(&mut t).expect("rounds 1 and 2");
        play_round(&mut t, &mut rng);
    }
    for no in [1, 2] {
        let cmd = Command::WithdrawPlayer {
            no: PlayerNo(no),
            reason: "test".into(),
        };
        for e in t.decide(&actor(), &cmd).expect("withdrawal accepted") {
            t.apply(&e);
        }
    }
    pair_next(&mut t).unwrap_or_else(|e| panic!("round 3: {e:?}"));
    play_round(&mut t, &mut rng);
    assert_eq!(t.rounds.len(), 3, "every round of the table paired");
    assert!(
        t.decide(&actor(), &Command::PairNextRound).is_err(),
        "no round after the schedule"
    );
    let all = export_all(&t);
    let own = recompute(&all, &[(1, 3), (2, 3)], 4).expect("recomputed");
    check_table(&all, &own).expect("the table as recomputed");
}
