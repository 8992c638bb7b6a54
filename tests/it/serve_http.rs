//! The room page over real HTTP: the real `bianpai serve` on a free loopback port, asked by
//! a plain HTTP/1.1 client. Every page and API route, 404 and 405, the live event stream
//! after a `bianpai result`, and the damage warning.

use crate::support::serve as serve_support;

use std::time::Duration;

use serve_support::{PLAYERS, Server, Stream, bianpai, fixture, request};

const PAGES: &[&str] = &[
    "/",
    "/round/1",
    "/find?q=%E7%8E%8B",
    "/standings",
    "/crosstable",
    "/teams",
    "/prizes",
    "/player/1",
    "/wall",
];

#[test]
fn every_page_and_api_route_answers() {
    let (_dir, log) = fixture();
    let before = std::fs::read(&log).unwrap();
    let server = Server::start(&log);
    for path in PAGES {
        for lang in ["", "lang=en"] {
            let sep = if path.contains('?') { '&' } else { '?' };
            let p = if lang.is_empty() {
                (*path).to_string()
            } else {
                format!("{path}{sep}{lang}")
            };
            let r = server.get(&p);
            assert_eq!(r.status, 200, "{p}");
            assert_eq!(
                r.header("content-type"),
                Some("text/html; charset=utf-8"),
                "{p}"
            );
            let body = r.text();
            assert!(body.starts_with("<!DOCTYPE html>"), "{p}");
            assert!(body.contains("春季象棋公开赛"), "{p}: the event's title");
        }
    }
    let round = server.get("/").text();
    for word in ["台次", "红方", "黑方", "积分", "单位", "轮空", "English"] {
        assert!(round.contains(word), "round page lacks {word}");
    }
    // Every active player is on the round page (three boards and the bye).
    for (name, ..) in &PLAYERS[..7] {
        assert!(round.contains(name), "round page lacks {name}");
    }
    let en = server.get("/?lang=en").text();
    assert!(en.contains("Board") || en.contains("Bd"));
    assert!(en.contains(">Red") && en.contains("中文"));

    let found = server.get("/find?q=%E7%8E%8B%E5%A4%A9").text(); // 王天
    assert!(
        found.contains("王天一") && found.contains("第"),
        "find shows the board"
    );

    // The API: the same values as export --format json, without private keys.
    let index = server.get("/api").json();
    let routes = index["routes"].as_array().unwrap();
    // A Swiss event has no schedule: its route is not offered (and answers 404).
    assert_eq!(routes.len(), 8);
    assert!(!routes.iter().any(|r| r == "/api/schedule"), "{routes:?}");
    assert_eq!(server.get("/api/schedule").status, 404);
    for r in routes {
        let path = r.as_str().unwrap();
        let resp = server.get(path);
        assert_eq!(resp.status, 200, "{path}");
        assert_eq!(
            resp.header("content-type"),
            Some("application/json; charset=utf-8")
        );
        let what = path.trim_start_matches("/api/");
        let exported: serde_json::Value = serde_json::from_str(&bianpai(&[
            "export",
            log.to_str().unwrap(),
            "--format",
            "json",
            "--what",
            what,
        ]))
        .unwrap();
        if what == "clocks" {
            continue; // read at a different moment
        }
        let mut expected = exported;
        bianpai::serve::api::scrub(&mut expected);
        assert_eq!(resp.json(), expected, "{path} differs from the export");
    }
    let players = server.get("/api/players").json();
    assert_eq!(players.as_array().unwrap().len(), 8);
    assert!(players[0].get("name").is_some() && players[0].get("birth").is_none());
    drop(server);
    assert_eq!(
        std::fs::read(&log).unwrap(),
        before,
        "serving left the log byte for byte"
    );
}

#[test]
fn unknown_routes_are_404_and_other_methods_405() {
    let (_dir, log) = fixture();
    let server = Server::start(&log);
    for path in [
        "/nope",
        "/player/999",
        "/player/x",
        "/round/9",
        "/player/..%2F..%2Fetc%2Fpasswd",
        "/../../etc/passwd",
    ] {
        let r = server.get(path);
        assert_eq!(r.status, 404, "{path}");
        assert!(r.text().contains("找不到"), "{path}: a page saying so");
    }
    let api = server.get("/api/nope");
    assert_eq!(api.status, 404);
    assert_eq!(api.json()["error"], "no such route");
    for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
        for path in ["/", "/api/all", "/nope", "/events"] {
            let r = request(server.port, method, path, &["Content-Length: 0"]);
            assert_eq!(r.status, 405, "{method} {path}");
            assert_eq!(r.header("allow"), Some("GET, HEAD"));
        }
    }
    let head = request(server.port, "HEAD", "/standings", &[]);
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty(), "HEAD has no body");
    let with_body = request(server.port, "GET", "/", &["Content-Length: 4"]);
    assert_eq!(with_body.status, 413);
    // A huge request head is refused, the server lives on.
    let long = format!("/find?q={}", "x".repeat(40_000));
    let r = request(server.port, "GET", &long, &[]);
    assert!(
        r.status == 431 || r.status == 414 || r.status == 400,
        "{}",
        r.status
    );
    assert_eq!(server.get("/").status, 200);
}

#[test]
fn a_result_entered_with_the_cli_reaches_the_event_stream_and_the_page() {
    let (_dir, log) = fixture();
    let server = Server::start(&log);
    let mut stream = Stream::open(server.port);
    let first = stream
        .update_after(0, Duration::from_secs(5))
        .expect("the current version at once");
    let before = server.get("/?part=main").text();
    assert!(!before.contains("红胜"));
    bianpai(&["result", log.to_str().unwrap(), "1", "red_win"]);
    let next = stream
        .update_after(first, Duration::from_secs(5))
        .expect("an update after the result");
    assert!(next > first);
    let after = server.get("/?part=main").text();
    assert!(after.contains("红胜"), "the fragment shows the result");
    let api = server.get("/api/pairings").json();
    assert_eq!(api[0]["games"][0]["result"], "red_win");
    // A second stream opened now starts at the new version.
    let mut late = Stream::open(server.port);
    assert_eq!(late.update_after(0, Duration::from_secs(5)), Some(next));
}

#[test]
fn a_damaged_log_shows_a_warning() {
    let (_dir, log) = fixture();
    let server = Server::start(&log);
    let mut stream = Stream::open(server.port);
    let first = stream.update_after(0, Duration::from_secs(5)).unwrap();
    let mut text = std::fs::read(&log).unwrap();
    text.extend_from_slice(b"(not a record)\n");
    std::fs::write(&log, &text).unwrap();
    stream
        .update_after(first, Duration::from_secs(5))
        .expect("the damage is news");
    let page = server.get("/").text();
    assert!(page.contains("日志已损坏"), "warning on the page");
    let line = String::from_utf8_lossy(&text).lines().count();
    assert!(page.contains(&format!("第{line}行")), "names the line");
    let en = server.get("/?lang=en").text();
    assert!(
        en.contains(&format!("line {line}")),
        "names the line in English"
    );
    // The pairing before the damage is still shown.
    assert!(page.contains(PLAYERS[0].0));
}

#[test]
fn serve_refuses_a_bad_bind_or_a_missing_log() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.log");
    let out = std::process::Command::new(crate::support::bin::BIN)
        .args(["serve", missing.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("none.log"));
    let (_d, log) = fixture();
    let out = std::process::Command::new(crate::support::bin::BIN)
        .args(["serve", log.to_str().unwrap(), "--bind", "nowhere"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--bind nowhere"));
}

#[test]
fn a_finished_knockout_event_shows_stages_teams_and_prizes() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("sim.log");
    let l = log.to_str().unwrap();
    bianpai(&[
        "simulate",
        "--preset",
        "lvliang-2024",
        "--players",
        "24",
        "--seed",
        "3",
        "--out",
        l,
    ]);
    let server = Server::start(&log);
    let round10 = server.get("/round/10").text();
    assert!(
        round10.contains("半决赛"),
        "stage label on the semi-final boards"
    );
    let last = server.get("/").text();
    assert!(
        last.contains("决赛") && last.contains("三四名"),
        "final and third place"
    );
    let prizes = server.get("/prizes").text();
    assert!(prizes.contains("奖金"), "prizes once the event is over");
    let teams = server.get("/teams").text();
    assert!(teams.contains("团体1"), "team standings");
    let card = server.get("/player/1?lang=en").text();
    assert!(card.contains("win") || card.contains("loss") || card.contains("draw"));
    assert_eq!(
        server.get("/player/1").text().matches("<tr>").count(),
        1 + 11,
        "header and 11 rounds"
    );
}

#[test]
fn the_wall_shows_the_late_countdown_and_the_clocks() {
    let (_dir, log) = fixture();
    let l = log.to_str().unwrap();
    bianpai(&["absent", l, "2", "black"]);
    bianpai(&["clock", l, "1", "press", "black"]);
    let server = Server::start(&log);
    let wall = server.get("/wall").text();
    assert!(wall.contains("迟到判负倒计时"), "the late window runs");
    assert!(wall.contains("第2台黑"), "the empty seat is named");
    assert!(
        wall.contains("class=\"clock run\""),
        "board 1's running clock"
    );
    assert!(wall.contains("data-run=\"1\""));
    let en = server.get("/wall?lang=en").text();
    assert!(en.contains("Late window closes in"));
    // Without JavaScript the wall reloads itself.
    assert!(wall.contains("<noscript><meta http-equiv=\"refresh\" content=\"30\">"));
}

#[test]
fn stalled_and_vanished_clients_hold_nobody_back() {
    use std::io::Write;
    let (_dir, log) = fixture();
    let server = Server::start(&log);
    // 40 clients that send half a request head and stall, 20 streams never read, 20 that
    // connect and vanish.
    let mut stalled = Vec::new();
    for i in 0..80 {
        let mut s = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        match i % 4 {
            0 | 1 => s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").unwrap(),
            2 => s
                .write_all(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
                .unwrap(),
            _ => {
                s.write_all(b"GET /events HTTP/1.1\r\n\r\n").unwrap();
                drop(s);
                continue;
            }
        }
        stalled.push(s);
    }
    let t = std::time::Instant::now();
    assert_eq!(server.get("/standings").status, 200);
    let mut stream = Stream::open(server.port);
    let first = stream.update_after(0, Duration::from_secs(5)).unwrap();
    bianpai(&["result", log.to_str().unwrap(), "2", "draw"]);
    assert!(stream.update_after(first, Duration::from_secs(5)).is_some());
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "served alongside the stalled clients"
    );
    drop(stalled);
}

#[test]
fn serve_demo_serves_the_embedded_demo() {
    let server = Server::start_args(&["--demo"]);
    let page = server.get("/").text();
    assert!(page.contains("演示"), "the demo's title");
    assert!(page.contains("<table class=\"pairings\">"));
    assert_eq!(server.get("/wall").status, 200);
}

/// The 团体 tab is shown only for an event with teams: not for a FIDE Swiss of individuals,
/// and there once a player is entered for a team (the page itself still answers).
#[test]
fn the_teams_tab_shows_only_where_there_are_teams() {
    let dir = tempfile::tempdir().unwrap();
    let log = crate::support::fide::played(dir.path());
    let server = Server::start(&log);
    let link = "href=\"/teams";
    for path in ["/", "/standings", "/prizes?lang=en"] {
        let page = server.get(path).text();
        assert!(!page.contains(link), "{path}: a teams tab without teams");
        assert!(page.contains("href=\"/standings"), "{path}: the other tabs");
    }
    let teams = server.get("/teams");
    assert_eq!(teams.status, 200);
    assert!(
        teams.text().contains(link),
        "the teams page keeps its own tab"
    );
    drop(server);
    bianpai(&[
        "player",
        "add",
        log.to_str().unwrap(),
        "--name",
        "Late Entry",
        "--team",
        "Oslo SK",
    ]);
    let server = Server::start(&log);
    assert!(server.get("/standings").text().contains(link));
}
