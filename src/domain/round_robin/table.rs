//! The round-robin table of a drawn field (docs/rules.md#12-formats): which seats a section
//! has, how many rounds the table plays, and the games of each round in player numbers (the
//! Berger table, `berger`, with the double round robin's order). Pairing a round from it is
//! `schedule`; the withdrawal rule reads it (`withdrawal`).

use super::berger;
use crate::domain::format::RoundRobin;
use crate::domain::ids::PlayerNo;
use crate::domain::tournament::Tournament;

/// One game of the schedule in player numbers; `black == None` is the bye of `red`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scheduled {
    pub red: PlayerNo,
    pub black: Option<PlayerNo>,
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
    let field = t.table_field(section);
    let last = t.rules.rounds.min(rr.rounds_for(field.len()));
    (1..=last).map(|r| scheduled(&field, rr, r)).collect()
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
        assert_eq!(RoundRobin::double().rounds_for(4), 6);
        assert_eq!(RoundRobin::single().rounds_for(5), 5);
    }
}
