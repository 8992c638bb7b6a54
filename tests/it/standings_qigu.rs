//! Seed 000 (qigu-2024-07), worked by hand from RULES.md §6.
//!
//! Points: win 2, draw 1, loss 0 for both colours; bye 2 (RULES.md §1).
//! Chain: `opponent_score`, `wins`, `fouls`, `black_games`, `black_wins`,
//! `previous_round_rank`, `draw_number`. The expected tables below were worked out by hand; the comments carry the
//! reasoning. Row format: (rank, no, points, [opp, wins, fouls, black games, black wins,
//! previous round rank, draw number]); NA = no value.
//!
//! Nine players, four rounds:
//! - R1: 1–2 1-0 (player 1 commits a foul), 4–3 0-1, 5–6 draw, 8–7 forfeit (8 absent,
//!   black wins by forfeit), 9 bye.
//! - R2: 7–3 1-0, 9–1 0-1, 6–2 draw, 5–4 0-1, 8 bye. Then 8 withdraws (frozen on 2 points).
//! - R3: 1–7 draw, 3–9 draw, 4–6 0-1, 2–5 1-0.
//! - R4: 7–6 0-1, 3–1 1-0, 2–4 draw, 9–5 draw.
//!
//! Each player's games (colour, opponent, result):
//! - 1: R v2 W (foul) · B v9 W · R v7 D · B v3 L            points 2, 4, 5, 5
//! - 2: B v1 L · B v6 D · R v5 W · R v4 D                    points 0, 1, 3, 4
//! - 3: B v4 W · B v7 L · R v9 D · R v1 W                    points 2, 2, 3, 5
//! - 4: R v3 L · B v5 W · R v6 L · B v2 D                    points 0, 2, 2, 3
//! - 5: R v6 D · R v4 L · B v2 L · B v9 D                    points 1, 1, 1, 2
//! - 6: B v5 D · R v2 D · B v4 W · B v7 W                    points 1, 2, 4, 6
//! - 7: B v8 W(forfeit) · R v3 W · B v1 D · R v6 L           points 2, 4, 5, 5
//! - 8: R v7 L(forfeit) · bye · withdrawn                    points 0, 2, 2, 2
//! - 9: bye · R v1 L · B v3 D · R v5 D                       points 2, 2, 3, 4
//!
//! The lowest score in the field (what a bye counts as): after R1 0, after R2 1 (2 and 5),
//! after R3 1 (5), after R4 2 (5 and the withdrawn 8).

use crate::support::standings as standings_support;

use bianpai::domain::rules::{FoulKind, Tiebreak};
use bianpai::domain::standings::{history, standings};
use bianpai::domain::{Round, Side};
use standings_support::{Log, NA, Row, check, row};

fn log() -> Log {
    let mut log = Log::new("qigu-2024-07").players(&[""; 9]);
    log.round(
        1,
        &[(1, 2, "1-0"), (4, 3, "0-1"), (5, 6, "="), (8, 7, "-:+")],
        &[9],
    );
    log.foul(1, 1, Side::Red, FoulKind::Other);
    log.round(
        2,
        &[(7, 3, "1-0"), (9, 1, "0-1"), (6, 2, "="), (5, 4, "0-1")],
        &[8],
    );
    log.withdraw(8);
    log.round(
        3,
        &[(1, 7, "="), (3, 9, "="), (4, 6, "0-1"), (2, 5, "1-0")],
        &[],
    );
    log.round(
        4,
        &[(7, 6, "0-1"), (3, 1, "1-0"), (2, 4, "="), (9, 5, "=")],
        &[],
    );
    log
}

// After R1.
// - 2 points: 1, 3, 7, 9. Opponent score 0 each (2, 4, 8 have 0; 9's bye counts as the
//   lowest score, 0). Wins: 9 had a bye, which is not a win → 9 last of them (wins).
//   1 has a foul → after 3 and 7 (fouls). 3 played black (black games 1), 7's black game
//   was a forfeit (0) → 3 before 7 (black games).
// - 1 point: 5 and 6 drew, opponent score 1 each, 6 had black → 6 before 5 (black games).
// - 0 points: 2, 4, 8, opponent score 2 each (1, 3, 7 have 2). Black games: 2 played black
//   (1), 4 red, 8's game a forfeit → 2 first; 4 and 8 equal down to the previous round rank
//   (none after round 1) → draw number: 4 before 8.
const AFTER_1: [Row<7>; 9] = [
    (1, 3, 2, [0, 1, 0, 1, 1, NA, 3]),
    (2, 7, 2, [0, 1, 0, 0, 0, NA, 7]),
    (3, 1, 2, [0, 1, 1, 0, 0, NA, 1]),
    (4, 9, 2, [0, 0, 0, 0, 0, NA, 9]),
    (5, 6, 1, [1, 0, 0, 1, 0, NA, 6]),
    (6, 5, 1, [1, 0, 0, 0, 0, NA, 5]),
    (7, 2, 0, [2, 0, 0, 1, 0, NA, 2]),
    (8, 4, 0, [2, 0, 0, 0, 0, NA, 4]),
    (9, 8, 0, [2, 0, 0, 0, 0, NA, 8]),
];

// After R2 (points 1:4 2:1 3:2 4:2 5:1 6:2 7:4 8:2 9:2; lowest 1).
// - 4 points: 7 (opp 8:2 + 3:2 = 4) before 1 (2:1 + 9:2 = 3).
// - 2 points: 3 (4:2 + 7:4 = 6); 9 (bye 1 + 1:4 = 5) and 8 (7:4 + bye 1 = 5); 4 (3:2 + 5:1
//   = 3); 6 (5:1 + 2:1 = 2). 9 and 8: no wins, no fouls, no black game, no black win → the
//   previous round rank: 9 was 4th after R1, 8 was 9th → 9 first.
// - 1 point: 2 (1:4 + 6:2 = 6) before 5 (6:2 + 4:2 = 4).
const AFTER_2: [Row<7>; 9] = [
    (1, 7, 4, [4, 2, 0, 0, 0, 2, 7]),
    (2, 1, 4, [3, 2, 1, 1, 1, 3, 1]),
    (3, 3, 2, [6, 1, 0, 2, 1, 1, 3]),
    (4, 9, 2, [5, 0, 0, 0, 0, 4, 9]),
    (5, 8, 2, [5, 0, 0, 0, 0, 9, 8]),
    (6, 4, 2, [3, 1, 0, 1, 1, 8, 4]),
    (7, 6, 2, [2, 0, 0, 1, 0, 5, 6]),
    (8, 2, 1, [6, 0, 0, 2, 0, 7, 2]),
    (9, 5, 1, [4, 0, 0, 0, 0, 6, 5]),
];

// After R3 (points 1:5 2:3 3:3 4:2 5:1 6:4 7:5 8:2 9:3; lowest 1).
// - 5 points: 1 (2:3 + 9:3 + 7:5 = 11) before 7 (8:2 + 3:3 + 1:5 = 10).
// - 4 points: 6 (5:1 + 2:3 + 4:2 = 6).
// - 3 points: 3 (4:2 + 7:5 + 9:3 = 10), 2 (1:5 + 6:4 + 5:1 = 10), 9 (bye 1 + 1:5 + 3:3 = 9).
//   3 and 2: one win each, no fouls, two black games each; black wins: 3 won with black in
//   R1, 2 never → 3 first (black wins).
// - 2 points: 4 (3:3 + 5:1 + 6:4 = 8) before the withdrawn 8 (7:5 + bye 1 = 6).
// - 1 point: 5 (6:4 + 4:2 + 2:3 = 9).
const AFTER_3: [Row<7>; 9] = [
    (1, 1, 5, [11, 2, 1, 1, 1, 2, 1]),
    (2, 7, 5, [10, 2, 0, 1, 0, 1, 7]),
    (3, 6, 4, [6, 1, 0, 2, 1, 7, 6]),
    (4, 3, 3, [10, 1, 0, 2, 1, 3, 3]),
    (5, 2, 3, [10, 1, 0, 2, 0, 8, 2]),
    (6, 9, 3, [9, 0, 0, 1, 0, 4, 9]),
    (7, 4, 2, [8, 1, 0, 1, 1, 6, 4]),
    (8, 8, 2, [6, 0, 0, 0, 0, 5, 8]),
    (9, 5, 1, [9, 0, 0, 1, 0, 9, 5]),
];

// After R4 (final: points 1:5 2:4 3:5 4:3 5:2 6:6 7:5 8:2 9:4; lowest 2).
// - 6 points: 6 (5:2 + 2:4 + 4:3 + 7:5 = 14).
// - 5 points, a three-way tie where every pair met (7 beat 3 in R2, 1 and 7 drew in R3,
//   3 beat 1 in R4). Direct encounter is not in this chain, so the tie falls through:
//   opponent score 1: 2:4 + 9:4 + 7:5 + 3:5 = 18, 7: 8:2 + 3:5 + 1:5 + 6:6 = 18,
//   3: 4:3 + 7:5 + 9:4 + 1:5 = 17 → 3 last; 1 and 7 have two wins each; fouls: 1 has one
//   → 7 before 1. (Direct encounter would have given 7, 3, 1.)
// - 4 points: 2 (1:5 + 6:6 + 5:2 + 4:3 = 16) before 9 (bye 2 + 1:5 + 3:5 + 5:2 = 14).
// - 3 points: 4 (3:5 + 5:2 + 6:6 + 2:4 = 17).
// - 2 points: 5 (6:6 + 4:3 + 2:4 + 9:4 = 17) before the withdrawn 8 (7:5 + bye 2 = 7):
//   8 stays in the table with his frozen 2 points, which also count in 7's opponent score.
const AFTER_4: [Row<7>; 9] = [
    (1, 6, 6, [14, 2, 0, 3, 2, 3, 6]),
    (2, 7, 5, [18, 2, 0, 1, 0, 2, 7]),
    (3, 1, 5, [18, 2, 1, 2, 1, 1, 1]),
    (4, 3, 5, [17, 2, 0, 2, 1, 4, 3]),
    (5, 2, 4, [16, 1, 0, 2, 0, 5, 2]),
    (6, 9, 4, [14, 0, 0, 1, 0, 6, 9]),
    (7, 4, 3, [17, 1, 0, 2, 1, 7, 4]),
    (8, 5, 2, [17, 0, 0, 2, 0, 9, 5]),
    (9, 8, 2, [7, 0, 0, 0, 0, 8, 8]),
];

#[test]
fn chain_is_the_presets() {
    let t = log().tournament();
    assert_eq!(
        t.rules.tiebreaks,
        [
            Tiebreak::OpponentScore,
            Tiebreak::Wins,
            Tiebreak::Fouls,
            Tiebreak::BlackGames,
            Tiebreak::BlackWins,
            Tiebreak::PreviousRoundRank,
            Tiebreak::DrawNumber
        ]
    );
}

#[test]
fn table_after_each_round() {
    let t = log().tournament();
    check(&standings(&t, Round(1)), 0, &AFTER_1, "after round 1");
    check(&standings(&t, Round(2)), 0, &AFTER_2, "after round 2");
    check(&standings(&t, Round(3)), 0, &AFTER_3, "after round 3");
    check(&standings(&t, Round(4)), 0, &AFTER_4, "after round 4");
}

#[test]
fn history_gives_the_same_tables() {
    let t = log().tournament();
    let h = history(&t);
    assert_eq!(h.len(), 4);
    for (k, expected) in [AFTER_1, AFTER_2, AFTER_3, AFTER_4].iter().enumerate() {
        check(
            &h[k],
            0,
            expected,
            &format!("history after round {}", k + 1),
        );
        assert_eq!(h[k], standings(&t, Round(k as u32 + 1)));
    }
}

#[test]
fn criteria_outside_the_chain_are_exposed() {
    let t = log().tournament();
    let table = standings(&t, Round(4));
    // Progressive: the sum of the running totals after each round (see the module comment).
    for (no, progressive) in [
        (1, 16),
        (2, 8),
        (3, 12),
        (4, 7),
        (5, 5),
        (6, 13),
        (7, 16),
        (8, 6),
        (9, 11),
    ] {
        assert_eq!(
            row(&table, no).value(Tiebreak::Progressive),
            Some(progressive),
            "player {no}"
        );
    }
    // Previous round points: after R3, then R2, then R1.
    assert_eq!(row(&table, 1).values.previous_points, [5, 4, 2]);
    assert_eq!(row(&table, 9).value(Tiebreak::PreviousRoundPoints), Some(3));
    // Direct encounter among the 5-point trio, for the printout: points scored among them
    // are 7: 2 (beat 3) + 1 (drew 1 as black) = 3, 3: 2 (beat 1) = 2, 1: 1 (drew 7 as red).
    assert_eq!(row(&table, 7).values.direct_encounter, Some(3));
    assert_eq!(row(&table, 3).values.direct_encounter, Some(2));
    assert_eq!(row(&table, 1).values.direct_encounter, Some(1));
    // 2 and 9 (4 points) never met: no value.
    assert_eq!(row(&table, 2).values.direct_encounter, None);
}

#[test]
fn an_unfinished_board_counts_nothing() {
    // Round 5 paired, one board still playing: the table after round 5 equals the final table
    // on the unfinished players' points, and round 4's table is unchanged.
    let mut l = log();
    l.round(5, &[(6, 1, "1-0"), (7, 3, "")], &[]);
    let t = l.tournament();
    let after5 = standings(&t, Round(5));
    assert_eq!(row(&after5, 6).points, 8);
    assert_eq!(row(&after5, 7).points, 5);
    assert_eq!(row(&after5, 3).points, 5);
    assert_eq!(row(&after5, 7).value(Tiebreak::BlackGames), Some(1));
    check(
        &standings(&t, Round(4)),
        0,
        &AFTER_4,
        "after round 4, with round 5 underway",
    );
}
