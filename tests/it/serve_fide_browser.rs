//! A FIDE event on the room page in its own terms (docs/room-page.md), measured in Chromium:
//! the standings' heads are FIDE's short names in English (BH-C1, BH, SB, DE, WIN) and the
//! Chinese names in Chinese, each whole inside its cell and aligned as its column's numbers
//! are; on a phone the round page's requested bye (`requested bye (half point)`) keeps the
//! black side on the screen.

use crate::support::fide;
use crate::support::serve as serve_support;

use std::time::Duration;

use crate::support::need::{Tool, need};
use serde_json::{Value, json};
use serve_support::browser::Browser;

/// Every head of the standings: its text, whether it is whole inside its cell (its text's box
/// within the cell's, nothing scrolled away) and whether it is aligned as the first row's cell
/// of its column.
const HEADS: &str = r"(() => {
  const table = document.querySelector('table.report');
  const first = table.querySelector('tbody tr');
  return [...table.querySelectorAll('thead th')].map((th, i) => {
    const range = document.createRange();
    range.selectNodeContents(th);
    const r = range.getBoundingClientRect(), c = th.getBoundingClientRect();
    const td = first.children[i];
    return {
      text: th.textContent.trim(),
      whole: r.width > 0 && r.left >= c.left - 0.5 && r.right <= c.right + 0.5
        && r.top >= c.top - 0.5 && r.bottom <= c.bottom + 0.5
        && th.scrollWidth <= th.clientWidth + 1 && range.getClientRects().length === 1,
      aligned: getComputedStyle(th).textAlign === getComputedStyle(td).textAlign,
    };
  });
})()";

/// Waits until the page shows `table` (its `table.CLASS`), laid out.
fn ready(b: &mut Browser, table: &str) {
    let expr = format!("!!document.querySelector('table.{table}') && document.readyState");
    let state = b.wait_for(&expr, &json!("complete"), Duration::from_secs(20));
    assert_eq!(state, json!("complete"), "the page shows its {table}");
}

/// The FIDE event served, for `test` where Chromium is installed.
fn served(test: &str) -> Option<(tempfile::TempDir, serve_support::Server)> {
    if !need(test, &[Tool::Chromium]) {
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = fide::played(dir.path());
    let server = serve_support::Server::start(&log);
    Some((dir, server))
}

#[test]
fn the_standings_heads_are_fides_names_whole_in_their_cells() {
    let Some((dir, server)) = served("the_standings_heads_are_fides_names_whole_in_their_cells")
    else {
        return;
    };
    for (query, names) in [
        ("?lang=en", ["Points", "BH-C1", "BH", "SB", "DE", "WIN"]),
        (
            "",
            [
                "积分",
                "布赫兹减一",
                "布赫兹",
                "索伯分",
                "直接对局",
                "胜轮数",
            ],
        ),
    ] {
        for size in [(390, 844), (1024, 700)] {
            let profile = dir.path().join(format!("p{}{query}", size.0));
            let url = format!("{}standings{query}", server.url);
            let mut b = Browser::open(&profile, &url, size);
            b.viewport(size.0, size.1);
            ready(&mut b, "report");
            let heads = b.eval(HEADS);
            let texts: Vec<&str> = heads
                .as_array()
                .expect("the heads")
                .iter()
                .map(|h| h["text"].as_str().unwrap_or(""))
                .collect();
            let at = texts
                .iter()
                .position(|t| *t == names[0])
                .unwrap_or_else(|| panic!("{query} {size:?}: {texts:?}"));
            assert_eq!(texts[at..at + 6], names, "{query} {size:?}");
            for h in heads.as_array().unwrap() {
                assert_eq!(h["whole"], json!(true), "{query} {size:?}: {h}");
                assert_eq!(h["aligned"], json!(true), "{query} {size:?}: {h}");
            }
        }
    }
}

/// The round page's table: whether it is wider than the page (the black side pushed off a
/// phone's screen), and the requested bye's cell text.
const ROUND: &str = r"(() => {
  const table = document.querySelector('table.pairings');
  const bye = [...table.querySelectorAll('td.res')].find(td => td.textContent.includes('requested'));
  const r = bye ? bye.getBoundingClientRect() : null;
  return {
    over: table.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5,
    bye: bye ? bye.textContent.trim() : '',
    inside: r !== null && r.right <= document.documentElement.clientWidth + 0.5,
  };
})()";

#[test]
fn a_requested_bye_keeps_the_black_side_on_a_phone() {
    let Some((dir, server)) = served("a_requested_bye_keeps_the_black_side_on_a_phone") else {
        return;
    };
    let profile = dir.path().join("phone");
    let mut b = Browser::open(&profile, &format!("{}?lang=en", server.url), (390, 844));
    b.viewport(390, 844);
    ready(&mut b, "pairings");
    let m: Value = b.eval(ROUND);
    assert_eq!(m["bye"], json!("requested bye (half point)"), "{m}");
    assert_eq!(m["inside"], json!(true), "{m}");
    assert_eq!(m["over"], json!(false), "the black side on the screen: {m}");
}
