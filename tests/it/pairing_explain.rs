//! `pair --explain` explains the boards actually played: a hand change after the engine's
//! proposal is flagged, and an accepted override's warning is shown.

use bianpai::domain::rules::Lang;
use bianpai::domain::{Actor, Board, Command, PlayerEntry, Role, Round, Rules, Tournament};
use bianpai::i18n::explain::round as explain_round_in;

/// The explanation in the event's language.
fn explain_round(t: &Tournament, round: Round) -> Vec<String> {
    explain_round_in(t, round, t.rules.event_lang())
}

fn run(t: &mut Tournament, cmd: &Command) {
    let actor = Actor {
        user: "t".into(),
        role: Role::Head,
    };
    for e in t.decide(&actor, cmd).expect("accepted") {
        t.apply(&e);
    }
}

fn paired_event() -> Tournament {
    let mut rules = Rules::preset("qigu-2024-07").unwrap();
    // Numbers in registration order: these fixtures pair without a random draw (issue 13).
    rules.numbers_by_registration = true;
    let mut t = Tournament::new("explain".into(), rules);
    for i in 1..=8 {
        run(
            &mut t,
            &Command::RegisterPlayer(PlayerEntry::named(format!("P{i}"))),
        );
    }
    run(&mut t, &Command::PairNextRound);
    t
}

#[test]
fn the_engines_own_pairing_is_explained_without_a_warning() {
    let t = paired_event();
    let lines = explain_round_in(&t, Round(1), Lang::En);
    assert!(lines.iter().any(|l| l.starts_with("board 1:")), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("note:")), "{lines:?}");
    // Chinese by default (the event sets no language).
    let zh = explain_round(&t, Round(1));
    assert!(zh.iter().any(|l| l.starts_with("第1台：")), "{zh:?}");
    assert!(
        zh.iter().all(|l| !l.contains("round 1 by number")),
        "{zh:?}"
    );
}

#[test]
fn a_hand_change_is_flagged_in_the_explanation() {
    let mut t = paired_event();
    run(
        &mut t,
        &Command::FlipBoard {
            board: Board(2),
            force: None,
        },
    );
    let lines = explain_round_in(&t, Round(1), Lang::En);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("note: the boards of round 1 differ")),
        "{lines:?}"
    );
    assert!(explain_round_in(&t, Round(2), Lang::En)[0].contains("has not been paired"));
    assert!(
        explain_round(&t, Round(1))
            .iter()
            .any(|l| l.starts_with("注意："))
    );
}
