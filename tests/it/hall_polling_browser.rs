//! A phone refused a live stream is not left frozen (docs/room-page.md#budgets): with the
//! hall's stream budget at nothing (`serve --max-streams 0`), Debian's headless Chromium,
//! driven over the `DevTools` protocol, shows a result entered with `bianpai result` within
//! its polling interval, without a reload. Loopback only; every wait is bounded.

use crate::support::serve as serve_support;

use std::time::{Duration, Instant};

use serde_json::json;
use serve_support::browser::Browser;
use serve_support::{Server, bianpai, fixture};

use crate::support::need::{Tool, need};

#[test]
fn a_phone_refused_a_stream_polls_and_shows_a_result() {
    if !need(
        "a_phone_refused_a_stream_polls_and_shows_a_result",
        &[Tool::Chromium],
    ) {
        return;
    }
    let (dir, log) = fixture();
    let server = Server::start_args(&[log.to_str().unwrap(), "--max-streams", "0", "--poll", "2"]);
    let refused = server.get("/events");
    assert_eq!(refused.status, 503, "no stream for anyone");
    let mut b = Browser::open(&dir.path().join("profile"), &server.url, (390, 844));
    let live = "document.getElementById('live') && document.getElementById('live').textContent";
    let shown = b.wait_for(live, &json!("自动刷新中"), Duration::from_secs(20));
    assert_eq!(shown, json!("自动刷新中"), "the page says it polls");
    let cell = "document.querySelector('#b1 .res').textContent";
    assert_eq!(b.eval(cell), json!("进行中"));
    b.eval("window.sameLoad = 42");
    let entered = Instant::now();
    bianpai(&["result", log.to_str().unwrap(), "1", "black_win"]);
    // A read every 2 to 4 s: the result is on the page before twice that has passed.
    let got = b.wait_for(cell, &json!("黑胜"), Duration::from_secs(8));
    assert_eq!(got, json!("黑胜"), "the polled page shows the result");
    assert!(entered.elapsed() < Duration::from_secs(8));
    assert_eq!(b.eval("window.sameLoad"), json!(42), "no reload happened");
}
