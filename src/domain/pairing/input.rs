//! What the engines are given to pair one section (docs/rules.md#3-pairing): each player's score
//! and history up to the round being paired. Data only.

use crate::domain::ids::{PlayerNo, Round};
use crate::domain::side::Side;

/// Whether a player was paired against a higher (up) or lower (down) score in a past round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    None,
    Up,
    Down,
}

/// One player as the engine sees them: score and history up to the round being paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub no: PlayerNo,
    pub score: u32,
    /// Everyone met so far (forfeited games count as met).
    pub opponents: Vec<PlayerNo>,
    /// Colours of the games paired so far, in round order (forfeits included, byes excluded).
    pub colours: Vec<Side>,
    pub had_bye: bool,
    /// Floats in the past rounds, in round order.
    pub floats: Vec<Float>,
    /// Current rank in the section (1 = best): score, then number.
    pub rank: u32,
}

impl Entrant {
    pub fn reds(&self) -> usize {
        self.colours.iter().filter(|c| **c == Side::Red).count()
    }
    pub fn blacks(&self) -> usize {
        self.colours.len() - self.reds()
    }
    pub fn has_met(&self, other: PlayerNo) -> bool {
        self.opponents.contains(&other)
    }
}

/// Everything the engine needs to pair one section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionInput {
    pub round: Round,
    /// True when this is the event's last round: colour rules may be relaxed (docs/rules.md#3-pairing).
    pub last_round: bool,
    /// True in the last three rounds: the higher-scored player's colour need wins.
    pub late_rounds: bool,
    /// The head arbiter relaxed colour rules 4–5 before the last round (`pair --relax
    /// colours`): fewest breaks first, then criteria 6–10.
    pub relax_colours: bool,
    /// Eligible players, best rank first.
    pub entrants: Vec<Entrant>,
}
