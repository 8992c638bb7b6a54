//! Team standings (团体成绩), R2011 chapter 13: match points first (胜2 和1 负0 by default, a
//! match won by the team with more game points), then the rules' team tiebreaks in order —
//! 局分 (game points), 直胜 (match points among the tied teams only, however many are tied),
//! 台次分 (board by board: board 1's game points, then board 2's, …), 胜场, 对手分 — and last
//! the team number.
//!
//! A bye (轮空) in a Swiss of teams scores a won match and the game points of a draw on every
//! board; in a round robin the team simply rests (every team rests once per cycle).

use super::super::ids::{Round, TeamNo};
use super::super::result::GameResult;
use super::super::side::Side;
use super::super::tournament::Tournament;
use super::config::TeamTiebreak;
use super::matches::{bye_team, round_matches};

/// What a team scored up to a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    pub team: TeamNo,
    pub match_points: u32,
    pub game_points: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Matches played (byes not counted).
    pub played: u32,
    pub byes: u32,
    /// Game points on each board of the match (index 0 = board 1).
    pub boards: Vec<u32>,
    /// Each match played: the opponent and the match points this team took from it.
    pub met: Vec<(TeamNo, u32)>,
    /// Each match played: the opponent and whether this team had 先走.
    pub colours: Vec<(TeamNo, Side)>,
}

/// One line of the team standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamStanding {
    pub rank: u32,
    pub tally: Tally,
    /// The value of each tiebreak of the chain, where it was computed (直胜 only among tied
    /// teams: `None` for a team that was not tied when it applied).
    pub tiebreaks: Vec<(TeamTiebreak, Option<Vec<u32>>)>,
}

/// Every team's tally over the finished matches of rounds `1..=after`.
pub fn tallies(t: &Tournament, after: Round) -> Vec<Tally> {
    let Some(cfg) = t.rules.format.team() else {
        return Vec::new();
    };
    let mp = cfg.match_points;
    let boards = cfg.boards as usize;
    let mut out: Vec<Tally> = t
        .team_event
        .teams
        .iter()
        .map(|x| Tally {
            team: x.no,
            match_points: 0,
            game_points: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            played: 0,
            byes: 0,
            boards: vec![0; boards],
            met: Vec::new(),
            colours: Vec::new(),
        })
        .collect();
    let pts = &t.rules.points;
    // A team withdrawn before half its round robin: its matches count for nobody.
    let annulled = super::withdrawal::annulled(t);
    for r in 1..=after.0 {
        let round = Round(r);
        for m in round_matches(t, round) {
            let score = m.score(t, round);
            if !score.is_final() || annulled.contains(&m.first) || annulled.contains(&m.second) {
                continue;
            }
            let (ia, ib) = (m.first.index(), m.second.index());
            if ia >= out.len() || ib >= out.len() {
                continue;
            }
            let first = score.first.cmp(&score.second);
            let got = |ord: std::cmp::Ordering| match ord {
                std::cmp::Ordering::Greater => mp.win,
                std::cmp::Ordering::Less => mp.loss,
                std::cmp::Ordering::Equal => mp.draw,
            };
            for (idx, outcome, gp, opp, side) in [
                (ia, first, score.first, m.second, Side::Red),
                (ib, first.reverse(), score.second, m.first, Side::Black),
            ] {
                let tally = &mut out[idx];
                let got = got(outcome);
                tally.match_points += got;
                tally.game_points += gp;
                tally.played += 1;
                match outcome {
                    std::cmp::Ordering::Greater => tally.wins += 1,
                    std::cmp::Ordering::Less => tally.losses += 1,
                    std::cmp::Ordering::Equal => tally.draws += 1,
                }
                tally.met.push((opp, got));
                tally.colours.push((opp, side));
            }
            for (k, (_, res, first_side)) in m.results(t, round).into_iter().enumerate() {
                let Some(res) = res else { continue };
                for (team, side) in [(m.first, first_side), (m.second, first_side.other())] {
                    if let Some(cell) = out
                        .get_mut(team.index())
                        .and_then(|tally| tally.boards.get_mut(k))
                    {
                        *cell += pts.for_result(res, side);
                    }
                }
            }
        }
        // In a round robin the bye is a rest and scores nothing (docs/rules.md#1-scoring).
        if !t.rules.format.follows_a_table()
            && let Some(bye) = bye_team(t, round)
            && round_complete(t, round)
            && let Some(tally) = out.get_mut(bye.index())
        {
            tally.byes += 1;
            tally.match_points += mp.win;
            for k in 0..boards {
                let side = if k % 2 == 0 { Side::Red } else { Side::Black };
                let draw = pts.for_result(GameResult::Draw, side);
                tally.game_points += draw;
                tally.boards[k] += draw;
            }
        }
    }
    out
}

fn round_complete(t: &Tournament, round: Round) -> bool {
    t.round(round)
        .is_some_and(super::super::tournament::RoundState::is_complete)
}

/// The value of a tiebreak for team `i` within `group` (indices into `all`).
fn value(tb: TeamTiebreak, all: &[Tally], i: usize, group: &[usize]) -> Vec<u32> {
    let x = &all[i];
    match tb {
        TeamTiebreak::GamePoints => vec![x.game_points],
        TeamTiebreak::MatchWins => vec![x.wins],
        TeamTiebreak::BoardPoints => x.boards.clone(),
        TeamTiebreak::OpponentMatchPoints => vec![
            x.met
                .iter()
                .filter_map(|(o, _)| all.iter().find(|y| y.team == *o))
                .map(|y| y.match_points)
                .sum(),
        ],
        TeamTiebreak::DirectEncounter => {
            let tied: Vec<TeamNo> = group.iter().map(|&j| all[j].team).collect();
            // As for players (docs/rules.md#6-tiebreaks): the matches among the
            // tied teams decide only when every pair of them has met; otherwise no decision.
            let every_pair_met = group.iter().all(|&a| {
                group
                    .iter()
                    .all(|&b| a == b || all[a].met.iter().any(|(o, _)| *o == all[b].team))
            });
            if !every_pair_met {
                return Vec::new();
            }
            vec![
                x.met
                    .iter()
                    .filter(|(o, _)| tied.contains(o))
                    .map(|(_, got)| *got)
                    .sum(),
            ]
        }
    }
}

/// The team standings after `after`: match points, then the rules' tiebreak chain, then the
/// team number. Empty for an individual event.
pub fn standings(t: &Tournament, after: Round) -> Vec<TeamStanding> {
    let all = tallies(t, after);
    let chain: Vec<TeamTiebreak> = t
        .rules
        .format
        .team()
        .map(|c| c.tiebreaks.clone())
        .unwrap_or_default();
    let mut values: Vec<Vec<(TeamTiebreak, Option<Vec<u32>>)>> = vec![Vec::new(); all.len()];
    // Groups of teams still tied, best first.
    let mut order: Vec<usize> = (0..all.len()).collect();
    order.sort_by(|&a, &b| all[b].match_points.cmp(&all[a].match_points));
    let mut groups = split(&order, |i| vec![all[i].match_points]);
    for tb in &chain {
        let mut next = Vec::new();
        for g in groups {
            let keys: Vec<(usize, Vec<u32>)> =
                g.iter().map(|&i| (i, value(*tb, &all, i, &g))).collect();
            for (i, k) in &keys {
                let undecided =
                    *tb == TeamTiebreak::DirectEncounter && (g.len() == 1 || k.is_empty());
                let shown = (!undecided).then(|| k.clone());
                values[*i].push((*tb, shown));
            }
            if g.len() == 1 {
                next.push(g);
                continue;
            }
            let mut sorted = keys;
            sorted.sort_by(|a, b| b.1.cmp(&a.1));
            let ids: Vec<usize> = sorted.iter().map(|(i, _)| *i).collect();
            let key_of = |i: usize| {
                sorted
                    .iter()
                    .find(|(j, _)| *j == i)
                    .map(|(_, k)| k.clone())
                    .unwrap_or_default()
            };
            next.extend(split(&ids, key_of));
        }
        groups = next;
    }
    let mut rank = 0;
    let mut out = Vec::with_capacity(all.len());
    for mut g in groups {
        g.sort_by_key(|&i| all[i].team);
        for i in g {
            rank += 1;
            out.push(TeamStanding {
                rank,
                tally: all[i].clone(),
                tiebreaks: std::mem::take(&mut values[i]),
            });
        }
    }
    out
}

/// Splits `ids` (already sorted by `key`, best first) into runs of equal key.
fn split(ids: &[usize], key: impl Fn(usize) -> Vec<u32>) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut last: Option<Vec<u32>> = None;
    for &i in ids {
        let k = key(i);
        match out.last_mut() {
            Some(g) if last.as_ref() == Some(&k) => g.push(i),
            _ => out.push(vec![i]),
        }
        last = Some(k);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(team: u32, met: &[(u32, u32)]) -> Tally {
        Tally {
            team: TeamNo(team),
            match_points: 4,
            game_points: 8,
            wins: 2,
            draws: 0,
            losses: 0,
            played: met.len() as u32,
            byes: 0,
            boards: vec![2, 2, 2, 2],
            met: met.iter().map(|&(o, p)| (TeamNo(o), p)).collect(),
            colours: Vec::new(),
        }
    }

    #[test]
    fn direct_encounter_of_three_teams_only_when_every_pair_met() {
        // Teams 1, 2, 3 tied. 1 beat 2; 2 beat 3; 1 and 3 never met (each met team 4).
        let some_pairs = vec![
            tally(1, &[(2, 2), (4, 2)]),
            tally(2, &[(1, 0), (3, 2)]),
            tally(3, &[(2, 0), (4, 2)]),
        ];
        let group = [0, 1, 2];
        for i in group {
            assert_eq!(
                value(TeamTiebreak::DirectEncounter, &some_pairs, i, &group),
                Vec::<u32>::new(),
                "team {}: no decision when 1 and 3 never met",
                i + 1
            );
        }
        // Every pair met: the match points among them decide.
        let all_pairs = vec![
            tally(1, &[(2, 2), (3, 1)]),
            tally(2, &[(1, 0), (3, 2)]),
            tally(3, &[(2, 0), (1, 1)]),
        ];
        let got: Vec<Vec<u32>> = group
            .iter()
            .map(|&i| value(TeamTiebreak::DirectEncounter, &all_pairs, i, &group))
            .collect();
        assert_eq!(got, vec![vec![3], vec![2], vec![1]]);
    }
}
