//! `team add|list` and `lineup`: team match events (团体赛, R2011 chapter 13) from the command
//! line. Parses and prints; the rules live in `domain::team`.

use std::path::Path;

use super::args::TeamCmd;
use super::{CliError, CliResult, Ctx, execute, fail, msg, open_log};
use crate::domain::team::{self, RosterChange, Team, TeamFault};
use crate::domain::{Command, Event, PlayerNo, Refusal, Tournament};
use crate::i18n::cli::{Msg, TeamMsg};

/// A list of player numbers as typed: "3,7,9,12" (Chinese commas, spaces and 、 too).
///
/// # Errors
/// One line naming the option and the piece that is not a number.
pub fn numbers(option: &str, s: &str) -> Result<Vec<PlayerNo>, CliError> {
    team::lineup::parse_numbers(s).map_err(|piece| {
        CliError(msg(&Msg::Team(TeamMsg::NotPlayerNumber {
            option: option.to_string(),
            piece,
        })))
    })
}

pub fn run(ctx: &Ctx, cmd: TeamCmd) -> CliResult {
    match cmd {
        TeamCmd::Add {
            log,
            name,
            players,
            reserves,
        } => {
            let (players, reserves) = if let Some(p) = players {
                (
                    numbers("--players", &p)?,
                    numbers("--reserves", reserves.as_deref().unwrap_or(""))?,
                )
            } else {
                let l = open_log(&log)?;
                by_team_column(l.state(), &name, reserves.as_deref())?
            };
            let recs = execute(
                ctx,
                &log,
                &Command::RegisterTeam {
                    name,
                    players,
                    reserves,
                },
            )?;
            let l = open_log(&log)?;
            for r in recs {
                if let Event::TeamRegistered { team } = r.ev {
                    crate::outln!("{}", describe_team(l.state(), &team));
                }
            }
            Ok(())
        }
        TeamCmd::Change {
            log,
            team,
            add_reserve,
            replace,
            reason,
        } => change(
            ctx,
            &log,
            &team,
            add_reserve.as_deref(),
            replace.as_deref(),
            reason,
        ),
        TeamCmd::List { log } => {
            let l = super::open_reader(ctx, &log, false)?;
            let t = l.state();
            for team in &t.team_event.teams {
                crate::outln!("{}", describe_team(t, team));
            }
            Ok(())
        }
    }
}

/// `team change LOG TEAM --add-reserve NO | --replace OLD NEW --reason T`: prints the roster
/// as it now stands.
fn change(
    ctx: &Ctx,
    log: &Path,
    team: &str,
    add_reserve: Option<&str>,
    replace: Option<&[String]>,
    reason: String,
) -> CliResult {
    let change = match (add_reserve, replace) {
        (_, Some([old, new])) => RosterChange::Replace {
            old: super::player_arg(old)?,
            new: super::player_arg(new)?,
        },
        (Some(no), _) => RosterChange::AddReserve(super::player_arg(no)?),
        // The parser already requires one of the two, with two values for --replace.
        _ => return fail(&Msg::Team(TeamMsg::ChangeWhat)),
    };
    let team = {
        let l = open_log(log)?;
        let t = l.state();
        team::lineup::boards_of(t)?;
        t.team_event
            .find(team)
            .map(|x| x.no)
            .ok_or_else(|| Refusal::Team(TeamFault::UnknownTeam(team.trim().to_string())))?
    };
    execute(
        ctx,
        log,
        &Command::ChangeTeam {
            team,
            change,
            reason,
        },
    )?;
    let l = open_log(log)?;
    if let Some(x) = l.state().team_event.team(team) {
        crate::outln!("{}", describe_team(l.state(), x));
    }
    Ok(())
}

/// Without `--players`: the players registered with this team name (`player add --team`, or
/// the team column of an import), in number order: the first `boards` are the board order,
/// the rest reserves (unless `--reserves` names them).
fn by_team_column(
    t: &Tournament,
    name: &str,
    reserves: Option<&str>,
) -> Result<(Vec<PlayerNo>, Vec<PlayerNo>), CliError> {
    let boards = team::lineup::boards_of(t)? as usize;
    let members: Vec<PlayerNo> = t
        .players
        .iter()
        .filter(|p| p.entry.team.trim() == name.trim())
        .map(|p| p.no)
        .collect();
    if let Some(r) = reserves {
        let reserves = numbers("--reserves", r)?;
        let players = members
            .into_iter()
            .filter(|n| !reserves.contains(n))
            .collect();
        return Ok((players, reserves));
    }
    let cut = boards.min(members.len());
    Ok((members[..cut].to_vec(), members[cut..].to_vec()))
}

/// "第3队 杭州队: 1 张三, 2 李四, … 替补: 15 王五".
fn describe_team(t: &Tournament, team: &Team) -> String {
    let list = |v: &[PlayerNo]| {
        v.iter()
            .map(|no| {
                let name = t.player(*no).map_or("", |p| p.entry.name.as_str());
                format!("{no} {name}")
            })
            .collect::<Vec<_>>()
    };
    msg(&Msg::Team(TeamMsg::Team {
        no: team.no,
        name: team.name.clone(),
        players: list(&team.players),
        reserves: list(&team.reserves),
    }))
}

/// `lineup LOG --team T --players "3,7,9,12" [--round R]`.
pub fn lineup(ctx: &Ctx, path: &Path, team: &str, players: &str, round: Option<u32>) -> CliResult {
    let players = numbers("--players", players)?;
    let round = super::round_arg(round)?;
    let team_no = {
        let l = open_log(path)?;
        let t = l.state();
        team::lineup::boards_of(t)?;
        t.team_event
            .find(team)
            .map(|x| x.no)
            .ok_or_else(|| Refusal::Team(TeamFault::UnknownTeam(team.trim().to_string())))?
    };
    let recs = execute(
        ctx,
        path,
        &Command::SubmitLineup {
            round,
            team: team_no,
            players,
        },
    )?;
    let l = open_log(path)?;
    let t = l.state();
    for r in recs {
        if let Event::LineupSubmitted { lineup } = r.ev {
            let name = t
                .team_event
                .team(lineup.team)
                .map_or("", |x| x.name.as_str());
            let boards = lineup
                .players
                .iter()
                .map(|no| {
                    let name = t.player(*no).map_or("", |p| p.entry.name.as_str());
                    (*no, name.to_string())
                })
                .collect();
            let line = TeamMsg::Lineup {
                round: lineup.round,
                team: name.to_string(),
                boards,
                of: t.rules.format.team().map_or(0, |m| m.boards),
            };
            crate::outln!("{}", msg(&Msg::Team(line)));
        }
    }
    Ok(())
}
