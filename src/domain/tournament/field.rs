//! A round robin's field and its table's own number of rounds, from the state
//! (docs/rules.md#12-formats): the players of a section the table is drawn for, and the rounds
//! a `rounds: 0` round robin plays.

use super::{Status, Tournament};
use crate::domain::format::{Format, TeamSchedule};
use crate::domain::ids::PlayerNo;

impl Tournament {
    /// The players of `section` the round-robin table is drawn for: round 1's once it is
    /// paired (a later withdrawal keeps its seat in the table), the active players before.
    pub fn table_field(&self, section: usize) -> Vec<PlayerNo> {
        let in_section = |no: &PlayerNo| self.player(*no).is_some_and(|p| p.section == section);
        let mut nos: Vec<PlayerNo> = match self.rounds.first() {
            Some(r1) => r1
                .games
                .iter()
                .flat_map(|g| [g.red, g.black])
                .chain(r1.byes.iter().copied())
                .filter(in_section)
                .collect(),
            None => self
                .players
                .iter()
                .filter(|p| p.section == section && p.status == Status::Active)
                .map(|p| p.no)
                .collect(),
        };
        nos.sort();
        nos.dedup();
        nos
    }

    /// The round-robin table's own number of rounds (individuals: the longest section's;
    /// teams: the table of the registered teams), `None` for a Swiss.
    pub fn table_rounds(&self) -> Option<u32> {
        match &self.rules.format {
            Format::RoundRobin(rr) => Some(
                (0..self.rules.sections.len().max(1))
                    .map(|s| rr.rounds_for(self.table_field(s).len()))
                    .max()
                    .unwrap_or(0),
            ),
            Format::Team {
                schedule: TeamSchedule::RoundRobin(rr),
                ..
            } => Some(rr.rounds_for(self.team_event.teams.len())),
            Format::Swiss { .. }
            | Format::Team {
                schedule: TeamSchedule::Swiss,
                ..
            } => None,
        }
    }

    /// Whether `rounds: 0` stands for the table's own number of rounds (round robins only).
    pub fn rounds_from_table(&self) -> bool {
        self.rules.rounds == 0 && self.rules.format.follows_a_table()
    }
}
