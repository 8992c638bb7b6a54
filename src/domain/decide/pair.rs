//! Pairing a round as a decision (docs/rules.md#3-pairing): the automatic advance once a round
//! is complete, the engine's proposal, a pairing made or changed by hand and the head arbiter's
//! override of the hard rules, each checked before it is written.

use chrono::{DateTime, Utc};

use crate::domain::event::Event;
use crate::domain::format::Format;
use crate::domain::ids::{Board, PlayerNo, Round};
use crate::domain::pairing;
use crate::domain::refusal::{ReasonFor, Refusal};
use crate::domain::tournament::Tournament;

use super::Decision;

impl Tournament {
    pub(in crate::domain) fn decide_auto_advance(&self, now: DateTime<Utc>) -> Decision {
        use crate::domain::rules::AutoAdvance;
        let complete = self
            .current()
            .is_some_and(crate::domain::tournament::RoundState::is_complete);
        let more = self.current_round().0 < self.rules.rounds;
        if !complete || !more || self.rules.auto_advance == AutoAdvance::Off {
            return Ok(Vec::new());
        }
        // A pairing the head arbiter discarded is paired again by hand, never by the advance
        // (a correction's re-pair is previewed and confirmed).
        if self.discarded == Some(Round(self.current_round().0 + 1)) {
            return Ok(Vec::new());
        }
        let mut events = self.decide_pair(&[])?;
        let round = Round(self.current_round().0 + 1);
        if self.rules.auto_advance == AutoAdvance::PairAndStart {
            let mut after = self.clone();
            for e in &events {
                after.apply(e);
            }
            events.push(Event::RoundStarted {
                round: after.current_round(),
                at: now,
            });
        }
        // The rule's act, said last in the append: the audit shows the append as 自动.
        events.push(Event::AutoAdvanced { round });
        Ok(events)
    }

    pub(in crate::domain) fn decide_pair(&self, red_choices: &[PlayerNo]) -> Decision {
        self.decide_pair_opts(red_choices, None)
    }

    /// The head arbiter's way out when no legal pairing exists before the last round: the
    /// engine pairs with colour rules 4–5 relaxed, and the log records the reason.
    pub(in crate::domain) fn decide_pair_relaxed(&self, reason: &str) -> Decision {
        if reason.trim().is_empty() {
            return Err(Refusal::ReasonNeeded(ReasonFor::RelaxedPairing));
        }
        if self.current_round().0 + 1 >= self.rules.rounds {
            return Err(Refusal::RelaxInLastRound);
        }
        match self.decide_pair(&[]) {
            Ok(_) => Err(Refusal::RelaxNotNeeded),
            Err(Refusal::Unpairable { .. }) => self.decide_pair_opts(&[], Some(reason)),
            Err(other) => Err(other),
        }
    }

    /// The head arbiter enters the next round by hand.
    pub(in crate::domain) fn decide_pair_manual(
        &self,
        pairs: &[(PlayerNo, PlayerNo)],
        byes: &[PlayerNo],
        reason: &str,
        force: bool,
    ) -> Decision {
        if !crate::domain::competition::hand_pairing_allowed(self) {
            return Err(Refusal::Team(crate::domain::team::TeamFault::HandChange));
        }
        if reason.trim().is_empty() {
            return Err(Refusal::ReasonNeeded(ReasonFor::ManualPairing));
        }
        let (mut events, state) = self.pair_prelude()?;
        let round = Round(state.current_round().0 + 1);
        let mut games: Vec<crate::domain::event::Pairing> =
            pairing::knockout_boards(&state, round)?;
        for &(red, black) in pairs {
            games.push(crate::domain::event::Pairing {
                board: Board(games.len() as u32 + 1),
                red,
                black,
                stage: crate::domain::event::Stage::Swiss,
                game: crate::domain::event::GameKind::Slow,
            });
        }
        crate::domain::requested_bye::check_seated(
            &state,
            round,
            pairs
                .iter()
                .flat_map(|&(r, b)| [r, b])
                .chain(byes.iter().copied()),
        )?;
        let warnings = crate::domain::swiss::check_manual(&state, round, &games, byes);
        if !warnings.is_empty() && !force {
            return Err(Refusal::BreaksRule(warnings));
        }
        let colour_breaks = crate::domain::swiss::colour_breaks(&state, round, &games);
        events.push(Event::RoundPaired {
            round,
            games,
            byes: byes.to_vec(),
        });
        events.push(Event::PairingNoted {
            round,
            note: crate::domain::event::PairingNote {
                colour_breaks,
                decision: Some(crate::domain::event::PairingDecision {
                    manual: true,
                    reason: reason.to_string(),
                    warnings: warnings.iter().map(ToString::to_string).collect(),
                    breaks: warnings,
                }),
            },
        });
        Ok(events)
    }

    /// Checks before pairing a new round; the numbers drawn event when numbers were never
    /// drawn, and the state with it applied.
    pub(in crate::domain) fn pair_prelude(
        &self,
    ) -> Result<(Vec<Event>, std::borrow::Cow<'_, Tournament>), Refusal> {
        if let Some(r) = self.current()
            && let Some(g) = r.games.iter().find(|g| g.result.is_none())
        {
            return Err(Refusal::RoundIncomplete {
                round: r.round,
                missing: r.games.len() - r.reported(),
                first: g.board,
            });
        }
        let next = self.current_round().0 + 1;
        // Never beyond a round robin's table, whatever `rounds` says.
        let last = crate::domain::competition::last_round(self);
        if next > last {
            return Err(Refusal::AllRoundsPaired(last));
        }
        if self.draw.is_none() && !self.rules.numbers_by_registration {
            return Err(Refusal::NumbersNotDrawn);
        }
        let mut events = Vec::new();
        let mut state = std::borrow::Cow::Borrowed(self);
        if self.draw.is_none() {
            // The rules say numbers follow the registration order (numbers_by_registration):
            // fix them so, section by section, and record it.
            let e = Event::NumbersDrawn {
                seed: None,
                order: self.draw_order(None),
            };
            state.to_mut().apply(&e);
            events.push(e);
        }
        Ok((events, state))
    }

    pub(in crate::domain) fn decide_pair_opts(
        &self,
        red_choices: &[PlayerNo],
        relaxed: Option<&str>,
    ) -> Decision {
        if let Format::Team { .. } = self.rules.format {
            return crate::domain::team::pairing::decide(self);
        }
        let (mut events, state) = self.pair_prelude()?;
        let next = Round(state.current_round().0 + 1);
        // The knockout's colour choice is the player's, never the tool's (seed 003 §2.2).
        let due = crate::domain::colour_choice::unanswered(&state, next, red_choices);
        if !due.is_empty() {
            return Err(Refusal::ColourChoiceDue { round: next, due });
        }
        let chosen = crate::domain::colour_choice::chosen(&state, next, red_choices);
        let proposal = pairing::propose_opts(&state, red_choices, relaxed.is_some())?;
        let note =
            (!proposal.breaks.is_empty() || relaxed.is_some()).then(|| Event::PairingNoted {
                round: proposal.round,
                note: crate::domain::event::PairingNote {
                    colour_breaks: proposal.breaks.clone(),
                    decision: relaxed.map(|reason| crate::domain::event::PairingDecision {
                        manual: false,
                        reason: reason.to_string(),
                        warnings: Vec::new(),
                        breaks: Vec::new(),
                    }),
                },
            });
        events.push(Event::RoundPaired {
            round: proposal.round,
            games: proposal.games,
            byes: proposal.byes,
        });
        events.extend(chosen);
        events.extend(note);
        Ok(events)
    }

    pub(in crate::domain) fn decide_override(
        &self,
        swap: Option<(Board, Board)>,
        flip: Option<Board>,
        force: Option<&String>,
    ) -> Decision {
        if !crate::domain::competition::hand_pairing_allowed(self) {
            return Err(Refusal::Team(crate::domain::team::TeamFault::HandChange));
        }
        let r = self.current().ok_or(Refusal::NoRound)?;
        if r.has_any_result() {
            return Err(Refusal::ResultsEntered(r.round));
        }
        let mut games: Vec<_> = r
            .games
            .iter()
            .map(|g| crate::domain::event::Pairing {
                board: g.board,
                red: g.red,
                black: g.black,
                stage: g.stage,
                game: g.game,
            })
            .collect();
        let n = games.len();
        let get = |b: Board| {
            if b.index() < n {
                Ok(b.index())
            } else {
                Err(Refusal::UnknownBoard {
                    round: r.round,
                    board: b,
                })
            }
        };
        if let Some((a, b)) = swap {
            let (i, j) = (get(a)?, get(b)?);
            if i == j {
                return Err(Refusal::SwapSelf(a));
            }
            let tmp = games[i].black;
            games[i].black = games[j].black;
            games[j].black = tmp;
        }
        if let Some(b) = flip {
            let i = get(b)?;
            let g = &mut games[i];
            std::mem::swap(&mut g.red, &mut g.black);
        }
        let warnings = crate::domain::swiss::check_hard_rules(self, r.round, &games);
        if !warnings.is_empty() && force.is_none() {
            return Err(Refusal::BreaksRule(warnings));
        }
        // Only the boards named change; what their old seating had is dropped and named.
        let changed = crate::domain::tournament::keep::changes(r, &games);
        Ok(vec![Event::PairingOverridden {
            round: r.round,
            games,
            warnings: warnings.iter().map(ToString::to_string).collect(),
            reason: force.cloned().unwrap_or_default(),
            breaks: warnings,
            changed: Some(changed),
        }])
    }
}
