//! The rows of every printout, computed once and shared by the txt, csv, html and xlsx
//! writers: pairings (docs/rules.md#3-pairing: byes after the last board), standings with the preset's
//! tiebreak chain (§6) and the crosstable (the entry list and clocks are in `roster`).
//! With several sections (§8, 组别) each report has one table per section.

use super::knockout_text::{armageddon_draw, game_result_text, placing_note, placing_word};
use super::report::{Cell, Report, Table, header, pick};
use crate::domain::event::{GameKind, Stage};
use crate::domain::result::{GameResult, Outcome};
use crate::domain::rules::{Lang, Tiebreak};
use crate::domain::standings::{self, Standing};
use crate::domain::tournament::{Game, Status};
use crate::domain::{PlayerNo, Round, Side, Tournament};

/// The reports a printout can hold (`--what`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Pairings,
    Standings,
    Crosstable,
    Teams,
    Prizes,
    Players,
    Clocks,
    Knockout,
}

impl Kind {
    pub fn title(self, lang: Lang) -> &'static str {
        match self {
            Kind::Pairings => pick(lang, "对阵表", "Pairings"),
            Kind::Standings => pick(lang, "成绩表", "Standings"),
            Kind::Crosstable => pick(lang, "交叉表", "Crosstable"),
            Kind::Teams => pick(lang, "团体成绩", "Team standings"),
            Kind::Prizes => pick(lang, "获奖名单", "Prizes"),
            Kind::Players => pick(lang, "报名名单", "Players"),
            Kind::Clocks => pick(lang, "棋钟", "Clocks"),
            Kind::Knockout => pick(lang, "淘汰赛", "Knockout"),
        }
    }
}

/// "对阵表 第3轮" / "Pairings, round 3".
pub(super) fn round_title(kind: Kind, lang: Lang, round: Round) -> String {
    match lang {
        Lang::Zh => format!("{} 第{round}轮", kind.title(lang)),
        Lang::En => format!("{}, round {round}", kind.title(lang)),
    }
}

/// "成绩表 第3轮后" / "Standings after round 3"; "成绩表 赛前" before any round is finished.
fn after_title(kind: Kind, lang: Lang, round: Round) -> String {
    if round.0 == 0 {
        return format!(
            "{} {}",
            kind.title(lang),
            pick(lang, "赛前", "before round 1")
        );
    }
    match lang {
        Lang::Zh => format!("{} 第{round}轮后", kind.title(lang)),
        Lang::En => format!("{} after round {round}", kind.title(lang)),
    }
}

pub fn name(t: &Tournament, no: PlayerNo) -> String {
    t.player(no)
        .map(|p| p.entry.name.clone())
        .unwrap_or_default()
}

/// The player's club (单位), empty when none was entered.
pub fn club(t: &Tournament, no: PlayerNo) -> String {
    t.player(no)
        .map(|p| p.entry.club.clone())
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

/// How a result is printed on every printout (pairings, knockout bracket, scoresheets): the
/// words of the wall sheet, 红胜 / 和 / 黑胜, never the log's `red_win` or `1-0`. The one
/// place where printed result words live.
pub fn result_text(r: GameResult, lang: Lang) -> &'static str {
    match (r, lang) {
        // One name per result: the console's, the audit's and the help's.
        (r, Lang::Zh) => crate::i18n::result_word(r, Lang::Zh),
        (GameResult::RedWin, Lang::En) => "Red wins",
        (GameResult::BlackWin, Lang::En) => "Black wins",
        (GameResult::Draw, Lang::En) => "Draw",
        (GameResult::RedWinForfeit, Lang::En) => "Red wins (forfeit)",
        (GameResult::BlackWinForfeit, Lang::En) => "Black wins (forfeit)",
        (GameResult::DoubleForfeit, Lang::En) => "Double forfeit",
    }
}

pub fn stage_text(stage: Stage, game: GameKind, lang: Lang) -> String {
    let s = match stage {
        Stage::Swiss => pick(lang, "积分编排", "Swiss"),
        Stage::SemiFinal => pick(lang, "半决赛", "semi-final"),
        Stage::Final => pick(lang, "决赛", "final"),
        Stage::ThirdPlace => pick(lang, "三四名", "third place"),
    };
    match game {
        GameKind::Slow => s.to_string(),
        GameKind::Rapid => format!("{s} {}", pick(lang, "快棋", "rapid")),
        GameKind::Armageddon => format!("{s} {}", pick(lang, "超快棋", "armageddon")),
    }
}

/// The pairing of a round (对阵表): board, red number, name, club (单位) and points before
/// the round, result, black's points, name, club and number; byes after the last board.
/// Knockout rounds get a stage column.
pub fn pairings(t: &Tournament, round: Round, lang: Lang) -> Report {
    let title = round_title(Kind::Pairings, lang, round);
    let mut h = header(
        lang,
        &[
            ("台次", "Board"),
            ("序号", "No"),
            ("红方", "Red"),
            ("单位", "Club"),
            ("积分", "Pts"),
            ("结果", "Result"),
            ("积分", "Pts"),
            ("黑方", "Black"),
            ("单位", "Club"),
            ("序号", "No"),
        ],
    );
    let Some(r) = t.round(round) else {
        return Report {
            name: Kind::Pairings.title(lang).to_string(),
            title,
            tables: vec![Table::new(h)],
        };
    };
    let knockout = r.games.iter().any(|g| g.stage != Stage::Swiss);
    if knockout {
        h.push(pick(lang, "赛段", "Stage").to_string());
    }
    // One 积分 per player: a finalist's counts the slow knockout games, as in the standings.
    let scores = crate::domain::standings::points_before(t, round);
    let pts = |no: PlayerNo| Cell::from(scores.get(&no).copied().unwrap_or(0));
    let tables = per_section(t, &h, |s| {
        let mut rows: Vec<Vec<Cell>> = r
            .games
            .iter()
            .filter(|g| g.section == s || t.rules.sections.len() <= 1)
            .map(|g| {
                let mut row = vec![
                    Cell::from(g.board.0),
                    Cell::from(g.red.0),
                    Cell::from(name(t, g.red)),
                    Cell::from(club(t, g.red)),
                    pts(g.red),
                    game_result_text(g, lang).map_or_else(
                        || {
                            // An armageddon before its lot: its colours are not known yet.
                            if super::knockout_text::lot_pending(g) {
                                Cell::from(super::knockout_text::lot_pending_word(lang))
                            } else {
                                Cell::Empty
                            }
                        },
                        Cell::from,
                    ),
                    pts(g.black),
                    Cell::from(name(t, g.black)),
                    Cell::from(club(t, g.black)),
                    Cell::from(g.black.0),
                ];
                if knockout {
                    row.push(Cell::from(super::knockout_text::stage_with_lot(g, lang)));
                }
                row
            })
            .collect();
        for b in r
            .byes
            .iter()
            .filter(|b| section_of(t, **b) == s || t.rules.sections.len() <= 1)
        {
            let mut row = vec![
                Cell::Empty,
                Cell::from(b.0),
                Cell::from(name(t, *b)),
                Cell::from(club(t, *b)),
                pts(*b),
                Cell::from(pick(lang, "轮空", "bye")),
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
            ];
            if knockout {
                row.push(Cell::Empty);
            }
            rows.push(row);
        }
        // A round robin's games with a withdrawn player (R2011 ch.14): not played, explained.
        for u in crate::domain::round_robin::withdrawal::unplayed(t, round)
            .into_iter()
            .filter(|u| section_of(t, u.red) == s || t.rules.sections.len() <= 1)
        {
            let why = match (u.verdict, u.absent == u.red) {
                (crate::domain::round_robin::withdrawal::Verdict::Annulled, _) => {
                    pick(lang, "退赛，成绩取消，不赛", "withdrawn, annulled, no game")
                }
                (_, true) => pick(
                    lang,
                    "红方退赛，黑方不战胜",
                    "red withdrew, black wins by forfeit",
                ),
                (_, false) => pick(
                    lang,
                    "黑方退赛，红方不战胜",
                    "black withdrew, red wins by forfeit",
                ),
            };
            let mut row = vec![
                Cell::Empty,
                Cell::from(u.red.0),
                Cell::from(name(t, u.red)),
                Cell::from(club(t, u.red)),
                pts(u.red),
                Cell::from(why),
                pts(u.black),
                Cell::from(name(t, u.black)),
                Cell::from(club(t, u.black)),
                Cell::from(u.black.0),
            ];
            if knockout {
                row.push(Cell::Empty);
            }
            rows.push(row);
        }
        rows
    });
    Report {
        name: Kind::Pairings.title(lang).to_string(),
        title,
        tables,
    }
}

/// The column heading of a tiebreak.
pub fn tiebreak_label(tb: Tiebreak, lang: Lang) -> &'static str {
    match tb {
        Tiebreak::OpponentScore => pick(lang, "对手分", "Opp. score"),
        Tiebreak::Progressive => pick(lang, "累进分", "Progressive"),
        Tiebreak::Wins => pick(lang, "胜局", "Wins"),
        Tiebreak::Fouls => pick(lang, "犯规", "Fouls"),
        Tiebreak::BlackGames => pick(lang, "后走局数", "Black games"),
        Tiebreak::BlackWins => pick(lang, "后走胜局", "Black wins"),
        Tiebreak::DirectEncounter => pick(lang, "直胜", "Direct"),
        Tiebreak::PreviousRoundRank => pick(lang, "前轮名次", "Prev. rank"),
        Tiebreak::PreviousRoundPoints => pick(lang, "前轮积分", "Prev. points"),
        Tiebreak::DrawNumber => pick(lang, "抽签号", "Draw no"),
        Tiebreak::SonnebornBerger => pick(lang, "小分", "S-B"),
    }
}

/// Standings after `round` (the last finished round by default).
pub fn standings_for(t: &Tournament, round: Option<Round>) -> (Round, Vec<Standing>) {
    let r = round.unwrap_or(Round(t.completed_rounds()));
    (r, standings::standings(t, r))
}

/// The 备注 of a standings row: the knockout's place (淘汰赛冠军 …), a withdrawal, or nothing.
pub fn remark(t: &Tournament, st: &Standing, lang: Lang) -> Cell {
    if let Some(p) = st.placing {
        return Cell::from(placing_word(p, lang));
    }
    let no = st.no;
    match t.player(no).map(|p| p.status) {
        Some(Status::Withdrawn { .. })
            if crate::domain::round_robin::withdrawal::is_annulled(t, no) =>
        {
            Cell::from(pick(lang, "退赛，成绩取消", "withdrawn, annulled"))
        }
        Some(Status::Withdrawn { .. }) => Cell::from(pick(lang, "退赛", "withdrawn")),
        _ => Cell::Empty,
    }
}

/// The standings (成绩表) after `after`: rank, number, name, club, points, then every
/// tiebreak of the chain in order (blank where the criterion gives no value), and a remark.
pub fn standings(t: &Tournament, after: Round, rows: &[Standing], lang: Lang) -> Report {
    let mut h = header(
        lang,
        &[
            ("名次", "Rank"),
            ("序号", "No"),
            ("姓名", "Name"),
            ("单位", "Club"),
            ("积分", "Points"),
        ],
    );
    h.extend(
        t.rules
            .tiebreaks
            .iter()
            .map(|tb| tiebreak_label(*tb, lang).to_string()),
    );
    h.push(pick(lang, "备注", "Remark").to_string());
    let tables = per_section(t, &h, |s| {
        rows.iter()
            .filter(|st| st.section == s || t.rules.sections.len() <= 1)
            .map(|st| {
                let mut row = vec![
                    Cell::from(st.rank),
                    Cell::from(st.no.0),
                    Cell::from(name(t, st.no)),
                    Cell::from(
                        t.player(st.no)
                            .map(|p| p.entry.club.clone())
                            .unwrap_or_default(),
                    ),
                    Cell::from(st.points),
                ];
                // Values by criterion, so a chain computed in another order still lands in
                // the right column.
                row.extend(t.rules.tiebreaks.iter().map(|tb| {
                    Cell::ratio(
                        st.tiebreaks
                            .iter()
                            .find(|(k, _)| k == tb)
                            .and_then(|(_, v)| *v),
                        tb.divisor(&t.rules.points),
                    )
                }));
                row.push(remark(t, st, lang));
                row
            })
            .collect()
    });
    let mut tables = tables;
    if let Some(note) = placing_note(t, rows, lang)
        && let Some(first) = tables.first_mut()
    {
        first.notes.push(note);
    }
    Report {
        name: Kind::Standings.title(lang).to_string(),
        title: after_title(Kind::Standings, lang, after),
        tables,
    }
}

/// One crosstable cell for `no` in `game`: opponent number, colour, result
/// ("5红胜", "12黑+", "7R D"); an unfinished game shows opponent and colour only.
fn cross_cell(no: PlayerNo, g: &Game, lang: Lang) -> String {
    let side = if g.red == no { Side::Red } else { Side::Black };
    let opp = g.player(side.other());
    let colour = match side {
        Side::Red => pick(lang, "红", "R"),
        Side::Black => pick(lang, "黑", "B"),
    };
    let res = match g.result {
        None => "",
        Some(r) if r.is_forfeit() => {
            if r.outcome(side) == Outcome::Win {
                "+"
            } else {
                "-"
            }
        }
        Some(_) if armageddon_draw(g) => pick(lang, "和（黑胜）", "D (black wins)"),
        Some(r) => match r.outcome(side) {
            Outcome::Win => pick(lang, "胜", "W"),
            Outcome::Draw => pick(lang, "和", "D"),
            Outcome::Loss => pick(lang, "负", "L"),
        },
    };
    match lang {
        Lang::Zh => format!("{opp}{colour}{res}"),
        Lang::En if res.is_empty() => format!("{opp}{colour}"),
        Lang::En => format!("{opp}{colour} {res}"),
    }
}

/// The crosstable (交叉表) after `after`: players in standings order with their club, one
/// column per round with opponent, colour and result (轮空 for a bye), and the points.
pub fn crosstable(t: &Tournament, after: Round, rows: &[Standing], lang: Lang) -> Report {
    let mut h = header(
        lang,
        &[
            ("名次", "Rank"),
            ("序号", "No"),
            ("姓名", "Name"),
            ("单位", "Club"),
        ],
    );
    for r in 1..=after.0 {
        h.push(match lang {
            Lang::Zh => format!("第{r}轮"),
            Lang::En => format!("R{r}"),
        });
    }
    h.push(pick(lang, "积分", "Points").to_string());
    let knockout = rows.iter().any(|st| st.placing.is_some());
    if knockout {
        h.push(pick(lang, "备注", "Remark").to_string());
    }
    let tables = per_section(t, &h, |s| {
        rows.iter()
            .filter(|st| st.section == s || t.rules.sections.len() <= 1)
            .map(|st| {
                let mut row = vec![
                    Cell::from(st.rank),
                    Cell::from(st.no.0),
                    Cell::from(name(t, st.no)),
                    Cell::from(club(t, st.no)),
                ];
                for r in t.rounds.iter().take(after.0 as usize) {
                    let games: Vec<String> = r
                        .games
                        .iter()
                        .filter(|g| g.red == st.no || g.black == st.no)
                        .map(|g| cross_cell(st.no, g, lang))
                        .collect();
                    row.push(if !games.is_empty() {
                        Cell::from(games.join("/"))
                    } else if r.byes.contains(&st.no) {
                        Cell::from(pick(lang, "轮空", "bye"))
                    } else {
                        Cell::Empty
                    });
                }
                row.push(Cell::from(st.points));
                if knockout {
                    row.push(
                        st.placing
                            .map_or(Cell::Empty, |p| Cell::from(placing_word(p, lang))),
                    );
                }
                row
            })
            .collect()
    });
    let mut tables = tables;
    if let Some(note) = placing_note(t, rows, lang)
        && let Some(first) = tables.first_mut()
    {
        first.notes.push(note);
    }
    Report {
        name: Kind::Crosstable.title(lang).to_string(),
        title: after_title(Kind::Crosstable, lang, after),
        tables,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Board;
    use crate::domain::event::{Cause, Event, Pairing, PlayerEntry};
    use crate::domain::rules::Rules;

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
