//! Knockout finals of 2 and 8 through the real binary (docs/rules.md#7-knockout): the
//! `wxf-2023` preset's final beside a Swiss round 9, a bracket of eight with quarter-finals
//! and places 5–8, and any other size refused when the rules are read.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use bianpai::console::ui;
use bianpai::domain::Role;
use bianpai::domain::rules::Lang;

use crate::support::cli::{Event, num, ok, play_round, run};
use crate::support::console::{app_as, minutes};
use crate::support::serve::Server;

const WXF: &str = include_str!("../../src/domain/rules/presets/wxf-2023.ron");

/// An event of `n` players named 棋手1… with numbers drawn (seed 7).
fn field(e: &Event, n: u32) {
    for i in 1..=n {
        e.add(&["--name", &format!("棋手{i}")]);
    }
    ok(&["draw", e.log_str(), "--seed", "7"]);
}

/// Plays rounds 1 to `last` with results that vary by round (red wins, draws, black wins).
fn play_swiss_rounds(e: &Event, last: u32) {
    for round in 1..=last {
        play_round(e, ["black_win", "red_win", "draw"][round as usize % 3]);
    }
}

/// The player numbers of the standings after `round`, best first.
fn order_after(e: &Event, round: u32) -> Vec<u32> {
    e.json("standings", Some(round))
        .as_array()
        .unwrap()
        .iter()
        .map(|s| num(&s["no"]))
        .collect()
}

/// What earlier rounds hold for the next one's legality.
struct History {
    /// Each player's colours, round by round (`true` red).
    colours: HashMap<u32, Vec<bool>>,
    /// The pairs that have met, smaller number first.
    met: HashSet<(u32, u32)>,
}

/// The history of the `rounds` of `--what all`.
fn history(rounds: &[Value]) -> History {
    let mut h = History {
        colours: HashMap::new(),
        met: HashSet::new(),
    };
    for r in rounds {
        for g in r["games"].as_array().unwrap() {
            let (red, black) = (num(&g["red"]), num(&g["black"]));
            if g["game"] == "slow" {
                h.colours.entry(red).or_default().push(true);
                h.colours.entry(black).or_default().push(false);
            }
            h.met.insert((red.min(black), red.max(black)));
        }
    }
    h
}

#[test]
fn wxf_2023_plays_the_final_beside_a_swiss_round_nine() {
    let e = Event::new("wxf-2023");
    field(&e, 15);
    play_swiss_rounds(&e, 8);
    let after8 = order_after(&e, 8);
    let before = e.json("all", None);
    let earlier = before["rounds"].as_array().unwrap().clone();
    let byes_before: Vec<u32> = earlier
        .iter()
        .filter_map(|r| r["bye"].as_u64())
        .map(|b| b as u32)
        .collect();
    assert_eq!(play_round(&e, "red_win"), 9);
    let all = e.json("all", None);
    let r9 = &all["rounds"][8];
    let games = r9["games"].as_array().unwrap();
    // Exactly one final, on board 1, between the top two after round 8.
    let finals: Vec<&Value> = games.iter().filter(|g| g["stage"] == "final").collect();
    assert_eq!(finals.len(), 1, "{r9}");
    let fin = finals[0];
    assert_eq!(fin["board"], 1);
    let mut pair = [num(&fin["red"]), num(&fin["black"])];
    pair.sort_unstable();
    let mut top2 = [after8[0], after8[1]];
    top2.sort_unstable();
    assert_eq!(pair, top2);
    // Every other player is in the Swiss of round 9, once, the odd one out with the bye.
    let swiss: Vec<&Value> = games.iter().filter(|g| g["stage"] == "swiss").collect();
    assert_eq!(swiss.len() + finals.len(), games.len());
    let mut seen: Vec<u32> = swiss
        .iter()
        .flat_map(|g| [num(&g["red"]), num(&g["black"])])
        .collect();
    let bye = num(&r9["bye"]);
    assert!(!byes_before.contains(&bye), "a second bye for {bye}");
    seen.push(bye);
    seen.sort_unstable();
    let mut rest: Vec<u32> = after8[2..].to_vec();
    rest.sort_unstable();
    assert_eq!(seen, rest);
    // A legal Swiss round: no rematch, no third colour in a row, no colour difference of 3.
    let History { colours, met } = history(&earlier);
    for g in &swiss {
        let (red, black) = (num(&g["red"]), num(&g["black"]));
        assert!(
            !met.contains(&(red.min(black), red.max(black))),
            "rematch {red}-{black}"
        );
        for (no, is_red) in [(red, true), (black, false)] {
            let mut c = colours[&no].clone();
            c.push(is_red);
            assert!(!c.ends_with(&[is_red; 3]), "{no}: {c:?}");
            let reds = c.iter().filter(|r| **r).count() as i64;
            assert!((2 * reds - c.len() as i64).abs() < 3, "{no}: {c:?}");
        }
    }
    // The final standings: the final's winner (red won it), then its loser, then the Swiss.
    let standings = all["standings"].as_array().unwrap();
    assert_eq!(num(&standings[0]["no"]), num(&fin["red"]));
    assert_eq!(standings[0]["knockout"], "champion");
    assert_eq!(num(&standings[1]["no"]), num(&fin["black"]));
    assert_eq!(standings[1]["knockout"], "runner_up");
    assert!(standings[2..].iter().all(|s| s["knockout"].is_null()));
    let points: Vec<u32> = standings[2..].iter().map(|s| num(&s["points"])).collect();
    assert!(points.windows(2).all(|w| w[0] >= w[1]), "{points:?}");
}

#[test]
fn eight_play_quarter_finals_semi_finals_and_the_final_through_the_binary() {
    let rules = WXF.replace("rounds: 9,", "rounds: 6,").replace(
        "(after_round: 8, players: 2)",
        "(after_round: 3, players: 8)",
    );
    let e = Event::from_rules(&rules);
    field(&e, 20);
    play_swiss_rounds(&e, 3);
    let seeds: Vec<u32> = order_after(&e, 3)[..8].to_vec();
    // A seed's place (1–8); 0 for a player outside the bracket.
    let seed = |no: u32| seeds.iter().position(|s| *s == no).map_or(0, |k| k + 1);
    // Red wins every knockout game: the pairings below decide who goes through.
    let stages = |round: u32, stage: &str| -> Vec<(usize, usize, u32)> {
        let all = e.json("all", None);
        all["rounds"][round as usize - 1]["games"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g["stage"] == stage)
            .map(|g| {
                let (r, b) = (num(&g["red"]), num(&g["black"]));
                (seed(r).min(seed(b)), seed(r).max(seed(b)), r)
            })
            .collect()
    };
    play_round(&e, "red_win");
    let quarters = stages(4, "quarter_final");
    let pairs: Vec<(usize, usize)> = quarters.iter().map(|(a, b, _)| (*a, *b)).collect();
    assert_eq!(pairs, vec![(1, 8), (2, 7), (3, 6), (4, 5)]);
    assert_eq!(
        stages(4, "swiss").len(),
        6,
        "the other twelve play a Swiss round"
    );
    let winners: Vec<usize> = quarters.iter().map(|(_, _, red)| seed(*red)).collect();
    // Every surface names the stage: the printed pairings, the room page and the wall, the
    // console's round view.
    let txt = ok(&[
        "export",
        e.log_str(),
        "--format",
        "txt",
        "--what",
        "pairings",
    ]);
    assert!(txt.contains("四分之一决赛"), "{txt}");
    let server = Server::start(&e.log);
    for page in ["/", "/wall"] {
        let body = server.get(page).text();
        assert_eq!(body.matches("四分之一决赛").count(), 4, "{page}: {body}");
    }
    let app = app_as(&e.log, "wang", Role::Head, Lang::Zh, minutes(60));
    let screen = ui::render_text(&app, 160, 48);
    assert!(screen.contains("四分之一决赛·慢棋"), "{screen}");
    play_round(&e, "red_win");
    let semis = stages(5, "semi_final");
    // The bracket: 1 v 8's winner meets 4 v 5's, 2 v 7's meets 3 v 6's.
    let w = |k: usize| winners[k];
    let expected = [(w(0), w(3)), (w(1), w(2))].map(|(a, b)| (a.min(b), a.max(b)));
    let mut got: Vec<(usize, usize)> = semis.iter().map(|(a, b, _)| (*a, *b)).collect();
    got.sort_unstable();
    let mut want = expected.to_vec();
    want.sort_unstable();
    assert_eq!(got, want);
    assert!(stages(5, "quarter_final").is_empty());
    play_round(&e, "red_win");
    assert_eq!(stages(6, "final").len(), 1);
    assert_eq!(stages(6, "third_place").len(), 1);
    let all = e.json("all", None);
    let standings = all["standings"].as_array().unwrap();
    let marks: Vec<&str> = standings[..9]
        .iter()
        .map(|s| s["knockout"].as_str().unwrap_or("-"))
        .collect();
    assert_eq!(
        marks,
        [
            "champion",
            "runner_up",
            "third",
            "fourth",
            "fifth",
            "sixth",
            "seventh",
            "eighth",
            "-"
        ]
    );
    // Places 5–8: the quarter-finals' losers in their order after round 3.
    let mut losers: Vec<usize> = (1..=8).filter(|s| !winners.contains(s)).collect();
    losers.sort_unstable();
    let five_to_eight: Vec<usize> = standings[4..8]
        .iter()
        .map(|s| seed(num(&s["no"])))
        .collect();
    assert_eq!(five_to_eight, losers);
}

#[test]
fn a_bracket_of_three_is_refused_naming_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("rules.ron");
    std::fs::write(&rules, WXF.replace("players: 2)", "players: 3)")).unwrap();
    let log = dir.path().join("event.log");
    for (lang, words) in [("en", "must be 2 (a final), 4"), ("zh", "应为 2 (决赛)")] {
        let out = run(&[
            "--lang",
            lang,
            "new",
            log.to_str().unwrap(),
            "--rules",
            rules.to_str().unwrap(),
        ]);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(
            err.contains("knockout.players") && err.contains(words),
            "{err}"
        );
        assert!(!log.exists());
    }
}

/// A bracket whose rounds do not fit in the event's is refused when the rules are read: a final
/// of eight after round 8 of 9 would need rounds 9 to 11. The last round that fits is accepted.
#[test]
fn a_bracket_that_needs_more_rounds_than_the_event_has_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("event.log");
    let rules = dir.path().join("rules.ron");
    for (after, players, fits, words) in [
        (
            8,
            8,
            false,
            ("应在第1至6轮之间", "must be a round from 1 to 6"),
        ),
        (
            9,
            2,
            false,
            ("应在第1至8轮之间", "must be a round from 1 to 8"),
        ),
        (
            0,
            2,
            false,
            ("应在第1至8轮之间", "must be a round from 1 to 8"),
        ),
        (6, 8, true, ("", "")),
        (7, 4, true, ("", "")),
    ] {
        std::fs::write(
            &rules,
            WXF.replace(
                "(after_round: 8, players: 2)",
                &format!("(after_round: {after}, players: {players})"),
            ),
        )
        .unwrap();
        for (lang, word) in [("zh", words.0), ("en", words.1)] {
            let out = run(&[
                "--lang",
                lang,
                "new",
                log.to_str().unwrap(),
                "--rules",
                rules.to_str().unwrap(),
            ]);
            let err = String::from_utf8_lossy(&out.stderr);
            if fits {
                assert!(out.status.success(), "{after} {players}: {err}");
                std::fs::remove_file(&log).unwrap();
                continue;
            }
            assert!(!out.status.success(), "{after} {players} accepted");
            assert_eq!(err.trim_end().lines().count(), 1, "{err}");
            assert!(
                err.contains("knockout.after_round") && err.contains(word),
                "{err}"
            );
            assert!(!log.exists());
        }
    }
}

#[test]
fn simulate_plays_wxf_2023_for_forty_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("x.log");
    let l = log.to_str().unwrap();
    ok(&[
        "simulate",
        "--preset",
        "wxf-2023",
        "--players",
        "40",
        "--out",
        l,
    ]);
    let all: Value =
        serde_json::from_str(&ok(&["export", l, "--format", "json", "--what", "all"])).unwrap();
    let rounds = all["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 9);
    let finals = rounds[8]["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["stage"] == "final" && g["game"] == "slow")
        .count();
    assert_eq!(finals, 1);
    assert!(
        rounds
            .iter()
            .flat_map(|r| r["games"].as_array().unwrap())
            .all(|g| !g["result"].is_null())
    );
    assert_eq!(all["standings"][0]["knockout"], "champion");
    ok(&["verify", l]);
}
