//! The event line's list (docs/console.md#the-event-line): the automatic acts this console
//! has seen — a late-window forfeit, a withdrawal after consecutive forfeits, the automatic
//! pairing, the players' reports recorded or waiting for an arbiter, a board's reports locked
//! — newest first, kept until the arbiter marks them read. They come in with the records this
//! console takes in (its own ticks and advances, and other terminals' and the room page's
//! appends), so several acts at a round's end no longer overwrite each other.

use super::App;
use crate::domain::event::{AutoRule, Cause, Event};
use crate::domain::{GameResult, Side};
use crate::i18n::screen::AutoAct;
use crate::log::Record;

/// How many acts the list keeps; older ones drop off the end.
pub const KEPT: usize = 99;

impl App {
    /// Adds the automatic acts among `recs` (already applied), `rules` the rule behind each
    /// record (`i18n::auto::rules_of`).
    pub(super) fn note_auto_acts(&mut self, recs: &[Record], rules: &[Option<AutoRule>]) {
        let mut seen = Vec::new();
        for (r, rule) in recs.iter().zip(rules) {
            if let Some(a) = self.auto_act(&r.ev, *rule)
                && !self.auto_acts.contains(&a)
                && !seen.contains(&a)
            {
                seen.push(a);
            }
        }
        for a in seen {
            self.auto_acts.insert(0, a);
        }
        self.auto_acts.truncate(KEPT);
    }

    /// The arbiter has read the event line: it empties.
    pub fn acknowledge_auto_acts(&mut self) {
        self.auto_acts.clear();
    }

    fn auto_act(&self, ev: &Event, rule: Option<AutoRule>) -> Option<AutoAct> {
        let t = self.log.state();
        let name = |no| t.player(no).map_or(String::new(), |p| p.entry.name.clone());
        match ev {
            Event::ResultRecorded {
                round,
                board,
                result,
                cause: Cause::LateWindow,
                ..
            } => {
                let g = t.game(*round, *board)?;
                let absent: Vec<Side> = match result {
                    GameResult::RedWinForfeit => vec![Side::Black],
                    GameResult::BlackWinForfeit => vec![Side::Red],
                    GameResult::DoubleForfeit => vec![Side::Red, Side::Black],
                    _ => Vec::new(),
                };
                Some(AutoAct::LateForfeit {
                    board: board.0,
                    absent: absent.into_iter().map(|s| name(g.player(s))).collect(),
                })
            }
            Event::ResultRecorded {
                board,
                result,
                cause: Cause::Reported,
                ..
            } => Some(AutoAct::Recorded {
                board: board.0,
                result: *result,
            }),
            Event::PlayerWithdrawn {
                no, by_rule: true, ..
            } => Some(AutoAct::Withdrawn { name: name(*no) }),
            Event::RoundPaired { round, .. } if rule == Some(AutoRule::Advance) => {
                Some(AutoAct::Paired { round: round.0 })
            }
            Event::ResultReported {
                round,
                board,
                result,
                ..
            } => {
                let g = t.game(*round, *board)?;
                (crate::domain::self_report::pending(g, t.signers_in(*round)) == Some(*result))
                    .then_some(AutoAct::Awaiting {
                        board: board.0,
                        result: *result,
                    })
            }
            Event::WrongCodeGiven { round, board } => {
                let g = t.game(*round, *board)?;
                (g.result.is_none() && crate::domain::self_report::locked(g))
                    .then_some(AutoAct::Locked { board: board.0 })
            }
            _ => None,
        }
    }
}

impl App {
    /// The event line in words: its head (`自动 3 (A 已读): `) and the acts, newest first;
    /// `None` when nothing waits.
    pub fn auto_line(&self) -> Option<(String, Vec<String>)> {
        if self.auto_acts.is_empty() {
            return None;
        }
        let key =
            crate::console::keymap::normal_key(crate::console::action::Action::AcknowledgeAuto)
                .unwrap_or_default();
        let head = crate::i18n::screen::auto_head(self.auto_acts.len(), &key, self.lang);
        let acts = self
            .auto_acts
            .iter()
            .map(|a| crate::i18n::screen::auto_act(a, self.lang))
            .collect();
        Some((head, acts))
    }
}
