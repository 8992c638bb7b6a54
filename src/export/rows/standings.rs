//! The standings (成绩表) with the preset's tiebreak chain in order (docs/rules.md §6), and
//! each row's remark (a knockout place, a withdrawal).

use super::{Kind, club, name, per_section};
use crate::domain::rules::Lang;
use crate::domain::standings::{self, Standing};
use crate::domain::tournament::Status;
use crate::domain::{Round, Tournament};
use crate::export::knockout_text::{placing_note, placing_word};
use crate::export::report::{Cell, Report};
use crate::i18n::print::{Header, Label, Title, header, headers, label, tiebreak, title};

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
            Cell::from(label(Label::WithdrawnAnnulled, lang))
        }
        Some(Status::Withdrawn { .. }) => Cell::from(label(Label::Withdrawn, lang)),
        _ => Cell::Empty,
    }
}

/// Whether `no` sat at a board in a round up to `after`.
fn played(t: &Tournament, no: crate::domain::PlayerNo, after: Round) -> bool {
    t.rounds.iter().take(after.0 as usize).any(|r| r.seated(no))
}

/// The standings (成绩表) after `after`: rank, number, name, club, points, then every
/// tiebreak of the chain in order (blank where the criterion gives no value), and a remark.
pub fn standings(t: &Tournament, after: Round, rows: &[Standing], lang: Lang) -> Report {
    let mut h = headers(
        &[
            Header::Rank,
            Header::No,
            Header::Name,
            Header::Club,
            Header::Points,
        ],
        lang,
    );
    h.extend(
        t.rules
            .tiebreaks
            .iter()
            .map(|tb| tiebreak(*tb, lang).to_string()),
    );
    h.push(header(Header::Remark, lang).to_string());
    let team_event = t.rules.format.team().is_some();
    let tables = per_section(t, &h, |s| {
        rows.iter()
            .filter(|st| st.section == s || t.rules.sections.len() <= 1)
            .map(|st| {
                let idle = team_event && !played(t, st.no, after);
                let mut row = vec![
                    if idle {
                        Cell::Empty
                    } else {
                        Cell::from(st.rank)
                    },
                    Cell::from(st.no.0),
                    Cell::from(name(t, st.no)),
                    Cell::from(club(t, st.no)),
                    Cell::ratio(Some(i64::from(st.points)), t.rules.points.per_point()),
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
                row.push(if idle {
                    Cell::from(label(Label::NotFielded, lang))
                } else {
                    remark(t, st, lang)
                });
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
        title: title(Title::After(Kind::Standings, after), lang),
        tables,
    }
}
