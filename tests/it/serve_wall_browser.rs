//! The wall (1920×1080) and the phone round page in Debian's headless Chromium (issue 23):
//! measured from inside the page, not by reading the HTML. The wall shows 20 or more boards a
//! screen in two columns at a size read across the hall, each section under its heading, both
//! players' numbers (序号) and the empty seats marked; once the event is over it stops paging
//! and shows the final standings. The phone groups the boards by section and marks an absent
//! seat. With `BIANPAI_SCREENS=DIR` the same run writes the README's pictures of the room
//! page (`BIANPAI_SCREENS=sample_events/screens cargo test --test serve_wall_browser`).

use crate::support::serve as serve_support;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::support::need::{Tool, need};
use serde_json::{Value, json};
use serve_support::browser::Browser;
use serve_support::{Server, bianpai};

const SURNAMES: [&str; 12] = [
    "王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙",
];
const GIVEN: [&str; 10] = [
    "天一", "惟桐", "靖", "鑫", "银川", "钦", "智", "川", "勇征", "洋",
];
const CLUBS: [&str; 6] = [
    "深圳棋院",
    "宝安少儿",
    "金湖象协",
    "淮安棋社",
    "吕梁棋校",
    "清江浦",
];
/// Open and junior players: 22 and 8 boards.
const OPEN: usize = 44;
const JUNIOR: usize = 16;

/// The entry file: open players first, then juniors, names all different.
fn entries(dir: &Path) -> PathBuf {
    let mut csv = String::from("姓名,单位,组别\n");
    for i in 0..OPEN + JUNIOR {
        let name = format!("{}{}", SURNAMES[i % 12], GIVEN[(i / 12 + i) % 10]);
        let name = if i >= 12 * 5 {
            format!("{name}{i}")
        } else {
            name
        };
        let group = if i < OPEN { "公开组" } else { "少年组" };
        writeln!(csv, "{name},{},{group}", CLUBS[i % 6]).unwrap();
    }
    let file = dir.join("entries.csv");
    std::fs::write(&file, csv).unwrap();
    file
}

/// A live round 1 of the qiyuan preset (open and junior sections), started now, with an
/// empty seat in each section and two results in.
fn live(dir: &Path) -> PathBuf {
    let log = dir.join("live.log");
    let l = log.to_str().unwrap();
    let today = chrono::Utc::now()
        .with_timezone(&chrono_tz::Asia::Shanghai)
        .date_naive()
        .to_string();
    bianpai(&["new", l, "--preset", "qiyuan-2019", "--date", &today]);
    bianpai(&["player", "import", l, entries(dir).to_str().unwrap()]);
    bianpai(&["draw", l, "--seed", "23"]);
    bianpai(&["pair", l]);
    bianpai(&["start", l]);
    bianpai(&["absent", l, "3", "black"]);
    bianpai(&["absent", l, "25", "red"]);
    bianpai(&["result", l, "1", "red_win"]);
    bianpai(&["result", l, "2", "draw"]);
    log
}

/// What the page shows in its window, measured by the browser: the window, the board rows
/// entirely on screen, their columns and type size, the section headings on screen, the
/// 序号 column heads, the empty-seat marks, and the pages.
const MEASURE: &str = r"(() => {
  const on = e => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0
      && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5; };
  const all = s => [...document.querySelectorAll(s)];
  // Board rows by what they are (a row of the boards' pages that is no heading), not by class.
  const rows = all('.wpage:not(.final) tbody tr').filter(r => !r.classList.contains('sec')).filter(on);
  const places = all('tr.place').filter(on);
  const first = rows[0] || places[0];
  return {
    w: innerWidth, h: innerHeight,
    boards: rows.length,
    boards_in_page: all('.wpage.on tbody tr').filter(r => !r.classList.contains('sec') && !r.classList.contains('place')).length,
    columns: new Set([...rows, ...places].map(r => Math.round(r.getBoundingClientRect().left))).size,
    font: first ? parseFloat(getComputedStyle(first.querySelector('td:nth-child(3)')).fontSize) : 0,
    headings: all('tr.sec').filter(on).map(e => e.textContent.trim()),
    number_heads: all('th').filter(on).filter(e => e.textContent.trim() === '序号').length,
    absent_on_screen: all('.absent').filter(on).map(e => e.closest('tr').querySelector('td.bd').textContent.trim()),
    absent_marks: all('.absent').length,
    pages: all('.wpage').length,
    final_on_screen: all('.wpage.final').filter(on).length,
    over: (document.querySelector('h2.over') || {}).textContent || '',
    places: places.length,
    cut: all('th, td').filter(on).filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim()),
  };
})()";

/// A browser on `url` with a viewport of exactly `size`, its page loaded.
fn open(profile: &Path, url: &str, size: (u32, u32)) -> Browser {
    let mut b = Browser::open(profile, url, size);
    b.viewport(size.0, size.1);
    let done = b.wait_for(
        "document.readyState",
        &json!("complete"),
        Duration::from_secs(20),
    );
    assert_eq!(done, json!("complete"), "{url} loads");
    b
}

fn measure(b: &mut Browser) -> Value {
    // The page script has run once the first page is marked as shown.
    let ready = b.wait_for(
        "document.querySelectorAll('.wpage.on').length",
        &json!(1),
        Duration::from_secs(20),
    );
    assert_eq!(ready, json!(1), "the wall's script shows one page");
    b.eval(MEASURE)
}

#[test]
fn the_wall_fills_the_screen_in_two_columns_with_sections_numbers_and_empty_seats() {
    if !need(
        "the_wall_fills_the_screen_in_two_columns_with_sections_numbers_and_empty_seats",
        &[Tool::Chromium],
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = live(dir.path());
    let server = Server::start(&log);
    let mut b = open(
        &dir.path().join("profile"),
        &format!("{}wall", server.url),
        (1920, 1080),
    );
    let m = measure(&mut b);
    assert_eq!(
        (m["w"].as_u64(), m["h"].as_u64()),
        (Some(1920), Some(1080)),
        "{m}"
    );
    let boards = m["boards"].as_u64().unwrap();
    assert!(boards >= 20, "boards on the first screen: {m}");
    assert_eq!(m["cut"], json!([]), "no heading or name cut off: {m}");
    assert_eq!(
        boards,
        m["boards_in_page"].as_u64().unwrap(),
        "a page fits: {m}"
    );
    assert_eq!(m["columns"], json!(2), "{m}");
    let font = m["font"].as_f64().unwrap();
    assert!(
        font >= 24.0,
        "names at least 24 px on a 1080-line screen: {m}"
    );
    let headings: Vec<&str> = m["headings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(headings.first(), Some(&"公开组"), "{m}");
    assert!(headings.iter().any(|h| h.starts_with("少年组")), "{m}");
    assert_eq!(
        m["number_heads"],
        json!(4),
        "序号 for both sides in both columns: {m}"
    );
    assert_eq!(m["absent_on_screen"], json!(["3"]), "{m}");
    assert_eq!(m["absent_marks"], json!(2), "one mark per empty seat: {m}");
    assert_eq!(m["pages"], json!(2), "30 boards: two screens: {m}");
    // The second screen: the rest of the junior section, under its heading (continued).
    b.eval(
        "(() => { const p = document.querySelectorAll('.wpage');
                  p[0].classList.remove('on'); p[1].classList.add('on'); })()",
    );
    let m2 = b.eval(MEASURE);
    assert_eq!(
        m["boards"].as_u64().unwrap() + m2["boards"].as_u64().unwrap(),
        30,
        "every board once: {m2}"
    );
    assert_eq!(m2["headings"], json!(["少年组（续）"]), "{m2}");
    assert_eq!(m2["absent_on_screen"], json!(["25"]), "{m2}");
    drop(b);

    let path = dir.path().join("phone");
    let mut p = open(&path, &server.url, (390, 844));
    let ready = p.wait_for(
        "document.querySelectorAll('table.pairings').length",
        &json!(2),
        Duration::from_secs(20),
    );
    assert_eq!(ready, json!(2), "one table per section");
    assert_eq!(
        p.eval("[...document.querySelectorAll('h3.section')].map(h => h.textContent)"),
        json!(["公开组", "少年组"])
    );
    assert_eq!(
        p.eval(
            "[...document.querySelectorAll('table.pairings')].map(t => t.tBodies[0].rows.length)"
        ),
        json!([22, 8])
    );
    assert_eq!(
        p.eval("[...document.querySelectorAll('.absent')].map(a => a.closest('tr').id + ' ' + a.textContent)"),
        json!(["b3 缺席", "b25 缺席"])
    );
    assert_eq!(
        p.eval("document.documentElement.scrollWidth <= innerWidth"),
        json!(true),
        "nothing wider than the phone"
    );
    drop(p);

    if let Ok(screens) = std::env::var("BIANPAI_SCREENS") {
        for (name, size, path) in [
            ("wall.png", (1920, 1080), "wall"),
            ("phone-round.png", (390, 844), ""),
            ("phone-find.png", (390, 844), "find?q=%E7%8E%8B"),
        ] {
            let url = format!("{}{path}", server.url);
            let png = Path::new(&screens).join(name);
            let mut b = open(&dir.path().join("shots"), &url, size);
            if path == "wall" {
                // The picture as the TV shows it: after the page script has turned to page 1.
                let on = b.wait_for(
                    "document.querySelectorAll('.wpage.on').length",
                    &json!(1),
                    Duration::from_secs(10),
                );
                assert_eq!(on, json!(1), "the wall shows one page at a time");
            }
            b.screenshot(&png);
        }
    }
}

#[test]
fn when_the_event_is_over_the_wall_stops_paging_and_shows_the_final_standings() {
    if !need(
        "when_the_event_is_over_the_wall_stops_paging_and_shows_the_final_standings",
        &[Tool::Chromium],
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("over.log");
    let l = log.to_str().unwrap();
    bianpai(&[
        "simulate",
        "--preset",
        "qiyuan-2019",
        "--players",
        "60",
        "--seed",
        "5",
        "--out",
        l,
    ]);
    let server = Server::start(&log);
    let mut b = open(
        &dir.path().join("profile"),
        &format!("{}wall", server.url),
        (1920, 1080),
    );
    let m = measure(&mut b);
    assert_eq!(m["pages"], json!(1), "nothing to turn: {m}");
    assert_eq!(m["final_on_screen"], json!(1), "{m}");
    assert!(m["over"].as_str().unwrap().contains("最终排名"), "{m}");
    assert_eq!(m["boards"], json!(0), "no boards of the last round: {m}");
    assert!(m["places"].as_u64().unwrap() >= 20, "{m}");
    assert_eq!(m["columns"], json!(2), "{m}");
    assert_eq!(m["headings"], json!(["公开组", "少年组"]), "{m}");
    assert_eq!(m["cut"], json!([]), "no heading or name cut off: {m}");
    // Rank 1 of each section heads its column, with number and points.
    let firsts = b.eval(
        "[...document.querySelectorAll('table.col')].map(t => t.querySelector('tr.place td.bd').textContent)",
    );
    assert_eq!(firsts, json!(["1", "1"]));
    // The page turner runs, and still shows the standings.
    b.eval("document.dispatchEvent(new Event('bianpai:updated'))");
    assert_eq!(
        b.eval("document.querySelectorAll('.wpage.final.on').length"),
        json!(1)
    );
    if let Ok(screens) = std::env::var("BIANPAI_SCREENS") {
        b.screenshot(&Path::new(&screens).join("wall-final.png"));
        // A whole event for the phone's card and standings.
        for (name, path) in [
            ("phone-player.png", "player/1"),
            ("phone-standings-en.png", "standings?lang=en"),
        ] {
            let url = format!("{}{path}", server.url);
            let png = Path::new(&screens).join(name);
            open(&dir.path().join("shots"), &url, (390, 844)).screenshot(&png);
        }
    }
}

#[test]
fn the_final_standings_on_the_wall_carry_the_knockouts_remarks_and_note() {
    if !need(
        "the_final_standings_on_the_wall_carry_the_knockouts_remarks_and_note",
        &[Tool::Chromium],
    ) {
        return;
    }
    // Seed 003 to the end: places 1–4 from the knockout, each with its 备注, and the note
    // that says why place 5 may have more points, as the printouts and other pages have.
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("ko.log");
    let l = log.to_str().unwrap();
    bianpai(&[
        "simulate",
        "--preset",
        "lvliang-2024",
        "--players",
        "80",
        "--seed",
        "3",
        "--out",
        l,
    ]);
    let server = Server::start(&log);
    let mut b = open(
        &dir.path().join("profile"),
        &format!("{}wall", server.url),
        (1920, 1080),
    );
    let m = measure(&mut b);
    assert_eq!(m["final_on_screen"], json!(1), "{m}");
    assert_eq!(m["cut"], json!([]), "no cell cut off: {m}");
    assert!(m["places"].as_u64().unwrap() >= 20, "{m}");
    let heads =
        b.eval("[...document.querySelectorAll('.wpage.final th')].map(e => e.textContent.trim())");
    assert!(
        heads.as_array().unwrap().iter().any(|h| h == "备注"),
        "{heads}"
    );
    let remarks = b.eval(
        "[...document.querySelectorAll('tr.place')].slice(0, 5).map(r => r.querySelector('td.remark').textContent.trim())",
    );
    assert_eq!(
        remarks,
        json!(["淘汰赛冠军", "淘汰赛亚军", "淘汰赛季军", "淘汰赛第四名", ""]),
        "{remarks}"
    );
    let note = b.eval(
        "(() => { const n = document.querySelector('.wpage.final p.note'); if (!n) return null; const r = n.getBoundingClientRect(); return { text: n.textContent, on: r.top >= 0 && r.bottom <= innerHeight + 0.5 }; })()",
    );
    assert!(
        note["text"]
            .as_str()
            .unwrap_or_default()
            .starts_with("注：第1–4名由淘汰赛决定"),
        "{note}"
    );
    assert_eq!(note["on"], json!(true), "the note is on the screen: {note}");
    if let Ok(shots) = std::env::var("BIANPAI_SHOTS") {
        b.screenshot(&Path::new(&shots).join("wall-final-knockout.png"));
    }
}
