//! Issue 21's acceptance for seed 003 (lvliang-2024): `simulate --rules FILE --players 80
//! --rounds-played 9` leaves a live event after the Swiss round that selects the finalists;
//! the knockout is then played by hand through the command line (the armageddon's colours
//! by lot before its result), and the paper shows what happened:
//! - point 3: the armageddon draw reads `和（黑胜）` on the pairings and the crosstable, and
//!   `和棋黑胜，X 晋级` on the eliminated player's card (room page) and in the command's output;
//! - point 4: places 1–4 carry the knockout's 备注 (淘汰赛冠军 … 第四名) and a note under the
//!   table in txt, csv, html, xlsx, the JSON and the room page, and their 积分 are the
//!   regulation's final points (nine rounds + slow semi-final + slow final / third place),
//!   the same number that enters everyone's 对手分.
//!
//! Every expected value is computed here from the games the JSON lists, not copied from output.

use crate::support::export as export_support;
use crate::support::serve as serve_support;

use std::collections::HashMap;
use std::path::Path;

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
    ok(&args)
}

fn ok(args: &[&str]) -> String {
    String::from_utf8(export_support::ok(args)).expect("utf-8 output")
}

fn all(log: &Path) -> Value {
    serde_json::from_str(&ok(&[
        "export",
        log.to_str().unwrap(),
        "--format",
        "json",
        "--what",
        "all",
    ]))
    .unwrap()
}

fn export(log: &Path, format: &str, what: &str, round: Option<u32>) -> String {
    let r = round.map(|r| r.to_string());
    let mut args = vec![
        "export",
        log.to_str().unwrap(),
        "--format",
        format,
        "--what",
        what,
    ];
    if let Some(r) = &r {
        args.extend(["--round", r]);
    }
    ok(&args)
}

fn games(all: &Value, round: usize) -> Vec<Value> {
    all["rounds"][round - 1]["games"]
        .as_array()
        .unwrap()
        .clone()
}

fn no(v: &Value) -> u64 {
    v.as_u64().unwrap()
}

/// Plays every open board of the current round: knockout boards by `knockout(game)`, Swiss
/// boards red wins. Returns the output lines of the results.
fn play_round(log: &Path, round: usize, knockout: &dyn Fn(&Value) -> &'static str) -> String {
    let l = log.to_str().unwrap();
    let mut said = String::new();
    loop {
        let a = all(log);
        let open: Vec<Value> = games(&a, round)
            .into_iter()
            .filter(|g| g["result"].is_null())
            .collect();
        if open.is_empty() {
            return said;
        }
        for g in open {
            let board = g["board"].to_string();
            if g["game"] == "armageddon" {
                // The lot is drawn in the hall first: the better seed drew black.
                ok(&["pair", l, "--lot", "black", "--board", &board]);
            }
            let word = if g["stage"] == "swiss" {
                "red_win"
            } else {
                knockout(&g)
            };
            said.push_str(&ok(&["result", l, &board, word]));
        }
    }
}

#[test]
fn seed_003_simulated_to_round_9_then_the_knockout_by_hand_reads_right_on_paper() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let rules = d.join("lvliang.ron");
    std::fs::write(&rules, ok(&["presets", "--show", "lvliang-2024"])).unwrap();
    let log = d.join("lvliang.log");
    let l = log.to_str().unwrap();
    ok(&[
        "simulate",
        "--rules",
        rules.to_str().unwrap(),
        "--players",
        "80",
        "--rounds-played",
        "9",
        "--seed",
        "3",
        "--out",
        l,
    ]);

    // A live event after nine complete rounds, names without digits.
    let a = all(&log);
    let rounds = a["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 9);
    assert!(
        rounds
            .iter()
            .flat_map(|r| r["games"].as_array().unwrap())
            .all(|g| !g["result"].is_null())
    );
    let players = a["players"].as_array().unwrap();
    assert_eq!(players.len(), 80);
    for p in players {
        let name = p["name"].as_str().unwrap();
        assert!(!name.chars().any(|c| c.is_ascii_digit()), "{name}");
    }
    let after9: Vec<u64> = a["standings"].as_array().unwrap()[..4]
        .iter()
        .map(|s| no(&s["no"]))
        .collect();
    // The standings that select the finalists mark them as going on.
    for s in &a["standings"].as_array().unwrap()[..4] {
        assert_eq!(s["knockout"], "finalist", "{s}");
    }

    // Round 10: the semi-final of seeds 1 and 4 is drawn slow, drawn rapid, and the
    // armageddon is drawn (a black win); the other semi-final ends in the slow game.
    pair_choosing_red(&log);
    ok(&["start", l]);
    let semi_14 = |g: &Value| {
        let pair = [no(&g["red"]), no(&g["black"])];
        pair.contains(&after9[0]) && pair.contains(&after9[3])
    };
    let said = play_round(&log, 10, &|g| if semi_14(g) { "draw" } else { "red_win" });
    let a = all(&log);
    let arm = games(&a, 10)
        .into_iter()
        .find(|g| g["game"] == "armageddon")
        .expect("the 1 v 4 semi-final went to armageddon");
    let (arm_red, arm_black) = (no(&arm["red"]), no(&arm["black"]));
    let name = |n: u64| {
        players.iter().find(|p| no(&p["no"]) == n).unwrap()["name"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let verdict = format!("和棋黑胜，{} 晋级", name(arm_black));
    assert!(said.contains(&verdict), "{said}");

    // The standings after round 10 say who plays for what: the armageddon's black goes to
    // the final, its red plays for third place.
    let mark = |n: u64| {
        a["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| no(&s["no"]) == n)
            .unwrap()["remark"]
            .clone()
    };
    assert_eq!(mark(arm_black), "进入决赛");
    assert_eq!(mark(arm_red), "三四名赛");

    // Point 3 on paper: the pairings and the crosstable never show a plain 和 for it.
    let pairings = export(&log, "csv", "pairings", Some(10));
    let row = pairings
        .lines()
        .find(|r| r.starts_with(&format!("{},", arm["board"])))
        .unwrap();
    assert!(row.contains("和（黑胜）"), "{row}");
    let cross = export(&log, "csv", "crosstable", None);
    let loser_row = cross
        .lines()
        .find(|r| r.split(',').nth(1) == Some(&arm_red.to_string()))
        .unwrap();
    assert!(
        loser_row.contains(&format!("{arm_black}黑和（黑胜）"))
            || loser_row.contains(&format!("{arm_black}红和（黑胜）")),
        "{loser_row}"
    );

    // Round 11: final decided in the slow game (black wins), third place in the rapid game.
    pair_choosing_red(&log);
    ok(&["start", l]);
    play_round(
        &log,
        11,
        &|g| match (g["stage"].as_str(), g["game"].as_str()) {
            (Some("final"), _) => "black_win",
            (Some("third_place"), Some("slow")) => "draw",
            _ => "red_win",
        },
    );
    let a = all(&log);
    let r11 = games(&a, 11);
    let fin = r11.iter().find(|g| g["stage"] == "final").unwrap();
    let third_rapid = r11
        .iter()
        .find(|g| g["stage"] == "third_place" && g["game"] == "rapid")
        .unwrap();
    let places = [
        no(&fin["black"]),
        no(&fin["red"]),
        no(&third_rapid["red"]),
        no(&third_rapid["black"]),
    ];

    // Final points from the games: Swiss points through round 9 plus the slow knockout
    // games for the four, Swiss points of all eleven rounds for the others.
    let pts = |res: &str| match res {
        "red_win" | "red_win_forfeit" => (3, 0),
        "black_win" | "black_win_forfeit" => (0, 3),
        "draw" => (1, 2),
        _ => (0, 0),
    };
    let mut swiss: HashMap<u64, u64> = HashMap::new();
    let mut finals: HashMap<u64, u64> = HashMap::new();
    for (i, r) in a["rounds"].as_array().unwrap().iter().enumerate() {
        for g in r["games"].as_array().unwrap() {
            let (pr, pb) = pts(g["result"].as_str().unwrap());
            let (red, black) = (no(&g["red"]), no(&g["black"]));
            if g["stage"] == "swiss" {
                *swiss.entry(red).or_default() += pr;
                *swiss.entry(black).or_default() += pb;
                if i < 9 {
                    *finals.entry(red).or_default() += pr;
                    *finals.entry(black).or_default() += pb;
                }
            } else if g["game"] == "slow" {
                *finals.entry(red).or_default() += pr;
                *finals.entry(black).or_default() += pb;
            }
        }
        if let Some(b) = r["bye"].as_u64() {
            *swiss.entry(b).or_default() += 3;
            if i < 9 {
                *finals.entry(b).or_default() += 3;
            }
        }
    }
    let points = |n: u64| {
        if places.contains(&n) {
            finals.get(&n).copied().unwrap_or(0)
        } else {
            swiss.get(&n).copied().unwrap_or(0)
        }
    };

    // The JSON: places 1–4 from the knockout, marked, with the final points.
    let st = a["standings"].as_array().unwrap();
    let top: Vec<u64> = st[..4].iter().map(|s| no(&s["no"])).collect();
    assert_eq!(top, places);
    let remarks = ["淘汰赛冠军", "淘汰赛亚军", "淘汰赛季军", "淘汰赛第四名"];
    for (s, remark) in st[..4].iter().zip(remarks) {
        assert_eq!(s["remark"], remark, "{s}");
        assert_eq!(s["points"].as_u64(), Some(points(no(&s["no"]))), "{s}");
    }
    assert!(st[4..].iter().all(|s| s.get("remark").is_none()));
    assert!(
        a["standings_note"]
            .as_str()
            .is_some_and(|n| n.contains("由淘汰赛决定")),
        "{}",
        a["standings_note"]
    );
    // The same numbers enter 对手分: every player's opponent score sums the opponents'
    // printed points (Swiss opponents only; a bye counts the field's lowest, so players
    // with a bye are left out of this check).
    let printed: HashMap<u64, u64> = st
        .iter()
        .map(|s| (no(&s["no"]), s["points"].as_u64().unwrap()))
        .collect();
    let mut opponents: HashMap<u64, Vec<u64>> = HashMap::new();
    let mut had_bye: Vec<u64> = Vec::new();
    for r in a["rounds"].as_array().unwrap() {
        for g in r["games"].as_array().unwrap() {
            if g["stage"] == "swiss" {
                let (red, black) = (no(&g["red"]), no(&g["black"]));
                opponents.entry(red).or_default().push(black);
                opponents.entry(black).or_default().push(red);
            }
        }
        had_bye.extend(r["bye"].as_u64());
    }
    for s in st {
        let n = no(&s["no"]);
        if had_bye.contains(&n) {
            continue;
        }
        let want: u64 = opponents
            .get(&n)
            .map_or(0, |o| o.iter().map(|x| printed[x]).sum());
        assert_eq!(
            s["tiebreaks"]["opponent_score"].as_u64(),
            Some(want),
            "对手分 of {n}"
        );
    }

    // Every printout marks the four and explains it under the table.
    let txt = export(&log, "txt", "standings", None);
    let csv = export(&log, "csv", "standings", None);
    let html = export(&log, "html", "standings", None);
    for (format, text) in [("txt", &txt), ("csv", &csv), ("html", &html)] {
        for r in remarks {
            assert!(text.contains(r), "{format}: {r}");
        }
        assert!(text.contains("由淘汰赛决定"), "{format}: the note");
    }
    let champion_line = txt
        .lines()
        .find(|x| x.contains("淘汰赛冠军"))
        .unwrap()
        .to_string();
    assert!(champion_line.contains(&name(places[0])), "{champion_line}");
    let xlsx = d.join("standings.xlsx");
    ok(&[
        "export",
        l,
        "--format",
        "xlsx",
        "--what",
        "standings",
        "--out",
        xlsx.to_str().unwrap(),
    ]);
    let sheets = export_support::read_xlsx(&xlsx);
    let grid = export_support::sheet_text(&sheets[0].1);
    let flat: Vec<&String> = grid.iter().flatten().collect();
    for r in remarks {
        assert!(flat.iter().any(|c| *c == r), "xlsx: {r}");
    }
    assert!(
        flat.iter().any(|c| c.contains("由淘汰赛决定")),
        "xlsx: the note"
    );

    // The room page: the standings and the eliminated player's card.
    let server = serve_support::Server::start(&log);
    let page = server.get("/standings").text();
    for r in remarks {
        assert!(page.contains(r), "room page: {r}");
    }
    assert!(page.contains("由淘汰赛决定"), "room page: the note");
    let card = server.get(&format!("/player/{arm_red}")).text();
    assert!(card.contains(&verdict), "the eliminated player's card");
}
