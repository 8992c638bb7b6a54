//! The shape of the knockout bracket (docs/rules.md#7-knockout): finals of the top 2, 4 or 8
//! after the selecting round. Pure arithmetic on seed positions, no state: which seeds meet
//! first, how many knockout rounds the bracket takes and what each round is called.

use crate::domain::event::Stage;
use crate::domain::ids::PlayerNo;

use super::config::SIZES;

/// The stage of a knockout round that `left` players enter: 8 the quarter-finals, 4 the
/// semi-finals, 2 the final.
pub fn stage(left: usize) -> Stage {
    match left {
        0..=2 => Stage::Final,
        3..=4 => Stage::SemiFinal,
        _ => Stage::QuarterFinal,
    }
}

/// Seed positions (1-based) in bracket order, so that neighbouring matches' winners meet
/// next and the two best seeds can only meet in the final: `[1, 2]`, `[1, 4, 2, 3]`,
/// `[1, 8, 4, 5, 2, 7, 3, 6]`.
fn order(players: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < players {
        let size = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, size + 1 - s]).collect();
    }
    order
}

/// The first knockout round's matches in bracket order, each (better seed, worse seed):
/// 1 v 2; 1 v 4, 2 v 3; 1 v 8, 4 v 5, 2 v 7, 3 v 6. `None` unless `seeds` has 2, 4 or 8
/// players.
pub fn first_round(seeds: &[PlayerNo]) -> Option<Vec<(PlayerNo, PlayerNo)>> {
    if !SIZES.iter().any(|&n| n as usize == seeds.len()) {
        return None;
    }
    let order = order(seeds.len());
    Some(
        order
            .chunks(2)
            .map(|pair| (seeds[pair[0] - 1], seeds[pair[1] - 1]))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::knockout::config::depth;

    fn nos(pairs: &[(PlayerNo, PlayerNo)]) -> Vec<(u32, u32)> {
        pairs.iter().map(|(a, b)| (a.0, b.0)).collect()
    }

    #[test]
    fn the_first_round_meets_best_and_worst_and_keeps_the_top_two_apart() {
        let seeds: Vec<PlayerNo> = (1..=8).map(|k| PlayerNo(10 + k)).collect();
        assert_eq!(nos(&first_round(&seeds[..2]).unwrap()), vec![(11, 12)]);
        assert_eq!(
            nos(&first_round(&seeds[..4]).unwrap()),
            vec![(11, 14), (12, 13)]
        );
        assert_eq!(
            nos(&first_round(&seeds).unwrap()),
            vec![(11, 18), (14, 15), (12, 17), (13, 16)]
        );
        assert!(first_round(&seeds[..3]).is_none());
        assert!(first_round(&seeds[..6]).is_none());
        assert!(first_round(&[]).is_none());
    }

    #[test]
    fn depth_and_stage_name_every_round_of_each_size() {
        assert_eq!(SIZES.map(depth), [1, 2, 3]);
        assert_eq!(stage(8), Stage::QuarterFinal);
        assert_eq!(stage(4), Stage::SemiFinal);
        assert_eq!(stage(2), Stage::Final);
    }
}
