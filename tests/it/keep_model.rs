//! A model test of "a command changes only what it names" (docs/rules.md#3-pairing): random
//! events (a Swiss, a round robin and a round robin of teams) take random sequences of
//! commands — results, fouls, clocks, absent/arrive, the players' reports and the arbiter's
//! confirmation, flip, swap, unpair/pair, withdraw/reinstate, corrections, ticks — through the
//! real `decide` and `apply` (with the codes the log's append seals). After each command
//! accepted: every board it did not name is unchanged in the state, the rounds before a
//! (re-)paired round are unchanged, and the standings of the JSON export equal a recomputation
//! from that JSON's own games and rules.

use bianpai::domain::event::ClockAction;
use bianpai::domain::format::{Format, RoundRobin};
use bianpai::domain::rules::{FoulKind, Role};
use bianpai::domain::self_report::{SelfReport, with_codes};
use bianpai::domain::{
    Actor, Board, Command, Event, GameResult, PlayerEntry, PlayerNo, Round, Rules, Side, Tournament,
};
use chrono::{DateTime, Duration, TimeZone, Utc};
use proptest::prelude::*;
use serde_json::Value;

fn head() -> Actor {
    Actor {
        user: "wang".into(),
        role: Role::Head,
    }
}

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 4, 1, 1, 0, 0).unwrap()
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    Swiss,
    RoundRobin,
    /// A round robin of teams (team-rr-8): `n` teams of four boards and a reserve.
    Team,
}

fn step(t: &mut Tournament, cmd: &Command) {
    for e in &t.decide(&head(), cmd).unwrap() {
        t.apply(e);
    }
}

fn team_event(teams: u32) -> Tournament {
    let mut rules = Rules::preset("team-rr-8").unwrap();
    rules.self_report = SelfReport::Confirm;
    // Both players sign every result (the preset has the winner sign).
    rules.self_report_signers = bianpai::domain::self_report::Signers::Both;
    let mut t = Tournament::new("T".into(), rules);
    for k in 0..teams {
        for i in 1..=5 {
            step(
                &mut t,
                &Command::RegisterPlayer(PlayerEntry::named(format!("T{k}P{i}"))),
            );
        }
        let first = k * 5;
        step(
            &mut t,
            &Command::RegisterTeam {
                name: format!("队{k}"),
                players: (1..=4).map(|i| PlayerNo(first + i)).collect(),
                reserves: vec![PlayerNo(first + 5)],
            },
        );
    }
    t
}

fn event(kind: Kind, n: u32) -> Tournament {
    if let Kind::Team = kind {
        return team_event(n);
    }
    let mut rules = Rules::preset("qigu-2024-07").unwrap();
    rules.numbers_by_registration = true;
    rules.self_report = SelfReport::Confirm;
    // Both players sign every result (the preset has the winner sign).
    rules.self_report_signers = bianpai::domain::self_report::Signers::Both;
    rules.rounds = match kind {
        Kind::Swiss => 5,
        Kind::RoundRobin => {
            rules.format = Format::RoundRobin(RoundRobin::single());
            0
        }
        Kind::Team => unreachable!("made by team_event"),
    };
    let mut t = Tournament::new("T".into(), rules);
    for i in 1..=n {
        let evs = t
            .decide(
                &head(),
                &Command::RegisterPlayer(PlayerEntry::named(format!("P{i}"))),
            )
            .unwrap();
        for e in &evs {
            t.apply(e);
        }
    }
    t
}

const RESULTS: [GameResult; 6] = [
    GameResult::RedWin,
    GameResult::BlackWin,
    GameResult::Draw,
    GameResult::RedWinForfeit,
    GameResult::BlackWinForfeit,
    GameResult::DoubleForfeit,
];
const FOULS: [FoulKind; 3] = [FoulKind::MoveRule, FoulKind::Phone, FoulKind::Other];

fn side(x: u8) -> Side {
    if x.is_multiple_of(2) {
        Side::Red
    } else {
        Side::Black
    }
}

/// What a command names: the boards it may change, or the whole current round.
enum Names {
    Boards(Vec<(Round, Board)>),
    /// Pairs, discards or changes the current round: the rounds before it stay.
    Round,
    /// A time-based rule: any board whose window or clock is due.
    Due,
}

/// The command an op stands for in the state `t`, at the minute `now`.
fn command(t: &Tournament, op: (u8, u8, u8, u8), now: DateTime<Utc>) -> (Command, Names) {
    let (kind, a, b, c) = op;
    let cur = t.current_round();
    let boards = t.current().map_or(1, |r| r.games.len().max(1)) as u8;
    let board = Board(u32::from(a % boards) + 1);
    let here = Names::Boards(vec![(cur, board)]);
    let at = now;
    match kind % 21 {
        0..=3 => (
            Command::RecordResult {
                round: None,
                board,
                result: RESULTS[usize::from(b) % 3 + if c.is_multiple_of(5) { 3 } else { 0 }],
                correct: None,
            },
            here,
        ),
        4 => (
            Command::RecordFoul {
                round: None,
                board,
                side: side(b),
                kind: FOULS[usize::from(c) % 3],
            },
            here,
        ),
        5 => (
            Command::Clock {
                round: None,
                board,
                action: ClockAction::Set {
                    red_ms: 600_000 + u64::from(b) * 1000,
                    black_ms: 600_000 + u64::from(c) * 1000,
                },
                at,
            },
            here,
        ),
        6 => (
            Command::Clock {
                round: None,
                board,
                action: ClockAction::Press(side(b)),
                at,
            },
            here,
        ),
        7 | 8 => (
            Command::MarkSeat {
                round: None,
                board,
                side: side(b),
                present: kind % 21 == 8,
                at,
                reverse_reason: None,
            },
            here,
        ),
        9 => {
            let seat = side(b);
            let code = t
                .seat_codes(cur)
                .into_iter()
                .find(|x| x.board == board && x.side == seat)
                .map(|x| x.code.digits().to_string())
                .unwrap_or_default();
            (
                Command::ReportResult {
                    round: cur,
                    board,
                    result: RESULTS[usize::from(c) % 3],
                    code,
                    at,
                },
                here,
            )
        }
        10 => (
            Command::FlipBoard {
                board,
                force: Some("红黑方填反".into()),
            },
            here,
        ),
        11 => {
            let other = Board(u32::from(b % boards) + 1);
            (
                Command::SwapBoards {
                    a: board,
                    b: other,
                    force: Some("换台".into()),
                },
                Names::Boards(vec![(cur, board), (cur, other)]),
            )
        }
        12 => (
            Command::UnpairRound {
                reason: "重编".into(),
            },
            Names::Round,
        ),
        13..=15 => (Command::PairNextRound, Names::Round),
        16 => (Command::StartRound { at }, Names::Boards(Vec::new())),
        17 => {
            let field = t.players.len().max(1) as u8;
            let no = PlayerNo(u32::from(b % field) + 1);
            let cmd = if c % 2 == 0 {
                Command::WithdrawPlayer {
                    no,
                    reason: "退赛".into(),
                }
            } else {
                Command::ReinstatePlayer {
                    no,
                    reason: "恢复".into(),
                }
            };
            (cmd, Names::Boards(Vec::new()))
        }
        18 => {
            let round = Round(u32::from(c) % cur.0.max(1) + 1);
            let bs = t.round(round).map_or(1, |r| r.games.len().max(1)) as u8;
            let board = Board(u32::from(a % bs) + 1);
            (
                Command::RecordResult {
                    round: Some(round),
                    board,
                    result: RESULTS[usize::from(b) % 6],
                    correct: Some("核对".into()),
                },
                Names::Boards(vec![(round, board)]),
            )
        }
        20 => (Command::ConfirmReport { round: None, board }, here),
        _ => (Command::Tick { now: at }, Names::Due),
    }
}

/// Every board not named is as it was; the rounds before a paired or discarded round stay.
fn only_named_changed(before: &Tournament, after: &Tournament, names: &Names, cmd: &Command) {
    match names {
        Names::Due => {}
        Names::Round => {
            let keep = before
                .rounds
                .len()
                .min(after.rounds.len())
                .saturating_sub(1);
            for i in 0..keep {
                assert_eq!(before.rounds[i].games, after.rounds[i].games, "{cmd:?}");
            }
            if after.rounds.len() == before.rounds.len()
                && !matches!(cmd, Command::UnpairRound { .. })
            {
                // Neither paired nor discarded: nothing changed at all.
                assert_eq!(before.rounds, after.rounds, "{cmd:?}");
            }
        }
        Names::Boards(named) => {
            assert_eq!(before.rounds.len(), after.rounds.len(), "{cmd:?}");
            for (x, y) in before.rounds.iter().zip(&after.rounds) {
                assert_eq!(x.games.len(), y.games.len(), "{cmd:?}");
                for (g, h) in x.games.iter().zip(&y.games) {
                    if !named.contains(&(x.round, g.board)) {
                        assert_eq!(g, h, "{cmd:?}: round {} board {} changed", x.round, g.board);
                    }
                }
            }
        }
    }
}

fn num(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

/// Each player's points from the JSON's own games, byes and points table, over the rounds the
/// standings count; `None` for a round robin with a withdrawal (its forfeits and annulments
/// are the schedule's, not the games').
fn recomputed(all: &Value) -> Option<std::collections::BTreeMap<i64, i64>> {
    let after = num(&all["standings_after_round"]);
    let p = &all["rules"]["points"];
    let pts = |k: &str| num(&p[k]);
    let bye = p["bye"].as_i64().unwrap_or_else(|| pts("red_win"));
    if all["withdrawals"].as_array().is_some_and(|w| !w.is_empty()) {
        return None;
    }
    // Likewise a team withdrawn before half its round robin: its matches count for nobody.
    if all["team_match"]["teams"]
        .as_array()
        .is_some_and(|ts| ts.iter().any(|x| x["annulled"] == true))
    {
        return None;
    }
    let mut points = std::collections::BTreeMap::new();
    for pl in all["players"].as_array()? {
        points.insert(num(&pl["no"]), 0);
    }
    for r in all["rounds"].as_array()? {
        if num(&r["round"]) > after {
            continue;
        }
        for g in r["games"].as_array()? {
            // A team round's vacant board (缺台) has null in the empty seat.
            let (red, black) = (g["red"].as_i64(), g["black"].as_i64());
            let (pr, pb) = match g["result"].as_str()? {
                "red_win" | "red_win_forfeit" => (pts("red_win"), pts("black_loss")),
                "black_win" | "black_win_forfeit" => (pts("red_loss"), pts("black_win")),
                "draw" => (pts("red_draw"), pts("black_draw")),
                "double_forfeit" => (pts("red_loss"), pts("black_loss")),
                other => panic!("result {other}"),
            };
            for (no, p) in [(red, pr), (black, pb)] {
                if let Some(no) = no {
                    *points.entry(no).or_insert(0) += p;
                }
            }
        }
        for b in r["byes"].as_array()? {
            *points.entry(num(b)).or_insert(0) += bye;
        }
    }
    Some(points)
}

fn standings_agree(t: &Tournament, cmd: &Command) {
    let all = bianpai::export::json_value(t, bianpai::export::query::What::All, None, t0())
        .expect("json");
    let Some(points) = recomputed(&all) else {
        return;
    };
    let rows = all["standings"].as_array().expect("standings");
    // Every player who sat at a board is ranked once (a round robin's table leaves out a player
    // withdrawn before round 1).
    let ranked: Vec<i64> = rows.iter().map(|s| num(&s["no"])).collect();
    for r in all["rounds"].as_array().expect("rounds") {
        for g in r["games"].as_array().expect("games") {
            for no in [&g["red"], &g["black"]]
                .into_iter()
                .filter_map(Value::as_i64)
            {
                assert_eq!(
                    ranked.iter().filter(|x| **x == no).count(),
                    1,
                    "{cmd:?}: {no}"
                );
            }
        }
    }
    for s in rows {
        let no = num(&s["no"]);
        assert_eq!(
            num(&s["points"]),
            points[&no],
            "{cmd:?}: player {no}: {all}"
        );
    }
}

fn run_model(kind: Kind, n: u32, ops: &[(u8, u8, u8, u8)]) {
    let mut t = event(kind, n);
    let mut now = t0();
    for (i, &op) in ops.iter().enumerate() {
        now += Duration::minutes(1);
        let (cmd, names) = command(&t, op, now);
        let Ok(events) = t.decide(&head(), &cmd) else {
            continue;
        };
        let events = with_codes(&t, events, &[u8::try_from(i % 251).unwrap_or(0); 32]);
        let before = t.clone();
        for e in &events {
            t.apply(e);
        }
        // A foul or result may bring the board's own consequence; nothing else moves.
        only_named_changed(&before, &t, &names, &cmd);
        if !matches!(events.first(), Some(Event::TimeCorrected { .. })) {
            standings_agree(&t, &cmd);
        }
    }
}

fn ops() -> impl Strategy<Value = Vec<(u8, u8, u8, u8)>> {
    proptest::collection::vec(any::<(u8, u8, u8, u8)>(), 20..70)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn a_swiss_command_changes_only_what_it_names(n in 6u32..13, ops in ops()) {
        run_model(Kind::Swiss, n, &ops);
    }

    #[test]
    fn a_round_robin_command_changes_only_what_it_names(n in 5u32..9, ops in ops()) {
        run_model(Kind::RoundRobin, n, &ops);
    }

    #[test]
    fn a_team_match_command_changes_only_what_it_names(n in 2u32..6, ops in ops()) {
        run_model(Kind::Team, n, &ops);
    }
}
