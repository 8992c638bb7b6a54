//! The desk's reports: the entry list with the fee due from each player (报名名单,
//! docs/rules.md#9-registration) and the clocks of a round, read at an injected `now`.

use chrono::{DateTime, Utc};

use super::report::{Cell, Report, Table};
use super::rows::{Kind, name};
use crate::domain::id_number::IdNumber;
use crate::domain::rules::Lang;
use crate::domain::tournament::Status;
use crate::domain::{Round, Side, Tournament};
use crate::i18n::print::{Header, Label, Summary, Title, header, headers, label, summary, title};

/// The entry list with the fee due from each player (报名名单, docs/rules.md#9-registration), and the totals:
/// players, paying, free, total in yuan: the desk's list (the head arbiter's and the
/// organizer's).
pub fn players(t: &Tournament, lang: Lang) -> Report {
    players_for(t, lang, true)
}

/// The entry list for a reader: `desk` (the head arbiter, the organizer, root) gets birth
/// dates, masked ID numbers and fees with their totals; anyone else the list the room page
/// shows (number, name, gender, club, team, group, local, status) and the number of players.
pub fn players_for(t: &Tournament, lang: Lang, desk: bool) -> Report {
    let mut report = desk_players(t, lang);
    if !desk {
        let table = &mut report.tables[0];
        // The desk's columns, from the right: fee, birth date (and the ID number after it).
        let ids = t.players.iter().any(|p| p.entry.id_number.is_some());
        let private: &[usize] = if ids { &[10, 4, 3] } else { &[9, 3] };
        for &i in private {
            table.header.remove(i);
            for row in &mut table.rows {
                row.remove(i);
            }
        }
        table.summary.truncate(1);
    }
    report
}

fn desk_players(t: &Tournament, lang: Lang) -> Report {
    let h = headers(
        &[
            Header::No,
            Header::Name,
            Header::Gender,
            Header::Birth,
            Header::Club,
            Header::Team,
            Header::Group,
            Header::Local,
            Header::Status,
            Header::Fee,
        ],
        lang,
    );
    // The ID numbers, masked, when the entry form gave any (after the birth date).
    let ids = t.players.iter().any(|p| p.entry.id_number.is_some());
    let mut h = h;
    if ids {
        h.insert(4, header(Header::IdNumber, lang).to_string());
    }
    let mut table = Table::new(h);
    let mut total: i64 = 0;
    let mut paying: u32 = 0;
    for p in &t.players {
        let fee = crate::domain::registration::fee(&t.rules, &p.entry);
        total += i64::from(fee);
        if fee > 0 {
            paying += 1;
        }
        let mut row = vec![
            Cell::from(p.no.0),
            Cell::from(p.entry.name.clone()),
            Cell::from(p.entry.gender.map_or("", |g| label(Label::Gender(g), lang))),
            Cell::from(p.entry.birth.map(|b| b.to_string()).unwrap_or_default()),
            Cell::from(p.entry.club.clone()),
            Cell::from(p.entry.team.clone()),
            Cell::from(t.section_name(p.section)),
            Cell::from(if p.entry.local {
                label(Label::Yes, lang)
            } else {
                ""
            }),
            Cell::from(label(
                match p.status {
                    Status::Active => Label::Active,
                    Status::Withdrawn { .. } => Label::Withdrawn,
                },
                lang,
            )),
            Cell::from(fee),
        ];
        if ids {
            let masked = p.entry.id_number.as_ref().map(IdNumber::masked);
            row.insert(4, Cell::from(masked.unwrap_or_default()));
        }
        table.rows.push(row);
    }
    let count = t.players.len() as u32;
    table.summary = vec![
        (summary(Summary::Players, lang), Cell::from(count)),
        (summary(Summary::Paying, lang), Cell::from(paying)),
        (summary(Summary::Free, lang), Cell::from(count - paying)),
        (summary(Summary::TotalFees, lang), Cell::Int(total)),
    ];
    Report {
        name: Kind::Players.title(lang).to_string(),
        title: Kind::Players.title(lang).to_string(),
        tables: vec![table],
    }
}

/// The clocks of `round` read at `now`: remaining time per side, whose time runs, and a
/// fallen flag. Boards without clock data have blank times.
pub fn clocks(t: &Tournament, round: Round, now: DateTime<Utc>, lang: Lang) -> Report {
    let h = headers(
        &[
            Header::Board,
            Header::Red,
            Header::RedTime,
            Header::Black,
            Header::BlackTime,
            Header::Running,
            Header::Flag,
        ],
        lang,
    );
    let side_word =
        |s: Option<Side>| s.map_or(Cell::Empty, |s| Cell::from(label(Label::Side(s), lang)));
    let mut rows = Vec::new();
    for g in t.round(round).map_or(&[][..], |r| r.games.as_slice()) {
        let reading = g.clock.as_ref().map(|c| c.read(now));
        let time = |ms: Option<u64>| {
            ms.map_or(Cell::Empty, |ms| {
                Cell::from(crate::domain::clock::format_ms(ms))
            })
        };
        rows.push(vec![
            Cell::from(g.board.0),
            Cell::from(name(t, g.red)),
            time(reading.map(|r| r.red_ms)),
            Cell::from(name(t, g.black)),
            time(reading.map(|r| r.black_ms)),
            side_word(reading.and_then(|r| r.running)),
            side_word(reading.and_then(|r| r.flag)),
        ]);
    }
    let at = crate::domain::zone::EventZone::of(&t.rules).format(now, "%Y-%m-%d %H:%M:%S");
    Report::single(
        Kind::Clocks.title(lang),
        title(Title::Clocks { round, at: &at }, lang),
        h,
        rows,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::PlayerNo;
    use crate::domain::event::{Event, PlayerEntry};
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

    #[test]
    fn fee_totals_add_up() {
        let t = event(&["a", "b", "c"]);
        let r = players(&t, Lang::Zh);
        let fees: i64 = r.tables[0]
            .rows
            .iter()
            .map(|row| match row[9] {
                Cell::Int(n) => n,
                _ => panic!("fee is not a number"),
            })
            .sum();
        let s = &r.tables[0].summary;
        assert_eq!(s[0].1, Cell::Int(3));
        assert_eq!(s[3].1, Cell::Int(fees));
        assert_eq!(
            s[1].1.text().parse::<i64>().unwrap() + s[2].1.text().parse::<i64>().unwrap(),
            3
        );
    }
}
