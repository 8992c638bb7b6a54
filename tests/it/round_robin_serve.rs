//! The room page of a round robin (issue 24, point 5): a real `bianpai serve` on the sample
//! event shows the square crosstable with the withdrawal explained, and `/api/schedule` gives the
//! Berger schedule, every pair once.

use crate::support::serve as serve_support;

use std::collections::HashSet;

use serve_support::Server;

#[test]
fn the_room_page_shows_the_square_crosstable_and_the_schedule() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("rr.log");
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/sample_events/round-robin-10.log"
        ),
        &log,
    )
    .unwrap();
    let server = Server::start(&log);
    let page = server.get("/crosstable");
    assert_eq!(page.status, 200);
    let html = page.text();
    assert!(html.contains("循环赛成绩表 第7轮后"), "title");
    assert_eq!(
        html.matches(">×<").count(),
        10,
        "one diagonal cell per player"
    );
    assert!(
        html.contains("已赛成绩全部取消"),
        "the withdrawal explained"
    );
    let schedule = server.get("/api/schedule").json();
    let rounds = schedule[0]["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 9);
    let mut met = HashSet::new();
    for r in rounds {
        for g in r["games"].as_array().unwrap() {
            let (a, b) = (g["red"].as_u64().unwrap(), g["black"].as_u64().unwrap());
            assert!(met.insert((a.min(b), a.max(b))), "{a}-{b} twice");
        }
    }
    assert_eq!(met.len(), 45, "10 players: every pair once");
}
