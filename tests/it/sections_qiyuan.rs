//! Seed 001 (第三届深圳“棋缘杯”, preset `qiyuan-2019`): 30 open and 15 junior players play
//! separate Swiss sections in the same rounds (RULES.md §8). Everything goes through the
//! real binary: import, draw, 7 × (pair, results), standings, prizes.
//!
//! Checked: numbers per section in contiguous ranges; nobody paired across sections; every
//! player exactly once per round (a game or the bye); no rematch; boards numbered 1..n
//! continuously across the room (open boards first, then junior); standings ranked within
//! each section; place prizes per section and the junior-girls category (少年女子组) drawn
//! only from junior girls and not stacked on a money place prize (`stacks: false`).
//!
//! Results are decided by a hidden strength per player so the run is deterministic: the
//! stronger player wins, players one point of strength apart draw. The junior girls and the
//! two open women are the weakest of their sections.
//!
//! Assumed prize export (`export --format json --what prizes`, not on this branch yet): a
//! JSON array of objects with at least `"no"` (player number), `"group"` (section name),
//! `"label"` or `"prize"` (the place label, or the category name for a category prize; a
//! `"category"` key is also accepted) and `"amount"` (yuan).

use crate::support::cli as cli_support;

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use cli_support::{Event, ok, run};

const OPEN: &str = "公开组";
const JUNIOR: &str = "少年组";

struct Entrant {
    name: String,
    female: bool,
    group: &'static str,
    strength: i64,
}

/// 28 open men, 2 open women, 10 junior boys, 5 junior girls.
fn entrants() -> Vec<Entrant> {
    let mut v = Vec::new();
    for i in 1..=28 {
        v.push(Entrant {
            name: format!("公开{i:02}"),
            female: false,
            group: OPEN,
            strength: 1000 - i * 3,
        });
    }
    for i in 1..=2 {
        v.push(Entrant {
            name: format!("女士{i:02}"),
            female: true,
            group: OPEN,
            strength: 100 - i * 3,
        });
    }
    for i in 1..=10 {
        v.push(Entrant {
            name: format!("少年{i:02}"),
            female: false,
            group: JUNIOR,
            strength: 500 - i * 3,
        });
    }
    for i in 1..=5 {
        v.push(Entrant {
            name: format!("少女{i:02}"),
            female: true,
            group: JUNIOR,
            strength: 300 - i * 3 + 2 * (i % 2),
        });
    }
    v
}

impl Event {
    /// The event of seed 001, preset `qiyuan-2019`.
    fn qiyuan() -> Event {
        Event::with_log("qiyuan-2019", "qiyuan.log")
    }

    /// Imports the 45 players from a CSV (groups interleaved, as a desk types them), draws.
    fn register(&self, people: &[Entrant]) {
        let mut csv = String::from("姓名,性别,出生日期,组别\n");
        let (open, junior): (Vec<&Entrant>, Vec<&Entrant>) =
            people.iter().partition(|p| p.group == OPEN);
        let mut j = junior.iter();
        for (k, p) in open.iter().enumerate() {
            csv.push_str(&row(p, 1970 + k));
            if k % 2 == 1
                && let Some(q) = j.next()
            {
                csv.push_str(&row(q, 2006 + k % 6));
            }
        }
        for (k, q) in j.enumerate() {
            csv.push_str(&row(q, 2006 + k % 6));
        }
        let out = self.import(&self.file("报名.csv", csv));
        assert!(out.contains("导入45名棋手"), "{out}");
        ok(&["draw", self.log_str(), "--seed", "20190710"]);
    }
}

fn row(p: &Entrant, year: usize) -> String {
    format!(
        "{},{},{year}-03-0{},{}\n",
        p.name,
        if p.female { "女" } else { "男" },
        1 + year % 9,
        if p.group == OPEN { "open" } else { "junior" }
    )
}

/// Number → (name, group, female) from the players export.
fn roster(e: &Event, people: &[Entrant]) -> HashMap<u64, (String, String, bool)> {
    let by_name: HashMap<&str, &Entrant> = people.iter().map(|p| (p.name.as_str(), p)).collect();
    e.json("players", None)
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let name = p["name"].as_str().unwrap().to_string();
            let who = by_name[name.as_str()];
            assert_eq!(p["group"], who.group, "{p}");
            assert_eq!(p["gender"], if who.female { "f" } else { "m" }, "{p}");
            (
                p["no"].as_u64().unwrap(),
                (name, p["group"].as_str().unwrap().to_string(), who.female),
            )
        })
        .collect()
}

fn word(diff: i64) -> &'static str {
    match diff {
        d if d.abs() <= 1 => "draw",
        d if d > 0 => "red_win",
        _ => "black_win",
    }
}

/// Checks one round's pairing: sections kept apart, everyone once, boards continuous with
/// the open boards first. Returns the (red, black) pairs in board order.
fn check_round(
    round: &Value,
    roster: &HashMap<u64, (String, String, bool)>,
) -> (Vec<(u64, u64, u64)>, Vec<u64>) {
    let games = round["games"].as_array().unwrap();
    let r = round["round"].as_u64().unwrap();
    let mut seen = HashSet::new();
    let mut pairs = Vec::new();
    let mut last_section = 0;
    for (k, g) in games.iter().enumerate() {
        let board = g["board"].as_u64().unwrap();
        assert_eq!(board, k as u64 + 1, "round {r}: boards must run 1..n: {g}");
        let (red, black) = (g["red"].as_u64().unwrap(), g["black"].as_u64().unwrap());
        let (rg, bg) = (&roster[&red].1, &roster[&black].1);
        assert_eq!(
            rg, bg,
            "round {r} board {board}: {red} ({rg}) v {black} ({bg})"
        );
        let section = usize::from(rg == JUNIOR);
        assert!(
            section >= last_section,
            "round {r} board {board}: an open board after a junior board"
        );
        last_section = section;
        assert_eq!(g["section"], *rg, "{g}");
        assert!(
            seen.insert(red) && seen.insert(black),
            "round {r}: {g} twice"
        );
        pairs.push((board, red, black));
    }
    let byes: Vec<u64> = round["byes"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    for b in &byes {
        assert!(seen.insert(*b), "round {r}: bye {b} also plays");
    }
    assert_eq!(seen.len(), 45, "round {r}: every player once");
    // 30 open: 15 boards. 15 junior: 7 boards and a junior bye.
    let open_boards = pairs
        .iter()
        .filter(|(_, red, _)| roster[red].1 == OPEN)
        .count();
    assert_eq!(open_boards, 15, "round {r}");
    assert_eq!(pairs.len(), 22, "round {r}");
    assert_eq!(byes.len(), 1, "round {r}");
    assert_eq!(roster[&byes[0]].1, JUNIOR, "round {r}: the bye");
    (pairs, byes)
}

fn play_round(e: &Event, r: u32, pairs: &[(u64, u64, u64)], strength: &HashMap<u64, i64>) {
    let round = r.to_string();
    // Results are taken only for a started round.
    ok(&["start", e.log_str()]);
    for (board, red, black) in pairs {
        let w = word(strength[red] - strength[black]);
        ok(&[
            "result",
            e.log_str(),
            &board.to_string(),
            w,
            "--round",
            &round,
        ]);
    }
}

fn strengths(
    people: &[Entrant],
    roster: &HashMap<u64, (String, String, bool)>,
) -> HashMap<u64, i64> {
    let by_name: HashMap<&str, i64> = people
        .iter()
        .map(|p| (p.name.as_str(), p.strength))
        .collect();
    roster
        .iter()
        .map(|(no, (name, _, _))| (*no, by_name[name.as_str()]))
        .collect()
}

#[test]
fn round_1_numbers_and_boards_per_section() {
    let people = entrants();
    let e = Event::qiyuan();
    e.register(&people);
    let roster = roster(&e, &people);
    // Contiguous ranges: open 1-30, junior 31-45 (sections in rules order).
    for no in 1..=45u64 {
        let expected = if no <= 30 { OPEN } else { JUNIOR };
        assert_eq!(roster[&no].1, expected, "number {no}");
    }
    ok(&["pair", e.log_str()]);
    let r1 = &e.json("pairings", Some(1))[0];
    let (pairs, byes) = check_round(r1, &roster);
    // Round 1 by number within each section (adjacent): 1-2, 4-3, …; junior 31-32, 34-33, …
    assert_eq!(pairs[0], (1, 1, 2));
    assert_eq!(pairs[1], (2, 4, 3));
    assert_eq!(pairs[15], (16, 31, 32));
    assert_eq!(pairs[16], (17, 34, 33));
    assert_eq!(
        byes,
        vec![45],
        "odd junior field: the highest junior number"
    );
}

#[test]
fn seven_rounds_sections_standings_and_prizes() {
    let people = entrants();
    let e = Event::qiyuan();
    e.register(&people);
    let roster = roster(&e, &people);
    let strength = strengths(&people, &roster);
    let mut met: HashSet<(u64, u64)> = HashSet::new();
    let mut byes_seen: HashSet<u64> = HashSet::new();
    let mut points: HashMap<u64, u64> = roster.keys().map(|n| (*n, 0)).collect();
    for r in 1..=7u32 {
        let current = e.json("pairings", None)[0]["round"].as_u64().unwrap_or(0);
        if current < u64::from(r) {
            let out = run(&["pair", e.log_str()]);
            assert!(
                out.status.success(),
                "round {r} could not be paired: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let round = &e.json("pairings", Some(r))[0];
        let (pairs, byes) = check_round(round, &roster);
        for (board, red, black) in &pairs {
            let key = ((*red).min(*black), (*red).max(*black));
            assert!(
                met.insert(key),
                "round {r} board {board}: {red} v {black} again"
            );
            let w = word(strength[red] - strength[black]);
            let (pr, pb) = match w {
                "red_win" => (2, 0),
                "black_win" => (0, 2),
                _ => (1, 1),
            };
            *points.get_mut(red).unwrap() += pr;
            *points.get_mut(black).unwrap() += pb;
        }
        for b in &byes {
            assert!(byes_seen.insert(*b), "round {r}: {b} has a second bye");
            *points.get_mut(b).unwrap() += 2;
        }
        play_round(&e, r, &pairs, &strength);
    }

    // Standings: ranked within each section, points as played.
    let standings = e.json("standings", None);
    let standings = standings.as_array().unwrap();
    assert_eq!(standings.len(), 45);
    let mut order: HashMap<&str, Vec<u64>> = HashMap::new();
    for s in standings {
        let no = s["no"].as_u64().unwrap();
        let group = s["group"].as_str().unwrap();
        assert_eq!(group, roster[&no].1, "{s}");
        assert_eq!(s["points"].as_u64().unwrap(), points[&no], "{s}");
        let list = order
            .entry(if group == OPEN { OPEN } else { JUNIOR })
            .or_default();
        list.push(no);
        assert_eq!(s["rank"].as_u64().unwrap(), list.len() as u64, "{s}");
    }
    assert_eq!(order[OPEN].len(), 30);
    assert_eq!(order[JUNIOR].len(), 15);
    // The total of points in a section is 2 per game plus 2 per bye.
    let total = |g: &str| order[g].iter().map(|n| points[n]).sum::<u64>();
    assert_eq!(total(OPEN), 7 * 15 * 2);
    assert_eq!(total(JUNIOR), 7 * (7 * 2 + 2));

    // Prizes per section (seed 001 §九).
    let out = run(&[
        "export",
        e.log_str(),
        "--format",
        "json",
        "--what",
        "prizes",
    ]);
    assert!(
        out.status.success(),
        "prizes export: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let prizes: Value = serde_json::from_slice(&out.stdout).unwrap();
    let prizes = prizes.as_array().expect("prizes: a JSON array");
    let text = |p: &Value| {
        ["label", "prize", "category"]
            .iter()
            .filter_map(|k| p.get(*k).and_then(Value::as_str))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (girls_prizes, place_prizes): (Vec<&Value>, Vec<&Value>) =
        prizes.iter().partition(|p| text(p).contains("少年女子"));
    let mut place_of: HashMap<u64, u64> = HashMap::new();
    for p in &place_prizes {
        let no = p["no"].as_u64().expect("prize: no");
        assert_eq!(
            p["group"], roster[&no].1,
            "a prize outside the winner's section: {p}"
        );
        let amount = p["amount"].as_u64().expect("prize: amount");
        assert!(
            place_of.insert(no, amount).is_none(),
            "two place prizes for {no}"
        );
    }
    let open_amounts = [600, 400, 300, 200, 200, 200, 100, 100, 100, 100, 100, 100];
    for (rank, amount) in open_amounts.iter().enumerate() {
        let no = order[OPEN][rank];
        assert_eq!(place_of.get(&no), Some(amount), "open rank {}", rank + 1);
    }
    let junior_amounts = [300, 200, 100, 50, 50, 50, 50, 50];
    for (rank, amount) in junior_amounts.iter().enumerate() {
        let no = order[JUNIOR][rank];
        assert_eq!(place_of.get(&no), Some(amount), "junior rank {}", rank + 1);
    }
    // Junior 9-12: certificates only (amount 0) when listed; nobody below 12th has a place prize.
    for (rank, no) in order[JUNIOR].iter().enumerate().skip(8) {
        if let Some(a) = place_of.get(no) {
            assert!(rank < 12 && *a == 0, "junior rank {}: {a}", rank + 1);
        }
    }
    for no in order[OPEN].iter().skip(12) {
        assert!(
            !place_of.contains_key(no),
            "open player {no} below 12th has a prize"
        );
    }
    // 少年女子组 (stacks: false): 50 each to three junior girls without a money place
    // prize, best-ranked first. Whether a certificate-only place (junior 9-12) also blocks
    // the category is left to the prizes module: a girl with no place prize at all must
    // not be passed over for a lower-ranked one.
    let rank_in_junior = |no: u64| order[JUNIOR].iter().position(|n| *n == no);
    let free_girls: Vec<u64> = order[JUNIOR]
        .iter()
        .filter(|no| roster[no].2 && !place_of.contains_key(no))
        .copied()
        .collect();
    assert!(free_girls.len() >= 3, "set-up: the girls should be weak");
    let mut got = HashSet::new();
    for p in &girls_prizes {
        let no = p["no"].as_u64().expect("category prize: no");
        assert!(
            roster[&no].2 && roster[&no].1 == JUNIOR,
            "not a junior girl: {p}"
        );
        assert_eq!(p["amount"], 50, "{p}");
        assert_eq!(p["group"], JUNIOR, "{p}");
        assert!(
            place_of.get(&no).copied().unwrap_or(0) == 0,
            "{no} takes a money place prize and the category: {p}"
        );
        assert!(got.insert(no), "{no} twice in the category");
    }
    assert_eq!(got.len(), 3, "three junior-girls prizes: {girls_prizes:?}");
    let worst = got
        .iter()
        .filter_map(|n| rank_in_junior(*n))
        .max()
        .unwrap_or(0);
    for g in &free_girls {
        if rank_in_junior(*g).unwrap_or(usize::MAX) < worst {
            assert!(
                got.contains(g),
                "girl {g} passed over for a lower-ranked girl"
            );
        }
    }
    // No open woman takes the junior-girls category.
    assert!(got.iter().all(|no| roster[no].1 == JUNIOR));
}
