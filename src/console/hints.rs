//! The decision that waits for the head arbiter, first in the footer: a round paired on an
//! old result (`v` / `R` / `K`), a knockout colour choice or a round to pair (`P`), an
//! armageddon lot (`L`). Computed here at `prepare`; the footer only draws it.

use super::app::App;
use crate::domain::{Role, Round};
use crate::i18n::screen::fill;

/// The keys of the decision waiting for this console's role, if any (the head arbiter's:
/// the organizer's footer lists `P` and `L` always, and the other roles decide nothing).
pub fn decision(app: &App) -> Option<String> {
    if app.role() != Role::Head || !app.can_write() {
        return None;
    }
    let s = app.s;
    let t = app.state();
    if let Some(r) = t.outdated_round() {
        return Some(if r.has_any_result() {
            fill(s.hint_decide_keep, &[&r.round])
        } else {
            fill(s.hint_decide_outdated, &[&r.round])
        });
    }
    let lot_due = t.current().is_some_and(|r| {
        r.games.iter().any(|g| {
            g.game == crate::domain::event::GameKind::Armageddon && !g.lot && g.result.is_none()
        })
    });
    if lot_due {
        return Some(s.hint_decide_lot.to_string());
    }
    let next = Round(t.current_round().0 + 1);
    let complete = t
        .current()
        .is_none_or(crate::domain::tournament::RoundState::is_complete);
    if complete && next.0 <= t.rules.rounds && !t.players.is_empty() {
        let choice = !crate::domain::colour_choice::due(t, next).is_empty();
        return Some(fill(
            if choice {
                s.hint_decide_choice
            } else {
                s.hint_decide_pair
            },
            &[&next],
        ));
    }
    None
}
