//! A correction across a round boundary in the console: the banner that names the
//! round paired on the old result, the head arbiter's `R` (re-pair, after a confirm step; the
//! preview screen `v` shows what changes) and `K` (keep it, with a reason). Nothing re-pairs by
//! itself: the automatic advance leaves a discarded round to the head arbiter (`domain::repair`).

use super::app::{App, Mode, Pending, Purpose};
use super::tables::Table;
use crate::domain::event::Event;
use crate::domain::repair::RepairPreview;
use crate::domain::{Command, Role, Tournament};
use crate::i18n::screen::{Strings, fill};
use crate::log::Record;

/// After records arrive: a correction that outdated the current round is announced, with the
/// head arbiter's way forward.
pub fn notice_outdated(app: &mut App, recs: &[Record]) {
    let Some((round, corrected, board)) = recs.iter().rev().find_map(|r| match &r.ev {
        Event::PairingOutdated {
            round,
            corrected_round,
            board,
        } => Some((*round, *corrected_round, *board)),
        _ => None,
    }) else {
        return;
    };
    let s = app.s;
    let head = app.role() == Role::Head;
    let results = app
        .state()
        .round(round)
        .is_some_and(crate::domain::tournament::RoundState::has_any_result);
    let keys = match (head, results) {
        (true, false) => s.outdated_keys_repair,
        (true, true) => s.outdated_keys_keep,
        (false, _) => s.outdated_others,
    };
    let text = format!(
        "{}{keys}",
        fill(s.n_outdated, &[&round, &corrected, &board])
    );
    app.notify(text);
}

/// The header's note while the current round rests on an old result (drawn as pending, not
/// as an error): it stays until the round is re-paired or kept.
pub fn header_note(app: &App) -> Option<(String, bool)> {
    let r = app.state().outdated_round()?;
    Some((fill(app.s.hdr_outdated, &[&r.round]), false))
}

/// `R`: re-pair the outdated round on the corrected results, after a confirm step whose label
/// says how many boards change.
pub fn repair_key(app: &mut App) -> Mode {
    let t = app.state();
    let preview = match t.repair_preview() {
        Some(Ok(p)) => p,
        Some(Err(e)) => {
            refuse(app, &e);
            return Mode::Normal;
        }
        None => {
            // Say why: nothing outdated, or results already in.
            let why = t
                .decide(
                    &app.actor,
                    &Command::RepairRound {
                        reason: String::new(),
                    },
                )
                .err();
            if let Some(e) = why {
                refuse(app, &e);
            }
            return Mode::Normal;
        }
    };
    let (cr, cb) = preview
        .corrected
        .first()
        .copied()
        .unwrap_or((preview.round, crate::domain::Board(0)));
    let s = app.s;
    app.screen = super::action::Screen::Preview;
    Mode::Confirm {
        pending: Pending {
            cmd: Command::RepairRound {
                reason: fill(s.repair_reason, &[&cr, &cb]),
            },
            label: fill(
                s.repair_what,
                &[
                    &preview.round,
                    &preview.removed.len(),
                    &preview.added.len(),
                    &preview.moved.len(),
                ],
            ),
        },
    }
}

/// `K`: keep the outdated round's pairing; asks for the reason.
pub fn keep_key(app: &mut App) -> Mode {
    let t = app.state();
    if let Some(r) = t.outdated_round() {
        Mode::Prompt {
            purpose: Purpose::KeepReason,
            label: fill(app.s.prompt_keep_reason, &[&r.round]),
            text: String::new(),
        }
    } else {
        let e = crate::domain::Refusal::NotOutdated(t.current_round());
        refuse(app, &e);
        Mode::Normal
    }
}

/// The reason typed for `K`: a confirm step, then the decision is recorded.
pub fn keep_reason_done(app: &mut App, text: String) -> Mode {
    let round = app.state().current_round();
    if text.is_empty() {
        app.error(app.s.reason_needed.to_string());
        return Mode::Normal;
    }
    Mode::Confirm {
        pending: Pending {
            label: fill(app.s.keep_what, &[&round, &text]),
            cmd: Command::KeepPairing { reason: text },
        },
    }
}

fn refuse(app: &mut App, e: &crate::domain::Refusal) {
    let text = crate::i18n::refusal(e, app.lang, app.zone());
    app.error(fill(app.s.refused, &[&text]));
}

/// The preview screen while a round is outdated: what a re-pair would change, line for line
/// as `bianpai pair LOG --preview` prints it (取消 / 新增 / 移台, the bye, 编排不变), never the
/// whole new pairing.
pub fn repair_table(t: &Tournament, s: &Strings, p: &RepairPreview) -> Table {
    let notes = crate::i18n::boundary::preview_lines(t, p, s.lang());
    Table {
        title: fill(s.repair_title, &[&p.round]),
        notes,
        ..Table::default()
    }
}
