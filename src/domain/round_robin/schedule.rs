//! The individual round robin (单循环 / 双循环), a sibling of the Swiss engine chosen by the
//! rules' `system` (docs/cli.md). Round r is the Berger table (贝格尔编排, `berger.rs`) of the
//! drawn numbers: the section's players sorted by number take seats 1..n. With an odd field the
//! seat drawn against the phantom seat n+1 has the bye (轮空). A double round robin plays the
//! table twice, the second cycle with colours swapped; in the first cycle the last two rounds
//! are played in reverse order (FIDE C.05, annex 1), which keeps the seat that would otherwise
//! get the same colour three times in a row across the change of cycle from it.
//!
//! The field is fixed when round 1 is paired: the players seated in round 1 (late entries are
//! refused, `registration.rs`). A player who withdraws keeps a seat; the games the table gives
//! them afterwards are not put on a board (R2011 ch.14, see `domain::round_robin::withdrawal`).

pub use super::table::{Scheduled, schedule, scheduled, table_round};
use crate::domain::format::RoundRobin;
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::pairing::explain::Line;
use crate::domain::pairing::section::SectionPairing;
use crate::domain::tournament::{Status, Tournament};

/// Pairs round `round` of `section`: the table's games between players still in the event go
/// on boards in table order; a game with a withdrawn player is left off (its consequence is
/// `withdrawal::unplayed`); the table's bye goes to its player if still in the event.
pub(crate) fn pair(t: &Tournament, rr: RoundRobin, section: usize, round: Round) -> SectionPairing {
    let field = t.table_field(section);
    let active = |no: PlayerNo| t.player(no).is_some_and(|p| p.status == Status::Active);
    let table = table_round(field.len(), rr, round.0);
    let mut out = SectionPairing {
        pairs: Vec::new(),
        bye: None,
        notes: Vec::new(),
        general: Vec::new(),
        breaks: Vec::new(),
    };
    for g in scheduled(&field, rr, round.0) {
        match g.black {
            Some(black) if active(g.red) && active(black) => {
                out.pairs.push((g.red, black));
                let (table_round, swapped) = table.unwrap_or((round.0, false));
                out.notes.push(Line::Berger {
                    red: g.red,
                    black,
                    table_round,
                    swapped,
                });
            }
            Some(black) => {
                for (present, absent) in [(g.red, black), (black, g.red)] {
                    if active(present) && !active(absent) {
                        out.general.push(Line::OpponentWithdrew {
                            present,
                            absent,
                            annulled: super::withdrawal::is_annulled(t, absent),
                        });
                    }
                }
            }
            None if active(g.red) => {
                out.bye = Some(g.red);
                out.general.push(Line::BergerBye(g.red));
            }
            None => {}
        }
    }
    out
}
