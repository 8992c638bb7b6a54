//! The rows of the other screens: standings with their tiebreak columns (docs/rules.md#6-tiebreaks), the
//! pairing preview with its explanation (§3), the players, and the audit log. Computed here,
//! only laid out by `ui/`.

use crate::domain::pairing::propose;
use crate::domain::standings::standings;
use crate::domain::tournament::Status;
use crate::domain::{Round, Tournament};
use crate::i18n::screen::{Strings, fill};
use crate::log::Record;

/// A titled table of text cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub title: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Right-align column i.
    pub right: Vec<bool>,
    /// Rows to draw dimmed (withdrawn players).
    pub dim: Vec<bool>,
    /// Lines under the table (the pairing explanation).
    pub notes: Vec<String>,
}

fn name(t: &Tournament, no: crate::domain::PlayerNo) -> String {
    t.player(no).map_or(String::new(), |p| p.entry.name.clone())
}

/// A tiebreak value as shown: "-" where it gives none, 小分 divided by the win points.
fn value(v: Option<i64>, den: u32) -> String {
    let c = crate::export::report::Cell::ratio(v, den);
    if c.is_empty() {
        "-".to_string()
    } else {
        c.text()
    }
}

/// A team match event's standings screen: the team standings (团体成绩, the printout's rows).
fn team_standings_table(t: &Tournament, s: &Strings) -> Table {
    use crate::export::team_match::{standings_report, standings_round};
    let r = standings_report(t, standings_round(t, None), s.lang());
    let Some(table) = r.tables.first() else {
        return Table::default();
    };
    Table {
        title: r.title.clone(),
        header: table.header.clone(),
        rows: table
            .rows
            .iter()
            .map(|row| row.iter().map(crate::export::report::Cell::text).collect())
            .collect(),
        right: table.numeric_columns(),
        dim: vec![false; table.rows.len()],
        notes: Vec::new(),
    }
}

/// Standings after the last complete round (the team standings in a team match event).
pub fn standings_table(t: &Tournament, s: &Strings) -> Table {
    if t.rules.format.is_team() {
        return team_standings_table(t, s);
    }
    let after = Round(t.completed_rounds());
    let rows = standings(t, after);
    let over = event_over(t);
    let mut header: Vec<String> = s.standings_head.iter().map(|h| (*h).to_string()).collect();
    // The same column names as the printed standings.
    header.extend(
        t.rules
            .tiebreaks
            .iter()
            .map(|tb| crate::export::rows::tiebreak_label(*tb, s.lang()).to_string()),
    );
    let mut right = vec![true, true, false, false, true];
    right.extend(t.rules.tiebreaks.iter().map(|_| true));
    // Places 1–4 of a knockout come from the knockout, not from the points: such rows get
    // the printouts' 备注 (淘汰赛冠军 …) and the printouts' note under the table.
    let knockout = rows.iter().any(|r| r.placing.is_some());
    if knockout {
        header.push(s.knockout_place.to_string());
        right.push(false);
    }
    let prizes = if over {
        header.push(s.prize_col.to_string());
        right.push(false);
        crate::domain::prizes::award(t, &rows)
    } else {
        Vec::new()
    };
    let dim = rows
        .iter()
        .map(|r| t.player(r.no).is_some_and(|p| p.status != Status::Active))
        .collect();
    let table = rows;
    let rows = table
        .iter()
        .map(|r| {
            let mut cells = vec![
                r.rank.to_string(),
                r.no.to_string(),
                name(t, r.no),
                t.section_name(r.section).to_string(),
                crate::export::report::ratio_text(i64::from(r.points), t.rules.points.per_point()),
            ];
            cells.extend(
                r.tiebreaks
                    .iter()
                    .map(|(tb, v)| value(*v, tb.divisor(&t.rules.points))),
            );
            if knockout {
                cells.push(r.placing.map_or_else(String::new, |p| {
                    crate::export::knockout_text::placing_word(p, s.lang()).to_string()
                }));
            }
            if over {
                let won: Vec<String> = prizes
                    .iter()
                    .filter(|a| a.no == Some(r.no))
                    .map(|a| {
                        // The printed prize list's words: 第3名 500, 第9名 证书, never 0.
                        format!(
                            "{} {}",
                            crate::export::awards::prize_name(&prizes, a, s.lang()),
                            crate::export::awards::amount_cell(a, s.lang()).text()
                        )
                    })
                    .collect();
                cells.push(won.join(", "));
            }
            cells
        })
        .collect();
    let mut notes = Vec::new();
    notes.extend(crate::export::knockout_text::placing_note(
        t,
        &table,
        s.lang(),
    ));
    Table {
        title: if over {
            s.final_standings.to_string()
        } else if after.0 == 0 {
            s.standings_before.to_string()
        } else {
            fill(s.standings_after, &[&after])
        },
        header,
        rows,
        right,
        dim,
        notes,
    }
}

/// Whether the last round is complete (the end state of ).
pub fn event_over(t: &Tournament) -> bool {
    t.current()
        .is_some_and(|r| r.round.0 >= t.rules.rounds && r.is_complete())
}

/// The next round as the engine would pair it now, with its explanation.
pub fn preview_table(t: &Tournament, s: &Strings) -> Table {
    // A round paired on an old result: what a re-pair would change.
    if let Some(Ok(p)) = t.repair_preview() {
        return super::boundary::repair_table(t, s, &p);
    }
    let next = Round(t.current_round().0 + 1);
    let mut table = Table {
        title: fill(s.preview_title, &[&next]),
        header: vec![
            s.board_cols[0].to_string(),
            s.side(crate::domain::Side::Red).to_string(),
            String::new(),
            s.side(crate::domain::Side::Black).to_string(),
        ],
        right: vec![true, false, false, false],
        ..Table::default()
    };
    if next.0 > t.rules.rounds {
        // After the last round there is nothing to preview: the event is over (or ends
        // with this round).
        if event_over(t) {
            table.title = s.preview_over.to_string();
            table.notes.push(s.event_over.to_string());
        } else {
            table.notes.push(s.last_round.to_string());
        }
        return table;
    }
    let incomplete = t.current().is_some_and(|r| !r.is_complete());
    if incomplete {
        table.notes.push(s.preview_incomplete.to_string());
    }
    if incomplete
        && let Some(k) = t.rules.format.knockout()
        && next.0 == k.after_round + 1
    {
        // The round that selects the knockout's players is still on: nobody knows the top
        // four yet, so there is nothing to preview (never "only 0 players qualify").
        table.notes.push(fill(
            s.preview_knockout_wait,
            &[&next, &k.players, &k.after_round],
        ));
        return table;
    }
    match propose(t) {
        Ok(p) => {
            for g in &p.games {
                table.rows.push(vec![
                    g.board.to_string(),
                    format!("{} {}", g.red, name(t, g.red)),
                    s.vs.to_string(),
                    format!("{} {}", g.black, name(t, g.black)),
                ]);
            }
            table.dim = vec![false; table.rows.len()];
            for b in &p.byes {
                table.notes.push(format!("{}: {b} {}", s.bye, name(t, *b)));
            }
            table
                .notes
                .extend(crate::i18n::explain::lines(&p.lines, s.lang()));
        }
        Err(e) => table.notes.push(fill(
            s.preview_none,
            &[&crate::i18n::refusal(
                &e,
                s.lang(),
                crate::domain::zone::EventZone::of(&t.rules),
            )],
        )),
    }
    table
}

/// Every player with status and points.
pub fn players_table(t: &Tournament, s: &Strings) -> Table {
    let scores = crate::domain::standings::points_before(t, Round(t.current_round().0 + 1));
    let rows = t
        .players
        .iter()
        .map(|p| {
            vec![
                p.no.to_string(),
                p.entry.name.clone(),
                p.entry.club.clone(),
                t.section_name(p.section).to_string(),
                s.status(p.status).to_string(),
                crate::export::report::ratio_text(
                    i64::from(scores.get(&p.no).copied().unwrap_or(0)),
                    t.rules.points.per_point(),
                ),
            ]
        })
        .collect();
    Table {
        title: s.screens[3].to_string(),
        header: s.players_head.iter().map(|h| (*h).to_string()).collect(),
        rows,
        right: vec![true, false, false, false, false, true],
        dim: t
            .players
            .iter()
            .map(|p| p.status != Status::Active)
            .collect(),
        notes: Vec::new(),
    }
}

/// The audit log, newest first: who did what, when; without `reasons` (a viewer), every
/// reason is replaced by the words saying arbiters read it (docs/trust.md).
pub fn audit_table(
    t: &Tournament,
    s: &Strings,
    records: &[Record],
    zone: crate::domain::zone::EventZone,
    reasons: bool,
) -> Table {
    // An automatic act is the rule's (a late forfeit, the automatic advance's pairing); who
    // triggered it is a detail. A run of wrong codes is one line per board.
    let rows: Vec<Vec<String>> = crate::i18n::audit::lines(t, records, s.lang(), zone, reasons)
        .into_iter()
        .rev()
        .map(|l| {
            vec![
                l.seq,
                zone.format(l.at, "%m-%d %H:%M:%S"),
                l.who,
                l.role,
                l.text,
            ]
        })
        .collect();
    Table {
        title: s.screens[4].to_string(),
        header: s.audit_head.iter().map(|h| (*h).to_string()).collect(),
        dim: vec![false; rows.len()],
        rows,
        right: vec![true, false, false, false, false],
        notes: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{Event, PlayerEntry};
    use crate::domain::{PlayerNo, Rules};
    use crate::i18n::screen::{EN, ZH};

    fn two_players() -> Tournament {
        let mut t = Tournament::new("T".into(), Rules::preset("qigu-2024-07").unwrap());
        for (i, n) in ["王伟", "李娜"].iter().enumerate() {
            t.apply(&Event::PlayerRegistered {
                no: PlayerNo(i as u32 + 1),
                entry: PlayerEntry {
                    name: (*n).into(),
                    gender: None,
                    birth: None,
                    club: "棋社".into(),
                    team: String::new(),
                    group: String::new(),
                    local: false,
                    id_number: None,
                },
            });
        }
        t
    }

    #[test]
    fn standings_have_one_column_per_tiebreak() {
        let t = two_players();
        let table = standings_table(&t, &ZH);
        assert_eq!(table.header.len(), 5 + t.rules.tiebreaks.len());
        assert_eq!(table.rows.len(), 2);
        assert_eq!(table.rows[0].len(), table.header.len());
        // Before round 1: no 第0轮后排名.
        assert_eq!(table.title, "赛前名单 (按序号)");
    }

    #[test]
    fn preview_of_round_one_lists_the_boards() {
        let t = two_players();
        let table = preview_table(&t, &EN);
        assert_eq!(table.title, "Round 1 preview");
        assert_eq!(table.rows.len(), 1);
        assert!(table.rows[0][1].contains("王伟") || table.rows[0][3].contains("王伟"));
    }

    #[test]
    fn standings_columns_are_named_as_in_the_printed_standings() {
        let t = two_players();
        for (s, lang) in [
            (&ZH, crate::domain::rules::Lang::Zh),
            (&EN, crate::domain::rules::Lang::En),
        ] {
            let console = standings_table(&t, s);
            let rows = standings(&t, Round(0));
            let printed = crate::export::rows::standings(&t, Round(0), &rows, lang);
            let header = &printed.tables[0].header;
            // Every console column but the section (not on the printout) has the printout's name.
            for (i, h) in console.header.iter().enumerate().filter(|(i, _)| *i != 3) {
                assert!(header.contains(h), "column {i} {h:?} not in {header:?}");
            }
        }
    }

    #[test]
    fn withdrawn_players_are_dimmed() {
        let mut t = two_players();
        t.apply(&Event::PlayerWithdrawn {
            no: PlayerNo(2),
            by_rule: false,
            reason: String::new(),
        });
        let table = players_table(&t, &ZH);
        assert_eq!(table.dim, vec![false, true]);
        assert_eq!(table.rows[1][4], "退赛");
    }
}
