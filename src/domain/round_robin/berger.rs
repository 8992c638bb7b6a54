//! The Berger table (贝格尔编排): the fixed round-robin schedule of seats 1..n, shared by the
//! individual round robin and the team round robin. Seats are drawn numbers (individual) or team
//! numbers (teams). The table is the one printed in the rulebook and in the FIDE handbook
//! (C.05 annex 1): round 1 is 1–n, 2–(n−1), …; the seat n is fixed and the others rotate, so
//! that over the cycle every seat meets every other exactly once and colours alternate as far
//! as the table allows. The first seat of a pair has red (先走).
//!
//! With an odd field, seat n+1 is the bye (轮空): the seat drawn against it sits out.

/// One game of the table: `red` plays `black`; `black == None` is the bye of `red`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seating {
    pub red: u32,
    pub black: Option<u32>,
}

/// The number of rounds of one cycle for `n` seats: n−1 for an even field, n for an odd one.
pub fn rounds_per_cycle(n: u32) -> u32 {
    if n < 2 {
        0
    } else if n.is_multiple_of(2) {
        n - 1
    } else {
        n
    }
}

/// The games of round `round` (1-based, within one cycle) of the Berger table for `n` seats,
/// in board order; the bye, if any, is last. Empty when `round` is outside the cycle.
#[allow(clippy::many_single_char_names)] // n, m, p, a, b: the letters of the Berger table itself
pub fn round(n: u32, round: u32) -> Vec<Seating> {
    let rounds = rounds_per_cycle(n);
    if round == 0 || round > rounds {
        return Vec::new();
    }
    // An odd field plays as n+1 seats; the seat n+1 is the bye.
    let seats = if n.is_multiple_of(2) { n } else { n + 1 };
    let m = seats - 1; // the rotating seats 1..=m
    let half = seats / 2;
    // The seat opposite the fixed seat: 1, n/2+1, 2, n/2+2, … (the table's first column).
    let p = ((round - 1) * half) % m; // zero-based
    let rot = |k: i64| -> u32 { (k.rem_euclid(i64::from(m)) + 1) as u32 };
    let mut games = Vec::with_capacity(half as usize);
    let (fixed_red, fixed_black) = if round % 2 == 1 {
        (p + 1, seats)
    } else {
        (seats, p + 1)
    };
    games.push((fixed_red, fixed_black));
    for k in 1..half {
        let a = rot(i64::from(p) + i64::from(k));
        let b = rot(i64::from(p) - i64::from(k));
        games.push((a, b));
    }
    let bye_seat = if n.is_multiple_of(2) {
        None
    } else {
        Some(seats)
    };
    let mut out: Vec<Seating> = games
        .iter()
        .filter(|(a, b)| Some(*a) != bye_seat && Some(*b) != bye_seat)
        .map(|&(a, b)| Seating {
            red: a,
            black: Some(b),
        })
        .collect();
    if let Some(bye) = bye_seat {
        for &(a, b) in &games {
            if a == bye {
                out.push(Seating {
                    red: b,
                    black: None,
                });
            } else if b == bye {
                out.push(Seating {
                    red: a,
                    black: None,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn pairs(n: u32, r: u32) -> Vec<(u32, u32)> {
        round(n, r)
            .into_iter()
            .filter_map(|s| s.black.map(|b| (s.red, b)))
            .collect()
    }

    #[test]
    fn six_seats_match_the_printed_table() {
        // The rulebook's / FIDE's Berger table for 5–6 players.
        assert_eq!(pairs(6, 1), vec![(1, 6), (2, 5), (3, 4)]);
        assert_eq!(pairs(6, 2), vec![(6, 4), (5, 3), (1, 2)]);
        assert_eq!(pairs(6, 3), vec![(2, 6), (3, 1), (4, 5)]);
        assert_eq!(pairs(6, 4), vec![(6, 5), (1, 4), (2, 3)]);
        assert_eq!(pairs(6, 5), vec![(3, 6), (4, 2), (5, 1)]);
        assert!(round(6, 6).is_empty());
    }

    #[test]
    fn four_seats_match_the_printed_table() {
        assert_eq!(pairs(4, 1), vec![(1, 4), (2, 3)]);
        assert_eq!(pairs(4, 2), vec![(4, 3), (1, 2)]);
        assert_eq!(pairs(4, 3), vec![(2, 4), (3, 1)]);
    }

    #[test]
    fn every_pair_meets_once_and_every_odd_seat_sits_out_once() {
        for n in 2..=24u32 {
            let mut met = HashSet::new();
            let mut byes = HashSet::new();
            for r in 1..=rounds_per_cycle(n) {
                let mut seen = HashSet::new();
                for s in round(n, r) {
                    assert!(seen.insert(s.red), "n={n} r={r}: {} twice", s.red);
                    match s.black {
                        Some(b) => {
                            assert!(seen.insert(b), "n={n} r={r}: {b} twice");
                            let key = (s.red.min(b), s.red.max(b));
                            assert!(met.insert(key), "n={n}: {key:?} meets twice");
                        }
                        None => assert!(byes.insert(s.red), "n={n}: second bye"),
                    }
                }
                assert_eq!(seen.len() as u32, n, "n={n} r={r}: not everyone seated");
            }
            assert_eq!(met.len() as u32, n * (n - 1) / 2);
            assert_eq!(byes.len() as u32, if n % 2 == 1 { n } else { 0 });
        }
    }

    #[test]
    fn colours_differ_by_at_most_one_over_a_cycle() {
        for n in 2..=24u32 {
            let mut reds = vec![0i32; n as usize + 1];
            let mut blacks = vec![0i32; n as usize + 1];
            for r in 1..=rounds_per_cycle(n) {
                for s in round(n, r) {
                    if let Some(b) = s.black {
                        reds[s.red as usize] += 1;
                        blacks[b as usize] += 1;
                    }
                }
            }
            for seat in 1..=n as usize {
                assert!(
                    (reds[seat] - blacks[seat]).abs() <= 1,
                    "n={n} seat {seat}: {} red {} black",
                    reds[seat],
                    blacks[seat]
                );
            }
        }
    }
}
