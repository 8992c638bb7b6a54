//! Whether a whole team has withdrawn (every player of its roster has), and from which round:
//! what the pairing, the bye and the withdrawal rule of docs/rules.md#11-team-matches read.

use super::super::ids::Round;
use super::super::tournament::{Status, Tournament};
use super::Team;

/// Whether every player of `team` has withdrawn (a team with nobody left to field).
pub fn has_withdrawn(t: &Tournament, team: &Team) -> bool {
    team.roster().next().is_some()
        && team
            .roster()
            .all(|no| t.player(no).is_some_and(|p| p.status != Status::Active))
}

/// The first round a withdrawn team is out of: the latest its players' withdrawals took effect
/// (`None` while it has a player left).
pub fn out_from(t: &Tournament, team: &Team) -> Option<Round> {
    if !has_withdrawn(t, team) {
        return None;
    }
    team.roster()
        .filter_map(|no| t.player(no).and_then(|p| p.withdrawn_from))
        .max()
}
