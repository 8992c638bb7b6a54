//! The rules field `team_match` (团体赛 settings, R2011 chapter 13): boards per match, match
//! points, and the team tiebreak chain. The system (`round_robin`, `double_round_robin` or
//! `swiss`) is the rules' own `system` field, applied to teams.

use serde::{Deserialize, Serialize};

/// Match points for a won, drawn and lost match (R2011 13: 胜2 和1 负0 by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchPoints {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
}

impl Default for MatchPoints {
    fn default() -> Self {
        MatchPoints {
            win: 2,
            draw: 1,
            loss: 0,
        }
    }
}

/// The team tiebreaks, applied in the order the rules list them, after match points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamTiebreak {
    /// 局分: the game points of all the team's games.
    GamePoints,
    /// 直胜: the match points scored in the matches among the tied teams only (any number of
    /// tied teams).
    DirectEncounter,
    /// 台次分 (board by board): the game points of board 1 compared first, then board 2, …
    BoardPoints,
    /// 胜场: matches won.
    MatchWins,
    /// 对手分: the match points of every team met.
    OpponentMatchPoints,
}

impl TeamTiebreak {
    pub const ALL: [TeamTiebreak; 5] = [
        TeamTiebreak::GamePoints,
        TeamTiebreak::DirectEncounter,
        TeamTiebreak::BoardPoints,
        TeamTiebreak::MatchWins,
        TeamTiebreak::OpponentMatchPoints,
    ];

    /// The key in the JSON export.
    pub fn word(self) -> &'static str {
        match self {
            TeamTiebreak::GamePoints => "game_points",
            TeamTiebreak::DirectEncounter => "direct_encounter",
            TeamTiebreak::BoardPoints => "board_points",
            TeamTiebreak::MatchWins => "match_wins",
            TeamTiebreak::OpponentMatchPoints => "opponent_match_points",
        }
    }
}

fn default_boards() -> u32 {
    4
}

fn default_tiebreaks() -> Vec<TeamTiebreak> {
    vec![
        TeamTiebreak::GamePoints,
        TeamTiebreak::DirectEncounter,
        TeamTiebreak::BoardPoints,
    ]
}

/// A team match event's settings (rules field `team_match`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamMatch {
    /// Boards per match (台数), 2 to 8; 3 or 4 in practice.
    #[serde(default = "default_boards")]
    pub boards: u32,
    #[serde(default)]
    pub match_points: MatchPoints,
    /// After match points; the team number (drawn order) decides last.
    #[serde(default = "default_tiebreaks")]
    pub tiebreaks: Vec<TeamTiebreak>,
}

impl Default for TeamMatch {
    fn default() -> Self {
        TeamMatch {
            boards: default_boards(),
            match_points: MatchPoints::default(),
            tiebreaks: default_tiebreaks(),
        }
    }
}
