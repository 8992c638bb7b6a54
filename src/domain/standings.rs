//! Standings (RULES.md §6). Placeholder: points, then draw number. The full tiebreak chain
//! replaces this.

use super::ids::{PlayerNo, Round};
use super::pairing::swiss_scores;
use super::rules::Tiebreak;
use super::tournament::Tournament;

/// One line of the standings of a section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Place within the section, 1-based, never shared.
    pub rank: u32,
    pub no: PlayerNo,
    /// Index into `rules.sections`.
    pub section: usize,
    pub points: u32,
    /// The value of every tiebreak in the rules' chain, in chain order. `None` where the
    /// criterion gives no value for this player (e.g. direct encounter outside a tie).
    pub tiebreaks: Vec<(Tiebreak, Option<i64>)>,
}

/// Standings after `after` (rounds 1..=after count), every section, each ranked within its
/// section; sections in rules order.
pub fn standings(t: &Tournament, after: Round) -> Vec<Standing> {
    let scores = swiss_scores(t, Round(after.0 + 1));
    let mut rows: Vec<Standing> = t
        .players
        .iter()
        .map(|p| Standing {
            rank: 0,
            no: p.no,
            section: p.section,
            points: scores.get(&p.no).copied().unwrap_or(0),
            tiebreaks: t
                .rules
                .tiebreaks
                .iter()
                .map(|tb| {
                    (
                        *tb,
                        (*tb == Tiebreak::DrawNumber).then_some(i64::from(p.no.0)),
                    )
                })
                .collect(),
        })
        .collect();
    rows.sort_by(|a, b| {
        a.section
            .cmp(&b.section)
            .then(b.points.cmp(&a.points))
            .then(a.no.cmp(&b.no))
    });
    let mut last_section = usize::MAX;
    let mut rank = 0;
    for r in &mut rows {
        if r.section != last_section {
            last_section = r.section;
            rank = 0;
        }
        rank += 1;
        r.rank = rank;
    }
    rows
}
