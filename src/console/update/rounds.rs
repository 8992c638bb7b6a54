//! The round keys of `update`: which round the round screen shows (`[` / `]`), an entry
//! that outlived its round, the start (`S`) and the armageddon lot (`L`).

use chrono::{DateTime, Utc};

use super::fill;
use crate::console::action::Screen;
use crate::console::app::{App, Mode, Pending, Purpose};
use crate::domain::{Board, Command};

/// `[` / `]`: the round screen shows the round before (down to round 1) or after the one
/// shown; past the last earlier round it follows the current round again.
pub(super) fn shown_round_step(app: &mut App, back: bool) {
    app.screen = Screen::Round;
    let current = app.log.state().current_round();
    let shown = app.shown_round.unwrap_or(current);
    let next = if back {
        crate::domain::Round(shown.0.saturating_sub(1).max(1))
    } else {
        crate::domain::Round(shown.0 + 1)
    };
    app.shown_round = (next < current).then_some(next);
    app.scroll[Screen::Round.index()] = 0;
}

/// Whether the round changed since the entry's first digit; if so, says so naming both
/// rounds, and nothing is recorded. An entry on an earlier round shown with `[` belongs to
/// that round by choice.
pub(super) fn round_moved_on(app: &mut App) -> bool {
    let current = app.log.state().current_round();
    if app.shown_round.is_some() {
        return false;
    }
    match app.entry_round {
        Some(typed) if typed != current => {
            let why = crate::domain::Refusal::RoundChanged { typed, current };
            let text = crate::i18n::refusal(&why, app.lang, app.zone());
            app.error(fill(app.s.refused, &[&text]));
            true
        }
        _ => false,
    }
}

/// `S`: start the round (with a confirm step); on a started round the head arbiter corrects
/// the start time instead (a time, then a reason, then a confirm step).
pub(super) fn start_key(app: &mut App, _now: DateTime<Utc>) -> Mode {
    let t = app.log.state();
    let Some(r) = t.current() else {
        app.error(app.s.no_round.to_string());
        return Mode::Normal;
    };
    let round = r.round;
    match r.started_at {
        None if !Command::StartRound { at: app.now }.allowed(app.role()) => {
            let deed = crate::console::action::Deed::Start;
            let text = fill(
                app.s.not_permitted,
                &[&app.s.role(app.role()), &app.s.deed(deed)],
            );
            app.error(text);
            Mode::Normal
        }
        None => Mode::Confirm {
            pending: Pending {
                cmd: Command::StartRound { at: app.now },
                label: fill(app.s.start_what, &[&round]),
            },
        },
        // An event that is over offers no start correction (its last round is done).
        Some(_) if r.is_complete() && round.0 >= t.rules.rounds => {
            app.error(app.s.event_over.to_string());
            Mode::Normal
        }
        Some(at) if app.role() == crate::domain::Role::Head => Mode::Prompt {
            purpose: Purpose::StartTime,
            label: fill(
                app.s.prompt_start_time,
                &[&round, &app.zone().format(at, "%H:%M:%S")],
            ),
            text: String::new(),
        },
        Some(at) => {
            let why = crate::domain::Refusal::AlreadyStarted { round, at };
            let text = crate::i18n::refusal(&why, app.lang, app.zone());
            app.error(fill(app.s.refused, &[&text]));
            Mode::Normal
        }
    }
}

/// `L`: the armageddon colour lot drawn in the hall, entered by hand.
pub(super) fn lot_key(app: &mut App) -> Mode {
    let due = app.log.state().lots_due();
    let Some(&(board, _, _)) = due.first() else {
        let why = crate::domain::Refusal::NoLotDue(app.log.state().current_round());
        let text = crate::i18n::refusal(&why, app.lang, app.zone());
        app.error(fill(app.s.refused, &[&text]));
        return Mode::Normal;
    };
    lot_prompt(app, board)
}

/// The lot's question for `board`: the colour its higher-ranked player drew, one key.
pub(super) fn lot_prompt(app: &App, board: Board) -> Mode {
    let t = app.log.state();
    let hi = t
        .lots_due()
        .iter()
        .find(|(b, ..)| *b == board)
        .map(|&(_, hi, _)| hi);
    let Some(hi) = hi else {
        return Mode::Normal;
    };
    let name = t.player(hi).map_or(String::new(), |p| p.entry.name.clone());
    Mode::Prompt {
        purpose: Purpose::Lot { board },
        label: fill(app.s.prompt_lot, &[&board, &hi, &name]),
        text: String::new(),
    }
}
