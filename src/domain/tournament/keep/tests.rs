//! Given a started round with state on many boards, when one board changes by hand or the
//! round is paired again, then every other board and every unchanged seat keep what they had.

use chrono::{DateTime, Duration, TimeZone, Utc};

use crate::domain::event::{Cause, ClockAction, Event, PlayerEntry};
use crate::domain::ids::{Board, PlayerNo, Round};
use crate::domain::result::GameResult;
use crate::domain::rules::{FoulKind, Role, Rules};
use crate::domain::self_report::{SelfReport, with_codes};
use crate::domain::side::Side;
use crate::domain::tournament::Tournament;
use crate::domain::{Actor, Command};

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 4, 1, 1, 0, 0).unwrap()
}

fn head() -> Actor {
    Actor {
        user: "wang".into(),
        role: Role::Head,
    }
}

/// Runs `cmd` as the edge does: the codes of a round paired are sealed with `entropy`.
fn run_with(t: &mut Tournament, cmd: &Command, entropy: u8) -> Vec<Event> {
    let events = t
        .decide(&head(), cmd)
        .unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    let events = if t.rules.self_report.is_off() {
        events
    } else {
        with_codes(t, events, &[entropy; 32])
    };
    for e in &events {
        t.apply(e);
    }
    events
}

fn run(t: &mut Tournament, cmd: &Command) -> Vec<Event> {
    run_with(t, cmd, 1)
}

fn at(min: i64) -> DateTime<Utc> {
    t0() + Duration::minutes(min)
}

fn code(t: &Tournament, board: u32, side: Side) -> String {
    t.seat_codes(t.current_round())
        .into_iter()
        .find(|c| c.board == Board(board) && c.side == side)
        .map(|c| c.code.digits().to_string())
        .unwrap_or_default()
}

/// Sixteen players, round 1 paired and started; board 2 has a foul, board 8's black seat is
/// absent, boards 3, 4 and 7 have clock readings, board 1 both signatures (with `self_report`).
fn busy_round(mode: SelfReport) -> Tournament {
    let mut rules = Rules::preset("qigu-2024-07").unwrap();
    rules.numbers_by_registration = true;
    rules.self_report = mode;
    let mut t = Tournament::new("T".into(), rules);
    for i in 1..=16 {
        run(
            &mut t,
            &Command::RegisterPlayer(PlayerEntry::named(format!("P{i}"))),
        );
    }
    run(&mut t, &Command::PairNextRound);
    run(&mut t, &Command::StartRound { at: t0() });
    run(
        &mut t,
        &Command::RecordFoul {
            round: None,
            board: Board(2),
            side: Side::Red,
            kind: FoulKind::Phone,
        },
    );
    run(
        &mut t,
        &Command::MarkSeat {
            round: None,
            board: Board(8),
            side: Side::Black,
            present: false,
            at: at(1),
            reverse_reason: None,
        },
    );
    for (board, n) in [(3, 1), (4, 2), (7, 1)] {
        for k in 0..n {
            run(
                &mut t,
                &Command::Clock {
                    round: None,
                    board: Board(board),
                    action: ClockAction::Set {
                        red_ms: 1_000_000 - k * 1000,
                        black_ms: 1_100_000,
                    },
                    at: at(2 + i64::from(board)),
                },
            );
        }
    }
    if !mode.is_off() {
        for side in [Side::Red, Side::Black] {
            let code = code(&t, 1, side);
            run(
                &mut t,
                &Command::ReportResult {
                    round: Round(1),
                    board: Board(1),
                    result: GameResult::Draw,
                    code,
                    at: at(3),
                },
            );
        }
    }
    t
}

fn flip(board: u32) -> Command {
    Command::FlipBoard {
        board: Board(board),
        force: Some("红黑方填反".into()),
    }
}

/// Every board but `changed` is exactly as in `before`.
fn others_unchanged(before: &Tournament, after: &Tournament, changed: &[u32]) {
    let (b, a) = (before.current().unwrap(), after.current().unwrap());
    assert_eq!(b.games.len(), a.games.len());
    for (x, y) in b.games.iter().zip(&a.games) {
        if !changed.contains(&x.board.0) {
            assert_eq!(x, y, "board {} changed", x.board);
        }
    }
}

#[test]
fn a_flip_of_one_board_keeps_every_other_board() {
    for mode in [SelfReport::Confirm, SelfReport::Off] {
        let mut t = busy_round(mode);
        let before = t.clone();
        let evs = run(&mut t, &flip(4));
        others_unchanged(&before, &t, &[4]);
        let r = t.current().unwrap();
        let (old, new) = (
            before.current().unwrap().game(Board(4)).unwrap(),
            r.game(Board(4)).unwrap(),
        );
        assert_eq!((new.red, new.black), (old.black, old.red));
        // The flipped board's clock readings go, and the override names them.
        assert!(new.clock.is_none());
        let Some(Event::PairingOverridden {
            changed: Some(changed),
            ..
        }) = evs.first()
        else {
            panic!("{evs:?}");
        };
        assert_eq!(changed.len(), 1);
        assert_eq!((changed[0].board, changed[0].clock_inputs), (Board(4), 2));
        assert_eq!(
            r.reprint,
            vec![(Board(4), Side::Red), (Board(4), Side::Black)]
        );
        // Board 1's signatures stand (待确认) with self_report.
        if !mode.is_off() {
            assert_eq!(
                crate::domain::self_report::pending(
                    r.game(Board(1)).unwrap(),
                    t.signers_in(r.round)
                ),
                Some(GameResult::Draw)
            );
        }
    }
}

#[test]
fn after_a_flip_the_late_window_still_forfeits_the_absent_seat() {
    let mut t = busy_round(SelfReport::Off);
    run(&mut t, &flip(4));
    let window = i64::from(t.rules.late_window_minutes);
    run(
        &mut t,
        &Command::Tick {
            now: at(window + 1),
        },
    );
    let g = t.current().unwrap().game(Board(8)).unwrap();
    assert_eq!(g.result, Some(GameResult::RedWinForfeit));
    assert_eq!(g.cause, Cause::LateWindow);
}

#[test]
fn a_swap_moves_an_absent_mark_with_its_player_and_keeps_the_rest() {
    let mut t = busy_round(SelfReport::Confirm);
    let absent = t.current().unwrap().game(Board(8)).unwrap().black;
    let before = t.clone();
    run(
        &mut t,
        &Command::SwapBoards {
            a: Board(7),
            b: Board(8),
            force: Some("换台".into()),
        },
    );
    others_unchanged(&before, &t, &[7, 8]);
    let r = t.current().unwrap();
    let g7 = r.game(Board(7)).unwrap();
    assert_eq!(g7.black, absent);
    assert!(!g7.seats.black.present, "the absent player is still absent");
    assert!(r.game(Board(8)).unwrap().seats.black.present);
    assert_eq!(
        r.reprint,
        vec![(Board(7), Side::Black), (Board(8), Side::Black)]
    );
    // The codes of the unchanged seats of the swapped boards stand.
    assert_eq!(code(&t, 7, Side::Red), code(&before, 7, Side::Red));
    assert_ne!(code(&t, 7, Side::Black), code(&before, 7, Side::Black));
}

#[test]
fn an_older_override_record_still_replaces_every_game() {
    let mut t = busy_round(SelfReport::Off);
    let Some(Event::PairingOverridden {
        round,
        games,
        warnings,
        reason,
        breaks,
        ..
    }) = t.decide(&head(), &flip(4)).unwrap().pop()
    else {
        panic!("no override");
    };
    t.apply(&Event::PairingOverridden {
        round,
        games,
        warnings,
        reason,
        breaks,
        changed: None,
    });
    let g2 = t.current().unwrap().game(Board(2)).unwrap();
    assert!(
        g2.fouls.red.is_empty(),
        "the old record's effect: every board afresh"
    );
}

/// Eight players with `self_report`; round 1 played (red wins), round 2 paired.
fn round_two() -> Tournament {
    let mut rules = Rules::preset("qigu-2024-07").unwrap();
    rules.numbers_by_registration = true;
    rules.self_report = SelfReport::Confirm;
    let mut t = Tournament::new("T".into(), rules);
    for i in 1..=8 {
        run(
            &mut t,
            &Command::RegisterPlayer(PlayerEntry::named(format!("P{i}"))),
        );
    }
    run(&mut t, &Command::PairNextRound);
    run(&mut t, &Command::StartRound { at: t0() });
    for b in 1..=4 {
        run(
            &mut t,
            &Command::RecordResult {
                round: None,
                board: Board(b),
                result: GameResult::RedWin,
                correct: None,
            },
        );
    }
    run(&mut t, &Command::PairNextRound);
    t
}

fn unpair() -> Command {
    Command::UnpairRound {
        reason: "重编".into(),
    }
}

fn all_codes(t: &Tournament) -> Vec<(Board, Side, PlayerNo, String)> {
    t.seat_codes(t.current_round())
        .into_iter()
        .map(|c| (c.board, c.side, c.player, c.code.digits().to_string()))
        .collect()
}

#[test]
fn a_re_pair_to_the_same_pairing_keeps_every_code() {
    let mut t = round_two();
    let before = all_codes(&t);
    run(&mut t, &unpair());
    // The edge draws new randomness for the second pairing: the codes must not follow it.
    run_with(&mut t, &Command::PairNextRound, 2);
    assert_eq!(all_codes(&t), before);
    assert!(t.current().unwrap().reprint.is_empty());
}

#[test]
fn a_re_pair_renews_only_the_codes_of_changed_seats_and_names_them() {
    let mut t = round_two();
    let before = all_codes(&t);
    let first = before.first().map(|c| c.2).unwrap();
    run(&mut t, &unpair());
    run(
        &mut t,
        &Command::WithdrawPlayer {
            no: first,
            reason: "身体不适".into(),
        },
    );
    run_with(&mut t, &Command::PairNextRound, 2);
    let after = all_codes(&t);
    let r = t.current().unwrap();
    for (board, side, player, code) in &after {
        let was = before
            .iter()
            .find(|c| c.0 == *board && c.1 == *side && c.2 == *player);
        match was {
            Some(c) => {
                assert_eq!(&c.3, code, "board {board} {side:?} kept its player");
                assert!(!r.reprint.contains(&(*board, *side)));
            }
            None => assert!(r.reprint.contains(&(*board, *side)), "{board} {side:?}"),
        }
    }
    assert!(!r.reprint.is_empty());
}

#[test]
fn a_correction_and_re_pair_in_one_append_keeps_the_codes_of_unchanged_seats() {
    let mut t = round_two();
    let before = all_codes(&t);
    // Corrected and corrected back: the re-pair gives the same pairing.
    for result in [GameResult::Draw, GameResult::RedWin] {
        run(
            &mut t,
            &Command::RecordResult {
                round: Some(Round(1)),
                board: Board(4),
                result,
                correct: Some("核对".into()),
            },
        );
    }
    run_with(
        &mut t,
        &Command::RepairRound {
            reason: "重编".into(),
        },
        3,
    );
    assert_eq!(
        all_codes(&t),
        before,
        "the same result gives the same pairing"
    );
}
