//! Pairing a team round (R2011 chapter 13). The teams are paired as the rules' `system` says:
//! a round robin of teams on the Berger table (贝格尔编排, team numbers as seats; the second
//! cycle of a double round robin with 先走 swapped), or a Swiss of teams by match points, where
//! the individual Swiss engine pairs the teams presented as entrants (number = team number,
//! score = match points, colour = 先走). Each match then becomes `boards` boards, numbered
//! continuously; the team with 先走 plays red on odd boards and black on even boards (13.3).

use super::super::event::{Event, GameKind, Pairing, Stage};
use super::super::format::RoundRobin;
use super::super::ids::{Board, PlayerNo, Round, TeamNo};
use super::super::pairing::explain::Line;
use super::super::pairing::input::{Entrant, Float, SectionInput};
use super::super::pairing::section::Proposal;
use super::super::refusal::Refusal;
use super::super::round_robin::berger;
use super::super::round_robin::table::scheduled;
use super::super::side::{BySide, Side};
use super::super::swiss::{PairingError, pair_section};
use super::super::tournament::Tournament;
use super::TeamFault;
use super::VacantBoard;
use super::lineup::{boards_of, effective};
use super::standings::tallies;

/// The matches of `round`: (team with 先走, other team) in board order, and the team with
/// the bye.
pub type TeamPairs = (Vec<(TeamNo, TeamNo)>, Option<TeamNo>);

/// `pair` in a team event: the round's matches and their boards.
///
/// # Errors
/// The round before is unfinished, every round is paired, fewer than two teams, a round past
/// the schedule, no legal Swiss pairing, or a team that cannot field its boards.
pub fn decide(t: &Tournament) -> Result<Vec<Event>, Refusal> {
    let (mut events, state) = t.pair_prelude()?;
    let p = propose(&state)?;
    events.push(Event::RoundPaired {
        round: p.round,
        games: p.games,
        byes: Vec::new(),
    });
    if !p.vacant.is_empty() {
        events.push(Event::BoardsVacant {
            round: p.round,
            boards: p.vacant,
        });
    }
    Ok(events)
}

/// The next team round as a proposal (`pair --preview`, `--explain`, the console's preview):
/// one line per match, the bye, and the teams playing their registered order.
///
/// # Errors
/// As `decide`, but for the checks of the round before.
pub fn propose(t: &Tournament) -> Result<Proposal, Refusal> {
    let boards = boards_of(t)?;
    let round = Round(t.current_round().0 + 1);
    let (pairs, bye) = team_pairs(t, round).map_err(Refusal::Team)?;
    let MatchBoards { games, vacant } = match_boards(t, round, &pairs, boards)?;
    let name = |no: TeamNo| {
        t.team_event
            .team(no)
            .map_or(String::new(), |x| x.name.clone())
    };
    let berger = t.rules.format.follows_a_table();
    let mut lines: Vec<Line> = pairs
        .iter()
        .enumerate()
        .map(|(k, &(a, b))| {
            let line = Line::TeamMatch {
                index: k as u32 + 1,
                first: name(a),
                second: name(b),
                berger,
            };
            Line::OnBoard(Board(k as u32 * boards + 1), Box::new(line))
        })
        .collect();
    lines.extend(bye.map(|b| Line::TeamBye(name(b))));
    let defaults: Vec<String> = pairs
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .filter(|no| !super::lineup::handed_in(t, *no, round))
        .map(name)
        .collect();
    if !defaults.is_empty() {
        lines.push(Line::DefaultLineups(defaults));
    }
    // A short team's vacant boards, named with their consequence.
    for team in t.team_event.teams.iter().map(|x| x.no) {
        let boards: Vec<Board> = vacant
            .iter()
            .filter(|v| v.empty_sides().any(|s| *v.teams.get(s) == team))
            .map(|v| v.board)
            .collect();
        if !boards.is_empty() {
            lines.push(Line::ShortTeam {
                team: name(team),
                boards,
            });
        }
    }
    Ok(Proposal {
        round,
        games,
        byes: Vec::new(),
        lines,
        breaks: Vec::new(),
        vacant,
    })
}

/// The team pairing of `round`.
///
/// # Errors
/// Fewer than two teams, a round past the round-robin schedule, or no Swiss pairing without a
/// rematch.
pub fn team_pairs(t: &Tournament, round: Round) -> Result<TeamPairs, TeamFault> {
    let n = t.team_event.teams.len() as u32;
    if n < 2 {
        return Err(TeamFault::TooFewTeams);
    }
    match t.rules.format.round_robin() {
        Some(rr) => round_robin(n, rr, round),
        None => swiss(t, round),
    }
}

/// Round `round` of the Berger table of `n` teams, in the order `rr` says (the same table and
/// order as an individual round robin: `round_robin::schedule::scheduled`).
///
/// # Errors
/// `round` is past the schedule.
pub fn round_robin(n: u32, rr: RoundRobin, round: Round) -> Result<TeamPairs, TeamFault> {
    let total = berger::rounds_per_cycle(n) * rr.cycles();
    if round.0 == 0 || round.0 > total {
        return Err(TeamFault::BeyondSchedule {
            teams: n,
            rounds: total,
            round,
        });
    }
    let seats: Vec<PlayerNo> = (1..=n).map(PlayerNo).collect();
    let mut pairs = Vec::new();
    let mut bye = None;
    for s in scheduled(&seats, rr, round.0) {
        match s.black {
            None => bye = Some(TeamNo(s.red.0)),
            Some(b) => pairs.push((TeamNo(s.red.0), TeamNo(b.0))),
        }
    }
    Ok((pairs, bye))
}

/// A Swiss round of teams by match points, through the individual engine.
fn swiss(t: &Tournament, round: Round) -> Result<TeamPairs, TeamFault> {
    let before = Round(round.0 - 1);
    let tally = tallies(t, before);
    // A team whose every player has withdrawn is not paired (docs/rules.md#11-team-matches).
    let withdrawn: Vec<TeamNo> = t
        .team_event
        .teams
        .iter()
        .filter(|x| super::withdrawn::has_withdrawn(t, x))
        .map(|x| x.no)
        .collect();
    let mut entrants: Vec<Entrant> = tally
        .iter()
        .filter(|x| !withdrawn.contains(&x.team))
        .map(|x| Entrant {
            no: PlayerNo(x.team.0),
            score: x.match_points,
            opponents: x.met.iter().map(|(o, _)| PlayerNo(o.0)).collect(),
            colours: x.colours.iter().map(|(_, s)| *s).collect(),
            had_bye: x.byes > 0,
            floats: vec![Float::None; before.0 as usize],
            rank: 0,
        })
        .collect();
    entrants.sort_by(|a, b| b.score.cmp(&a.score).then(a.no.cmp(&b.no)));
    for (i, e) in entrants.iter_mut().enumerate() {
        e.rank = i as u32 + 1;
    }
    let rounds = t.rules.rounds;
    let input = SectionInput {
        round,
        last_round: round.0 >= rounds,
        late_rounds: round.0 + 2 >= rounds,
        relax_colours: false,
        entrants: entrants.clone(),
    };
    let result = pair_section(&input).map_err(|e| match e {
        PairingError::Unpairable(v) => {
            TeamFault::Unpairable(v.into_iter().map(|p| TeamNo(p.0)).collect())
        }
    })?;
    let score = |no: PlayerNo| entrants.iter().find(|e| e.no == no).map_or(0, |e| e.score);
    let mut pairs: Vec<(PlayerNo, PlayerNo)> = result.pairs.clone();
    // Match order: the higher match points of the pair, then the lower, then the smaller number.
    pairs.sort_by_key(|&(a, b)| {
        let (sa, sb) = (score(a), score(b));
        (
            std::cmp::Reverse(sa.max(sb)),
            std::cmp::Reverse(sa.min(sb)),
            a.min(b),
        )
    });
    Ok((
        pairs
            .into_iter()
            .map(|(a, b)| (TeamNo(a.0), TeamNo(b.0)))
            .collect(),
        result.bye.map(|b| TeamNo(b.0)),
    ))
}

/// The boards of a team round: the games, and the vacant boards of short teams.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchBoards {
    pub games: Vec<Pairing>,
    pub vacant: Vec<VacantBoard>,
}

/// The boards of the matches `pairs`, numbered from 1: match k has boards
/// (k−1)·boards+1 ..= k·boards; the first team of a pair is red on odd boards (R2011 13.3).
/// A team short of players fields its players on its first boards; its missing last boards
/// are vacant (docs/rules.md#11-team-matches), and keep their numbers.
///
/// # Errors
/// A team of the pairing is not registered.
pub fn match_boards(
    t: &Tournament,
    round: Round,
    pairs: &[(TeamNo, TeamNo)],
    boards: u32,
) -> Result<MatchBoards, Refusal> {
    let mut out = MatchBoards {
        games: Vec::with_capacity(pairs.len() * boards as usize),
        vacant: Vec::new(),
    };
    for (m, &(first, second)) in pairs.iter().enumerate() {
        let team = |no: TeamNo| {
            t.team_event
                .team(no)
                .ok_or_else(|| Refusal::Team(TeamFault::UnknownTeam(no.to_string())))
        };
        let a = effective(t, team(first)?, round, boards);
        let b = effective(t, team(second)?, round, boards);
        for k in 0..boards as usize {
            let board = Board(m as u32 * boards + k as u32 + 1);
            let (pa, pb) = (a.get(k).copied(), b.get(k).copied());
            let side = first_side(k as u32 + 1);
            let (teams, players) = match side {
                Side::Red => (BySide::new(first, second), BySide::new(pa, pb)),
                Side::Black => (BySide::new(second, first), BySide::new(pb, pa)),
            };
            match (players.red, players.black) {
                (Some(red), Some(black)) => out.games.push(Pairing {
                    board,
                    red,
                    black,
                    stage: Stage::Swiss,
                    game: GameKind::Slow,
                }),
                _ => out.vacant.push(VacantBoard {
                    board,
                    teams,
                    players,
                }),
            }
        }
    }
    Ok(out)
}

/// The side of the team with 先走 on board `k` (1-based) of its match: red on odd boards,
/// black on even boards (R2011 13.3).
pub fn first_side(k: u32) -> Side {
    if k % 2 == 1 { Side::Red } else { Side::Black }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pair_of_teams_meets_once_per_cycle_and_swaps_in_the_second() {
        for n in 2..=12u32 {
            let per = berger::rounds_per_cycle(n);
            let mut seen = std::collections::HashMap::new();
            for r in 1..=2 * per {
                let (pairs, bye) = round_robin(n, RoundRobin::double(), Round(r)).unwrap();
                assert_eq!(bye.is_some(), n % 2 == 1, "n={n} r={r}");
                for (a, b) in pairs {
                    seen.entry((a.min(b), a.max(b)))
                        .or_insert_with(Vec::new)
                        .push((r, a));
                }
            }
            assert_eq!(seen.len() as u32, n * (n - 1) / 2, "n={n}");
            for (pair, meets) in &seen {
                assert_eq!(meets.len(), 2, "n={n} {pair:?}");
                assert!(meets[0].0 <= per && meets[1].0 > per, "{pair:?}: {meets:?}");
                assert_ne!(meets[0].1, meets[1].1, "先走 swaps: {pair:?}");
            }
            assert!(round_robin(n, RoundRobin::double(), Round(2 * per + 1)).is_err());
        }
    }

    #[test]
    fn first_team_is_red_on_odd_boards() {
        assert_eq!(first_side(1), Side::Red);
        assert_eq!(first_side(2), Side::Black);
        assert_eq!(first_side(3), Side::Red);
        assert_eq!(first_side(4), Side::Black);
    }
}
