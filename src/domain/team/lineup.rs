//! Team registration and lineups (出场名单), R2011 chapter 13: a team registers its board order
//! (主力) and reserves (替补); before each round it hands in the players of its boards, board 1
//! first. A lineup keeps the registered order: a reserve may come in, and a player may rest,
//! but nobody moves above a player registered ahead of them. A team that hands in no lineup
//! plays its registered order: the first `boards` active players of its roster. A team short of
//! players (a lineup of fewer, or fewer active players than boards) plays its first boards and
//! loses the missing last ones by forfeit (`vacant`, docs/rules.md#11-team-matches).

use super::super::event::Event;
use super::super::ids::{PlayerNo, Round, TeamNo};
use super::super::refusal::Refusal;
use super::super::tournament::{Status, Tournament};
pub use super::roster::boards_of;
use super::{Lineup, Team, TeamFault};

fn refuse<T>(f: TeamFault) -> Result<T, Refusal> {
    Err(Refusal::Team(f))
}

/// `team add`: a new team with its board order and reserves.
///
/// # Errors
/// Not a team event, a round already paired, an empty or taken name, fewer players than
/// boards, an unknown player, a player twice, already in another team or entered at the desk
/// for another team (`roster::admit`).
pub fn register(
    t: &Tournament,
    name: &str,
    players: &[PlayerNo],
    reserves: &[PlayerNo],
) -> Result<Vec<Event>, Refusal> {
    let boards = boards_of(t)?;
    if !t.rounds.is_empty() {
        return refuse(TeamFault::TeamsAfterPairing);
    }
    let name = name.trim();
    if name.is_empty() {
        return refuse(TeamFault::NoName);
    }
    if t.team_event.teams.iter().any(|x| x.name == name) {
        return refuse(TeamFault::NameTaken(name.to_string()));
    }
    if players.len() < boards as usize {
        return refuse(TeamFault::TooFewPlayers {
            team: name.to_string(),
            given: players.len(),
            boards,
        });
    }
    let mut seen = Vec::new();
    for &no in players.iter().chain(reserves) {
        if t.player(no).is_none() {
            return Err(Refusal::UnknownPlayer(no));
        }
        if seen.contains(&no) {
            return refuse(TeamFault::PlayerTwice {
                team: name.to_string(),
                no,
            });
        }
        super::roster::admit(t, name, no)?;
        seen.push(no);
    }
    Ok(vec![Event::TeamRegistered {
        team: Team {
            no: TeamNo(t.team_event.teams.len() as u32 + 1),
            name: name.to_string(),
            players: players.to_vec(),
            reserves: reserves.to_vec(),
        },
    }])
}

/// Checks a lineup of `team` against its roster: one to `boards` players (the boards after the
/// last one named are vacant), each on the roster, active, once, in the registered order.
///
/// # Errors
/// The first fault found, naming the board.
pub fn check(
    t: &Tournament,
    team: &Team,
    players: &[PlayerNo],
    boards: u32,
) -> Result<(), TeamFault> {
    if players.is_empty() || players.len() > boards as usize {
        return Err(TeamFault::LineupSize {
            team: team.name.clone(),
            given: players.len(),
            boards,
        });
    }
    let order: Vec<PlayerNo> = team.roster().collect();
    let mut last: Option<(usize, u32)> = None;
    for (k, &no) in players.iter().enumerate() {
        let board = k as u32 + 1;
        let Some(pos) = order.iter().position(|p| *p == no) else {
            return Err(TeamFault::NotOnRoster {
                team: team.name.clone(),
                no,
            });
        };
        if players[..k].contains(&no) {
            return Err(TeamFault::PlayerTwice {
                team: team.name.clone(),
                no,
            });
        }
        if t.player(no).is_some_and(|p| p.status != Status::Active) {
            return Err(TeamFault::Withdrawn {
                team: team.name.clone(),
                no,
            });
        }
        if let Some((prev, prev_board)) = last
            && pos < prev
        {
            return Err(TeamFault::OrderBroken {
                team: team.name.clone(),
                board,
                after: no,
                before_board: prev_board,
                before: order[prev],
            });
        }
        last = Some((pos, board));
    }
    Ok(())
}

/// `lineup`: the lineup of `team` for `round` (by default the next round to be paired).
///
/// # Errors
/// Not a team event, an unknown team, or a lineup `check` refuses.
pub fn submit(
    t: &Tournament,
    round: Option<Round>,
    team: TeamNo,
    players: &[PlayerNo],
) -> Result<Vec<Event>, Refusal> {
    let boards = boards_of(t)?;
    let next = next_round(t);
    if let Some(r) = round
        && r < next
    {
        return refuse(TeamFault::LineupTooLate { round: r });
    }
    // Never past the event's last round (the schedule's own, for a round robin).
    let rounds = crate::domain::competition::last_round(t);
    if let Some(r) = round
        && r.0 > rounds
    {
        return refuse(TeamFault::LineupPastLastRound { round: r, rounds });
    }
    let Some(tm) = t.team_event.team(team) else {
        return refuse(TeamFault::UnknownTeam(team.to_string()));
    };
    check(t, tm, players, boards).map_err(Refusal::Team)?;
    Ok(vec![Event::LineupSubmitted {
        lineup: Lineup {
            round: round.unwrap_or(next),
            team,
            players: players.to_vec(),
        },
    }])
}

/// A list of player numbers as typed: "3,7,9,12" (Chinese commas, 、 and spaces too).
///
/// # Errors
/// The first piece that is not a player number.
pub fn parse_numbers(s: &str) -> Result<Vec<PlayerNo>, String> {
    s.split([',', '，', '、', ' '])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| match p.parse::<u32>() {
            Ok(n) if n > 0 => Ok(PlayerNo(n)),
            _ => Err(p.to_string()),
        })
        .collect()
}

/// The round a lineup handed in now is for: the next round to be paired.
pub fn next_round(t: &Tournament) -> Round {
    Round(t.current_round().0 + 1)
}

/// The players `team` fields in `round`, board 1 first: its lineup when one was handed in and
/// still holds (nobody in it withdrew since), else its registered order, skipping withdrawn
/// players. Fewer than `boards` when the team is short: its last boards are vacant (none at all
/// when every player of the team has withdrawn).
pub fn effective(t: &Tournament, team: &Team, round: Round, boards: u32) -> Vec<PlayerNo> {
    if let Some(l) = t.team_event.lineup(round, team.no)
        && check(t, team, &l.players, boards).is_ok()
    {
        return l.players.clone();
    }
    team.roster()
        .filter(|no| t.player(*no).is_some_and(|p| p.status == Status::Active))
        .take(boards as usize)
        .collect()
}

/// Whether the lineup `team` plays in `round` was handed in (rather than the default).
pub fn handed_in(t: &Tournament, team: TeamNo, round: Round) -> bool {
    t.team_event.lineup(round, team).is_some()
}
