//! The floor rules (issue 6) through the domain with an injected clock: late-window forfeits,
//! arrivals and reversals, consecutive forfeits and withdrawal, fouls per preset, check-in
//! mode, flag confirmation and the console's countdown queries. No test sleeps.

use bianpai::domain::event::{Cause, ClockAction, Event, GameKind, Pairing, Stage};
use bianpai::domain::rules::{FoulKind, SeatMode};
use bianpai::domain::tournament::Status;
use bianpai::domain::{
    Actor, Board, Command, GameResult, PlayerEntry, PlayerNo, Refusal, Role, Round, Rules, Side,
    Tournament, pairing,
};
use chrono::{DateTime, Duration, TimeZone, Utc};

/// A refusal's English words (the catalog's), times in UTC.
fn en(e: &Refusal) -> String {
    let utc = bianpai::domain::zone::EventZone::Fixed(chrono::FixedOffset::east_opt(0).unwrap());
    bianpai::i18n::refusal(e, bianpai::domain::rules::Lang::En, utc)
}

fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2024, 7, 6, 1, 0, 0).unwrap()
}

/// `start()` plus minutes and seconds.
fn at(m: i64, s: i64) -> DateTime<Utc> {
    start() + Duration::seconds(m * 60 + s)
}

fn head() -> Actor {
    Actor {
        user: "head".into(),
        role: Role::Head,
    }
}

fn assistant() -> Actor {
    Actor {
        user: "asst".into(),
        role: Role::Assistant,
    }
}

/// Decides `cmd` and applies what it records.
#[allow(clippy::needless_pass_by_value)] // owned commands keep the tests short
fn run(t: &mut Tournament, who: &Actor, cmd: Command) -> Vec<Event> {
    let events = t
        .decide(who, &cmd)
        .unwrap_or_else(|e| panic!("{cmd:?} refused: {e}"));
    for e in &events {
        t.apply(e);
    }
    events
}

#[allow(clippy::needless_pass_by_value)] // owned commands keep the tests short
fn refused(t: &Tournament, who: &Actor, cmd: Command) -> Refusal {
    match t.decide(who, &cmd) {
        Ok(evs) => panic!("{cmd:?} was accepted: {evs:?}"),
        Err(e) => e,
    }
}

/// An event under `rules` with `n` players and round 1 paired (adjacent: board k is 2k−1 v
/// 2k, the larger number red on even boards). The round is not started.
fn event(rules: Rules, n: u32) -> Tournament {
    let mut t = Tournament::new("floor".into(), rules);
    for i in 1..=n {
        run(
            &mut t,
            &head(),
            Command::RegisterPlayer(PlayerEntry::named(format!("P{i}"))),
        );
    }
    run(&mut t, &head(), Command::PairNextRound);
    t
}

fn preset(name: &str) -> Rules {
    let mut rules = Rules::preset(name).unwrap();
    // Numbers in registration order: these fixtures pair without a random draw (issue 13).
    rules.numbers_by_registration = true;
    rules
}

fn started(rules: Rules, n: u32) -> Tournament {
    let mut t = event(rules, n);
    run(&mut t, &head(), Command::StartRound { at: start() });
    t
}

fn seat(board: u32, side: Side, present: bool, when: DateTime<Utc>) -> Command {
    Command::MarkSeat {
        round: None,
        board: Board(board),
        side,
        present,
        at: when,
        reverse_reason: None,
    }
}

fn reverse(board: u32, side: Side, when: DateTime<Utc>, reason: &str) -> Command {
    Command::MarkSeat {
        round: None,
        board: Board(board),
        side,
        present: true,
        at: when,
        reverse_reason: Some(reason.into()),
    }
}

fn tick(t: &mut Tournament, when: DateTime<Utc>) -> Vec<Event> {
    run(t, &assistant(), Command::Tick { now: when })
}

fn result_of(t: &Tournament, board: u32) -> Option<GameResult> {
    t.current().unwrap().game(Board(board)).unwrap().result
}

fn results(events: &[Event]) -> Vec<(Board, GameResult, Cause)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::ResultRecorded {
                board,
                result,
                cause,
                ..
            } => Some((*board, *result, *cause)),
            _ => None,
        })
        .collect()
}

#[test]
fn forfeit_at_exactly_ten_minutes_and_not_at_nine_fifty_nine() {
    let mut t = started(preset("qigu-2024-07"), 4);
    run(&mut t, &assistant(), seat(1, Side::Black, false, at(0, 30)));
    assert!(tick(&mut t, at(9, 59)).is_empty());
    let ms = Duration::milliseconds(1);
    assert!(tick(&mut t, at(10, 0) - ms).is_empty());
    let evs = tick(&mut t, at(10, 0));
    assert_eq!(
        results(&evs),
        vec![(Board(1), GameResult::RedWinForfeit, Cause::LateWindow)]
    );
    assert!(matches!(evs[0], Event::ResultRecorded { at: Some(a), .. } if a == at(10, 0)));
    // Written once: a second tick, at once or later, finds nothing due.
    assert!(tick(&mut t, at(10, 0)).is_empty());
    assert!(tick(&mut t, at(30, 0)).is_empty());
    assert_eq!(result_of(&t, 2), None);
}

#[test]
fn the_window_follows_the_rules_setting() {
    let mut rules = preset("qigu-2024-07");
    rules.late_window_minutes = 15;
    let mut t = started(rules, 4);
    run(&mut t, &assistant(), seat(2, Side::Red, false, at(1, 0)));
    assert!(tick(&mut t, at(14, 59)).is_empty());
    assert_eq!(
        results(&tick(&mut t, at(15, 0))),
        vec![(Board(2), GameResult::BlackWinForfeit, Cause::LateWindow)]
    );
}

#[test]
fn arrival_at_nine_fifty_nine_stops_the_countdown() {
    let mut t = started(preset("qigu-2024-07"), 4);
    run(&mut t, &assistant(), seat(1, Side::Red, false, at(0, 0)));
    run(&mut t, &assistant(), seat(1, Side::Red, true, at(9, 59)));
    assert!(tick(&mut t, at(10, 0)).is_empty());
    assert!(tick(&mut t, at(60, 0)).is_empty());
    let g = t.current().unwrap().game(Board(1)).unwrap();
    assert!(g.seats.red.present);
    assert_eq!(g.seats.red.arrived_at, Some(at(9, 59)));
    assert_eq!(g.result, None);
}

#[test]
fn an_arrival_after_the_close_is_refused_before_and_after_the_tick() {
    let mut t = started(preset("qigu-2024-07"), 4);
    run(&mut t, &assistant(), seat(1, Side::Red, false, at(0, 0)));
    // The window closed but no tick ran yet: the forfeit is due, the arrival is too late.
    let e = refused(&t, &assistant(), seat(1, Side::Red, true, at(10, 0)));
    assert!(en(&e).contains("after the late window closed"), "{e}");
    tick(&mut t, at(10, 1));
    let e = refused(&t, &assistant(), seat(1, Side::Red, true, at(10, 30)));
    assert!(en(&e).contains("--reverse"), "{e}");
    // A seat marked absent once the window closed means the player never came: the next
    // tick records the forfeit.
    run(&mut t, &assistant(), seat(2, Side::Black, false, at(11, 0)));
    tick(&mut t, at(11, 1));
    assert_eq!(result_of(&t, 2), Some(GameResult::RedWinForfeit));
}

#[test]
fn only_the_head_arbiter_reverses_a_late_forfeit_and_only_with_a_reason() {
    let mut t = started(preset("qigu-2024-07"), 4);
    run(&mut t, &assistant(), seat(1, Side::Black, false, at(0, 0)));
    tick(&mut t, at(10, 0));
    assert_eq!(result_of(&t, 1), Some(GameResult::RedWinForfeit));
    let e = refused(
        &t,
        &assistant(),
        reverse(1, Side::Black, at(12, 0), "traffic"),
    );
    assert!(matches!(e, Refusal::NotAllowed { .. }), "{e}");
    let e = refused(&t, &head(), reverse(1, Side::Black, at(12, 0), "  "));
    assert!(en(&e).contains("reason"), "{e}");
    let e = refused(&t, &head(), reverse(1, Side::Red, at(12, 0), "x"));
    assert!(en(&e).contains("not marked absent"), "{e}");
    let evs = run(
        &mut t,
        &head(),
        reverse(1, Side::Black, at(12, 0), "traffic"),
    );
    assert!(matches!(
        &evs[0],
        Event::ResultCorrected { result: None, reason, .. } if reason == "traffic"
    ));
    assert_eq!(result_of(&t, 1), None);
    assert!(
        t.current()
            .unwrap()
            .game(Board(1))
            .unwrap()
            .seats
            .black
            .present
    );
    // The game is played now; the window does not fire again.
    assert!(tick(&mut t, at(20, 0)).is_empty());
}

#[test]
fn the_head_arbiter_can_reverse_a_forfeit_that_is_due_but_not_yet_written() {
    let mut t = started(preset("qigu-2024-07"), 4);
    run(&mut t, &assistant(), seat(2, Side::Red, false, at(0, 0)));
    let e = refused(&t, &head(), reverse(2, Side::Red, at(5, 0), "early"));
    assert!(en(&e).contains("still open"), "{e}");
    let evs = run(
        &mut t,
        &head(),
        reverse(2, Side::Red, at(10, 5), "stuck in the lift"),
    );
    assert_eq!(
        results(&evs),
        vec![(Board(2), GameResult::BlackWinForfeit, Cause::LateWindow)]
    );
    assert!(matches!(
        evs[1],
        Event::ResultCorrected { result: None, .. }
    ));
    assert_eq!(result_of(&t, 2), None);
}

#[test]
fn both_absent_is_a_double_forfeit_and_reversing_one_gives_them_the_win() {
    let mut t = started(preset("qiyuan-2019"), 4);
    run(&mut t, &assistant(), seat(2, Side::Red, false, at(0, 0)));
    run(&mut t, &assistant(), seat(2, Side::Black, false, at(0, 0)));
    let evs = tick(&mut t, at(10, 0));
    assert_eq!(
        results(&evs),
        vec![(Board(2), GameResult::DoubleForfeit, Cause::LateWindow)]
    );
    run(
        &mut t,
        &head(),
        reverse(2, Side::Black, at(11, 0), "wrong hall"),
    );
    assert_eq!(result_of(&t, 2), Some(GameResult::BlackWinForfeit));
    // Red came too: the game is played after all.
    run(
        &mut t,
        &head(),
        reverse(2, Side::Red, at(12, 0), "wrong hall"),
    );
    assert_eq!(result_of(&t, 2), None);
}

/// Pairs round 2 by hand (the Swiss engine for later rounds is written elsewhere):
/// 3 v 1 and 4 v 2 after 1 v 2 and 4 v 3.
fn pair_round_2(t: &mut Tournament) {
    let game = |b, r, k| Pairing {
        board: Board(b),
        red: PlayerNo(r),
        black: PlayerNo(k),
        stage: Stage::Swiss,
        game: GameKind::default(),
    };
    t.apply(&Event::RoundPaired {
        round: Round(2),
        games: vec![game(1, 3, 1), game(2, 4, 2)],
        byes: vec![],
    });
    t.apply(&Event::RoundStarted {
        round: Round(2),
        at: at(120, 0),
    });
}

/// The players the pairing of `round` is given, by number.
fn eligible(t: &Tournament, round: u32) -> Vec<PlayerNo> {
    let mut nos: Vec<PlayerNo> = pairing::entrants(t, Round(round))
        .into_iter()
        .flatten()
        .map(|e| e.no)
        .collect();
    nos.sort();
    nos
}

#[test]
fn two_consecutive_forfeits_withdraw_the_player_who_is_then_not_paired() {
    let mut t = started(preset("qigu-2024-07"), 4);
    // Player 2 is black on board 1 in round 1 and black on board 2 in round 2.
    run(&mut t, &assistant(), seat(1, Side::Black, false, at(0, 0)));
    let evs = tick(&mut t, at(10, 0));
    assert!(
        !evs.iter()
            .any(|e| matches!(e, Event::PlayerWithdrawn { .. }))
    );
    assert_eq!(t.consecutive_forfeits(PlayerNo(2)), 1);
    run(
        &mut t,
        &assistant(),
        Command::RecordResult {
            round: None,
            board: Board(2),
            result: GameResult::Draw,
            correct: None,
        },
    );
    pair_round_2(&mut t);
    run(
        &mut t,
        &assistant(),
        seat(2, Side::Black, false, at(120, 0)),
    );
    let evs = tick(&mut t, at(130, 0));
    assert!(
        evs.iter().any(|e| matches!(
            e,
            Event::PlayerWithdrawn {
                no: PlayerNo(2),
                by_rule: true,
                ..
            }
        )),
        "{evs:?}"
    );
    assert_eq!(
        t.player(PlayerNo(2)).unwrap().status,
        Status::Withdrawn { by_rule: true }
    );
    // Pairing for round 3 excludes the withdrawn player (the Swiss engine itself is written
    // elsewhere; `entrants` is what it is given).
    assert_eq!(eligible(&t, 3), vec![PlayerNo(1), PlayerNo(3), PlayerNo(4)]);
    // The head arbiter reinstates; the player is paired again.
    let e = refused(
        &t,
        &assistant(),
        Command::ReinstatePlayer {
            no: PlayerNo(2),
            reason: "medical".into(),
        },
    );
    assert!(matches!(e, Refusal::NotAllowed { .. }));
    run(
        &mut t,
        &head(),
        Command::ReinstatePlayer {
            no: PlayerNo(2),
            reason: "medical".into(),
        },
    );
    assert!(eligible(&t, 3).contains(&PlayerNo(2)));
}

/// Player 2 is absent as black on board 1 in round 1 (forfeited at the tick), board 2's
/// result is recorded, round 2 is paired and player 2 is marked absent as black on board 2;
/// the round-2 tick is left to the caller.
fn absent_in_rounds_1_and_2(t: &mut Tournament) {
    run(t, &assistant(), seat(1, Side::Black, false, at(0, 0)));
    tick(t, at(10, 0));
    run(
        t,
        &assistant(),
        Command::RecordResult {
            round: None,
            board: Board(2),
            result: GameResult::RedWin,
            correct: None,
        },
    );
    pair_round_2(t);
    run(t, &assistant(), seat(2, Side::Black, false, at(120, 0)));
}

#[test]
fn reversing_the_forfeit_that_withdrew_a_player_reinstates_them() {
    let mut t = started(preset("qigu-2024-07"), 4);
    absent_in_rounds_1_and_2(&mut t);
    tick(&mut t, at(130, 0));
    assert!(!eligible(&t, 3).contains(&PlayerNo(2)));
    let evs = run(
        &mut t,
        &head(),
        reverse(2, Side::Black, at(131, 0), "clock was wrong"),
    );
    assert!(
        evs.iter().any(|e| matches!(
            e,
            Event::PlayerReinstated {
                no: PlayerNo(2),
                ..
            }
        )),
        "{evs:?}"
    );
    assert_eq!(t.player(PlayerNo(2)).unwrap().status, Status::Active);
}

#[test]
fn no_withdrawal_when_the_rule_is_off() {
    let mut rules = preset("qigu-2024-07");
    rules.withdraw_after_forfeits = 0;
    let mut t = started(rules, 4);
    absent_in_rounds_1_and_2(&mut t);
    let evs = tick(&mut t, at(130, 0));
    assert!(
        !evs.iter()
            .any(|e| matches!(e, Event::PlayerWithdrawn { .. }))
    );
    assert_eq!(t.consecutive_forfeits(PlayerNo(2)), 2);
}

/// Records `fouls` by red on board 1 and returns the 1-based index of the foul that lost the
/// game, if any; checks the loss is black's win attributed to the fouls.
fn foul_loss(preset_name: &str, fouls: &[FoulKind]) -> Option<usize> {
    let mut t = started(preset(preset_name), 4);
    for (i, kind) in fouls.iter().enumerate() {
        let evs = run(
            &mut t,
            &assistant(),
            Command::RecordFoul {
                round: None,
                board: Board(1),
                side: Side::Red,
                kind: *kind,
            },
        );
        // Where the opponent must claim the loss (qiyuan-2019, issue 21), the limit records
        // nothing by itself; the claim records it.
        let evs = if t.rules.foul_loss_on_claim && results(&evs).is_empty() {
            let claim = Command::ClaimFoulLoss {
                round: None,
                board: Board(1),
                side: Side::Red,
            };
            match t.decide(&assistant(), &claim) {
                Ok(claimed) => {
                    for e in &claimed {
                        t.apply(e);
                    }
                    claimed
                }
                Err(_) => evs,
            }
        } else {
            evs
        };
        if let Some((_, result, cause)) = results(&evs).first() {
            let expected = if t.rules.foul_loss_on_claim {
                Cause::FoulClaimed
            } else {
                Cause::Fouls
            };
            assert_eq!((*result, *cause), (GameResult::BlackWin, expected));
            assert_eq!(i + 1, fouls.len(), "fouls recorded after the loss");
            // No foul is recorded once the game is over.
            let e = refused(
                &t,
                &assistant(),
                Command::RecordFoul {
                    round: None,
                    board: Board(1),
                    side: Side::Black,
                    kind: FoulKind::Other,
                },
            );
            assert!(en(&e).contains("game is over"), "{e}");
            return Some(i + 1);
        }
    }
    assert_eq!(result_of(&t, 1), None);
    None
}

#[test]
fn foul_limits_of_each_preset() {
    use FoulKind::{
        DisturbedPieces as Dp, LeavingSeat as Ls, MoveRule as Mr, Other as Ot, Phone as Ph,
    };
    let cases: &[(&str, &[FoulKind], Option<usize>)] = &[
        // qigu-2024-07: 2 move_rule, 2 phone, 3 of any kind.
        ("qigu-2024-07", &[Mr, Mr], Some(2)),
        ("qigu-2024-07", &[Ph, Ph], Some(2)),
        ("qigu-2024-07", &[Mr, Ph], None),
        ("qigu-2024-07", &[Ot, Ls, Dp], Some(3)),
        ("qigu-2024-07", &[Mr, Ph, Ot], Some(3)),
        ("qigu-2024-07", &[Ot, Ls], None),
        // qiyuan-2019: 2 of any kind.
        ("qiyuan-2019", &[Ot, Ph], Some(2)),
        ("qiyuan-2019", &[Ls, Ls], Some(2)),
        ("qiyuan-2019", &[Mr], None),
        // lvliang-2024: 1 phone, 3 of any kind.
        ("lvliang-2024", &[Ph], Some(1)),
        ("lvliang-2024", &[Mr, Mr], None),
        ("lvliang-2024", &[Mr, Mr, Ot], Some(3)),
        ("lvliang-2024", &[Mr, Ph], Some(2)),
    ];
    for (name, fouls, expected) in cases {
        assert_eq!(foul_loss(name, fouls), *expected, "{name} {fouls:?}");
    }
}

#[test]
fn fouls_are_counted_per_side() {
    let mut t = started(preset("qiyuan-2019"), 4);
    for side in [Side::Red, Side::Black] {
        let evs = run(
            &mut t,
            &assistant(),
            Command::RecordFoul {
                round: None,
                board: Board(1),
                side,
                kind: FoulKind::Other,
            },
        );
        assert!(results(&evs).is_empty());
    }
    let g = t.current().unwrap().game(Board(1)).unwrap();
    assert_eq!((g.fouls.red.len(), g.fouls.black.len()), (1, 1));
}

#[test]
fn check_in_mode_forfeits_whoever_did_not_check_in() {
    let mut rules = preset("qigu-2024-07");
    rules.seat_mode = SeatMode::CheckIn;
    let mut t = event(rules, 6);
    // Before the start, every seat is absent without a countdown.
    let seats = t.absent_seats(at(-5, 0));
    assert_eq!(seats.len(), 6);
    assert!(seats.iter().all(|s| s.remaining_ms.is_none()));
    run(&mut t, &assistant(), seat(1, Side::Red, true, at(-3, 0)));
    run(&mut t, &assistant(), seat(1, Side::Black, true, at(-2, 0)));
    run(&mut t, &head(), Command::StartRound { at: start() });
    run(&mut t, &assistant(), seat(2, Side::Black, true, at(4, 0)));
    run(&mut t, &assistant(), seat(3, Side::Red, true, at(9, 59)));
    let seats = t.absent_seats(at(3, 0));
    assert_eq!(
        seats
            .iter()
            .map(|s| (s.board.0, s.side, s.remaining_ms))
            .collect::<Vec<_>>(),
        vec![
            (2, Side::Red, Some(7 * 60_000)),
            (3, Side::Black, Some(7 * 60_000))
        ]
    );
    assert_eq!(t.late_window_remaining_ms(at(3, 0)), Some(7 * 60_000));
    assert_eq!(t.late_window_remaining_ms(at(12, 0)), Some(0));
    let evs = tick(&mut t, at(10, 0));
    assert_eq!(
        results(&evs),
        vec![
            (Board(2), GameResult::BlackWinForfeit, Cause::LateWindow),
            (Board(3), GameResult::RedWinForfeit, Cause::LateWindow),
        ]
    );
    assert_eq!(result_of(&t, 1), None);
}

#[test]
fn countdowns_for_the_console() {
    let mut t = event(preset("qigu-2024-07"), 4);
    assert_eq!(t.late_window_remaining_ms(at(0, 0)), None);
    run(&mut t, &assistant(), seat(2, Side::Black, false, at(-1, 0)));
    assert_eq!(t.absent_seats(at(0, 0))[0].remaining_ms, None);
    run(&mut t, &head(), Command::StartRound { at: start() });
    let s = t.absent_seats(at(2, 30));
    assert_eq!(s.len(), 1);
    assert_eq!(
        (s[0].board, s[0].side, s[0].player, s[0].remaining_ms),
        (Board(2), Side::Black, PlayerNo(3), Some(450_000))
    );
    assert_eq!(t.absent_seats(at(10, 0))[0].remaining_ms, Some(0));
    assert_eq!(
        t.seat_countdown(Round(1), Board(2), Side::Red, at(1, 0)),
        None
    );
    tick(&mut t, at(10, 0));
    assert!(t.absent_seats(at(10, 0)).is_empty());
}

fn press(t: &mut Tournament, board: u32, side: Side, when: DateTime<Utc>) {
    run(
        t,
        &assistant(),
        Command::Clock {
            round: None,
            board: Board(board),
            action: ClockAction::Press(side),
            at: when,
        },
    );
}

fn flag(board: u32, side: Side, when: DateTime<Utc>) -> Command {
    Command::ConfirmFlag {
        board: Board(board),
        side,
        at: when,
    }
}

#[test]
fn a_flag_is_confirmed_only_once_it_has_fallen() {
    // qiyuan-2019: 20 + 3.
    let mut t = started(preset("qiyuan-2019"), 4);
    let e = refused(&t, &assistant(), flag(1, Side::Red, at(30, 0)));
    assert!(en(&e).contains("no clock data"), "{e}");
    // Red moves after 5 min, black thinks until its flag falls: 20:00 at 5:00.
    press(&mut t, 1, Side::Red, at(5, 0));
    let e = refused(&t, &assistant(), flag(1, Side::Black, at(24, 59)));
    assert!(en(&e).contains("has not fallen (0:01 left"), "{e}");
    let e = refused(&t, &assistant(), flag(1, Side::Red, at(25, 0)));
    assert!(en(&e).contains("black's flag that fell"), "{e}");
    let evs = run(&mut t, &assistant(), flag(1, Side::Black, at(26, 0)));
    assert_eq!(
        results(&evs),
        vec![(Board(1), GameResult::RedWin, Cause::Time)]
    );
    // The game ended when the flag fell; the clock shows it, stopped.
    assert!(matches!(evs[0], Event::ResultRecorded { at: Some(a), .. } if a == at(25, 0)));
    let c = t
        .current()
        .unwrap()
        .game(Board(1))
        .unwrap()
        .clock
        .clone()
        .unwrap();
    let r = c.read(at(90, 0));
    assert_eq!(
        (r.red_ms, r.black_ms, r.running, r.flag),
        (1_200_000 - 300_000 + 3_000, 0, None, Some(Side::Black))
    );
    let e = refused(&t, &assistant(), flag(1, Side::Black, at(27, 0)));
    assert!(matches!(e, Refusal::HasResult { .. }), "{e}");
}

#[test]
fn the_clock_runs_from_the_round_start_and_stops_with_the_result() {
    let mut t = started(preset("qigu-2024-07"), 4);
    assert!(t.current().unwrap().game(Board(1)).unwrap().clock.is_none());
    // The first clock event comes 90 s after the start: red thought 90 s.
    press(&mut t, 1, Side::Red, at(1, 30));
    press(&mut t, 1, Side::Black, at(2, 0));
    let g = t.current().unwrap().game(Board(1)).unwrap();
    let r = g.clock.as_ref().unwrap().read(at(2, 10));
    assert_eq!(
        (r.red_ms, r.black_ms),
        (1_200_000 - 90_000 + 5_000 - 10_000, 1_175_000)
    );
    run(
        &mut t,
        &assistant(),
        Command::RecordResult {
            round: None,
            board: Board(1),
            result: GameResult::Draw,
            correct: None,
        },
    );
    // Stopped at its last event; no time runs after the game.
    let g = t.current().unwrap().game(Board(1)).unwrap();
    let r = g.clock.as_ref().unwrap().read(at(50, 0));
    assert_eq!((r.red_ms, r.running), (1_115_000, None));
    let e = refused(
        &t,
        &assistant(),
        Command::Clock {
            round: None,
            board: Board(1),
            action: ClockAction::Press(Side::Red),
            at: at(51, 0),
        },
    );
    assert!(en(&e).contains("game is over"), "{e}");
}

#[test]
fn last_boards_are_the_one_or_two_still_playing() {
    let mut t = started(preset("qigu-2024-07"), 8);
    let result = |b: u32| Command::RecordResult {
        round: None,
        board: Board(b),
        result: GameResult::RedWin,
        correct: None,
    };
    assert_eq!(t.last_boards(), None);
    run(&mut t, &assistant(), result(3));
    assert_eq!(t.last_boards(), None);
    run(&mut t, &assistant(), result(1));
    assert_eq!(t.last_boards(), Some(vec![Board(2), Board(4)]));
    run(&mut t, &assistant(), result(4));
    assert_eq!(t.last_boards(), Some(vec![Board(2)]));
    run(
        &mut t,
        &head(),
        Command::NoteMoveLimit {
            board: Board(2),
            note: "60 moves".into(),
        },
    );
    assert_eq!(
        t.current()
            .unwrap()
            .game(Board(2))
            .unwrap()
            .move_limit
            .as_deref(),
        Some("60 moves")
    );
    let e = refused(
        &t,
        &assistant(),
        Command::NoteMoveLimit {
            board: Board(2),
            note: "x".into(),
        },
    );
    assert!(matches!(e, Refusal::NotAllowed { .. }));
    run(&mut t, &assistant(), result(2));
    assert_eq!(t.last_boards(), None);
}

#[test]
fn a_result_time_survives_the_log_format_and_old_records_still_read() {
    let ev = Event::ResultRecorded {
        round: Round(1),
        board: Board(1),
        result: GameResult::RedWin,
        cause: Cause::Time,
        at: Some(at(25, 0)),
    };
    let text = ron::to_string(&ev).unwrap();
    assert_eq!(ron::from_str::<Event>(&text).unwrap(), ev);
    let old = "ResultRecorded(round:1,board:1,result:red_win,cause:arbiter)";
    assert!(matches!(
        ron::from_str::<Event>(old).unwrap(),
        Event::ResultRecorded { at: None, .. }
    ));
    let none = Event::ResultRecorded {
        round: Round(1),
        board: Board(1),
        result: GameResult::RedWin,
        cause: Cause::Arbiter,
        at: None,
    };
    assert_eq!(ron::to_string(&none).unwrap(), old);
}
