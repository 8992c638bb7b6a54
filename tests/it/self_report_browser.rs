//! The phone's scoresheet in a real browser (Debian's headless Chromium over its `DevTools`
//! protocol, docs/self-report.md): at 390×844 the report form fits the phone's width with
//! nothing cut, its code field is large enough not to zoom, and a player picks the result,
//! types the code and taps 签认: the page says what was recorded, and the log has it. The
//! same in English, where a wrong code is refused in English and writes nothing.
//!
//! With `BIANPAI_SCREENS=DIR` the run saves the phone form in both languages and the answer
//! page as PNGs there (`report-zh.png`, `report-en.png`, `report-done-zh.png`).

use crate::support::self_report as self_report_support;
use crate::support::serve as serve_support;

use std::time::Duration;

use crate::support::need::{Tool, need};
use self_report_support::{NAMES, code, event, game};
use serde_json::{Value, json};
use serve_support::Server;
use serve_support::browser::Browser;

/// Faults of the page's layout at the viewport's width, measured by the browser.
const MEASURE: &str = r"(function () {
  var bad = [];
  var w = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > w) bad.push('page ' + document.documentElement.scrollWidth + ' > ' + w);
  document.querySelectorAll('main *').forEach(function (el) {
    var r = el.getBoundingClientRect();
    if (r.width > 0 && (r.right > w + 0.5 || r.left < -0.5)) bad.push(el.tagName + '.' + el.className + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'visible' && el.clientWidth > 0) bad.push('cut ' + el.tagName + ' ' + el.textContent.slice(0, 20));
  });
  var code = document.getElementById('code');
  if (!code) bad.push('no code field');
  else if (parseFloat(getComputedStyle(code).fontSize) < 16) bad.push('code field zooms');
  var radios = document.querySelectorAll('input[type=radio][name=result]').length;
  if (radios !== 3) bad.push(radios + ' results');
  var button = document.querySelector('main button[type=submit]');
  if (!button || button.getBoundingClientRect().height < 40) bad.push('small button');
  return bad.join('; ');
})()";

fn shot(b: &mut Browser, name: &str) {
    if let Ok(dir) = std::env::var("BIANPAI_SCREENS") {
        std::fs::create_dir_all(&dir).expect("screens dir");
        b.screenshot(&std::path::Path::new(&dir).join(name));
    }
}

fn loaded(b: &mut Browser, text: &str) -> Value {
    b.wait_for(
        &format!(
            "document.readyState === 'complete' && document.body.innerText.indexOf({}) >= 0",
            json!(text)
        ),
        &json!(true),
        Duration::from_secs(10),
    )
}

/// Picks `result`, types `code` into the field and taps the button, as a player does.
fn sign(b: &mut Browser, result: &str, code: &str) {
    b.eval(&format!(
        "document.querySelector('input[name=result][value={result}]').click();\
         var c = document.getElementById('code'); c.focus(); c.value = {};\
         document.querySelector('main button[type=submit]').click(); true",
        json!(code)
    ));
}

#[test]
fn a_player_signs_on_a_390_px_phone_in_chinese_and_english() {
    if !need(
        "a_player_signs_on_a_390_px_phone_in_chinese_and_english",
        &[Tool::Chromium],
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let s = Server::start(&log);
    let profile = tempfile::tempdir().unwrap();
    let url = format!("{}report?round=1&board=1", s.url);
    let mut b = Browser::open(profile.path(), &url, (390, 844));
    b.viewport(390, 844);
    assert_eq!(loaded(&mut b, "你的签认码"), json!(true));
    assert_eq!(b.eval(MEASURE), json!(""), "the form fits 390 px");
    assert_eq!(
        b.eval("document.body.innerText.indexOf('红胜（') >= 0"),
        json!(true)
    );
    shot(&mut b, "report-zh.png");

    // Red signs a draw with the code typed the way it is printed (with a space).
    let red = code(&log, 1, 1, "red");
    sign(&mut b, "draw", &format!("{} {}", &red[..4], &red[4..]));
    assert_eq!(loaded(&mut b, "已记录: 红方签认 和"), json!(true));
    assert_eq!(
        b.eval("document.body.innerText.indexOf('等待对方签认') >= 0"),
        json!(true)
    );
    assert_eq!(
        b.eval("document.documentElement.scrollWidth <= 390"),
        json!(true)
    );
    shot(&mut b, "report-done-zh.png");
    let g = game(&log, 1, 1);
    assert_eq!(g["reports"][0]["side"], "red");
    assert_eq!(g["reports"][0]["result"], "draw");

    // English, board 2: a wrong code is refused in English and nothing is written.
    let en = format!("{}report?round=1&board=2&lang=en", s.url);
    b.call("Page.navigate", &json!({"url": en}));
    assert_eq!(loaded(&mut b, "Your code"), json!(true));
    assert_eq!(b.eval(MEASURE), json!(""), "the English form fits 390 px");
    shot(&mut b, "report-en.png");
    sign(&mut b, "red_win", "00000000");
    assert_eq!(loaded(&mut b, "the code is not this board's"), json!(true));
    assert_eq!(
        b.eval("document.getElementById('code').value"),
        json!(""),
        "the code typed is not written back into the page"
    );
    assert_eq!(game(&log, 1, 2)["reports"], json!([]));
    // The right code then goes through, in English.
    sign(&mut b, "red_win", &code(&log, 1, 2, "black"));
    assert_eq!(loaded(&mut b, "Recorded: black signed"), json!(true));
    assert!(NAMES.len() > 2);
}

/// The signing slips' faults in the browser: a slip wider than its sheet, its text cut or
/// below the slip, a QR code missing or too small to scan.
const SLIPS: &str = r"(function () {
  var bad = [];
  var sheet = document.querySelector('section.sheet');
  var cs = getComputedStyle(sheet);
  var right = sheet.getBoundingClientRect().right - parseFloat(cs.paddingRight);
  var slips = document.querySelectorAll('div.pslip');
  slips.forEach(function (s, i) {
    var box = s.getBoundingClientRect();
    if (box.right > right + 0.5) bad.push('slip ' + i + ' too wide');
    var bottom = box.bottom - parseFloat(getComputedStyle(s).paddingBottom);
    var t = s.querySelector('div.t');
    if (!t) { bad.push('slip ' + i + ' no text'); return; }
    if (t.getBoundingClientRect().bottom > bottom + 0.5) bad.push('slip ' + i + ' text below the slip');
    if (t.scrollWidth > t.clientWidth + 1) bad.push('slip ' + i + ' text cut');
    var q = s.querySelector('svg.qr');
    if (!q || q.getBoundingClientRect().width < 90) bad.push('slip ' + i + ' no QR');
    if (s.querySelectorAll('b.code').length !== 1) bad.push('slip ' + i + ' codes');
  });
  return slips.length + ' ' + bad.join('; ');
})()";

#[test]
fn the_signing_slips_fit_a4_one_code_and_one_qr_each() {
    if !need(
        "the_signing_slips_fit_a4_one_code_and_one_qr_each",
        &[Tool::Chromium],
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let html = dir.path().join("slips.html");
    serve_support::bianpai(&[
        "export",
        log.to_str().unwrap(),
        "--format",
        "html",
        "--what",
        "slips",
        "--url",
        "http://192.168.1.20:8080/",
        "--out",
        html.to_str().unwrap(),
    ]);
    let profile = tempfile::tempdir().unwrap();
    let url = format!("file://{}", html.display());
    // An A4 page at 96 dpi.
    let mut b = Browser::open(profile.path(), &url, (794, 1123));
    b.viewport(794, 1123);
    assert_eq!(loaded(&mut b, "签认码"), json!(true));
    shot(&mut b, "slips.png");
    assert_eq!(
        b.eval(SLIPS),
        json!("6 "),
        "six slips (three boards, two players), nothing cut"
    );
}

#[test]
fn on_a_390_px_phone_the_second_report_says_one_thing_and_english_keeps_the_board() {
    if !need(
        "on_a_390_px_phone_the_second_report_says_one_thing_and_english_keeps_the_board",
        &[Tool::Chromium],
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "auto", "");
    let s = Server::start(&log);
    let profile = tempfile::tempdir().unwrap();
    let url = format!("{}report?round=1&board=3", s.url);
    let mut b = Browser::open(profile.path(), &url, (390, 844));
    b.viewport(390, 844);
    assert_eq!(loaded(&mut b, "你的签认码"), json!(true));
    // The English link opens the same board's form in English.
    b.eval("document.querySelector('a.lang').click(); true");
    assert_eq!(loaded(&mut b, "Your code"), json!(true));
    assert_eq!(
        b.eval("document.body.innerText.indexOf('Round 1, board 3') >= 0"),
        json!(true),
        "the same board"
    );
    assert_eq!(b.eval(MEASURE), json!(""), "the English form fits 390 px");
    // Back in Chinese, both players sign a draw: the second answer says one thing.
    b.eval("document.querySelector('a.lang').click(); true");
    assert_eq!(loaded(&mut b, "你的签认码"), json!(true));
    sign(&mut b, "draw", &code(&log, 1, 3, "red"));
    assert_eq!(loaded(&mut b, "已记录: 红方签认 和"), json!(true));
    b.call("Page.navigate", &json!({ "url": url }));
    assert_eq!(loaded(&mut b, "你的签认码"), json!(true));
    sign(&mut b, "draw", &code(&log, 1, 3, "black"));
    assert_eq!(loaded(&mut b, "结果已记录"), json!(true));
    let said = b.eval(
        "[...document.querySelectorAll('main .report p.ok, main .report p.err, main .report p.status')].map(p => p.innerText)",
    );
    let said = said.as_array().unwrap();
    assert_eq!(said.len(), 1, "one message: {said:?}");
    assert!(said[0].as_str().unwrap().contains("结果已记录"), "{said:?}");
    assert_eq!(
        b.eval("document.documentElement.scrollWidth <= 390"),
        json!(true)
    );
    shot(&mut b, "report-auto-zh.png");
    assert_eq!(game(&log, 1, 3)["result"], "draw");
}
