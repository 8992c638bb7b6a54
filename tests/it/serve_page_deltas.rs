//! Every page on its own stream (docs/room-page.md#deltas), against the real binary over
//! HTTP: a player's card gets the delta of its own game and nothing when another board
//! finishes, and a card that reconnects gets only its own step; the standings say nothing
//! while the round is played and tell the page to read itself again when the round completes;
//! and in headless Chromium an open card shows its result without reading the page again.

use crate::support::serve as serve_support;

use std::time::Duration;

use serde_json::{Value, json};
use serve_support::browser::Browser;
use serve_support::{Server, SseEvent, Stream, bianpai, element, fixture};

use crate::support::need::{Tool, need};

/// Long enough for a step to have reached a stream, had it been sent one.
const QUIET: Duration = Duration::from_millis(1500);

/// The red player of each board of round 1, in board order.
fn reds(log: &std::path::Path) -> Vec<u64> {
    let rounds: Value = serde_json::from_str(&bianpai(&[
        "export",
        log.to_str().unwrap(),
        "--format",
        "json",
        "--what",
        "pairings",
    ]))
    .unwrap();
    rounds[0]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["red"].as_u64().unwrap())
        .collect()
}

fn card_stream(no: u64) -> String {
    format!("/events?page=player&no={no}&lang=zh")
}

/// `before` with each element of the delta `ev` put in place of the old one.
fn apply(before: &str, ev: &SseEvent) -> String {
    let d: Value = serde_json::from_str(&ev.data).unwrap();
    let mut applied = before.to_string();
    for e in d["set"].as_array().unwrap() {
        let id = e[0].as_str().unwrap();
        let old = element(&applied, id).to_string();
        applied = applied.replacen(&old, e[1].as_str().unwrap(), 1);
    }
    applied
}

#[test]
fn a_card_gets_the_delta_of_its_own_game_and_nothing_of_another() {
    let (_dir, log) = fixture();
    let l = log.to_str().unwrap();
    let server = Server::start(&log);
    let reds = reds(&log);
    let (one, two) = (reds[0], reds[1]);
    let page = server.get(&format!("/player/{one}")).text();
    assert!(
        page.contains(&format!(
            "data-events=\"/events?page=player&amp;no={one}&amp;lang=zh\""
        )),
        "the card follows its own stream"
    );
    let mut first = Stream::open_at(server.port, &card_stream(one), &[]);
    let mut second = Stream::open_at(server.port, &card_stream(two), &[]);
    let start = Stream::next_soon(&mut first);
    assert_eq!(
        start.name, "update",
        "a stream without an id starts with the page"
    );
    assert_eq!(Stream::next_soon(&mut second).name, "update");
    let before = server.get(&format!("/player/{one}?part=main")).text();

    // Board 2 finishes: the second card hears of it, the first does not.
    bianpai(&["result", l, "2", "red_win"]);
    let ev = Stream::next_soon(&mut second);
    assert_eq!(ev.name, "delta", "{ev:?}");
    assert!(ev.bytes < 2048, "{} bytes: {ev:?}", ev.bytes);
    assert!(
        first.next_whole(QUIET).is_none(),
        "another board's result is not sent to this card"
    );

    // Board 1 finishes: its card gets its lines, which give the card as read now.
    bianpai(&["result", l, "1", "black_win"]);
    let ev = Stream::next_soon(&mut first);
    assert_eq!(ev.name, "delta", "{ev:?}");
    assert!(ev.bytes < 2048, "{} bytes: {ev:?}", ev.bytes);
    assert!(ev.data.contains("k-lines"), "{}", ev.data);
    let after = server.get(&format!("/player/{one}?part=main")).text();
    assert_ne!(before, after);
    assert_eq!(
        apply(&before, &ev),
        after,
        "the delta applied is the fresh card"
    );
    assert!(
        second.next_whole(QUIET).is_none(),
        "and the second card hears nothing of board 1"
    );

    // A card that reconnects from where it started gets its own step only.
    let mut again = Stream::open_at(
        server.port,
        &card_stream(one),
        &[&format!("Last-Event-ID: {}", start.id)],
    );
    let replayed = Stream::next_soon(&mut again);
    assert_eq!(replayed.name, "delta", "{replayed:?}");
    assert_eq!(replayed.id, ev.id);
    assert!(again.next_whole(QUIET).is_none(), "nothing else to send");

    // A number nobody has: the page is missing and has no stream of its own.
    let missing = server.get("/player/999");
    assert_eq!(missing.status, 404);
    assert!(!missing.text().contains("page=player&amp;no=999"));
}

#[test]
fn the_standings_are_quiet_during_the_round_and_read_again_when_it_completes() {
    let (_dir, log) = fixture();
    let l = log.to_str().unwrap();
    let server = Server::start(&log);
    let boards = reds(&log).len();
    let mut zh = Stream::open_at(server.port, "/events?page=standings&lang=zh", &[]);
    let mut en = Stream::open_at(server.port, "/events?page=standings&lang=en", &[]);
    assert_eq!(Stream::next_soon(&mut zh).name, "update");
    assert_eq!(Stream::next_soon(&mut en).name, "update");
    let before = server.get("/standings?part=main").text();
    for board in 1..boards {
        bianpai(&["result", l, &board.to_string(), "draw"]);
    }
    assert!(
        zh.next_whole(QUIET).is_none(),
        "the standings after round 0 do not change while round 1 is played"
    );
    assert_eq!(server.get("/standings?part=main").text(), before);
    bianpai(&["result", l, &boards.to_string(), "red_win"]);
    for s in [&mut zh, &mut en] {
        let ev = s.next_soon();
        assert_eq!(ev.name, "update", "a new table is read again: {ev:?}");
    }
    let after = server.get("/standings?part=main").text();
    assert_ne!(after, before, "the table after round 1");
}

#[test]
fn an_open_card_shows_its_result_without_reading_the_page_again() {
    if !need(
        "an_open_card_shows_its_result_without_reading_the_page_again",
        &[Tool::Chromium],
    ) {
        return;
    }
    let (dir, log) = fixture();
    let server = Server::start(&log);
    let one = reds(&log)[0];
    let url = format!("{}/player/{one}", server.url.trim_end_matches('/'));
    let mut b = Browser::open_live(&dir.path().join("profile"), &url, (390, 844));
    let reads = "performance.getEntriesByType('resource').filter(function (e) { return e.name.indexOf('part=main') >= 0; }).length";
    let cell = "document.querySelector('#k-lines .res').textContent";
    assert_eq!(b.eval(cell), json!("进行中"));
    let read_before = b.eval(reads);
    b.eval("window.sameLoad = 42");
    bianpai(&["result", log.to_str().unwrap(), "2", "draw"]);
    bianpai(&["result", log.to_str().unwrap(), "1", "black_win"]);
    // The card as the server reads it once the result is in.
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    let fresh = loop {
        let fresh = server.get(&format!("/player/{one}?part=main")).text();
        if !element(&fresh, "k-lines").contains("playing") || std::time::Instant::now() > deadline {
            break fresh;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let lines = element(&fresh, "k-lines");
    let res = &lines[lines.find("class=\"res\"").unwrap()..];
    let want = &res[res.find('>').unwrap() + 1..res.find('<').unwrap()];
    let shown = b.wait_for(cell, &json!(want), Duration::from_secs(5));
    assert_eq!(shown, json!(want), "the result appears");
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(b.eval(reads), read_before, "the card was not read again");
    assert_eq!(b.eval("window.sameLoad"), json!(42), "no reload happened");
}

#[test]
fn the_find_page_hears_of_a_pairing_not_of_a_mark() {
    let (_dir, log) = fixture();
    let l = log.to_str().unwrap();
    let server = Server::start(&log);
    let page = server.get("/find?q=%E7%8E%8B%E5%A4%A9%E4%B8%80").text();
    assert!(page.contains("王天一"), "the search finds its player");
    let at = page.find("data-events=\"").unwrap() + "data-events=\"".len();
    let events = page[at..].split('"').next().unwrap().replace("&amp;", "&");
    assert!(
        events.starts_with("/events?page=find&q=%E7%8E%8B"),
        "the find page follows its own stream: {events}"
    );
    let mut s = Stream::open_at(server.port, &events, &[]);
    assert_eq!(s.next_soon().name, "update");
    // A mark on a board changes no seat: nothing is sent.
    bianpai(&["absent", l, "1", "red"]);
    assert!(
        s.next_whole(QUIET).is_none(),
        "an absent mark moves no seat"
    );
    // The round taken back: every seat is gone, and the page is read again.
    bianpai(&["unpair", l]);
    assert_eq!(s.next_soon().name, "update");
    assert!(
        server
            .get("/find?q=%E7%8E%8B%E5%A4%A9%E4%B8%80&part=main")
            .text()
            .contains("王天一")
    );
}
