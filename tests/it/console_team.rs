//! The console of a team match event (团体赛), end to end in a real terminal (tmux): the round
//! view shows each match team v team with its score; a result typed by board number on one
//! console moves the match score on another; the organizer hands in a lineup with `T`, and a
//! lineup out of the board order is refused on screen with the log unchanged; the standings
//! screen shows the team standings. The round view shows whole names where the terminal has
//! room (杭州棋手1 … 杭州棋手5 share their first 8 cells), and a cut name is marked `…`.

use crate::support::console as console_common;
use crate::support::tmux as tmux_support;

use std::time::Duration;

use crate::support::need::{Tool, need};
use bianpai::console::ui;
use bianpai::domain::Role;
use bianpai::domain::rules::Lang;
use console_common::{app_as, event, minutes};
use tmux_support::Tmux;

const BIN: &str = crate::support::bin::BIN;

#[test]
fn match_scores_move_live_and_lineups_are_checked() {
    if !need(
        "match_scores_move_live_and_lineups_are_checked",
        &[Tool::Tmux],
    ) {
        return;
    }
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

/// A small team event by the command line, its players' names nine cells long and alike in
/// their first eight (杭州棋手1 … 广州棋手5); round 1 paired, started, board 1 reported.
fn alike_names(dir: &std::path::Path) -> std::path::PathBuf {
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

/// Board `k`'s line of a rendered round view.
fn board_line(screen: &str, k: usize) -> &str {
    screen
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("{k} ")))
        .unwrap_or_else(|| panic!("no board {k}:\n{screen}"))
}

/// Board `k` of the alike-names event: 杭州棋手k against 广州棋手k, 杭州队 red on the odd
/// boards (R2011 13.3).
fn sides(k: usize) -> (String, String) {
    let (hz, gz) = (format!("杭州棋手{k}"), format!("广州棋手{k}"));
    if k % 2 == 1 { (hz, gz) } else { (gz, hz) }
}

#[test]
fn names_alike_in_their_first_eight_cells_are_shown_whole() {
    let dir = tempfile::tempdir().unwrap();
    let log = alike_names(dir.path());
    let now = chrono::Utc::now();
    for lang in [Lang::Zh, Lang::En] {
        let mut app = app_as(&log, "wang", Role::Head, lang, now);
        app.prepare(now);
        for (w, h) in [(120, 40), (200, 50), (80, 24)] {
            let screen = ui::render_text(&app, w, h);
            let mut seen = Vec::new();
            for k in 1..=4 {
                let (red, black) = sides(k);
                let line = board_line(&screen, k);
                assert!(
                    line.contains(&red) && line.contains(&black),
                    "{w}×{h}: board {k} cuts a name: {line}\n{screen}"
                );
                assert!(!line.contains('…'), "{w}×{h}: {line}");
                seen.extend([red, black]);
            }
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), 8, "{w}×{h}: names not distinct\n{screen}");
        }
    }
}

#[test]
fn forty_boards_keep_two_columns_at_120_and_cut_names_say_so() {
    let dir = tempfile::tempdir().unwrap();
    // 80 players: names up to ten cells (欧阳天宇45).
    let path = event(dir.path(), "forty.log", 80, 9, true);
    let app = app_as(&path, "li", Role::Head, Lang::Zh, minutes(5));
    let rows = &app.round_view.rows;
    let long = rows.iter().find(|r| r.red.name == "欧阳天宇45").unwrap();
    // 120×40: the whole room on one screen comes first; the long name is cut and marked.
    let screen = ui::render_text(&app, 120, 40);
    for r in rows {
        let cells = format!("{:>3} {:>3} ", r.board.0, r.red.no);
        assert!(
            screen.contains(&cells),
            "board {} not shown:\n{screen}",
            r.board
        );
    }
    // Board 23 heads the second column: its red is cut to 欧阳天 and marked.
    let cut = format!("{:>3} {:>3} 欧阳天… ", long.board.0, long.red.no);
    assert!(screen.contains(&cut), "{cut}\n{screen}");
    assert!(!screen.contains("欧阳天宇45"), "{screen}");
    // Wide enough for two columns of whole names: no name is cut.
    let screen = ui::render_text(&app, 200, 40);
    assert!(screen.contains(" 45 欧阳天宇45 "), "{screen}");
    assert!(!screen.contains('…'), "{screen}");
}

#[test]
fn the_real_console_shows_the_whole_names() {
    if !need("the_real_console_shows_the_whole_names", &[Tool::Tmux]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = alike_names(dir.path());
    let tmux = Tmux::new("team-names");
    tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "hall",
        "-x",
        "120",
        "-y",
        "40",
        "env",
        "LANG=C.UTF-8",
        "TERM=xterm-256color",
        "sh",
    ]);
    let cmd = format!("{BIN} console {} --role head", log.display());
    tmux.keys("hall", &[&cmd, "Enter"]);
    tmux.wait_for("hall", "第1场  杭州队  2 : 0", Duration::from_secs(20));
    let pane = tmux.pane("hall");
    for k in 1..=4 {
        let (red, black) = sides(k);
        let line = board_line(&pane, k);
        assert!(
            line.contains(&red) && line.contains(&black),
            "board {k} cuts a name: {line}\n{pane}"
        );
    }
    tmux.keys("hall", &["q"]);
}
