//! The table that selects the finalists (docs/rules.md#7-knockout), computed once and kept
//! until an event can change it, instead of once per question about the knockout (each
//! pairing, lot, colour choice and tie-break game asked for it again:
//! docs/performance.md#a-whole-event-linear-in-the-field).
//!
//! The table after the selecting round reads the rules, the players and the rounds up to that
//! round. An event bound to a later round changes only that round, so the table is kept;
//! every other event forgets it.

use std::sync::OnceLock;

use crate::domain::event::Event;
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::rules::Rules;

/// The selecting table's order (player and section, best first), once asked for, with the
/// rules and the size of the field it was computed for (a state changed outside `apply`, as
/// tests do, computes it afresh).
#[derive(Clone, Debug, Default)]
pub struct SelectingTable(OnceLock<Memo>);

#[derive(Clone, Debug)]
struct Memo {
    rules: Rules,
    players: usize,
    order: Vec<(PlayerNo, usize)>,
}

/// A memo of the other fields of the state, not a fact of the log: two states equal in their
/// facts are equal whether or not either has computed it.
impl PartialEq for SelectingTable {
    fn eq(&self, _: &SelectingTable) -> bool {
        true
    }
}

impl Eq for SelectingTable {}

impl SelectingTable {
    /// The kept order, if it was computed for these `rules` and a field of `players`;
    /// otherwise `compute`'s (kept when nothing was kept yet).
    pub fn get_or(
        &self,
        rules: &Rules,
        players: usize,
        compute: impl Fn() -> Vec<(PlayerNo, usize)>,
    ) -> std::borrow::Cow<'_, [(PlayerNo, usize)]> {
        let memo = self.0.get_or_init(|| Memo {
            rules: rules.clone(),
            players,
            order: compute(),
        });
        if memo.players == players && memo.rules == *rules {
            std::borrow::Cow::Borrowed(&memo.order)
        } else {
            std::borrow::Cow::Owned(compute())
        }
    }

    /// Forgets the table unless `event` (applied to a state with these `rules`) is bound to a
    /// round after the selecting one.
    pub fn after(&mut self, event: &Event, rules: &Rules) {
        let keep = rules
            .format
            .knockout()
            .zip(round_of(event))
            .is_some_and(|(k, r)| r.0 > k.after_round);
        if !keep {
            self.0 = OnceLock::new();
        }
    }
}

/// The one round an event changes, for the events that change nothing outside it. Every
/// event is named, so a new one must be placed here.
fn round_of(event: &Event) -> Option<Round> {
    match event {
        Event::RoundPaired { round, .. }
        | Event::RoundUnpaired { round, .. }
        | Event::PairingOverridden { round, .. }
        | Event::GameAdded { round, .. }
        | Event::RoundStarted { round, .. }
        | Event::StartCorrected { round, .. }
        | Event::ResultRecorded { round, .. }
        | Event::ResultCorrected { round, .. }
        | Event::SeatMarked { round, .. }
        | Event::FoulRecorded { round, .. }
        | Event::Clock { round, .. }
        | Event::MoveLimitNoted { round, .. }
        | Event::LotDrawn { round, .. }
        | Event::PairingOutdated { round, .. }
        | Event::PairingKept { round, .. }
        | Event::PairingNoted { round, .. }
        | Event::CodesIssued { round, .. }
        | Event::ResultReported { round, .. }
        | Event::WrongCodeGiven { round, .. }
        | Event::ReportsUnlocked { round, .. }
        | Event::SignaturesOverridden { round, .. }
        | Event::ColourChosen { round, .. }
        | Event::BoardsVacant { round, .. }
        | Event::RequestedByesRecorded { round, .. }
        | Event::ByeCancelled { round, .. } => Some(*round),
        Event::ByeRequested { request } => Some(request.round),
        Event::Created { .. }
        | Event::PlayerRegistered { .. }
        | Event::PlayerWithdrawn { .. }
        | Event::PlayerReinstated { .. }
        | Event::NumbersDrawn { .. }
        | Event::TimeCorrected { .. }
        | Event::AutoAdvanced { .. }
        | Event::TeamRegistered { .. }
        | Event::LineupSubmitted { .. }
        | Event::TeamChanged { .. }
        | Event::RulesAmended { .. } => None,
    }
}
