//! What the competition format decides for the event as a whole, asked in one place: the
//! number of rounds, whether players and pairings may be changed by hand, and late entries.
//! Pairing (`pairing::propose_opts`) and the tables (`standings`, `team::standings`) each ask
//! the format once more for their own concern. docs/rules.md#12-formats.

use super::format::Format;
use super::tournament::Tournament;

/// The last round the event pairs: `rules.rounds`, and never beyond a round robin's table.
pub fn last_round(t: &Tournament) -> u32 {
    let rounds = t.rules.rounds;
    t.table_rounds().map_or(rounds, |table| rounds.min(table))
}

/// Whether pairings may be made or changed by hand (`pair --manual`, `--swap`, `--flip`) and
/// numbers drawn at random: not in a team match, whose rosters name players by number and
/// whose boards follow the lineups.
pub fn hand_pairing_allowed(t: &Tournament) -> bool {
    match t.rules.format {
        Format::Swiss { .. } | Format::RoundRobin(_) => true,
        Format::Team { .. } => false,
    }
}

/// Whether a player may still enter after `paired` rounds are paired: in a round robin only
/// before round 1 (the table's field is fixed then), in a Swiss before the last round.
pub fn entry_open(t: &Tournament, paired: u32) -> Result<(), LateEntry> {
    match t.rules.format.round_robin() {
        Some(_) if paired >= 1 => Err(LateEntry::TableFixed),
        None if paired >= t.rules.rounds => Err(LateEntry::AllRoundsPaired),
        Some(_) | None => Ok(()),
    }
}

/// Why an entry comes too late.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LateEntry {
    /// A round robin's field is fixed once round 1 is paired.
    TableFixed,
    /// Every round of the Swiss is paired.
    AllRoundsPaired,
}
