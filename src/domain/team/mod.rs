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
pub mod state;
pub mod vacant;
pub mod withdrawal;
pub mod withdrawn;

pub use config::{MatchPoints, TeamMatch, TeamTiebreak};
pub use fault::TeamFault;
pub use matches::{Match, round_matches};
pub use standings::{TeamStanding, standings};
pub use state::{Lineup, RosterChange, Team, TeamEvent};
pub use vacant::VacantBoard;
