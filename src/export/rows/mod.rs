//! The rows of every printout, computed once and shared by the txt, csv, html and xlsx
//! writers: pairings (docs/rules.md#3-pairing: byes after the last board), standings with the preset's
//! tiebreak chain (§6) and the crosstable (the entry list and clocks are in `roster`).
//! With several sections (§8, 组别) each report has one table per section.

mod crosstable;
mod pairings;
mod standings;

/// A tiebreak's column heading (the console's path to the catalog's word).
pub use crate::i18n::print::tiebreak as tiebreak_label;
pub use crosstable::crosstable;
pub use pairings::pairings;
pub use standings::{remark, standings, standings_for};

/// The reports a printout can hold (`--what`), named by the catalog.
pub use crate::i18n::print::Kind;

use super::report::{Cell, Table};
use crate::domain::tournament::Status;
use crate::domain::{PlayerNo, Tournament};

pub fn name(t: &Tournament, no: PlayerNo) -> String {
    t.player(no)
        .map(|p| p.entry.name.clone())
        .unwrap_or_default()
}

/// The player's club (单位): the one entered, else in a team event the player's team, else
/// empty.
pub fn club(t: &Tournament, no: PlayerNo) -> String {
    let entered = t
        .player(no)
        .map(|p| p.entry.club.clone())
        .unwrap_or_default();
    if !entered.is_empty() {
        return entered;
    }
    t.team_event
        .team_of(no)
        .map(|team| team.name.clone())
        .unwrap_or_default()
}

pub(super) fn section_of(t: &Tournament, no: PlayerNo) -> usize {
    t.player(no).map_or(0, |p| p.section)
}

pub fn status_word(s: Status) -> &'static str {
    match s {
        Status::Active => "active",
        Status::Withdrawn { .. } => "withdrawn",
    }
}

/// One table per section (a caption only when there are several), empty sections left out
/// unless that would leave no table at all.
pub(super) fn per_section(
    t: &Tournament,
    header: &[String],
    mut rows_of: impl FnMut(usize) -> Vec<Vec<Cell>>,
) -> Vec<Table> {
    let n = t.rules.sections.len().max(1);
    if n == 1 {
        let mut table = Table::new(header.to_vec());
        table.rows = rows_of(0);
        return vec![table];
    }
    let tables: Vec<Table> = (0..n)
        .map(|s| Table {
            caption: Some(t.section_name(s).to_string()),
            rows: rows_of(s),
            ..Table::new(header.to_vec())
        })
        .filter(|table| !table.rows.is_empty())
        .collect();
    if tables.is_empty() {
        vec![Table::new(header.to_vec())]
    } else {
        tables
    }
}

/// How a result and a game's stage are printed on every printout (pairings, knockout
/// bracket, scoresheets): the catalog's words (`i18n::print`), which the console and the room
/// page reach through here.
pub use crate::i18n::print::{result_text, stage_text};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{Cause, Event, GameKind, Pairing, PlayerEntry, Stage};
    use crate::domain::result::GameResult;
    use crate::domain::rules::{Lang, Rules, Tiebreak};
    use crate::domain::standings::Standing;
    use crate::domain::{Board, Round};

    fn event(names: &[&str]) -> Tournament {
        let mut t = Tournament::new("T".into(), Rules::preset("qigu-2024-07").unwrap());
        for (i, n) in names.iter().enumerate() {
            t.apply(&Event::PlayerRegistered {
                no: PlayerNo(i as u32 + 1),
                entry: PlayerEntry::named(*n),
            });
        }
        t
    }

    fn pair(t: &mut Tournament, round: u32, games: &[(u32, u32)], byes: &[u32]) {
        t.apply(&Event::RoundPaired {
            round: Round(round),
            games: games
                .iter()
                .enumerate()
                .map(|(i, (r, b))| Pairing {
                    board: Board(i as u32 + 1),
                    red: PlayerNo(*r),
                    black: PlayerNo(*b),
                    stage: Stage::Swiss,
                    game: GameKind::Slow,
                })
                .collect(),
            byes: byes.iter().map(|b| PlayerNo(*b)).collect(),
        });
    }

    fn result(t: &mut Tournament, round: u32, board: u32, r: GameResult) {
        t.apply(&Event::ResultRecorded {
            round: Round(round),
            board: Board(board),
            result: r,
            cause: Cause::Arbiter,
            at: None,
        });
    }

    #[test]
    fn bye_comes_after_the_last_board_with_points_before_the_round() {
        let mut t = event(&["a", "b", "c"]);
        pair(&mut t, 1, &[(1, 2)], &[3]);
        result(&mut t, 1, 1, GameResult::RedWin);
        pair(&mut t, 2, &[(3, 1)], &[2]);
        let r = pairings(&t, Round(2), Lang::Zh);
        let rows = &r.tables[0].rows;
        assert_eq!(rows.len(), 2);
        // Player 3 had the bye in round 1 (2 points), player 1 won (2 points).
        assert_eq!(rows[0][4], Cell::Int(2));
        assert_eq!(rows[0][6], Cell::Int(2));
        assert_eq!(rows[1][1], Cell::Int(2));
        assert_eq!(rows[1][4], Cell::Int(0));
        assert_eq!(rows[1][5], Cell::from("轮空"));
        assert_eq!(rows[1][0], Cell::Empty);
    }

    #[test]
    fn crosstable_cells_show_opponent_colour_result_and_byes() {
        let mut t = event(&["a", "b", "c", "d", "e"]);
        pair(&mut t, 1, &[(1, 2), (4, 3)], &[5]);
        result(&mut t, 1, 1, GameResult::Draw);
        result(&mut t, 1, 2, GameResult::BlackWinForfeit);
        let (after, st) = standings_for(&t, None);
        assert_eq!(after, Round(1));
        let r = crosstable(&t, after, &st, Lang::Zh);
        let row_of = |no: u32| {
            r.tables[0]
                .rows
                .iter()
                .find(|row| row[1] == Cell::Int(i64::from(no)))
                .unwrap()
                .clone()
        };
        assert_eq!(row_of(1)[4], Cell::from("2红和"));
        assert_eq!(row_of(2)[4], Cell::from("1黑和"));
        assert_eq!(row_of(3)[4], Cell::from("4黑+"));
        assert_eq!(row_of(4)[4], Cell::from("3红-"));
        assert_eq!(row_of(5)[4], Cell::from("轮空"));
        assert_eq!(row_of(5)[5], Cell::Int(2));
        let en = crosstable(&t, after, &st, Lang::En);
        assert!(
            en.tables[0]
                .rows
                .iter()
                .any(|row| row[4] == Cell::from("2R D"))
        );
    }

    #[test]
    fn standings_put_tiebreaks_in_chain_order_and_blank_when_missing() {
        let t = event(&["a", "b"]);
        let st = vec![Standing {
            rank: 1,
            no: PlayerNo(2),
            section: 0,
            points: 3,
            placing: None,
            // Deliberately out of chain order.
            tiebreaks: vec![
                (Tiebreak::Wins, Some(7)),
                (Tiebreak::OpponentScore, Some(40)),
            ],
            values: crate::domain::tiebreak::Values::default(),
        }];
        let r = standings(&t, Round(1), &st, Lang::En);
        let h = &r.tables[0].header;
        let col = |label: &str| h.iter().position(|x| x == label).unwrap();
        let row = &r.tables[0].rows[0];
        assert_eq!(row[col("Opp. score")], Cell::Int(40));
        assert_eq!(row[col("Wins")], Cell::Int(7));
        assert_eq!(row[col("Fouls")], Cell::Empty);
        assert_eq!(h.len(), 5 + t.rules.tiebreaks.len() + 1);
    }
}
