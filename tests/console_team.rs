//! The console of a team match event (团体赛), end to end in a real terminal (tmux): the round
//! view shows each match team v team with its score; a result typed by board number on one
//! console moves the match score on another; the organizer hands in a lineup with `T`, and a
//! lineup out of the board order is refused on screen with the log unchanged; the standings
//! screen shows the team standings.

mod tmux_support;

use std::time::Duration;

use tmux_support::Tmux;

const BIN: &str = env!("CARGO_BIN_EXE_bianpai");

#[test]
fn match_scores_move_live_and_lineups_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("team.log");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/sample_events/team-rr-8.log"),
        &log,
    )
    .unwrap();
    let tmux = Tmux::new("team-helper");
    for (name, role) in [("head", "head"), ("org", "organizer")] {
        tmux.session(name);
        let cmd = format!("{BIN} console {} --lang en --role {role}", log.display());
        tmux.keys(name, &[&cmd, "Enter"]);
    }
    for name in ["head", "org"] {
        tmux.wait_for(
            name,
            "match 2  杭州队  2 : 0 (1/4 done)  成都队",
            Duration::from_secs(20),
        );
    }
    // Board 6 is match 2's second board: 杭州队 (先走) plays black there (R2011 13.3).
    tmux.keys("head", &["6", "b", "Enter"]);
    tmux.wait_for(
        "org",
        "match 2  杭州队  4 : 0 (2/4 done)  成都队",
        Duration::from_secs(5),
    );
    // The organizer's lineup for the next round: out of order first, then a reserve in.
    tmux.keys("org", &["T"]);
    tmux.wait_for(
        "org",
        "lineup — team number or name:",
        Duration::from_secs(5),
    );
    tmux.keys("org", &["杭州队", "Enter"]);
    tmux.wait_for("org", "杭州队 round 7 lineup", Duration::from_secs(5));
    let before = std::fs::read(&log).unwrap();
    tmux.keys("org", &["2,1,3,4", "Enter"]);
    tmux.wait_for("org", "comes after board 1 (2)", Duration::from_secs(5));
    assert_eq!(
        std::fs::read(&log).unwrap(),
        before,
        "a refused lineup wrote to the log"
    );
    tmux.keys("org", &["T", "1", "Enter", "1,3,4,5", "Enter"]);
    tmux.wait_for(
        "org",
        "round 7: team 1 lineup 1, 3, 4, 5",
        Duration::from_secs(5),
    );
    // The standings screen of a team event is the team standings.
    tmux.keys("head", &["Tab"]);
    tmux.wait_for(
        "head",
        "Team standings after round 5",
        Duration::from_secs(5),
    );
    let pane = tmux.pane("head");
    assert!(
        pane.contains("Match pts") && pane.contains("Board pts"),
        "{pane}"
    );
    for name in ["head", "org"] {
        tmux.keys(name, &["q"]);
    }
}
