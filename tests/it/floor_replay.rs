//! Replay speed with many clock events (issue 6): a 40-board round with 10,000 presses must
//! fold in time proportional to the events (each press touches one board's clock only).

use std::time::Instant;

use bianpai::domain::event::ClockAction;
use bianpai::domain::{Actor, Board, Command, Event, PlayerEntry, Role, Rules, Side, Tournament};
use chrono::{Duration, TimeZone, Utc};

/// The events of an event with 80 players, round 1 paired and started, and `presses` clock
/// presses spread over its 40 boards.
fn events(presses: usize) -> Vec<Event> {
    let head = Actor {
        user: "head".into(),
        role: Role::Head,
    };
    let mut rules = Rules::preset("lvliang-2024").unwrap();
    // Numbers in registration order: these fixtures pair without a random draw (issue 13).
    rules.numbers_by_registration = true;
    let mut all = vec![Event::Created {
        title: "replay".into(),
        rules: Box::new(rules.clone()),
    }];
    let mut t = Tournament::new("replay".into(), rules);
    let run = |t: &mut Tournament, cmd: Command, all: &mut Vec<Event>| {
        for e in t.decide(&head, &cmd).unwrap() {
            t.apply(&e);
            all.push(e);
        }
    };
    for i in 1..=80 {
        let entry = PlayerEntry::named(format!("P{i}"));
        run(&mut t, Command::RegisterPlayer(entry), &mut all);
    }
    let start = Utc.with_ymd_and_hms(2024, 7, 6, 1, 0, 0).unwrap();
    run(&mut t, Command::PairNextRound, &mut all);
    run(&mut t, Command::StartRound { at: start }, &mut all);
    for i in 0..presses {
        let side = if (i / 40) % 2 == 0 {
            Side::Red
        } else {
            Side::Black
        };
        all.push(Event::Clock {
            round: bianpai::domain::Round(1),
            board: Board(i as u32 % 40 + 1),
            action: ClockAction::Press(side),
            at: start + Duration::milliseconds(50 * i as i64 + 1),
        });
    }
    all
}

#[test]
fn ten_thousand_presses_replay_fast_and_linearly() {
    let small = events(10_000);
    let large = events(40_000);
    let time = |evs: &[Event]| {
        let t0 = Instant::now();
        let t = Tournament::replay(evs).unwrap();
        (t0.elapsed(), t)
    };
    let (ts, t) = time(&small);
    let (tl, _) = time(&large);
    eprintln!("replay: 10,000 presses {ts:?}, 40,000 presses {tl:?}");
    // Every board's clock has its 250 presses: 125 by each side, 20 + 5.
    let g = t.current().unwrap().game(Board(1)).unwrap();
    let c = g.clock.as_ref().unwrap();
    assert_eq!(c.running, Some(Side::Red));
    // Generous bounds for a debug build on a shared machine; a quadratic fold of 40,000
    // events would take minutes.
    assert!(ts.as_secs_f64() < 2.0, "{ts:?}");
    assert!(tl.as_secs_f64() < 8.0, "{tl:?}");
}
