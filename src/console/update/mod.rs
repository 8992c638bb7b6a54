//! `update(&mut App, Action)`: the one flow for every change (STYLE.md). An action moves the
//! input mode along or, once an entry is complete and confirmed, becomes a domain `Command`
//! given to the log; the records come back through `App::absorb` like another terminal's.

use chrono::DateTime;
use chrono::Utc;

use super::action::{Action, Deed};
use super::app::{App, Mode, Pending};
use crate::domain::{Board, Command};
use crate::i18n::screen::fill;

mod entry;
mod keys;
mod prompts;
mod rounds;

use rounds::round_moved_on;

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
    match action {
        Action::Quit => {
            app.quit = true;
            return Mode::Normal;
        }
        Action::NotPermitted(deed) => {
            not_permitted(app, deed);
            return Mode::Normal;
        }
        Action::Cancel => {
            app.info(app.s.cancelled.to_string());
            return Mode::Normal;
        }
        _ => {}
    }
    match mode {
        Mode::Normal => keys::normal(app, action, now),
        Mode::Board { digits } => keys::board(app, digits, action),
        Mode::Forfeit { digits } => keys::forfeit(app, digits, action),
        Mode::Side { digits, intent } => keys::side(app, digits, intent, action),
        Mode::FoulKind { digits, side } => keys::foul_kind(app, digits, side, action),
        Mode::Ready { digits, pending } => keys::ready(app, digits, pending, action),
        Mode::Confirm { pending } => keys::confirm(app, pending, action, now),
        prompt @ Mode::Prompt { .. } => keys::prompt(app, prompt, action),
    }
}

/// A key this role may not use: says so (a viewer only reads).
fn not_permitted(app: &mut App, deed: Deed) {
    let text = if app.role() == crate::domain::Role::Viewer {
        app.s.read_only.to_string()
    } else {
        fill(
            app.s.not_permitted,
            &[&app.s.role(app.role()), &app.s.deed(deed)],
        )
    };
    app.error(text);
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
    use crate::console::action::ResultKey;
    use crate::console::app::SideIntent;
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
