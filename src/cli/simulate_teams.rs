//! `bianpai simulate --preset team-rr-8 --teams N` (or `--rules FILE` of a team match event): a
//! whole team match event (团体赛) with random results through the real engine and the real
//! log: N teams of `boards` players and one reserve, now and then a lineup with the reserve in
//! (order kept, R2011 13), every round paired, started and played out — or only the first
//! `--rounds-played K`, the event left live to go on by hand.

use std::path::Path;

use chrono::{Duration, Utc};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::simulate::{Source, Span, batch, create_event, draw_index, name, random_result};
use super::{CliError, CliResult, execute_batch, fail, msg};
use crate::domain::event::PlayerEntry;
use crate::domain::round_robin::berger;
use crate::domain::{Command, PlayerNo, Rules, TeamNo};
use crate::i18n::cli::sample::city_team;
use crate::i18n::cli::{Msg, TeamMsg};

/// The number of teams to simulate when the rules are a team match event's: `--teams`, else
/// as many teams as `--players` make (each of its boards plus a reserve); `None` for an
/// individual event.
pub fn teams_for(rules: &Rules, teams: Option<u32>, players: Option<u32>) -> Option<u32> {
    let boards = rules.format.team()?.boards;
    Some(teams.unwrap_or_else(|| players.unwrap_or(0) / (boards + 1)))
}

/// `--teams` with the rules of an individual event.
///
/// # Errors
/// Always: the line naming the preset or the rules file.
pub fn not_a_team_event(source: &Source) -> CliResult {
    fail(&Msg::Team(match source {
        Source::Preset(p) => TeamMsg::SimPresetNotTeams(p.clone()),
        Source::File(f) => TeamMsg::SimFileNotTeams(f.display().to_string()),
    }))
}

pub fn run(mut rules: Rules, teams: u32, span: Span, seed: u64, out: &Path) -> CliResult {
    let Some(cfg) = rules.format.team().cloned() else {
        return fail(&Msg::Team(TeamMsg::SimRulesNotTeams));
    };
    if teams < 2 {
        return fail(&Msg::Team(TeamMsg::SimTooFewTeams));
    }
    let schedule = rules.format.round_robin();
    if let Some(rr) = schedule {
        rules.rounds = berger::rounds_per_cycle(teams) * rr.cycles();
    }
    if let Some(r) = span.rounds {
        if r == 0 {
            return fail(&Msg::SimRounds);
        }
        rules.rounds = if schedule.is_some() {
            r.min(rules.rounds)
        } else {
            r
        };
    }
    if let Some(play) = span.played
        && play > rules.rounds
    {
        return fail(&Msg::SimPlayedBeyond {
            played: play,
            rounds: rules.rounds,
        });
    }
    let play = span.played.unwrap_or(rules.rounds);
    let (mut log, actor, start) = create_event(&mut rules, seed, out, (1, 0))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let offset = rng.next_u64() % 1000;
    register_teams(&mut log, &actor, teams, cfg.boards, offset)?;
    let mut stopped = None;
    for r in 1..=play {
        let lineups = rested_lineups(&mut rng, teams, cfg.boards);
        batch(&mut log, &actor, &lineups)?;
        let (_, refused) = execute_batch(&mut log, &actor, &[Command::PairNextRound], Utc::now())?;
        if let Some((_, e)) = refused.into_iter().next() {
            stopped = Some(msg(&Msg::SimCannotPair {
                round: r,
                why: CliError::from(e).0,
            }));
            break;
        }
        let at = start + Duration::hours(i64::from(r) * 3);
        batch(&mut log, &actor, &[Command::StartRound { at }])?;
        let cmds = round_results(log.state(), &mut rng);
        batch(&mut log, &actor, &cmds)?;
    }
    let t = log.state();
    let done = TeamMsg::SimDone {
        teams: t.team_event.teams.len(),
        players: t.players.len(),
        rounds: t.rounds.len(),
        out: out.display().to_string(),
    };
    crate::outln!("{}", msg(&Msg::Team(done)));
    if let Some(why) = stopped {
        eprintln!("{}", msg(&Msg::SimStopped(why)));
    }
    Ok(())
}

/// The teams' players (each team's boards and one reserve), then the teams with their order.
fn register_teams(
    log: &mut crate::log::Log,
    actor: &crate::domain::Actor,
    teams: u32,
    boards: u32,
    offset: u64,
) -> CliResult {
    let per_team = boards + 1;
    let mut cmds = Vec::new();
    for i in 0..teams * per_team {
        let mut entry = PlayerEntry::named(name(u64::from(i), offset));
        entry.team = city_team(i / per_team);
        entry.club.clone_from(&entry.team);
        cmds.push(Command::RegisterPlayer(entry));
    }
    batch(log, actor, &cmds)?;
    let cmds: Vec<Command> = (0..teams)
        .map(|k| {
            let first = k * per_team + 1;
            Command::RegisterTeam {
                name: city_team(k),
                players: (first..first + boards).map(PlayerNo).collect(),
                reserves: vec![PlayerNo(first + boards)],
            }
        })
        .collect();
    batch(log, actor, &cmds)
}

/// Now and then a team rests one of its board players: the reserve comes in at the bottom and
/// the players below move up a board (the registered order is kept).
fn rested_lineups(rng: &mut ChaCha8Rng, teams: u32, boards: u32) -> Vec<Command> {
    let per_team = boards + 1;
    let mut lineups = Vec::new();
    for k in 0..teams {
        if rng.next_u64().is_multiple_of(4) {
            let first = k * per_team + 1;
            let rest = first + draw_index(rng, boards as usize) as u32;
            let players = (first..first + per_team)
                .filter(|n| *n != rest)
                .map(PlayerNo)
                .collect();
            lineups.push(Command::SubmitLineup {
                round: None,
                team: TeamNo(k + 1),
                players,
            });
        }
    }
    lineups
}

/// A random result on every board of the current round.
fn round_results(t: &crate::domain::Tournament, rng: &mut ChaCha8Rng) -> Vec<Command> {
    t.current()
        .map(|round| {
            round
                .games
                .iter()
                .map(|g| Command::RecordResult {
                    round: None,
                    board: g.board,
                    result: random_result(rng),
                    correct: None,
                })
                .collect()
        })
        .unwrap_or_default()
}
