//! The places the knockout decides, as the standings mark them (docs/rules.md#7-knockout;
//! seed 003: "第9轮对局结束后，排名前4名的棋手……均进行淘汰赛").
//!
//! After the selecting Swiss round the top 2, 4 or 8 leave the Swiss; their places come from
//! the knockout, not from points, so a printout may show the next place with more points
//! than place 1. Every table marks those rows (备注 `淘汰赛冠军` …) and says why under the
//! table. The points printed for them are the regulation's final points: the Swiss rounds up
//! to the selecting one plus their slow knockout games, the number that enters 对手分.

use crate::domain::event::{GameKind, Stage};
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::knockout;
use crate::domain::tournament::Tournament;

pub use super::config::{PLACES, Placing};

/// The knockout's marks in the standings after `after`: the finalists with their places once
/// the last knockout round is decided (and the quarter-finals' losers with places 5–8 once
/// all four are decided); before, who plays for what as far as the matches are decided,
/// `Placing::selected` for the others. Empty when the event has no knockout or `after` is not past
/// the selecting round.
pub fn placings(t: &Tournament, after: Round) -> Vec<(PlayerNo, Placing)> {
    let Some(k) = t.rules.format.knockout() else {
        return Vec::new();
    };
    if after.0 <= k.after_round {
        return Vec::new();
    }
    let depth = k.depth();
    if after.0 >= k.last_round()
        && let Some(places) = knockout::final_places(t)
    {
        return places.into_iter().zip(PLACES).collect();
    }
    let out = knockout::quarter_final_losers(t).unwrap_or_default();
    // Who won a match decided so far in a knockout round before the last, by its stage.
    let decided = |stage: Stage| -> Vec<(PlayerNo, PlayerNo)> {
        (1..depth)
            .map(|step| Round(k.after_round + step))
            .filter_map(|round| t.round(round).map(|r| (round, r)))
            .flat_map(|(round, r)| {
                r.games
                    .iter()
                    .filter(|g| g.stage == stage && g.game == GameKind::Slow)
                    .filter_map(move |g| knockout::match_result(t, round, stage, g.red, g.black))
            })
            .collect()
    };
    let semis = decided(Stage::SemiFinal);
    let quarters = decided(Stage::QuarterFinal);
    knockout::seeds(t)
        .into_iter()
        .map(|no| {
            let mark = if let Some(i) = out.iter().position(|p| *p == no) {
                PLACES[4 + i]
            } else if semis.iter().any(|(w, _)| *w == no) {
                Placing::InFinal
            } else if semis.iter().any(|(_, l)| *l == no) {
                Placing::InThirdPlace
            } else if quarters.iter().any(|(w, _)| *w == no) {
                Placing::InSemiFinal
            } else {
                Placing::selected(k.players)
            };
            (no, mark)
        })
        .collect()
}

/// The mark of one player after `after`, if the knockout placed them.
pub fn placing_of(t: &Tournament, after: Round, no: PlayerNo) -> Option<Placing> {
    placings(t, after)
        .into_iter()
        .find(|(p, _)| *p == no)
        .map(|(_, m)| m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{Cause, Event, GameKind, Pairing, PlayerEntry, Stage};
    use crate::domain::ids::Board;
    use crate::domain::result::GameResult;
    use crate::domain::rules::{Knockout, Rules};
    use crate::domain::standings::standings;

    /// Given eight players, a knockout after round 1 of 3, boards as (red, black, stage).
    fn pair(t: &mut Tournament, round: u32, boards: &[(u32, u32, Stage)]) {
        t.apply(&Event::RoundPaired {
            round: Round(round),
            games: boards
                .iter()
                .enumerate()
                .map(|(i, (r, b, s))| Pairing {
                    board: Board(i as u32 + 1),
                    red: PlayerNo(*r),
                    black: PlayerNo(*b),
                    stage: *s,
                    game: GameKind::Slow,
                })
                .collect(),
            byes: vec![],
        });
    }

    fn results(t: &mut Tournament, round: u32, rs: &[GameResult]) {
        for (i, r) in rs.iter().enumerate() {
            t.apply(&Event::ResultRecorded {
                round: Round(round),
                board: Board(i as u32 + 1),
                result: *r,
                cause: Cause::Arbiter,
                at: None,
            });
        }
    }

    #[test]
    fn the_knockout_places_the_four_and_their_points_are_the_final_points() {
        use GameResult::{BlackWin, Draw, RedWin};
        use Stage::{Final, SemiFinal, Swiss, ThirdPlace};
        let mut rules = Rules::preset("lvliang-2024").unwrap();
        rules.numbers_by_registration = true;
        rules.rounds = 3;
        rules.format = crate::domain::format::Format::Swiss {
            knockout: Some(Knockout {
                after_round: 1,
                players: 4,
            }),
        };
        let mut t = Tournament::new("ko".into(), rules);
        for i in 1..=8 {
            t.apply(&Event::PlayerRegistered {
                no: PlayerNo(i),
                entry: PlayerEntry::named(format!("P{i}")),
            });
        }
        // Round 1: 1, 3, 5, 7 win with red (3 points each).
        pair(
            &mut t,
            1,
            &[(1, 2, Swiss), (3, 4, Swiss), (5, 6, Swiss), (7, 8, Swiss)],
        );
        results(&mut t, 1, &[RedWin, RedWin, RedWin, RedWin]);
        let seeds = knockout::seeds(&t);
        assert_eq!(seeds.len(), 4);
        // When round 1 is the selecting round: its table marks the four as going on.
        let after1 = standings(&t, Round(1));
        assert!(
            after1[..4]
                .iter()
                .all(|s| s.placing == Some(Placing::Finalist))
        );
        assert!(after1[4..].iter().all(|s| s.placing.is_none()));
        // Round 2: semis (seed 1 v 4 drawn slow, 2 v 3 black wins); the others' Swiss.
        let (s1, s2, s3, s4) = (seeds[0].0, seeds[1].0, seeds[2].0, seeds[3].0);
        pair(
            &mut t,
            2,
            &[
                (s1, s4, SemiFinal),
                (s2, s3, SemiFinal),
                (2, 4, Swiss),
                (6, 8, Swiss),
            ],
        );
        results(&mut t, 2, &[Draw, BlackWin, RedWin, RedWin]);
        // The drawn semi-final went to the rapid game: seed 4 won it.
        t.apply(&Event::GameAdded {
            round: Round(2),
            game: Pairing {
                board: Board(5),
                red: PlayerNo(s4),
                black: PlayerNo(s1),
                stage: SemiFinal,
                game: GameKind::Rapid,
            },
            lot_seed: None,
        });
        results(&mut t, 2, &[Draw, BlackWin, RedWin, RedWin, RedWin]);
        // Between the semis and the final: seeds 4 and 3 play the final, 1 and 2 for third.
        assert_eq!(
            placing_of(&t, Round(2), PlayerNo(s4)),
            Some(Placing::InFinal)
        );
        assert_eq!(
            placing_of(&t, Round(2), PlayerNo(s3)),
            Some(Placing::InFinal)
        );
        assert_eq!(
            placing_of(&t, Round(2), PlayerNo(s1)),
            Some(Placing::InThirdPlace)
        );
        assert_eq!(
            placing_of(&t, Round(2), PlayerNo(s2)),
            Some(Placing::InThirdPlace)
        );
        // Round 3: final s4 v s3 (s3 wins with black), third place s1 v s2 (s1 wins).
        pair(
            &mut t,
            3,
            &[
                (s4, s3, Final),
                (s1, s2, ThirdPlace),
                (2, 6, Swiss),
                (4, 8, Swiss),
            ],
        );
        results(&mut t, 3, &[BlackWin, RedWin, RedWin, RedWin]);
        let table = standings(&t, Round(3));
        let top: Vec<(u32, Option<Placing>)> =
            table[..4].iter().map(|s| (s.no.0, s.placing)).collect();
        assert_eq!(
            top,
            vec![
                (s3, Some(Placing::Champion)),
                (s4, Some(Placing::RunnerUp)),
                (s1, Some(Placing::Third)),
                (s2, Some(Placing::Fourth)),
            ]
        );
        // Points: round 1 (3) + slow semi-final + slow final/third place, never the rapid.
        let points = |no: u32| table.iter().find(|s| s.no.0 == no).unwrap().points;
        assert_eq!(points(s1), 3 + 1 + 3, "red draw 1, third-place red win 3");
        assert_eq!(
            points(s4),
            3 + 2,
            "black draw 2, the rapid win counts nothing, final lost"
        );
        assert_eq!(points(s3), 3 + 3 + 3, "two black wins");
        assert_eq!(points(s2), 3);
        // A player outside the four keeps Swiss points only, and the mark stays off.
        assert!(table[4..].iter().all(|s| s.placing.is_none()));
        assert_eq!(
            placing_of(&t, Round(3), PlayerNo(s3)),
            Some(Placing::Champion)
        );
    }
}
