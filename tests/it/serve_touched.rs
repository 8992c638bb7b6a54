//! The delta thread draws again only the pages a change can reach (docs/room-page.md#deltas).
//! Replayed record by record, whole events (a Swiss with its knockout final and teams, and
//! one with corrections, fouls, an absence, a clock and a withdrawal) check that every
//! player's card, every round and the standings that differ after a record are among those
//! `serve::topic::touched` names: a page left out would never update on a phone.

use std::path::Path;

use bianpai::domain::rules::Lang;
use bianpai::domain::{PlayerNo, Round, Tournament};
use bianpai::export::rows::standings_for;
use bianpai::log::Log;
use bianpai::serve::topic::{Page, touched};
use bianpai::serve::view;

use crate::support::bin::{ok, run, simulate_with};

/// Replays `log` record by record and checks every step's touched pages.
fn every_step_reaches_what_changed(log: &Path) -> usize {
    let records = Log::open_with(log, true).expect("the log").take_records();
    let mut events = records.iter().map(|r| &r.ev);
    let mut t = Tournament::replay(events.by_ref().take(1)).expect("created");
    let mut steps = 0;
    for ev in events {
        let before = t.clone();
        t.apply(ev);
        let reach = touched(&before, &t);
        let what = format!("after {ev:?}");
        for p in 1..=t.players.len().max(before.players.len()) as u32 {
            let card = |x: &Tournament| view::card(x, PlayerNo(p), Lang::Zh);
            if card(&before) != card(&t) {
                assert!(reach.reaches(Page::Player(p)), "player {p}'s card {what}");
            }
        }
        for r in 1..=t.rounds.len() as u32 {
            let round = |x: &Tournament| view::round(x, Round(r), Lang::Zh);
            if round(&before) != round(&t) {
                assert!(reach.reaches(Page::PastRound(r)), "round {r} {what}");
            }
        }
        if standings_for(&before, None) != standings_for(&t, None) {
            assert!(reach.reaches(Page::Standings), "the standings {what}");
        }
        steps += 1;
    }
    steps
}

#[test]
fn a_whole_swiss_with_knockout_and_teams() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("lvliang.log");
    simulate_with(&log, &["--preset", "lvliang-2024"], 24, None, 5);
    assert!(every_step_reaches_what_changed(&log) > 100);
}

#[test]
fn corrections_fouls_absences_clocks_and_a_withdrawal() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("qigu.log");
    let l = log.to_str().unwrap();
    simulate_with(&log, &["--preset", "qigu-2024-07"], 20, Some(3), 9);
    ok(&["pair", l]);
    ok(&["start", l]);
    ok(&["foul", l, "2", "red", "phone"]);
    ok(&["absent", l, "4", "black"]);
    ok(&["arrive", l, "4", "black"]);
    ok(&["clock", l, "5", "press", "red"]);
    ok(&["result", l, "1", "draw"]);
    // A correction of round 2's board 3 to whichever result it does not have.
    let corrected = ["draw", "red_win"].iter().any(|r| {
        run(&[
            "result",
            l,
            "3",
            r,
            "--round",
            "2",
            "--correct",
            "--reason",
            "记错",
        ])
        .status
        .success()
    });
    assert!(corrected, "round 2's board 3 corrected");
    ok(&["player", "withdraw", l, "7", "--reason", "病"]);
    ok(&["result", l, "2", "black_win"]);
    assert!(every_step_reaches_what_changed(&log) > 50);
}
