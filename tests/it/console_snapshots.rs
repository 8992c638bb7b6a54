//! Snapshots of every console screen for every role, at 80×24 and 160×48, in Chinese and
//! English, drawn into ratatui's `TestBackend` at a fixed `now` (the demo sample at the moment
//! the demo opens). One snapshot file per screen, language and size holds all four roles.

use bianpai::console::action::Screen;
use bianpai::console::app::App;
use bianpai::console::theme::Theme;
use bianpai::console::{demo, ui};
use bianpai::domain::rules::Lang;
use bianpai::domain::{Actor, Event, Role};
use bianpai::log::Log;
use chrono::{DateTime, FixedOffset, Utc};

const ROLES: [Role; 4] = [Role::Head, Role::Assistant, Role::Organizer, Role::Viewer];
const SIZES: [(u16, u16); 2] = [(80, 24), (160, 48)];

fn beijing() -> FixedOffset {
    FixedOffset::east_opt(8 * 3600).unwrap()
}

/// The demo sample as it opens: sample time `anchor`, nothing shifted.
fn sample(dir: &std::path::Path) -> (std::path::PathBuf, DateTime<Utc>) {
    let now = demo::meta().unwrap().anchor;
    let (path, _) = demo::build(dir, now).unwrap();
    (path, now)
}

/// The sample before round 1 is paired (for a preview that needs only round-1 pairing).
fn before_pairing(dir: &std::path::Path) -> std::path::PathBuf {
    let recs = demo::records().unwrap();
    let Event::Created { title, rules } = &recs[0].ev else {
        panic!("sample does not start with the event")
    };
    let path = dir.join("early.log");
    let mut log = Log::create(&path, title, (**rules).clone(), "root", recs[0].at).unwrap();
    let actor = Actor {
        user: "root".into(),
        role: Role::Head,
    };
    let events: Vec<Event> = recs[1..]
        .iter()
        .map(|r| r.ev.clone())
        .take_while(|e| !matches!(e, Event::RoundPaired { .. }))
        .collect();
    log.transact(&actor, recs[0].at, |_| Ok(events)).unwrap();
    path
}

fn app(path: &std::path::Path, role: Role, lang: Lang, now: DateTime<Utc>) -> App {
    let log = Log::open_with(path, true).unwrap();
    let actor = Actor {
        user: "arbiter".into(),
        role,
    };
    let mut app = App::new(log, actor, lang, Theme::named("dark").unwrap(), beijing());
    app.now = now;
    app
}

fn all_roles(
    path: &std::path::Path,
    screen: Screen,
    lang: Lang,
    size: (u16, u16),
    now: DateTime<Utc>,
) -> String {
    let mut out = String::new();
    for role in ROLES {
        let mut a = app(path, role, lang, now);
        a.screen = screen;
        a.viewport = size;
        a.prepare(now);
        out.push_str("==== role ");
        out.push_str(role.word());
        out.push_str(" ====\n");
        out.push_str(&ui::render_text(&a, size.0, size.1));
    }
    out
}

fn check(path: &std::path::Path, screen: Screen, name: &str, now: DateTime<Utc>) {
    for lang in [Lang::Zh, Lang::En] {
        for size in SIZES {
            let text = all_roles(path, screen, lang, size, now);
            let lang_word = if lang == Lang::Zh { "zh" } else { "en" };
            insta::assert_snapshot!(format!("{name}_{lang_word}_{}x{}", size.0, size.1), text);
        }
    }
}

#[test]
fn round_screen() {
    let dir = tempfile::tempdir().unwrap();
    let (path, now) = sample(dir.path());
    check(&path, Screen::Round, "round", now);
}

#[test]
fn standings_screen() {
    let dir = tempfile::tempdir().unwrap();
    let (path, now) = sample(dir.path());
    check(&path, Screen::Standings, "standings", now);
}

#[test]
fn preview_screen() {
    let dir = tempfile::tempdir().unwrap();
    let path = before_pairing(dir.path());
    let now = demo::meta().unwrap().anchor;
    check(&path, Screen::Preview, "preview", now);
}

#[test]
fn players_screen() {
    let dir = tempfile::tempdir().unwrap();
    let (path, now) = sample(dir.path());
    check(&path, Screen::Players, "players", now);
}

#[test]
fn audit_screen() {
    let dir = tempfile::tempdir().unwrap();
    let (path, now) = sample(dir.path());
    check(&path, Screen::Audit, "audit", now);
}

#[test]
fn help_screen() {
    let dir = tempfile::tempdir().unwrap();
    let (path, now) = sample(dir.path());
    check(&path, Screen::Help, "help", now);
}

/// The demo sample's round view as the demo opens (09:08:30), checked against clock times
/// worked out by hand from `make-demo.sh`'s presses, then snapshotted at 120×40.
#[test]
fn live_sample_round_view_shows_the_right_clocks() {
    let dir = tempfile::tempdir().unwrap();
    let (path, now) = sample(dir.path());
    let mut a = app(&path, Role::Head, Lang::Zh, now);
    a.prepare(now);
    let row = |b: usize| a.round_view.rows[b - 1].clone();
    // Board 1 (20+5): red pressed at 0:25, 3:03, 4:45, 7:23; black at 1:37, 4:01, 5:57, 8:21.
    // Red used 25+86+44+86 = 241 s and has run 9 s since 8:21; black used 72+58+72+58 = 260 s.
    let red_s = 1200 - 241 + 4 * 5 - 9;
    let black_s = 1200 - 260 + 4 * 5;
    assert_eq!(
        row(1).red.clock,
        format!("*{}:{:02}", red_s / 60, red_s % 60)
    );
    assert_eq!(
        row(1).black.clock,
        format!(" {}:{:02}", black_s / 60, black_s % 60)
    );
    assert_eq!(row(1).red.clock, "*16:10");
    // Board 18: the arbiter set 9:30 / 0:45 at 8:00 with black to move: 15 s left at 8:30.
    assert_eq!(row(18).red.clock, " 9:30");
    assert_eq!(row(18).black.clock, "*0:15");
    // Board 7: black absent, 1:30 to the late forfeit; red moved once (0:23) and got 5 s.
    assert_eq!(row(7).black.clock, "缺01:30");
    assert_eq!(row(7).red.clock, " 19:42");
    // Board 15: red absent, no clock data at all: nothing invented for black.
    assert_eq!(row(15).red.clock, "缺01:30");
    assert_eq!(row(15).black.clock, "");
    assert_eq!(
        a.round_view.header.late,
        Some(("迟到判负 01:30".into(), false))
    );
    a.viewport = (120, 40);
    insta::assert_snapshot!("live_sample_round_zh_120x40", ui::render_text(&a, 120, 40));
}

/// ASCII words a Chinese screen may show: key names, program and field names.
const ALLOWED: &[&str] = &[
    "Tab", "Enter", "Esc", "PgUp", "PgDn", "Home", "End", "bianpai", "LOG",
];

/// One language at a time. Every screen, for every role, in Chinese, at both sizes,
/// as the sample opens and before round 1 is paired: no English word outside the allow-list
/// (player names, the event's title and the user's name are taken out first).
#[test]
fn every_chinese_screen_is_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let (path, now) = sample(dir.path());
    let early = before_pairing(dir.path());
    for p in [&path, &early] {
        let log = Log::open(p).unwrap();
        let mut names: Vec<String> = log
            .state()
            .players
            .iter()
            .flat_map(|pl| [pl.entry.name.clone(), pl.entry.club.clone()])
            .collect();
        names.push(log.state().title.clone());
        // The preset's name (a rules value, as the RON file spells it).
        names.push(log.state().rules.name.clone());
        names.push("arbiter".into());
        // The OS users who wrote the records (the audit's user column).
        let users = Log::open_with(p, true).unwrap();
        names.extend(users.records().iter().map(|r| r.by.clone()));
        names.sort_by_key(|n| std::cmp::Reverse(n.len()));
        for screen in Screen::ALL {
            for size in SIZES {
                let mut text = all_roles(p, screen, Lang::Zh, size, now);
                text = text.replace("==== role ", "");
                for role in ROLES {
                    text = text.replace(&format!("{} ====", role.word()), "");
                }
                for n in names.iter().filter(|n| !n.is_empty()) {
                    text = text.replace(n.as_str(), " ");
                }
                let english: Vec<&str> = text
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .filter(|w| w.len() >= 3 && !ALLOWED.contains(w))
                    .collect();
                assert!(
                    english.is_empty(),
                    "{screen:?} {size:?}: English {english:?}\n{text}"
                );
            }
        }
    }
}
