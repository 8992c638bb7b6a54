//! The words of the team commands (`team add|list|change`, `lineup`) and of a simulated team
//! match event (`simulate --teams`).

use crate::domain::rules::Lang;
use crate::domain::{PlayerNo, Round, TeamNo};

/// A message of the team commands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamMsg {
    /// A list of numbers with a piece that is not one: the option and the piece.
    NotPlayerNumber {
        option: String,
        piece: String,
    },
    /// `team change` with neither change.
    ChangeWhat,
    /// A team as `team list` shows it: its players and reserves, each "NO NAME".
    Team {
        no: TeamNo,
        name: String,
        players: Vec<String>,
        reserves: Vec<String>,
    },
    /// A lineup recorded: the round, the team's name and each board's player.
    Lineup {
        round: Round,
        team: String,
        boards: Vec<(PlayerNo, String)>,
        /// The match's board count: the boards after the lineup's are vacant (缺台).
        of: u32,
    },
    /// `simulate --teams` with a preset that is no team match event's.
    SimPresetNotTeams(String),
    /// `simulate --teams` with a rules file that is no team match event's.
    SimFileNotTeams(String),
    /// The rules handed to the team simulation are no team match event's.
    SimRulesNotTeams,
    SimTooFewTeams,
    SimDone {
        teams: usize,
        players: usize,
        rounds: usize,
        out: String,
    },
}

/// The words of `m` in `lang`.
pub fn text(m: &TeamMsg, lang: Lang) -> String {
    match m {
        TeamMsg::NotPlayerNumber { option, piece } => words!(
            lang,
            format!("{option}: 「{piece}」不是棋手序号"),
            format!("{option}: '{piece}' is not a player number")
        ),
        TeamMsg::ChangeWhat => words!(
            lang,
            "team change: 须给出 --add-reserve 序号 或 --replace 原序号 新序号",
            "team change: give --add-reserve NO or --replace OLD NEW"
        )
        .to_string(),
        TeamMsg::Team {
            no,
            name,
            players,
            reserves,
        } => {
            let players = players.join(", ");
            let reserves = if reserves.is_empty() {
                String::new()
            } else {
                let list = reserves.join(", ");
                words!(
                    lang,
                    format!("; 替补: {list}"),
                    format!("; reserves: {list}")
                )
            };
            words!(
                lang,
                format!("第{no}队 {name}: {players}{reserves}"),
                format!("team {no} {name}: {players}{reserves}")
            )
        }
        TeamMsg::Lineup {
            round,
            team,
            boards,
            of,
        } => {
            let named = boards.len() as u32;
            let boards: Vec<String> = boards
                .iter()
                .enumerate()
                .map(|(k, (no, name))| {
                    let k = k + 1;
                    words!(
                        lang,
                        format!("第{k}台 {no} {name}"),
                        format!("board {k} {no} {name}")
                    )
                })
                .collect();
            let boards = boards.join(", ");
            let lineup = words!(
                lang,
                format!("第{round}轮 {team} 出场名单: {boards}"),
                format!("round {round} {team} lineup: {boards}")
            );
            if named >= *of {
                return lineup;
            }
            let missing: Vec<String> = (named + 1..=*of).map(|k| k.to_string()).collect();
            words!(
                lang,
                format!(
                    "{lineup}; 人数不足: 本场第{}台缺台, 按弃权判负",
                    missing.join("、")
                ),
                format!(
                    "{lineup}; short of players: board {} of the match vacant, lost by forfeit",
                    missing.join(", ")
                )
            )
        }
        TeamMsg::SimPresetNotTeams(p) => words!(
            lang,
            format!("--teams: 预设 {p} 不是团体赛 (规程中没有 team_match)"),
            format!("--teams: preset {p} is not a team match event (no team_match)")
        ),
        TeamMsg::SimFileNotTeams(f) => words!(
            lang,
            format!("--teams: 规程文件 {f} 不是团体赛 (规程中没有 team_match)"),
            format!("--teams: rules file {f} is not a team match event (no team_match)")
        ),
        TeamMsg::SimRulesNotTeams => words!(
            lang,
            "--teams: 规程不是团体赛 (规程中没有 team_match)",
            "--teams: the rules are not a team match event's (no team_match)"
        )
        .to_string(),
        TeamMsg::SimTooFewTeams => words!(
            lang,
            "--teams: 至少需要两支队伍",
            "--teams: at least two teams are needed"
        )
        .to_string(),
        TeamMsg::SimDone {
            teams,
            players,
            rounds,
            out,
        } => words!(
            lang,
            format!("已模拟 {teams} 支队伍 ({players} 名棋手) 共 {rounds} 轮, 写入 {out}"),
            format!(
                "simulated {teams} teams ({players} players), {rounds} rounds, written to {out}"
            )
        ),
    }
}
