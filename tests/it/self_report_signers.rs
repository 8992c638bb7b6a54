//! Who signs (docs/self-report.md, "who signs"): with `self_report_signers: winner` the winner's
//! signature alone makes a decisive result and a draw needs both, through the real `bianpai
//! serve` over HTTP; the phone's page, the player's card and the JSON say whose signature is
//! awaited, and the audit names the signature that made the result.

use crate::support::self_report as self_report_support;
use crate::support::serve as serve_support;

use self_report_support::{code, event, game};
use serve_support::{Server, bianpai, post_form};

const WINNER: &str = "    self_report_signers: winner,\n";

fn body(board: u64, result: &str, code: &str) -> String {
    format!("round=1&board={board}&result={result}&code={code}")
}

#[test]
fn under_winner_the_winners_signature_makes_the_result_and_the_losers_alone_waits() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", WINNER);
    let s = Server::start(&log);
    // Board 1: the loser (black) signs red's win first: the winner's signature is awaited.
    let r = post_form(
        s.port,
        "/report",
        &body(1, "red_win", &code(&log, 1, 1, "black")),
    );
    assert_eq!(r.status, 200);
    assert!(r.text().contains("等待胜方签认"), "{}", r.text());
    let g = game(&log, 1, 1);
    assert_eq!(
        (g["pending"].clone(), g["awaiting"].as_str()),
        (serde_json::Value::Null, Some("red"))
    );
    let card = s.get("/player/1").text();
    assert!(card.contains("须由胜方"), "the winner's card: {card}");
    // The winner signs: 待确认, awaiting nobody.
    let r = post_form(
        s.port,
        "/report",
        &body(1, "red_win", &code(&log, 1, 1, "red")),
    );
    assert_eq!(r.status, 200);
    let g = game(&log, 1, 1);
    assert_eq!(g["pending"], "red_win");
    assert_eq!(g["awaiting"], serde_json::Value::Null);
    // Board 2: the winner alone.
    let r = post_form(
        s.port,
        "/report",
        &body(2, "black_win", &code(&log, 1, 2, "black")),
    );
    assert!(
        r.text().contains("胜方已签认 黑胜, 等待裁判确认"),
        "{}",
        r.text()
    );
    assert_eq!(game(&log, 1, 2)["pending"], "black_win");
    let out = bianpai(&["result", log.to_str().unwrap(), "2", "--confirm"]);
    assert!(
        out.contains("黑方签认") && !out.contains("红方签认"),
        "the winner's signature alone made it: {out}"
    );
    // Board 3: a draw needs both.
    let r = post_form(
        s.port,
        "/report",
        &body(3, "draw", &code(&log, 1, 3, "red")),
    );
    assert!(r.text().contains("等待对方签认"), "{}", r.text());
    assert_eq!(game(&log, 1, 3)["pending"], serde_json::Value::Null);
    let all = bianpai(&[
        "export",
        log.to_str().unwrap(),
        "--format",
        "json",
        "--what",
        "all",
    ]);
    let v: serde_json::Value = serde_json::from_str(&all).unwrap();
    assert_eq!(v["rules"]["self_report_signers"], "winner");
}

#[test]
fn under_winner_auto_records_the_winners_signature_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "auto", WINNER);
    let s = Server::start(&log);
    let r = post_form(
        s.port,
        "/report",
        &body(1, "black_win", &code(&log, 1, 1, "black")),
    );
    assert_eq!(r.status, 200);
    assert!(
        r.text().contains("胜方已签认, 结果已记录: 黑胜"),
        "{}",
        r.text()
    );
    assert_eq!(game(&log, 1, 1)["result"], "black_win");
    // Under `both` (the support's default) the same signature waits for the other.
    let dir = tempfile::tempdir().unwrap();
    let both = event(dir.path(), "auto", "");
    let s = Server::start(&both);
    let r = post_form(
        s.port,
        "/report",
        &body(1, "black_win", &code(&both, 1, 1, "black")),
    );
    assert!(r.text().contains("等待对方签认"), "{}", r.text());
    assert_eq!(game(&both, 1, 1)["result"], serde_json::Value::Null);
}
