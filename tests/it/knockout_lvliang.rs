//! Issue 8 end to end: the whole `lvliang-2024` event for 80 players through the command line.
//! Nine Swiss rounds, then semi-finals (round 10) and final / third place (round 11) for the
//! top four while the other 76 play Swiss rounds 10 and 11; win 3, red draw 1, black draw 2.

use std::collections::HashMap;
use std::path::Path;

use crate::support::bin::ok as bianpai;
use serde_json::Value;

/// `pair`, with `--choose red` for each knockout match whose colour counts are level: every
/// higher-ranked player chooses red (seed 003 §2.2; the tool never chooses for them).
fn pair_choosing_red(log: &Path) -> String {
    let t = bianpai::log::Log::open(log).unwrap().state().clone();
    let next = bianpai::domain::Round(t.current_round().0 + 1);
    let mut args = vec!["pair", log.to_str().unwrap()];
    for _ in bianpai::domain::colour_choice::due(&t, next) {
        args.extend(["--choose", "red"]);
    }
    bianpai(&args)
}

fn json(log: &Path, what: &str, round: Option<u32>) -> Value {
    let l = log.to_str().unwrap();
    let r = round.map(|r| r.to_string());
    let mut args = vec!["export", l, "--format", "json", "--what", what];
    if let Some(r) = &r {
        args.extend(["--round", r]);
    }
    serde_json::from_str(&bianpai(&args)).expect("json")
}

/// A deterministic spread of results with many draws (colour-dependent draw points) and
/// drawn knockout games (to reach the rapid and armageddon games).
fn result_for(round: u64, board: u64, knockout: bool) -> &'static str {
    if knockout {
        // Semi-final 1 and the final go to armageddon, semi-final 2 to rapid.
        return "draw";
    }
    match (round * 7 + board * 13) % 10 {
        0..=3 => "red_win",
        4..=6 => "black_win",
        _ => "draw",
    }
}

/// The kind of game (`slow`, `rapid`, `armageddon`) on `board` of a round's JSON games.
fn game_kind(games: &serde_json::Value, board: u64) -> String {
    games
        .as_array()
        .and_then(|g| g.iter().find(|g| g["board"] == board))
        .and_then(|g| g["game"].as_str())
        .unwrap_or_default()
        .to_string()
}

const POINTS: [(&str, u64, u64); 6] = [
    ("red_win", 3, 0),
    ("black_win", 0, 3),
    ("draw", 1, 2),
    ("red_win_forfeit", 3, 0),
    ("black_win_forfeit", 0, 3),
    ("double_forfeit", 0, 0),
];

fn points(result: &str) -> (u64, u64) {
    POINTS
        .iter()
        .find(|(w, _, _)| *w == result)
        .map(|(_, r, b)| (*r, *b))
        .expect("result word")
}

#[test]
fn lvliang_2024_whole_event_with_knockout_and_teams() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("lvliang.log");
    let l = log.to_str().unwrap();
    bianpai(&["new", l, "--preset", "lvliang-2024"]);
    for i in 1..=80 {
        let name = format!("棋手{i:02}");
        let team = if i <= 30 {
            format!("企业{}", (i - 1) / 3 + 1)
        } else {
            String::new()
        };
        let mut args = vec!["player", "add", l, "--name", &name, "--birth", "1990-01-01"];
        if !team.is_empty() {
            args.extend(["--team", &team]);
        }
        bianpai(&args);
    }
    bianpai(&["draw", l, "--seed", "2024"]);
    for round in 1..=11u64 {
        pair_choosing_red(&log);
        bianpai(&[
            "start",
            l,
            "--at",
            "2024-07-26T08:30:00+08:00",
            "--correction",
            "the 2024 event replayed",
        ]);
        // Results until the round is complete (drawn knockout games add tie-break boards).
        loop {
            let all = json(&log, "all", None);
            let r = &all["rounds"][(round - 1) as usize];
            let open: Vec<(u64, bool)> = r["games"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|g| g["result"].is_null())
                .map(|g| (g["board"].as_u64().unwrap(), g["stage"] != "swiss"))
                .collect();
            if open.is_empty() {
                break;
            }
            for (board, ko) in open {
                let b = board.to_string();
                let mut word = result_for(round, board, ko);
                if ko {
                    // The 2 v 3 semi-final and the third-place match are decided in the rapid
                    // game; the 1 v 4 semi-final and the final go to armageddon.
                    let game = r["games"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|g| g["board"] == board)
                        .unwrap();
                    let seed2 = json(&log, "standings", Some(9))[1]["no"].as_u64().unwrap();
                    let has2 = game["red"] == seed2 || game["black"] == seed2;
                    let decided_in_rapid =
                        (game["stage"] == "semi_final" && has2) || game["stage"] == "third_place";
                    if game["game"] == "rapid" && decided_in_rapid {
                        word = "red_win";
                    }
                }
                if ko && game_kind(&r["games"], board) == "armageddon" {
                    // The armageddon's lot comes first (issue 21).
                    bianpai(&["pair", l, "--lot", "red", "--board", &b]);
                }
                bianpai(&["result", l, &b, word]);
            }
        }
    }
    let all = json(&log, "all", None);
    let rounds = all["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 11);

    // The four finalists: the top four after round 9.
    let after9 = json(&log, "standings", Some(9));
    let finalists: Vec<u64> = after9.as_array().unwrap()[..4]
        .iter()
        .map(|s| s["no"].as_u64().unwrap())
        .collect();
    for r in &rounds[9..11] {
        for g in r["games"].as_array().unwrap() {
            let (red, black) = (g["red"].as_u64().unwrap(), g["black"].as_u64().unwrap());
            let ko = g["stage"] != "swiss";
            assert_eq!(
                ko,
                finalists.contains(&red),
                "round {} board {}",
                r["round"],
                g["board"]
            );
            assert_eq!(
                ko,
                finalists.contains(&black),
                "round {} board {}",
                r["round"],
                g["board"]
            );
        }
    }
    // Semi-finals 1 v 4 and 2 v 3 in round 10, slow games first.
    let semis: Vec<&Value> = rounds[9]["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["stage"] == "semi_final" && g["game"] == "slow")
        .collect();
    assert_eq!(semis.len(), 2);
    let pair = |g: &Value| {
        let mut p = [g["red"].as_u64().unwrap(), g["black"].as_u64().unwrap()];
        p.sort_unstable();
        p
    };
    let mut want1 = [finalists[0], finalists[3]];
    let mut want2 = [finalists[1], finalists[2]];
    want1.sort_unstable();
    want2.sort_unstable();
    assert!(semis.iter().any(|g| pair(g) == want1) && semis.iter().any(|g| pair(g) == want2));
    let kinds: Vec<&str> = rounds[9]["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["stage"] == "semi_final")
        .map(|g| g["game"].as_str().unwrap())
        .collect();
    assert!(
        kinds.contains(&"rapid") && kinds.contains(&"armageddon"),
        "{kinds:?}"
    );

    // Final places 1–4 follow the knockout.
    let fin_games: Vec<&Value> = rounds[10]["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["stage"] == "final")
        .collect();
    let arm = fin_games
        .iter()
        .find(|g| g["game"] == "armageddon")
        .expect("the final went to armageddon");
    // All games drawn: the armageddon draw counts as a black win.
    let champion = arm["black"].as_u64().unwrap();
    let runner_up = arm["red"].as_u64().unwrap();
    let standings = all["standings"].as_array().unwrap();
    assert_eq!(standings[0]["no"].as_u64(), Some(champion));
    assert_eq!(standings[1]["no"].as_u64(), Some(runner_up));
    let third: Vec<u64> = standings[2..4]
        .iter()
        .map(|s| s["no"].as_u64().unwrap())
        .collect();
    for f in &finalists {
        assert!([champion, runner_up].contains(f) || third.contains(f));
    }

    // Points: Swiss games only, red draw 1 / black draw 2 everywhere.
    let mut swiss: HashMap<u64, u64> = HashMap::new();
    let mut after9_points: HashMap<u64, u64> = HashMap::new();
    let mut slow_ko: HashMap<u64, u64> = HashMap::new();
    let mut opponents: HashMap<u64, Vec<u64>> = HashMap::new();
    for (i, r) in rounds.iter().enumerate() {
        for g in r["games"].as_array().unwrap() {
            let (red, black) = (g["red"].as_u64().unwrap(), g["black"].as_u64().unwrap());
            let (pr, pb) = points(g["result"].as_str().unwrap());
            if g["stage"] == "swiss" {
                *swiss.entry(red).or_default() += pr;
                *swiss.entry(black).or_default() += pb;
                opponents.entry(red).or_default().push(black);
                opponents.entry(black).or_default().push(red);
            } else if g["game"] == "slow" {
                // Knockout games are not Swiss opponents; their slow-game points count in
                // the finalists' final points for everyone else's opponent score.
                *slow_ko.entry(red).or_default() += pr;
                *slow_ko.entry(black).or_default() += pb;
            }
        }
        if i == 8 {
            after9_points.clone_from(&swiss);
        }
    }
    // Opponent score: final points of every opponent; a finalist's are the nine-round points
    // plus the slow knockout games' points.
    let final_points = |p: u64| {
        if finalists.contains(&p) {
            after9_points[&p] + slow_ko.get(&p).copied().unwrap_or(0)
        } else {
            swiss[&p]
        }
    };
    // The points printed are the same final points (RULES.md §7): Swiss games for places 5+,
    // nine rounds plus the slow knockout games for the four finalists, who are marked.
    for s in standings {
        let no = s["no"].as_u64().unwrap();
        assert_eq!(
            s["points"].as_u64(),
            Some(final_points(no)),
            "points of {no}"
        );
        assert_eq!(
            s.get("knockout").is_some(),
            finalists.contains(&no),
            "knockout mark of {no}"
        );
    }
    let marks: Vec<&str> = standings[..4]
        .iter()
        .map(|s| s["remark"].as_str().unwrap())
        .collect();
    assert_eq!(
        marks,
        ["淘汰赛冠军", "淘汰赛亚军", "淘汰赛季军", "淘汰赛第四名"]
    );
    assert!(
        all["standings_note"]
            .as_str()
            .is_some_and(|n| n.contains("淘汰赛决定")),
        "{}",
        all["standings_note"]
    );
    for s in standings {
        let no = s["no"].as_u64().unwrap();
        let want: u64 = opponents
            .get(&no)
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .map(|o| final_points(*o))
            .sum();
        assert_eq!(
            s["tiebreaks"]["opponent_score"].as_u64(),
            Some(want),
            "opponent score of {no}"
        );
    }

    // Team standings from round-9 points.
    let teams = json(&log, "teams", None);
    let teams = teams.as_array().expect("teams array");
    assert_eq!(teams.len(), 10);
    for t in teams {
        let members: Vec<u64> = t["members"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["no"].as_u64().unwrap())
            .collect();
        let sum: u64 = members.iter().map(|m| after9_points[m]).sum();
        assert_eq!(t["points"].as_u64(), Some(sum), "team {}", t["team"]);
    }
}
