//! Seed 003 (lvliang-2024), worked by hand from RULES.md §6 (places 5+ chain).
//!
//! Points: win 3, loss 0, draw red 1 / black 2 (RULES.md §1); bye 3; a forfeit gives the
//! present side its colour's win points.
//! Chain: `opponent_score`, `wins`, `fouls`, `black_wins`, `previous_round_rank`, `draw_number`.
//! Row format: (rank, no, points, [opp, wins, fouls, black wins, previous round rank, draw
//! number]); NA = no value.
//!
//! Eight players, three rounds:
//! - R1: 1–2 1-0 (2 commits a foul), 4–3 draw, 5–6 forfeit (5 absent, black wins),
//!   8–7 0-1. Then 5 withdraws (frozen on 0).
//! - R2: 7–1 1-0, 6–3 draw, 8–4 forfeit (8 absent, black wins), 2 bye.
//! - R3: 2–7 1-0, 4–6 1-0, 3–1 0-1, 8 bye.
//!
//! Each player's games (colour, opponent, result → points):
//! - 1: R v2 W 3 · B v7 L 0 · B v3 W 3                 points 3, 3, 6
//! - 2: B v1 L 0 (foul) · bye 3 · R v7 W 3              points 0, 3, 6
//! - 3: B v4 D 2 · B v6 D 2 · R v1 L 0                  points 2, 4, 4
//! - 4: R v3 D 1 · B v8 W(forfeit) 3 · R v6 W 3         points 1, 4, 7
//! - 5: R v6 L(forfeit) 0 · withdrawn                   points 0, 0, 0
//! - 6: B v5 W(forfeit) 3 · R v3 D 1 · B v4 L 0         points 3, 4, 4
//! - 7: B v8 W 3 · R v1 W 3 · B v2 L 0                  points 3, 6, 6
//! - 8: R v7 L 0 · R v4 L(forfeit) 0 · bye 3            points 0, 0, 3
//!
//! The lowest score in the field is 0 after every round (the withdrawn 5 stays on 0), so
//! both byes count 0 in opponent score.

use crate::support::standings as standings_support;

use bianpai::domain::rules::FoulKind;
use bianpai::domain::standings::{history, standings};
use bianpai::domain::{Round, Side};
use standings_support::{Log, NA, Row, check, row};

fn log() -> Log {
    let mut log = Log::new("lvliang-2024").players(&[""; 8]);
    log.round(
        1,
        &[(1, 2, "1-0"), (4, 3, "="), (5, 6, "-:+"), (8, 7, "0-1")],
        &[],
    );
    log.foul(1, 1, Side::Black, FoulKind::Other);
    log.withdraw(5);
    log.round(2, &[(7, 1, "1-0"), (6, 3, "="), (8, 4, "-:+")], &[2]);
    log.round(3, &[(2, 7, "1-0"), (4, 6, "1-0"), (3, 1, "0-1")], &[8]);
    log
}

// After R1 (points 1:3 2:0 3:2 4:1 5:0 6:3 7:3 8:0).
// - 3 points: 1, 6, 7 — opponent score 0 each, one win each (6's by forfeit), no fouls.
//   Black wins: 7 won with black over the board (1); 6's black win was a forfeit (0);
//   1 won with red → 7 first; 1 and 6: no previous round → draw number.
// - 3 is alone on 2 points (black draw), 4 alone on 1 (red draw): colour-dependent draws.
// - 0 points: 2, 5, 8, opponent score 3 each (1, 6, 7); 2 has a foul → last; 5 before 8 by
//   draw number.
const AFTER_1: [Row<6>; 8] = [
    (1, 7, 3, [0, 1, 0, 1, NA, 7]),
    (2, 1, 3, [0, 1, 0, 0, NA, 1]),
    (3, 6, 3, [0, 1, 0, 0, NA, 6]),
    (4, 3, 2, [1, 0, 0, 0, NA, 3]),
    (5, 4, 1, [2, 0, 0, 0, NA, 4]),
    (6, 5, 0, [3, 0, 0, 0, NA, 5]),
    (7, 8, 0, [3, 0, 0, 0, NA, 8]),
    (8, 2, 0, [3, 0, 1, 0, NA, 2]),
];

// After R2 (points 1:3 2:3 3:4 4:4 5:0 6:4 7:6 8:0).
// - 6 points: 7 (8:0 + 1:3 = 3).
// - 4 points: 3 (4:4 + 6:4 = 8); 6 (5:0 + 3:4 = 4) and 4 (3:4 + 8:0 = 4): one win each,
//   both by forfeit, so no black win for 4 either; no fouls → previous round rank: 6 was
//   3rd, 4 was 5th → 6 first.
// - 3 points: 1 (2:3 + 7:6 = 9) before 2 (1:3 + bye 0 = 3).
// - 0 points: 8 (7:6 + 4:4 = 10) before the withdrawn 5 (6:4 = 4).
const AFTER_2: [Row<6>; 8] = [
    (1, 7, 6, [3, 2, 0, 1, 1, 7]),
    (2, 3, 4, [8, 0, 0, 0, 4, 3]),
    (3, 6, 4, [4, 1, 0, 0, 3, 6]),
    (4, 4, 4, [4, 1, 0, 0, 5, 4]),
    (5, 1, 3, [9, 1, 0, 0, 2, 1]),
    (6, 2, 3, [3, 0, 1, 0, 8, 2]),
    (7, 8, 0, [10, 0, 0, 0, 7, 8]),
    (8, 5, 0, [4, 0, 0, 0, 6, 5]),
];

// After R3 (points 1:6 2:6 3:4 4:7 5:0 6:4 7:6 8:3).
// - 7 points: 4 (3:4 + 8:3 + 6:4 = 11).
// - 6 points: a three-way tie where every pair met (1 beat 2, 7 beat 1, 2 beat 7 — direct
//   encounter is not in this chain, and would be 3 each anyway). It falls through to
//   opponent score: 1: 2:6 + 7:6 + 3:4 = 16, 7: 8:3 + 1:6 + 2:6 = 15, 2: 1:6 + bye 0 +
//   7:6 = 12 → 1, 7, 2 (the draw number alone would have said 1, 2, 7).
// - 4 points: 3 (4:7 + 6:4 + 1:6 = 17) before 6 (5:0 + 3:4 + 4:7 = 11).
// - 8 (7:6 + 4:7 + bye 0 = 13), then the withdrawn 5 (6:4).
const AFTER_3: [Row<6>; 8] = [
    (1, 4, 7, [11, 2, 0, 0, 4, 4]),
    (2, 1, 6, [16, 2, 0, 1, 5, 1]),
    (3, 7, 6, [15, 2, 0, 1, 1, 7]),
    (4, 2, 6, [12, 1, 1, 0, 6, 2]),
    (5, 3, 4, [17, 0, 0, 0, 2, 3]),
    (6, 6, 4, [11, 1, 0, 0, 3, 6]),
    (7, 8, 3, [13, 0, 0, 0, 7, 8]),
    (8, 5, 0, [4, 0, 0, 0, 8, 5]),
];

#[test]
fn table_after_each_round() {
    let t = log().tournament();
    check(&standings(&t, Round(1)), 0, &AFTER_1, "after round 1");
    check(&standings(&t, Round(2)), 0, &AFTER_2, "after round 2");
    check(&standings(&t, Round(3)), 0, &AFTER_3, "after round 3");
}

#[test]
fn history_matches() {
    let t = log().tournament();
    let h = history(&t);
    for (k, expected) in [AFTER_1, AFTER_2, AFTER_3].iter().enumerate() {
        check(
            &h[k],
            0,
            expected,
            &format!("history after round {}", k + 1),
        );
    }
}

#[test]
fn the_trio_would_be_undecided_by_direct_encounter() {
    let t = log().tournament();
    let table = standings(&t, Round(3));
    // A cycle: each scored 3 against the other two.
    for no in [1, 2, 7] {
        assert_eq!(
            row(&table, no).values.direct_encounter,
            Some(3),
            "player {no}"
        );
    }
}

#[test]
fn black_games_exclude_forfeits() {
    let t = log().tournament();
    let table = standings(&t, Round(3));
    // 6: a forfeit win with black in R1 (not counted) and a black loss in R3.
    assert_eq!(row(&table, 6).values.black_games, 1);
    // 4: a forfeit win with black in R2 only.
    assert_eq!(row(&table, 4).values.black_games, 0);
    // 3: two black draws.
    assert_eq!(row(&table, 3).values.black_games, 2);
}
