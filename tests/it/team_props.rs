//! Property tests of team matches (团体赛, docs/rules.md#11-team-matches): random events of 3–10
//! teams (odd and even fields), 2–4 boards, a random team tiebreak chain, played through
//! `Tournament::decide` as a team round robin (single or double) or a Swiss of teams, with random
//! board results (forfeits and double forfeits included), lineups handed in now and then, and up
//! to two players of teams withdrawing at any gap of the schedule (before round 1 to after the
//! last; a whole team cannot withdraw). Everything is recomputed here from the JSON export alone:
//! every team's match points, game points (局分) and board points from the boards' results, the
//! schedule, and the order of the team table by the rules' chain.

use crate::support::pairing as pairing_common;

use std::collections::{BTreeMap, HashMap, HashSet};

use bianpai::cli::args::What;
use bianpai::domain::format::Format;
use bianpai::domain::rules::System;
use bianpai::domain::team::TeamTiebreak;
use bianpai::domain::tournament::Status;
use bianpai::domain::{Command, PlayerEntry, PlayerNo, Rules, TeamNo, Tournament};
use pairing_common::{actor, pair_next, play_round};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde_json::Value;

fn num(v: &Value) -> u32 {
    v.as_u64().unwrap_or_else(|| panic!("not a number: {v}")) as u32
}

fn step(t: &mut Tournament, cmd: &Command) {
    let events = t
        .decide(&actor(), cmd)
        .unwrap_or_else(|e| panic!("{cmd:?}: {e:?}"));
    for e in &events {
        t.apply(e);
    }
}

/// One random event's settings.
#[derive(Clone, Debug)]
struct Setup {
    teams: u32,
    boards: u32,
    system: System,
    /// Swiss rounds planned (a round robin plays its table).
    swiss_rounds: u32,
    chain: Vec<TeamTiebreak>,
    /// Withdrawals: each picks a gap of the schedule and a player, as in `play`.
    withdrawals: Vec<u32>,
    seed: u64,
}

fn setup() -> impl Strategy<Value = Setup> {
    (
        3u32..=10,
        2u32..=4,
        0u8..3,
        1u32..=7,
        Just(TeamTiebreak::ALL.to_vec()).prop_shuffle(),
        0usize..=5,
        proptest::collection::vec(any::<u32>(), 0..=2),
        any::<u64>(),
    )
        .prop_map(
            |(teams, boards, sys, rounds, all, k, withdrawals, seed)| Setup {
                teams,
                boards,
                system: [System::RoundRobin, System::DoubleRoundRobin, System::Swiss][sys as usize],
                swiss_rounds: rounds.min(teams - 1),
                chain: all[..k].to_vec(),
                withdrawals,
                seed,
            },
        )
}

/// A team event of `s.teams` teams of `s.boards` boards, each with one or two reserves.
fn event(s: &Setup) -> Tournament {
    let mut rules = Rules::preset("team-rr-8").expect("preset");
    rules.format = rules.format.with_system(s.system).expect("format");
    if let Format::Team { config, .. } = &mut rules.format {
        config.boards = s.boards;
        config.tiebreaks.clone_from(&s.chain);
    }
    rules.rounds = if s.system == System::Swiss {
        s.swiss_rounds
    } else {
        0
    };
    rules.registration.capacity = None;
    let mut t = Tournament::new("team props".into(), rules);
    let mut rng = ChaCha8Rng::seed_from_u64(s.seed ^ 0x7ea3);
    let mut next = 1u32;
    for k in 0..s.teams {
        let size = s.boards + 1 + rng.next_u32() % 2;
        for i in 0..size {
            step(
                &mut t,
                &Command::RegisterPlayer(PlayerEntry::named(format!("T{k}P{i}"))),
            );
        }
        let roster: Vec<PlayerNo> = (next..next + size).map(PlayerNo).collect();
        next += size;
        step(
            &mut t,
            &Command::RegisterTeam {
                name: format!("队{}", k + 1),
                players: roster[..s.boards as usize].to_vec(),
                reserves: roster[s.boards as usize..].to_vec(),
            },
        );
    }
    t
}

/// What the test did, to check the boards against.
#[derive(Default, Debug)]
struct Played {
    /// Player → first round missed.
    withdrawn: HashMap<u32, u32>,
    /// (round, team) → the lineup handed in.
    lineups: HashMap<(u32, u32), Vec<u32>>,
    /// The round a Swiss of teams could not pair, with the engine's refusal.
    refused: Option<(u32, String)>,
}

fn active(t: &Tournament, no: PlayerNo) -> bool {
    t.player(no).is_some_and(|p| p.status == Status::Active)
}

/// Plays the event: before each round, maybe withdrawals (at the gaps `s.withdrawals` pick:
/// the first after round `w % (rounds + 1)`, the next at that gap or later), then random
/// lineups (a random choice of `boards` active players in roster order, now and then), the
/// pairing, and random results on every board.
fn play(t: &mut Tournament, s: &Setup) -> Played {
    let mut rng = ChaCha8Rng::seed_from_u64(s.seed);
    let mut out = Played::default();
    let rounds = t.rules.rounds;
    let boards = s.boards as usize;
    let mut next_gap = s.withdrawals.first().map(|w| w % (rounds + 1));
    let mut consumed = 0;
    let mut played = 0u32;
    loop {
        while next_gap == Some(played) {
            // A player of a team that still fields its boards without them.
            let candidates: Vec<PlayerNo> = t
                .team_event
                .teams
                .iter()
                .filter(|team| team.roster().filter(|p| active(t, *p)).count() > boards)
                .flat_map(|team| team.roster().filter(|p| active(t, *p)).collect::<Vec<_>>())
                .collect();
            let Some(&no) = candidates.get(rng.next_u32() as usize % candidates.len().max(1))
            else {
                break;
            };
            step(
                t,
                &Command::WithdrawPlayer {
                    no,
                    reason: "test".into(),
                },
            );
            out.withdrawn.insert(no.0, played + 1);
            consumed += 1;
            next_gap = s
                .withdrawals
                .get(consumed)
                .map(|w| played + w % (rounds - played + 1));
        }
        if played >= rounds {
            break;
        }
        let round = played + 1;
        let teams: Vec<(TeamNo, Vec<PlayerNo>)> = t
            .team_event
            .teams
            .iter()
            .map(|x| (x.no, x.roster().filter(|p| active(t, *p)).collect()))
            .collect();
        for (team, roster) in teams {
            if rng.next_u32() % 3 != 0 {
                continue;
            }
            // `boards` of the active roster, order kept: drop random ones until it fits.
            let mut pick = roster;
            while pick.len() > boards {
                pick.remove(rng.next_u32() as usize % pick.len());
            }
            step(
                t,
                &Command::SubmitLineup {
                    round: None,
                    team,
                    players: pick.clone(),
                },
            );
            out.lineups
                .insert((round, team.0), pick.iter().map(|p| p.0).collect());
        }
        match pair_next(t) {
            Ok(_) => {}
            Err(e) if s.system == System::Swiss => {
                out.refused = Some((round, format!("{e:?}")));
                break;
            }
            Err(e) => panic!("a round robin of teams always pairs: round {round}: {e:?}"),
        }
        play_round(t, &mut rng);
        played += 1;
    }
    out
}

/// One round as the boards show it: the matches as (team with 先走, other team), and the team
/// in no match.
type RoundMatches = (Vec<(u32, u32)>, Option<u32>);

/// What this test computes for one team.
#[derive(Default, Debug, Clone)]
struct Own {
    mp: u32,
    gp: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    played: u32,
    byes: u32,
    boards: Vec<u32>,
    /// Each match: opponent, match points taken, whether this team had 先走.
    met: Vec<(u32, u32, bool)>,
}

/// The points of a result word for one side, from the rules in the export.
fn points(rules: &Value, word: &str, red: bool) -> u32 {
    let key = match (word, red) {
        ("red_win" | "red_win_forfeit", true) => "red_win",
        ("black_win" | "black_win_forfeit", false) => "black_win",
        ("draw", true) => "red_draw",
        ("draw", false) => "black_draw",
        (_, true) => "red_loss",
        (_, false) => "black_loss",
    };
    num(&rules["points"][key])
}

/// Recomputes every team's tally from the JSON: the boards of `rounds[]` read through the
/// rosters of `team_match.teams`, the bye of a Swiss of teams (a won match and a draw on every
/// board), the rest of a round robin (nothing). Checks on the way that each match is `boards`
/// consecutive boards with the 先走 team red on odd boards (R2011 13.3), that the exported
/// matches and scores agree, that no withdrawn player sits at a board, and that each team plays
/// its lineup if one was handed in, else its first `boards` active players in roster order.
/// Returns the tallies and each round's (matches as (先走, other), team with no match).
fn recompute(all: &Value, did: &Played) -> Result<(BTreeMap<u32, Own>, Vec<RoundMatches>), String> {
    let tm = &all["team_match"];
    let boards = num(&tm["boards"]) as usize;
    let swiss = tm["system"] == "swiss";
    let mp = &tm["match_points"];
    let (win, draw, loss) = (num(&mp["win"]), num(&mp["draw"]), num(&mp["loss"]));
    let mut team_of: HashMap<u32, u32> = HashMap::new();
    let mut roster: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    let mut own: BTreeMap<u32, Own> = BTreeMap::new();
    for x in tm["teams"].as_array().expect("teams") {
        let no = num(&x["no"]);
        let r: Vec<u32> = x["players"]
            .as_array()
            .expect("players")
            .iter()
            .chain(x["reserves"].as_array().expect("reserves"))
            .map(num)
            .collect();
        for p in &r {
            if team_of.insert(*p, no).is_some() {
                return Err(format!("player {p} in two teams"));
            }
        }
        roster.insert(no, r);
        own.insert(
            no,
            Own {
                boards: vec![0; boards],
                ..Own::default()
            },
        );
    }
    let out_in = |p: u32, r: u32| did.withdrawn.get(&p).is_some_and(|f| *f <= r);
    let mut schedule = Vec::new();
    for (ri, r) in all["rounds"].as_array().expect("rounds").iter().enumerate() {
        let round = num(&r["round"]);
        if round as usize != ri + 1 {
            return Err(format!("round {round} at position {}", ri + 1));
        }
        let games = r["games"].as_array().expect("games");
        if games.len() % boards != 0 {
            return Err(format!(
                "round {round}: {} boards, not whole matches",
                games.len()
            ));
        }
        let json_matches = tm["rounds"][ri]["matches"].as_array().expect("matches");
        if json_matches.len() != games.len() / boards {
            return Err(format!(
                "round {round}: {} matches exported",
                json_matches.len()
            ));
        }
        let mut pairs = Vec::new();
        let mut seated: HashSet<u32> = HashSet::new();
        for (k, chunk) in games.chunks(boards).enumerate() {
            let first = team_of[&num(&chunk[0]["red"])];
            let second = team_of[&num(&chunk[0]["black"])];
            if first == second || !seated.insert(first) || !seated.insert(second) {
                return Err(format!("round {round} match {}: {first} v {second}", k + 1));
            }
            let jm = &json_matches[k];
            if (num(&jm["first"]["no"]), num(&jm["second"]["no"])) != (first, second) {
                return Err(format!("round {round} match {}: exported {jm}", k + 1));
            }
            pairs.push((first, second));
            let (mut gf, mut gs) = (0, 0);
            let mut lineup: HashMap<u32, Vec<u32>> = HashMap::new();
            for (j, g) in chunk.iter().enumerate() {
                if num(&g["board"]) as usize != k * boards + j + 1 {
                    return Err(format!("round {round}: board {} out of order", g["board"]));
                }
                let (red, black) = (num(&g["red"]), num(&g["black"]));
                let want = if j % 2 == 0 {
                    (first, second)
                } else {
                    (second, first)
                };
                if (team_of[&red], team_of[&black]) != want {
                    return Err(format!("round {round} board {}: not 13.3", g["board"]));
                }
                for p in [red, black] {
                    if out_in(p, round) {
                        return Err(format!("round {round}: withdrawn player {p} on a board"));
                    }
                    lineup.entry(team_of[&p]).or_default().push(p);
                }
                let word = g["result"].as_str().ok_or("an unfinished board")?;
                let (pr, pb) = (
                    points(&all["rules"], word, true),
                    points(&all["rules"], word, false),
                );
                let (pf, ps) = if j % 2 == 0 { (pr, pb) } else { (pb, pr) };
                gf += pf;
                gs += ps;
                own.get_mut(&first).expect("team").boards[j] += pf;
                own.get_mut(&second).expect("team").boards[j] += ps;
            }
            for team in [first, second] {
                let expect = did.lineups.get(&(round, team)).cloned().unwrap_or_else(|| {
                    roster[&team]
                        .iter()
                        .copied()
                        .filter(|p| !out_in(*p, round))
                        .take(boards)
                        .collect()
                });
                if lineup[&team] != expect {
                    return Err(format!(
                        "round {round}: team {team} fielded {:?}, not {expect:?}",
                        lineup[&team]
                    ));
                }
            }
            let score = &jm["score"];
            if (num(&score["first"]), num(&score["second"])) != (gf, gs) {
                return Err(format!(
                    "round {round} match {}: score {score} v {gf}:{gs}",
                    k + 1
                ));
            }
            let (mf, ms) = match gf.cmp(&gs) {
                std::cmp::Ordering::Greater => (win, loss),
                std::cmp::Ordering::Less => (loss, win),
                std::cmp::Ordering::Equal => (draw, draw),
            };
            for (team, g, m, opp, is_first) in [
                (first, gf, mf, second, true),
                (second, gs, ms, first, false),
            ] {
                let o = own.get_mut(&team).expect("team");
                o.gp += g;
                o.mp += m;
                o.played += 1;
                match gf.cmp(&gs) {
                    std::cmp::Ordering::Equal => o.draws += 1,
                    ord if (ord == std::cmp::Ordering::Greater) == is_first => o.wins += 1,
                    _ => o.losses += 1,
                }
                o.met.push((opp, m, is_first));
            }
        }
        let resting: Vec<u32> = own
            .keys()
            .copied()
            .filter(|t| !seated.contains(t))
            .collect();
        if resting.len() > 1 {
            return Err(format!("round {round}: teams {resting:?} without a match"));
        }
        let bye = resting.first().copied();
        let json_bye = tm["rounds"][ri]["bye"]["no"].as_u64().map(|b| b as u32);
        if json_bye != bye {
            return Err(format!(
                "round {round}: bye {json_bye:?}, recomputed {bye:?}"
            ));
        }
        if let (Some(b), true) = (bye, swiss) {
            // A Swiss bye: a won match and a draw's game points on every board.
            let o = own.get_mut(&b).expect("team");
            o.byes += 1;
            o.mp += win;
            for k in 0..boards {
                let pts = points(&all["rules"], "draw", k % 2 == 0);
                o.gp += pts;
                o.boards[k] += pts;
            }
        }
        schedule.push((pairs, bye));
    }
    Ok((own, schedule))
}

/// The value of criterion `tb` for `team` among `group` (the teams level with it on every
/// criterion before): `None` where 直胜 gives no decision (alone, or not every pair of the group
/// has met).
fn criterion(
    tb: TeamTiebreak,
    own: &BTreeMap<u32, Own>,
    team: u32,
    group: &[u32],
) -> Option<Vec<u32>> {
    let me = &own[&team];
    match tb {
        TeamTiebreak::GamePoints => Some(vec![me.gp]),
        TeamTiebreak::MatchWins => Some(vec![me.wins]),
        TeamTiebreak::BoardPoints => Some(me.boards.clone()),
        TeamTiebreak::OpponentMatchPoints => {
            Some(vec![me.met.iter().map(|(o, _, _)| own[o].mp).sum()])
        }
        TeamTiebreak::DirectEncounter => {
            let met = |a: u32, b: u32| own[&a].met.iter().any(|(o, _, _)| *o == b);
            let every_pair = group
                .iter()
                .all(|&a| group.iter().all(|&b| a == b || met(a, b)));
            (group.len() > 1 && every_pair).then(|| {
                vec![
                    me.met
                        .iter()
                        .filter(|(o, _, _)| group.contains(o))
                        .map(|(_, m, _)| *m)
                        .sum(),
                ]
            })
        }
    }
}

/// Every team's key: match points, then each criterion of `chain` worked out within the group
/// still level when the chain reaches it.
fn keys(own: &BTreeMap<u32, Own>, chain: &[TeamTiebreak]) -> BTreeMap<u32, Vec<Option<Vec<u32>>>> {
    let mut keys: BTreeMap<u32, Vec<Option<Vec<u32>>>> = own
        .iter()
        .map(|(t, o)| (*t, vec![Some(vec![o.mp])]))
        .collect();
    for tb in chain {
        let snapshot = keys.clone();
        for (team, k) in &mut keys {
            let group: Vec<u32> = snapshot
                .iter()
                .filter(|(_, other)| **other == snapshot[team])
                .map(|(t, _)| *t)
                .collect();
            k.push(criterion(*tb, own, *team, &group));
        }
    }
    keys
}

fn json_chain(tm: &Value) -> Vec<TeamTiebreak> {
    tm["tiebreaks"]
        .as_array()
        .expect("tiebreaks")
        .iter()
        .map(|w| {
            *TeamTiebreak::ALL
                .iter()
                .find(|tb| tb.word() == w.as_str().unwrap_or(""))
                .unwrap_or_else(|| panic!("unknown tiebreak {w}"))
        })
        .collect()
}

/// The exported team table against the recomputation: every team once, its tallies, each
/// tiebreak value, and each adjacent pair in order by the first criterion that differs
/// (match points, the chain, then the team number).
fn check_table(all: &Value, own: &BTreeMap<u32, Own>) -> Result<(), String> {
    let tm = &all["team_match"];
    let chain = json_chain(tm);
    let keys = keys(own, &chain);
    let rows = tm["standings"].as_array().expect("standings");
    let order: Vec<u32> = rows.iter().map(|s| num(&s["no"])).collect();
    let mut sorted = order.clone();
    sorted.sort_unstable();
    if sorted != own.keys().copied().collect::<Vec<_>>() {
        return Err(format!("the table holds {order:?}"));
    }
    let swiss = tm["system"] == "swiss";
    for (i, s) in rows.iter().enumerate() {
        let no = num(&s["no"]);
        let o = &own[&no];
        let got = (
            num(&s["rank"]),
            num(&s["match_points"]),
            num(&s["game_points"]),
            num(&s["wins"]),
            num(&s["draws"]),
            num(&s["losses"]),
            num(&s["played"]),
        );
        let want = (
            i as u32 + 1,
            o.mp,
            o.gp,
            o.wins,
            o.draws,
            o.losses,
            o.played,
        );
        if got != want {
            return Err(format!(
                "team {no}: (rank, mp, gp, w, d, l, played) {got:?} v {want:?}"
            ));
        }
        if swiss && num(&s["byes"]) != o.byes {
            return Err(format!("team {no}: byes {} v {}", s["byes"], o.byes));
        }
        let bp: Vec<u32> = s["board_points"]
            .as_array()
            .expect("board_points")
            .iter()
            .map(num)
            .collect();
        if bp != o.boards {
            return Err(format!("team {no}: board points {bp:?} v {:?}", o.boards));
        }
        for (k, tb) in chain.iter().enumerate() {
            let v = &s["tiebreaks"][tb.word()];
            let got: Option<Vec<u32>> = match v {
                Value::Null => None,
                Value::Array(a) => Some(a.iter().map(num).collect()),
                n => Some(vec![num(n)]),
            };
            if got != keys[&no][k + 1] {
                return Err(format!(
                    "team {no}: {} {v} v {:?}",
                    tb.word(),
                    keys[&no][k + 1]
                ));
            }
        }
    }
    for w in order.windows(2) {
        let (a, b) = (w[0], w[1]);
        let (ka, kb) = (&keys[&a], &keys[&b]);
        match ka.iter().zip(kb).position(|(x, y)| x != y) {
            Some(k) if ka[k] < kb[k] => {
                return Err(format!(
                    "{a} {ka:?} above {b} {kb:?} (criterion {k} of mp+{chain:?})"
                ));
            }
            None if a > b => return Err(format!("{a} above {b}, level on {ka:?}")),
            _ => {}
        }
    }
    Ok(())
}

/// Whether a Swiss round of teams exists that keeps the hard rules (docs/rules.md#32-hard-rules,
/// #33-colour-rules, 先走 as the colour): no rematch, a bye only to a team without one (odd
/// fields), and before the last round nobody 先走 (or 后走) three times running or three more
/// times than the other. Brute force over every matching.
fn legal_round_exists(own: &BTreeMap<u32, Own>, last: bool) -> bool {
    fn colour_ok(hist: &[bool], first: bool) -> bool {
        let mut h = hist.to_vec();
        h.push(first);
        let n = h.len();
        let three = n >= 3 && h[n - 1] == h[n - 2] && h[n - 2] == h[n - 3];
        let firsts = h.iter().filter(|x| **x).count() as i64;
        let diff = (2 * firsts - n as i64).abs();
        !three && diff < 3
    }
    fn go(left: &[u32], own: &BTreeMap<u32, Own>, last: bool) -> bool {
        let Some((&a, rest)) = left.split_first() else {
            return true;
        };
        let hist = |t: u32| own[&t].met.iter().map(|m| m.2).collect::<Vec<_>>();
        rest.iter().any(|&b| {
            let fresh = !own[&a].met.iter().any(|m| m.0 == b);
            let colours = last
                || [true, false]
                    .iter()
                    .any(|&f| colour_ok(&hist(a), f) && colour_ok(&hist(b), !f));
            let others: Vec<u32> = rest.iter().copied().filter(|x| *x != b).collect();
            fresh && colours && go(&others, own, last)
        })
    }
    let teams: Vec<u32> = own.keys().copied().collect();
    if teams.len().is_multiple_of(2) {
        return go(&teams, own, last);
    }
    teams.iter().filter(|t| own[t].byes == 0).any(|&bye| {
        let others: Vec<u32> = teams.iter().copied().filter(|x| *x != bye).collect();
        go(&others, own, last)
    })
}

/// The schedule against its definition: a round robin plays its whole table, every pair of
/// teams once per cycle, 先走 swapped in the second cycle, one rest per team per cycle in an odd
/// field and none in an even one; a Swiss of teams never repeats a match, gives nobody a second
/// bye, a bye only in an odd field, and stops short of its rounds only when no legal round exists.
fn check_schedule(
    all: &Value,
    s: &Setup,
    did: &Played,
    schedule: &[RoundMatches],
    own: &BTreeMap<u32, Own>,
) -> Result<(), String> {
    let n = s.teams;
    let odd = n % 2 == 1;
    if s.system == System::Swiss {
        let mut met = HashSet::new();
        let mut byes = HashSet::new();
        for (r, (pairs, bye)) in schedule.iter().enumerate() {
            for &(a, b) in pairs {
                if !met.insert((a.min(b), a.max(b))) {
                    return Err(format!("round {}: rematch {a}-{b}", r + 1));
                }
            }
            if bye.is_some() != odd || bye.is_some_and(|b| !byes.insert(b)) {
                return Err(format!("round {}: bye {bye:?} in a field of {n}", r + 1));
            }
        }
        let planned = num(&all["rules"]["rounds"]);
        match &did.refused {
            None if schedule.len() as u32 == planned => {}
            None => return Err(format!("{} rounds of {planned}", schedule.len())),
            Some((round, why)) => {
                if legal_round_exists(own, *round >= planned) {
                    return Err(format!(
                        "round {round} refused ({why}) though a legal round exists"
                    ));
                }
            }
        }
        return Ok(());
    }
    let per = if odd { n } else { n - 1 };
    let cycles = if s.system == System::DoubleRoundRobin {
        2
    } else {
        1
    };
    if schedule.len() as u32 != per * cycles {
        return Err(format!(
            "{} rounds, the table has {}",
            schedule.len(),
            per * cycles
        ));
    }
    let mut first_of: HashMap<(u32, u32), u32> = HashMap::new();
    for c in 0..cycles {
        let mut met = HashSet::new();
        let mut rests: HashMap<u32, u32> = HashMap::new();
        for (pairs, bye) in &schedule[(c * per) as usize..((c + 1) * per) as usize] {
            for &(a, b) in pairs {
                let key = (a.min(b), a.max(b));
                if !met.insert(key) {
                    return Err(format!("cycle {}: {a}-{b} twice", c + 1));
                }
                if c == 0 {
                    first_of.insert(key, a);
                } else if first_of.get(&key) != Some(&b) {
                    return Err(format!("cycle 2: {a}-{b} keeps 先走"));
                }
            }
            if bye.is_some() != odd {
                return Err(format!("bye {bye:?} in a field of {n}"));
            }
            if let Some(b) = bye {
                *rests.entry(*b).or_default() += 1;
            }
        }
        if met.len() as u32 != n * (n - 1) / 2 {
            return Err(format!("cycle {}: {} pairs met", c + 1, met.len()));
        }
        if odd && (rests.len() as u32 != n || rests.values().any(|v| *v != 1)) {
            return Err(format!("cycle {}: rests {rests:?}", c + 1));
        }
    }
    Ok(())
}

fn run(s: &Setup) -> Result<(), String> {
    let mut t = event(s);
    let did = play(&mut t, s);
    let all = bianpai::export::json_value(&t, What::All, None, chrono::Utc::now()).expect("json");
    let tm = &all["team_match"];
    if num(&tm["standings_after_round"]) != t.completed_rounds() {
        return Err(format!(
            "standings after round {}",
            tm["standings_after_round"]
        ));
    }
    for p in all["players"].as_array().expect("players") {
        let no = num(&p["no"]);
        let want = if did.withdrawn.contains_key(&no) {
            "withdrawn"
        } else {
            "active"
        };
        if p["status"] != want {
            return Err(format!("player {no}: {} not {want}", p["status"]));
        }
    }
    let (own, schedule) = recompute(&all, &did)?;
    check_schedule(&all, s, &did, &schedule, &own)?;
    check_table(&all, &own)?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn team_events_recomputed_from_the_json(s in setup()) {
        run(&s).map_err(TestCaseError::fail)?;
    }
}
