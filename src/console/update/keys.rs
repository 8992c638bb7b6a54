//! What a key does in each input mode of `update`: one function per mode (no entry under
//! way, a board number, a forfeit, a side or foul kind or entry waiting for Enter, a confirm
//! step, a prompt). A key a mode has no use for leaves the mode as it was.

use chrono::{DateTime, Utc};

use super::entry::{flag_entry, result_entry, side_chosen};
use super::prompts::prompt_done;
use super::rounds::{lot_key, shown_round_step, start_key};
use super::{board_of, confirmed_now, fill, refuse, scroll, submit};
use crate::console::action::{Action, ResultKey, Screen};
use crate::console::app::{App, Mode, Pending, Purpose, SideIntent};
use crate::domain::rules::FoulKind;
use crate::domain::{Command, GameResult, Side};

/// No entry under way: moving about the screens and rounds, or the first digit of a board.
pub(super) fn normal(app: &mut App, action: Action, now: DateTime<Utc>) -> Mode {
    match action {
        Action::ToggleQr => {
            app.qr = if app.qr.take().is_some() {
                None
            } else {
                Some(crate::console::app::RoomPage::of(
                    app.log.path(),
                    &app.log.state().rules,
                ))
            };
        }
        Action::Show(s) => app.screen = s,
        Action::AcknowledgeAuto => app.acknowledge_auto_acts(),
        Action::NextScreen => app.screen = app.screen.next(),
        Action::PrevScreen => app.screen = app.screen.prev(),
        a @ (Action::ScrollUp
        | Action::ScrollDown
        | Action::PageUp
        | Action::PageDown
        | Action::Top
        | Action::Bottom) => scroll(app, a),
        Action::RoundBack | Action::RoundForward => {
            shown_round_step(app, action == Action::RoundBack);
        }
        Action::Digit(d) => {
            app.screen = Screen::Round;
            // The entry belongs to the round on screen now: the current round, or
            // the earlier one the head arbiter is looking at.
            app.entry_round = Some(
                app.shown_round
                    .unwrap_or_else(|| app.log.state().current_round()),
            );
            return Mode::Board {
                digits: d.to_string(),
            };
        }
        other => return round_key(app, other, now),
    }
    Mode::Normal
}

/// No entry under way: a key that acts on the round (pair, start, lot, re-pair, keep,
/// unpair, a lineup, a withdrawal, a signed result accepted).
fn round_key(app: &mut App, action: Action, now: DateTime<Utc>) -> Mode {
    match action {
        Action::AcceptSigned => crate::console::signed::accept_first(app),
        Action::PairNext => pair_next(app),
        Action::StartRound => start_key(app, now),
        Action::DrawLot => lot_key(app),
        Action::Repair => crate::console::boundary::repair_key(app),
        Action::KeepPairing => crate::console::boundary::keep_key(app),
        Action::Unpair => {
            if let Some(r) = app.log.state().current() {
                Mode::Prompt {
                    purpose: Purpose::UnpairReason,
                    label: fill(app.s.prompt_unpair_reason, &[&r.round]),
                    text: String::new(),
                }
            } else {
                app.error(app.s.no_round.to_string());
                Mode::Normal
            }
        }
        Action::Lineup => {
            if app.log.state().rules.format.is_team() {
                Mode::Prompt {
                    purpose: Purpose::LineupTeam,
                    label: app.s.prompt_lineup_team.to_string(),
                    text: String::new(),
                }
            } else {
                app.error(app.s.not_team_event.to_string());
                Mode::Normal
            }
        }
        Action::Withdraw => {
            app.screen = Screen::Players;
            Mode::Prompt {
                purpose: Purpose::WithdrawNo,
                label: app.s.prompt_withdraw_no.to_string(),
                text: String::new(),
            }
        }
        // Anything else leaves the mode as it was.
        _ => Mode::Normal,
    }
}

/// `P`: pair the next round, refused at once where the domain would refuse.
fn pair_next(app: &mut App) -> Mode {
    // A knockout match with level colour counts: its higher-ranked player chooses
    // first (seed 003 §2.2), then the confirm step.
    if Command::PairNextRound.allowed(app.role())
        && let Some(ask) = crate::console::colour_keys::pair_key(app)
    {
        return ask;
    }
    let t = app.log.state();
    let next = crate::domain::Round(t.current_round().0 + 1);
    // Refused at once when the domain would refuse; else a confirm step, since
    // pairing publishes the round.
    if let Err(e) = t.decide(&app.actor, &Command::PairNextRound) {
        // No legal pairing: the head arbiter decides.
        if let Some((section, players)) = crate::console::decision::unpairable(&e) {
            return crate::console::decision::open(app, section, players, Mode::Normal);
        }
        refuse(app, &e);
        return Mode::Normal;
    }
    // The boards to be paired on screen before `y` (round 1 too): the preview.
    app.screen = Screen::Preview;
    Mode::Confirm {
        pending: Pending {
            cmd: Command::PairNextRound,
            label: fill(app.s.pair_what, &[&next]),
        },
    }
}

/// A board number being typed: more digits, or what is to happen on that board.
pub(super) fn board(app: &mut App, mut digits: String, action: Action) -> Mode {
    match action {
        Action::Digit(d) => {
            if digits.len() < 4 {
                digits.push(char::from(b'0' + d));
            }
            Mode::Board { digits }
        }
        Action::Backspace => {
            digits.pop();
            if digits.is_empty() {
                Mode::Normal
            } else {
                Mode::Board { digits }
            }
        }
        Action::Result(k) => {
            let result = match k {
                ResultKey::Red => GameResult::RedWin,
                ResultKey::Black => GameResult::BlackWin,
                ResultKey::Draw => GameResult::Draw,
            };
            result_entry(app, digits, result)
        }
        Action::Forfeit => match board_of(app, &digits) {
            Some(_) => Mode::Forfeit { digits },
            None => Mode::Normal,
        },
        Action::Seat { present } => match board_of(app, &digits) {
            Some(_) => Mode::Side {
                digits,
                intent: SideIntent::Seat { present },
            },
            None => Mode::Normal,
        },
        Action::Foul => match board_of(app, &digits) {
            Some(_) => Mode::Side {
                digits,
                intent: SideIntent::Foul,
            },
            None => Mode::Normal,
        },
        Action::Flag => flag_entry(app, digits),
        Action::AcceptSigned => match board_of(app, &digits) {
            Some(board) => crate::console::signed::accept_entry(app, board),
            None => Mode::Normal,
        },
        Action::UnlockReports => match board_of(app, &digits) {
            Some(board) => crate::console::signed::unlock_entry(app, board),
            None => Mode::Normal,
        },
        Action::MoveLimit => match board_of(app, &digits) {
            Some(board) => Mode::Prompt {
                purpose: Purpose::MoveLimitNote { board },
                label: fill(app.s.prompt_note, &[&board]),
                text: String::new(),
            },
            None => Mode::Normal,
        },
        _ => Mode::Board { digits },
    }
}

/// `f` after a board number: which side wins by forfeit (`f` again: both lose).
pub(super) fn forfeit(app: &mut App, digits: String, action: Action) -> Mode {
    match action {
        Action::Backspace => Mode::Board { digits },
        Action::Result(k) => {
            let result = match k {
                ResultKey::Red => GameResult::RedWinForfeit,
                ResultKey::Black => GameResult::BlackWinForfeit,
                ResultKey::Draw => GameResult::DoubleForfeit,
            };
            result_entry(app, digits, result)
        }
        Action::Forfeit => result_entry(app, digits, GameResult::DoubleForfeit),
        _ => Mode::Forfeit { digits },
    }
}

/// A seat, a foul or a time loss asks which side.
pub(super) fn side(app: &mut App, digits: String, intent: SideIntent, action: Action) -> Mode {
    match action {
        Action::Backspace => Mode::Board { digits },
        Action::Side(side) => side_chosen(app, digits, intent, side),
        _ => Mode::Side { digits, intent },
    }
}

/// A foul's side is known: which kind of foul (1–5).
pub(super) fn foul_kind(app: &mut App, digits: String, side: Side, action: Action) -> Mode {
    match action {
        Action::Backspace => Mode::Board { digits },
        Action::FoulKind(kind) => foul_ready(app, digits, side, kind),
        _ => Mode::FoulKind { digits, side },
    }
}

/// The foul entry complete, waiting for Enter.
fn foul_ready(app: &mut App, digits: String, side: Side, kind: FoulKind) -> Mode {
    let Some(board) = board_of(app, &digits) else {
        return Mode::Normal;
    };
    let label = fill(
        app.s.foul_what,
        &[&app.s.side(side), &app.s.foul_kind(kind)],
    );
    Mode::Ready {
        digits,
        pending: Pending {
            cmd: Command::RecordFoul {
                round: app.entry_round,
                board,
                side,
                kind,
            },
            label,
        },
    }
}

/// An entry complete: Enter records it.
pub(super) fn ready(app: &mut App, digits: String, pending: Pending, action: Action) -> Mode {
    match action {
        Action::Backspace => Mode::Board { digits },
        Action::Submit => {
            submit(app, &pending);
            Mode::Normal
        }
        _ => Mode::Ready { digits, pending },
    }
}

/// A confirm step: `y` carries the command out.
pub(super) fn confirm(app: &mut App, pending: Pending, action: Action, now: DateTime<Utc>) -> Mode {
    if action != Action::Confirm {
        return Mode::Confirm { pending };
    }
    if matches!(
        pending.cmd,
        Command::RepairRound { .. } | Command::PairNextRound | Command::PairNextRoundWith { .. }
    ) {
        // The round just paired, not the preview of the round after it.
        app.screen = Screen::Round;
    }
    submit(app, &confirmed_now(pending, now));
    Mode::Normal
}

/// A prompt: a one-key answer (a pairing choice, a colour choice, a lot), or text typed up
/// to Enter.
pub(super) fn prompt(app: &mut App, mode: Mode, action: Action) -> Mode {
    let Mode::Prompt {
        purpose,
        label,
        mut text,
    } = mode
    else {
        return mode;
    };
    match (purpose, action) {
        (Purpose::PairChoice, Action::Char(c)) => crate::console::decision::choose(app, c),
        (purpose @ Purpose::ColourChoice { .. }, Action::Char(c)) => {
            let mode = Mode::Prompt {
                purpose,
                label,
                text,
            };
            crate::console::colour_keys::key(app, mode, c)
        }
        // The lot is one key (`r` / `b`): the confirm step follows at once, so the `y` that
        // confirms it is never typed into the prompt.
        (Purpose::Lot { board }, Action::Char(c)) => {
            prompt_done(app, Purpose::Lot { board }, &c.to_string())
        }
        // The override of the players' signatures takes its own key, `!`, then `y`.
        (Purpose::OverrideSignatures { pending }, Action::Char('!')) => Mode::Confirm { pending },
        (purpose @ Purpose::OverrideSignatures { .. }, _) => Mode::Prompt {
            purpose,
            label,
            text,
        },
        (purpose, Action::Char(c)) => {
            if text.chars().count() < 200 {
                text.push(c);
            }
            Mode::Prompt {
                purpose,
                label,
                text,
            }
        }
        (purpose, Action::Backspace) => {
            text.pop();
            Mode::Prompt {
                purpose,
                label,
                text,
            }
        }
        (purpose, Action::Submit) => prompt_done(app, purpose, &text),
        (purpose, _) => Mode::Prompt {
            purpose,
            label,
            text,
        },
    }
}
