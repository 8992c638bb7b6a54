//! The real console in tmux with the players' reports (docs/self-report.md): two players sign
//! the same result on the real room page; the assistant's console shows the board 待确认 and
//! counts it in the header within moments (the room page's write comes back through the
//! console's log tail), `c` takes it and Enter records it as the assistant's acceptance. The
//! head arbiter's correction of a result both players signed asks a second, distinct
//! question: Enter or `y` alone do nothing, `!` then `y` records the override before the
//! correction (docs/self-report.md#a-signed-result-stands).

use crate::support::self_report as self_report_support;
use crate::support::serve as serve_support;
use crate::support::tmux as tmux_support;

use std::time::Duration;

use crate::support::need::{Tool, need};
use self_report_support::{code, event, game};
use serve_support::{Server, bianpai, post_form};
use tmux_support::Tmux;

const BIN: &str = crate::support::bin::BIN;

/// `side` of round 1's `board` signs `result` on the room page `page` serves.
fn sign(page: &Server, log: &std::path::Path, board: u64, result: &str, side: &str) {
    let body = format!(
        "round=1&board={board}&result={result}&code={}",
        code(log, 1, board, side)
    );
    assert_eq!(post_form(page.port, "/report", &body).status, 200);
}

#[test]
fn the_assistant_accepts_a_signed_result_with_one_key() {
    if !need(
        "the_assistant_accepts_a_signed_result_with_one_key",
        &[Tool::Tmux],
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let page = Server::start(&log);
    let tmux = Tmux::new("signed");
    tmux.session("a");
    let cmd = format!(
        "{BIN} console {} --role assistant; echo CONSOLE-EXITED-$?",
        log.display()
    );
    tmux.keys("a", &[&cmd, "Enter"]);
    tmux.wait_for("a", "已报 0/3", Duration::from_secs(20));
    // Board 2: black signs a black win, then red does.
    for side in ["black", "red"] {
        sign(&page, &log, 2, "black_win", side);
        if side == "black" {
            tmux.wait_for("a", "待对方签认 黑:黑胜", Duration::from_secs(5));
            tmux.wait_for("a", "待对方签认 1", Duration::from_secs(5));
        }
    }
    let seen = tmux.wait_for("a", "待确认 黑胜", Duration::from_secs(5));
    eprintln!(
        "the console showed both signatures after {} ms",
        seen.as_millis()
    );
    tmux.wait_for("a", "待确认 1", Duration::from_secs(5));
    assert_eq!(game(&log, 1, 2)["result"], serde_json::Value::Null);
    // One key takes the first board waiting; Enter records it.
    tmux.keys("a", &["c"]);
    tmux.wait_for("a", "接受棋手签认 黑胜", Duration::from_secs(5));
    tmux.keys("a", &["Enter"]);
    tmux.wait_for("a", "已报 1/3", Duration::from_secs(5));
    let pane = tmux.pane("a");
    assert!(!pane.contains("待确认 1"), "{pane}");
    let g = game(&log, 1, 2);
    assert_eq!(g["result"], "black_win");
    assert_eq!(g["cause"], "confirmed");
    let audit = bianpai(&["audit", log.to_str().unwrap()]);
    let last = audit.lines().last().unwrap();
    assert!(
        last.contains("红方签认 · 黑方签认") && last.contains("确认") && last.contains("裁判"),
        "{last}"
    );
    // `c` with nothing waiting says so and records nothing.
    tmux.keys("a", &["c"]);
    tmux.wait_for("a", "没有待确认的签认结果", Duration::from_secs(5));
    tmux.keys("a", &["q"]);
    tmux.wait_for("a", "CONSOLE-EXITED-0", Duration::from_secs(5));
}

#[test]
fn the_head_arbiter_overrides_signatures_with_bang_then_y() {
    if !need(
        "the_head_arbiter_overrides_signatures_with_bang_then_y",
        &[Tool::Tmux],
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "auto", "");
    {
        // Both players sign red's win on board 1: recorded at once (`self_report: auto`).
        let page = Server::start(&log);
        for side in ["red", "black"] {
            sign(&page, &log, 1, "red_win", side);
        }
    }
    assert_eq!(game(&log, 1, 1)["result"], "red_win");
    let tmux = Tmux::new("override");
    tmux.session("h");
    let cmd = format!(
        "{BIN} console {} --role head; echo CONSOLE-EXITED-$?",
        log.display()
    );
    tmux.keys("h", &[&cmd, "Enter"]);
    tmux.wait_for("h", "已报 1/3", Duration::from_secs(20));
    // The correction: board 1, a draw, its reason.
    tmux.keys("h", &["1", "d"]);
    tmux.wait_for("h", "理由", Duration::from_secs(5));
    tmux.keys("h", &["-l", "记错"]);
    tmux.keys("h", &["Enter"]);
    tmux.wait_for("h", "确需推翻签认请按 !", Duration::from_secs(5));
    let before = std::fs::read(&log).unwrap();
    // Neither Enter nor y answers the second question: it stays, nothing is written.
    for key in ["Enter", "y"] {
        tmux.keys("h", &[key]);
        std::thread::sleep(Duration::from_millis(300));
        let pane = tmux.pane("h");
        assert!(pane.contains("确需推翻签认请按 !"), "after {key}:\n{pane}");
        assert!(!pane.contains("y 确认"), "after {key}:\n{pane}");
        assert_eq!(std::fs::read(&log).unwrap(), before, "after {key}");
    }
    tmux.keys("h", &["!"]);
    tmux.wait_for("h", "推翻棋手签认? y 确认", Duration::from_secs(5));
    assert_eq!(std::fs::read(&log).unwrap(), before, "not before y");
    tmux.keys("h", &["y"]);
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while game(&log, 1, 1)["result"] != "draw" && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(game(&log, 1, 1)["result"], "draw");
    tmux.keys("h", &["q"]);
    tmux.wait_for("h", "CONSOLE-EXITED-0", Duration::from_secs(5));
    // The log: the override, then the correction, each once, after the signed result.
    let text = std::fs::read_to_string(&log).unwrap();
    let at = |word: &str| {
        assert_eq!(text.matches(word).count(), 1, "{word} once:\n{text}");
        text.find(word).unwrap()
    };
    assert!(
        at("SignaturesOverridden(") < at("ResultCorrected("),
        "{text}"
    );
    let audit = bianpai(&["audit", log.to_str().unwrap()]);
    assert!(audit.contains("裁判长推翻棋手签认"), "{audit}");
}
