//! The team part of a tournament's state: the registered teams (board order and reserves), the
//! lineups handed in, and a roster correction's change (`RosterChange`, which `TeamChanged`
//! records), with the folds that apply them. Data only: the rules that decide them are in
//! `roster.rs` and `lineup.rs`, above the state.

use serde::{Deserialize, Serialize};

use super::super::ids::{PlayerNo, Round, TeamNo};

/// What a correction changes in a team's roster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RosterChange {
    /// A new reserve, after the team's other reserves.
    AddReserve(PlayerNo),
    /// `new` takes the place of `old` (board order or reserves), `old` leaves the team.
    Replace { old: PlayerNo, new: PlayerNo },
}

/// A registered team: its board order (主力, in board order) and its reserves (替补).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    pub no: TeamNo,
    pub name: String,
    /// The registered board order: `players[0]` plays board 1 by default.
    pub players: Vec<PlayerNo>,
    /// Reserves, in the order they come in.
    #[serde(default)]
    pub reserves: Vec<PlayerNo>,
}

impl Team {
    /// The whole roster in its registered order: the board order, then the reserves. A
    /// lineup keeps this order (R2011 13: a reserve comes in below the players it follows).
    pub fn roster(&self) -> impl Iterator<Item = PlayerNo> + '_ {
        self.players.iter().chain(&self.reserves).copied()
    }

    pub fn has(&self, no: PlayerNo) -> bool {
        self.roster().any(|p| p == no)
    }
}

/// A lineup handed in for a round: the players of `boards` boards, board 1 first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lineup {
    pub round: Round,
    pub team: TeamNo,
    pub players: Vec<PlayerNo>,
}

/// The team part of a tournament's state: teams in number order, and the lineups handed in.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamEvent {
    /// `teams[i]` has number `i + 1`.
    pub teams: Vec<Team>,
    /// The latest lineup of each team for each round (a later one replaces an earlier one).
    pub lineups: Vec<Lineup>,
}

impl TeamEvent {
    pub fn team(&self, no: TeamNo) -> Option<&Team> {
        self.teams.get(no.index()).filter(|t| t.no == no)
    }

    /// The team whose roster holds player `no`.
    pub fn team_of(&self, no: PlayerNo) -> Option<&Team> {
        self.teams.iter().find(|t| t.has(no))
    }

    /// A team by number ("3") or by name ("杭州队").
    pub fn find(&self, key: &str) -> Option<&Team> {
        let key = key.trim();
        if let Ok(n) = key.parse::<u32>() {
            return self.team(TeamNo(n));
        }
        self.teams.iter().find(|t| t.name == key)
    }

    /// The lineup handed in for `team` in `round`, if any.
    pub fn lineup(&self, round: Round, team: TeamNo) -> Option<&Lineup> {
        self.lineups
            .iter()
            .rev()
            .find(|l| l.round == round && l.team == team)
    }

    /// Folds a registered team (numbers are dense: the next free number only).
    pub(crate) fn register(&mut self, team: &Team) {
        if team.no.index() == self.teams.len() {
            self.teams.push(team.clone());
        }
    }

    /// Folds a lineup: it replaces the team's earlier lineup for the same round.
    pub(crate) fn set_lineup(&mut self, lineup: &Lineup) {
        self.lineups
            .retain(|l| !(l.round == lineup.round && l.team == lineup.team));
        self.lineups.push(lineup.clone());
    }

    /// Folds a roster correction: a reserve appended, or the newcomer in the leaver's place,
    /// in the roster and in the lineups handed in for rounds after `paired` (not yet paired).
    pub(crate) fn change(&mut self, team: TeamNo, change: RosterChange, paired: Round) {
        let Some(tm) = self.teams.get_mut(team.index()).filter(|x| x.no == team) else {
            return;
        };
        match change {
            RosterChange::AddReserve(new) => tm.reserves.push(new),
            RosterChange::Replace { old, new } => {
                for p in tm.players.iter_mut().chain(tm.reserves.iter_mut()) {
                    if *p == old {
                        *p = new;
                    }
                }
                for l in self
                    .lineups
                    .iter_mut()
                    .filter(|l| l.team == team && l.round > paired)
                {
                    for p in &mut l.players {
                        if *p == old {
                            *p = new;
                        }
                    }
                }
            }
        }
    }
}
