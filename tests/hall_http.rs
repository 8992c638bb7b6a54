//! The room page for a whole hall, over HTTP against the real binary
//! (docs/room-page.md#budgets): a refused stream says when to come back, every page and
//! API answer carries an entity tag and answers 304 to it until the log changes, and a
//! page read without JavaScript reloads itself.

mod serve_support;

use serve_support::{Server, bianpai, fixture, request};

#[test]
fn a_refused_stream_says_when_to_come_back_and_the_page_polls_instead() {
    let (_dir, log) = fixture();
    let server = Server::start_args(&[log.to_str().unwrap(), "--max-streams", "0", "--poll", "7"]);
    let r = server.get("/events");
    assert_eq!(r.status, 503);
    assert_eq!(r.header("retry-after"), Some("30"));
    let page = server.get("/").text();
    assert!(page.contains("data-poll=\"7000\""), "the script's interval");
    assert!(
        page.contains("<noscript><meta http-equiv=\"refresh\" content=\"30\"></noscript>"),
        "a page without JavaScript reloads itself"
    );
}

#[test]
fn pages_and_the_api_answer_304_until_the_log_changes() {
    let (_dir, log) = fixture();
    let server = Server::start(&log);
    for path in [
        "/",
        "/?part=main",
        "/standings",
        "/player/1",
        "/find?q=1",
        "/api/pairings",
    ] {
        let first = server.get(path);
        assert_eq!(first.status, 200, "{path}");
        let tag = first
            .header("etag")
            .unwrap_or_else(|| panic!("{path}: no ETag"))
            .to_string();
        assert!(tag.starts_with("W/\""), "{path}: {tag}");
        let again = request(
            server.port,
            "GET",
            path,
            &[&format!("If-None-Match: {tag}")],
        );
        assert_eq!(again.status, 304, "{path}");
        assert!(again.body.is_empty(), "{path}: a 304 has no body");
        assert_eq!(again.header("etag"), Some(tag.as_str()), "{path}");
        let other = request(server.port, "GET", path, &["If-None-Match: W/\"0\""]);
        assert_eq!(other.status, 200, "{path}: another tag gets the page");
    }
    let tag = server
        .get("/?part=main")
        .header("etag")
        .unwrap()
        .to_string();
    bianpai(&["result", log.to_str().unwrap(), "1", "red_win"]);
    // The follower sees the append within its poll; the page's tag then changes.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let r = request(
            server.port,
            "GET",
            "/?part=main",
            &[&format!("If-None-Match: {tag}")],
        );
        if r.status == 200 {
            assert_ne!(r.header("etag"), Some(tag.as_str()));
            assert!(r.text().contains("红胜"));
            break;
        }
        assert_eq!(r.status, 304);
        assert!(
            std::time::Instant::now() < deadline,
            "the page never changed"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}
