//! The room page of a team match event (团体赛): the round's matches above the boards, a match's
//! boards with the live score, a team's page; a result entered by board number shows in the
//! match score. Runs the real `bianpai serve` on a copy of `sample_events/team-rr-8.log`.

use crate::support::cli as cli_support;
use crate::support::serve as serve_support;

use cli_support::ok;
use serve_support::Server;

fn sample() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("team.log");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/sample_events/team-rr-8.log"),
        &log,
    )
    .unwrap();
    (dir, log)
}

#[test]
fn the_room_page_shows_matches_teams_and_live_match_scores() {
    let (_dir, log) = sample();
    let log_s = log.to_str().unwrap();
    let json: serde_json::Value = serde_json::from_str(&ok(&[
        "export", log_s, "--format", "json", "--what", "matches", "--round", "6",
    ]))
    .unwrap();
    let m2 = &json["rounds"][0]["matches"][1];
    let (first, second) = (
        m2["first"]["name"].as_str().unwrap(),
        m2["second"]["name"].as_str().unwrap(),
    );
    let server = Server::start(&log);

    let round = server.get("/").text();
    assert!(round.contains("第6轮 团体对阵"), "{round}");
    assert!(round.contains("href=\"/match/6/2\""), "{round}");
    assert!(round.contains(first) && round.contains(second));

    let page = server.get("/match/6/2");
    assert_eq!(page.status, 200);
    let before = page.text();
    let score = format!(
        "{} : {} (已完成",
        m2["score"]["first"], m2["score"]["second"]
    );
    assert!(before.contains(&score), "{score} not in {before}");
    for b in m2["boards"].as_array().unwrap() {
        assert!(
            before.contains(&format!("id=\"b{}\"", b["board"])),
            "board {}",
            b["board"]
        );
    }
    assert_eq!(server.get("/match/6/9").status, 404);
    assert_eq!(server.get("/match/x/1").status, 404);

    // Board 6 is the second board of match 2: the first team plays black there (13.3).
    let board = m2["boards"][1]["board"].as_u64().unwrap();
    assert_eq!(m2["boards"][1]["first_side"], "black");
    ok(&["result", log_s, &board.to_string(), "black_win"]);
    let after = (0..50)
        .map(|_| {
            std::thread::sleep(std::time::Duration::from_millis(100));
            server.get("/match/6/2").text()
        })
        .find(|t| *t != before)
        .expect("the match page follows the log");
    let first_pts = m2["score"]["first"].as_u64().unwrap() + 2;
    let expect = format!("{first_pts} : {} (已完成2/4)", m2["score"]["second"]);
    assert!(after.contains(&expect), "{expect} not in {after}");

    let team = server.get("/team/1").text();
    assert!(team.contains("台次顺序") && team.contains("替补"), "{team}");
    assert_eq!(server.get("/team/99").status, 404);
    let teams = server.get("/teams").text();
    assert!(
        teams.contains("团体成绩") && teams.contains("局分"),
        "{teams}"
    );
}

#[test]
fn a_team_page_shows_no_place_before_a_round_has_finished() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("fresh.log");
    let l = log.to_str().unwrap();
    ok(&["new", l, "--preset", "team-rr-8"]);
    for team in ["杭州队", "上海队"] {
        for j in 1..=4 {
            let name = format!("{}{j}", team.trim_end_matches('队'));
            ok(&["player", "add", l, "--name", &name, "--team", team]);
        }
        ok(&["team", "add", l, "--name", team]);
    }
    let server = Server::start(&log);
    let page = server.get("/team/1").text();
    assert!(page.contains("台次顺序"), "{page}");
    assert!(!page.contains("名次"), "a place before any round: {page}");
    // Round 1 paired and under way: the match shows, still no place.
    ok(&["pair", l]);
    ok(&["start", l]);
    for b in 1..=3 {
        ok(&["result", l, &b.to_string(), "red_win"]);
    }
    let during = (0..50)
        .map(|_| {
            std::thread::sleep(std::time::Duration::from_millis(100));
            server.get("/team/1").text()
        })
        .find(|t| *t != page)
        .expect("the team page follows the log");
    assert!(during.contains("上海队"), "round 1's match: {during}");
    assert!(!during.contains("名次"), "a place during round 1: {during}");
    // Round 1 finished: the place and the points.
    ok(&["result", l, "4", "draw"]);
    let page = (0..50)
        .map(|_| {
            std::thread::sleep(std::time::Duration::from_millis(100));
            server.get("/team/1").text()
        })
        .find(|t| t.contains("名次"))
        .expect("the place once round 1 has finished");
    assert!(page.contains("场分"), "{page}");
}
