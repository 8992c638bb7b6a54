//! The real console in tmux with the players' reports (docs/self-report.md): two players sign
//! the same result on the real room page; the assistant's console shows the board 待确认 and
//! counts it in the header within moments (the room page's write comes back through the
//! console's log tail), `c` takes it and Enter records it as the assistant's acceptance.

use crate::support::self_report as self_report_support;
use crate::support::serve as serve_support;
use crate::support::tmux as tmux_support;

use std::time::Duration;

use crate::support::need::{Tool, need};
use self_report_support::{code, event, game};
use serve_support::{Server, bianpai, post_form};
use tmux_support::Tmux;

const BIN: &str = crate::support::bin::BIN;

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
        let body = format!(
            "round=1&board=2&result=black_win&code={}",
            code(&log, 1, 2, side)
        );
        assert_eq!(post_form(page.port, "/report", &body).status, 200);
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
