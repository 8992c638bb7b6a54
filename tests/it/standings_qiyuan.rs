//! Seed 001 (qiyuan-2019), worked by hand from RULES.md §6.
//!
//! Points: win 2, draw 1, loss 0 for both colours; bye 2.
//! Chain: `opponent_score`, `wins`, `fouls`, `direct_encounter`, `black_games`,
//! `previous_round_rank`, `draw_number`. Two sections ranked separately: open (公开组, players 1–8) and junior
//! (少年组, players 9–12); boards are numbered across the room.
//! Row format: (rank, no, points, [opp, wins, fouls, direct encounter, black games,
//! previous round rank, draw number]); NA = no value.
//!
//! Open section, three rounds:
//! - R1: 1–2 0-1, 4–3 draw, 5–6 0-1, 8–7 1-0.
//! - R2: 7–2 1-0, 3–8 1-0, 5–4 forfeit (4 absent, red wins), 6–1 draw.
//!   Then 4 withdraws (frozen on 1 point).
//! - R3: 2–8 draw, 7–5 draw (5 commits a foul), 3–6 0-1 (3 commits a foul), 1 bye.
//!
//! Each open player's games (colour, opponent, result):
//! - 1: R v2 L · B v6 D · bye                      points 0, 1, 3
//! - 2: B v1 W · B v7 L · R v8 D                   points 2, 2, 3
//! - 3: B v4 D · R v8 W · R v6 L (foul)            points 1, 3, 3
//! - 4: R v3 D · B v5 L(forfeit) · withdrawn       points 1, 1, 1
//! - 5: R v6 L · R v4 W(forfeit) · B v7 D (foul)   points 0, 2, 3
//! - 6: B v5 W · R v1 D · B v3 W                   points 2, 3, 5
//! - 7: B v8 L · R v2 W · R v5 D                   points 0, 2, 3
//! - 8: R v7 W · B v3 L · B v2 D                   points 2, 2, 3
//!
//! Lowest score in the open field: after R1 0, after R2 1 (1 and 4), after R3 1 (the
//! withdrawn 4) — that is what 1's bye in R3 counts as.
//!
//! Junior section, three rounds (a round robin):
//! - R1: 9–10 1-0, 12–11 draw. R2: 11–9 0-1, 10–12 1-0. R3: 9–12 draw, 10–11 0-1.

use crate::support::standings as standings_support;

use bianpai::domain::rules::FoulKind;
use bianpai::domain::standings::{history, standings};
use bianpai::domain::{Round, Side};
use standings_support::{Log, NA, Row, check, row};

fn log() -> Log {
    let mut groups = vec!["open"; 8];
    groups.extend(["junior"; 4]);
    let mut log = Log::new("qiyuan-2019").players(&groups);
    log.round(
        1,
        &[
            (1, 2, "0-1"),
            (4, 3, "="),
            (5, 6, "0-1"),
            (8, 7, "1-0"),
            (9, 10, "1-0"),
            (12, 11, "="),
        ],
        &[],
    );
    log.round(
        2,
        &[
            (7, 2, "1-0"),
            (3, 8, "1-0"),
            (5, 4, "+:-"),
            (6, 1, "="),
            (11, 9, "0-1"),
            (10, 12, "1-0"),
        ],
        &[],
    );
    log.withdraw(4);
    log.round(
        3,
        &[
            (2, 8, "="),
            (7, 5, "="),
            (3, 6, "0-1"),
            (9, 12, "="),
            (10, 11, "0-1"),
        ],
        &[1],
    );
    log.foul(3, 2, Side::Black, FoulKind::MoveRule);
    log.foul(3, 3, Side::Red, FoulKind::Other);
    log
}

// Open, after R1.
// - 2 points: 2, 6, 8, opponent score 0 each, one win each, no fouls. Direct encounter:
//   three players who have not all met → no decision (no value). Black games: 2 and 6 won
//   with black (1), 8 with red (0) → 8 third; 2 and 6: no previous round → draw number.
// - 1 point: 3 and 4 drew each other: opponent score 1 each, no wins, no fouls; direct
//   encounter: exactly two who met, but a draw → 0 wins each, no decision; black games:
//   3 had black → 3 first.
// - 0 points: 1, 5, 7, opponent score 2 each; direct encounter: not all met → none; black
//   games: 7 had black (1) → first; 1 and 5 by draw number.
const OPEN_1: [Row<7>; 8] = [
    (1, 2, 2, [0, 1, 0, NA, 1, NA, 2]),
    (2, 6, 2, [0, 1, 0, NA, 1, NA, 6]),
    (3, 8, 2, [0, 1, 0, NA, 0, NA, 8]),
    (4, 3, 1, [1, 0, 0, 0, 1, NA, 3]),
    (5, 4, 1, [1, 0, 0, 0, 0, NA, 4]),
    (6, 7, 0, [2, 0, 0, NA, 1, NA, 7]),
    (7, 1, 0, [2, 0, 0, NA, 0, NA, 1]),
    (8, 5, 0, [2, 0, 0, NA, 0, NA, 5]),
];

// Open, after R2 (points 1:1 2:2 3:3 4:1 5:2 6:3 7:2 8:2).
// - 3 points: 3 (4:1 + 8:2 = 3) and 6 (5:2 + 1:1 = 3): one win each, no fouls; they have
//   not met → no direct decision; one black game each; previous round rank: 6 was 2nd, 3 was
//   4th → 6 first.
// - 2 points: 8 (7:2 + 3:3 = 5); 7 (8:2 + 2:2 = 4) and 5 (6:3 + 4:1 = 4) with one win each
//   (5's by forfeit), not met, black games 7: 1, 5: 0 (his forfeit win does not count) → 7
//   first; 2 (1:1 + 7:2 = 3).
// - 1 point: 1 (2:2 + 6:3 = 5) and 4 (3:3 + 5:2 = 5), no wins, not met; black games 1: 1,
//   4: 0 (his black game was forfeited) → 1 first.
const OPEN_2: [Row<7>; 8] = [
    (1, 6, 3, [3, 1, 0, NA, 1, 2, 6]),
    (2, 3, 3, [3, 1, 0, NA, 1, 4, 3]),
    (3, 8, 2, [5, 1, 0, NA, 1, 3, 8]),
    (4, 7, 2, [4, 1, 0, NA, 1, 6, 7]),
    (5, 5, 2, [4, 1, 0, NA, 0, 8, 5]),
    (6, 2, 2, [3, 1, 0, NA, 2, 1, 2]),
    (7, 1, 1, [5, 0, 0, NA, 1, 7, 1]),
    (8, 4, 1, [5, 0, 0, NA, 0, 5, 4]),
];

// Open, after R3 (final: points 1:3 2:3 3:3 4:1 5:3 6:5 7:3 8:3; lowest 1).
// - 5 points: 6 (5:3 + 1:3 + 3:3 = 9).
// - 3 points: 1, 2, 3, 5, 7, 8, every one with opponent score 9:
//   1: 2:3 + 6:5 + bye 1; 2: 1:3 + 7:3 + 8:3; 3: 4:1 + 8:3 + 6:5; 5: 6:5 + 4:1 + 7:3;
//   7: 8:3 + 2:3 + 5:3; 8: 7:3 + 3:3 + 2:3.
//   Wins: 1 has none (a bye is not a win) → last of them. Fouls: 3 and 5 have one each →
//   after 2, 7, 8.
//   Direct encounter among 2, 7, 8 — three players, every pair met (8 beat 7 in R1, 7 beat 2
//   in R2, 2 and 8 drew in R3 with 2 red): points among them 8: 2 + 1 (black draw) = 3,
//   7: 2 = 2, 2: 1 (red draw) = 1 → 8, 7, 2. Without it, black games (2: 2, 8: 2, 7: 1)
//   and the previous rank (8 3rd, 2 6th) would have given 8, 2, 7.
//   3 and 5: exactly two who never met → no decision; one black game each; previous round
//   rank 3 was 2nd, 5 was 5th → 3 first.
// - 1 point: the withdrawn 4 (3:3 + 5:3 = 6), still in the table.
const OPEN_3: [Row<7>; 8] = [
    (1, 6, 5, [9, 2, 0, NA, 2, 1, 6]),
    (2, 8, 3, [9, 1, 0, 3, 2, 3, 8]),
    (3, 7, 3, [9, 1, 0, 2, 1, 4, 7]),
    (4, 2, 3, [9, 1, 0, 1, 2, 6, 2]),
    (5, 3, 3, [9, 1, 1, NA, 1, 2, 3]),
    (6, 5, 3, [9, 1, 1, NA, 1, 5, 5]),
    (7, 1, 3, [9, 0, 0, NA, 1, 7, 1]),
    (8, 4, 1, [6, 0, 0, NA, 0, 8, 4]),
];

// Junior, after R1: 9 beat 10; 11 and 12 drew (opponent score 1 each, direct encounter
// a draw → 0 each, 11 had black → first).
const JUNIOR_1: [Row<7>; 4] = [
    (1, 9, 2, [0, 1, 0, NA, 0, NA, 9]),
    (2, 11, 1, [1, 0, 0, 0, 1, NA, 11]),
    (3, 12, 1, [1, 0, 0, 0, 0, NA, 12]),
    (4, 10, 0, [2, 0, 0, NA, 1, NA, 10]),
];

// Junior, after R2 (points 9:4 10:2 11:1 12:1): 11 (12:1 + 9:4 = 5) before 12 (11:1 +
// 10:2 = 3) on opponent score.
const JUNIOR_2: [Row<7>; 4] = [
    (1, 9, 4, [3, 2, 0, NA, 1, 1, 9]),
    (2, 10, 2, [5, 1, 0, NA, 1, 4, 10]),
    (3, 11, 1, [5, 0, 0, NA, 1, 2, 11]),
    (4, 12, 1, [3, 0, 0, NA, 1, 3, 12]),
];

// Junior, after R3 (points 9:5 10:2 11:3 12:2): 10 (9:5 + 12:2 + 11:3 = 10) and 12
// (11:3 + 10:2 + 9:5 = 10) level on opponent score; 10 has a win, 12 none → 10 first.
const JUNIOR_3: [Row<7>; 4] = [
    (1, 9, 5, [7, 2, 0, NA, 1, 1, 9]),
    (2, 11, 3, [9, 1, 0, NA, 2, 3, 11]),
    (3, 10, 2, [10, 1, 0, NA, 1, 2, 10]),
    (4, 12, 2, [10, 0, 0, NA, 2, 4, 12]),
];

#[test]
fn open_section_after_each_round() {
    let t = log().tournament();
    check(&standings(&t, Round(1)), 0, &OPEN_1, "open after round 1");
    check(&standings(&t, Round(2)), 0, &OPEN_2, "open after round 2");
    check(&standings(&t, Round(3)), 0, &OPEN_3, "open after round 3");
}

#[test]
fn junior_section_is_ranked_on_its_own() {
    let t = log().tournament();
    check(
        &standings(&t, Round(1)),
        1,
        &JUNIOR_1,
        "junior after round 1",
    );
    check(
        &standings(&t, Round(2)),
        1,
        &JUNIOR_2,
        "junior after round 2",
    );
    check(
        &standings(&t, Round(3)),
        1,
        &JUNIOR_3,
        "junior after round 3",
    );
}

#[test]
fn sections_come_in_rules_order() {
    let t = log().tournament();
    let table = standings(&t, Round(3));
    let sections: Vec<usize> = table.iter().map(|r| r.section).collect();
    assert_eq!(sections, [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1]);
    assert_eq!(row(&table, 9).rank, 1);
}

#[test]
fn history_matches() {
    let t = log().tournament();
    let h = history(&t);
    assert_eq!(h.len(), 3);
    check(&h[2], 0, &OPEN_3, "history, open after round 3");
    check(&h[0], 1, &JUNIOR_1, "history, junior after round 1");
}
