//! Team matches (团体赛, R2011 chapter 13), end to end through the real binary: a simulated
//! 8-team 4-board round robin whose team standings are recomputed here from the individual
//! games of the JSON export (match points, game points, 直胜, board by board), the colour rule of
//! 13.3 checked on every board, every pair of teams meeting once; lineups checked against the
//! board order; a Swiss of teams through the library.

use crate::support::cli as cli_support;

use std::collections::{BTreeMap, HashMap, HashSet};

use cli_support::{Event, ok, run};
use serde_json::Value;

fn u(v: &Value) -> u32 {
    v.as_u64().unwrap_or_else(|| panic!("not a number: {v}")) as u32
}

/// The points a result gives the side (`red`/`black`), from the rules in the export.
fn points(rules: &Value, result: &str, red: bool) -> u32 {
    let p = &rules["points"];
    let key = match (result, red) {
        ("red_win" | "red_win_forfeit", true) | ("black_win" | "black_win_forfeit", false) => {
            if red { "red_win" } else { "black_win" }
        }
        ("draw", true) => "red_draw",
        ("draw", false) => "black_draw",
        (_, true) => "red_loss",
        (_, false) => "black_loss",
    };
    u(&p[key])
}

/// What this test computes for one team.
#[derive(Default, Debug)]
struct Own {
    mp: u32,
    gp: u32,
    boards: Vec<u32>,
    /// (opponent, match points taken)
    met: Vec<(u32, u32)>,
}

/// Recomputes the team standings of a finished team event from the individual games and the
/// rosters only, checking on the way that every match sits on consecutive boards, that the team
/// with 先走 is red on odd boards and black on even ones (R2011 13.3), and returns the teams in
/// rank order with their tallies. `pairs` collects every match's (lower, higher) team numbers.
fn recompute(all: &Value, pairs: &mut Vec<(u32, u32)>) -> (Vec<u32>, BTreeMap<u32, Own>) {
    let tm = &all["team_match"];
    let boards = u(&tm["boards"]) as usize;
    let (win, draw, loss) = (
        u(&tm["match_points"]["win"]),
        u(&tm["match_points"]["draw"]),
        u(&tm["match_points"]["loss"]),
    );
    let mut team_of: HashMap<u32, u32> = HashMap::new();
    let mut own: BTreeMap<u32, Own> = BTreeMap::new();
    for t in tm["teams"].as_array().unwrap() {
        let no = u(&t["no"]);
        for p in t["players"]
            .as_array()
            .unwrap()
            .iter()
            .chain(t["reserves"].as_array().unwrap())
        {
            assert!(team_of.insert(u(p), no).is_none(), "player in two teams");
        }
        own.insert(
            no,
            Own {
                boards: vec![0; boards],
                ..Own::default()
            },
        );
    }
    for r in all["rounds"].as_array().unwrap() {
        let games = r["games"].as_array().unwrap();
        assert_eq!(
            games.len() % boards,
            0,
            "round {}: whole matches",
            r["round"]
        );
        let json_matches = tm["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["round"] == r["round"])
            .unwrap()["matches"]
            .as_array()
            .unwrap()
            .clone();
        for (k, chunk) in games.chunks(boards).enumerate() {
            // Boards numbered continuously: match k+1 = boards k·B+1 ..= (k+1)·B.
            for (j, g) in chunk.iter().enumerate() {
                assert_eq!(u(&g["board"]) as usize, k * boards + j + 1);
            }
            let first = team_of[&u(&chunk[0]["red"])];
            let second = team_of[&u(&chunk[0]["black"])];
            assert_ne!(first, second);
            assert_eq!(u(&json_matches[k]["first"]["no"]), first);
            assert_eq!(u(&json_matches[k]["second"]["no"]), second);
            pairs.push((first.min(second), first.max(second)));
            let (mut gf, mut gs) = (0, 0);
            for (j, g) in chunk.iter().enumerate() {
                let (red, black) = (team_of[&u(&g["red"])], team_of[&u(&g["black"])]);
                // R2011 13.3: 先走 team red on odd boards (j even, zero-based), black on even.
                if j % 2 == 0 {
                    assert_eq!((red, black), (first, second), "board {}", g["board"]);
                } else {
                    assert_eq!((red, black), (second, first), "board {}", g["board"]);
                }
                let res = g["result"].as_str().expect("finished event");
                let (pr, pb) = (
                    points(&all["rules"], res, true),
                    points(&all["rules"], res, false),
                );
                let (pf, ps) = if red == first { (pr, pb) } else { (pb, pr) };
                gf += pf;
                gs += ps;
                own.get_mut(&first).unwrap().boards[j] += pf;
                own.get_mut(&second).unwrap().boards[j] += ps;
            }
            let (mf, ms) = match gf.cmp(&gs) {
                std::cmp::Ordering::Greater => (win, loss),
                std::cmp::Ordering::Less => (loss, win),
                std::cmp::Ordering::Equal => (draw, draw),
            };
            for (team, gp, mp, opp) in [(first, gf, mf, second), (second, gs, ms, first)] {
                let o = own.get_mut(&team).unwrap();
                o.gp += gp;
                o.mp += mp;
                o.met.push((opp, mp));
            }
        }
    }
    // Order: match points, game points, direct encounter among the teams tied on both,
    // board by board, team number (the preset's chain).
    let mut order: Vec<u32> = own.keys().copied().collect();
    let de = |team: u32| -> u32 {
        let me = &own[&team];
        let tied: HashSet<u32> = own
            .iter()
            .filter(|(_, o)| o.mp == me.mp && o.gp == me.gp)
            .map(|(n, _)| *n)
            .collect();
        me.met
            .iter()
            .filter(|(o, _)| tied.contains(o))
            .map(|(_, m)| m)
            .sum()
    };
    order.sort_by(|a, b| {
        let (x, y) = (&own[a], &own[b]);
        y.mp.cmp(&x.mp)
            .then(y.gp.cmp(&x.gp))
            .then(de(*b).cmp(&de(*a)))
            .then(y.boards.cmp(&x.boards))
            .then(a.cmp(b))
    });
    (order, own)
}

#[test]
fn simulated_team_round_robin_standings_match_an_independent_computation() {
    for seed in [1u64, 7, 42] {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("team.log");
        let log_s = log.to_str().unwrap();
        ok(&[
            "simulate",
            "--preset",
            "team-rr-8",
            "--teams",
            "8",
            "--seed",
            &seed.to_string(),
            "--out",
            log_s,
        ]);
        let all: Value =
            serde_json::from_str(&ok(&["export", log_s, "--format", "json", "--what", "all"]))
                .unwrap();
        assert_eq!(
            all["rounds"].as_array().unwrap().len(),
            7,
            "7 rounds of 8 teams"
        );
        let mut pairs = Vec::new();
        let (order, own) = recompute(&all, &mut pairs);
        // A single round robin: every pair of the 8 teams meets exactly once.
        let distinct: HashSet<_> = pairs.iter().copied().collect();
        assert_eq!(pairs.len(), 28, "seed {seed}");
        assert_eq!(distinct.len(), 28, "seed {seed}: a pair met twice");
        let standings = all["team_match"]["standings"].as_array().unwrap();
        let exported: Vec<u32> = standings.iter().map(|s| u(&s["no"])).collect();
        assert_eq!(exported, order, "seed {seed}: rank order");
        for s in standings {
            let o = &own[&u(&s["no"])];
            assert_eq!(u(&s["match_points"]), o.mp, "seed {seed}");
            assert_eq!(u(&s["game_points"]), o.gp, "seed {seed}");
            assert_eq!(u(&s["tiebreaks"]["game_points"]), o.gp);
            let bp: Vec<u32> = s["board_points"]
                .as_array()
                .unwrap()
                .iter()
                .map(u)
                .collect();
            assert_eq!(bp, o.boards, "seed {seed}");
        }
        // Both counts kept: match points sum to 2 per match, game points to 2 per board.
        let total_mp: u32 = own.values().map(|o| o.mp).sum();
        assert_eq!(total_mp, 28 * 2);
        // Game points: 2 per board, but a double forfeit gives both sides nothing.
        let double_forfeits = all["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["games"].as_array().unwrap().iter())
            .filter(|g| g["result"] == "double_forfeit")
            .count() as u32;
        let total_gp: u32 = own.values().map(|o| o.gp).sum();
        assert_eq!(total_gp, (28 * 4 - double_forfeits) * 2, "seed {seed}");
    }
}

/// A small team event by hand: three teams of four boards and a reserve.
fn three_teams() -> Event {
    let e = Event::new("team-rr-8");
    for i in 1..=15 {
        let team = match i {
            6..=10 => "上海队",
            _ => "",
        };
        e.add(&["--name", &format!("队员{i}"), "--team", team]);
    }
    ok(&[
        "team",
        "add",
        e.log_str(),
        "--name",
        "杭州队",
        "--players",
        "1,2,3,4",
        "--reserves",
        "5",
    ]);
    // From the team column: 6–9 on the boards, 10 the reserve.
    ok(&["team", "add", e.log_str(), "--name", "上海队"]);
    ok(&[
        "team",
        "add",
        e.log_str(),
        "--name",
        "北京队",
        "--players",
        "11，12，13，14",
        "--reserves",
        "15",
    ]);
    e
}

#[test]
fn teams_are_checked_at_registration() {
    let e = three_teams();
    let err = e.refused(&[
        "team",
        "add",
        e.log_str(),
        "--name",
        "广州队",
        "--players",
        "1,2,3,4",
    ]);
    assert!(
        err.contains("player 1 already plays for team '杭州队'"),
        "{err}"
    );
    let err = e.refused(&[
        "team",
        "add",
        e.log_str(),
        "--name",
        "杭州队",
        "--players",
        "5,6,7,8",
    ]);
    assert!(err.contains("already registered"), "{err}");
    let err = e.refused(&[
        "team",
        "add",
        e.log_str(),
        "--name",
        "广州队",
        "--players",
        "99,98,97,96",
    ]);
    assert!(err.contains("99"), "{err}");
    let err = e.refused(&[
        "team",
        "add",
        e.log_str(),
        "--name",
        "广州队",
        "--players",
        "3,x",
    ]);
    assert!(err.contains("--players") && err.contains("'x'"), "{err}");
    let err = e.refused(&[
        "team",
        "add",
        e.log_str(),
        "--name",
        "广州队",
        "--players",
        "15",
    ]);
    assert!(err.contains("4 boards"), "{err}");
    let list = ok(&["team", "list", e.log_str()]);
    assert!(
        list.contains("第2队 上海队: 6 队员6, 7 队员7, 8 队员8, 9 队员9; 替补: 10 队员10"),
        "{list}"
    );
}

#[test]
fn lineups_keep_the_board_order_and_default_to_it() {
    let e = three_teams();
    let err = e.refused(&[
        "lineup",
        e.log_str(),
        "--team",
        "杭州队",
        "--players",
        "2,1,3,4",
    ]);
    assert!(err.contains("board 2 (1) comes after board 1 (2)"), "{err}");
    let err = e.refused(&[
        "lineup",
        e.log_str(),
        "--team",
        "3",
        "--players",
        "11,12,13,14,15",
    ]);
    assert!(err.contains("names 5 players"), "{err}");
    let err = e.refused(&["lineup", e.log_str(), "--team", "1", "--players", "1,2,3,6"]);
    assert!(err.contains("player 6 is not on its roster"), "{err}");
    let err = e.refused(&[
        "lineup",
        e.log_str(),
        "--team",
        "广州队",
        "--players",
        "1,2,3,4",
    ]);
    assert!(err.contains("no team 广州队"), "{err}");
    // The reserve comes in at the bottom, player 7 rests: order kept.
    ok(&[
        "lineup",
        e.log_str(),
        "--team",
        "上海队",
        "--players",
        "6,8,9,10",
    ]);
    let paired = ok(&["pair", e.log_str()]);
    // The default lineup is said, and the team with the bye.
    assert!(
        paired.contains("未提交出场名单，按报名台次顺序出场：北京队"),
        "{paired}"
    );
    assert!(paired.contains("轮空：杭州队"), "{paired}");
    let m = e.json("matches", Some(1));
    let round = &m["rounds"][0];
    // Three teams play as four seats: round 1 of the Berger table is 1–4 (team 1 rests) and
    // 2–3 (team 2 has 先走).
    assert_eq!(round["bye"]["name"], "杭州队");
    let mat = &round["matches"][0];
    assert_eq!(mat["first"]["name"], "上海队");
    let boards = mat["boards"].as_array().unwrap();
    let firsts: Vec<u32> = boards
        .iter()
        .map(|b| {
            if b["first_side"] == "red" {
                u(&b["red"])
            } else {
                u(&b["black"])
            }
        })
        .collect();
    assert_eq!(firsts, [6, 8, 9, 10], "the lineup handed in");
    let seconds: Vec<u32> = boards
        .iter()
        .map(|b| {
            if b["first_side"] == "red" {
                u(&b["black"])
            } else {
                u(&b["red"])
            }
        })
        .collect();
    assert_eq!(seconds, [11, 12, 13, 14], "no lineup: the registered order");
    let sides: Vec<&str> = boards
        .iter()
        .map(|b| b["first_side"].as_str().unwrap())
        .collect();
    assert_eq!(sides, ["red", "black", "red", "black"]);
    // The boards follow the lineups and 13.3: no swap or flip by hand.
    let err = e.refused(&["pair", e.log_str(), "--flip", "2"]);
    assert!(
        err.contains("unpair the round, hand in new lineups"),
        "{err}"
    );
    // Too late for round 1 now that it is paired.
    let err = e.refused(&[
        "lineup",
        e.log_str(),
        "--team",
        "1",
        "--players",
        "1,2,3,4",
        "--round",
        "1",
    ]);
    assert!(err.contains("round 1 is already paired"), "{err}");
    // The match score updates as results come in.
    ok(&["start", e.log_str()]);
    ok(&["result", e.log_str(), "1", "red_win"]);
    ok(&["result", e.log_str(), "2", "draw"]);
    let m = e.json("matches", Some(1));
    let mat = &m["rounds"][0]["matches"][0];
    assert_eq!(mat["score"]["first"], 3);
    assert_eq!(mat["score"]["second"], 1);
    assert_eq!(mat["finished"], false);
    let txt = ok(&["export", e.log_str(), "--what", "matches", "--round", "1"]);
    assert!(txt.contains("3 : 1 (已完成2/4)"), "{txt}");
}

/// A command that must be refused, in the event's language (Chinese): its standard error,
/// the log checked byte-identical.
fn refused_zh(e: &Event, args: &[&str]) -> String {
    let before = std::fs::read(&e.log).unwrap();
    let out = run(args);
    assert!(!out.status.success(), "{args:?} should be refused");
    assert_eq!(std::fs::read(&e.log).unwrap(), before, "{args:?} wrote");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn rosters_are_corrected_with_a_reason_before_the_player_has_played() {
    let e = three_teams();
    let log = e.log_str();
    e.add(&["--name", "队员16"]);
    e.add(&["--name", "队员17", "--team", "北京队"]);
    e.add(&["--name", "队员18", "--team", "上海队"]);
    // A player entered for another team at the desk: refused, naming that team.
    let err = refused_zh(
        &e,
        &[
            "team",
            "add",
            log,
            "--name",
            "广州队",
            "--players",
            "16,17,18,16",
        ],
    );
    assert!(
        err.contains("17号队员17报名时属「北京队」, 不能编入「广州队」"),
        "{err}"
    );
    let change = |team: &str, what: &[&str], reason: &str| {
        let mut args = vec!["team", "change", log, team];
        args.extend_from_slice(what);
        args.extend_from_slice(&["--reason", reason]);
        args.iter().map(ToString::to_string).collect::<Vec<_>>()
    };
    let args = change("北京队", &["--add-reserve", "18"], "报名表漏填");
    let err = refused_zh(&e, &strs(&args));
    assert!(err.contains("18号队员18报名时属「上海队」"), "{err}");
    let args = change("北京队", &["--add-reserve", "6"], "报名表漏填");
    let err = refused_zh(&e, &strs(&args));
    assert!(err.contains("6号已是「上海队」的队员"), "{err}");
    let args = change("北京队", &["--add-reserve", "17"], " ");
    let err = refused_zh(&e, &strs(&args));
    assert!(err.contains("须写明理由"), "{err}");
    // The reserve added: the roster as it now stands.
    let args = change("北京队", &["--add-reserve", "17"], "报名表漏填");
    let out = ok(&strs(&args));
    assert!(
        out.contains(
            "第3队 北京队: 11 队员11, 12 队员12, 13 队员13, 14 队员14; 替补: 15 队员15, 17 队员17"
        ),
        "{out}"
    );
    // Round 1: 北京队 plays 11–14 (no lineup), its reserves sit out.
    ok(&["pair", log]);
    let args = change("3", &["--replace", "12", "16"], "伤病");
    let err = refused_zh(&e, &strs(&args));
    assert!(
        err.contains("「北京队」12号已在第1轮为本队出场, 不能再更换"),
        "{err}"
    );
    let args = change("3", &["--replace", "15", "16"], "伤病");
    ok(&strs(&args));
    let list = ok(&["team", "list", log]);
    assert!(
        list.contains(
            "第3队 北京队: 11 队员11, 12 队员12, 13 队员13, 14 队员14; 替补: 16 队员16, 17 队员17"
        ),
        "{list}"
    );
    let json = e.json("all", None);
    let reserves: Vec<u32> = json["team_match"]["teams"][2]["reserves"]
        .as_array()
        .unwrap()
        .iter()
        .map(u)
        .collect();
    assert_eq!(reserves, [16, 17]);
    // Both corrections are in the audit, with the reason, in either language.
    let audit = ok(&["audit", log]);
    assert!(
        audit.contains("第3队「北京队」更改名单: 增补替补 17号 队员17; 理由: 报名表漏填"),
        "{audit}"
    );
    assert!(
        audit.contains("第3队「北京队」更改名单: 16号 队员16 替换 15号 队员15; 理由: 伤病"),
        "{audit}"
    );
    let audit = ok(&["--lang", "en", "audit", log]);
    assert!(
        audit.contains("team 3 '北京队' roster corrected: 16 队员16 replaces 15 队员15: 伤病"),
        "{audit}"
    );
}

#[test]
fn matches_of_an_individual_event_are_refused() {
    let e = Event::new("qigu-2024-07");
    let out = run(&[
        "--lang",
        "en",
        "export",
        e.log_str(),
        "--what",
        "matches",
        "--format",
        "json",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a team match event"), "{err}");
    let err = e.refused(&[
        "team",
        "add",
        e.log_str(),
        "--name",
        "A",
        "--players",
        "1,2,3,4",
    ]);
    assert!(err.contains("not a team match event"), "{err}");
}

mod swiss {
    use crate::support::pairing::step;
    use bianpai::domain::rules::System;
    use bianpai::domain::team::standings;
    use bianpai::domain::{
        Board, Command, GameResult, PlayerEntry, PlayerNo, Round, Rules, Tournament,
    };
    use chrono::{TimeZone, Utc};

    #[test]
    fn a_swiss_of_teams_never_repeats_a_match_and_keeps_13_3() {
        let mut rules = Rules::preset("team-rr-8").unwrap();
        rules.format = rules.format.with_system(System::Swiss).expect("format");
        rules.rounds = 5;
        let mut t = Tournament::new("swiss".into(), rules);
        let teams = 9u32; // odd: a bye each round
        for i in 0..teams * 5 {
            step(
                &mut t,
                &Command::RegisterPlayer(PlayerEntry::named(format!("P{i}"))),
            );
        }
        for k in 0..teams {
            let first = k * 5 + 1;
            step(
                &mut t,
                &Command::RegisterTeam {
                    name: format!("T{k}"),
                    players: (first..first + 4).map(PlayerNo).collect(),
                    reserves: vec![PlayerNo(first + 4)],
                },
            );
        }
        let mut met = std::collections::HashSet::new();
        let mut byes = std::collections::HashSet::new();
        let mut x: u64 = 12345;
        for r in 1..=5u32 {
            step(&mut t, &Command::PairNextRound);
            step(
                &mut t,
                &Command::StartRound {
                    at: Utc.with_ymd_and_hms(2026, 5, 1, r, 0, 0).unwrap(),
                },
            );
            let ms = bianpai::domain::team::round_matches(&t, Round(r));
            assert_eq!(ms.len(), 4);
            let bye = bianpai::domain::team::matches::bye_team(&t, Round(r)).unwrap();
            assert!(byes.insert(bye), "team {bye} had a second bye");
            for m in &ms {
                assert!(
                    met.insert((m.first.min(m.second), m.first.max(m.second))),
                    "rematch {m:?}"
                );
                for (j, g) in m.games(&t, Round(r)).enumerate() {
                    let red_team = t.team_event.team_of(g.red).unwrap().no;
                    assert_eq!(red_team == m.first, j % 2 == 0, "13.3 on board {}", g.board);
                }
            }
            let n = t.current().unwrap().games.len() as u32;
            for b in 1..=n {
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let result = match (x >> 33) % 3 {
                    0 => GameResult::RedWin,
                    1 => GameResult::BlackWin,
                    _ => GameResult::Draw,
                };
                step(
                    &mut t,
                    &Command::RecordResult {
                        round: None,
                        board: Board(b),
                        result,
                        correct: None,
                    },
                );
            }
        }
        let s = standings(&t, Round(5));
        assert_eq!(s.len(), 9);
        // 4 matches a round give 2 match points each; the bye a won match (2) too.
        let total: u32 = s.iter().map(|x| x.tally.match_points).sum();
        assert_eq!(total, 5 * (4 * 2 + 2));
        for w in s.windows(2) {
            assert!(w[0].tally.match_points >= w[1].tally.match_points);
        }
    }
}
