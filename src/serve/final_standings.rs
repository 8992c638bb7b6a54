//! The final standings as the hall's wall shows them once the event is over:
//! rank, number (序号), name, club, points and the 备注, each section under its own heading,
//! in the official order of the printouts (`export::rows::standings_for`: docs/rules.md#6-tiebreaks, the
//! tiebreak chain), with the printouts' note where the knockout decided places 1–4. A wall
//! has room for a screenful: each section's top places, with how many more the standings
//! page lists.

use crate::domain::Tournament;
use crate::domain::rules::Lang;
use crate::export::rows::{name, remark, standings_for};

/// One place of the final standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub rank: u32,
    pub no: u32,
    pub name: String,
    pub club: String,
    pub points: String,
    /// The printouts' 备注: 淘汰赛冠军 … 第四名, 退赛; empty otherwise.
    pub remark: String,
}

/// A section's top places.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionPlaces {
    /// The section's name when the event has several.
    pub name: Option<String>,
    pub places: Vec<Place>,
    /// Places not shown (on the standings page).
    pub more: usize,
    /// The note under the table when the knockout decided its top places (why place 5 may
    /// have more points than place 1), as the printouts have it.
    pub note: Option<String>,
}

/// `None` until every round of the event is played; then each section's top places, at
/// most `rows` lines in all (a section's heading counts as a line when there are several).
pub fn final_standings(t: &Tournament, rows: usize, lang: Lang) -> Option<Vec<SectionPlaces>> {
    if !super::view::event_over(t) {
        return None;
    }
    let (_, standings) = standings_for(t, None);
    let sections = t.rules.sections.len().max(1);
    let heading = usize::from(sections > 1);
    let per = (rows / sections).saturating_sub(heading).max(1);
    let out = (0..sections)
        .map(|s| {
            let all: Vec<Place> = standings
                .iter()
                .filter(|st| sections == 1 || st.section == s)
                .map(|st| Place {
                    rank: st.rank,
                    no: st.no.0,
                    name: name(t, st.no),
                    club: t
                        .player(st.no)
                        .map(|p| p.entry.club.clone())
                        .unwrap_or_default(),
                    points: crate::export::report::ratio_text(
                        i64::from(st.points),
                        t.rules.points.per_point(),
                    ),
                    remark: remark(t, st, lang).text(),
                })
                .collect();
            let mine: Vec<_> = standings
                .iter()
                .filter(|st| sections == 1 || st.section == s)
                .cloned()
                .collect();
            SectionPlaces {
                name: (sections > 1).then(|| t.section_name(s).to_string()),
                more: all.len().saturating_sub(per),
                places: all.into_iter().take(per).collect(),
                note: crate::export::knockout_text::placing_note(t, &mine, lang),
            }
        })
        .filter(|s| !s.places.is_empty())
        .collect();
    Some(out)
}
