//! `update(&mut App, Action)`: the one flow for every change (STYLE.md). An action moves the
//! input mode along or, once an entry is complete and confirmed, becomes a domain `Command`
//! given to the log; the records come back through `App::absorb` like another terminal's.

use chrono::DateTime;
use chrono::Utc;

use super::action::{Action, ResultKey, Screen};
use super::app::{App, Mode, Pending, Purpose, SideIntent};
use super::strings::fill;
use crate::domain::tournament::Status;
use crate::domain::{Board, Command, GameResult, PlayerNo, Side};

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

/// `[` / `]`: the round screen shows the round before (down to round 1) or after the one
/// shown; past the last earlier round it follows the current round again.
fn shown_round_step(app: &mut App, back: bool) {
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
fn round_moved_on(app: &mut App) -> bool {
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

/// `S`: start the round (with a confirm step); on a started round the head arbiter corrects
/// the start time instead (a time, then a reason, then a confirm step).
fn start_key(app: &mut App, _now: DateTime<Utc>) -> Mode {
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
fn lot_key(app: &mut App) -> Mode {
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
fn lot_prompt(app: &App, board: Board) -> Mode {
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

fn result_entry(app: &mut App, digits: String, result: GameResult) -> Mode {
    let Some(board) = board_of(app, &digits) else {
        return Mode::Normal;
    };
    let round = app.entry_round;
    let existing = app
        .log
        .state()
        .round(round.unwrap_or_else(|| app.log.state().current_round()))
        .and_then(|r| r.game(board))
        .and_then(|g| g.result);
    let in_round = round.unwrap_or_else(|| app.log.state().current_round());
    if existing.is_none()
        && let Some(g) = app.log.state().game(in_round, board)
        && let Err(e) = crate::domain::decide_lot_first(g, in_round)
    {
        // The armageddon's lot comes first: refused at once, with the way forward.
        refuse(app, &e);
        return Mode::Normal;
    }
    match existing {
        None => Mode::Ready {
            digits,
            pending: Pending {
                cmd: Command::RecordResult {
                    round,
                    board,
                    result,
                    correct: None,
                },
                label: app.s.result(result).to_string(),
            },
        },
        Some(old) if old == result => {
            // No no-op correction: the board already has this result.
            app.error(fill(app.s.has_result_head, &[&board, &app.s.result(old)]));
            Mode::Normal
        }
        Some(old) if app.role() == crate::domain::Role::Head => Mode::Prompt {
            purpose: Purpose::CorrectReason {
                round: in_round,
                board,
                result,
                old,
            },
            label: fill(
                app.s.prompt_reason,
                &[&in_round, &board, &app.s.result(old), &app.s.result(result)],
            ),
            text: String::new(),
        },
        Some(old) => {
            app.error(fill(app.s.has_result, &[&board, &app.s.result(old)]));
            Mode::Normal
        }
    }
}

fn side_chosen(app: &mut App, digits: String, intent: SideIntent, side: Side) -> Mode {
    let Some(board) = board_of(app, &digits) else {
        return Mode::Normal;
    };
    match intent {
        SideIntent::Foul => Mode::FoulKind { digits, side },
        SideIntent::Time => super::floor_keys::time_side(app, board, side),
        SideIntent::Seat { present } => {
            let what = if present { app.s.arrived } else { app.s.absent };
            Mode::Ready {
                digits,
                pending: Pending {
                    cmd: Command::MarkSeat {
                        round: app.entry_round,
                        board,
                        side,
                        present,
                        at: app.now,
                        reverse_reason: None,
                    },
                    label: format!("{} {what}", app.s.side(side)),
                },
            }
        }
    }
}

/// `t`: confirm a fallen flag as a time loss for the side whose time ran out.
fn flag_entry(app: &mut App, digits: String) -> Mode {
    let Some(board) = board_of(app, &digits) else {
        return Mode::Normal;
    };
    let now = app.now;
    let game = app.log.state().current().and_then(|r| r.game(board));
    if let Some(g) = game
        && g.result.is_none()
        && g.clock.is_none()
    {
        // No clock data (a clock that sends nothing): the arbiter saw the flag.
        return super::floor_keys::time_entry(digits);
    }
    let fallen = game
        .filter(|g| g.result.is_none())
        .and_then(|g| g.clock.as_ref())
        .and_then(|c| c.read(now).flag);
    if let Some(side) = fallen {
        Mode::Ready {
            digits,
            pending: Pending {
                cmd: Command::ConfirmFlag {
                    board,
                    side,
                    at: now,
                },
                label: format!(
                    "{} {} → {}",
                    app.s.side(side),
                    app.s.flag,
                    app.s.result(GameResult::win_for(side.other(), false))
                ),
            },
        }
    } else {
        app.error(fill(app.s.no_flag, &[&board]));
        Mode::Normal
    }
}

fn prompt_done(app: &mut App, purpose: Purpose, text: &str) -> Mode {
    let text = text.trim().to_string();
    match purpose {
        // One key answers (r / b): Enter alone chooses nothing, the question stays.
        Purpose::ColourChoice { round, due, red } => super::colour_keys::ask(app, round, due, red),
        Purpose::CorrectReason {
            round,
            board,
            result,
            old,
        } => {
            if text.is_empty() {
                return Mode::Prompt {
                    label: fill(
                        app.s.prompt_reason,
                        &[&round, &board, &app.s.result(old), &app.s.result(result)],
                    ),
                    purpose,
                    text,
                };
            }
            let label = fill(
                app.s.correct_what,
                &[
                    &round,
                    &board,
                    &app.s.result(old),
                    &app.s.result(result),
                    &text,
                ],
            );
            Mode::Confirm {
                pending: Pending {
                    // The round the board was typed in: an earlier one shown with `[`, or the
                    // current one, whatever is paired meanwhile.
                    cmd: Command::RecordResult {
                        round: Some(round),
                        board,
                        result,
                        correct: Some(text),
                    },
                    label,
                },
            }
        }
        Purpose::MoveLimitNote { board } => {
            if !text.is_empty() {
                let label = format!("{}: {text}", app.s.limit);
                run(
                    app,
                    &Command::NoteMoveLimit { board, note: text },
                    Some(&label),
                );
            }
            Mode::Normal
        }
        Purpose::WithdrawNo => {
            let no = PlayerNo(text.parse().unwrap_or(0));
            match app.log.state().player(no) {
                Some(p) if p.status == Status::Active => Mode::Prompt {
                    label: fill(app.s.prompt_withdraw_reason, &[&no, &p.entry.name]),
                    purpose: Purpose::WithdrawReason { no },
                    text: String::new(),
                },
                Some(_) | None => {
                    app.error(fill(app.s.unknown_player, &[&text]));
                    Mode::Normal
                }
            }
        }
        Purpose::LineupTeam => {
            let t = app.log.state();
            if let Some(team) = t.team_event.find(&text) {
                let order: Vec<String> = team.roster().map(|n| n.to_string()).collect();
                Mode::Prompt {
                    label: fill(
                        app.s.prompt_lineup_players,
                        &[
                            &team.name,
                            &crate::domain::team::lineup::next_round(t),
                            &order.join(","),
                        ],
                    ),
                    purpose: Purpose::LineupPlayers { team: team.no },
                    text: String::new(),
                }
            } else {
                app.error(fill(app.s.unknown_team, &[&text]));
                Mode::Normal
            }
        }
        Purpose::LineupPlayers { team } => {
            match crate::domain::team::lineup::parse_numbers(&text) {
                Ok(players) => run(
                    app,
                    &Command::SubmitLineup {
                        round: None,
                        team,
                        players,
                    },
                    None,
                ),
                Err(p) => app.error(fill(app.s.bad_numbers, &[&p])),
            }
            Mode::Normal
        }
        Purpose::WithdrawReason { no } => {
            let name = app
                .log
                .state()
                .player(no)
                .map_or(String::new(), |p| p.entry.name.clone());
            Mode::Confirm {
                pending: Pending {
                    cmd: Command::WithdrawPlayer { no, reason: text },
                    label: fill(app.s.withdraw_what, &[&no, &name]),
                },
            }
        }
        Purpose::StartTime => {
            let round = app.log.state().current_round();
            let Some(at) = start_time(app, &text) else {
                app.error(fill(app.s.bad_time, &[&text]));
                return Mode::Normal;
            };
            Mode::Prompt {
                label: fill(
                    app.s.prompt_start_reason,
                    &[&round, &app.zone().format(at, "%H:%M:%S")],
                ),
                purpose: Purpose::StartReason { at },
                text: String::new(),
            }
        }
        Purpose::StartReason { at } => {
            if text.is_empty() {
                app.error(app.s.reason_needed.to_string());
                return Mode::Normal;
            }
            let round = app.log.state().current_round();
            Mode::Confirm {
                pending: Pending {
                    label: fill(
                        app.s.correct_start_what,
                        &[&round, &app.zone().format(at, "%H:%M:%S"), &text],
                    ),
                    cmd: Command::CorrectStart { at, reason: text },
                },
            }
        }
        Purpose::Lot { board } => {
            let higher = match text.to_lowercase().as_str() {
                "r" | "red" | "红" | "红方" => crate::domain::Side::Red,
                "b" | "black" | "黑" | "黑方" => crate::domain::Side::Black,
                _ => {
                    // Another key: said, and the question stays.
                    app.error(fill(app.s.bad_lot, &[&text]));
                    return lot_prompt(app, board);
                }
            };
            Mode::Confirm {
                pending: Pending {
                    label: fill(app.s.lot_what, &[&board, &app.s.side(higher)]),
                    cmd: Command::DrawLot {
                        board: Some(board),
                        higher,
                    },
                },
            }
        }
        Purpose::PairChoice
        | Purpose::RelaxReason
        | Purpose::ManualPairs
        | Purpose::ManualBye
        | Purpose::ManualReason => super::decision::submit(app, purpose, text),
        Purpose::KeepReason => super::boundary::keep_reason_done(app, text),
        Purpose::UnpairReason => {
            let round = app.log.state().current_round();
            Mode::Confirm {
                pending: Pending {
                    cmd: Command::UnpairRound { reason: text },
                    label: fill(app.s.unpair_what, &[&round]),
                },
            }
        }
    }
}

/// A start time typed as `HH:MM` or `HH:MM:SS` on the round's day, or a full local time, in
/// the event's zone.
fn start_time(app: &App, text: &str) -> Option<DateTime<Utc>> {
    let zone = app.zone();
    if let Ok(t) = zone.parse_time(text) {
        return Some(t);
    }
    let time = chrono::NaiveTime::parse_from_str(text, "%H:%M:%S")
        .or_else(|_| chrono::NaiveTime::parse_from_str(text, "%H:%M"))
        .ok()?;
    let started = app.log.state().current()?.started_at?;
    let day = zone.local(started).date_naive();
    zone.from_local(day.and_time(time))
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
