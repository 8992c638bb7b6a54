//! Properties of the standings over random events (RULES.md §6), for every seed preset:
//! - each player's points are the sum of their Swiss results plus byes (recomputed here);
//! - wins and opponent score match a direct recomputation;
//! - ranks run 1..n in each section, without gaps or repeats, every player once;
//! - the order is a total order consistent with the chain: for adjacent rows, the first is
//!   not worse on the first criterion where they differ, and they do differ somewhere;
//! - `history` gives the same tables as `standings`, and `previous_round_rank` is the rank in
//!   the previous table.

use crate::support::standings as standings_support;

use std::cmp::Ordering;

use bianpai::domain::result::Outcome;
use bianpai::domain::rules::{FoulKind, Tiebreak};
use bianpai::domain::standings::{Standing, history, standings};
use bianpai::domain::tiebreak::Values;
use bianpai::domain::{Round, Side, Tournament};
use proptest::prelude::*;
use standings_support::Log;

/// A tiny deterministic generator (splitmix64), so one `u64` from proptest drives an event.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const PRESETS: [&str; 3] = ["qigu-2024-07", "qiyuan-2019", "lvliang-2024"];

/// Random pairings per section (rematches allowed: the standings must cope), random results
/// (about one board in ten unfinished), random fouls, random withdrawals between rounds.
fn random_event(preset: usize, players: usize, rounds: u32, seed: u64) -> Tournament {
    let mut rng = Mix(seed);
    let sections: Vec<&str> = if PRESETS[preset] == "qiyuan-2019" {
        (0..players)
            .map(|_| if rng.below(3) == 0 { "junior" } else { "open" })
            .collect()
    } else {
        vec![""; players]
    };
    // Sections must be contiguous ranges of numbers: sort the groups (open before junior).
    let mut groups = sections.clone();
    groups.sort_by_key(|g| *g == "junior");
    let mut log = Log::new(PRESETS[preset]).players(&groups);
    let mut active: Vec<bool> = vec![true; players];
    for round in 1..=rounds {
        let mut boards: Vec<(u32, u32, &str)> = Vec::new();
        let mut byes = Vec::new();
        for section in ["open", "junior", ""] {
            let mut pool: Vec<u32> = (0..players)
                .filter(|i| active[*i] && groups[*i] == section)
                .map(|i| i as u32 + 1)
                .collect();
            for i in (1..pool.len()).rev() {
                let j = rng.below(i + 1);
                pool.swap(i, j);
            }
            if pool.len() % 2 == 1 {
                byes.extend(pool.pop());
            }
            for pair in pool.chunks(2) {
                let word = match rng.below(20) {
                    0 | 1 => "",
                    2 => "+:-",
                    3 => "-:+",
                    4 => "-:-",
                    5..=9 => "=",
                    10..=14 => "1-0",
                    _ => "0-1",
                };
                boards.push((pair[0], pair[1], word));
            }
        }
        log.round(round, &boards, &byes);
        for (b, _) in boards.iter().enumerate() {
            for _ in 0..rng.below(4).saturating_sub(1) {
                let side = if rng.below(2) == 0 {
                    Side::Red
                } else {
                    Side::Black
                };
                let kind = FoulKind::ALL[rng.below(FoulKind::ALL.len())];
                log.foul(round, b as u32 + 1, side, kind);
            }
        }
        if rng.below(8) == 0 {
            let i = rng.below(players);
            if active[i] {
                active[i] = false;
                log.withdraw(i as u32 + 1);
            }
        }
    }
    log.tournament()
}

/// Points, wins and opponent score recomputed from the games, after round `after`.
fn recompute(t: &Tournament, after: u32) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let n = t.players.len();
    let pts = &t.rules.points;
    let mut points = vec![0; n];
    let mut wins = vec![0; n];
    let mut met: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut byes = vec![0; n];
    for r in t.rounds.iter().take(after as usize) {
        for g in &r.games {
            let Some(res) = g.result else { continue };
            for side in Side::BOTH {
                let me = g.player(side).index();
                points[me] += pts.for_result(res, side);
                if res.outcome(side) == Outcome::Win {
                    wins[me] += 1;
                }
                met[me].push(g.player(side.other()).index());
            }
        }
        for b in &r.byes {
            points[b.index()] += pts.bye_points();
            byes[b.index()] += 1;
        }
    }
    let lowest = |section: usize| {
        t.players
            .iter()
            .filter(|p| p.section == section)
            .map(|p| points[p.no.index()])
            .min()
            .unwrap_or(0)
    };
    let opp = (0..n)
        .map(|i| {
            met[i].iter().map(|o| points[*o]).sum::<u32>() + byes[i] * lowest(t.players[i].section)
        })
        .collect();
    (points, wins, opp)
}

/// Which of two players is better on one criterion, written from RULES.md §6 (not taken
/// from the code under test). `None`: this criterion cannot compare them.
fn better(tb: Tiebreak, a: &Values, b: &Values) -> Option<Ordering> {
    let more = |x: u32, y: u32| Some(y.cmp(&x));
    match tb {
        Tiebreak::OpponentScore => more(a.opponent_score, b.opponent_score),
        Tiebreak::Progressive => more(a.progressive, b.progressive),
        Tiebreak::Wins => more(a.wins, b.wins),
        Tiebreak::Fouls => Some(a.fouls.cmp(&b.fouls)),
        Tiebreak::BlackGames => more(a.black_games, b.black_games),
        Tiebreak::BlackWins => more(a.black_wins, b.black_wins),
        Tiebreak::DirectEncounter => match (a.direct_encounter, b.direct_encounter) {
            (Some(x), Some(y)) => more(x, y),
            (None, None) => Some(Ordering::Equal),
            _ => None,
        },
        Tiebreak::PreviousRoundRank => Some(a.previous_ranks.cmp(&b.previous_ranks)),
        Tiebreak::PreviousRoundPoints => Some(b.previous_points.cmp(&a.previous_points)),
        Tiebreak::DrawNumber => Some(a.draw_number.cmp(&b.draw_number)),
        Tiebreak::SonnebornBerger => Some(b.sonneborn_berger.cmp(&a.sonneborn_berger)),
        // FIDE's: a place inside the tied group, lower first; every other value higher first.
        Tiebreak::FideDe => match (a.get(tb), b.get(tb)) {
            (Some(x), Some(y)) => Some(x.cmp(&y)),
            (None, None) => Some(Ordering::Equal),
            _ => None,
        },
        fide => Some(b.get(fide).cmp(&a.get(fide))),
    }
}

fn check_table(t: &Tournament, after: u32, table: &[Standing]) -> Result<(), TestCaseError> {
    let (points, wins, opp) = recompute(t, after);
    prop_assert_eq!(table.len(), t.players.len());
    let mut seen = vec![false; t.players.len()];
    for r in table {
        let i = r.no.index();
        prop_assert!(!seen[i], "player {} twice", r.no);
        seen[i] = true;
        prop_assert_eq!(r.points, points[i], "points of {}", r.no);
        prop_assert_eq!(r.values.wins, wins[i], "wins of {}", r.no);
        prop_assert_eq!(
            r.values.opponent_score,
            opp[i],
            "opponent score of {}",
            r.no
        );
        prop_assert_eq!(r.section, t.players[i].section);
    }
    for s in 0..t.rules.sections.len() {
        let rows: Vec<&Standing> = table.iter().filter(|r| r.section == s).collect();
        let ranks: Vec<u32> = rows.iter().map(|r| r.rank).collect();
        let want: Vec<u32> = (1..=rows.len() as u32).collect();
        prop_assert_eq!(ranks, want, "ranks of section {}", s);
        let mut chain = t.rules.tiebreaks.clone();
        if !chain.contains(&Tiebreak::DrawNumber) {
            chain.push(Tiebreak::DrawNumber);
        }
        for w in rows.windows(2) {
            let (a, b) = (w[0], w[1]);
            let mut decided = b.points.cmp(&a.points);
            for tb in &chain {
                if decided != Ordering::Equal {
                    break;
                }
                let c = better(*tb, &a.values, &b.values);
                prop_assert!(c.is_some(), "{:?} cannot compare {} and {}", tb, a.no, b.no);
                decided = c.unwrap_or(Ordering::Equal);
            }
            prop_assert_eq!(
                decided,
                Ordering::Less,
                "{} placed before {} after round {}",
                a.no,
                b.no,
                after
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn standings_are_consistent(
        preset in 0..3_usize,
        players in 2..26_usize,
        rounds in 1..7_u32,
        seed in any::<u64>(),
    ) {
        let t = random_event(preset, players, rounds, seed);
        let h = history(&t);
        prop_assert_eq!(h.len(), rounds as usize);
        for after in 1..=rounds {
            let table = standings(&t, Round(after));
            check_table(&t, after, &table)?;
            prop_assert_eq!(&h[after as usize - 1], &table);
            if after >= 2 {
                let before = &h[after as usize - 2];
                for r in &table {
                    let prev = before.iter().find(|p| p.no == r.no).map(|p| i64::from(p.rank));
                    prop_assert_eq!(r.value(Tiebreak::PreviousRoundRank), prev);
                }
            }
        }
    }
}

#[test]
fn double_forfeit_counts_as_met_without_points() {
    let mut log = Log::new("qigu-2024-07").players(&[""; 2]);
    log.round(1, &[(1, 2, "-:-")], &[]);
    let t = log.tournament();
    let table = standings(&t, Round(1));
    assert!(table.iter().all(|r| r.points == 0 && r.values.wins == 0));
    assert!(table.iter().all(|r| r.values.black_games == 0));
    // Direct encounter (printout): they met, nobody won.
    assert!(table.iter().all(|r| r.values.direct_encounter == Some(0)));
}
