//! The tiebreak criteria of docs/rules.md#6-tiebreaks: every criterion's value for one player after a round,
//! how two players compare on one criterion, and direct encounter (直胜), which is evaluated
//! inside a group of tied players rather than per player.
//!
//! Conventions shared with `standings.rs`:
//! - Only Swiss games with a result count for points, wins and colours; unfinished games
//!   count nothing. Forfeited games count as met (opponent score, direct encounter).
//! - `fouls` counts the fouls of every finished game of the event (any stage).
//! - Direct encounter is decided in one step: for a group of three or more where every pair
//!   met, the points scored among them split the group; sub-groups still tied go on to the
//!   next criterion of the chain (no restart, docs/rules.md#6-tiebreaks).

use std::cmp::Ordering;

use super::result::{GameResult, Outcome};
use super::rules::{Points, Tiebreak};
use super::side::Side;

/// Every criterion's value for one player after one round (whether or not the preset's chain
/// uses it, so printouts can show any column).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Values {
    /// Sum of the opponents' final points; a bye counts as the lowest final score of the section.
    pub opponent_score: u32,
    /// Sum over rounds of the running total after that round.
    pub progressive: u32,
    /// Games won, forfeit wins included, byes not.
    pub wins: u32,
    /// Fouls over the event (fewer is better).
    pub fouls: u32,
    /// Games played with black, forfeits not counted.
    pub black_games: u32,
    /// Games won with black over the board (forfeit wins not counted).
    pub black_wins: u32,
    /// Direct encounter inside the group still tied when the chain reaches it: with two
    /// players who met, the number of wins against the other; with three or more where every
    /// pair met, the points scored among them. `None` when the criterion does not apply (the
    /// player was alone at that point, or the group did not all meet). When the chain does not
    /// use direct encounter, it is evaluated among the players level on points (for printouts).
    pub direct_encounter: Option<u32>,
    /// Ranks after the earlier rounds, latest first (after round k−1, k−2, …, 1).
    pub previous_ranks: Vec<u32>,
    /// Cumulative points after the earlier rounds, latest first (after round k−1, k−2, …, 1).
    pub previous_points: Vec<u32>,
    /// The player number (序号).
    pub draw_number: u32,
    /// 小分 (Sonneborn–Berger), exact: the sum over games of the opponent's points × the
    /// points this player scored in the game. Shown divided by the win points
    /// (`Tiebreak::divisor`): a win counts the opponent's points, a draw half of them (2/1/0).
    pub sonneborn_berger: u64,
    /// FIDE's values (docs/rules.md#fide-tiebreaks), computed when the chain names one of
    /// them; `None` otherwise.
    pub fide: Option<super::fide_tiebreak::FideValues>,
    /// FIDE's direct encounter: the place inside the group still tied when the chain
    /// reaches it (1 first), `None` outside such a group.
    pub fide_de: Option<u32>,
}

impl Values {
    /// The value shown for one criterion: previous-round criteria show the previous round's
    /// value (`None` after round 1), direct encounter `None` where it does not apply.
    pub fn get(&self, tb: Tiebreak) -> Option<i64> {
        match tb {
            Tiebreak::OpponentScore => Some(i64::from(self.opponent_score)),
            Tiebreak::Progressive => Some(i64::from(self.progressive)),
            Tiebreak::Wins => Some(i64::from(self.wins)),
            Tiebreak::Fouls => Some(i64::from(self.fouls)),
            Tiebreak::BlackGames => Some(i64::from(self.black_games)),
            Tiebreak::BlackWins => Some(i64::from(self.black_wins)),
            Tiebreak::DirectEncounter => self.direct_encounter.map(i64::from),
            Tiebreak::PreviousRoundRank => self.previous_ranks.first().map(|r| i64::from(*r)),
            Tiebreak::PreviousRoundPoints => self.previous_points.first().map(|p| i64::from(*p)),
            Tiebreak::DrawNumber => Some(i64::from(self.draw_number)),
            Tiebreak::SonnebornBerger => i64::try_from(self.sonneborn_berger).ok(),
            Tiebreak::FideDe => self.fide_de.map(i64::from),
            fide => self.fide.as_ref().and_then(|f| f.get(fide)),
        }
    }
}

/// Compares two players on one criterion: `Less` when `a` is better (placed first).
/// Direct encounter compares only when both values are known (both in the same tied group).
pub fn compare(tb: Tiebreak, a: &Values, b: &Values) -> Ordering {
    match tb {
        Tiebreak::OpponentScore => b.opponent_score.cmp(&a.opponent_score),
        Tiebreak::Progressive => b.progressive.cmp(&a.progressive),
        Tiebreak::Wins => b.wins.cmp(&a.wins),
        Tiebreak::Fouls => a.fouls.cmp(&b.fouls),
        Tiebreak::BlackGames => b.black_games.cmp(&a.black_games),
        Tiebreak::BlackWins => b.black_wins.cmp(&a.black_wins),
        Tiebreak::DirectEncounter => match (a.direct_encounter, b.direct_encounter) {
            (Some(x), Some(y)) => y.cmp(&x),
            _ => Ordering::Equal,
        },
        // Lexicographic, latest round first: an equal rank (possible only when a chain leaves
        // places shared) falls back to the round before.
        Tiebreak::PreviousRoundRank => a.previous_ranks.cmp(&b.previous_ranks),
        Tiebreak::PreviousRoundPoints => b.previous_points.cmp(&a.previous_points),
        Tiebreak::DrawNumber => a.draw_number.cmp(&b.draw_number),
        Tiebreak::SonnebornBerger => b.sonneborn_berger.cmp(&a.sonneborn_berger),
        Tiebreak::FideDe => match (a.fide_de, b.fide_de) {
            (Some(x), Some(y)) => x.cmp(&y),
            _ => Ordering::Equal,
        },
        // Higher first for every other FIDE value.
        fide => b.get(fide).cmp(&a.get(fide)),
    }
}

/// One finished Swiss game from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Met {
    /// Index of the opponent (player number − 1).
    pub opponent: usize,
    pub side: Side,
    pub result: GameResult,
}

/// Direct encounter (直胜) inside one tied group (docs/rules.md#6-tiebreaks). `games[i]` lists the finished
/// Swiss games of player `group[i]`. Returns one value per member, or `None` when the rule
/// gives no decision: a group of one, two players who have not met, or three or more where
/// some pair has not met.
pub fn direct_encounter(group: &[usize], games: &[&[Met]], points: &Points) -> Option<Vec<u32>> {
    if group.len() < 2 {
        return None;
    }
    if group.len() == 2 {
        let mut met = false;
        let mut wins = [0_u32; 2];
        for (i, list) in games.iter().enumerate() {
            for m in list.iter().filter(|m| m.opponent == group[1 - i]) {
                met = true;
                if m.result.outcome(m.side) == Outcome::Win {
                    wins[i] = wins[i].saturating_add(1);
                }
            }
        }
        return met.then(|| wins.to_vec());
    }
    let n = group.len();
    let at: std::collections::HashMap<usize, usize> = group
        .iter()
        .enumerate()
        .rev()
        .map(|(i, &o)| (o, i))
        .collect();
    let in_group = |o: usize| at.get(&o).copied();
    // Each game names one pair: with fewer games inside the group than pairs, some pair has
    // not met (most groups of a large Swiss field), known without the n × n table below.
    let inside: usize = games
        .iter()
        .map(|list| {
            list.iter()
                .filter(|m| in_group(m.opponent).is_some())
                .count()
        })
        .sum();
    if inside < n * (n - 1) / 2 {
        return None;
    }
    let mut met = vec![false; n * n];
    let mut scored = vec![0_u32; n];
    for (i, list) in games.iter().enumerate() {
        for m in *list {
            if let Some(j) = in_group(m.opponent) {
                met[i * n + j] = true;
                met[j * n + i] = true;
                scored[i] = scored[i].saturating_add(points.for_result(m.result, m.side));
            }
        }
    }
    let every_pair = (0..n).all(|i| (0..n).all(|j| i == j || met[i * n + j]));
    every_pair.then_some(scored)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn met(opponent: usize, side: Side, result: GameResult) -> Met {
        Met {
            opponent,
            side,
            result,
        }
    }

    /// Direct encounter as it read before the count of games inside the group: the oracle.
    fn direct_encounter_by_table(
        group: &[usize],
        games: &[&[Met]],
        points: &Points,
    ) -> Option<Vec<u32>> {
        if group.len() < 2 {
            return None;
        }
        let in_group = |o: usize| group.iter().position(|g| *g == o);
        if group.len() == 2 {
            return direct_encounter(group, games, points);
        }
        let n = group.len();
        let mut met = vec![false; n * n];
        let mut scored = vec![0_u32; n];
        for (i, list) in games.iter().enumerate() {
            for m in *list {
                if let Some(j) = in_group(m.opponent) {
                    met[i * n + j] = true;
                    met[j * n + i] = true;
                    scored[i] = scored[i].saturating_add(points.for_result(m.result, m.side));
                }
            }
        }
        let every_pair = (0..n).all(|i| (0..n).all(|j| i == j || met[i * n + j]));
        every_pair.then_some(scored)
    }

    proptest::proptest! {
        /// Any group, any games (met or not, the same pair twice, a player listed against
        /// themselves): the same decision as the n × n table.
        #[test]
        fn direct_encounter_decides_as_the_table(
            size in 3usize..7,
            lists in proptest::collection::vec(
                proptest::collection::vec((0usize..9, proptest::bool::ANY, 0usize..6), 0..8),
                7,
            ),
        ) {
            const RESULTS: [GameResult; 6] = [
                GameResult::RedWin,
                GameResult::BlackWin,
                GameResult::Draw,
                GameResult::RedWinForfeit,
                GameResult::BlackWinForfeit,
                GameResult::DoubleForfeit,
            ];
            let pts = Points::uniform(2, 1, 0);
            let group: Vec<usize> = (0..size).map(|i| (i * 5) % 9).collect();
            let games: Vec<Vec<Met>> = lists[..size]
                .iter()
                .map(|l| {
                    l.iter()
                        .map(|&(o, red, r)| met(o, if red { Side::Red } else { Side::Black }, RESULTS[r]))
                        .collect()
                })
                .collect();
            let games: Vec<&[Met]> = games.iter().map(Vec::as_slice).collect();
            proptest::prop_assert_eq!(
                direct_encounter(&group, &games, &pts),
                direct_encounter_by_table(&group, &games, &pts)
            );
        }
    }

    #[test]
    fn two_players_winner_first_draw_undecided() {
        let pts = Points::uniform(2, 1, 0);
        let a = [met(1, Side::Black, GameResult::BlackWin)];
        let b = [met(0, Side::Red, GameResult::BlackWin)];
        assert_eq!(direct_encounter(&[0, 1], &[&a, &b], &pts), Some(vec![1, 0]));
        let a = [met(1, Side::Red, GameResult::Draw)];
        let b = [met(0, Side::Black, GameResult::Draw)];
        assert_eq!(direct_encounter(&[0, 1], &[&a, &b], &pts), Some(vec![0, 0]));
        // Not met: no decision.
        assert_eq!(direct_encounter(&[0, 1], &[&[], &[]], &pts), None);
        assert_eq!(direct_encounter(&[0], &[&[]], &pts), None);
    }

    #[test]
    fn forfeit_win_counts_as_a_win_in_direct_encounter() {
        let pts = Points::uniform(2, 1, 0);
        let a = [met(1, Side::Red, GameResult::BlackWinForfeit)];
        let b = [met(0, Side::Black, GameResult::BlackWinForfeit)];
        assert_eq!(direct_encounter(&[0, 1], &[&a, &b], &pts), Some(vec![0, 1]));
    }

    #[test]
    fn three_players_need_every_pair_to_have_met() {
        let pts = Points::uniform(2, 1, 0);
        // 0 beat 1, 1 beat 2, 0 drew 2: 0 scores 3, 1 scores 2, 2 scores 1.
        let p0 = [
            met(1, Side::Red, GameResult::RedWin),
            met(2, Side::Black, GameResult::Draw),
        ];
        let p1 = [
            met(0, Side::Black, GameResult::RedWin),
            met(2, Side::Red, GameResult::RedWin),
        ];
        let p2 = [
            met(1, Side::Black, GameResult::RedWin),
            met(0, Side::Red, GameResult::Draw),
        ];
        assert_eq!(
            direct_encounter(&[0, 1, 2], &[&p0, &p1, &p2], &pts),
            Some(vec![3, 2, 1])
        );
        // Drop the 0–2 game: not every pair met.
        assert_eq!(
            direct_encounter(&[0, 1, 2], &[&p0[..1], &p1, &p2[..1]], &pts),
            None
        );
    }

    #[test]
    fn compare_directions() {
        let a = Values {
            opponent_score: 5,
            fouls: 2,
            previous_ranks: vec![3, 1],
            previous_points: vec![4, 2],
            draw_number: 7,
            ..Values::default()
        };
        let b = Values {
            opponent_score: 4,
            fouls: 1,
            previous_ranks: vec![3, 2],
            previous_points: vec![4, 3],
            draw_number: 2,
            ..Values::default()
        };
        assert_eq!(compare(Tiebreak::OpponentScore, &a, &b), Ordering::Less);
        assert_eq!(compare(Tiebreak::Fouls, &a, &b), Ordering::Greater);
        assert_eq!(compare(Tiebreak::PreviousRoundRank, &a, &b), Ordering::Less);
        assert_eq!(
            compare(Tiebreak::PreviousRoundPoints, &a, &b),
            Ordering::Greater
        );
        assert_eq!(compare(Tiebreak::DrawNumber, &a, &b), Ordering::Greater);
        assert_eq!(compare(Tiebreak::DirectEncounter, &a, &b), Ordering::Equal);
        assert_eq!(a.get(Tiebreak::PreviousRoundRank), Some(3));
        assert_eq!(a.get(Tiebreak::DirectEncounter), None);
    }
}
