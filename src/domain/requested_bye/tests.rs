//! Requested byes in the state: the pairing leaves the player out, the scores the next
//! pairing reads count the bye, and a pairing discarded and made again keeps the request.

use crate::domain::event::{Event, PlayerEntry};
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::requested_bye::ByePoints;
use crate::domain::result::GameResult;
use crate::domain::rules::{Role, Rules};
use crate::domain::standings::swiss_scores;
use crate::domain::tournament::Tournament;
use crate::domain::{Actor, Command};

fn run(t: &mut Tournament, cmd: &Command) {
    let head = Actor {
        user: "wang".into(),
        role: Role::Head,
    };
    let events = t
        .decide(&head, cmd)
        .unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    for e in &events {
        t.apply(e);
    }
}

/// A FIDE event of `n` players, numbers drawn.
fn event(n: u32) -> Tournament {
    let rules = Rules::preset("fide-swiss").expect("preset");
    let mut t = Tournament::replay(&[Event::Created {
        title: "t".into(),
        rules: Box::new(rules),
    }])
    .expect("created");
    for i in 1..=n {
        run(
            &mut t,
            &Command::RegisterPlayer(PlayerEntry::named(format!("p{i}"))),
        );
    }
    run(&mut t, &Command::DrawNumbers { seed: 3 });
    t
}

fn ask(t: &mut Tournament, no: u32, points: ByePoints) {
    run(
        t,
        &Command::RequestBye {
            round: None,
            no: PlayerNo(no),
            points,
            reason: "r".into(),
        },
    );
}

fn in_round(t: &Tournament, round: u32, no: u32) -> bool {
    t.round(Round(round))
        .is_some_and(|r| r.game_of(PlayerNo(no)).is_some() || r.byes.contains(&PlayerNo(no)))
}

#[test]
fn the_next_pairing_reads_the_bye_points() {
    let mut t = event(7);
    ask(&mut t, 2, ByePoints::Half);
    ask(&mut t, 6, ByePoints::Full);
    run(&mut t, &Command::PairNextRound);
    assert!(!in_round(&t, 1, 2) && !in_round(&t, 1, 6));
    let r = t.current().expect("round 1");
    assert_eq!(r.requested.len(), 2);
    let games = r.games.clone();
    run(
        &mut t,
        &Command::StartRound {
            at: chrono::Utc::now(),
        },
    );
    for g in games {
        run(
            &mut t,
            &Command::RecordResult {
                round: None,
                board: g.board,
                result: GameResult::Draw,
                correct: None,
            },
        );
    }
    let scores = swiss_scores(&t, Round(2));
    let p = &t.rules.points;
    assert_eq!(scores[&PlayerNo(2)], p.red_draw);
    assert_eq!(scores[&PlayerNo(6)], p.red_win);
    run(&mut t, &Command::PairNextRound);
    assert!(in_round(&t, 2, 2) && in_round(&t, 2, 6));
}

#[test]
fn a_discarded_pairing_paired_again_keeps_the_request() {
    let mut t = event(6);
    ask(&mut t, 4, ByePoints::Zero);
    run(&mut t, &Command::PairNextRound);
    run(
        &mut t,
        &Command::UnpairRound {
            reason: "again".into(),
        },
    );
    assert!(t.rounds.is_empty());
    run(&mut t, &Command::PairNextRound);
    assert!(!in_round(&t, 1, 4));
    assert_eq!(t.current().expect("round 1").requested.len(), 1);
}

#[test]
fn a_cancelled_request_is_paired() {
    let mut t = event(6);
    ask(&mut t, 4, ByePoints::Half);
    run(
        &mut t,
        &Command::CancelBye {
            round: None,
            no: PlayerNo(4),
            reason: "back".into(),
        },
    );
    run(&mut t, &Command::PairNextRound);
    assert!(in_round(&t, 1, 4));
    assert!(t.current().expect("round 1").requested.is_empty());
}
