//! Standings (名次, docs/rules.md#6-tiebreaks): points, then the preset's ordered tiebreak chain, each
//! section ranked separately. `history` computes the table after every round in one pass,
//! which `previous_round_rank` needs anyway; `standings` is the table after one round.
//!
//! "Final points" mid-event: the table after round k uses the points after round k
//! everywhere, so a player's opponent score after round k sums the opponents' points after
//! round k. A bye counts as an opponent with the lowest such score in the section's field
//! (the section's players who had joined by round k, withdrawn players included).
//! The knockout stage (docs/rules.md#7-knockout) enters through `calc::Finals`: the finalists'
//! slow-game points, their marks and places 1–4.
//!
//! Places are never shared: `draw_number` ends every chain, whether or not the rules list it.

pub mod calc;
mod row;

use std::collections::HashMap;

use super::event::Stage;
use super::ids::{PlayerNo, Round};
use super::knockout;
use super::knockout::placing::{self, Placing};
use super::side::Side;
use super::tournament::Tournament;
pub use calc::without_finals;
use calc::{Calc, Finals, table};
pub use row::Standing;

/// Standings after `after` (rounds 1..=after count), every section, each ranked within its
/// section; sections in rules order. Rounds beyond the last paired one add nothing.
pub fn standings(t: &Tournament, after: Round) -> Vec<Standing> {
    table(t, after, &KnockoutFinals(t))
}

/// The standings after each paired round: `history(t)[k - 1]` is the table after round k.
/// One pass over the rounds; each table is what `standings(t, Round(k))` returns.
pub fn history(t: &Tournament) -> Vec<Vec<Standing>> {
    let finals = KnockoutFinals(t);
    let mut calc = Calc::new(t, &finals);
    let mut out = Vec::with_capacity(t.rounds.len());
    for k in 1..=t.rounds.len() {
        calc.add_round(k);
        out.push(calc.table(k));
    }
    out
}

/// Score of every player from the Swiss games of rounds before `before` (byes included).
/// In a round robin, the standings' points after the round before (annulled results and
/// forfeits of withdrawn players counted as R2011 ch.14 says).
pub fn swiss_scores(t: &Tournament, before: Round) -> HashMap<PlayerNo, u32> {
    if t.rules.format.follows_a_table() {
        let after = Round(before.0.saturating_sub(1));
        return standings(t, after)
            .into_iter()
            .map(|s| (s.no, s.points))
            .collect();
    }
    let mut scores: HashMap<PlayerNo, u32> = t.players.iter().map(|p| (p.no, 0)).collect();
    let pts = &t.rules.points;
    for r in t.rounds.iter().take(before.index()) {
        for g in r.games.iter().filter(|g| g.stage == Stage::Swiss) {
            if let Some(res) = g.result {
                for side in Side::BOTH {
                    *scores.entry(g.player(side)).or_default() += pts.for_result(res, side);
                }
            }
        }
        for b in &r.byes {
            *scores.entry(*b).or_default() += t.rules.bye_points();
        }
        // Requested byes score what was asked for (docs/rules.md#requested-byes).
        for b in &r.requested {
            *scores.entry(b.no).or_default() += b.points.points(pts);
        }
    }
    scores
}

/// Everyone's points before `round` as every table shows them: the Swiss points and, for the
/// knockout's finalists, the regulation's final points so far (their slow knockout games
/// added, as opponent scores count them and the standings print them; a drawn slow game
/// still scores the draw points, docs/rules.md#7-knockout), so that
/// a pairing sheet and the standings never give one player two different 积分.
pub fn points_before(t: &Tournament, round: Round) -> HashMap<PlayerNo, u32> {
    let mut points = swiss_scores(t, round);
    let after = Round(round.0.saturating_sub(1));
    for (no, extra) in KnockoutFinals(t).slow_points(after) {
        if let Some(p) = points.get_mut(&no) {
            *p = p.saturating_add(extra);
        }
    }
    points
}

/// The knockout finals of `t` as the tables see them.
struct KnockoutFinals<'a>(&'a Tournament);

impl Finals for KnockoutFinals<'_> {
    fn slow_points(&self, after: Round) -> Vec<(PlayerNo, u32)> {
        let t = self.0;
        if t.rules
            .format
            .knockout()
            .is_none_or(|k| after.0 <= k.after_round)
        {
            return Vec::new();
        }
        knockout::seeds(t)
            .into_iter()
            .map(|no| (no, knockout::slow_game_points(t, no, after)))
            .collect()
    }
    fn placings(&self, after: Round) -> Vec<(PlayerNo, Placing)> {
        placing::placings(self.0, after)
    }
    fn places_after(&self, after: Round) -> Option<Vec<PlayerNo>> {
        knockout::places_after(self.0, after)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{Event, Pairing, PlayerEntry};
    use crate::domain::ids::Board;
    use crate::domain::result::GameResult;
    use crate::domain::rules::Rules;

    fn event(n: u32) -> Vec<Event> {
        let rules = Rules::preset("qigu-2024-07").unwrap();
        let mut ev = vec![Event::Created {
            title: "t".into(),
            rules: Box::new(rules),
        }];
        for i in 1..=n {
            ev.push(Event::PlayerRegistered {
                no: PlayerNo(i),
                entry: PlayerEntry::named(format!("p{i}")),
            });
        }
        ev
    }

    fn pair(round: u32, boards: &[(u32, u32)], byes: &[u32]) -> Event {
        Event::RoundPaired {
            round: Round(round),
            games: boards
                .iter()
                .enumerate()
                .map(|(k, (r, b))| Pairing {
                    board: Board(k as u32 + 1),
                    red: PlayerNo(*r),
                    black: PlayerNo(*b),
                    stage: Stage::Swiss,
                    game: crate::domain::event::GameKind::Slow,
                })
                .collect(),
            byes: byes.iter().map(|b| PlayerNo(*b)).collect(),
        }
    }

    fn result(round: u32, board: u32, result: GameResult) -> Event {
        Event::ResultRecorded {
            round: Round(round),
            board: Board(board),
            result,
            cause: crate::domain::event::Cause::Arbiter,
            at: None,
        }
    }

    #[test]
    fn round_zero_orders_by_number() {
        let t = Tournament::replay(&event(4)).unwrap();
        let s = standings(&t, Round(0));
        let nos: Vec<u32> = s.iter().map(|r| r.no.0).collect();
        assert_eq!(nos, vec![1, 2, 3, 4]);
        assert!(s.iter().all(|r| r.points == 0));
    }

    #[test]
    fn unfinished_game_counts_nothing_and_history_matches_standings() {
        let mut ev = event(5);
        ev.push(pair(1, &[(1, 2), (4, 3)], &[5]));
        ev.push(result(1, 1, GameResult::BlackWin));
        let t = Tournament::replay(&ev).unwrap();
        let s = standings(&t, Round(1));
        // 2 won (2), 5 bye (2), 1, 3, 4 nothing yet.
        let p = |no: u32| s.iter().find(|r| r.no.0 == no).unwrap().clone();
        assert_eq!(p(2).points, 2);
        assert_eq!(p(5).points, 2);
        assert_eq!(p(3).points, 0);
        assert_eq!(p(4).values.black_games, 0);
        // Bye counts as the lowest score in the field (0): opponent score 0; 2 met 1 (0).
        assert_eq!(p(5).values.opponent_score, 0);
        assert_eq!(p(2).values.black_wins, 1);
        assert_eq!(history(&t), vec![s]);
    }
}
