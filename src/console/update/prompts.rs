//! A prompt's Enter in `update`: the text typed (a reason, a player or team, a time, a lot)
//! becomes the next prompt, a confirm step, or a command.

use chrono::{DateTime, Utc};

use super::rounds::lot_prompt;
use super::{fill, run};
use crate::console::app::{App, Mode, Pending, Purpose};
use crate::domain::tournament::Status;
use crate::domain::{Board, Command, GameResult, PlayerNo, Round, TeamNo};

/// Enter on a prompt: what `text` answers depends on what the prompt asked.
pub(super) fn prompt_done(app: &mut App, purpose: Purpose, text: &str) -> Mode {
    let text = text.trim().to_string();
    match purpose {
        // One key answers (r / b): Enter alone chooses nothing, the question stays.
        Purpose::ColourChoice { round, due, red } => {
            crate::console::colour_keys::ask(app, round, due, red)
        }
        Purpose::CorrectReason {
            round,
            board,
            result,
            old,
        } => correct_reason(app, round, board, (old, result), text),
        Purpose::MoveLimitNote { board } => {
            move_limit_note(app, board, text);
            Mode::Normal
        }
        Purpose::WithdrawNo => withdraw_no(app, &text),
        Purpose::LineupTeam => lineup_team(app, &text),
        Purpose::LineupPlayers { team } => {
            lineup_players(app, team, &text);
            Mode::Normal
        }
        Purpose::WithdrawReason { no } => withdraw_reason(app, no, text),
        Purpose::StartTime => start_time_typed(app, &text),
        Purpose::StartReason { at } => start_reason(app, at, text),
        Purpose::Lot { board } => lot_answer(app, board, &text),
        Purpose::PairChoice
        | Purpose::RelaxReason
        | Purpose::ManualPairs
        | Purpose::ManualBye
        | Purpose::ManualReason => crate::console::decision::submit(app, purpose, text),
        Purpose::KeepReason => crate::console::boundary::keep_reason_done(app, text),
        // Enter is not the override's key: the question stays.
        purpose @ Purpose::OverrideSignatures { .. } => Mode::Prompt {
            label: crate::console::signed::override_label(app, &purpose),
            purpose,
            text: String::new(),
        },
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

/// The reason for correcting board `board` of `round` from `old` to `result`: none asks
/// again; one gives the confirm step.
fn correct_reason(
    app: &App,
    round: Round,
    board: Board,
    (old, result): (GameResult, GameResult),
    text: String,
) -> Mode {
    if text.is_empty() {
        return Mode::Prompt {
            label: fill(
                app.s.prompt_reason,
                &[&round, &board, &app.s.result(old), &app.s.result(result)],
            ),
            purpose: Purpose::CorrectReason {
                round,
                board,
                result,
                old,
            },
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
    if let Some(mode) =
        crate::console::signed::override_step(app, round, board, result, &text, &label)
    {
        // A signed result: a second, explicit step before the override.
        return mode;
    }
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

/// The move-limit note of `board`, recorded when not empty.
fn move_limit_note(app: &mut App, board: Board, text: String) {
    if !text.is_empty() {
        let label = format!("{}: {text}", app.s.limit);
        run(
            app,
            &Command::NoteMoveLimit { board, note: text },
            Some(&label),
        );
    }
}

/// The number of the player to withdraw: an active player's asks for the reason.
fn withdraw_no(app: &mut App, text: &str) -> Mode {
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

/// The withdrawal's reason: the confirm step.
fn withdraw_reason(app: &App, no: PlayerNo, text: String) -> Mode {
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

/// The team of a lineup (number or name): asks for its players in board order.
fn lineup_team(app: &mut App, text: &str) -> Mode {
    let t = app.log.state();
    if let Some(team) = t.team_event.find(text) {
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

/// The lineup's players in board order, handed in.
fn lineup_players(app: &mut App, team: TeamNo, text: &str) {
    match crate::domain::team::lineup::parse_numbers(text) {
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
}

/// The corrected start time: asks for the reason.
fn start_time_typed(app: &mut App, text: &str) -> Mode {
    let round = app.log.state().current_round();
    let Some(at) = start_time(app, text) else {
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

/// The start correction's reason (one is needed): the confirm step.
fn start_reason(app: &mut App, at: DateTime<Utc>, text: String) -> Mode {
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

/// The colour the higher-ranked player of `board` drew: the confirm step; another key is
/// said and the question stays.
fn lot_answer(app: &mut App, board: Board, text: &str) -> Mode {
    let higher = match text.to_lowercase().as_str() {
        "r" | "red" | "红" | "红方" => crate::domain::Side::Red,
        "b" | "black" | "黑" | "黑方" => crate::domain::Side::Black,
        _ => {
            // Another key: said, and the question stays.
            app.error(fill(app.s.bad_lot, &[&text]));
            return lot_prompt(app, board);
        }
    };
    // The confirmation names the player who drew, as the question did.
    let t = app.log.state();
    let Some(hi) = t
        .lots_due()
        .iter()
        .find(|(b, ..)| *b == board)
        .map(|&(_, hi, _)| hi)
    else {
        return Mode::Normal;
    };
    let name = t.player(hi).map_or(String::new(), |p| p.entry.name.clone());
    Mode::Confirm {
        pending: Pending {
            label: fill(app.s.lot_what, &[&board, &hi, &name, &app.s.side(higher)]),
            cmd: Command::DrawLot {
                board: Some(board),
                higher,
            },
        },
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
