//! End to end (issue 12 item 3): the real binary in tmux, a round with no legal pairing. The
//! head arbiter presses P, sees who cannot be paired, chooses to relax colour rules 4–5, reads
//! the preview, types a reason and confirms; the log holds the round with the decision.

use std::process::Command;
use std::time::Duration;

use crate::support::console as console_common;
use crate::support::tmux as tmux_support;

use crate::support::need::{Tool, need};
use bianpai::domain::Round;
use bianpai::domain::rules::AutoAdvance;
use tmux_support::Tmux;

const BIN: &str = crate::support::bin::BIN;

#[test]
fn the_head_arbiter_relaxes_colour_rules_in_a_real_console() {
    if !need(
        "the_head_arbiter_relaxes_colour_rules_in_a_real_console",
        &[Tool::Tmux],
    ) {
        return;
    }
    assert!(
        Command::new("tmux").arg("-V").output().is_ok(),
        "tmux is needed for this test (apt-get install tmux)"
    );
    let dir = tempfile::tempdir().unwrap();
    // Without automatic advance: the head arbiter presses P (the advance is tested headless).
    let log = console_common::jammed(dir.path(), "jam.log", false, AutoAdvance::Off);
    let l = log.to_str().unwrap();
    let tmux = Tmux::new("decide");
    tmux.session("h");
    let cmd = format!("{BIN} console {l} --lang en --role head; echo CONSOLE-EXITED-$?");
    tmux.keys("h", &[&cmd, "Enter"]);
    tmux.wait_for("h", "Round 2 of 5", Duration::from_secs(20));
    tmux.keys("h", &["P"]);
    tmux.wait_for("h", "no legal pairing", Duration::from_secs(5));
    tmux.wait_for("h", "players 1, 3 cannot be paired", Duration::from_secs(5));
    tmux.keys("h", &["1"]);
    tmux.wait_for("h", "Colour rules broken:", Duration::from_secs(5));
    tmux.wait_for("h", "a third time in a row", Duration::from_secs(5));
    tmux.keys("h", &["-l", "two withdrawals"]);
    tmux.keys("h", &["Enter"]);
    tmux.wait_for("h", "y confirm", Duration::from_secs(5));
    // Nothing written before the confirm.
    let before = bianpai::log::Log::open(&log).unwrap();
    assert_eq!(before.state().current_round(), Round(2));
    tmux.keys("h", &["y"]);
    tmux.wait_for("h", "Round 3 of 5", Duration::from_secs(10));
    tmux.keys("h", &["q"]);
    tmux.wait_for("h", "CONSOLE-EXITED-0", Duration::from_secs(5));
    let after = bianpai::log::Log::open(&log).unwrap();
    assert_eq!(after.state().current_round(), Round(3));
    let note = after
        .state()
        .round(Round(3))
        .and_then(|r| r.pairing_note.clone())
        .expect("the decision is in the log");
    let d = note.decision.expect("with the head arbiter's decision");
    assert!(!d.manual);
    assert_eq!(d.reason, "two withdrawals");
    assert!(!note.colour_breaks.is_empty());
}
