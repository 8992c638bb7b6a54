//! Writers for the printouts and data exports: txt, csv, html, xlsx and json. Each report's
//! rows are computed once in `rows` and shared by every format.

pub mod json;
pub mod rows;
pub mod text;

use std::io::Write;
use std::path::Path;

use chrono::{DateTime, Utc};

use crate::cli::args::{Format, What};
use crate::domain::event::{ClockAction, Event};
use crate::domain::rules::Lang;
use crate::domain::{Round, Tournament};
use crate::log::Log;

/// One line describing an event, for command output and the audit log.
pub fn describe_event(t: &Tournament, ev: &Event) -> String {
    let name = |no| rows::name(t, no);
    match ev {
        Event::Created { title, rules } => format!("created '{title}' ({})", rules.name),
        Event::PlayerRegistered { no, entry } => {
            format!("registered {no} {} ({})", entry.name, entry.group)
        }
        Event::PlayerWithdrawn {
            no,
            by_rule,
            reason,
        } => format!(
            "player {no} {} withdrawn{}: {reason}",
            name(*no),
            if *by_rule { " by rule" } else { "" }
        ),
        Event::PlayerReinstated { no, reason } => {
            format!("player {no} {} reinstated: {reason}", name(*no))
        }
        Event::NumbersDrawn { seed, order } => match seed {
            Some(s) => format!("numbers drawn for {} players (seed {s})", order.len()),
            None => format!(
                "numbers fixed in registration order for {} players",
                order.len()
            ),
        },
        Event::RoundPaired { round, games, byes } => format!(
            "round {round} paired: {} boards{}",
            games.len(),
            if byes.is_empty() {
                String::new()
            } else {
                format!(
                    ", bye {}",
                    byes.iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
        ),
        Event::RoundUnpaired { round, reason } => {
            format!("round {round} pairing discarded: {reason}")
        }
        Event::PairingOverridden { round, reason, .. } => {
            format!("round {round} pairing changed by hand: {reason}")
        }
        Event::GameAdded { round, game, .. } => format!(
            "round {round} board {}: {} {} game added, {} v {}",
            game.board,
            game.stage.word(),
            game.game.word(),
            game.red,
            game.black
        ),
        Event::RoundStarted { round, at } => {
            format!("round {round} started at {}", at.to_rfc3339())
        }
        Event::ResultRecorded {
            round,
            board,
            result,
            cause,
            ..
        } => {
            let g = t.game(*round, *board);
            format!(
                "round {round} board {board}: {result}{}{}",
                g.map(|g| format!(" ({} v {})", name(g.red), name(g.black)))
                    .unwrap_or_default(),
                match cause {
                    crate::domain::event::Cause::Arbiter => String::new(),
                    c => format!(" [{}]", format!("{c:?}").to_lowercase()),
                }
            )
        }
        Event::ResultCorrected {
            round,
            board,
            result,
            reason,
        } => format!(
            "round {round} board {board}: corrected to {}: {reason}",
            result.map_or("no result".to_string(), |r| r.word().to_string())
        ),
        Event::SeatMarked {
            round,
            board,
            side,
            present,
            ..
        } => format!(
            "round {round} board {board}: {side} {}",
            if *present { "present" } else { "absent" }
        ),
        Event::FoulRecorded {
            round,
            board,
            side,
            kind,
        } => {
            format!(
                "round {round} board {board}: foul by {side} ({})",
                kind.word()
            )
        }
        Event::Clock {
            round,
            board,
            action,
            at,
        } => {
            let what = match action {
                ClockAction::Press(s) => format!("{s} pressed"),
                ClockAction::Pause => "paused".into(),
                ClockAction::Resume => "resumed".into(),
                ClockAction::Set { red_ms, black_ms } => format!(
                    "set to {} / {}",
                    crate::domain::clock::format_ms(*red_ms),
                    crate::domain::clock::format_ms(*black_ms)
                ),
            };
            format!(
                "round {round} board {board}: clock {what} at {}",
                at.format("%H:%M:%S")
            )
        }
        Event::MoveLimitNoted { round, board, note } => {
            format!("round {round} board {board}: move limit: {note}")
        }
    }
}

/// `bianpai export`.
pub fn run(
    path: &Path,
    format: Format,
    what: What,
    round: Option<Round>,
    out: Option<&Path>,
    lang: Lang,
    now: DateTime<Utc>,
) -> Result<(), String> {
    let log = Log::open(path).map_err(|e| e.to_string())?;
    let t = log.state();
    if let Some(r) = round
        && (r.0 == 0 || r.0 as usize > t.rounds.len())
    {
        return Err(format!(
            "--round {r}: the event has {} paired round(s)",
            t.rounds.len()
        ));
    }
    let bytes: Vec<u8> = match format {
        Format::Json => {
            let v = match what {
                What::All => {
                    let (r, s) = rows::standings_for(t, round);
                    json::all(t, &s, r)
                }
                What::Pairings => json::rounds(t, Some(round.unwrap_or(t.current_round()))),
                What::Standings => {
                    let (_, s) = rows::standings_for(t, round);
                    json::standings(t, &s)
                }
                What::Players => json::players(t),
                What::Clocks => json::clocks(t, now),
                What::Crosstable | What::Teams | What::Prizes => {
                    return Err(format!("export --what {what:?}: not available yet").to_lowercase());
                }
            };
            let mut s = serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?;
            s.push('\n');
            s.into_bytes()
        }
        Format::Txt => match what {
            What::Pairings | What::All => {
                text::pairings(t, round.unwrap_or(t.current_round()), lang).into_bytes()
            }
            _ => return Err("export: this report is not available as txt yet".into()),
        },
        Format::Csv | Format::Html | Format::Xlsx => {
            return Err("export: this format is not available yet".into());
        }
    };
    match out {
        Some(p) => std::fs::write(p, &bytes).map_err(|e| format!("{}: {e}", p.display())),
        None => std::io::stdout()
            .write_all(&bytes)
            .map_err(|e| e.to_string()),
    }
}
