//! The pairing list of a round (对阵表): board by board, byes after the last board, and a
//! round robin's games with a withdrawn player explained (docs/rules.md#3-pairing).

use std::collections::HashMap;

use super::{Kind, club, name, per_section, section_of};
use crate::domain::event::Stage;
use crate::domain::round_robin::withdrawal::{Unplayed, Verdict};
use crate::domain::rules::Lang;
use crate::domain::tournament::Game;
use crate::domain::{PlayerNo, Round, Side, Tournament};
use crate::export::knockout_text::{self, game_result_text};
use crate::export::report::{Cell, Report, Table};
use crate::i18n::print::{Header, Label, Title, header, headers, label, title};

/// The pairing of a round (对阵表): board, red number, name, club (单位) and points before
/// the round, result, black's points, name, club and number; byes after the last board.
/// Knockout rounds get a stage column.
pub fn pairings(t: &Tournament, round: Round, lang: Lang) -> Report {
    let title = title(Title::Round(Kind::Pairings, round), lang);
    let mut h = headers(
        &[
            Header::Board,
            Header::No,
            Header::Red,
            Header::Club,
            Header::Pts,
            Header::Result,
            Header::Pts,
            Header::Black,
            Header::Club,
            Header::No,
        ],
        lang,
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
        h.push(header(Header::Stage, lang).to_string());
    }
    let sheet = Sheet {
        t,
        lang,
        // One 积分 per player: a finalist's counts the slow knockout games, as in the standings.
        scores: crate::domain::standings::points_before(t, round),
        knockout,
    };
    let tables = per_section(t, &h, |s| {
        // The games and a team round's vacant boards (缺台), in board order.
        let mut boards: Vec<(u32, Vec<Cell>)> = r
            .games
            .iter()
            .filter(|g| g.section == s || t.rules.sections.len() <= 1)
            .map(|g| (g.board.0, sheet.game_row(g)))
            .chain(r.vacant.iter().map(|v| (v.board.0, sheet.vacant_row(v))))
            .collect();
        boards.sort_by_key(|(b, _)| *b);
        let mut rows: Vec<Vec<Cell>> = boards.into_iter().map(|(_, row)| row).collect();
        rows.extend(
            r.byes
                .iter()
                .filter(|b| section_of(t, **b) == s || t.rules.sections.len() <= 1)
                .map(|b| sheet.bye_row(*b, label(Label::Bye, lang).to_string())),
        );
        // Requested byes (docs/rules.md#requested-byes), with what each scores.
        rows.extend(
            r.requested
                .iter()
                .filter(|b| section_of(t, b.no) == s || t.rules.sections.len() <= 1)
                .map(|b| sheet.bye_row(b.no, crate::i18n::bye::mark(b.points, lang))),
        );
        // A round robin's games with a withdrawn player (R2011 ch.14): not played, explained.
        rows.extend(
            crate::domain::round_robin::withdrawal::unplayed(t, round)
                .into_iter()
                .filter(|u| section_of(t, u.red) == s || t.rules.sections.len() <= 1)
                .map(|u| sheet.unplayed_row(&u)),
        );
        rows
    });
    Report {
        name: Kind::Pairings.title(lang).to_string(),
        title,
        tables,
    }
}

/// What every row of one round's pairing list needs: the event, the language, each
/// player's points before the round, and whether the round has a stage column.
struct Sheet<'a> {
    t: &'a Tournament,
    lang: Lang,
    scores: HashMap<PlayerNo, u32>,
    knockout: bool,
}

impl Sheet<'_> {
    fn pts(&self, no: PlayerNo) -> Cell {
        Cell::ratio(
            Some(i64::from(self.scores.get(&no).copied().unwrap_or(0))),
            self.t.rules.points.per_point(),
        )
    }

    /// A game: board, red, result, black (and its stage in a knockout round).
    fn game_row(&self, g: &Game) -> Vec<Cell> {
        let (t, lang) = (self.t, self.lang);
        let mut row = vec![
            Cell::from(g.board.0),
            Cell::from(g.red.0),
            Cell::from(name(t, g.red)),
            Cell::from(club(t, g.red)),
            self.pts(g.red),
            game_result_text(g, lang).map_or_else(
                || {
                    // An armageddon before its lot: its colours are not known yet.
                    if knockout_text::lot_pending(g) {
                        Cell::from(knockout_text::lot_pending_word(lang))
                    } else {
                        Cell::Empty
                    }
                },
                Cell::from,
            ),
            self.pts(g.black),
            Cell::from(name(t, g.black)),
            Cell::from(club(t, g.black)),
            Cell::from(g.black.0),
        ];
        if self.knockout {
            row.push(Cell::from(knockout_text::stage_with_lot(g, lang)));
        }
        row
    }

    /// A vacant board (缺台): the player facing the empty seat, the forfeit, and 缺台.
    fn vacant_row(&self, v: &crate::domain::team::VacantBoard) -> Vec<Cell> {
        let (t, lang) = (self.t, self.lang);
        let seat = |side: Side| -> [Cell; 3] {
            match *v.players.get(side) {
                Some(no) => [
                    Cell::from(no.0),
                    Cell::from(name(t, no)),
                    Cell::from(club(t, no)),
                ],
                None => [
                    Cell::Empty,
                    Cell::from(crate::i18n::vacant::seat(lang)),
                    Cell::Empty,
                ],
            }
        };
        let pts = |side: Side| v.players.get(side).map_or(Cell::Empty, |no| self.pts(no));
        let [rn, rname, rclub] = seat(Side::Red);
        let [bn, bname, bclub] = seat(Side::Black);
        let mut row = vec![
            Cell::from(v.board.0),
            rn,
            rname,
            rclub,
            pts(Side::Red),
            Cell::from(crate::i18n::print::result_text(v.result(), lang)),
            pts(Side::Black),
            bname,
            bclub,
            bn,
        ];
        if self.knockout {
            row.push(Cell::Empty);
        }
        row
    }

    /// A bye, after the last board.
    /// A player with no game this round: a bye (`what` says which).
    fn bye_row(&self, b: PlayerNo, what: String) -> Vec<Cell> {
        let t = self.t;
        let mut row = vec![
            Cell::Empty,
            Cell::from(b.0),
            Cell::from(name(t, b)),
            Cell::from(club(t, b)),
            self.pts(b),
            Cell::from(what),
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
        ];
        if self.knockout {
            row.push(Cell::Empty);
        }
        row
    }

    /// A round robin's game not played because a player withdrew, and why.
    fn unplayed_row(&self, u: &Unplayed) -> Vec<Cell> {
        let (t, lang) = (self.t, self.lang);
        let why = match (u.verdict, u.absent == u.red) {
            (Verdict::Annulled, _) => Label::AnnulledNoGame,
            (_, true) => Label::Withdrew(Side::Red),
            (_, false) => Label::Withdrew(Side::Black),
        };
        let mut row = vec![
            Cell::Empty,
            Cell::from(u.red.0),
            Cell::from(name(t, u.red)),
            Cell::from(club(t, u.red)),
            self.pts(u.red),
            Cell::from(label(why, lang)),
            self.pts(u.black),
            Cell::from(name(t, u.black)),
            Cell::from(club(t, u.black)),
            Cell::from(u.black.0),
        ];
        if self.knockout {
            row.push(Cell::Empty);
        }
        row
    }
}
