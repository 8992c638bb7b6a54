//! Players sign their result on their phones (docs/self-report.md): the real `bianpai serve`
//! on a free loopback port, spoken to over HTTP. The form in both languages; a wrong code and
//! another board's code answer 403 and write only the board's count of wrong codes, a round
//! not started answers 403 and writes nothing; a finished
//! board answers 409; repeated wrong codes from one client answer 429 while another phone
//! goes on; two matching reports wait for the arbiter (`confirm`) or are recorded at once in
//! one append (`auto`), the last board of a round pairing the next one with its own codes;
//! a report reaches every open page's event stream; no page or API answer shows a code.

use crate::support::self_report as self_report_support;
use crate::support::serve as serve_support;

use std::net::Ipv4Addr;
use std::time::Duration;

use self_report_support::{NAMES, code, codes, event, event_with, game};
use serve_support::{Server, Stream, bianpai, post_form, post_form_from, request};

fn body(board: u64, result: &str, code: &str) -> String {
    format!("round=1&board={board}&result={result}&code={code}")
}

fn lines(log: &std::path::Path) -> usize {
    std::fs::read_to_string(log).unwrap().lines().count()
}

#[test]
fn the_form_names_the_board_in_chinese_and_english_and_shows_no_code() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let s = Server::start(&log);
    let zh = s.get("/report?round=1&board=1");
    assert_eq!(zh.status, 200);
    let page = zh.text();
    for word in [
        "签认结果",
        "第1轮 第1台",
        "红胜（",
        "和棋",
        "黑胜（",
        "你的签认码",
        "签认",
    ] {
        assert!(page.contains(word), "{word}");
    }
    assert!(
        page.contains(NAMES[0]) && page.contains(NAMES[1]),
        "both players"
    );
    assert!(page.contains("inputmode=\"numeric\"") && page.contains("method=\"post\""));
    assert!(
        !page.contains("EventSource"),
        "a form is never swapped by the live script"
    );
    let en = s.get("/report?round=1&board=1&lang=en").text();
    for word in [
        "Sign the result",
        "Round 1, board 1",
        "Red wins (",
        "Draw",
        "Your code",
    ] {
        assert!(en.contains(word), "{word}");
    }
    assert!(
        en.contains("action=\"/report?lang=en\""),
        "the answer in English too"
    );
    // Without a board: the chooser; an unknown board: 404.
    assert!(s.get("/report").text().contains("输入台号"));
    assert_eq!(s.get("/report?round=1&board=9").status, 404);
    // No page, fragment or API answer carries a code.
    let all = codes(&log, 1);
    for path in [
        "/",
        "/round/1",
        "/find?q=%E7%8E%8B",
        "/player/1",
        "/player/2",
        "/standings",
        "/crosstable",
        "/wall",
        "/api/all",
        "/api/pairings",
        "/report?round=1&board=1",
        "/report?round=1&board=2&lang=en",
        "/?part=main",
    ] {
        let text = s.get(path).text();
        for c in &all {
            assert!(!text.contains(&c.code), "{path} shows a code");
        }
    }
}

#[test]
fn wrong_codes_answer_403_and_record_no_report_unstarted_rounds_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let s = Server::start(&log);
    let before = std::fs::read(&log).unwrap();
    let r = post_form(s.port, "/report", &body(1, "red_win", "12345678"));
    assert_eq!(r.status, 403);
    assert!(r.text().contains("签认码不对"), "{}", r.text());
    assert!(
        !r.text().contains("12345678"),
        "the code typed is not echoed"
    );
    let other = code(&log, 1, 2, "red");
    let r = post_form(s.port, "/report", &body(1, "red_win", &other));
    assert_eq!(r.status, 403, "another board's code");
    let r = post_form(
        s.port,
        "/report",
        &body(1, "red_win_forfeit", &code(&log, 1, 1, "red")),
    );
    assert_eq!(r.status, 400, "no forfeits: {}", r.text());
    // The log keeps what it had and gains only the board's count of wrong codes (two
    // `WrongCodeGiven` records, no code text: docs/self-report.md, "wrong codes").
    let after = std::fs::read_to_string(&log).unwrap();
    let before = String::from_utf8(before).unwrap();
    assert!(after.starts_with(&before), "the log is only appended to");
    let added: Vec<&str> = after[before.len()..].lines().collect();
    assert_eq!(added.len(), 2, "{added:?}");
    for line in &added {
        assert!(
            line.contains("ev:WrongCodeGiven(round:1,board:1)"),
            "{line}"
        );
        assert!(
            !line.contains("12345678") && !line.contains(&other),
            "{line}"
        );
    }
    // A round paired but not started.
    let later = dir.path().join("later");
    std::fs::create_dir(&later).unwrap();
    let log2 = event_with(&later, "confirm", "", false);
    let s2 = Server::start(&log2);
    let before = std::fs::read(&log2).unwrap();
    let r = post_form(
        s2.port,
        "/report",
        &body(1, "draw", &code(&log2, 1, 1, "red")),
    );
    assert_eq!(r.status, 403);
    assert!(r.text().contains("本轮尚未开始"), "{}", r.text());
    assert_eq!(std::fs::read(&log2).unwrap(), before);
    // An absent seat is the arbiters'.
    bianpai(&["absent", log.to_str().unwrap(), "3", "black"]);
    let r = post_form(
        s.port,
        "/report",
        &body(3, "red_win", &code(&log, 1, 3, "red")),
    );
    assert_eq!(r.status, 422);
    assert!(r.text().contains("缺席"), "{}", r.text());
}

#[test]
fn two_matching_reports_wait_for_the_arbiter_who_accepts_them() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let s = Server::start(&log);
    let mut stream = Stream::open(s.port);
    let first = stream.update_after(0, Duration::from_secs(5)).unwrap();
    let (red, black) = (code(&log, 1, 1, "red"), code(&log, 1, 1, "black"));
    let before = lines(&log);
    let r = post_form(s.port, "/report", &body(1, "red_win", &red));
    assert_eq!(r.status, 200);
    let answer = r.text();
    assert!(
        answer.contains("已记录: 红方签认 红胜") && answer.contains("等待对方签认"),
        "{answer}"
    );
    assert_eq!(lines(&log), before + 1, "one record: the report");
    assert!(
        stream.update_after(first, Duration::from_secs(5)).is_some(),
        "the report reaches the open pages"
    );
    // The same report again writes nothing.
    let r = post_form(s.port, "/report", &body(1, "red_win", &red));
    assert_eq!(r.status, 200);
    assert!(r.text().contains("此前已签认"), "{}", r.text());
    assert_eq!(lines(&log), before + 1);
    // The card of the opponent says what to do.
    let card = s.get("/player/2").text();
    assert!(card.contains("对方已签认 红胜"), "{card}");
    let r = post_form(s.port, "/report", &body(1, "red_win", &black));
    assert_eq!(r.status, 200);
    assert!(r.text().contains("等待裁判确认"), "{}", r.text());
    let g = game(&log, 1, 1);
    assert_eq!(g["result"], serde_json::Value::Null, "nothing recorded yet");
    assert_eq!(g["pending"], "red_win");
    assert_eq!(g["reports"].as_array().unwrap().len(), 2);
    assert_eq!(g["reports"][0]["side"], "red");
    assert!(s.get("/player/1").text().contains("双方已签认 红胜"));
    // Signed: a change of mind goes to the arbiter.
    let r = post_form(s.port, "/report", &body(1, "draw", &black));
    assert_eq!(r.status, 409);
    // The arbiter accepts; then the board is finished.
    let out = bianpai(&["result", log.to_str().unwrap(), "1", "--confirm"]);
    assert!(out.contains("红方签认 · 黑方签认"), "{out}");
    let g = game(&log, 1, 1);
    assert_eq!(
        (g["result"].as_str(), g["cause"].as_str()),
        (Some("red_win"), Some("confirmed"))
    );
    assert_eq!(g["pending"], serde_json::Value::Null);
    let r = post_form(s.port, "/report", &body(1, "red_win", &red));
    assert_eq!(r.status, 409);
    assert!(r.text().contains("本台已有结果"), "{}", r.text());
}

#[test]
fn auto_records_in_one_append_and_the_last_board_pairs_the_next_round() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "auto", "");
    let s = Server::start(&log);
    for board in 1..=3u64 {
        let n = lines(&log);
        let r = post_form(
            s.port,
            "/report",
            &body(board, "draw", &code(&log, 1, board, "black")),
        );
        assert_eq!(r.status, 200);
        assert_eq!(lines(&log), n + 1);
        let r = post_form(
            s.port,
            "/report",
            &body(board, "draw", &code(&log, 1, board, "red")),
        );
        assert_eq!(r.status, 200);
        assert!(r.text().contains("结果已记录: 和"), "{}", r.text());
        if board < 3 {
            assert_eq!(
                lines(&log),
                n + 3,
                "the report and the result in one append"
            );
        }
        assert_eq!(game(&log, 1, board as usize)["cause"], "reported");
    }
    // The round is complete: the room page asked for the automatic advance, as a console
    // does after the last result, and round 2 came with its own codes.
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while codes_of_round_two(&log).is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(codes_of_round_two(&log).len(), 6);
    let audit = bianpai(&["audit", log.to_str().unwrap()]);
    assert!(audit.contains("自动（棋手签认）"), "{audit}");
    assert!(audit.contains("第2轮已编排"), "{audit}");
}

fn codes_of_round_two(log: &std::path::Path) -> Vec<self_report_support::SeatCode> {
    let out = std::process::Command::new(crate::support::bin::BIN)
        .args([
            "export",
            log.to_str().unwrap(),
            "--format",
            "json",
            "--what",
            "codes",
            "--round",
            "2",
        ])
        .output()
        .unwrap();
    if out.status.success() {
        codes(log, 2)
    } else {
        Vec::new()
    }
}

#[test]
fn repeated_wrong_codes_from_one_phone_answer_429_and_hold_back_no_other() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let s = Server::start(&log);
    let other = Ipv4Addr::new(127, 0, 0, 2);
    for i in 0..5 {
        let r = post_form_from(
            other,
            s.port,
            "/report",
            &body(2, "draw", &format!("1111000{i}")),
        );
        assert_eq!(r.status, 403, "wrong code {i}");
    }
    let right = code(&log, 1, 2, "red");
    let n = lines(&log);
    let r = post_form_from(other, s.port, "/report", &body(2, "draw", &right));
    assert_eq!(r.status, 429, "{}", r.text());
    assert!(r.header("retry-after").is_some());
    assert!(r.text().contains("错误次数过多"));
    assert_eq!(lines(&log), n, "nothing written, even with the right code");
    // Every loopback address is the same client (one local user can bind them all).
    let r = post_form(s.port, "/report", &body(2, "draw", &right));
    assert_eq!(r.status, 429, "127.0.0.1 after 127.0.0.2");
    // Another phone, on the machine's LAN address, is not held back.
    let lan = std::process::Command::new("hostname")
        .arg("-I")
        .output()
        .ok()
        .and_then(|o| {
            String::from_utf8_lossy(&o.stdout)
                .split_whitespace()
                .filter_map(|w| w.parse::<Ipv4Addr>().ok())
                .find(|a| !a.is_loopback())
        });
    if let Some(phone) = lan {
        let r = post_form_from(phone, s.port, "/report", &body(2, "draw", &right));
        assert_eq!(r.status, 200, "{}", r.text());
    }
}

#[test]
fn only_a_report_posts_and_its_body_is_small() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let s = Server::start(&log);
    let r = post_form(s.port, "/standings", "x=1");
    assert_eq!(r.status, 405);
    assert_eq!(r.header("allow"), Some("GET, HEAD"));
    let r = request(s.port, "PUT", "/report", &["Content-Length: 0"]);
    assert_eq!(r.status, 405);
    assert_eq!(r.header("allow"), Some("GET, HEAD, POST"));
    let huge = format!("round=1&board=1&result=draw&code={}", "1".repeat(4000));
    let r = post_form(s.port, "/report", &huge);
    assert_eq!(r.status, 413);
    // An event without self_report takes no report.
    let off = dir.path().join("off");
    std::fs::create_dir(&off).unwrap();
    let plain = event(&off, "off", "");
    let p = Server::start(&plain);
    assert_eq!(p.get("/report?round=1&board=1").status, 404);
    let r = post_form(p.port, "/report", &body(1, "draw", "12345678"));
    assert_eq!(r.status, 404);
    assert!(r.text().contains("self_report: off"));
}

/// The page's one message: `what` said once, whatever else the page shows.
fn once(page: &str, what: &str) {
    assert_eq!(page.matches(what).count(), 1, "{what:?} once:\n{page}");
}

#[test]
fn each_answer_says_its_message_once_and_the_language_link_keeps_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let s = Server::start(&log);
    // The form's language link keeps the round and the board, both ways.
    let zh = s.get("/report?round=1&board=2").text();
    assert!(
        zh.contains("class=\"lang\" href=\"/report?round=1&amp;board=2&amp;lang=en\""),
        "{zh}"
    );
    let en = s.get("/report?round=1&board=2&lang=en").text();
    assert!(
        en.contains("class=\"lang\" href=\"/report?round=1&amp;board=2\""),
        "{en}"
    );
    // 422: an absent seat is the arbiters'; said once, not again as why the board is closed.
    bianpai(&["absent", log.to_str().unwrap(), "3", "black"]);
    let r = post_form(
        s.port,
        "/report",
        &body(3, "red_win", &code(&log, 1, 3, "red")),
    );
    assert_eq!(r.status, 422);
    once(&r.text(), "被标记缺席");
    // 409: a board with a result says it once.
    bianpai(&["result", log.to_str().unwrap(), "1", "red_win"]);
    let r = post_form(
        s.port,
        "/report",
        &body(1, "red_win", &code(&log, 1, 1, "red")),
    );
    assert_eq!(r.status, 409);
    once(&r.text(), "本台已有结果");
    assert!(!r.text().contains("本台结果已记录"), "{}", r.text());
    // 403: a round not started.
    let later = dir.path().join("later");
    std::fs::create_dir(&later).unwrap();
    let log2 = event_with(&later, "confirm", "", false);
    let s2 = Server::start(&log2);
    let r = post_form(
        s2.port,
        "/report",
        &body(1, "draw", &code(&log2, 1, 1, "red")),
    );
    assert_eq!(r.status, 403);
    once(&r.text(), "本轮尚未开始");
    // `auto`: the second report records the result, and the answer says just that.
    let third = dir.path().join("auto");
    std::fs::create_dir(&third).unwrap();
    let log3 = event(&third, "auto", "");
    let s3 = Server::start(&log3);
    let r = post_form(
        s3.port,
        "/report",
        &body(2, "draw", &code(&log3, 1, 2, "red")),
    );
    assert_eq!(r.status, 200);
    let r = post_form(
        s3.port,
        "/report",
        &body(2, "draw", &code(&log3, 1, 2, "black")),
    );
    assert_eq!(r.status, 200);
    let page = r.text();
    once(&page, "结果已记录");
    assert!(
        !page.contains("黑方签认 和"),
        "one message, not three: {page}"
    );
}

#[test]
fn the_audit_credits_reports_to_the_players_and_the_room_pages_acts_to_the_room_page() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "auto", "");
    let s = Server::start(&log);
    for board in 1..=3u64 {
        for side in ["red", "black"] {
            let r = post_form(
                s.port,
                "/report",
                &body(board, "draw", &code(&log, 1, board, side)),
            );
            assert_eq!(r.status, 200);
        }
    }
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while codes_of_round_two(&log).is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let audit = bianpai(&["audit", log.to_str().unwrap()]);
    let line = |what: &str| {
        audit
            .lines()
            .find(|l| l.contains(what))
            .unwrap_or_else(|| panic!("no line with {what:?}:\n{audit}"))
            .to_string()
    };
    // Board 1's red report is its player's, by name, from the phone; not the organizer's.
    let red = game(&log, 1, 1)["red"].as_u64().unwrap() as usize;
    let report = line("第1轮第1台: 红方签认 和");
    assert!(
        report.contains(&format!("红方 {} (手机签认)", NAMES[red - 1])),
        "{report}"
    );
    assert!(report.contains(" 棋手 "), "{report}");
    assert!(!report.contains(" 编排 "), "{report}");
    // The result the two reports recorded, and the pairing the room page asked for, are the
    // room page's; no terminal triggered them.
    let recorded = line("自动（棋手签认）");
    assert!(recorded.contains("房间页面"), "{recorded}");
    let paired = line("第2轮已编排");
    assert!(paired.contains("房间页面"), "{paired}");
    assert!(!paired.contains("终端"), "{paired}");
}
