//! A whole team's withdrawal (docs/rules.md#11-team-matches): a team has withdrawn once every
//! player of its roster has. From then on it fields nobody, so each of its matches is played on
//! vacant boards and lost by forfeit. In a round robin of teams the rule for a player's
//! withdrawal (R2011 ch.14, docs/rules.md#45-withdrawal-in-a-round-robin) applies to its
//! matches: a team that fielded players in fewer than half of the matches the table gives it
//! has every match annulled (they count for nobody in the team table, and the forfeit wins of
//! its empty boards count for nobody); with half or more its results stand and the rest are
//! forfeits. In a Swiss of teams a withdrawn team is no longer paired.

use super::super::ids::TeamNo;
use super::super::tournament::Tournament;
use super::Team;
use super::withdrawn::has_withdrawn;

/// The rounds in which `team` fielded at least one player (one of them sat at a board).
pub fn matches_fielded(t: &Tournament, team: &Team) -> u32 {
    t.rounds
        .iter()
        .filter(|r| team.roster().any(|no| r.seated(no)))
        .count() as u32
}

/// The teams whose matches are annulled: withdrawn in a round robin of teams having fielded
/// players in fewer than half of the matches its table gives it.
pub fn annulled(t: &Tournament) -> Vec<TeamNo> {
    let Some(rr) = t.rules.format.round_robin() else {
        return Vec::new();
    };
    let n = t.team_event.teams.len() as u32;
    // Each team meets every other once a cycle (a rest is no match).
    let due = n.saturating_sub(1) * rr.cycles();
    t.team_event
        .teams
        .iter()
        .filter(|x| has_withdrawn(t, x) && matches_fielded(t, x) * 2 < due)
        .map(|x| x.no)
        .collect()
}
