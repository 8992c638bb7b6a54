//! The help screen at 80×24 (docs/keys.md): for every role, in Chinese and English, every key
//! stands on a row with the first word of what it does, and every word of it is whole (a
//! first column's words too long for it go on under them), none cut at a column's edge.

use crate::support::console as console_common;

use bianpai::console::action::{Deed, Screen};
use bianpai::console::keymap::help_for;
use bianpai::console::ui;
use bianpai::domain::Role;
use bianpai::domain::rules::Lang;
use console_common::{app_as, event, minutes};

#[test]
fn every_help_word_is_whole_at_80_columns() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "h.log", 8, 5, true);
    for lang in [Lang::Zh, Lang::En] {
        for role in [Role::Head, Role::Assistant, Role::Organizer, Role::Viewer] {
            let mut app = app_as(&path, "li", role, lang, minutes(10));
            app.screen = Screen::Help;
            let screen = ui::render_text(&app, 80, 24);
            // The keys' rows: under the tabs and the title, down to the first empty line.
            let rows: Vec<&str> = screen
                .lines()
                .skip(2)
                .take_while(|l| !l.is_empty())
                .collect();
            for b in help_for(role)
                .into_iter()
                .filter(|b| b.deed != Deed::Lineup)
            {
                let (key, what) = (b.key.label(), app.s.deed(b.deed));
                let first = what.split_whitespace().next().unwrap();
                assert!(
                    rows.iter().any(|l| l.contains(&key) && l.contains(first)),
                    "{lang:?} {role:?}: {key} {what} not on one row:\n{screen}"
                );
                for word in what.split_whitespace() {
                    assert!(
                        rows.iter().any(|l| l.split_whitespace().any(|w| w == word)),
                        "{lang:?} {role:?}: {word} of {what} cut:\n{screen}"
                    );
                }
            }
        }
    }
}
