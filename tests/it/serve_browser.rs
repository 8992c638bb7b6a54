//! The room page in a real browser: Debian's headless Chromium (installed by `.ci/run`)
//! renders the round page, and, driven over the `DevTools` protocol, shows a result entered
//! with `bianpai result` without a reload. Loopback only; every wait is bounded.

use crate::support::serve as serve_support;

use std::process::Stdio;
use std::time::Duration;

use crate::support::need::{Tool, need};
use serde_json::json;
use serve_support::browser::{Browser, chromium};
use serve_support::{PLAYERS, Server, bianpai, fixture};

#[test]
fn the_round_page_renders_its_pairing_table_in_chromium() {
    if !need(
        "the_round_page_renders_its_pairing_table_in_chromium",
        &[Tool::Chromium],
    ) {
        return;
    }
    let (dir, log) = fixture();
    let server = Server::start(&log);
    let out = chromium(&dir.path().join("profile"))
        .args(["--window-size=390,844", "--dump-dom", &server.url])
        .stderr(Stdio::null())
        .output()
        .expect("chromium runs (installed by .ci/run)");
    assert!(out.status.success());
    let dom = String::from_utf8_lossy(&out.stdout);
    assert!(dom.contains("<table class=\"pairings\">"), "{dom}");
    for (name, ..) in &PLAYERS[..7] {
        assert!(dom.contains(name), "{name} missing from the DOM");
    }
    assert!(dom.contains("第1轮 对阵"));
}

#[test]
fn a_result_shows_in_the_open_page_without_a_reload() {
    if !need(
        "a_result_shows_in_the_open_page_without_a_reload",
        &[Tool::Chromium],
    ) {
        return;
    }
    let (dir, log) = fixture();
    let server = Server::start(&log);
    let mut b = Browser::open_live(&dir.path().join("profile"), &server.url, (390, 844));
    let cell = "document.querySelector('#b1 .res').textContent";
    assert_eq!(b.eval(cell), json!("进行中"));
    // A mark on this page load: a reload would lose it.
    b.eval("window.sameLoad = 42");
    bianpai(&["result", log.to_str().unwrap(), "1", "black_win"]);
    let shown = b.wait_for(cell, &json!("黑胜"), Duration::from_secs(5));
    assert_eq!(shown, json!("黑胜"), "the result appears without a reload");
    assert_eq!(b.eval("window.sameLoad"), json!(42), "no reload happened");
    assert_eq!(
        b.eval("document.querySelectorAll('table.pairings tbody tr').length"),
        json!(4)
    );
}
