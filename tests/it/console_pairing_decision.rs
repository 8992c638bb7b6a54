//! The console's way out when no legal pairing exists before the last round (issue 12 item 3):
//! scripted keys against a real log, through the keymap, `update`, the domain and the log.
//! The field: four players, rounds 1–2 give players 1 and 3 red twice, then 2 and 4
//! withdraw, so round 3 of 5 can only be 1 v 3, and both must have black.

use crate::support::console as console_common;

use std::path::Path;

use bianpai::console::app::{App, Mode, Purpose};
use bianpai::console::ui;
use bianpai::domain::event::Event;
use bianpai::domain::rules::{AutoAdvance, Lang};
use bianpai::domain::{Command, PlayerNo, Role, Round};
use console_common::{app_as, jammed, minutes, type_keys};

fn open(path: &Path, role: Role, lang: Lang) -> App {
    app_as(path, "wang", role, lang, minutes(200))
}

fn now() -> chrono::DateTime<chrono::Utc> {
    minutes(200)
}

fn purpose(app: &App) -> Option<Purpose> {
    match &app.mode {
        Mode::Prompt { purpose, .. } => Some(purpose.clone()),
        _ => None,
    }
}

fn screen(app: &App) -> String {
    ui::render_text(app, 120, 32)
}

fn decision(app: &App) -> Option<bianpai::domain::event::PairingNote> {
    app.log
        .state()
        .round(Round(3))
        .and_then(|r| r.pairing_note.clone())
}

#[test]
fn the_head_arbiter_relaxes_colour_rules_after_a_preview_a_reason_and_a_confirm() {
    let dir = tempfile::tempdir().unwrap();
    let path = jammed(dir.path(), "r.log", false, AutoAdvance::Pair);
    let mut app = open(&path, Role::Head, Lang::En);
    let before = app.log.records().len();
    type_keys(&mut app, "P", now());
    assert_eq!(purpose(&app), Some(Purpose::PairChoice));
    let s = screen(&app);
    assert!(s.contains("Round 3: no legal pairing"), "{s}");
    assert!(s.contains("players 1, 3 cannot be paired"), "{s}");
    assert!(s.contains("1  pair with colour rules 4–5 relaxed"), "{s}");
    assert!(s.contains("2  enter the round by hand"), "{s}");
    type_keys(&mut app, "1", now());
    assert_eq!(purpose(&app), Some(Purpose::RelaxReason));
    let preview = app.pair_panel.as_ref().unwrap().relax.clone().unwrap();
    assert_eq!(preview.games.len(), 1);
    assert!(!preview.breaks.is_empty());
    let s = screen(&app);
    assert!(s.contains("Colour rules broken:"), "{s}");
    assert!(s.contains("a third time in a row"), "{s}");
    assert!(s.contains("王伟") && s.contains("张建国"), "{s}");
    // No reason: the prompt stays, nothing written.
    type_keys(&mut app, "\n", now());
    assert_eq!(purpose(&app), Some(Purpose::RelaxReason));
    assert!(screen(&app).contains("a reason is needed"));
    type_keys(&mut app, "two withdrawals\n", now());
    let Mode::Confirm { pending } = &app.mode else {
        panic!("no confirm step: {:?}", app.mode)
    };
    assert!(matches!(&pending.cmd, Command::PairRelaxed { reason } if reason == "two withdrawals"));
    assert!(app.entry_line().unwrap().contains("y confirm"));
    assert_eq!(
        app.log.records().len(),
        before,
        "nothing before the confirm"
    );
    type_keys(&mut app, "y", now());
    assert_eq!(app.log.state().current_round(), Round(3));
    let r3 = app.log.state().current().unwrap();
    let games: Vec<_> = r3.games.iter().map(|g| (g.red, g.black)).collect();
    let previewed: Vec<_> = preview.games.iter().map(|g| (g.red, g.black)).collect();
    assert_eq!(games, previewed, "what was previewed is what was written");
    let note = decision(&app).unwrap();
    let d = note.decision.unwrap();
    assert!(!d.manual);
    assert_eq!(d.reason, "two withdrawals");
    assert_eq!(note.colour_breaks, preview.breaks);
    assert!(app.pair_panel.is_none());
    assert_eq!(app.mode, Mode::Normal);
}

#[test]
fn the_head_arbiter_enters_the_round_by_hand_and_a_bad_entry_keeps_the_prompt_open() {
    let dir = tempfile::tempdir().unwrap();
    let path = jammed(dir.path(), "m.log", false, AutoAdvance::Pair);
    let mut app = open(&path, Role::Head, Lang::Zh);
    let before = app.log.records().len();
    type_keys(&mut app, "P2", now());
    assert_eq!(purpose(&app), Some(Purpose::ManualPairs));
    // A parse error names the pair and keeps what was typed.
    type_keys(&mut app, "1-3,3x\n", now());
    assert_eq!(purpose(&app), Some(Purpose::ManualPairs));
    let Mode::Prompt { text, .. } = &app.mode else {
        unreachable!()
    };
    assert_eq!(text, "1-3,3x");
    let s = screen(&app);
    assert!(s.contains("第2对 '3x'"), "{s}");
    // Mend it: drop the bad pair.
    type_keys(&mut app, "\x08\x08\x08\n", now());
    assert_eq!(purpose(&app), Some(Purpose::ManualBye));
    // A bad bye number: named, the prompt stays.
    type_keys(&mut app, "x\n", now());
    assert_eq!(purpose(&app), Some(Purpose::ManualBye));
    assert!(screen(&app).contains("轮空 'x'"));
    type_keys(&mut app, "\x08\n", now());
    assert_eq!(purpose(&app), Some(Purpose::ManualReason));
    let entry = app.pair_panel.as_ref().unwrap().manual.clone().unwrap();
    assert_eq!(entry.games, vec![(PlayerNo(1), PlayerNo(3))]);
    let warnings = entry.warnings.unwrap();
    assert!(
        !warnings.is_empty(),
        "1 takes red a third time: a hard rule"
    );
    let s = screen(&app);
    assert!(s.contains("违反的硬性规则:"), "{s}");
    for w in &warnings {
        let head: String = w.chars().take(20).collect();
        assert!(s.contains(&head), "{w} not listed:\n{s}");
    }
    type_keys(&mut app, "两人退赛\n", now());
    let Mode::Confirm { pending } = &app.mode else {
        panic!("no confirm step: {:?}", app.mode)
    };
    // The explicit confirm is the --force.
    assert!(matches!(
        &pending.cmd,
        Command::PairManual { force: true, .. }
    ));
    assert!(
        pending
            .label
            .contains(&format!("违反{}条规则", warnings.len())),
        "{}",
        pending.label
    );
    assert_eq!(app.log.records().len(), before);
    type_keys(&mut app, "y", now());
    let r3 = app.log.state().current().unwrap();
    assert_eq!(r3.round, Round(3));
    assert_eq!(r3.games[0].red, PlayerNo(1));
    assert_eq!(r3.games[0].black, PlayerNo(3));
    let d = decision(&app).unwrap().decision.unwrap();
    assert!(d.manual);
    assert_eq!(d.reason, "两人退赛");
    // The log keeps the breaks' English text (its record format); the Chinese console showed
    // the same breaks in Chinese, one for one.
    assert_eq!(d.warnings.len(), warnings.len());
    assert!(
        d.warnings
            .iter()
            .any(|w| w.contains("1 (王伟) would have red a third time in a row")),
        "{:?}",
        d.warnings
    );
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("1号王伟将连续第三次执红方")),
        "{warnings:?}"
    );
}

#[test]
fn escape_cancels_at_every_step_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = jammed(dir.path(), "e.log", false, AutoAdvance::Pair);
    let bytes = std::fs::read(&path).unwrap();
    let mut app = open(&path, Role::Head, Lang::En);
    for keys in [
        "P",
        "P1",
        "P1why",
        "P1why\n",
        "P2",
        "P21-3",
        "P21-3\n",
        "P21-3\n\n",
        "P21-3\n\nwhy\n",
    ] {
        type_keys(&mut app, keys, now());
        assert!(app.pair_panel.is_some(), "{keys}: panel not open");
        type_keys(&mut app, "\x1b", now());
        assert_eq!(app.mode, Mode::Normal, "{keys}");
        assert!(app.pair_panel.is_none(), "{keys}");
        assert!(!screen(&app).contains("no legal pairing"), "{keys}");
        assert_eq!(app.log.state().current_round(), Round(2), "{keys}");
    }
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "the log is unchanged");
}

#[test]
fn other_roles_see_the_refusal_and_that_the_head_arbiter_decides() {
    let dir = tempfile::tempdir().unwrap();
    let path = jammed(dir.path(), "o.log", false, AutoAdvance::Pair);
    let bytes = std::fs::read(&path).unwrap();
    for lang in [Lang::En, Lang::Zh] {
        let mut org = open(&path, Role::Organizer, lang);
        type_keys(&mut org, "P", now());
        assert!(org.pair_panel.is_none());
        assert_eq!(org.mode, Mode::Normal);
        let m = org.message.clone().unwrap();
        assert!(m.error);
        let want = match lang {
            Lang::En => [
                "players 1, 3 cannot be paired",
                "the head arbiter must decide",
            ],
            Lang::Zh => ["1、3号无法编对", "须由裁判长决定"],
        };
        for w in want {
            assert!(m.text.contains(w), "{}", m.text);
            assert!(screen(&org).contains(w));
        }
        // Choosing is not theirs: the keys do nothing here.
        type_keys(&mut org, "1", now());
        assert!(org.pair_panel.is_none());
    }
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
}

#[test]
fn an_automatic_advance_into_an_unpairable_round_asks_the_head_arbiter_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = jammed(dir.path(), "a.log", true, AutoAdvance::PairAndStart);
    let mut asst = open(&path, Role::Assistant, Lang::En);
    let mut app = open(&path, Role::Head, Lang::En);
    // The head arbiter reports round 2's last board: the advance is refused, the panel opens.
    type_keys(&mut app, "2d\n", now());
    assert!(app.log.state().current().unwrap().is_complete());
    assert_eq!(purpose(&app), Some(Purpose::PairChoice), "{:?}", app.mode);
    assert!(screen(&app).contains("players 1, 3 cannot be paired"));
    let records = app.log.records().len();
    // Time passes: no new attempt, nothing written, the panel stays.
    for s in 1..=30 {
        let t = now() + chrono::Duration::seconds(s);
        app.tick(t);
        app.settle(std::time::Duration::from_secs(5));
        asst.poll(t);
        asst.tick(t);
        asst.settle(std::time::Duration::from_secs(5));
    }
    assert_eq!(app.advances_sent, 1);
    assert_eq!(asst.advances_sent, 1);
    assert_eq!(app.log.records().len(), records);
    assert_eq!(purpose(&app), Some(Purpose::PairChoice));
    // The assistant sees the refusal and who decides.
    let m = asst.message.clone().unwrap();
    assert!(
        m.text.contains("the head arbiter must decide"),
        "{}",
        m.text
    );
    assert!(asst.pair_panel.is_none());
    // The head arbiter relaxes; the round is paired.
    type_keys(&mut app, "1both need black\ny", now());
    assert_eq!(app.log.state().current_round(), Round(3));
    assert!(matches!(
        app.log.records().iter().rev().find(|r| matches!(r.ev, Event::PairingNoted { .. })).map(|r| &r.ev),
        Some(Event::PairingNoted { note, .. }) if note.decision.as_ref().is_some_and(|d| d.reason == "both need black")
    ));
}

/// The panel's screens, drawn by the code (reviewed once by eye).
#[test]
fn snapshots_of_the_pairing_decision_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let path = jammed(dir.path(), "s.log", false, AutoAdvance::Pair);
    for (lang, word) in [(Lang::Zh, "zh"), (Lang::En, "en")] {
        for (step, keys) in [
            ("choose", "P"),
            ("relax", "P1"),
            ("manual_error", "P21-3,3x\n"),
            ("manual_breaks", "P21-3\n\n"),
        ] {
            let mut app = open(&path, Role::Head, lang);
            type_keys(&mut app, keys, now());
            insta::assert_snapshot!(
                format!("pairing_decision_{step}_{word}_100x30"),
                ui::render_text(&app, 100, 30)
            );
        }
    }
}
