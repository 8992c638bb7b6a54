//! What an engine returns: for one section its pairs, its bye and the explanation; for the
//! round the proposal written once accepted (data).

use crate::domain::breaks::Break;
use crate::domain::event::Pairing;
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::pairing::explain::Line;

/// A section's pairing: (red, black) pairs, the bye, and its explanation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SectionPairing {
    pub pairs: Vec<(PlayerNo, PlayerNo)>,
    pub bye: Option<PlayerNo>,
    /// One line per pair, in the order of `pairs`.
    pub notes: Vec<Line>,
    /// Lines about the whole section (score groups, floats, bye, relaxed rules).
    pub general: Vec<Line>,
    /// Colour rules 4–5 broken by this pairing (last round, or relaxed by the head arbiter).
    pub breaks: Vec<Break>,
}

/// A proposed pairing for the next round, not yet written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    pub round: Round,
    pub games: Vec<Pairing>,
    pub byes: Vec<PlayerNo>,
    /// The explanation as data, one line per board then general notes (`pair --explain`;
    /// worded by `i18n::explain`).
    pub lines: Vec<Line>,
    /// Colour rules 4–5 this pairing breaks (last round, or relaxed by the head arbiter).
    pub breaks: Vec<Break>,
    /// A team round's vacant boards (缺台), none in an individual event.
    pub vacant: Vec<crate::domain::team::VacantBoard>,
}
