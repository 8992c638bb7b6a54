//! What the room page may show of the tournament's texts: control characters, direction
//! controls and line separators that a record written outside bianpai holds (an older
//! version, a hand-made line) are shown as `\u{…}`, as every export shows them
//! (`domain::text::escape`). Done once per snapshot, so no page, fragment, API answer or
//! search can serve them raw.

use std::borrow::Cow;

use crate::domain::Tournament;
use crate::domain::text::escape;

fn clean(s: &mut String) {
    if let Cow::Owned(shown) = escape(s) {
        *s = shown;
    }
}

fn clean_opt(s: &mut Option<String>) {
    if let Some(s) = s {
        clean(s);
    }
}

/// `t` with every text it shows escaped (names, clubs, teams, groups, sections, titles,
/// prize labels, the arbiters' names, notes shown on a board).
pub fn shown(mut t: Tournament) -> Tournament {
    clean(&mut t.title);
    let r = &mut t.rules;
    clean(&mut r.title);
    clean(&mut r.name);
    clean_opt(&mut r.officials.chief_arbiter);
    clean_opt(&mut r.officials.pairing_officer);
    for s in &mut r.sections {
        clean(&mut s.name);
    }
    for p in r.prizes.places.iter_mut().chain(r.prizes.lucky.iter_mut()) {
        clean(&mut p.label);
        clean_opt(&mut p.section);
    }
    for c in &mut r.prizes.categories {
        clean(&mut c.name);
        clean_opt(&mut c.section);
    }
    for p in &mut t.players {
        clean(&mut p.entry.name);
        clean(&mut p.entry.club);
        clean(&mut p.entry.team);
        clean(&mut p.entry.group);
    }
    for team in &mut t.team_event.teams {
        clean(&mut team.name);
    }
    for round in &mut t.rounds {
        clean_opt(&mut round.kept);
        for g in &mut round.games {
            clean_opt(&mut g.move_limit);
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{Event, PlayerEntry};
    use crate::domain::{PlayerNo, Rules};

    #[test]
    fn control_bytes_are_shown_escaped_and_plain_text_is_kept() {
        let mut t = Tournament::new(
            "月赛\u{1b}]0;x\u{7}".into(),
            Rules::preset("qigu-2024-07").unwrap(),
        );
        t.apply(&Event::PlayerRegistered {
            no: PlayerNo(1),
            entry: PlayerEntry::named("王\u{202e}五"),
        });
        t.apply(&Event::PlayerRegistered {
            no: PlayerNo(2),
            entry: PlayerEntry::named("李四"),
        });
        let s = shown(t);
        assert_eq!(s.title, "月赛\\u{1b}]0;x\\u{7}");
        assert_eq!(s.players[0].entry.name, "王\\u{202e}五");
        assert_eq!(s.players[1].entry.name, "李四");
    }
}
