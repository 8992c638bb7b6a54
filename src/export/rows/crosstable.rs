//! The crosstable (交叉表): players in standings order, one column per round with the
//! opponent, the colour and the result.

use super::{Kind, club, name, per_section};
use crate::domain::result::Outcome;
use crate::domain::rules::Lang;
use crate::domain::standings::Standing;
use crate::domain::tournament::Game;
use crate::domain::{PlayerNo, Round, Side, Tournament};
use crate::export::knockout_text::{armageddon_draw, placing_note, placing_word};
use crate::export::report::{Cell, Report};
use crate::i18n::print::{
    self as print, CrossMark, Header, Label, Title, header, headers, label, round_column, title,
};

/// One crosstable cell for `no` in `game`: opponent number, colour, result
/// ("5红胜", "12黑+", "7R D"); an unfinished game shows opponent and colour only.
fn cross_cell(no: PlayerNo, g: &Game, lang: Lang) -> String {
    let side = if g.red == no { Side::Red } else { Side::Black };
    let mark = match g.result {
        None => CrossMark::Open,
        Some(r) if r.is_forfeit() => CrossMark::Forfeit {
            won: r.outcome(side) == Outcome::Win,
        },
        Some(_) if armageddon_draw(g) => CrossMark::ArmageddonDraw,
        Some(r) => CrossMark::Outcome(r.outcome(side)),
    };
    print::cross_cell(g.player(side.other()), side, mark, lang)
}

/// The crosstable (交叉表) after `after`: players in standings order with their club, one
/// column per round with opponent, colour and result (轮空 for a bye), and the points.
pub fn crosstable(t: &Tournament, after: Round, rows: &[Standing], lang: Lang) -> Report {
    let mut h = headers(
        &[Header::Rank, Header::No, Header::Name, Header::Club],
        lang,
    );
    h.extend((1..=after.0).map(|r| round_column(r, lang)));
    h.push(header(Header::Points, lang).to_string());
    let knockout = rows.iter().any(|st| st.placing.is_some());
    if knockout {
        h.push(header(Header::Remark, lang).to_string());
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
                        Cell::from(label(Label::Bye, lang))
                    } else if let Some(b) = r.requested.iter().find(|b| b.no == st.no) {
                        Cell::from(crate::i18n::bye::short(b.points, lang))
                    } else {
                        Cell::Empty
                    });
                }
                row.push(Cell::ratio(
                    Some(i64::from(st.points)),
                    t.rules.points.per_point(),
                ));
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
        title: title(Title::After(Kind::Crosstable, after), lang),
        tables,
    }
}
