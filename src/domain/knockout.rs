//! Knockout finals for the top four after the configured Swiss round (RULES.md §7).
//! Placeholder until the knockout stage lands: no finalists, no knockout boards.

use super::event::Stage;
use super::ids::{PlayerNo, Round};
use super::refusal::Refusal;
use super::tournament::Tournament;

/// Players who have left the Swiss for the knockout by `round`.
pub fn finalists(_t: &Tournament, _round: Round) -> Vec<PlayerNo> {
    Vec::new()
}

/// The knockout boards (red, black, stage) to pair in `round`.
pub fn pairings(
    _t: &Tournament,
    _round: Round,
) -> Result<Vec<(PlayerNo, PlayerNo, Stage)>, Refusal> {
    Ok(Vec::new())
}
