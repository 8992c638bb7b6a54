//! The defects that lived where one format's rule was threaded through the code as a flag,
//! each checked against its rule (docs/rules.md): a round robin's bye is a rest, a second
//! withdrawal keeps the forfeit win over the first, a team round robin prints its 轮次表, the
//! double round robin's order is one setting for individuals and teams, the withdrawal edges.

use crate::support::pairing as pairing_common;

use bianpai::domain::event::{Event, PlayerEntry};
use bianpai::domain::format::{Format, RoundRobin, RoundRobinOrder, TeamSchedule};
use bianpai::domain::round_robin::schedule::scheduled;
use bianpai::domain::round_robin::withdrawal::{self, Verdict};
use bianpai::domain::rules::Tiebreak;
use bianpai::domain::{Command, GameResult, PlayerNo, Round, Rules, Side, Tournament};
use bianpai::export::What;
use chrono::{TimeZone, Utc};
use pairing_common::actor;
use serde_json::Value;

fn step(t: &mut Tournament, cmd: &Command) {
    let evs = t
        .decide(&actor(), cmd)
        .unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    for e in &evs {
        t.apply(e);
    }
}

/// A round robin of `n` players (numbers by registration), `order` for a double one.
fn round_robin(n: u32, rr: RoundRobin, bye: Option<u32>) -> Tournament {
    let mut rules = Rules::preset("club-rr-10").expect("preset");
    rules.format = Format::RoundRobin(rr);
    rules.rounds = 0;
    rules.points.bye = bye;
    rules.registration.capacity = None;
    rules.withdraw_after_forfeits = 0;
    rules.numbers_by_registration = true;
    rules.tiebreaks = vec![
        Tiebreak::SonnebornBerger,
        Tiebreak::Wins,
        Tiebreak::DrawNumber,
    ];
    let mut events = vec![Event::Created {
        title: "rr".into(),
        rules: Box::new(rules),
    }];
    for i in 1..=n {
        events.push(Event::PlayerRegistered {
            no: PlayerNo(i),
            entry: PlayerEntry::named(format!("棋手{i}")),
        });
    }
    Tournament::replay(&events).expect("created")
}

/// Pairs and starts the next round, then plays it: `pick` chooses each board's result.
fn play_next(t: &mut Tournament, pick: impl Fn(PlayerNo, PlayerNo) -> GameResult) {
    step(t, &Command::PairNextRound);
    let r = t.current_round().0;
    step(
        t,
        &Command::StartRound {
            at: Utc.with_ymd_and_hms(2026, 11, 1, r, 0, 0).unwrap(),
        },
    );
    let games: Vec<_> = t
        .current()
        .unwrap()
        .games
        .iter()
        .map(|g| (g.board, g.red, g.black))
        .collect();
    for (board, red, black) in games {
        step(
            t,
            &Command::RecordResult {
                round: Some(Round(r)),
                board,
                result: pick(red, black),
                correct: None,
            },
        );
    }
}

/// The smaller number wins, colours whatever the table gives: every result is decided.
fn smaller_wins(red: PlayerNo, black: PlayerNo) -> GameResult {
    if red < black {
        GameResult::RedWin
    } else {
        GameResult::BlackWin
    }
}

fn json(t: &Tournament, what: What) -> Value {
    bianpai::export::json_value(t, what, None, Utc::now()).expect("json")
}

fn num(v: &Value) -> u32 {
    u32::try_from(v.as_u64().unwrap_or_else(|| panic!("not a number: {v}"))).unwrap()
}

/// 积分 of every player recomputed from the games the JSON lists (a bye adds nothing).
fn points_from_games(all: &Value) -> std::collections::HashMap<u32, u32> {
    let pts = &all["rules"]["points"];
    let side_points = |word: &str, red: bool| -> u32 {
        let (win, draw, loss) = if red {
            ("red_win", "red_draw", "red_loss")
        } else {
            ("black_win", "black_draw", "black_loss")
        };
        let key = match (word, red) {
            ("red_win" | "red_win_forfeit", true) | ("black_win" | "black_win_forfeit", false) => {
                win
            }
            ("draw", _) => draw,
            _ => loss,
        };
        num(&pts[key])
    };
    let mut out = std::collections::HashMap::new();
    for section in all["schedule"].as_array().expect("schedule") {
        for round in section["rounds"].as_array().expect("rounds") {
            for g in round["games"].as_array().expect("games") {
                if let Some(word) = g["result"].as_str() {
                    *out.entry(num(&g["red"])).or_insert(0) += side_points(word, true);
                    *out.entry(num(&g["black"])).or_insert(0) += side_points(word, false);
                }
            }
        }
    }
    out
}

#[test]
fn an_odd_round_robin_bye_is_a_rest_that_scores_nothing() {
    for n in [5, 7, 9] {
        let mut t = round_robin(n, RoundRobin::single(), None);
        for _ in 0..t.rules.rounds {
            play_next(&mut t, smaller_wins);
        }
        assert!(
            t.rounds.iter().all(|r| r.byes.len() == 1),
            "n={n}: a bye a round"
        );
        let all = json(&t, What::All);
        assert_eq!(all["rules"]["points"]["bye"], 0, "n={n}");
        let games = points_from_games(&all);
        for s in all["standings"].as_array().unwrap() {
            let no = num(&s["no"]);
            assert_eq!(
                num(&s["points"]),
                games.get(&no).copied().unwrap_or(0),
                "n={n}: 积分 of {no} is the sum of the crosstable row"
            );
        }
        // 小分 does not move when the rules give the bye 0 points explicitly.
        let mut zero = round_robin(n, RoundRobin::single(), Some(0));
        for _ in 0..zero.rules.rounds {
            play_next(&mut zero, smaller_wins);
        }
        let sb = |t: &Tournament| -> Vec<Value> {
            json(t, What::Standings)
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["tiebreaks"]["sonneborn_berger"].clone())
                .collect()
        };
        assert_eq!(sb(&t), sb(&zero), "n={n}: 小分 with bye: Some(0)");
        // Player 1 beats everyone: 小分 = the sum of the others' points (÷ nothing else).
        let first = &json(&t, What::Standings)[0];
        assert_eq!(num(&first["no"]), 1);
        let others: u32 = (2..=n).map(|no| games[&no]).sum();
        assert_eq!(
            first["tiebreaks"]["sonneborn_berger"].as_f64(),
            Some(f64::from(others)),
            "n={n}"
        );
    }
}

#[test]
#[allow(clippy::many_single_char_names)] // A and B as the rule tells the story
fn a_second_withdrawal_keeps_the_forfeit_win_over_the_first() {
    // Six players, five rounds. After round 3 everyone has played 3 of 5 (half or more): A
    // withdraws; in round 4 the table pairs A with B, who wins by forfeit; after round 4 B
    // withdraws too.
    let mut t = round_robin(6, RoundRobin::single(), None);
    for _ in 0..3 {
        play_next(&mut t, smaller_wins);
    }
    let a = PlayerNo(6);
    let seats: Vec<PlayerNo> = (1..=6).map(PlayerNo).collect();
    let b = scheduled(&seats, RoundRobin::single(), 4)
        .into_iter()
        .find_map(|g| match g.black {
            Some(x) if g.red == a => Some(x),
            Some(x) if x == a => Some(g.red),
            _ => None,
        })
        .expect("A plays in round 4");
    step(
        &mut t,
        &Command::WithdrawPlayer {
            no: a,
            reason: "生病".into(),
        },
    );
    play_next(&mut t, smaller_wins);
    assert!(
        t.round(Round(4)).unwrap().game_of(b).is_none(),
        "B has no board in round 4"
    );
    step(
        &mut t,
        &Command::WithdrawPlayer {
            no: b,
            reason: "有事".into(),
        },
    );
    play_next(&mut t, smaller_wins);
    let w = withdrawal::withdrawals(&t);
    let wb = w.iter().find(|x| x.no == b).expect("B withdrew");
    assert_eq!(
        wb.played, 4,
        "B played rounds 1–3 and won round 4 by forfeit"
    );
    assert_eq!(wb.verdict, Verdict::Forfeits);
    let u = withdrawal::unplayed(&t, Round(4));
    assert_eq!(u.len(), 1, "{u:?}");
    assert_eq!(u[0].absent, a);
    let win = u[0].result().expect("a forfeit win");
    let side = if u[0].red == b {
        Side::Red
    } else {
        Side::Black
    };
    assert_eq!(win.outcome(side), bianpai::domain::result::Outcome::Win);
    // The standings count it, and the crosstable shows it in B's row.
    let all = json(&t, What::All);
    let games = points_from_games(&all);
    let row = all["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| num(&s["no"]) == b.0)
        .unwrap();
    assert_eq!(num(&row["points"]), games[&b.0]);
    let cross = json(&t, What::Crosstable);
    let cell = cross[0]["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| num(&p["no"]) == b.0)
        .unwrap()["cells"][a.0.to_string()]
    .as_str()
    .unwrap()
    .to_string();
    assert!(cell.contains('+'), "B's cell against A: {cell:?}");
}

#[test]
fn withdrawal_edges() {
    // No game counted before it has a result.
    let mut t = round_robin(6, RoundRobin::single(), None);
    step(&mut t, &Command::PairNextRound);
    step(
        &mut t,
        &Command::WithdrawPlayer {
            no: PlayerNo(2),
            reason: "走了".into(),
        },
    );
    let w = withdrawal::withdrawals(&t);
    assert_eq!(w[0].played, 0, "round 1 has no result yet: {w:?}");

    // Withdrawn before round 1: out of the table and of the standings.
    let mut t = round_robin(7, RoundRobin::single(), None);
    step(
        &mut t,
        &Command::WithdrawPlayer {
            no: PlayerNo(7),
            reason: "未到".into(),
        },
    );
    for _ in 0..t.rules.rounds {
        play_next(&mut t, smaller_wins);
    }
    let standings = json(&t, What::Standings);
    let nos: Vec<u32> = standings
        .as_array()
        .unwrap()
        .iter()
        .map(|s| num(&s["no"]))
        .collect();
    assert_eq!(nos.len(), 6, "{nos:?}");
    assert!(!nos.contains(&7));

    // A withdrawn player's games to come show as forfeits in the 轮次表 at once.
    let mut t = round_robin(6, RoundRobin::single(), None);
    for _ in 0..3 {
        play_next(&mut t, smaller_wins);
    }
    step(
        &mut t,
        &Command::WithdrawPlayer {
            no: PlayerNo(1),
            reason: "退赛".into(),
        },
    );
    let schedule = json(&t, What::Schedule);
    for r in [4, 5] {
        let round = schedule[0]["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["round"] == r)
            .unwrap();
        let game = round["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["red"] == 1 || g["black"] == 1)
            .unwrap();
        assert_eq!(game["withdrawal"], "forfeits", "round {r}: {game}");
        let expect = if game["red"] == 1 {
            "black_win_forfeit"
        } else {
            "red_win_forfeit"
        };
        assert_eq!(game["result"], expect, "round {r}");
    }
}

/// A team round robin of `n` teams of four boards and a reserve.
fn team_event(n: u32, rr: RoundRobin) -> Tournament {
    let mut rules = Rules::preset("team-rr-8").expect("preset");
    let Format::Team { config, .. } = rules.format.clone() else {
        panic!("team-rr-8 is a team match");
    };
    rules.format = Format::Team {
        config,
        schedule: TeamSchedule::RoundRobin(rr),
    };
    rules.rounds = 0;
    rules.registration.capacity = None;
    let mut t = Tournament::new("teams".into(), rules);
    for i in 0..n * 5 {
        step(
            &mut t,
            &Command::RegisterPlayer(PlayerEntry::named(format!("队员{i}"))),
        );
    }
    for k in 0..n {
        let first = k * 5 + 1;
        step(
            &mut t,
            &Command::RegisterTeam {
                name: format!(
                    "{}队",
                    ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬"][k as usize]
                ),
                players: (first..first + 4).map(PlayerNo).collect(),
                reserves: vec![PlayerNo(first + 4)],
            },
        );
    }
    t
}

#[test]
fn a_team_round_robin_prints_its_schedule_before_round_1() {
    let t = team_event(5, RoundRobin::single());
    assert_eq!(t.rules.rounds, 5, "five teams: five rounds, a bye each");
    let reports = bianpai::export::reports(
        &t,
        What::Schedule,
        None,
        bianpai::domain::rules::Lang::Zh,
        Utc::now(),
    )
    .expect("a team round robin has a schedule");
    let text = bianpai::export::text::write(
        &bianpai::export::report::Masthead::of(&t, bianpai::domain::rules::Lang::Zh, Utc::now()),
        &reports,
    );
    assert!(text.contains("轮次表"), "{text}");
    assert!(text.contains("甲队") && text.contains("戊队"), "{text}");
    assert_eq!(text.matches("轮空").count(), 5, "one bye a round:\n{text}");
    let schedule = json(&t, What::Schedule);
    let rounds = schedule.as_array().unwrap();
    assert_eq!(rounds.len(), 5);
    // Every pair of teams meets once.
    let mut met = std::collections::HashSet::new();
    for r in rounds {
        for m in r["matches"].as_array().unwrap() {
            let (a, b) = (num(&m["first"]), num(&m["second"]));
            assert!(met.insert((a.min(b), a.max(b))), "{a}-{b} twice");
        }
    }
    assert_eq!(met.len(), 10);
}

#[test]
fn the_double_round_robin_order_is_one_setting_for_players_and_teams() {
    for order in [RoundRobinOrder::Fide, RoundRobinOrder::Plain] {
        let rr = RoundRobin {
            double: true,
            order,
        };
        for n in [4u32, 5, 6] {
            let t = team_event(n, rr);
            let seats: Vec<PlayerNo> = (1..=n).map(PlayerNo).collect();
            let teams = json(&t, What::Schedule);
            for r in teams.as_array().unwrap() {
                let round = num(&r["round"]);
                let individual: Vec<(u32, u32)> = scheduled(&seats, rr, round)
                    .iter()
                    .filter_map(|g| g.black.map(|b| (g.red.0, b.0)))
                    .collect();
                let team: Vec<(u32, u32)> = r["matches"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| (num(&m["first"]), num(&m["second"])))
                    .collect();
                assert_eq!(team, individual, "{order:?} n={n} round {round}");
            }
        }
    }
    // The two orders differ in the last two rounds of the first cycle only.
    let seats: Vec<PlayerNo> = (1..=6).map(PlayerNo).collect();
    let fide = RoundRobin::double();
    let plain = RoundRobin {
        double: true,
        order: RoundRobinOrder::Plain,
    };
    for round in 1..=10 {
        let same = scheduled(&seats, fide, round) == scheduled(&seats, plain, round);
        assert_eq!(same, !(round == 4 || round == 5), "round {round}");
    }
    // The rules file says it; a Swiss refuses it, naming the field.
    let text = Rules::preset("club-rr-10").unwrap().to_ron().replace(
        "system: round_robin,",
        "system: double_round_robin,\n    round_robin_order: plain,",
    );
    let rules = Rules::from_ron(&text, "rr.ron").expect("plain order");
    assert_eq!(rules.format, Format::RoundRobin(plain));
    let swiss = Rules::preset("qigu-2024-07").unwrap().to_ron().replace(
        "system: swiss,",
        "system: swiss,\n    round_robin_order: plain,",
    );
    let err = bianpai::i18n::errors::rules(
        &Rules::from_ron(&swiss, "s.ron").unwrap_err(),
        bianpai::domain::rules::Lang::En,
    );
    assert!(err.starts_with("s.ron: line"), "{err}");
    assert!(err.contains("round_robin_order"), "{err}");
}
