//! The console's side of the log's I/O worker: commands sent, replies taken in, and what
//! became of each command said in the status line.

use chrono::{DateTime, Duration, Utc};

use super::{App, InFlight, Mode, Origin, PENDING_SHOWN_MS};
use crate::console::io::{Reply, Request};
use crate::domain::Command;
use crate::i18n::screen::fill;
use crate::log::{LogError, Record};

impl App {
    /// Gives `cmd` to the log's worker (decided there under the lock against fresh state).
    /// Returns whether it was sent; the outcome comes back through `poll` (at once with the
    /// inline worker of `App::new`) and is shown then, unless `quiet`.
    pub fn execute(&mut self, cmd: &Command, quiet: bool) -> bool {
        self.send(cmd, Origin::User { quiet, label: None })
    }

    /// Like `execute`, saying "recorded: `label`" on success.
    pub fn execute_labelled(&mut self, cmd: &Command, label: Option<&str>) -> bool {
        let label = label.map(str::to_string);
        self.send(
            cmd,
            Origin::User {
                quiet: false,
                label,
            },
        )
    }

    pub(super) fn send(&mut self, cmd: &Command, origin: Origin) -> bool {
        let quiet = !matches!(origin, Origin::User { quiet: false, .. });
        if !self.can_write() {
            if !quiet {
                self.error(self.s.read_only.to_string());
            }
            return false;
        }
        if !cmd.allowed(self.actor.role) {
            if !quiet {
                let deed = crate::i18n::deed::deed(cmd.deed(), self.s.lang());
                self.error(fill(
                    self.s.not_permitted,
                    &[&self.s.role(self.actor.role), &deed],
                ));
            }
            return false;
        }
        if let Some(damage) = self.log.damage() {
            if !quiet {
                let e = LogError::Damaged {
                    path: self.log.path().display().to_string(),
                    damage: damage.clone(),
                };
                self.error(fill(self.s.refused, &[&self.error_text(&e)]));
            }
            return false;
        }
        let id = self.next_id;
        self.next_id += 1;
        let what = match &origin {
            Origin::User { label: Some(l), .. } => l.clone(),
            _ => crate::i18n::deed::deed(cmd.deed(), self.s.lang()).to_string(),
        };
        self.in_flight.push(InFlight {
            id,
            origin,
            what,
            since: self.now,
        });
        self.io.submit(Request {
            id,
            actor: self.actor.clone(),
            cmd: cmd.clone(),
            at: self.now,
        });
        self.pump();
        true
    }

    /// What a command waiting for the log is (the oldest typed one), once it has waited long
    /// enough to be worth saying.
    pub fn pending_write(&self) -> Option<&str> {
        self.in_flight
            .iter()
            .find(|f| {
                matches!(f.origin, Origin::User { .. })
                    && self.now - f.since >= Duration::milliseconds(PENDING_SHOWN_MS)
            })
            .map(|f| f.what.as_str())
    }

    /// Whether commands are still waiting for their outcome.
    pub fn busy(&self) -> bool {
        !self.in_flight.is_empty()
    }

    /// Waits up to `timeout` for every command sent to be answered (tests, and quitting).
    /// Returns whether none is left waiting.
    pub fn settle(&mut self, timeout: std::time::Duration) -> bool {
        let until = std::time::Instant::now() + timeout;
        while self.busy() {
            let left = until.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                return false;
            }
            match self.io.recv_timeout(left) {
                Some(r) => self.on_reply(r),
                None => return !self.busy(),
            }
        }
        true
    }

    /// Reads what other terminals wrote and what became of our commands. Returns whether
    /// anything arrived.
    pub fn poll(&mut self, now: DateTime<Utc>) -> bool {
        self.now = now;
        self.io.poll();
        self.pump()
    }

    /// Takes every reply that is ready. Returns whether there was any.
    fn pump(&mut self) -> bool {
        let mut any = false;
        while let Some(r) = self.io.try_recv() {
            any = true;
            self.on_reply(r);
        }
        any
    }

    fn on_reply(&mut self, reply: Reply) {
        match reply {
            Reply::Records(recs) => {
                self.log.apply(&recs);
                self.absorb(&recs);
            }
            Reply::Done { id, result } => {
                let Some(i) = self.in_flight.iter().position(|f| f.id == id) else {
                    return;
                };
                let f = self.in_flight.remove(i);
                self.outcome(f.origin, result);
            }
            Reply::Damage(d) => {
                let whole_again = d.is_none() && self.log.damage().is_some();
                self.log.set_damage(d);
                self.version += 1;
                if whole_again {
                    // What was refused while damaged may be due now.
                    self.advance_tried = None;
                    self.maybe_advance();
                }
            }
            Reply::Reset(replica) => {
                self.log = *replica;
                self.version += 1;
                self.advance_tried = None;
            }
            Reply::Replaced(replica) => {
                let text = self.error_text(&LogError::Replaced {
                    path: replica.path().display().to_string(),
                });
                self.log = *replica;
                self.version += 1;
                self.advance_tried = None;
                self.error(text);
            }
            Reply::Failed(text) => self.error(text),
        }
    }

    /// Reports what became of a command.
    fn outcome(&mut self, origin: Origin, result: Result<Vec<Record>, LogError>) {
        match (origin, result) {
            (Origin::User { quiet, label }, Ok(recs)) => {
                self.log.apply(&recs);
                if !quiet {
                    match (recs.first(), label) {
                        (Some(_), Some(l)) => self.info(fill(self.s.recorded, &[&l])),
                        (Some(r), None) => {
                            let what = crate::i18n::describe(
                                self.log.state(),
                                &r.ev,
                                self.lang,
                                self.zone(),
                            );
                            self.info(fill(self.s.recorded, &[&what]));
                        }
                        (None, _) => self.info(self.s.nothing_due.to_string()),
                    }
                    // A change by hand or a re-pair says which slips to print again.
                    let seats = crate::domain::tournament::keep::reprint_of(
                        self.log.state(),
                        recs.iter().map(|r| &r.ev),
                    );
                    if !seats.is_empty()
                        && let Some(m) = self.message.as_mut()
                    {
                        let line = crate::i18n::keep::reprint(&seats, self.lang);
                        m.text = format!("{}; {line}", m.text);
                    }
                    // A foul that decides the game says so.
                    crate::console::floor_keys::after_records(self, &recs);
                }
                self.absorb(&recs);
            }
            (Origin::User { quiet, .. }, Err(e)) => {
                if !quiet {
                    let text = self.error_text(&e);
                    self.error(fill(self.s.refused, &[&text]));
                }
            }
            (Origin::Tick, Ok(recs)) => {
                self.log.apply(&recs);
                self.absorb(&recs);
            }
            (Origin::Tick, Err(_)) => {}
            (Origin::Advance(round), result) => {
                if let Ok(recs) = &result {
                    self.log.apply(recs);
                    self.absorb(recs);
                }
                if self.log.state().current_round() == round {
                    // Nothing was paired: say why, by asking the domain directly.
                    let now = self.now;
                    let why = match result {
                        Err(LogError::Refused(e)) => Some(e),
                        Err(e) => {
                            let text = self.error_text(&e);
                            self.error(fill(self.s.refused, &[&text]));
                            None
                        }
                        Ok(_) => self
                            .log
                            .state()
                            .decide(&self.actor, &Command::AutoAdvance { now })
                            .err(),
                    };
                    if let Some(e) = why {
                        self.advance_refused(&e);
                    }
                }
            }
        }
    }

    /// The automatic advance was refused: an unpairable round goes to the head arbiter's
    /// decision panel, once; anything else is shown.
    fn advance_refused(&mut self, e: &crate::domain::Refusal) {
        if let crate::domain::Refusal::ColourChoiceDue { round, due } = e {
            crate::console::colour_keys::advance_refused(self, *round, due);
        } else if let Some((section, players)) = crate::console::decision::unpairable(e) {
            let mode = std::mem::replace(&mut self.mode, Mode::Normal);
            self.mode = crate::console::decision::open(self, section, players, mode);
        } else {
            let text = crate::i18n::refusal(e, self.lang, self.zone());
            self.error(fill(self.s.refused, &[&text]));
        }
    }
}
