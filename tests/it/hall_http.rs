//! The room page for a whole hall, over HTTP against the real binary
//! (docs/room-page.md#budgets): a refused stream says when to come back, every page and
//! API answer carries an entity tag and answers 304 to it until the log changes, and a
//! page read without JavaScript reloads itself.

use crate::support::serve as serve_support;

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

fn gunzip(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(b), &mut out).expect("gzip");
    out
}

fn unbrotli(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    std::io::Read::read_to_end(
        &mut brotli_decompressor::Decompressor::new(b, 4096),
        &mut out,
    )
    .expect("brotli");
    out
}

#[test]
fn pages_and_the_api_are_compressed_when_the_client_accepts_it() {
    let (_dir, log) = fixture();
    let server = Server::start(&log);
    for path in ["/", "/?part=main", "/standings", "/api/all"] {
        let plain = server.get(path);
        assert_eq!(
            plain.header("content-encoding"),
            None,
            "{path}: asked for none"
        );
        assert!(
            plain
                .header("vary")
                .is_some_and(|v| v.to_ascii_lowercase().contains("accept-encoding")),
            "{path}: {:?}",
            plain.headers
        );
        let gz = request(server.port, "GET", path, &["Accept-Encoding: gzip"]);
        assert_eq!(gz.header("content-encoding"), Some("gzip"), "{path}");
        assert!(gz.body.len() < plain.body.len(), "{path}: smaller");
        assert_eq!(gunzip(&gz.body), plain.body, "{path}: the same page");
        let br = request(
            server.port,
            "GET",
            path,
            &["Accept-Encoding: gzip, deflate, br"],
        );
        assert_eq!(br.header("content-encoding"), Some("br"), "{path}");
        assert_eq!(unbrotli(&br.body), plain.body, "{path}: the same page");
        assert_eq!(br.header("etag"), plain.header("etag"), "{path}: one tag");
        let again = request(
            server.port,
            "GET",
            path,
            &[
                "Accept-Encoding: br",
                &format!("If-None-Match: {}", plain.header("etag").unwrap()),
            ],
        );
        assert_eq!(again.status, 304, "{path}");
    }
    // The live stream is never compressed (it would be held back in the encoder).
    let mut s = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(5)))
        .unwrap();
    std::io::Write::write_all(
        &mut s,
        b"GET /events HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip, br\r\n\r\n",
    )
    .unwrap();
    let mut head = vec![0u8; 4096];
    let n = std::io::Read::read(&mut s, &mut head).unwrap();
    let head = String::from_utf8_lossy(&head[..n]).to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(!head.contains("content-encoding"), "{head}");
}

#[test]
fn a_finished_round_has_a_long_cacheable_address_until_it_is_corrected() {
    let (_dir, log) = fixture();
    let l = log.to_str().unwrap();
    let server = Server::start(&log);
    let page = server.get("/round/1").text();
    assert!(!page.contains("/round/1?v="), "round 1 is not finished");
    for board in ["1", "2", "3"] {
        bianpai(&["result", l, board, "draw"]);
    }
    bianpai(&["pair", l]);
    // The round page links the finished round at its versioned address.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    let link = loop {
        let page = server.get("/").text();
        if let Some(at) = page.find("/round/1?v=") {
            let rest = &page[at..];
            break rest[..rest.find('"').unwrap()].to_string();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no versioned link: {page}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    // Twice: the second is the page kept by the server, which must say the same.
    for _ in 0..2 {
        let kept = server.get(&link);
        assert_eq!(kept.status, 200);
        assert_eq!(
            kept.header("cache-control"),
            Some("private, max-age=31536000, immutable"),
            "{link}"
        );
    }
    assert_eq!(
        server.get("/round/1").header("cache-control"),
        Some("no-store")
    );
    assert_eq!(
        server.get("/round/1?v=0").header("cache-control"),
        Some("no-store")
    );
    assert_eq!(server.get("/").header("cache-control"), Some("no-store"));
    // A correction: the old address is no longer kept, and the page links a new one.
    bianpai(&[
        "result",
        l,
        "1",
        "red_win",
        "--round",
        "1",
        "--correct",
        "--reason",
        "记错",
    ]);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while server.get(&link).header("cache-control") != Some("no-store") {
        assert!(
            std::time::Instant::now() < deadline,
            "the old tag stayed current"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let page = server.get("/").text();
    assert!(
        page.contains("/round/1?v=") && !page.contains(&link),
        "a new address: {link} {}",
        &page[page.find("p class=\"rounds").unwrap_or(0)..]
    );
}
