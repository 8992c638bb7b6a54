//! A prompt's Enter in `update`: the text typed (a reason, a player or team, a time, a lot)
//! becomes the next prompt, a confirm step, or a command.

use chrono::{DateTime, Utc};

use super::rounds::lot_prompt;
use super::{fill, run};
use crate::console::app::{App, Mode, Pending, Purpose};
use crate::domain::tournament::Status;
use crate::domain::{Command, PlayerNo};

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
        | Purpose::ManualReason => crate::console::decision::submit(app, purpose, text),
        Purpose::KeepReason => crate::console::boundary::keep_reason_done(app, text),
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
