//! The matches of a team round, read from its boards: a match is the run of consecutive boards
//! between the same two teams (match 1 = boards 1–4, match 2 = boards 5–8, … with 4 boards).
//! The team whose player has red on the match's first board has 先走 (R2011 13.3), and its
//! live score is the game points of its finished boards. A short team's vacant boards (缺台)
//! belong to the match and count as their forfeits from the moment the round is paired.

use super::super::ids::{Board, Round, TeamNo};
use super::super::result::GameResult;
use super::super::side::Side;
use super::super::tournament::{Game, Tournament};

/// One match of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// 1-based, in board order.
    pub index: u32,
    /// The team with 先走: red on its odd boards, black on its even boards.
    pub first: TeamNo,
    pub second: TeamNo,
    pub boards: Vec<Board>,
}

/// A match's score so far: game points (局分) of each team, and boards finished.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub first: u32,
    pub second: u32,
    pub finished: usize,
    pub boards: usize,
}

impl Score {
    pub fn is_final(&self) -> bool {
        self.finished == self.boards
    }
}

impl Match {
    /// The games of this match, board order.
    pub fn games<'a>(&'a self, t: &'a Tournament, round: Round) -> impl Iterator<Item = &'a Game> {
        self.boards.iter().filter_map(move |b| t.game(round, *b))
    }

    /// The side the team `team` plays on `game` of this match.
    pub fn side_of(&self, t: &Tournament, game: &Game, team: TeamNo) -> Option<Side> {
        let red_team = t.team_event.team_of(game.red).map(|x| x.no);
        match red_team {
            Some(r) if r == team => Some(Side::Red),
            Some(_) if team == self.first || team == self.second => Some(Side::Black),
            _ => None,
        }
    }

    /// Each board of the match in order, with its result so far and the side the team with
    /// 先走 plays there: its games and its vacant boards.
    pub fn results(&self, t: &Tournament, round: Round) -> Vec<(Board, Option<GameResult>, Side)> {
        self.boards
            .iter()
            .filter_map(|&b| {
                if let Some(v) = t.round(round).and_then(|r| r.vacant_board(b)) {
                    let side = if v.teams.red == self.first {
                        Side::Red
                    } else {
                        Side::Black
                    };
                    return Some((b, Some(v.result()), side));
                }
                let g = t.game(round, b)?;
                let side = self.side_of(t, g, self.first).unwrap_or(Side::Red);
                Some((b, g.result, side))
            })
            .collect()
    }

    /// The game points of both teams from the finished boards (the rules' points per game),
    /// vacant boards as their forfeits.
    pub fn score(&self, t: &Tournament, round: Round) -> Score {
        let pts = &t.rules.points;
        let mut s = Score {
            boards: self.boards.len(),
            ..Score::default()
        };
        for (_, res, first_side) in self.results(t, round) {
            let Some(res) = res else { continue };
            s.finished += 1;
            s.first += pts.for_result(res, first_side);
            s.second += pts.for_result(res, first_side.other());
        }
        s
    }

    pub fn has(&self, team: TeamNo) -> bool {
        self.first == team || self.second == team
    }

    pub fn opponent(&self, team: TeamNo) -> TeamNo {
        if self.first == team {
            self.second
        } else {
            self.first
        }
    }
}

/// The matches of `round`, in board order; empty for a round not paired or an individual
/// event.
pub fn round_matches(t: &Tournament, round: Round) -> Vec<Match> {
    let Some(r) = t.round(round) else {
        return Vec::new();
    };
    let boards = t.rules.format.team().map_or(0, |m| m.boards as usize);
    // Every board in order with the team of each side: the games and the vacant boards.
    let mut seats: Vec<(Board, TeamNo, TeamNo)> = r
        .games
        .iter()
        .filter_map(|g| {
            Some((
                g.board,
                t.team_event.team_of(g.red)?.no,
                t.team_event.team_of(g.black)?.no,
            ))
        })
        .chain(
            r.vacant
                .iter()
                .map(|v| (v.board, v.teams.red, v.teams.black)),
        )
        .collect();
    seats.sort_by_key(|s| s.0);
    let mut out: Vec<Match> = Vec::new();
    for (board, a, b) in seats {
        if let Some(m) = out.last_mut()
            && m.has(a)
            && m.has(b)
            && m.boards.len() < boards
        {
            m.boards.push(board);
            continue;
        }
        out.push(Match {
            index: out.len() as u32 + 1,
            first: a,
            second: b,
            boards: vec![board],
        });
    }
    out
}

/// The team that sat out `round` (轮空), if any: a registered team in no match of a paired
/// round.
pub fn bye_team(t: &Tournament, round: Round) -> Option<TeamNo> {
    t.round(round)?;
    let ms = round_matches(t, round);
    // A team withdrawn by then is out, not resting (docs/rules.md#11-team-matches).
    t.team_event
        .teams
        .iter()
        .filter(|x| super::withdrawn::out_from(t, x).is_none_or(|from| from > round))
        .map(|x| x.no)
        .find(|no| !ms.iter().any(|m| m.has(*no)))
}

/// The match of `team` in `round`, if it played one.
pub fn match_of(t: &Tournament, round: Round, team: TeamNo) -> Option<Match> {
    round_matches(t, round).into_iter().find(|m| m.has(team))
}
