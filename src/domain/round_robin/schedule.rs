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

use super::berger;
use crate::domain::format::RoundRobin;
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::pairing::explain::Line;
use crate::domain::swiss::SectionPairing;
use crate::domain::tournament::{Status, Tournament};

/// One game of the schedule in player numbers; `black == None` is the bye of `red`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scheduled {
    pub red: PlayerNo,
    pub black: Option<PlayerNo>,
}

/// The players of `section` seated in the schedule, by number: those paired in round 1 (a game
/// or the bye) once it is paired, before that the section's active players.
pub fn field(t: &Tournament, section: usize) -> Vec<PlayerNo> {
    let in_section = |no: &PlayerNo| t.player(*no).is_some_and(|p| p.section == section);
    let mut nos: Vec<PlayerNo> = match t.rounds.first() {
        Some(r1) => r1
            .games
            .iter()
            .flat_map(|g| [g.red, g.black])
            .chain(r1.byes.iter().copied())
            .filter(in_section)
            .collect(),
        None => t
            .players
            .iter()
            .filter(|p| p.section == section && p.status == Status::Active)
            .map(|p| p.no)
            .collect(),
    };
    nos.sort();
    nos.dedup();
    nos
}

/// The schedule's own number of rounds for a field of `n`: n−1 (even) or n (odd) per cycle.
pub fn rounds_for(n: usize, rr: RoundRobin) -> u32 {
    berger::rounds_per_cycle(u32::try_from(n).unwrap_or(u32::MAX)) * rr.cycles()
}

/// The schedule's own number of rounds of an individual round robin: the longest section's.
pub fn schedule_rounds(t: &Tournament, rr: RoundRobin) -> u32 {
    (0..t.rules.sections.len().max(1))
        .map(|s| rounds_for(field(t, s).len(), rr))
        .max()
        .unwrap_or(0)
}

/// Which round of the printed table, and whether colours are swapped, round `round` (1-based
/// over all cycles) plays.
pub fn table_round(n: usize, rr: RoundRobin, round: u32) -> Option<(u32, bool)> {
    let per = berger::rounds_per_cycle(u32::try_from(n).ok()?);
    if per == 0 || round == 0 || round > per * rr.cycles() {
        return None;
    }
    let cycle = (round - 1) / per;
    let mut k = (round - 1) % per + 1;
    if rr.swaps_last_two() && cycle == 0 && per >= 3 {
        // FIDE C.05: the last two rounds of the first cycle in reverse order.
        if k == per {
            k = per - 1;
        } else if k == per - 1 {
            k = per;
        }
    }
    Some((k, cycle % 2 == 1))
}

/// The games of round `round` for `field` (seat i is `field[i - 1]`), in table order, the bye
/// last. Empty outside the schedule.
pub fn scheduled(field: &[PlayerNo], rr: RoundRobin, round: u32) -> Vec<Scheduled> {
    let Some((k, swapped)) = table_round(field.len(), rr, round) else {
        return Vec::new();
    };
    let seat = |s: u32| field[s as usize - 1];
    berger::round(field.len() as u32, k)
        .into_iter()
        .map(|g| match g.black {
            Some(b) if swapped => Scheduled {
                red: seat(b),
                black: Some(seat(g.red)),
            },
            Some(b) => Scheduled {
                red: seat(g.red),
                black: Some(seat(b)),
            },
            None => Scheduled {
                red: seat(g.red),
                black: None,
            },
        })
        .collect()
}

/// The whole schedule of one section (轮次表): rounds 1..=`rules.rounds` (never beyond the
/// table).
pub fn schedule(t: &Tournament, rr: RoundRobin, section: usize) -> Vec<Vec<Scheduled>> {
    let field = field(t, section);
    let last = t.rules.rounds.min(rounds_for(field.len(), rr));
    (1..=last).map(|r| scheduled(&field, rr, r)).collect()
}

/// Pairs round `round` of `section`: the table's games between players still in the event go
/// on boards in table order; a game with a withdrawn player is left off (its consequence is
/// `withdrawal::unplayed`); the table's bye goes to its player if still in the event.
pub(crate) fn pair(t: &Tournament, rr: RoundRobin, section: usize, round: Round) -> SectionPairing {
    let field = field(t, section);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn nos(n: u32) -> Vec<PlayerNo> {
        (1..=n).map(PlayerNo).collect()
    }

    /// The longest run of one colour for any player over the whole schedule.
    fn longest_run(n: u32, rr: RoundRobin, reverse_last_two: bool) -> usize {
        let field = nos(n);
        let per = berger::rounds_per_cycle(n);
        let mut colours: Vec<Vec<bool>> = vec![Vec::new(); n as usize + 1];
        for r in 1..=per * rr.cycles() {
            let games = if reverse_last_two {
                scheduled(&field, rr, r)
            } else {
                let cycle = (r - 1) / per;
                let k = (r - 1) % per + 1;
                berger::round(n, k)
                    .into_iter()
                    .map(|g| Scheduled {
                        red: if cycle == 1 {
                            PlayerNo(g.black.map_or(g.red, |b| b))
                        } else {
                            PlayerNo(g.red)
                        },
                        black: g.black.map(|b| {
                            if cycle == 1 {
                                PlayerNo(g.red)
                            } else {
                                PlayerNo(b)
                            }
                        }),
                    })
                    .collect()
            };
            for g in games {
                if let Some(b) = g.black {
                    colours[g.red.0 as usize].push(true);
                    colours[b.0 as usize].push(false);
                }
            }
        }
        colours
            .iter()
            .map(|c| {
                let mut best = 0;
                let mut run = 0;
                for (i, x) in c.iter().enumerate() {
                    run = if i > 0 && c[i - 1] == *x { run + 1 } else { 1 };
                    best = best.max(run);
                }
                best
            })
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn reversing_the_last_two_rounds_avoids_a_third_colour_in_a_row() {
        let mut helped = 0;
        for n in 4..=16 {
            let plain = longest_run(n, RoundRobin::double(), false);
            let fide = longest_run(n, RoundRobin::double(), true);
            assert!(fide <= 2, "n={n}: {fide} in a row with the reversal");
            assert!(fide <= plain, "n={n}: reversal {fide}, plain {plain}");
            helped += usize::from(fide < plain);
        }
        // Without the reversal some field does get a third colour in a row.
        assert!(helped > 0);
    }

    #[test]
    fn second_cycle_swaps_colours_of_the_same_game() {
        let field = nos(6);
        // Round 6 is the second cycle's round 1: table round 1 with colours swapped.
        let first = scheduled(&field, RoundRobin::double(), 1);
        let again = scheduled(&field, RoundRobin::double(), 6);
        assert_eq!(first.len(), again.len());
        for (a, b) in first.iter().zip(&again) {
            assert_eq!(Some(a.red), b.black);
            assert_eq!(a.black, Some(b.red));
        }
        assert!(scheduled(&field, RoundRobin::double(), 11).is_empty());
        assert!(scheduled(&field, RoundRobin::single(), 6).is_empty());
    }

    #[test]
    fn seats_are_the_drawn_numbers_in_order() {
        let field = vec![PlayerNo(3), PlayerNo(5), PlayerNo(8), PlayerNo(9)];
        let r1 = scheduled(&field, RoundRobin::single(), 1);
        // Table round 1 for 4 seats: 1–4, 2–3.
        assert_eq!(r1[0].red, PlayerNo(3));
        assert_eq!(r1[0].black, Some(PlayerNo(9)));
        assert_eq!(r1[1].red, PlayerNo(5));
        assert_eq!(r1[1].black, Some(PlayerNo(8)));
        assert_eq!(rounds_for(4, RoundRobin::double()), 6);
        assert_eq!(rounds_for(5, RoundRobin::single()), 5);
    }
}
