//! The head arbiter's way out of an unpairable round (RULES.md §3, issue 12): pairing with
//! colour rules relaxed, or the round entered by hand, both recorded with their reason and
//! every rule broken; refused for anyone but the head arbiter.

use bianpai::domain::event::{Cause, Event, GameKind, Pairing, PairingNote, Stage};
use bianpai::domain::pairing::Break;
use bianpai::domain::rules::Lang;
use bianpai::domain::{
    Actor, Board, Command, GameResult, PlayerEntry, PlayerNo, Refusal, Role, Round, Rules, Side,
    Tournament,
};
use bianpai::i18n::explain::round as explain_round_in;

fn actor(role: Role) -> Actor {
    Actor {
        user: "t".into(),
        role,
    }
}

fn game(board: u32, red: u32, black: u32) -> Pairing {
    Pairing {
        board: Board(board),
        red: PlayerNo(red),
        black: PlayerNo(black),
        stage: Stage::Swiss,
        game: GameKind::Slow,
    }
}

/// Four players; rounds 1–2: 1 and 3 had red twice, 2 and 4 black twice; then 2 and 4
/// withdraw. Round 3 of 5 leaves 1 v 3, who both must have black: no legal pairing.
fn jammed() -> Tournament {
    let mut t = Tournament::new("jam".into(), Rules::preset("qigu-2024-07").unwrap());
    let head = actor(Role::Head);
    for i in 1..=4 {
        for e in t
            .decide(
                &head,
                &Command::RegisterPlayer(PlayerEntry::named(format!("P{i}"))),
            )
            .unwrap()
        {
            t.apply(&e);
        }
    }
    t.apply(&Event::NumbersDrawn {
        seed: None,
        order: (1..=4).map(PlayerNo).collect(),
    });
    for (round, games) in [
        (1, vec![game(1, 1, 2), game(2, 3, 4)]),
        (2, vec![game(1, 1, 4), game(2, 3, 2)]),
    ] {
        t.apply(&Event::RoundPaired {
            round: Round(round),
            games: games.clone(),
            byes: Vec::new(),
        });
        for g in &games {
            t.apply(&Event::ResultRecorded {
                round: Round(round),
                board: g.board,
                result: GameResult::Draw,
                cause: Cause::Arbiter,
                at: None,
            });
        }
    }
    for no in [2, 4] {
        let cmd = Command::WithdrawPlayer {
            no: PlayerNo(no),
            reason: "ill".into(),
        };
        for e in t.decide(&head, &cmd).unwrap() {
            t.apply(&e);
        }
    }
    t
}

#[test]
fn unpairable_round_is_refused_naming_the_players() {
    let t = jammed();
    match t.decide(&actor(Role::Head), &Command::PairNextRound) {
        Err(Refusal::Unpairable { players, .. }) => {
            assert_eq!(players, vec![PlayerNo(1), PlayerNo(3)]);
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn relaxed_pairing_is_recorded_with_reason_and_breaks() {
    let mut t = jammed();
    let cmd = Command::PairRelaxed {
        reason: "two withdrawals".into(),
    };
    assert!(
        t.decide(&actor(Role::Organizer), &cmd).is_err(),
        "head arbiter only"
    );
    let events = t.decide(&actor(Role::Head), &cmd).unwrap();
    let note = events.iter().find_map(|e| match e {
        Event::PairingNoted { note, .. } => Some(note.clone()),
        _ => None,
    });
    let Some(PairingNote {
        colour_breaks,
        decision: Some(d),
    }) = note
    else {
        panic!("no decision recorded: {events:?}");
    };
    assert!(!d.manual);
    assert_eq!(d.reason, "two withdrawals");
    // One of them gets red a third time in a row (and a colour difference of 3).
    assert!(
        colour_breaks
            .iter()
            .any(|b| matches!(b, Break::ThirdInRow(_, Side::Red))),
        "{colour_breaks:?}"
    );
    for e in &events {
        t.apply(e);
    }
    let lines = explain_round_in(&t, Round(3), Lang::En);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("head arbiter's decision") && l.contains("two withdrawals")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("colour rules relaxed")),
        "{lines:?}"
    );
    let zh = explain_round_in(&t, Round(3), Lang::Zh);
    assert!(zh.iter().any(|l| l.contains("裁判长决定")), "{zh:?}");
}

#[test]
fn relaxing_is_refused_when_a_legal_pairing_exists() {
    let mut t = Tournament::new("ok".into(), Rules::preset("qigu-2024-07").unwrap());
    for i in 1..=4 {
        for e in t
            .decide(
                &actor(Role::Head),
                &Command::RegisterPlayer(PlayerEntry::named(format!("P{i}"))),
            )
            .unwrap()
        {
            t.apply(&e);
        }
    }
    let cmd = Command::PairRelaxed { reason: "x".into() };
    assert!(t.decide(&actor(Role::Head), &cmd).is_err());
}

#[test]
fn manual_round_lists_every_break_and_needs_force() {
    let mut t = jammed();
    let cmd = |force| Command::PairManual {
        games: vec![(PlayerNo(1), PlayerNo(3))],
        byes: Vec::new(),
        reason: "arbiter's choice".into(),
        force,
    };
    match t.decide(&actor(Role::Head), &cmd(false)) {
        Err(e) => {
            let msg =
                bianpai::i18n::refusal(&e, Lang::En, bianpai::domain::zone::EventZone::Machine);
            assert!(msg.contains("red a third time in a row"), "{msg}");
            assert!(msg.contains("--force"), "{msg}");
        }
        Ok(ev) => panic!("accepted without --force: {ev:?}"),
    }
    assert!(t.decide(&actor(Role::Organizer), &cmd(true)).is_err());
    let events = t.decide(&actor(Role::Head), &cmd(true)).unwrap();
    for e in &events {
        t.apply(e);
    }
    let r = t.round(Round(3)).unwrap();
    assert_eq!(
        (r.games[0].red, r.games[0].black),
        (PlayerNo(1), PlayerNo(3))
    );
    let note = r.pairing_note.clone().unwrap();
    let d = note.decision.unwrap();
    assert!(d.manual && d.reason == "arbiter's choice");
    assert!(
        d.warnings.iter().any(|w| w.contains("third time")),
        "{:?}",
        d.warnings
    );
    assert!(!note.colour_breaks.is_empty());
    // The breaks are also kept as data, so a Chinese reader sees them in Chinese.
    assert_eq!(d.breaks.len(), d.warnings.len(), "{:?}", d.breaks);
    let zh: Vec<String> = d
        .breaks
        .iter()
        .map(|b| bianpai::i18n::errors::rule_break(b, bianpai::domain::rules::Lang::Zh))
        .collect();
    assert!(
        zh.iter()
            .all(|w| !w.contains("third time") && w.chars().any(|c| c > '\u{2e80}')),
        "{zh:?}"
    );
    // A rematch by hand is listed too.
    let mut u = jammed();
    let bad = Command::PairManual {
        games: vec![(PlayerNo(1), PlayerNo(3)), (PlayerNo(2), PlayerNo(4))],
        byes: vec![PlayerNo(9)],
        reason: "x".into(),
        force: false,
    };
    let refused = u.decide(&actor(Role::Head), &bad).unwrap_err();
    let msg = bianpai::i18n::refusal(
        &refused,
        Lang::En,
        bianpai::domain::zone::EventZone::Machine,
    );
    assert!(msg.contains("not eligible"), "{msg}");
    let _ = &mut u;
}
