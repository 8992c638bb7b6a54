//! Pairing (编排): round 1 by number (docs/rules.md#2-player-numbers-and-round-1), later rounds by score (积分编排, §3).
//! This module gathers each section's players and their history, hands them to the engine,
//! and numbers the boards continuously across the room.

pub mod explain;
pub mod input;
pub mod section;

use std::collections::HashMap;

use super::event::{GameKind, Pairing, PairingDecision, Stage};
use super::format::Format;
use super::ids::{Board, PlayerNo, Round};
use super::knockout;
use super::refusal::Refusal;
use super::tournament::Tournament;

use super::round_robin::schedule as round_robin;
pub use super::standings::swiss_scores;
use super::swiss::round1;
pub use super::swiss::{PairingError, pair_section};
pub use explain::{Break, Line, Overridden};
pub use input::{Entrant, Float, SectionInput, entrants};
pub use section::{Proposal, SectionPairing};

/// The knockout boards of `round` (docs/rules.md#7-knockout), numbered from 1, ahead of the Swiss boards.
pub fn knockout_boards(t: &Tournament, round: Round) -> Result<Vec<Pairing>, Refusal> {
    Ok(knockout::pairings(t, round, &[])?
        .into_iter()
        .enumerate()
        .map(|(k, (red, black, stage))| Pairing {
            board: Board(k as u32 + 1),
            red,
            black,
            stage,
            game: GameKind::Slow,
        })
        .collect())
}

/// The head arbiter's recorded decision for a round, if any.
pub fn pairing_decision(t: &Tournament, round: Round) -> Option<PairingDecision> {
    t.round(round)?.pairing_note.as_ref()?.decision.clone()
}

/// The explanation of a paired round: the engine's reasoning recomputed from the state before
/// the round, with a warning when the boards played differ from what the engine proposes
/// (changed by hand with `--swap`/`--flip`, or a knockout colour choice), and the head
/// arbiter's recorded decision for a relaxed or hand-made round.
pub fn explain_round_lines(t: &Tournament, round: Round) -> Vec<Line> {
    let Some(played) = t.round(round) else {
        return vec![Line::NotPaired(round)];
    };
    let mut before = t.clone();
    before.rounds.truncate(round.index());
    let decision = pairing_decision(t, round);
    let relax = decision.as_ref().is_some_and(|d| !d.manual);
    let proposal = match propose_opts(&before, &[], relax) {
        Ok(p) if p.round == round => Some(p),
        _ => None,
    };
    let mut lines = Vec::new();
    if let Some(d) = &decision {
        lines.push(Line::Decision {
            manual: d.manual,
            reason: d.reason.clone(),
        });
        if d.breaks.is_empty() {
            lines.extend(
                d.warnings
                    .iter()
                    .map(|w| Line::Override(Overridden::Words(w.clone()))),
            );
        } else {
            lines.extend(
                d.breaks
                    .iter()
                    .map(|b| Line::Override(Overridden::Break(b.clone()))),
            );
        }
    }
    if let Some(proposal) = proposal {
        let proposed: Vec<_> = proposal.games.iter().map(|g| (g.red, g.black)).collect();
        // Tie-break games added to a knockout match come after the paired boards.
        let actual: Vec<_> = played.games.iter().map(|g| (g.red, g.black)).collect();
        lines.extend(proposal.lines);
        if !actual.starts_with(&proposed) {
            lines.push(Line::HandChanged(round));
        }
    }
    if played.override_breaks.is_empty() {
        lines.extend(
            played
                .override_warnings
                .iter()
                .map(|w| Line::Override(Overridden::Words(w.clone()))),
        );
    } else {
        lines.extend(
            played
                .override_breaks
                .iter()
                .map(|b| Line::Override(Overridden::Break(b.clone()))),
        );
    }
    lines
}

/// Proposes the next round's pairing without writing anything.
pub fn propose(t: &Tournament) -> Result<Proposal, Refusal> {
    propose_with(t, &[])
}

/// Like `propose`; `red_choices` are knockout players who chose red where the colour
/// counts are equal (docs/rules.md#7-knockout).
pub fn propose_with(t: &Tournament, red_choices: &[PlayerNo]) -> Result<Proposal, Refusal> {
    propose_opts(t, red_choices, false)
}

/// Like `propose_with`; `relax_colours`: the head arbiter relaxed colour rules 4–5 before the
/// last round (fewest breaks first, then criteria 6–10).
pub fn propose_opts(
    t: &Tournament,
    red_choices: &[PlayerNo],
    relax_colours: bool,
) -> Result<Proposal, Refusal> {
    let schedule = match &t.rules.format {
        Format::Team { .. } => return super::team::pairing::propose(t),
        Format::Swiss { .. } => None,
        Format::RoundRobin(rr) => Some(*rr),
    };
    let round = Round(t.current_round().0 + 1);
    if t.rules.rounds > 0 && round.0 > t.rules.rounds {
        // Every round is paired: no round beyond the last to show (`pair --preview`, the
        // console's preview), the same refusal as pairing it.
        return Err(Refusal::AllRoundsPaired(t.rules.rounds));
    }
    let sections = entrants(t, round);
    let rules = &t.rules;
    let several = rules.sections.len() > 1;
    let mut general = Vec::new();
    let knockout_games = knockout::pairings(t, round, red_choices)?;
    let mut boards: Vec<Vec<((PlayerNo, PlayerNo), Line)>> = Vec::new();
    let mut byes = Vec::new();
    let mut breaks = Vec::new();
    // A round robin keeps the table's board order: no scores needed.
    let scores = if schedule.is_some() {
        HashMap::new()
    } else {
        swiss_scores(t, round)
    };
    for (s, list) in sections.iter().enumerate() {
        if list.is_empty() {
            continue;
        }
        let name = t.section_name(s).to_string();
        let result = if let Some(rr) = schedule {
            round_robin::pair(t, rr, s, round)
        } else if round.0 == 1 {
            round1::pair(t, list)
        } else {
            let input = SectionInput {
                round,
                last_round: round.0 >= rules.rounds,
                late_rounds: round.0 + 2 >= rules.rounds,
                relax_colours,
                entrants: list.clone(),
            };
            pair_section(&input).map_err(|e| match e {
                PairingError::Unpairable(players) => Refusal::Unpairable {
                    section: several.then(|| name.clone()),
                    players,
                },
            })?
        };
        if let Some(b) = result.bye {
            byes.push(b);
        }
        breaks.extend(result.breaks.iter().copied());
        let mut pairs: Vec<((PlayerNo, PlayerNo), Line)> =
            result.pairs.iter().copied().zip(result.notes).collect();
        // Board order: higher score of the pair, then lower score, then smaller number.
        let key = |(r, b): (PlayerNo, PlayerNo)| {
            let (sr, sb) = (scores[&r], scores[&b]);
            (
                std::cmp::Reverse(sr.max(sb)),
                std::cmp::Reverse(sr.min(sb)),
                r.min(b),
            )
        };
        if schedule.is_none() {
            // A round robin keeps the table's order (boards as printed in the 轮次表).
            pairs.sort_by_key(|(p, _)| key(*p));
        }
        general.extend(result.general.into_iter().map(|g| {
            if several {
                Line::InSection(name.clone(), Box::new(g))
            } else {
                g
            }
        }));
        boards.push(pairs);
    }
    let mut games = Vec::new();
    let mut lines = Vec::new();
    for (red, black, stage) in knockout_games {
        let board = Board(games.len() as u32 + 1);
        games.push(Pairing {
            board,
            red,
            black,
            stage,
            game: GameKind::Slow,
        });
        lines.push(Line::OnBoard(
            board,
            Box::new(Line::Knockout { red, black, stage }),
        ));
    }
    for ((red, black), note) in boards.into_iter().flatten() {
        let board = Board(games.len() as u32 + 1);
        games.push(Pairing {
            board,
            red,
            black,
            stage: Stage::Swiss,
            game: GameKind::Slow,
        });
        lines.push(Line::OnBoard(board, Box::new(note)));
    }
    lines.extend(general);
    // A round of a round robin's table is paired even when each of its games has a withdrawn
    // player and none goes on a board: its games are forfeits or annulled, and the rounds
    // after it still come (docs/rules.md#45-withdrawal-in-a-round-robin).
    let table_round = schedule.is_some() && round.0 <= t.table_rounds().unwrap_or(0);
    if games.is_empty() && byes.is_empty() && !table_round {
        return Err(Refusal::NoneEligible(round));
    }
    Ok(Proposal {
        round,
        games,
        byes,
        lines,
        breaks,
        vacant: Vec::new(),
    })
}
