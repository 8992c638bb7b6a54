//! Records taken in (this terminal's or another's): the once-a-second rules, highlights, the
//! last change, notifications and the automatic advance.

use chrono::{DateTime, Duration, Utc};

use super::{App, HIGHLIGHT_SECS, Mode, Origin, Purpose};
use crate::console::view_model::Highlight;
use crate::domain::event::{Cause, Event};
use crate::domain::{Command, Round};
use crate::i18n::screen::fill;
use crate::log::Record;

impl App {
    /// Once a second: time-based rules (late-window forfeits) and fallen flags.
    pub fn tick(&mut self, now: DateTime<Utc>) {
        self.now = now;
        let ticking = self.in_flight.iter().any(|f| f.origin == Origin::Tick);
        if self.can_write() && !ticking {
            self.send(&Command::Tick { now }, Origin::Tick);
        }
        let t = self.log.state();
        let mut fallen = Vec::new();
        if let Some(r) = t.current() {
            for g in r.games.iter().filter(|g| g.result.is_none()) {
                if let Some(side) = g.clock.as_ref().and_then(|c| c.read(now).flag)
                    && !self.flags_seen.contains(&(r.round, g.board))
                {
                    fallen.push((r.round, g.board, side));
                }
            }
        }
        for (round, board, side) in fallen {
            self.flags_seen.insert((round, board));
            let text = fill(self.s.n_flag, &[&board, &self.s.side(side)]);
            self.notify(text);
        }
        self.maybe_advance();
    }

    /// Takes in records (this terminal's or another's): highlights, the last change,
    /// notifications, and the automatic advance.
    pub fn absorb(&mut self, recs: &[Record]) {
        if recs.is_empty() {
            return;
        }
        self.version += 1;
        let t = self.log.state();
        let current = t.current_round();
        let mut late_forfeits = 0;
        let mut touched = Vec::new();
        let mut paired = Vec::new();
        for r in recs {
            if let Some((round, board)) = r.ev.board()
                && round == current
            {
                self.highlights.insert(
                    board,
                    Highlight {
                        by: crate::i18n::auto::who(&r.by, &r.ev, self.lang),
                        until: self.now + Duration::seconds(HIGHLIGHT_SECS),
                    },
                );
            }
            match &r.ev {
                Event::ResultRecorded { round, cause, .. } => {
                    if *cause == Cause::LateWindow {
                        late_forfeits += 1;
                    }
                    touched.push(*round);
                }
                Event::ResultCorrected { round, .. } => touched.push(*round),
                Event::RoundPaired { round, .. } => paired.push(*round),
                _ => {}
            }
        }
        if !paired.is_empty() {
            // A new round: the previous round's highlights do not belong on its boards, and a
            // pairing decision still open here was settled (here or by another console).
            self.highlights.clear();
            if self.pair_panel.take().is_some()
                && crate::console::decision::is_panel_mode(&self.mode)
            {
                self.mode = Mode::Normal;
            }
            // So was a knockout colour choice still asked here (another console gave it).
            if matches!(
                self.mode,
                Mode::Prompt {
                    purpose: Purpose::ColourChoice { .. },
                    ..
                }
            ) {
                self.mode = Mode::Normal;
            }
            for r in recs {
                if let Some((round, board)) = r.ev.board()
                    && round == current
                {
                    self.highlights.insert(
                        board,
                        Highlight {
                            by: r.by.clone(),
                            until: self.now + Duration::seconds(HIGHLIGHT_SECS),
                        },
                    );
                }
            }
        }
        let rules = crate::i18n::auto::rules_of(recs);
        self.note_auto_acts(recs, &rules);
        // The last record that says something (the advance's own marker only says whose act
        // the append was).
        let shown = recs
            .iter()
            .zip(&rules)
            .rev()
            .find(|(r, _)| !matches!(r.ev, Event::AutoAdvanced { .. }))
            .or_else(|| recs.iter().zip(&rules).next_back());
        if let Some((last, rule)) = shown {
            let what = crate::i18n::describe(self.log.state(), &last.ev, self.lang, self.zone());
            // An automatic act is the rule's: whose console ticked is a detail.
            self.last_change = Some(match *rule {
                Some(rule) => fill(
                    self.s.by_rule,
                    &[&crate::i18n::auto::label(rule, self.lang), &last.by, &what],
                ),
                None => fill(
                    self.s.changed_by,
                    &[&last.by, &self.s.role(last.role), &what],
                ),
            });
        }
        let done: Vec<Round> = touched
            .into_iter()
            .filter(|r| {
                self.log
                    .state()
                    .round(*r)
                    .is_some_and(crate::domain::tournament::RoundState::is_complete)
            })
            .collect();
        if late_forfeits > 0 {
            self.notify(fill(self.s.n_late_closed, &[&late_forfeits]));
        }
        for r in done {
            if self.complete_seen.insert(r) {
                self.notify(fill(self.s.n_round_complete, &[&r]));
            }
        }
        for r in paired {
            self.notify(fill(self.s.n_round_paired, &[&r]));
        }
        // Last, so that the banner shows it.
        crate::console::boundary::notice_outdated(self, recs);
        self.maybe_advance();
    }

    /// When the current round is complete and more rounds are due, asks the domain to
    /// advance (it records nothing when not due); once per round per console.
    pub fn maybe_advance(&mut self) {
        let t = self.log.state();
        let Some(r) = t.current() else { return };
        let round = r.round;
        if !r.is_complete() || round.0 >= t.rules.rounds || !self.can_write() {
            return;
        }
        if self.advance_tried == Some(round) {
            return;
        }
        self.advance_tried = Some(round);
        self.advances_sent += 1;
        let now = self.now;
        // Refusals (e.g. the engine cannot pair) are shown with the outcome.
        self.send(&Command::AutoAdvance { now }, Origin::Advance(round));
    }
}
