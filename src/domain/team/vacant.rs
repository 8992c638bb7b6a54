//! Vacant boards (缺台): a team that cannot field all its boards plays with the players it
//! has, on its first boards in its lineup's order, and loses its missing (last) boards by
//! forfeit (docs/rules.md#11-team-matches). A vacant board is no game: nobody sits at it, it
//! has no clock, code or late window; it is a forfeit win for the player facing the empty
//! seat (a double forfeit when both teams are short there) and counts as such in the match,
//! the team table and that player's individual points.

use super::super::ids::{Board, PlayerNo, TeamNo};
use super::super::result::GameResult;
use super::super::side::{BySide, Side};

/// One vacant board of a team round.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct VacantBoard {
    pub board: Board,
    /// The team of each side (the colour its player would have had, R2011 13.3).
    pub teams: BySide<TeamNo>,
    /// The player of each side, where the team fielded one (at least one side is empty).
    pub players: BySide<Option<PlayerNo>>,
}

impl VacantBoard {
    /// The board's result: a forfeit win for the side that is there, a double forfeit when
    /// neither is.
    pub fn result(&self) -> GameResult {
        match (self.players.red, self.players.black) {
            (Some(_), None) => GameResult::RedWinForfeit,
            (None, Some(_)) => GameResult::BlackWinForfeit,
            _ => GameResult::DoubleForfeit,
        }
    }

    /// The sides nobody sits at.
    pub fn empty_sides(&self) -> impl Iterator<Item = Side> + '_ {
        Side::BOTH
            .into_iter()
            .filter(|s| self.players.get(*s).is_none())
    }

    /// The player facing the empty seat, and their side.
    pub fn present(&self) -> Option<(Side, PlayerNo)> {
        Side::BOTH
            .into_iter()
            .find_map(|s| (*self.players.get(s)).map(|p| (s, p)))
    }
}
