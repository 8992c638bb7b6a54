//! The Swiss engine for rounds 2 and later (RULES.md §3). Placeholder until the engine lands.

use thiserror::Error;

use super::SectionInput;
use crate::domain::ids::PlayerNo;

/// A section's pairing: (red, black) pairs, the bye, and one explanation line per pair.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SectionPairing {
    pub pairs: Vec<(PlayerNo, PlayerNo)>,
    pub bye: Option<PlayerNo>,
    /// One line per pair, in the order of `pairs`.
    pub notes: Vec<String>,
    /// Notes about the whole section (score groups, relaxed rules).
    pub general: Vec<String>,
}

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PairingError {
    #[error("no legal pairing: players {0:?} cannot be paired")]
    Unpairable(Vec<PlayerNo>),
    #[error("rounds after the first are not paired by this build yet")]
    NotImplemented,
}

/// Pairs one section for a round after the first.
pub fn pair_section(_input: &SectionInput) -> Result<SectionPairing, PairingError> {
    Err(PairingError::NotImplemented)
}

/// Lists the hard rules a hand-made pairing of `round` breaks (rematches, third colour in a
/// row, colour difference of three, players of different sections).
pub fn check_hard_rules(
    t: &crate::domain::Tournament,
    round: crate::domain::Round,
    games: &[crate::domain::event::Pairing],
) -> Vec<String> {
    let _ = (t, round, games);
    Vec::new()
}
