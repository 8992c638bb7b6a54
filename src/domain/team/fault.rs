//! Why a team command was refused (registration, lineup, pairing of teams), as data: the
//! catalog words it in either language (`i18n::errors::team_fault`).

use super::super::ids::{PlayerNo, Round, TeamNo};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamFault {
    NotTeamEvent,
    NoName,
    NameTaken(String),
    TooFewPlayers {
        team: String,
        given: usize,
        boards: u32,
    },
    PlayerTwice {
        team: String,
        no: PlayerNo,
    },
    PlayerInOtherTeam {
        no: PlayerNo,
        other: String,
    },
    EnteredForOtherTeam {
        no: PlayerNo,
        name: String,
        entered: String,
        team: String,
    },
    ChangeNeedsReason,
    AlreadyPlayed {
        team: String,
        no: PlayerNo,
        round: Round,
    },
    TeamsAfterPairing,
    UnknownTeam(String),
    LineupTooLate {
        round: Round,
    },
    LineupPastLastRound {
        round: Round,
        rounds: u32,
    },
    LineupSize {
        team: String,
        given: usize,
        boards: u32,
    },
    NotOnRoster {
        team: String,
        no: PlayerNo,
    },
    Withdrawn {
        team: String,
        no: PlayerNo,
    },
    OrderBroken {
        team: String,
        board: u32,
        after: PlayerNo,
        before_board: u32,
        before: PlayerNo,
    },
    TooFewTeams,
    BeyondSchedule {
        teams: u32,
        rounds: u32,
        round: Round,
    },
    Unpairable(Vec<TeamNo>),
    NoDraw,
    HandChange,
}
