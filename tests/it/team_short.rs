//! A team short of players (缺台, docs/rules.md#11-team-matches), through the real binary: a
//! withdrawal with no reserve, or a lineup of fewer players, still pairs; the missing last
//! boards are vacant and lost by forfeit in the match, the team table and the opponent's
//! individual points; nothing is entered on a vacant board; a whole team's withdrawal in a
//! round robin follows the rule for a player's (annulled before half, forfeits after). A Swiss
//! of teams leaves a withdrawn team out, through the library.

use std::collections::HashMap;

use serde_json::Value;

use crate::support::cli::{Event, num, ok, play_round};

/// `teams` teams of four boards, no reserves: team k has players 4k+1 ..= 4k+4.
fn teams_of_four(teams: u32) -> Event {
    let e = Event::new("team-rr-8");
    for i in 1..=teams * 4 {
        e.add(&["--name", &format!("队员{i}")]);
    }
    for k in 0..teams {
        let players: Vec<String> = (k * 4 + 1..=k * 4 + 4).map(|p| p.to_string()).collect();
        ok(&[
            "team",
            "add",
            e.log_str(),
            "--name",
            &format!("{}队", ["甲", "乙", "丙", "丁", "戊", "己"][k as usize]),
            "--players",
            &players.join(","),
        ]);
    }
    e
}

/// The current round's games from the JSON (vacant boards included).
fn games(e: &Event, round: u32) -> Vec<Value> {
    e.json("pairings", Some(round))[0]["games"]
        .as_array()
        .expect("games")
        .clone()
}

/// The points of `result` for `side` from the rules in the export.
fn points(all: &Value, result: &str, side: &str) -> i64 {
    let p = &all["rules"]["points"];
    let won = result.starts_with(side);
    let key = match (result, won) {
        ("draw", _) => format!("{side}_draw"),
        (_, true) => format!("{side}_win"),
        (_, false) => format!("{side}_loss"),
    };
    p[key.as_str()].as_i64().expect("points")
}

/// Each player's individual points recomputed from every game of the JSON, vacant boards
/// included unless `without_vacant` (the empty side is null and scores nothing).
fn individual(all: &Value, without_vacant: bool) -> HashMap<i64, i64> {
    let mut out = HashMap::new();
    for r in all["rounds"].as_array().unwrap() {
        for g in r["games"].as_array().unwrap() {
            let result = g["result"].as_str().unwrap_or("");
            if result.is_empty() || (without_vacant && g["vacant"].is_array()) {
                continue;
            }
            for side in ["red", "black"] {
                if let Some(no) = g[side].as_i64() {
                    *out.entry(no).or_insert(0) += points(all, result, side);
                }
            }
        }
    }
    out
}

/// Every player's points in the standings equal `individual`'s recomputation.
fn points_agree(all: &Value, without_vacant: bool) {
    let mine = individual(all, without_vacant);
    for s in all["standings"].as_array().unwrap() {
        let no = s["no"].as_i64().unwrap();
        assert_eq!(
            s["points"].as_i64().unwrap(),
            mine.get(&no).copied().unwrap_or(0),
            "player {no}: {s}"
        );
    }
}

#[test]
fn a_team_one_player_short_plays_and_loses_its_last_board_by_forfeit() {
    let e = teams_of_four(3);
    // 乙队 (players 5–8) loses its board-4 player and has no reserve.
    ok(&["player", "withdraw", e.log_str(), "8", "--reason", "生病"]);
    let out = ok(&["--lang", "en", "pair", e.log_str()]);
    assert!(out.contains("team '乙队' is short of players"), "{out}");
    // Round 1 of three teams: 乙队 plays or rests; play until it has played.
    ok(&["start", e.log_str()]);
    let mut round = 1;
    loop {
        let gs = games(&e, round);
        let vacant: Vec<&Value> = gs.iter().filter(|g| g["vacant"].is_array()).collect();
        let plays = gs.iter().any(|g| {
            [&g["red"], &g["black"]]
                .iter()
                .any(|p| p.as_i64().is_some_and(|n| (5..=7).contains(&n)))
        });
        if plays {
            assert_eq!(vacant.len(), 1, "{gs:?}");
            let v = vacant[0];
            // The missing board is the match's last (board 4 of its four).
            assert_eq!(num(&v["board"]) % 4, 0, "{v}");
            let empty = v["vacant"][0].as_str().unwrap();
            assert!(v[empty].is_null(), "{v}");
            let present = if empty == "red" { "black" } else { "red" };
            assert_eq!(v["result"], format!("{present}_win_forfeit"), "{v}");
            // Nothing is entered on a vacant board; the log is unchanged.
            let board = num(&v["board"]).to_string();
            for args in [
                vec!["result", e.log_str(), board.as_str(), "d"],
                vec!["foul", e.log_str(), board.as_str(), "red", "move_rule"],
            ] {
                let err = e.refused(&args);
                assert!(err.contains(&format!("board {board} is vacant")), "{err}");
            }
        } else {
            assert!(vacant.is_empty(), "{gs:?}");
        }
        for g in &gs {
            if g["result"].is_null() {
                ok(&["result", e.log_str(), &num(&g["board"]).to_string(), "b"]);
            }
        }
        if plays || round == 3 {
            break;
        }
        ok(&["pair", e.log_str()]);
        ok(&["start", e.log_str()]);
        round += 1;
    }
    // The individual points are the results of the games, the vacant board's forfeit win
    // included for the player who faced the empty seat.
    let all = e.json("all", None);
    points_agree(&all, false);
    // The team table's 局分 is the sum of each team's boards, vacant ones included.
    let tm = e.json("matches", None);
    let mut gp: HashMap<i64, i64> = HashMap::new();
    for r in tm["rounds"].as_array().unwrap() {
        for m in r["matches"].as_array().unwrap() {
            let first = m["first"]["no"].as_i64().unwrap();
            let second = m["second"]["no"].as_i64().unwrap();
            for b in m["boards"].as_array().unwrap() {
                let result = b["result"].as_str().unwrap();
                let first_side = b["first_side"].as_str().unwrap();
                let other = if first_side == "red" { "black" } else { "red" };
                *gp.entry(first).or_insert(0) += points(&all, result, first_side);
                *gp.entry(second).or_insert(0) += points(&all, result, other);
            }
        }
    }
    for s in tm["standings"].as_array().unwrap() {
        let no = s["no"].as_i64().unwrap();
        assert_eq!(
            s["game_points"].as_i64().unwrap(),
            gp.get(&no).copied().unwrap_or(0),
            "team {no}: {s}"
        );
    }
}

#[test]
fn a_lineup_of_fewer_players_is_accepted_and_names_its_vacant_boards() {
    let e = teams_of_four(2);
    let out = ok(&[
        "--lang",
        "en",
        "lineup",
        e.log_str(),
        "--team",
        "甲队",
        "--players",
        "1,2,3",
    ]);
    assert!(
        out.contains("short of players: board 4 of the match vacant, lost by forfeit"),
        "{out}"
    );
    for players in ["1,2,3,4,5", "9"] {
        let err = e.refused(&[
            "lineup",
            e.log_str(),
            "--team",
            "甲队",
            "--players",
            players,
        ]);
        assert!(err.contains("甲队"), "{players}: {err}");
    }
    ok(&["pair", e.log_str()]);
    let gs = games(&e, 1);
    let vacant: Vec<&Value> = gs.iter().filter(|g| g["vacant"].is_array()).collect();
    assert_eq!(vacant.len(), 1, "{gs:?}");
    assert_eq!(num(&vacant[0]["board"]), 4);
    // Board 4 is even: the team with 先走 (甲队, the lower number of round 1) is black there.
    let side = vacant[0]["vacant"][0].as_str().unwrap();
    let present = if side == "red" { "black" } else { "red" };
    assert_eq!(num(&vacant[0][present]), 8, "{:?}", vacant[0]);
    // The printouts show 缺台 in the empty seat.
    let txt = ok(&[
        "export",
        e.log_str(),
        "--format",
        "txt",
        "--what",
        "pairings",
    ]);
    assert!(txt.contains("缺台"), "{txt}");
    let txt = ok(&[
        "export",
        e.log_str(),
        "--format",
        "txt",
        "--what",
        "matches",
    ]);
    assert!(txt.contains("缺台"), "{txt}");
}

/// Withdraws every player of team `k` (0-based) of `teams_of_four`.
fn withdraw_team(e: &Event, k: u32) {
    for p in k * 4 + 1..=k * 4 + 4 {
        ok(&[
            "player",
            "withdraw",
            e.log_str(),
            &p.to_string(),
            "--reason",
            "全队退赛",
        ]);
    }
}

/// Team `no`'s match points in the team table.
fn match_points(e: &Event, no: i64) -> i64 {
    let tm = e.json("matches", None);
    tm["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["no"].as_i64() == Some(no))
        .map(|s| s["match_points"].as_i64().unwrap())
        .expect("the team is in the table")
}

/// Each team's match points from the matches of the JSON, leaving out the matches of
/// `annulled` teams.
fn own_match_points(e: &Event, annulled: Option<i64>) -> HashMap<i64, i64> {
    let tm = e.json("matches", None);
    let (win, draw) = (
        tm["match_points"]["win"].as_i64().unwrap(),
        tm["match_points"]["draw"].as_i64().unwrap(),
    );
    let mut out = HashMap::new();
    for r in tm["rounds"].as_array().unwrap() {
        for m in r["matches"].as_array().unwrap() {
            let (a, b) = (
                m["first"]["no"].as_i64().unwrap(),
                m["second"]["no"].as_i64().unwrap(),
            );
            if annulled.is_some_and(|x| x == a || x == b) {
                continue;
            }
            let (sa, sb) = (
                m["score"]["first"].as_i64().unwrap(),
                m["score"]["second"].as_i64().unwrap(),
            );
            let (pa, pb) = match sa.cmp(&sb) {
                std::cmp::Ordering::Greater => (win, 0),
                std::cmp::Ordering::Less => (0, win),
                std::cmp::Ordering::Equal => (draw, draw),
            };
            *out.entry(a).or_insert(0) += pa;
            *out.entry(b).or_insert(0) += pb;
        }
    }
    out
}

#[test]
fn a_whole_team_withdrawn_before_half_its_round_robin_is_annulled() {
    // Four teams: three matches each. 丁队 fields its players in round 1 only: 1 of 3.
    let e = teams_of_four(4);
    play_round(&e, "r");
    withdraw_team(&e, 3);
    for _ in 2..=3 {
        let round = play_round(&e, "r");
        // Its match is played on four vacant boards.
        let vacant = games(&e, round)
            .iter()
            .filter(|g| g["vacant"].is_array())
            .count();
        assert_eq!(vacant, 4, "round {round}");
    }
    let own = own_match_points(&e, Some(4));
    for no in 1..=3 {
        assert_eq!(match_points(&e, no), own[&no], "team {no}");
    }
    assert_eq!(match_points(&e, 4), 0);
    // The forfeit wins of its empty boards count for nobody in the individual table either.
    let all = e.json("all", None);
    let facing: Vec<i64> = all["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["games"].as_array().unwrap().clone())
        .filter(|g| g["vacant"].is_array())
        .filter_map(|g| g["red"].as_i64().or(g["black"].as_i64()))
        .collect();
    assert_eq!(facing.len(), 8);
    points_agree(&all, true);
}

#[test]
fn a_whole_team_withdrawn_after_half_its_round_robin_loses_the_rest_by_forfeit() {
    // 丁队 fields its players in rounds 1 and 2: 2 of 3, its results stand.
    let e = teams_of_four(4);
    play_round(&e, "r");
    play_round(&e, "r");
    withdraw_team(&e, 3);
    let round = play_round(&e, "r");
    let gs = games(&e, round);
    let vacant: Vec<&Value> = gs.iter().filter(|g| g["vacant"].is_array()).collect();
    assert_eq!(vacant.len(), 4, "{gs:?}");
    let own = own_match_points(&e, None);
    for no in 1..=4 {
        assert_eq!(match_points(&e, no), own[&no], "team {no}");
    }
    // Its opponent of round 3 won that match.
    let tm = e.json("matches", Some(round));
    let m = tm["rounds"][0]["matches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["first"]["no"] == 4 || m["second"]["no"] == 4)
        .cloned()
        .expect("丁队's match");
    let (mine, theirs) = if m["first"]["no"] == 4 {
        (&m["score"]["first"], &m["score"]["second"])
    } else {
        (&m["score"]["second"], &m["score"]["first"])
    };
    assert_eq!(mine.as_i64(), Some(0), "{m}");
    assert!(theirs.as_i64().unwrap() > 0, "{m}");
}

mod swiss {
    use crate::support::pairing::step;
    use bianpai::domain::rules::System;
    use bianpai::domain::{
        Board, Command, GameResult, PlayerEntry, PlayerNo, Round, Rules, Tournament,
    };
    use chrono::{TimeZone, Utc};

    #[test]
    fn a_swiss_of_teams_leaves_a_withdrawn_team_out_and_pairs_a_short_one() {
        let mut rules = Rules::preset("team-rr-8").unwrap();
        rules.format = rules.format.with_system(System::Swiss).expect("format");
        rules.rounds = 3;
        let mut t = Tournament::new("swiss".into(), rules);
        for i in 0..5 * 4 {
            step(
                &mut t,
                &Command::RegisterPlayer(PlayerEntry::named(format!("P{i}"))),
            );
        }
        for k in 0..5u32 {
            step(
                &mut t,
                &Command::RegisterTeam {
                    name: format!("T{k}"),
                    players: (k * 4 + 1..=k * 4 + 4).map(PlayerNo).collect(),
                    reserves: Vec::new(),
                },
            );
        }
        // T4 withdraws whole; T3 is one player short.
        for no in (17..=20).chain([16]) {
            step(
                &mut t,
                &Command::WithdrawPlayer {
                    no: PlayerNo(no),
                    reason: "x".into(),
                },
            );
        }
        for r in 1..=3u32 {
            step(&mut t, &Command::PairNextRound);
            step(
                &mut t,
                &Command::StartRound {
                    at: Utc.with_ymd_and_hms(2026, 5, 1, r, 0, 0).unwrap(),
                },
            );
            let ms = bianpai::domain::team::round_matches(&t, Round(r));
            assert_eq!(ms.len(), 2, "round {r}: four teams left");
            assert!(ms.iter().all(|m| !m.has(bianpai::domain::TeamNo(5))));
            let bye = bianpai::domain::team::matches::bye_team(&t, Round(r));
            assert_eq!(bye, None, "round {r}: nobody rests, T4 is out");
            let vacant = &t.current().unwrap().vacant;
            assert_eq!(vacant.len(), 1, "round {r}: T3's fourth board");
            let boards: Vec<Board> = t.current().unwrap().games.iter().map(|g| g.board).collect();
            for b in boards {
                step(
                    &mut t,
                    &Command::RecordResult {
                        round: None,
                        board: b,
                        result: GameResult::Draw,
                        correct: None,
                    },
                );
            }
        }
    }
}
