//! A FIDE event on the console in its own terms (docs/console.md): points in halves (`1.5`),
//! the tiebreak columns under FIDE's short names in English (BH-C1, BH, SB, DE, WIN) and their
//! Chinese names in Chinese, every column whole at 80 and 120 columns, and a requested bye
//! named as such on the round screen.

use crate::support::console as console_common;
use crate::support::fide;

use bianpai::console::action::Screen;
use bianpai::console::ui;
use bianpai::domain::Role;
use bianpai::domain::rules::Lang;
use console_common::{app_as, minutes};

/// The tiebreak heads of `fide-swiss` (BH-C1, BH, SB, DE, WIN) in each language.
const HEADS: [(Lang, &str, [&str; 5]); 2] = [
    (Lang::En, "en", ["BH-C1", "BH", "SB", "DE", "WIN"]),
    (
        Lang::Zh,
        "zh",
        ["布赫兹减一", "布赫兹", "索伯分", "直接对局", "胜轮数"],
    ),
];

#[test]
fn the_standings_name_fides_tiebreaks_and_show_halves_at_80_and_120_columns() {
    let dir = tempfile::tempdir().unwrap();
    let log = fide::played(dir.path());
    for (lang, word, heads) in HEADS {
        for (w, h) in [(80, 24), (120, 36)] {
            let mut app = app_as(&log, "wang", Role::Head, lang, minutes(0));
            app.screen = Screen::Standings;
            app.viewport = (w, h);
            app.prepare(minutes(0));
            let screen = ui::render_text(&app, w, h);
            // The heads' row: every tiebreak's name whole, in the rules' order, after the points.
            let row = screen
                .lines()
                .find(|l| l.contains(heads[0]))
                .unwrap_or_else(|| panic!("{word} {w}: no {}:\n{screen}", heads[0]));
            let cells: Vec<&str> = row.split_whitespace().collect();
            let at = cells
                .iter()
                .position(|c| *c == heads[0])
                .unwrap_or_else(|| panic!("{word} {w}: {row}"));
            assert_eq!(cells[at..at + 5], heads, "{word} {w}: {row}");
            // Halves: Erin (5) has 1.5 after round 2 (a draw and a requested half bye).
            let erin = screen
                .lines()
                .find(|l| l.contains("Erin"))
                .unwrap_or_else(|| panic!("{word} {w}:\n{screen}"));
            assert!(
                erin.split_whitespace().any(|c| c == "1.5"),
                "{word} {w}: {erin}"
            );
            insta::assert_snapshot!(format!("fide_standings_{word}_{w}x{h}"), screen);
        }
    }
}

#[test]
fn the_round_screen_names_a_requested_bye() {
    let dir = tempfile::tempdir().unwrap();
    let log = fide::played(dir.path());
    for (lang, bye) in [
        (Lang::En, "requested bye (half point): 5 Erin"),
        (Lang::Zh, "请假 (半分): 5 Erin"),
    ] {
        let app = app_as(&log, "wang", Role::Head, lang, minutes(0));
        let screen = ui::render_text(&app, 80, 24);
        assert!(screen.contains(bye), "{lang:?}:\n{screen}");
    }
}
