//! What the printouts say about rounds a withdrawal changed (docs/rules.md#3-pairing), through
//! the real binary: the 轮次表 marks a withdrawn player's rest and a reinstated player's
//! skipped game, the withdrawal note's round agrees with its count, the csv writes both
//! forfeit marks as printed, a team event's individual table does not rank a player who never
//! played and names the team as 单位, and json refuses a Swiss schedule like every format.

use crate::support::cli::{Event, num, ok, play_round, round_robin};
use crate::support::export::parse_csv;

fn name(e: &Event, no: u32) -> String {
    e.players()
        .iter()
        .find(|p| num(&p["no"]) == no)
        .map(|p| p["name"].as_str().unwrap().to_string())
        .unwrap()
}

/// The games of `round` in the schedule's json, as (red, black).
fn scheduled(e: &Event, round: u32) -> Vec<(u32, u32)> {
    let s = e.json("schedule", None);
    s[0]["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| num(&r["round"]) == round)
        .unwrap()["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (num(&g["red"]), num(&g["black"])))
        .collect()
}

fn opponent(e: &Event, round: u32, no: u32) -> u32 {
    scheduled(e, round)
        .into_iter()
        .find_map(|(r, b)| {
            if r == no {
                Some(b)
            } else {
                (b == no).then_some(r)
            }
        })
        .expect("a game that round")
}

/// The 轮次表's rows of `round` that name `who`.
fn schedule_rows(e: &Event, round: u32, who: &str) -> Vec<String> {
    ok(&[
        "export",
        e.log_str(),
        "--format",
        "txt",
        "--what",
        "schedule",
    ])
    .lines()
    .filter(|l| l.split_whitespace().next() == Some(&round.to_string()) && l.contains(who))
    .map(str::to_string)
    .collect()
}

#[test]
fn a_withdrawn_players_rest_is_printed_as_the_withdrawal_not_as_a_bye() {
    let e = round_robin(7);
    for _ in 0..3 {
        play_round(&e, "red_win");
    }
    let playing: Vec<u32> = scheduled(&e, 4)
        .into_iter()
        .flat_map(|(r, b)| [r, b])
        .collect();
    let resting = (1..=7)
        .find(|n| !playing.contains(n))
        .expect("7 players: a rest");
    ok(&["player", "withdraw", e.log_str(), &resting.to_string()]);
    let who = name(&e, resting);
    let rows = schedule_rows(&e, 4, &who);
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(
        rows[0].contains("退赛") && !rows[0].contains("轮空"),
        "round 4's rest of a withdrawn player: {}",
        rows[0]
    );
    play_round(&e, "red_win");
    let pairings = ok(&[
        "export",
        e.log_str(),
        "--format",
        "txt",
        "--what",
        "pairings",
    ]);
    assert!(!pairings.contains(&who), "{pairings}");
}

#[test]
fn the_withdrawal_note_counts_the_rounds_it_names_and_the_csv_writes_both_forfeit_marks() {
    let e = round_robin(8);
    for _ in 0..4 {
        play_round(&e, "red_win");
    }
    // Player 1 withdraws after round 4 (4 of 7 played: the rest are forfeited); their round 5
    // opponent wins by forfeit off the board, then withdraws too.
    ok(&["player", "withdraw", e.log_str(), "1"]);
    let b = opponent(&e, 5, 1);
    play_round(&e, "red_win");
    ok(&["player", "withdraw", e.log_str(), &b.to_string()]);
    let txt = ok(&[
        "export",
        e.log_str(),
        "--format",
        "txt",
        "--what",
        "crosstable",
    ]);
    let who = name(&e, b);
    let note = txt
        .lines()
        .find(|l| l.contains(&format!("{b}号{who}")))
        .expect("the second withdrawal's note");
    assert!(
        note.contains("第5轮后退赛，已赛5局"),
        "five rounds in the event, five games: {note}"
    );

    let csv = parse_csv(&ok(&[
        "export",
        e.log_str(),
        "--format",
        "csv",
        "--what",
        "crosstable",
    ]));
    let header = csv
        .iter()
        .find(|r| r.first().map(String::as_str) == Some("序号"))
        .expect("the crosstable's header");
    let col = |no: u32| header.iter().position(|h| *h == no.to_string()).unwrap();
    let row = |no: u32| {
        csv.iter()
            .find(|r| r.first() == Some(&no.to_string()) && r.len() == header.len())
            .unwrap()
    };
    assert_eq!(row(b)[col(1)], "+", "the forfeit win: {:?}", row(b));
    assert_eq!(row(1)[col(b)], "−", "the forfeit loss: {:?}", row(1));
}

#[test]
fn a_reinstated_players_skipped_game_says_it_was_not_played() {
    let e = round_robin(8);
    for _ in 0..2 {
        play_round(&e, "red_win");
    }
    ok(&["player", "withdraw", e.log_str(), "1"]);
    let b = opponent(&e, 3, 1);
    play_round(&e, "red_win");
    ok(&[
        "player",
        "reinstate",
        e.log_str(),
        "1",
        "--reason",
        "误报退赛",
    ]);
    let rows = schedule_rows(&e, 3, &name(&e, b));
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(rows[0].contains("未赛（当轮退赛）"), "{}", rows[0]);
    // A game that was played keeps its result.
    let played = schedule_rows(&e, 2, &name(&e, opponent(&e, 2, 1)));
    assert!(played[0].contains("红胜"), "{}", played[0]);
}

#[test]
fn a_team_events_individual_table_ranks_only_players_who_played_and_names_their_team() {
    let e = Event::new("team-rr-8");
    for team in ["杭州队", "上海队"] {
        for j in 1..=5 {
            let name = format!("{}{j}", team.trim_end_matches('队'));
            ok(&[
                "player",
                "add",
                e.log_str(),
                "--name",
                &name,
                "--team",
                team,
            ]);
        }
        ok(&["team", "add", e.log_str(), "--name", team]);
    }
    play_round(&e, "red_win");
    let csv = parse_csv(&ok(&[
        "export",
        e.log_str(),
        "--format",
        "csv",
        "--what",
        "standings",
    ]));
    let rows: Vec<&Vec<String>> = csv
        .iter()
        .filter(|r| {
            r.get(2)
                .is_some_and(|n| n.starts_with("杭州") || n.starts_with("上海"))
        })
        .collect();
    assert_eq!(rows.len(), 10, "{csv:?}");
    for r in &rows {
        let team = format!("{}队", &r[2][..r[2].len() - 1]);
        assert_eq!(r[3], team, "单位 is the team: {r:?}");
        let reserve = r[2].ends_with('5');
        assert_eq!(r[0].is_empty(), reserve, "only who played is ranked: {r:?}");
        assert_eq!(r.last().unwrap() == "未出场", reserve, "{r:?}");
    }
    // The ranked players come first, 1 to 8.
    let ranks: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(
        ranks[..8],
        ["1", "2", "3", "4", "5", "6", "7", "8"],
        "{ranks:?}"
    );
}

#[test]
fn json_refuses_a_swiss_schedule_as_every_other_format_does() {
    let e = Event::new("qigu-2024-07");
    e.add(&["--name", "王天一"]);
    let json = e.refused(&[
        "export",
        e.log_str(),
        "--format",
        "json",
        "--what",
        "schedule",
    ]);
    let txt = e.refused(&[
        "export",
        e.log_str(),
        "--format",
        "txt",
        "--what",
        "schedule",
    ]);
    assert_eq!(json, txt);
    assert!(json.contains("--what schedule"), "{json}");
}
