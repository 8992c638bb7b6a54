//! The console names its columns exactly as the printouts (`src/export/`) do, in both
//! languages (issue 13): the heads of the board rows, the standings and the players screens,
//! compared with the heads of the pairing sheet, the standings, the entry list and the prize
//! list drawn from the same event.

use crate::support::console as console_common;

use std::collections::BTreeSet;

use bianpai::console::tables;
use bianpai::console::ui;
use bianpai::domain::Role;
use bianpai::domain::Round;
use bianpai::domain::rules::Lang;
use bianpai::export::{awards, roster, rows};
use console_common::{app_as, event, minutes};

fn heads(r: &bianpai::export::report::Report) -> BTreeSet<String> {
    r.tables
        .iter()
        .flat_map(|t| t.header.iter().cloned())
        .collect()
}

#[test]
fn console_columns_are_named_as_the_printouts_name_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "c.log", 8, 5, true);
    for lang in [Lang::Zh, Lang::En] {
        let app = app_as(&path, "li", Role::Head, lang, minutes(10));
        let t = app.log.state();
        let (after, standing) = rows::standings_for(t, None);
        let printed: BTreeSet<String> = [
            heads(&rows::pairings(t, Round(1), lang)),
            heads(&roster::clocks(t, Round(1), minutes(10), lang)),
            heads(&rows::standings(t, after, &standing, lang)),
            heads(&roster::players(t, lang)),
            heads(&awards::prizes_report(t, &standing, after.0, lang)),
        ]
        .into_iter()
        .flatten()
        .collect();
        let mut pairing = heads(&rows::pairings(t, Round(1), lang));
        pairing.extend(heads(&roster::clocks(t, Round(1), minutes(10), lang)));
        // The board rows: every head one of the pairing or clock sheet's.
        for h in app.s.board_cols {
            assert!(
                pairing.contains(h),
                "{lang:?}: board head {h} not in {pairing:?}"
            );
        }
        // Standings and players: every head one of the printouts'.
        let console: Vec<String> = [
            tables::standings_table(t, app.s),
            tables::players_table(t, app.s),
        ]
        .into_iter()
        .flat_map(|tb| tb.header)
        .filter(|h| !h.is_empty())
        .collect();
        for h in &console {
            assert!(
                printed.contains(h),
                "{lang:?}: console column {h} not in {printed:?}"
            );
        }
        // On screen at 160×48 (room for the full names), the heads are the printouts'.
        let screen = ui::render_text(&app, 160, 48);
        let head_line = screen
            .lines()
            .find(|l| l.contains(app.s.board_cols[2]) && l.contains(app.s.board_cols[7]))
            .unwrap_or_else(|| panic!("no head line:\n{screen}"));
        for h in app.s.board_cols {
            assert!(head_line.contains(h), "{h} not in {head_line}");
        }
    }
}

#[test]
fn two_columns_of_boards_still_fit_120_wide_with_the_short_heads() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "w.log", 80, 5, true);
    for lang in [Lang::Zh, Lang::En] {
        let app = app_as(&path, "li", Role::Head, lang, minutes(10));
        let screen = ui::render_text(&app, 120, 40);
        let short = app.s.board_cols_short;
        let head_line = screen
            .lines()
            .find(|l| l.contains(short[2]) && l.contains(short[7]))
            .unwrap_or_else(|| panic!("no head line:\n{screen}"));
        // Two columns of boards: each head appears twice.
        assert_eq!(head_line.matches(short[2]).count(), 2, "{head_line}");
    }
}
