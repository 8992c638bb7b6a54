//! One-line English descriptions of domain events, for command output and the audit log (the
//! export's wording, which scripts read).

use crate::domain::Tournament;
use crate::domain::event::{ClockAction, Event};

/// One line describing an event, for command output and the audit log.
pub fn describe_event(t: &Tournament, ev: &Event) -> String {
    let name = |no| name(t, no);
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
                    c @ (crate::domain::event::Cause::Confirmed
                    | crate::domain::event::Cause::Reported) => {
                        crate::i18n::self_report::cause_words(*c, crate::domain::rules::Lang::En)
                            .unwrap_or_default()
                    }
                    c => format!(" [{}]", format!("{c:?}").to_lowercase()),
                }
            )
        }
        Event::ResultCorrected {
            round,
            board,
            result,
            reason,
            was,
        } => format!(
            "round {round} board {board}: corrected {}to {}: {reason}",
            was.map(|w| format!("from {} ", w.word()))
                .unwrap_or_default(),
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
        Event::TimeCorrected { at, reason } => format!(
            "time corrected by the head arbiter: {} ({reason})",
            at.format("%Y-%m-%d %H:%M:%S")
        ),
        Event::StartCorrected { round, at, reason } => {
            format!(
                "round {round} start corrected to {}: {reason}",
                at.to_rfc3339()
            )
        }
        Event::PairingOutdated {
            round,
            corrected_round,
            board,
        } => format!(
            "round {round} was paired on the old result of round {corrected_round} board {board}"
        ),
        Event::PairingKept { round, reason } => {
            format!(
                "round {round} pairing kept by the head arbiter despite the correction: {reason}"
            )
        }
        Event::LotDrawn {
            round,
            board,
            red,
            black,
        } => format!("round {round} board {board}: colour lot, {red} red v {black} black"),
        Event::TeamRegistered { team } => format!(
            "team {} '{}' registered: board order {}; reserves {}",
            team.no,
            team.name,
            list(&team.players),
            list(&team.reserves)
        ),
        Event::LineupSubmitted { lineup } => format!(
            "round {}: team {} lineup {}",
            lineup.round,
            lineup.team,
            list(&lineup.players)
        ),
        Event::TeamChanged {
            team,
            change,
            reason,
        } => {
            let what = match change {
                crate::domain::team::RosterChange::AddReserve(no) => {
                    format!("reserve {no} {} added", name(*no))
                }
                crate::domain::team::RosterChange::Replace { old, new } => {
                    format!("{new} {} replaces {old} {}", name(*new), name(*old))
                }
            };
            let team_name = t.team_event.team(*team).map_or("", |x| x.name.as_str());
            format!("team {team} '{team_name}' roster corrected: {what}: {reason}")
        }
        Event::CodesIssued { .. } | Event::ResultReported { .. } => {
            crate::i18n::self_report::describe(ev, &name, crate::domain::rules::Lang::En)
                .unwrap_or_default()
        }
        Event::ColourChosen {
            round,
            player,
            side,
        } => format!(
            "round {round}: the colour counts were level; the higher-ranked {player} {} chose {side}",
            name(*player)
        ),
        Event::AutoAdvanced { round } => format!(
            "round {round} paired by the automatic advance (every board of the round before reported)"
        ),
        Event::PairingNoted { round, note } => {
            let mut parts: Vec<String> = note
                .colour_breaks
                .iter()
                .map(|b| crate::i18n::explain::colour_break(*b, crate::domain::rules::Lang::En))
                .collect();
            parts.extend(
                note.decision
                    .iter()
                    .flat_map(|d| d.warnings.iter().cloned()),
            );
            match &note.decision {
                Some(d) => format!(
                    "round {round}: {} by the head arbiter ({}){}",
                    if d.manual {
                        "paired by hand"
                    } else {
                        "paired with colour rules relaxed"
                    },
                    d.reason,
                    if parts.is_empty() {
                        String::new()
                    } else {
                        format!(": {}", parts.join("; "))
                    }
                ),
                None => format!("round {round}: colour rules relaxed: {}", parts.join("; ")),
            }
        }
    }
}

/// "3, 7, 9, 12" (or "-" for none).
fn list(v: &[crate::domain::PlayerNo]) -> String {
    if v.is_empty() {
        return "-".into();
    }
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A player's name, empty when unknown.
fn name(t: &Tournament, no: crate::domain::PlayerNo) -> String {
    t.player(no)
        .map(|p| p.entry.name.clone())
        .unwrap_or_default()
}
