//! Privacy of the room page: no byte served on any route, in either language, as a page, a
//! live fragment, the API or the event stream, carries a birth date, an ID number, a fee or
//! an arbiter's note from the log. The routes are found by following every link the pages
//! give, plus the API and a few searches.

use crate::support::serve as serve_support;

use std::collections::{BTreeSet, VecDeque};
use std::time::Duration;

use serve_support::{PLAYERS, PRIVATE_REASON, Server, Stream, bianpai, fixture, id_number};

/// Every way a birth date could be written on a page.
fn birth_forms(iso: &str) -> Vec<String> {
    let (y, rest) = iso.split_at(4);
    let m = &rest[1..3];
    let d = &rest[4..6];
    let (mn, dn) = (m.trim_start_matches('0'), d.trim_start_matches('0'));
    vec![
        iso.to_string(),
        format!("{y}/{m}/{d}"),
        format!("{y}{m}{d}"),
        format!("{y}.{m}.{d}"),
        format!("{y}年{mn}月{dn}日"),
        format!("{d}/{m}/{y}"),
    ]
}

fn links(html: &str) -> Vec<String> {
    html.split("href=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .filter(|h| h.starts_with('/'))
        .map(|h| {
            h.replace("&amp;", "&")
                .split('#')
                .next()
                .unwrap_or("")
                .to_string()
        })
        .collect()
}

#[test]
fn no_route_serves_a_birth_date_an_id_number_a_fee_or_a_note() {
    let (_dir, log) = fixture();
    // A result, so cards and standings carry data.
    bianpai(&["result", log.to_str().unwrap(), "1", "draw"]);
    let server = Server::start(&log);

    let mut seen = BTreeSet::new();
    let mut queue: VecDeque<String> = ["/", "/?lang=en", "/wall", "/wall?lang=en", "/api"]
        .iter()
        .map(ToString::to_string)
        .collect();
    for q in ["1", "19", "1988", "06", "王", "Alice", "chen", "%E5%AE%B6"] {
        queue.push_back(format!("/find?q={q}"));
    }
    for n in 1..=PLAYERS.len() + 1 {
        queue.push_back(format!("/player/{n}"));
    }
    for name in bianpai::serve::api::NAMES {
        queue.push_back(format!("/api/{name}"));
    }
    let mut served: Vec<(String, String)> = Vec::new();
    while let Some(path) = queue.pop_front() {
        if !seen.insert(path.clone()) || seen.len() > 300 {
            continue;
        }
        let r = server.get(&path);
        let body = String::from_utf8_lossy(&r.body).into_owned();
        for l in links(&body) {
            queue.push_back(l);
        }
        let sep = if path.contains('?') { '&' } else { '?' };
        let fragment = server.get(&format!("{path}{sep}part=main"));
        served.push((
            format!("{path} (part)"),
            String::from_utf8_lossy(&fragment.body).into_owned(),
        ));
        served.push((path, body));
    }
    assert!(seen.len() > 30, "the crawl reached {} routes", seen.len());
    let mut stream = Stream::open(server.port);
    let first = stream
        .next_event("update", Duration::from_secs(5))
        .expect("stream");
    served.push(("/events".into(), first));

    let mut forbidden: Vec<String> = PLAYERS.iter().flat_map(|p| birth_forms(p.3)).collect();
    for (i, p) in PLAYERS.iter().enumerate() {
        let id = id_number(i, p.3);
        // The whole number, and its masked form too (masking is for the desk's printouts).
        forbidden.push(format!("{}********{}", &id[..6], &id[14..]));
        forbidden.push(format!("{}{}", "*".repeat(14), &id[14..]));
        forbidden.push(id);
    }
    forbidden.push(PRIVATE_REASON.to_string());
    forbidden.push("13800138000".to_string());
    for (path, body) in &served {
        for f in &forbidden {
            assert!(!body.contains(f.as_str()), "{path} serves {f}");
        }
        for key in ["\"birth\"", "\"fee\"", "\"id_number\"", "\"reason\""] {
            assert!(!body.contains(key), "{path} serves the key {key}");
        }
        // No 18-character run of digits (a resident ID number) anywhere.
        let longest = body
            .split(|c: char| !c.is_ascii_digit())
            .map(str::len)
            .max()
            .unwrap_or(0);
        assert!(longest < 15, "{path} serves a {longest}-digit number");
    }
    // For contrast, the export and the log do hold the private data.
    let export = bianpai(&[
        "export",
        log.to_str().unwrap(),
        "--format",
        "json",
        "--what",
        "players",
    ]);
    assert!(export.contains(PLAYERS[0].3));
    let raw = std::fs::read_to_string(&log).unwrap();
    assert!(
        raw.contains(&id_number(0, PLAYERS[0].3)),
        "the log holds the ID numbers"
    );
}
