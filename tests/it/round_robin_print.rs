//! The round robin's printouts in a real browser (Debian's headless `chromium`): the square
//! crosstable and the schedule of the sample event (`sample_events/round-robin-10.log`) as html,
//! drawn by chromium. With `BIANPAI_SCREENS=DIR` it also saves the README's pictures
//! (`round-robin-crosstable.png`, `round-robin-schedule.png`).

use crate::support::cli as cli_support;

use std::path::Path;

use crate::support::need::{Tool, need};
use crate::support::serve::browser::headless as chromium;
use cli_support::ok;

#[test]
fn the_round_robin_crosstable_and_schedule_render_in_chromium() {
    if !need(
        "the_round_robin_crosstable_and_schedule_render_in_chromium",
        &[Tool::Chromium],
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("rr.log");
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/sample_events/round-robin-10.log"
        ),
        &log,
    )
    .unwrap();
    let profile = dir.path().join("profile");
    let mut pages = Vec::new();
    for what in ["crosstable", "schedule"] {
        let html = dir.path().join(format!("round-robin-{what}.html"));
        ok(&[
            "export",
            log.to_str().unwrap(),
            "--format",
            "html",
            "--what",
            what,
            "--out",
            html.to_str().unwrap(),
        ]);
        let dom = chromium(
            &profile,
            &["--dump-dom", &format!("file://{}", html.display())],
        );
        pages.push((what, html, dom));
    }
    let cross = &pages[0].2;
    assert!(cross.contains("循环赛成绩表 第7轮后"), "title");
    // The square: one diagonal cell per player, and the 小分 column.
    assert_eq!(cross.matches(">×<").count(), 10, "diagonal of 10 players");
    assert!(cross.contains(">小分<"));
    assert!(
        cross.contains("已赛成绩全部取消"),
        "the withdrawal explained"
    );
    let schedule = &pages[1].2;
    assert!(schedule.contains("轮次表（贝格尔编排，共9轮）"));
    if let Ok(screens) = std::env::var("BIANPAI_SCREENS") {
        for (what, html, _) in &pages {
            let png = Path::new(&screens).join(format!("round-robin-{what}.png"));
            chromium(
                &profile,
                &[
                    "--window-size=1123,794",
                    &format!("--screenshot={}", png.display()),
                    &format!("file://{}", html.display()),
                ],
            );
            assert!(png.exists());
        }
    }
}
