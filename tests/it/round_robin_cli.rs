//! The round robin through the real binary (issue 24): the schedule (轮次表) printed before
//! round 1 and followed by `pair`, late entries refused once round 1 is paired, the withdrawal
//! rule of R2011 ch.14 (annulled under half, forfeits from half on) in the exports, and
//! `rounds: 0` accepted only for a round robin.

use crate::support::cli as cli_support;

use std::collections::HashSet;

use cli_support::{Event, num, ok, play_round as play, round_robin as field, run};
use serde_json::Value;

fn pairs_of(games: &Value) -> Vec<(u32, u32)> {
    games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (num(&g["red"]), num(&g["black"])))
        .collect()
}

#[test]
fn the_schedule_prints_before_round_1_and_pair_follows_it() {
    let e = field(10);
    let schedule = e.json("schedule", None);
    let rounds = schedule[0]["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 9, "10 players: 9 rounds");
    let mut met = HashSet::new();
    for r in rounds {
        for (a, b) in pairs_of(&r["games"]) {
            assert!(met.insert((a.min(b), a.max(b))), "{a}-{b} twice");
        }
    }
    assert_eq!(met.len(), 45);
    let txt = ok(&[
        "export",
        e.log_str(),
        "--format",
        "txt",
        "--what",
        "schedule",
    ]);
    assert!(txt.contains("轮次表（贝格尔编排，共9轮）"), "{txt}");
    let all = e.json("all", None);
    assert_eq!(all["rules"]["rounds"], 9, "rounds: 0 resolved");
    assert_eq!(all["rules"]["system"], "round_robin");
    for (r, printed) in rounds.iter().enumerate().take(3) {
        play(&e, if r % 2 == 0 { "red_win" } else { "draw" });
        let paired = e.json("pairings", None);
        assert_eq!(
            pairs_of(&paired[0]["games"]),
            pairs_of(&printed["games"]),
            "round {} follows the printed schedule",
            r + 1
        );
    }
}

#[test]
fn a_late_entry_is_refused_once_round_1_is_paired() {
    let e = field(5);
    e.add(&["--name", "第六人"]);
    ok(&["pair", e.log_str()]);
    let err = e.refused_add(&["--name", "迟到者"]);
    assert!(
        err.contains("round robin") && err.contains("迟到者"),
        "{err}"
    );
    let out = run(&["player", "add", e.log_str(), "--name", "迟到者"]);
    let zh = String::from_utf8_lossy(&out.stderr);
    assert!(zh.contains("循环赛第一轮已编排"), "{zh}");
}

/// Points in the standings JSON by number.
fn points(e: &Event) -> Vec<(u32, u32, u32)> {
    e.json("standings", None)
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (num(&s["no"]), num(&s["points"]), num(&s["rank"])))
        .collect()
}

#[test]
fn a_withdrawal_under_half_annuls_every_result() {
    let e = field(6);
    play(&e, "red_win");
    play(&e, "red_win");
    // Player 1 withdraws after 2 of 5 games: under half, all results annulled.
    ok(&["player", "withdraw", e.log_str(), "1"]);
    play(&e, "draw");
    let all = e.json("all", None);
    assert_eq!(all["withdrawals"][0]["verdict"], "annulled");
    assert_eq!(all["withdrawals"][0]["played"], 2);
    assert_eq!(all["withdrawals"][0]["scheduled"], 5);
    // Recompute every other player's points from the boards, leaving out player 1's games.
    let mut expect = [0u32; 7];
    for r in all["rounds"].as_array().unwrap() {
        for g in r["games"].as_array().unwrap() {
            let (red, black) = (num(&g["red"]), num(&g["black"]));
            if red == 1 || black == 1 {
                continue;
            }
            let (pr, pb) = match g["result"].as_str().unwrap() {
                "red_win" => (2, 0),
                "black_win" => (0, 2),
                _ => (1, 1),
            };
            expect[red as usize] += pr;
            expect[black as usize] += pb;
        }
    }
    for (no, pts, rank) in points(&e) {
        if no == 1 {
            assert_eq!((pts, rank), (0, 6), "annulled: no points, ranked last");
        } else {
            assert_eq!(pts, expect[no as usize], "points of {no}");
        }
    }
    let txt = ok(&[
        "export",
        e.log_str(),
        "--format",
        "txt",
        "--what",
        "crosstable",
    ]);
    assert!(txt.contains("已赛成绩全部取消"), "{txt}");
    // Round 3's game against player 1 is not on a board, and the pairing list says why.
    let pairs = ok(&[
        "export",
        e.log_str(),
        "--format",
        "txt",
        "--what",
        "pairings",
    ]);
    assert!(pairs.contains("退赛，成绩取消，不赛"), "{pairs}");
}

#[test]
fn a_withdrawal_from_half_on_forfeits_the_remaining_games() {
    let e = field(6);
    for _ in 0..3 {
        play(&e, "draw");
    }
    // Player 2 withdraws after 3 of 5 games: the results stand, the rest are forfeits.
    ok(&["player", "withdraw", e.log_str(), "2"]);
    play(&e, "draw");
    let all = e.json("all", None);
    assert_eq!(all["withdrawals"][0]["verdict"], "forfeits");
    let round4 = &all["schedule"][0]["rounds"][3];
    let game = round4["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["red"] == 2 || g["black"] == 2)
        .expect("player 2 has a game in round 4 of the table");
    assert_eq!(game["withdrawal"], "forfeits");
    let opponent = if game["red"] == 2 {
        num(&game["black"])
    } else {
        num(&game["red"])
    };
    let word = if game["red"] == 2 {
        "black_win_forfeit"
    } else {
        "red_win_forfeit"
    };
    assert_eq!(game["result"], word);
    // Three draws (1 point each) and the forfeit win (2); player 2 keeps their 3 draws.
    let table = points(&e);
    let of = |no: u32| table.iter().find(|r| r.0 == no).unwrap().1;
    assert_eq!(of(opponent), 3 + 2, "opponent: 3 draws and the forfeit win");
    assert_eq!(of(2), 3, "player 2 keeps the 3 draws");
    let pairs = ok(&[
        "export",
        e.log_str(),
        "--format",
        "txt",
        "--what",
        "pairings",
    ]);
    assert!(
        pairs.contains("退赛") && pairs.contains("不战胜"),
        "{pairs}"
    );
}

#[test]
fn rounds_zero_is_a_round_robin_s_own_number_only() {
    let swiss = ok(&["presets", "--show", "qigu-2024-07"]).replace("rounds: 9", "rounds: 0");
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("r.ron");
    std::fs::write(&rules, &swiss).unwrap();
    let log = dir.path().join("e.log");
    let out = run(&[
        "--lang",
        "en",
        "new",
        log.to_str().unwrap(),
        "--rules",
        rules.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("rounds"));
    assert!(!log.exists());
    assert!(swiss.contains("system: swiss"), "{swiss}");
    let double = swiss.replace("system: swiss", "system: double_round_robin");
    std::fs::write(&rules, double).unwrap();
    ok(&[
        "new",
        log.to_str().unwrap(),
        "--rules",
        rules.to_str().unwrap(),
    ]);
    let e = Event {
        dir,
        log: log.clone(),
    };
    for i in 1..=5 {
        e.add(&["--name", &format!("P{i}")]);
    }
    assert_eq!(
        e.json("all", None)["rules"]["rounds"],
        10,
        "5 players, double: 2 × 5"
    );
}

#[test]
fn knockout_finals_are_refused_after_a_round_robin() {
    let rules = ok(&["presets", "--show", "lvliang-2024"]);
    assert!(rules.contains("system: swiss") && rules.contains("knockout: Some"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.ron");
    std::fs::write(&path, rules.replace("system: swiss", "system: round_robin")).unwrap();
    let log = dir.path().join("e.log");
    let out = run(&[
        "new",
        log.to_str().unwrap(),
        "--rules",
        path.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("knockout") && err.contains("循环赛"), "{err}");
    assert!(!log.exists(), "nothing written");
}

/// The club-rr-10 rules with the tiebreak chain replaced by `chain`.
fn with_chain(chain: &str) -> Event {
    let rules = ok(&["presets", "--show", "club-rr-10"]);
    let start = rules.find("tiebreaks: [").expect("a tiebreak chain");
    let end = start + rules[start..].find(']').unwrap() + 1;
    let rules = format!("{}tiebreaks: [{chain}]{}", &rules[..start], &rules[end..]);
    Event::from_rules(&rules)
}

/// A six-player round robin played out with a fixed pattern of results; each player has a
/// club.
fn played_six(e: &Event) {
    let clubs = ["淮安棋社", "金湖象协", "棋鼓铭心"];
    for i in 1..=6 {
        e.add(&["--name", &format!("棋手{i}"), "--club", clubs[i % 3]]);
    }
    ok(&["draw", e.log_str(), "--in-order"]);
    // 3 and 5 end level on 7 points and 3 wins, 5 having beaten 3.
    let words = ["draw", "red_win", "black_win", "red_win"];
    for r in 0..5 {
        ok(&["pair", e.log_str()]);
        ok(&["start", e.log_str()]);
        let round = e.json("pairings", None);
        for g in round[0]["games"].as_array().unwrap() {
            let b = num(&g["board"]) as usize;
            let board = b.to_string();
            ok(&["result", e.log_str(), &board, words[(r + b) % words.len()]]);
        }
    }
}

/// One player's points, wins and (opponent, points scored) per game.
type Tally = (u32, u32, Vec<(u32, u32)>);

/// Each player's tally, from the games of the JSON export (club-rr-10: 2/1/0).
fn tally(all: &Value) -> std::collections::BTreeMap<u32, Tally> {
    let mut out: std::collections::BTreeMap<u32, Tally> = std::collections::BTreeMap::new();
    for r in all["rounds"].as_array().unwrap() {
        for g in r["games"].as_array().unwrap() {
            let (red, black) = (num(&g["red"]), num(&g["black"]));
            let (pr, pb) = match g["result"].as_str().unwrap() {
                "red_win" => (2, 0),
                "black_win" => (0, 2),
                _ => (1, 1),
            };
            for (me, opp, p) in [(red, black, pr), (black, red, pb)] {
                let e = out.entry(me).or_default();
                e.0 += p;
                e.1 += u32::from(p == 2);
                e.2.push((opp, p));
            }
        }
    }
    out
}

#[test]
fn the_crosstable_carries_club_wins_and_direct_encounter_as_the_chain_ranks() {
    // 胜局 before 直胜 before 小分: direct encounter decides among players level on points
    // and wins.
    let e = with_chain("wins, direct_encounter, sonneborn_berger, draw_number");
    played_six(&e);
    let all = e.json("all", None);
    let own = tally(&all);
    let cross = e.json("crosstable", None);
    let players = cross[0]["players"].as_array().unwrap();
    let mut decided = 0;
    for p in players {
        let no = num(&p["no"]);
        let (points, wins, met) = &own[&no];
        assert_eq!(num(&p["tiebreaks"]["wins"]), *wins, "wins of {no}");
        assert_eq!(
            p["club"],
            ["淮安棋社", "金湖象协", "棋鼓铭心"][no as usize % 3]
        );
        // The group level with `no` on points and wins (everyone met everyone).
        let group: Vec<u32> = own
            .iter()
            .filter(|(_, (pt, w, _))| pt == points && w == wins)
            .map(|(n, _)| *n)
            .collect();
        let de = &p["tiebreaks"]["direct_encounter"];
        match group.len() {
            1 => assert!(de.is_null(), "{no} alone: no 直胜, got {de}"),
            2 => {
                let other = group.iter().find(|n| **n != no).unwrap();
                let beat = met.iter().filter(|(o, pt)| o == other && *pt == 2).count();
                assert_eq!(num(de) as usize, beat, "直胜 of {no} against {other}");
                decided += 1;
            }
            _ => {
                let among: u32 = met
                    .iter()
                    .filter(|(o, _)| group.contains(o))
                    .map(|(_, pt)| pt)
                    .sum();
                assert_eq!(num(de), among, "直胜 of {no} in {group:?}");
                decided += 1;
            }
        }
    }
    assert!(decided > 0, "the pattern leaves a tie for 直胜 to decide");
    // The printout: 单位 after the name, then the chain's columns in order after 积分.
    let txt = ok(&[
        "export",
        e.log_str(),
        "--format",
        "txt",
        "--what",
        "crosstable",
    ]);
    let head = txt
        .lines()
        .find(|l| l.starts_with("序号"))
        .unwrap_or_else(|| panic!("{txt}"));
    let words: Vec<&str> = head.split_whitespace().collect();
    assert_eq!(&words[..3], ["序号", "姓名", "单位"], "{head}");
    assert_eq!(
        &words[words.len() - 6..],
        ["积分", "胜局", "直胜", "小分", "名次", "备注"],
        "{head}"
    );
    assert!(txt.contains("金湖象协"), "{txt}");
    // The preset's own chain (小分, 胜局, 直胜, …) prints them in its order; a chain without
    // 胜局 and 直胜 prints neither.
    let e = field(4);
    let head = ok(&["export", e.log_str(), "--what", "crosstable"]);
    assert!(
        head.contains("积分  小分  胜局  直胜  名次  备注"),
        "{head}"
    );
    let e = with_chain("sonneborn_berger, draw_number");
    e.add(&["--name", "甲"]);
    e.add(&["--name", "乙"]);
    let head = ok(&["export", e.log_str(), "--what", "crosstable"]);
    assert!(head.contains("积分  小分  名次  备注"), "{head}");
}
