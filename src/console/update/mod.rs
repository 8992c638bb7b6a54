//! `update(&mut App, Action)`: the one flow for every change (STYLE.md). An action moves the
//! input mode along or, once an entry is complete and confirmed, becomes a domain `Command`
//! given to the log; the records come back through `App::absorb` like another terminal's.

use chrono::DateTime;
use chrono::Utc;

use super::action::{Action, ResultKey, Screen};
use super::app::{App, Mode, Pending, Purpose, SideIntent};
use super::strings::fill;
use crate::domain::{Board, Command, GameResult};

mod entry;
mod prompts;
mod rounds;

use entry::{flag_entry, result_entry, side_chosen};
use prompts::prompt_done;
use rounds::{lot_key, round_moved_on, shown_round_step, start_key};

/// Applies one action at `now`.
pub fn update(app: &mut App, action: Action, now: DateTime<Utc>) {
    app.now = now;
    // A message belongs to the action that caused it: the next action clears it,
    // so a stale refusal never sits beside a new entry.
    app.message = None;
    let mode = std::mem::replace(&mut app.mode, Mode::Normal);
    let next = step(app, mode, action, now);
    // A reply that arrived during the step (an automatic advance refused) may have opened a
    // prompt of its own: a step that merely ended keeps it.
    if next != Mode::Normal || app.mode == Mode::Normal {
        app.mode = next;
    }
    if app.mode.digits().is_none() {
        app.entry_round = None;
    }
    if !super::decision::is_panel_mode(&app.mode) {
        app.pair_panel = None;
    }
}

fn step(app: &mut App, mode: Mode, action: Action, now: DateTime<Utc>) -> Mode {
    // An entry under way belongs to its round: once the round has changed, the next key
    // (other than Esc) ends it with the reason, and nothing is recorded.
    if mode.digits().is_some()
        && !matches!(action, Action::Cancel | Action::Quit)
        && round_moved_on(app)
    {
        return Mode::Normal;
    }
    match (mode, action) {
        (_, Action::Quit) => {
            app.quit = true;
            Mode::Normal
        }
        (_, Action::NotPermitted(deed)) => {
            let text = if app.role() == crate::domain::Role::Viewer {
                app.s.read_only.to_string()
            } else {
                fill(
                    app.s.not_permitted,
                    &[&app.s.role(app.role()), &app.s.deed(deed)],
                )
            };
            app.error(text);
            Mode::Normal
        }
        (_, Action::Cancel) => {
            app.info(app.s.cancelled.to_string());
            Mode::Normal
        }
        (Mode::Normal, Action::ToggleQr) => {
            app.qr = if app.qr.take().is_some() {
                None
            } else {
                Some(super::app::RoomPage::of(
                    app.log.path(),
                    &app.log.state().rules,
                ))
            };
            Mode::Normal
        }
        (Mode::Normal, Action::Show(s)) => {
            app.screen = s;
            Mode::Normal
        }
        (Mode::Normal, Action::NextScreen) => {
            app.screen = app.screen.next();
            Mode::Normal
        }
        (Mode::Normal, Action::PrevScreen) => {
            app.screen = app.screen.prev();
            Mode::Normal
        }
        (
            Mode::Normal,
            a @ (Action::ScrollUp
            | Action::ScrollDown
            | Action::PageUp
            | Action::PageDown
            | Action::Top
            | Action::Bottom),
        ) => {
            scroll(app, a);
            Mode::Normal
        }
        (Mode::Normal, Action::RoundBack | Action::RoundForward) => {
            shown_round_step(app, action == Action::RoundBack);
            Mode::Normal
        }
        (Mode::Normal, Action::Digit(d)) => {
            app.screen = Screen::Round;
            // The entry belongs to the round on screen now: the current round, or
            // the earlier one the head arbiter is looking at.
            app.entry_round = Some(
                app.shown_round
                    .unwrap_or_else(|| app.log.state().current_round()),
            );
            Mode::Board {
                digits: d.to_string(),
            }
        }
        (Mode::Board { mut digits }, Action::Digit(d)) => {
            if digits.len() < 4 {
                digits.push(char::from(b'0' + d));
            }
            Mode::Board { digits }
        }
        (Mode::Board { mut digits }, Action::Backspace) => {
            digits.pop();
            if digits.is_empty() {
                Mode::Normal
            } else {
                Mode::Board { digits }
            }
        }
        (
            Mode::Forfeit { digits }
            | Mode::Side { digits, .. }
            | Mode::FoulKind { digits, .. }
            | Mode::Ready { digits, .. },
            Action::Backspace,
        ) => Mode::Board { digits },
        (Mode::Board { digits }, Action::Result(k)) => {
            let result = match k {
                ResultKey::Red => GameResult::RedWin,
                ResultKey::Black => GameResult::BlackWin,
                ResultKey::Draw => GameResult::Draw,
            };
            result_entry(app, digits, result)
        }
        (Mode::Board { digits }, Action::Forfeit) => match board_of(app, &digits) {
            Some(_) => Mode::Forfeit { digits },
            None => Mode::Normal,
        },
        (Mode::Forfeit { digits }, Action::Result(k)) => {
            let result = match k {
                ResultKey::Red => GameResult::RedWinForfeit,
                ResultKey::Black => GameResult::BlackWinForfeit,
                ResultKey::Draw => GameResult::DoubleForfeit,
            };
            result_entry(app, digits, result)
        }
        (Mode::Forfeit { digits }, Action::Forfeit) => {
            result_entry(app, digits, GameResult::DoubleForfeit)
        }
        (Mode::Board { digits }, Action::Seat { present }) => match board_of(app, &digits) {
            Some(_) => Mode::Side {
                digits,
                intent: SideIntent::Seat { present },
            },
            None => Mode::Normal,
        },
        (Mode::Board { digits }, Action::Foul) => match board_of(app, &digits) {
            Some(_) => Mode::Side {
                digits,
                intent: SideIntent::Foul,
            },
            None => Mode::Normal,
        },
        (Mode::Side { digits, intent }, Action::Side(side)) => {
            side_chosen(app, digits, intent, side)
        }
        (Mode::FoulKind { digits, side }, Action::FoulKind(kind)) => {
            let Some(board) = board_of(app, &digits) else {
                return Mode::Normal;
            };
            let label = format!(
                "{} {} ({})",
                app.s.side(side),
                app.s.foul,
                app.s.foul_kind(kind)
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
        (Mode::Board { digits }, Action::Flag) => flag_entry(app, digits),
        (Mode::Board { digits }, Action::AcceptSigned) => match board_of(app, &digits) {
            Some(board) => super::signed::accept_entry(app, board),
            None => Mode::Normal,
        },
        (Mode::Normal, Action::AcceptSigned) => super::signed::accept_first(app),
        (Mode::Board { digits }, Action::MoveLimit) => match board_of(app, &digits) {
            Some(board) => Mode::Prompt {
                purpose: Purpose::MoveLimitNote { board },
                label: fill(app.s.prompt_note, &[&board]),
                text: String::new(),
            },
            None => Mode::Normal,
        },
        (Mode::Ready { pending, .. }, Action::Submit) => {
            submit(app, &pending);
            Mode::Normal
        }
        (Mode::Confirm { pending }, Action::Confirm) => {
            if matches!(pending.cmd, Command::RepairRound { .. }) {
                // The re-paired round's boards, not the preview of the round after it.
                app.screen = Screen::Round;
            }
            submit(app, &confirmed_now(pending, now));
            Mode::Normal
        }
        (
            Mode::Prompt {
                purpose: Purpose::PairChoice,
                ..
            },
            Action::Char(c),
        ) => super::decision::choose(app, c),
        (
            mode @ Mode::Prompt {
                purpose: Purpose::ColourChoice { .. },
                ..
            },
            Action::Char(c),
        ) => super::colour_keys::key(app, mode, c),
        // The lot is one key (`r` / `b`): the confirm step follows at once, so the `y` that
        // confirms it is never typed into the prompt.
        (
            Mode::Prompt {
                purpose: Purpose::Lot { board },
                ..
            },
            Action::Char(c),
        ) => prompt_done(app, Purpose::Lot { board }, &c.to_string()),
        (
            Mode::Prompt {
                purpose,
                label,
                mut text,
            },
            Action::Char(c),
        ) => {
            if text.chars().count() < 200 {
                text.push(c);
            }
            Mode::Prompt {
                purpose,
                label,
                text,
            }
        }
        (
            Mode::Prompt {
                purpose,
                label,
                mut text,
            },
            Action::Backspace,
        ) => {
            text.pop();
            Mode::Prompt {
                purpose,
                label,
                text,
            }
        }
        (Mode::Prompt { purpose, text, .. }, Action::Submit) => prompt_done(app, purpose, &text),
        (Mode::Normal, Action::PairNext) => {
            // A knockout match with level colour counts: its higher-ranked player chooses
            // first (seed 003 §2.2), then the confirm step.
            if Command::PairNextRound.allowed(app.role())
                && let Some(ask) = super::colour_keys::pair_key(app)
            {
                return ask;
            }
            let t = app.log.state();
            let next = crate::domain::Round(t.current_round().0 + 1);
            // Refused at once when the domain would refuse; else a confirm step, since
            // pairing publishes the round.
            if let Err(e) = t.decide(&app.actor, &Command::PairNextRound) {
                // No legal pairing: the head arbiter decides.
                if let Some((section, players)) = super::decision::unpairable(&e) {
                    return super::decision::open(app, section, players, Mode::Normal);
                }
                refuse(app, &e);
                return Mode::Normal;
            }
            Mode::Confirm {
                pending: Pending {
                    cmd: Command::PairNextRound,
                    label: fill(app.s.pair_what, &[&next]),
                },
            }
        }
        (Mode::Normal, Action::StartRound) => start_key(app, now),
        (Mode::Normal, Action::DrawLot) => lot_key(app),
        (Mode::Normal, Action::Repair) => super::boundary::repair_key(app),
        (Mode::Normal, Action::KeepPairing) => super::boundary::keep_key(app),
        (Mode::Normal, Action::Unpair) => {
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
        (Mode::Normal, Action::Lineup) => {
            if app.log.state().rules.format.team().is_none() {
                app.error(app.s.not_team_event.to_string());
                Mode::Normal
            } else {
                Mode::Prompt {
                    purpose: Purpose::LineupTeam,
                    label: app.s.prompt_lineup_team.to_string(),
                    text: String::new(),
                }
            }
        }
        (Mode::Normal, Action::Withdraw) => {
            app.screen = Screen::Players;
            Mode::Prompt {
                purpose: Purpose::WithdrawNo,
                label: app.s.prompt_withdraw_no.to_string(),
                text: String::new(),
            }
        }
        // Anything else leaves the mode as it was.
        (mode, _) => mode,
    }
}

/// Shows a refusal in the console's language.
fn refuse(app: &mut App, e: &crate::domain::Refusal) {
    let text = crate::i18n::refusal(e, app.lang, app.zone());
    app.error(fill(app.s.refused, &[&text]));
}

/// A confirmed start takes the time of the confirmation.
fn confirmed_now(pending: Pending, now: DateTime<Utc>) -> Pending {
    match pending.cmd {
        Command::StartRound { .. } => Pending {
            cmd: Command::StartRound { at: now },
            label: pending.label,
        },
        _ => pending,
    }
}

/// Gives a command and reports with `label` on success.
fn run(app: &mut App, cmd: &Command, label: Option<&str>) {
    // The outcome is reported when the log's worker answers: the label on success.
    app.execute_labelled(cmd, label);
}

fn submit(app: &mut App, pending: &Pending) {
    run(app, &pending.cmd, Some(&pending.label));
}

/// The board typed, if the entry's round has it; otherwise says so.
fn board_of(app: &mut App, digits: &str) -> Option<Board> {
    let t = app.log.state();
    let round = app.entry_round.unwrap_or_else(|| t.current_round());
    let n: u32 = digits.parse().unwrap_or(0);
    let board = Board(n);
    if t.round(round).and_then(|r| r.game(board)).is_some() {
        Some(board)
    } else {
        app.error(fill(app.s.unknown_board, &[&round, &digits]));
        None
    }
}

fn scroll(app: &mut App, a: Action) {
    let page = usize::from(app.viewport.1.saturating_sub(6)).max(1);
    let i = app.screen.index();
    let s = &mut app.scroll[i];
    *s = match a {
        Action::ScrollUp => s.saturating_sub(1),
        Action::ScrollDown => s.saturating_add(1),
        Action::PageUp => s.saturating_sub(page),
        Action::PageDown => s.saturating_add(page),
        Action::Top => 0,
        _ => usize::MAX / 2,
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::console::theme::Theme;
    use crate::domain::Side;
    use crate::domain::rules::Lang;
    use crate::domain::{Actor, Role, Rules};
    use crate::log::Log;
    use chrono::TimeZone;

    fn app(dir: &std::path::Path) -> App {
        let at = Utc.with_ymd_and_hms(2024, 7, 6, 1, 0, 0).unwrap();
        let path = dir.join("u.log");
        let mut rules = Rules::preset("qigu-2024-07").unwrap();
        rules.numbers_by_registration = true;
        let mut log = Log::create(&path, "U", rules, "u", at).unwrap();
        let actor = Actor {
            user: "u".into(),
            role: Role::Head,
        };
        for n in ["甲", "乙"] {
            let entry = crate::domain::PlayerEntry::named(n);
            log.execute(&actor, &Command::RegisterPlayer(entry), at)
                .unwrap();
        }
        log.execute(&actor, &Command::PairNextRound, at).unwrap();
        log.execute(&actor, &Command::StartRound { at }, at)
            .unwrap();
        let tz = chrono::FixedOffset::east_opt(0).unwrap();
        App::new(log, actor, Lang::En, Theme::named("dark").unwrap(), tz)
    }

    #[test]
    fn backspace_steps_back_to_the_board_number() {
        let dir = tempfile::tempdir().unwrap();
        let mut a = app(dir.path());
        let now = a.now;
        update(&mut a, Action::Digit(1), now);
        update(&mut a, Action::Result(ResultKey::Red), now);
        assert!(matches!(a.mode, Mode::Ready { .. }));
        update(&mut a, Action::Backspace, now);
        assert_eq!(a.mode, Mode::Board { digits: "1".into() });
        update(&mut a, Action::Backspace, now);
        assert_eq!(a.mode, Mode::Normal);
    }

    #[test]
    fn board_numbers_are_at_most_four_digits() {
        let dir = tempfile::tempdir().unwrap();
        let mut a = app(dir.path());
        let now = a.now;
        for d in [1, 2, 3, 4, 5, 6] {
            update(&mut a, Action::Digit(d), now);
        }
        assert_eq!(a.mode.digits(), Some("1234"));
    }

    #[test]
    fn a_foul_asks_for_side_then_kind() {
        let dir = tempfile::tempdir().unwrap();
        let mut a = app(dir.path());
        let now = a.now;
        update(&mut a, Action::Digit(1), now);
        update(&mut a, Action::Foul, now);
        assert!(matches!(
            a.mode,
            Mode::Side {
                intent: SideIntent::Foul,
                ..
            }
        ));
        update(&mut a, Action::Side(Side::Black), now);
        assert!(matches!(
            a.mode,
            Mode::FoulKind {
                side: Side::Black,
                ..
            }
        ));
        update(
            &mut a,
            Action::FoulKind(crate::domain::rules::FoulKind::Phone),
            now,
        );
        let Mode::Ready { pending, .. } = &a.mode else {
            panic!("not ready: {:?}", a.mode)
        };
        assert!(matches!(
            pending.cmd,
            Command::RecordFoul {
                side: Side::Black,
                kind: crate::domain::rules::FoulKind::Phone,
                ..
            }
        ));
        update(&mut a, Action::Submit, now);
        let g = a.log.state().current().unwrap().game(Board(1)).unwrap();
        assert_eq!(g.fouls.black.len(), 1);
    }
}
