//! Team matches (团体赛), after the rulebook R2011 chapter 13: teams register with a board order
//! and reserves, each round pairs teams (a round robin of teams on the Berger table, or a Swiss
//! of teams by match points), and each match is played on `boards` boards (3–4 usually). The
//! team with 先走 plays red on the odd boards and black on the even boards (R2011 13.3). Match
//! points (胜2 和1 负0 by default) and game points (局分) are both kept.
//!
//! The games of a team round are ordinary boards of `RoundPaired`, numbered continuously
//! (match 1 = boards 1–4, match 2 = boards 5–8, …), so results, clocks, fouls and corrections
//! are entered by board exactly as in an individual event. Which team a board belongs to is
//! read from the registered rosters; a match is the run of boards between the same two teams.
//!
//! This is a different thing from `domain::teams` (seed 003: the team *standings* of an
//! individual event); its settings are the rules field `team_match`.

pub mod config;
pub mod fault;
pub mod lineup;
pub mod matches;
pub mod pairing;
pub mod roster;
pub mod standings;

use serde::{Deserialize, Serialize};

use super::ids::{PlayerNo, Round, TeamNo};

pub use config::{MatchPoints, TeamMatch, TeamTiebreak};
pub use fault::TeamFault;
pub use matches::{Match, round_matches};
pub use roster::RosterChange;
pub use standings::{TeamStanding, standings};

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
}
