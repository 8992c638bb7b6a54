//! Why a team command was refused (registration, lineup, pairing of teams), as data. The
//! English text is `Display`; the Chinese one is `zh` (both rendered by `crate::i18n`).

use thiserror::Error;

use super::super::ids::{PlayerNo, Round, TeamNo};

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TeamFault {
    #[error("this event is not a team match event (its rules have no team_match)")]
    NotTeamEvent,
    #[error("a team needs a name")]
    NoName,
    #[error("team name '{0}' is already registered")]
    NameTaken(String),
    #[error(
        "team '{team}' lists {given} players for its board order; a match is played on {boards} boards"
    )]
    TooFewPlayers {
        team: String,
        given: usize,
        boards: u32,
    },
    #[error("player {no} is listed twice in team '{team}'")]
    PlayerTwice { team: String, no: PlayerNo },
    #[error("player {no} already plays for team '{other}'")]
    PlayerInOtherTeam { no: PlayerNo, other: String },
    #[error(
        "player {no} {name} was entered for team '{entered}' (player add --team), not for '{team}'"
    )]
    EnteredForOtherTeam {
        no: PlayerNo,
        name: String,
        entered: String,
        team: String,
    },
    #[error("a roster correction needs the organizer's reason (--reason TEXT)")]
    ChangeNeedsReason,
    #[error(
        "team '{team}': player {no} has played for the team (round {round}) and can no longer be replaced"
    )]
    AlreadyPlayed {
        team: String,
        no: PlayerNo,
        round: Round,
    },
    #[error("teams are registered before round 1 is paired")]
    TeamsAfterPairing,
    #[error("there is no team {0}")]
    UnknownTeam(String),
    #[error(
        "round {round} is already paired: hand in the lineup before pairing (or unpair it first)"
    )]
    LineupTooLate { round: Round },
    #[error("the event has {rounds} rounds: there is no round {round} to hand a lineup in for")]
    LineupPastLastRound { round: Round, rounds: u32 },
    #[error("team '{team}': a lineup names {given} players; a match is played on {boards} boards")]
    LineupSize {
        team: String,
        given: usize,
        boards: u32,
    },
    #[error("team '{team}': player {no} is not on its roster")]
    NotOnRoster { team: String, no: PlayerNo },
    #[error("team '{team}': player {no} has withdrawn")]
    Withdrawn { team: String, no: PlayerNo },
    #[error(
        "team '{team}': board {board} ({after}) comes after board {before_board} ({before}) in the registered board order; a lineup keeps that order"
    )]
    OrderBroken {
        team: String,
        board: u32,
        after: PlayerNo,
        before_board: u32,
        before: PlayerNo,
    },
    #[error("team '{team}' cannot field {boards} players (withdrawals)")]
    CannotField { team: String, boards: u32 },
    #[error("at least two teams are needed to pair a round")]
    TooFewTeams,
    #[error("the schedule of {teams} teams has {rounds} rounds: round {round} has no games")]
    BeyondSchedule {
        teams: u32,
        rounds: u32,
        round: Round,
    },
    #[error("no legal pairing of teams: teams {} cannot be paired without a rematch", list(.0))]
    Unpairable(Vec<TeamNo>),
    #[error("in a team match event numbers follow the registration order (no draw)")]
    NoDraw,
    #[error(
        "the boards of a team match follow the lineups and R2011 13.3: to change them, unpair the round, hand in new lineups and pair again"
    )]
    HandChange,
}

fn list(v: &[TeamNo]) -> String {
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl TeamFault {
    /// The Chinese text.
    pub fn zh(&self) -> String {
        match self {
            TeamFault::NotTeamEvent => "本赛事不是团体赛 (规则中没有 team_match)".into(),
            TeamFault::NoName => "队名不能为空".into(),
            TeamFault::NameTaken(n) => format!("队名「{n}」已报名"),
            TeamFault::TooFewPlayers {
                team,
                given,
                boards,
            } => format!("「{team}」台次顺序只列了{given}名队员, 每场比赛{boards}台"),
            TeamFault::PlayerTwice { team, no } => format!("{no}号在「{team}」中出现两次"),
            TeamFault::PlayerInOtherTeam { no, other } => {
                format!("{no}号已是「{other}」的队员")
            }
            TeamFault::EnteredForOtherTeam {
                no,
                name,
                entered,
                team,
            } => format!("{no}号{name}报名时属「{entered}」, 不能编入「{team}」"),
            TeamFault::ChangeNeedsReason => "更改参赛队名单须写明理由 (--reason)".into(),
            TeamFault::AlreadyPlayed { team, no, round } => {
                format!("「{team}」{no}号已在第{round}轮为本队出场, 不能再更换")
            }
            TeamFault::TeamsAfterPairing => "参赛队须在第1轮编排前报名".into(),
            TeamFault::UnknownTeam(t) => format!("没有队伍 {t}"),
            TeamFault::LineupTooLate { round } => {
                format!("第{round}轮已编排: 出场名单须在编排前提交 (或先撤销编排)")
            }
            TeamFault::LineupPastLastRound { round, rounds } => {
                format!("本赛事共{rounds}轮: 没有第{round}轮, 不能为它提交出场名单")
            }
            TeamFault::LineupSize {
                team,
                given,
                boards,
            } => format!("「{team}」出场名单有{given}人, 每场比赛{boards}台"),
            TeamFault::NotOnRoster { team, no } => format!("{no}号不在「{team}」的报名名单中"),
            TeamFault::Withdrawn { team, no } => format!("「{team}」{no}号已退赛"),
            TeamFault::OrderBroken {
                team,
                board,
                after,
                before_board,
                before,
            } => format!(
                "「{team}」第{board}台 ({after}号) 在报名台次顺序中排在第{before_board}台 ({before}号) 之后; 出场名单须保持报名顺序"
            ),
            TeamFault::CannotField { team, boards } => {
                format!("「{team}」凑不齐{boards}名队员 (有人退赛)")
            }
            TeamFault::TooFewTeams => "至少需要两支队伍才能编排".into(),
            TeamFault::BeyondSchedule {
                teams,
                rounds,
                round,
            } => format!("{teams}队循环共{rounds}轮: 第{round}轮没有比赛"),
            TeamFault::Unpairable(v) => {
                format!("无合规编排: 第{}队无法在不重复相遇的前提下编对", list(v))
            }
            TeamFault::NoDraw => "团体赛序号按报名顺序, 不抽签".into(),
            TeamFault::HandChange => {
                "团体赛各台对阵由出场名单和先走规则 (13.3) 决定: 如需更改, 请撤销本轮编排, 重新提交出场名单后再编排".into()
            }
        }
    }
}
