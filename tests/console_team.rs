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

/// A small team event by the command line, with names of nine cells (杭州棋手1 … 广州棋手5) that
/// differ only in their last character; round 1 paired, started, board 1 reported.
fn long_names(dir: &std::path::Path) -> std::path::PathBuf {
    let log = dir.join("names.log");
    let l = log.to_str().unwrap();
    let run = |args: &[&str]| {
        let out = std::process::Command::new(BIN).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    run(&["new", l, "--preset", "team-rr-8"]);
    for city in ["杭州", "广州"] {
        let team = format!("{city}队");
        for j in 1..=5 {
            let name = format!("{city}棋手{j}");
            run(&["player", "add", l, "--name", &name, "--team", &team]);
        }
        run(&["team", "add", l, "--name", &team]);
    }
    run(&["pair", l]);
    run(&["start", l]);
    run(&["result", l, "1", "red_win"]);
    log
}

#[test]
fn the_round_view_shows_whole_names() {
    let dir = tempfile::tempdir().unwrap();
    let log = long_names(dir.path());
    let tmux = Tmux::new("team-names");
    // The usual 160 columns, and a phone-sized 62 where the short heads make room.
    tmux.session("wide");
    tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "narrow",
        "-x",
        "62",
        "-y",
        "24",
        "env",
        "LANG=C.UTF-8",
        "TERM=xterm-256color",
        "sh",
    ]);
    for name in ["wide", "narrow"] {
        let cmd = format!("{BIN} console {} --role head", log.display());
        tmux.keys(name, &[&cmd, "Enter"]);
        tmux.wait_for(name, "第1场  杭州队  2 : 0", Duration::from_secs(20));
        let pane = tmux.pane(name);
        // Board k: 杭州棋手k against 广州棋手k (R2011 13.3: 杭州队 red on the odd boards).
        for k in 1..=4 {
            let (red, black) = if k % 2 == 1 {
                (format!("杭州棋手{k}"), format!("广州棋手{k}"))
            } else {
                (format!("广州棋手{k}"), format!("杭州棋手{k}"))
            };
            let row = pane
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("{k} ")))
                .unwrap_or_else(|| panic!("{name}: no board {k}:\n{pane}"));
            assert!(
                row.contains(&red) && row.contains(&black),
                "{name}: board {k} cuts a name: {row}\n{pane}"
            );
        }
        tmux.keys(name, &["q"]);
    }
}
