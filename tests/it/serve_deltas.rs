//! Deltas, not pages (docs/room-page.md#deltas): against the real binary over HTTP, a result
//! entered with `bianpai result` reaches the round page's stream as one small `delta` event
//! whose elements, put in place of the old ones, give the page as freshly read; a stream that
//! reconnects with a recent `Last-Event-ID` gets the steps it missed, one with an id older
//! than the steps kept (or of another run) is told to read the page again; and in headless
//! Chromium an open round page shows the result without reading the page again.

use crate::support::serve as serve_support;

use std::time::Duration;

use serde_json::{Value, json};
use serve_support::browser::Browser;
use serve_support::{Server, Stream, bianpai, element, fixture};

use crate::support::need::{Tool, need};

const ROUND: &str = "/events?page=round&lang=zh";

#[test]
fn a_result_arrives_as_the_delta_of_its_board_and_gives_the_fresh_page() {
    let (_dir, log) = fixture();
    let server = Server::start(&log);
    let mut stream = Stream::open_at(server.port, ROUND, &[]);
    let first = Stream::next_soon(&mut stream);
    assert_eq!(
        first.name, "update",
        "a stream without an id starts with the page"
    );
    assert!(
        first.id.ends_with(&format!(".{}", first.data)),
        "ids are RUN.VERSION: {first:?}"
    );
    let before = server.get("/?part=main").text();
    bianpai(&["result", log.to_str().unwrap(), "1", "black_win"]);
    let ev = Stream::next_soon(&mut stream);
    assert_eq!(ev.name, "delta", "{ev:?}");
    assert!(ev.bytes < 2048, "{} bytes: {ev:?}", ev.bytes);
    let d: Value = serde_json::from_str(&ev.data).unwrap();
    assert_eq!(
        ev.id,
        format!("{}.{}", first.id.split('.').next().unwrap(), d["to"]),
        "the event's id is where it leads"
    );
    let set = d["set"].as_array().unwrap();
    let ids: Vec<&str> = set.iter().map(|e| e[0].as_str().unwrap()).collect();
    assert!(ids.contains(&"b1"), "board 1's row: {ids:?}");
    assert!(!ids.contains(&"b2"), "only what changed: {ids:?}");
    let after = server.get("/?part=main").text();
    assert!(after.contains("黑胜"));
    // Each element put in place of the old one gives the page as read now.
    let mut applied = before.clone();
    for e in set {
        let id = e[0].as_str().unwrap();
        let html = e[1].as_str().unwrap();
        assert_eq!(html, element(&after, id), "#{id} as the fresh page has it");
        let old = element(&applied, id).to_string();
        applied = applied.replacen(&old, html, 1);
    }
    assert_eq!(applied, after, "the delta applied is the fresh page");
    // The English page's stream gets its own words.
    let mut en = Stream::open_at(server.port, "/events?page=round&lang=en", &[]);
    assert_eq!(Stream::next_soon(&mut en).name, "update");
    bianpai(&["result", log.to_str().unwrap(), "2", "red_win"]);
    let ev = Stream::next_soon(&mut en);
    assert_eq!(ev.name, "delta");
    assert!(ev.data.contains("b2"), "{}", ev.data);
    let fresh = server.get("/?part=main&lang=en").text();
    let d: Value = serde_json::from_str(&ev.data).unwrap();
    let row = d["set"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e[0] == "b2")
        .unwrap();
    assert_eq!(row[1].as_str().unwrap(), element(&fresh, "b2"));
}

#[test]
fn a_reconnect_gets_what_it_missed_or_the_page_when_too_far_behind() {
    let (_dir, log) = fixture();
    let l = log.to_str().unwrap();
    let server = Server::start(&log);
    let mut stream = Stream::open_at(server.port, ROUND, &[]);
    let first = Stream::next_soon(&mut stream);
    let run = first.id.split('.').next().unwrap().to_string();
    // More steps than the server keeps: corrections of board 1, each seen on the stream.
    let kept = ::bianpai::serve::delta::KEPT;
    let mut ids = Vec::new();
    for i in 0..=kept + 1 {
        if i == 0 {
            bianpai(&["result", l, "1", "red_win"]);
        } else {
            let r = if i % 2 == 0 { "red_win" } else { "black_win" };
            bianpai(&[
                "result",
                l,
                "1",
                r,
                "--round",
                "1",
                "--correct",
                "--reason",
                "记错",
            ]);
        }
        let ev = Stream::next_soon(&mut stream);
        assert_eq!(ev.name, "delta", "step {i}: {ev:?}");
        ids.push(ev.id);
    }
    // One step behind: that step again, as a delta.
    let behind = &ids[ids.len() - 2];
    let mut again = Stream::open_at(server.port, ROUND, &[&format!("Last-Event-ID: {behind}")]);
    let ev = Stream::next_soon(&mut again);
    assert_eq!(ev.name, "delta", "the missed step: {ev:?}");
    assert_eq!(&ev.id, ids.last().unwrap());
    // The same through the address (a new EventSource cannot send the header).
    let mut by_url = Stream::open_at(server.port, &format!("{ROUND}&last={behind}"), &[]);
    assert_eq!(Stream::next_soon(&mut by_url).id, *ids.last().unwrap());
    // Older than what is kept: read the page again.
    let mut old = Stream::open_at(
        server.port,
        ROUND,
        &[&format!("Last-Event-ID: {}", first.id)],
    );
    let ev = Stream::next_soon(&mut old);
    assert_eq!(ev.name, "update", "too far behind: {ev:?}");
    // Another run of the server's id: the same.
    let mut other = Stream::open_at(
        server.port,
        ROUND,
        &[&format!(
            "Last-Event-ID: {}.{}",
            run.parse::<u64>().unwrap() + 1,
            ids.last().unwrap().split('.').nth(1).unwrap()
        )],
    );
    assert_eq!(Stream::next_soon(&mut other).name, "update");
    // Current: nothing to send until the next step, which is a delta.
    let last = ids.last().unwrap();
    let mut current = Stream::open_at(server.port, ROUND, &[&format!("Last-Event-ID: {last}")]);
    assert!(current.next_whole(Duration::from_millis(500)).is_none());
    bianpai(&["result", l, "2", "draw"]);
    assert_eq!(Stream::next_soon(&mut current).name, "delta");
}

#[test]
fn an_open_round_page_shows_a_result_without_reading_the_page_again() {
    if !need(
        "an_open_round_page_shows_a_result_without_reading_the_page_again",
        &[Tool::Chromium],
    ) {
        return;
    }
    let (dir, log) = fixture();
    let server = Server::start(&log);
    let mut b = Browser::open_live(&dir.path().join("profile"), &server.url, (390, 844));
    // The page's reads of itself, as the browser counts them.
    let reads = "performance.getEntriesByType('resource').filter(function (e) { return e.name.indexOf('part=main') >= 0; }).length";
    let cell = "document.querySelector('#b1 .res').textContent";
    assert_eq!(b.eval(cell), json!("进行中"));
    let read_before = b.eval(reads);
    b.eval("window.sameLoad = 42");
    bianpai(&["result", log.to_str().unwrap(), "1", "black_win"]);
    let shown = b.wait_for(cell, &json!("黑胜"), Duration::from_secs(5));
    assert_eq!(shown, json!("黑胜"), "the result appears");
    let count = "document.getElementById('count').textContent";
    let fresh = server.get("/?part=main").text();
    let want = element(&fresh, "count");
    let text = &want[want.find('>').unwrap() + 1..want.rfind('<').unwrap()];
    assert_eq!(
        b.eval(count),
        json!(text),
        "the count of finished boards too"
    );
    // Time for a re-read to have happened, had there been one.
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(b.eval(reads), read_before, "the page was not read again");
    assert_eq!(b.eval("window.sameLoad"), json!(42), "no reload happened");
    assert_eq!(
        b.eval("document.querySelectorAll('table.pairings tbody tr').length"),
        json!(4)
    );
}

#[test]
fn the_wall_gets_the_delta_of_its_board_too() {
    let (_dir, log) = fixture();
    let server = Server::start(&log);
    let mut stream = Stream::open_at(server.port, "/events?page=wall&lang=zh", &[]);
    assert_eq!(Stream::next_soon(&mut stream).name, "update");
    let page = server.get("/wall").text();
    assert!(
        page.contains("data-events=\"/events?page=wall&amp;lang=zh\""),
        "the wall follows its own stream"
    );
    bianpai(&["result", log.to_str().unwrap(), "1", "red_win"]);
    let ev = Stream::next_soon(&mut stream);
    assert_eq!(ev.name, "delta", "{ev:?}");
    assert!(ev.bytes < 2048, "{} bytes", ev.bytes);
    let d: Value = serde_json::from_str(&ev.data).unwrap();
    let fresh = server.get("/wall?part=main").text();
    let set = d["set"].as_array().unwrap();
    let ids: Vec<&str> = set.iter().map(|e| e[0].as_str().unwrap()).collect();
    assert!(ids.contains(&"b1") && ids.contains(&"count"), "{ids:?}");
    for e in set {
        let id = e[0].as_str().unwrap();
        assert_eq!(e[1].as_str().unwrap(), element(&fresh, id), "#{id}");
    }
}
