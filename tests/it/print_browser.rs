//! The html printouts in a real browser (Debian's headless `chromium`, installed by `.ci/run`):
//! every report of an 80-player, 11-round lvliang event made by the real binary (pairings by
//! board and by name, standings, crosstable, prizes, teams, scoresheets), and a small event of
//! very long names and clubs, are laid out by Chromium, and a script in the page measures
//! from the browser itself that no table, cell, header, footer or slip is wider than its
//! sheet (the printable width of its A4 page: 190 mm portrait, 277 mm landscape). The pages
//! are also printed to PDF: a 40-board pairing takes at most two A4 portrait pages, the
//! 80 × 11 crosstable prints on A4 landscape, and the 40 scoresheets print four to a page.
//!
//! Chromium starts four times in all: one page holds every printout in frames for the
//! measurement, then three prints to PDF. With `BIANPAI_SCREENS=DIR` set, the same run
//! also saves a PNG of the first page of each printout there (the README's pictures).

use crate::support::export as export_support;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::support::need::{Tool, need};
use crate::support::serve::browser::headless as chromium;
use export_support::ok;

/// Runs in each printout's frame: compares every table, header, footer and slip with the
/// content width of its sheet, and every cell's content with the cell; returns the faults.
const MEASURE: &str = r"
function measure(doc) {
  var bad = [];
  var sheets = doc.querySelectorAll('section.sheet');
  if (sheets.length === 0) { bad.push('no sheet'); }
  sheets.forEach(function (sec, si) {
    var cs = doc.defaultView.getComputedStyle(sec);
    var left = sec.getBoundingClientRect().left + parseFloat(cs.paddingLeft);
    var inner = sec.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    sec.querySelectorAll('table, header, footer, div.slip').forEach(function (el) {
      var r = el.getBoundingClientRect();
      if (r.right - left > inner + 0.5 || el.scrollWidth > el.clientWidth + 1) {
        bad.push('sheet ' + si + ' ' + el.tagName + ' ' + Math.round(r.right - left) + 'px > ' + Math.round(inner) + 'px');
      }
    });
    sec.querySelectorAll('td, th').forEach(function (c) {
      if (c.scrollWidth > c.clientWidth + 1) { bad.push('sheet ' + si + ' cell ' + c.textContent); }
    });
  });
  return bad;
}
window.addEventListener('load', function () {
  var out = [];
  document.querySelectorAll('iframe').forEach(function (f) {
    var bad;
    try { bad = measure(f.contentDocument); } catch (e) { bad = ['unreadable: ' + e]; }
    out.push(f.getAttribute('name') + ': ' + (bad.length ? 'OVERFLOW ' + bad.join('; ') : 'FITS'));
  });
  var pre = document.createElement('pre');
  pre.id = 'verdict';
  pre.textContent = out.join('\n');
  document.body.appendChild(pre);
});
";

fn url(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// The pages of a PDF as (width, height) in points, from each page object's `/MediaBox`.
fn pdf_pages(pdf: &[u8]) -> Vec<(f64, f64)> {
    let text = String::from_utf8_lossy(pdf);
    let mut pages = Vec::new();
    let mut rest = text.as_ref();
    while let Some(i) = rest.find("/Type /Page") {
        let after = &rest[i + "/Type /Page".len()..];
        rest = after;
        if after.starts_with('s') {
            continue;
        }
        // The page dictionary: up to its closing `>>` (page dictionaries hold no nested one
        // before the MediaBox in Chromium's output, and the box is always given per page).
        let dict_start = text.len() - after.len();
        let from = text[..dict_start].rfind("<<").unwrap_or(0);
        let to = dict_start + after.find("endobj").unwrap_or(after.len());
        let dict = &text[from..to];
        let b = dict.find("/MediaBox").expect("a page has a MediaBox");
        let inside = &dict[b..];
        let open = inside.find('[').expect("MediaBox array");
        let close = inside.find(']').expect("MediaBox array");
        let nums: Vec<f64> = inside[open + 1..close]
            .split_whitespace()
            .map(|n| n.parse().expect("a number"))
            .collect();
        pages.push((nums[2] - nums[0], nums[3] - nums[1]));
    }
    pages
}

fn is_a4(p: (f64, f64), landscape: bool) -> bool {
    let (w, h) = if landscape {
        (842.0, 595.0)
    } else {
        (595.0, 842.0)
    };
    (p.0 - w).abs() < 3.0 && (p.1 - h).abs() < 3.0
}

/// `bianpai export LOG --format html ARGS --out DIR/NAME.html`.
fn export_html(log: &Path, dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let out = dir.join(format!("{name}.html"));
    let mut all = vec![
        "export",
        log.to_str().unwrap(),
        "--format",
        "html",
        "--at",
        "2024-07-27T16:45:00+08:00",
        "--out",
        out.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    ok(&all);
    out
}

/// A qigu event of eight players whose names and clubs are far too long for a cell, round 1
/// paired: the printouts must wrap them, not run off the page.
fn long_names_event(dir: &Path) -> PathBuf {
    let log = dir.join("long.log");
    let l = log.to_str().unwrap();
    ok(&["new", l, "--preset", "qigu-2024-07", "--date", "2024-07-06"]);
    let long_latin = "Wolfeschlegelsteinhausenbergerdorff Bob";
    let long_cjk = "中华人民共和国国家体育总局棋牌运动管理中心象棋协会青少年培训基地代表队";
    for i in 0..8 {
        let name = match i {
            0 => long_latin.to_string(),
            1 => "欧阳司马诸葛上官皇甫长孙慕容宇文建国".to_string(),
            n => format!("选手{n}"),
        };
        ok(&["player", "add", l, "--name", &name, "--club", long_cjk]);
    }
    ok(&["draw", l, "--seed", "3"]);
    ok(&["pair", l]);
    log
}

#[test]
fn every_html_printout_fits_its_a4_page_in_chromium() {
    if !need(
        "every_html_printout_fits_its_a4_page_in_chromium",
        &[Tool::Chromium],
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let lv = d.join("lvliang.log");
    ok(&[
        "simulate",
        "--preset",
        "lvliang-2024",
        "--players",
        "80",
        "--out",
        lv.to_str().unwrap(),
    ]);
    let long = long_names_event(d);
    let pages: Vec<(&str, PathBuf)> = vec![
        (
            "pairings",
            export_html(&lv, d, "pairings", &["--what", "pairings", "--round", "1"]),
        ),
        (
            "pairings-by-name",
            export_html(
                &lv,
                d,
                "pairings-by-name",
                &["--what", "pairings", "--by", "name", "--round", "1"],
            ),
        ),
        (
            "standings",
            export_html(&lv, d, "standings", &["--what", "standings"]),
        ),
        (
            "crosstable",
            export_html(&lv, d, "crosstable", &["--what", "crosstable"]),
        ),
        (
            "prizes",
            export_html(&lv, d, "prizes", &["--what", "prizes"]),
        ),
        ("teams", export_html(&lv, d, "teams", &["--what", "teams"])),
        (
            "scoresheets",
            export_html(
                &lv,
                d,
                "scoresheets",
                &["--what", "scoresheets", "--round", "1"],
            ),
        ),
        (
            "all-en",
            export_html(&lv, d, "all-en", &["--what", "all", "--lang", "en"]),
        ),
        (
            "long-pairings",
            export_html(&long, d, "long-pairings", &["--what", "pairings"]),
        ),
        (
            "long-by-name",
            export_html(
                &long,
                d,
                "long-by-name",
                &["--what", "pairings", "--by", "name"],
            ),
        ),
        (
            "long-players",
            export_html(&long, d, "long-players", &["--what", "players"]),
        ),
        (
            "long-scoresheets",
            export_html(&long, d, "long-scoresheets", &["--what", "scoresheets"]),
        ),
    ];
    let crosstable = std::fs::read_to_string(&pages[3].1).unwrap();
    assert!(
        crosstable.contains("<section class=\"sheet wide\">"),
        "the 80 × 11 crosstable is laid out landscape"
    );

    // One browser run measures every printout, each in its own frame.
    let mut frames = String::new();
    for (name, path) in &pages {
        let _ = writeln!(
            frames,
            "<iframe name=\"{name}\" src=\"{}\" style=\"width: 1200px; height: 400px\"></iframe>",
            url(path)
        );
    }
    let harness = d.join("measure.html");
    std::fs::write(
        &harness,
        format!("<!DOCTYPE html><html><head><meta charset=\"utf-8\"/><script>{MEASURE}</script></head><body>{frames}</body></html>"),
    )
    .unwrap();
    let profile = d.join("profile");
    let dom = chromium(
        &profile,
        &["--window-size=1300,1000", "--dump-dom", &url(&harness)],
    );
    let verdict = dom
        .split("<pre id=\"verdict\">")
        .nth(1)
        .and_then(|v| v.split("</pre>").next())
        .unwrap_or_else(|| panic!("no verdict in the page: {dom}"));
    let lines: Vec<&str> = verdict.lines().collect();
    assert_eq!(lines.len(), pages.len(), "{verdict}");
    for ((name, _), line) in pages.iter().zip(&lines) {
        assert_eq!(*line, format!("{name}: FITS"), "{verdict}");
    }

    // Printed to PDF.
    let print = |name: &str, path: &Path| {
        let pdf = d.join(format!("{name}.pdf"));
        chromium(
            &profile,
            &[
                "--no-pdf-header-footer",
                &format!("--print-to-pdf={}", pdf.display()),
                &url(path),
            ],
        );
        pdf_pages(&std::fs::read(&pdf).expect("the PDF is written"))
    };
    let p = print("pairings", &pages[0].1);
    assert!(
        !p.is_empty() && p.len() <= 2,
        "a 40-board pairing prints on at most two pages: {p:?}"
    );
    assert!(p.iter().all(|x| is_a4(*x, false)), "A4 portrait: {p:?}");
    let c = print("crosstable", &pages[3].1);
    assert!(
        !c.is_empty() && c.iter().all(|x| is_a4(*x, true)),
        "A4 landscape: {c:?}"
    );
    let s = print("scoresheets", &pages[6].1);
    assert_eq!(s.len(), 10, "40 slips, four to a page: {s:?}");
    assert!(s.iter().all(|x| is_a4(*x, false)), "A4 portrait: {s:?}");

    // The README's pictures: the first page of each printout, as the browser draws it.
    if let Ok(screens) = std::env::var("BIANPAI_SCREENS") {
        for (name, path) in pages
            .iter()
            .filter(|(n, _)| !n.starts_with("long") && *n != "all-en")
        {
            let wide = std::fs::read_to_string(path)
                .unwrap()
                .contains("sheet wide");
            let size = if wide {
                "--window-size=1123,794"
            } else {
                "--window-size=794,1123"
            };
            let png = Path::new(&screens).join(format!("{name}.png"));
            chromium(
                &profile,
                &[size, &format!("--screenshot={}", png.display()), &url(path)],
            );
        }
    }
}
