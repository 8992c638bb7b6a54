//! What each screen shows, prepared at `now` before a frame is drawn.

use chrono::{DateTime, Utc};

use super::App;
use crate::console::action::Screen;
use crate::console::{tables, view_model};
use crate::i18n::screen::fill;

impl App {
    /// Prepares what the current screen shows at `now`.
    pub fn prepare(&mut self, now: DateTime<Utc>) {
        self.now = now;
        self.highlights.retain(|_, h| h.until > now);
        if self.message.as_ref().is_some_and(|m| m.until <= now) {
            self.message = None;
        }
        if self.banner.as_ref().is_some_and(|m| m.until <= now) {
            self.banner = None;
        }
        let who = format!("{}·{}", self.actor.user, self.s.role(self.actor.role));
        self.round_view = view_model::round_view_of(
            self.log.state(),
            self.s,
            self.shown_round,
            now,
            self.zone().offset_at(now),
            &self.highlights,
            &who,
        );
        // The log's condition first; else a round paired on an old result, until
        // the head arbiter re-pairs or keeps it.
        self.round_view.header.log = self
            .log_note()
            .or_else(|| crate::console::boundary::header_note(self));
        self.decision_hint = crate::console::hints::decision(self);
        let stale =
            !matches!(&self.table, Some((s, v, _)) if *s == self.screen && *v == self.version);
        if stale {
            let t = self.log.state();
            let table = match self.screen {
                Screen::Standings
                    if matches!(t.rules.format, crate::domain::format::Format::RoundRobin(_)) =>
                {
                    Some(crate::console::crosstable::round_robin_table(t, self.s))
                }
                Screen::Standings => Some(tables::standings_table(t, self.s)),
                Screen::Preview => Some(tables::preview_table(t, self.s)),
                Screen::Players => Some(tables::players_table(t, self.s)),
                Screen::Audit => Some(tables::audit_table(
                    t,
                    self.s,
                    self.log.records(),
                    self.zone(),
                    // The role the console acts in is the role it reads in.
                    crate::log::reads::of(&t.rules, &self.actor.user, false, Some(self.actor.role))
                        .reasons,
                )),
                Screen::Round | Screen::Help => None,
            };
            self.table = table.map(|tb| (self.screen, self.version, tb));
        }
        if let Some((screen, _, t)) = &self.table {
            let i = screen.index();
            self.scroll[i] = self.scroll[i].min((t.rows.len() + t.notes.len()).saturating_sub(1));
        }
    }

    /// What the header says about the log: damaged, or a write waiting for the lock.
    pub fn log_note(&self) -> Option<(String, bool)> {
        if let Some(d) = self.log.damage() {
            let template = if matches!(d, crate::log::Damage::Torn { .. }) {
                self.s.log_torn
            } else {
                self.s.log_damaged
            };
            return Some((fill(template, &[&d.line()]), true));
        }
        self.pending_write()
            .map(|w| (fill(self.s.log_waiting, &[&w]), false))
    }
}
