//! Issue 2: given/when/then tests of the pure core (`Tournament::decide` and `apply`) for
//! scoring (RULES.md §1), byes (§2, §3), forfeits and withdrawals (§4) and fouls (§5).
//! Given: a list of events (or commands decided in turn); when: one command; then: the events
//! it records (or its refusal) and the state they lead to. Expected points are the
//! regulations' tables, written here.

#![allow(clippy::needless_pass_by_value)] // commands are built in place at each call

use chrono::{DateTime, Duration, TimeZone, Utc};

use bianpai::domain::event::{Cause, Pairing, PlayerEntry};
use bianpai::domain::rules::FoulKind;
use bianpai::domain::standings::standings;
use bianpai::domain::tournament::Status;
use bianpai::domain::{
    Actor, Board, Command, Event, GameResult, PlayerNo, Refusal, Role, Round, Rules, Side,
    Tournament,
};

fn head() -> Actor {
    Actor {
        user: "裁判长".into(),
        role: Role::Head,
    }
}

fn assistant() -> Actor {
    Actor {
        user: "助理".into(),
        role: Role::Assistant,
    }
}

fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2024, 7, 6, 1, 0, 0)
        .single()
        .expect("time")
}

fn rules(preset: &str) -> Rules {
    let mut rules = Rules::preset(preset).expect("preset");
    // Numbers in registration order: these fixtures pair without a random draw (issue 13).
    rules.numbers_by_registration = true;
    rules
}

/// Decides and applies a command that must be accepted; returns its events.
fn when(t: &mut Tournament, actor: &Actor, cmd: Command) -> Vec<Event> {
    let events = t
        .decide(actor, &cmd)
        .unwrap_or_else(|e| panic!("{cmd:?} refused: {e}"));
    for e in &events {
        t.apply(e);
    }
    events
}

/// Decides a command that must be refused; the state must not change.
fn refused(t: &Tournament, actor: &Actor, cmd: Command) -> Refusal {
    let before = t.clone();
    let r = t
        .decide(actor, &cmd)
        .expect_err(&format!("{cmd:?} accepted"));
    assert_eq!(*t, before);
    r
}

/// Given: `n` players registered, numbers fixed in registration order, round 1 paired and
/// started at `start()`.
fn given_round1(rules: Rules, n: u32) -> Tournament {
    let mut t = Tournament::new("测试赛".into(), rules);
    for i in 1..=n {
        when(
            &mut t,
            &head(),
            Command::RegisterPlayer(PlayerEntry::named(format!("棋手{i}"))),
        );
    }
    when(&mut t, &head(), Command::PairNextRound);
    when(&mut t, &head(), Command::StartRound { at: start() });
    t
}

fn result(board: u32, result: GameResult) -> Command {
    Command::RecordResult {
        round: None,
        board: Board(board),
        result,
        correct: None,
    }
}

fn points_of(t: &Tournament, no: u32, after: u32) -> u32 {
    standings(t, Round(after))
        .iter()
        .find(|s| s.no == PlayerNo(no))
        .map_or(u32::MAX, |s| s.points)
}

/// `[red_win, red_draw, red_loss, black_win, black_draw, black_loss]` per RULES.md §1.
fn table(preset: &str) -> [u32; 6] {
    match preset {
        "lvliang-2024" => [3, 1, 0, 3, 2, 0],
        _ => [2, 1, 0, 2, 1, 0],
    }
}

#[test]
fn scoring_every_result_word_under_every_preset() {
    for preset in ["qigu-2024-07", "qiyuan-2019", "lvliang-2024"] {
        let [rw, rd, rl, bw, bd, bl] = table(preset);
        for (res, red_pts, black_pts) in [
            (GameResult::RedWin, rw, bl),
            (GameResult::BlackWin, rl, bw),
            (GameResult::Draw, rd, bd),
            (GameResult::RedWinForfeit, rw, bl),
            (GameResult::BlackWinForfeit, rl, bw),
            (GameResult::DoubleForfeit, rl, bl),
        ] {
            // Given round 1 of 4 players: board 1 is 1 v 2, board 2 is 4 v 3.
            let mut t = given_round1(rules(preset), 4);
            let g = t.game(Round(1), Board(1)).expect("board 1");
            assert_eq!((g.red, g.black), (PlayerNo(1), PlayerNo(2)));
            // When the result is recorded…
            let evs = when(&mut t, &head(), result(1, res));
            // …then exactly that is recorded…
            assert_eq!(
                evs,
                vec![Event::ResultRecorded {
                    round: Round(1),
                    board: Board(1),
                    result: res,
                    cause: Cause::Arbiter,
                    at: None,
                }]
            );
            when(&mut t, &head(), result(2, GameResult::Draw));
            // …and the players get the table's points.
            assert_eq!(points_of(&t, 1, 1), red_pts, "{preset} {res} red");
            assert_eq!(points_of(&t, 2, 1), black_pts, "{preset} {res} black");
            assert_eq!(points_of(&t, 4, 1), rd, "{preset} draw red (player 4)");
            assert_eq!(points_of(&t, 3, 1), bd, "{preset} draw black (player 3)");
        }
    }
}

#[test]
fn a_second_result_is_refused_and_a_correction_needs_the_head_and_a_reason() {
    let mut t = given_round1(rules("qigu-2024-07"), 4);
    when(&mut t, &assistant(), result(1, GameResult::RedWin));
    let r = refused(&t, &assistant(), result(1, GameResult::BlackWin));
    assert!(
        matches!(
            r,
            Refusal::HasResult {
                existing: GameResult::RedWin,
                ..
            }
        ),
        "{r}"
    );
    let correct = |reason: &str| Command::RecordResult {
        round: None,
        board: Board(1),
        result: GameResult::BlackWin,
        correct: Some(reason.into()),
    };
    assert!(matches!(
        refused(&t, &assistant(), correct("typo")),
        Refusal::NotAllowed { .. }
    ));
    refused(&t, &head(), correct("  "));
    let evs = when(&mut t, &head(), correct("录入错误"));
    assert!(matches!(
        evs.as_slice(),
        [Event::ResultCorrected {
            result: Some(GameResult::BlackWin),
            ..
        }]
    ));
    assert_eq!(
        t.game(Round(1), Board(1)).and_then(|g| g.result),
        Some(GameResult::BlackWin)
    );
    // Unknown board, unknown round.
    assert!(matches!(
        refused(&t, &head(), result(9, GameResult::Draw)),
        Refusal::UnknownBoard { .. }
    ));
}

#[test]
fn bye_goes_to_the_highest_number_and_scores_the_win_points() {
    for (preset, bye_points) in [("qigu-2024-07", 2), ("lvliang-2024", 3)] {
        // Given 5 players, round 1 paired: the highest number (5) has the bye.
        let mut t = given_round1(rules(preset), 5);
        let r1 = t.round(Round(1)).expect("round 1");
        assert_eq!(r1.byes, vec![PlayerNo(5)], "{preset}");
        assert_eq!(r1.games.len(), 2);
        // When both boards report, then the bye scores the colour-independent win.
        when(&mut t, &head(), result(1, GameResult::Draw));
        when(&mut t, &head(), result(2, GameResult::Draw));
        assert_eq!(points_of(&t, 5, 1), bye_points, "{preset}");
    }
    // An explicit bye value in the rules wins.
    let mut r = rules("qigu-2024-07");
    r.points.bye = Some(1);
    let mut t = given_round1(r, 3);
    when(&mut t, &head(), result(1, GameResult::RedWin));
    assert_eq!(points_of(&t, 3, 1), 1);
}

#[test]
fn late_window_forfeits_are_recorded_once_when_it_closes() {
    let mut t = given_round1(rules("lvliang-2024"), 6);
    // Given red absent on board 1, both absent on board 2, board 3 complete.
    let absent = |board: u32, side: Side| Command::MarkSeat {
        round: None,
        board: Board(board),
        side,
        present: false,
        at: start() + Duration::minutes(1),
        reverse_reason: None,
    };
    when(&mut t, &assistant(), absent(1, Side::Red));
    when(&mut t, &assistant(), absent(2, Side::Red));
    when(&mut t, &assistant(), absent(2, Side::Black));
    // When the clock ticks before the window closes, nothing is due.
    let tick = |m: i64| Command::Tick {
        now: start() + Duration::minutes(m),
    };
    assert!(when(&mut t, &assistant(), tick(9)).is_empty());
    // When it closes (10 minutes), the forfeits are recorded, attributed to the rule.
    let evs = when(&mut t, &assistant(), tick(10));
    assert_eq!(
        evs,
        vec![
            Event::ResultRecorded {
                round: Round(1),
                board: Board(1),
                result: GameResult::BlackWinForfeit,
                cause: Cause::LateWindow,
                // Recorded at the window's close, whenever the tick ran.
                at: Some(start() + Duration::minutes(10)),
            },
            Event::ResultRecorded {
                round: Round(1),
                board: Board(2),
                result: GameResult::DoubleForfeit,
                cause: Cause::LateWindow,
                at: Some(start() + Duration::minutes(10)),
            },
        ]
    );
    // A second tick (another console) records nothing more.
    assert!(when(&mut t, &assistant(), tick(11)).is_empty());
    // Points: the present black gets black's win points; a double forfeit gives both the loss.
    when(&mut t, &head(), result(3, GameResult::Draw));
    let g1 = t.game(Round(1), Board(1)).expect("board 1").clone();
    let g2 = t.game(Round(1), Board(2)).expect("board 2").clone();
    assert_eq!(points_of(&t, g1.black.0, 1), 3);
    assert_eq!(points_of(&t, g1.red.0, 1), 0);
    assert_eq!(points_of(&t, g2.red.0, 1), 0);
    assert_eq!(points_of(&t, g2.black.0, 1), 0);
    // Arriving after the window closed does not undo the forfeit; the head can reverse it.
    let arrive = |reverse: Option<&str>| Command::MarkSeat {
        round: None,
        board: Board(1),
        side: Side::Red,
        present: true,
        at: start() + Duration::minutes(12),
        reverse_reason: reverse.map(str::to_string),
    };
    refused(&t, &assistant(), arrive(None));
    assert!(matches!(
        refused(&t, &assistant(), arrive(Some("堵车"))),
        Refusal::NotAllowed { .. }
    ));
    let evs = when(&mut t, &head(), arrive(Some("堵车")));
    assert!(matches!(
        evs.first(),
        Some(Event::ResultCorrected { result: None, .. })
    ));
    assert_eq!(t.game(Round(1), Board(1)).and_then(|g| g.result), None);
}

#[test]
fn arriving_in_time_means_no_forfeit() {
    let mut t = given_round1(rules("qigu-2024-07"), 4);
    let seat = |present: bool, m: i64| Command::MarkSeat {
        round: None,
        board: Board(2),
        side: Side::Black,
        present,
        at: start() + Duration::minutes(m),
        reverse_reason: None,
    };
    when(&mut t, &assistant(), seat(false, 0));
    when(&mut t, &assistant(), seat(true, 8));
    let evs = when(
        &mut t,
        &assistant(),
        Command::Tick {
            now: start() + Duration::minutes(30),
        },
    );
    assert!(evs.is_empty(), "{evs:?}");
}

#[test]
fn withdrawal_by_the_organizer_and_reinstatement_by_the_head() {
    let mut t = given_round1(rules("qigu-2024-07"), 4);
    let withdraw = Command::WithdrawPlayer {
        no: PlayerNo(3),
        reason: "生病".into(),
    };
    assert!(matches!(
        refused(&t, &assistant(), withdraw.clone()),
        Refusal::NotAllowed { .. }
    ));
    let evs = when(&mut t, &head(), withdraw.clone());
    assert_eq!(
        evs,
        vec![Event::PlayerWithdrawn {
            no: PlayerNo(3),
            by_rule: false,
            reason: "生病".into()
        }]
    );
    assert!(matches!(
        t.player(PlayerNo(3)).map(|p| &p.status),
        Some(Status::Withdrawn { .. })
    ));
    refused(&t, &head(), withdraw);
    refused(
        &t,
        &head(),
        Command::WithdrawPlayer {
            no: PlayerNo(99),
            reason: String::new(),
        },
    );
    let reinstate = |reason: &str| Command::ReinstatePlayer {
        no: PlayerNo(3),
        reason: reason.into(),
    };
    refused(&t, &head(), reinstate(""));
    when(&mut t, &head(), reinstate("康复"));
    assert_eq!(
        t.player(PlayerNo(3)).map(|p| &p.status),
        Some(&Status::Active)
    );
    // A withdrawn player's played results stay.
    when(&mut t, &head(), result(1, GameResult::RedWin));
    when(
        &mut t,
        &head(),
        Command::WithdrawPlayer {
            no: PlayerNo(1),
            reason: "退赛".into(),
        },
    );
    when(&mut t, &head(), result(2, GameResult::Draw));
    assert_eq!(points_of(&t, 1, 1), 2);
}

/// Round 2 is given as an event (this test is about withdrawal, not the pairing engine).
fn given_round2(t: &mut Tournament, games: &[(u32, u32)]) {
    t.apply(&Event::RoundPaired {
        round: Round(2),
        games: games
            .iter()
            .enumerate()
            .map(|(i, (r, b))| Pairing {
                board: Board(i as u32 + 1),
                red: PlayerNo(*r),
                black: PlayerNo(*b),
                stage: bianpai::domain::event::Stage::default(),
                game: bianpai::domain::event::GameKind::default(),
            })
            .collect(),
        byes: Vec::new(),
    });
    t.apply(&Event::RoundStarted {
        round: Round(2),
        at: start() + Duration::hours(2),
    });
}

#[test]
fn two_consecutive_forfeits_withdraw_the_player() {
    for (limit, withdrawn) in [(2, true), (0, false), (3, false)] {
        let mut r = rules("qigu-2024-07");
        r.withdraw_after_forfeits = limit;
        // Given player 1 forfeited round 1 (absent at the close of the window)…
        let mut t = given_round1(r, 4);
        when(
            &mut t,
            &assistant(),
            Command::MarkSeat {
                round: None,
                board: Board(1),
                side: Side::Red,
                present: false,
                at: start(),
                reverse_reason: None,
            },
        );
        when(
            &mut t,
            &assistant(),
            Command::Tick {
                now: start() + Duration::minutes(10),
            },
        );
        when(&mut t, &head(), result(2, GameResult::Draw));
        assert_eq!(t.consecutive_forfeits(PlayerNo(1)), 1);
        // …and is absent again in round 2.
        given_round2(&mut t, &[(3, 1), (2, 4)]);
        when(
            &mut t,
            &assistant(),
            Command::MarkSeat {
                round: None,
                board: Board(1),
                side: Side::Black,
                present: false,
                at: start() + Duration::hours(2),
                reverse_reason: None,
            },
        );
        // When the window closes…
        let evs = when(
            &mut t,
            &assistant(),
            Command::Tick {
                now: start() + Duration::hours(2) + Duration::minutes(10),
            },
        );
        // …then the forfeit is recorded and, at the limit, the withdrawal by rule.
        assert_eq!(
            evs.first(),
            Some(&Event::ResultRecorded {
                round: Round(2),
                board: Board(1),
                result: GameResult::RedWinForfeit,
                cause: Cause::LateWindow,
                at: Some(start() + Duration::hours(2) + Duration::minutes(10)),
            })
        );
        let by_rule = evs.iter().any(|e| {
            matches!(
                e,
                Event::PlayerWithdrawn {
                    no: PlayerNo(1),
                    by_rule: true,
                    ..
                }
            )
        });
        assert_eq!(by_rule, withdrawn, "limit {limit}: {evs:?}");
        assert_eq!(evs.len(), 1 + usize::from(withdrawn));
    }
}

#[test]
fn foul_limits_lose_the_game() {
    // Seed 000: two move-rule fouls lose; three fouls of any kind lose.
    let foul = |board: u32, side: Side, kind: FoulKind| Command::RecordFoul {
        round: None,
        board: Board(board),
        side,
        kind,
    };
    let mut t = given_round1(rules("qigu-2024-07"), 4);
    assert_eq!(
        when(&mut t, &assistant(), foul(1, Side::Red, FoulKind::MoveRule)).len(),
        1
    );
    let evs = when(&mut t, &assistant(), foul(1, Side::Red, FoulKind::MoveRule));
    assert_eq!(
        evs.last(),
        Some(&Event::ResultRecorded {
            round: Round(1),
            board: Board(1),
            result: GameResult::BlackWin,
            cause: Cause::Fouls,
            at: None,
        })
    );
    // The game is over: no more fouls on it.
    refused(&t, &assistant(), foul(1, Side::Black, FoulKind::Other));
    // Three different kinds on board 2.
    for (i, kind) in [FoulKind::Phone, FoulKind::LeavingSeat, FoulKind::Other]
        .into_iter()
        .enumerate()
    {
        let evs = when(&mut t, &assistant(), foul(2, Side::Black, kind));
        assert_eq!(evs.len(), if i < 2 { 1 } else { 2 }, "{kind:?}: {evs:?}");
    }
    assert_eq!(
        t.game(Round(1), Board(2)).and_then(|g| g.result),
        Some(GameResult::RedWin)
    );
    // A game lost on fouls is a played game: the winner gets the plain win points.
    assert_eq!(points_of(&t, 2, 1), 2);
    assert_eq!(points_of(&t, 1, 1), 0);
}

#[test]
fn refusals_leave_the_state_unchanged() {
    let t = given_round1(rules("qigu-2024-07"), 4);
    for cmd in [
        result(7, GameResult::Draw),
        Command::PairNextRound,
        Command::DrawNumbers { seed: 1 },
        Command::StartRound { at: start() },
        Command::ReinstatePlayer {
            no: PlayerNo(1),
            reason: "x".into(),
        },
        Command::MarkSeat {
            round: Some(Round(3)),
            board: Board(1),
            side: Side::Red,
            present: false,
            at: start(),
            reverse_reason: None,
        },
    ] {
        refused(&t, &head(), cmd);
    }
    let viewer = Actor {
        user: "观众".into(),
        role: Role::Viewer,
    };
    refused(&t, &viewer, result(1, GameResult::Draw));
}
