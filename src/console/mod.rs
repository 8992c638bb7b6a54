//! The live console: the round view, result entry by board number, standings,
//! pairing preview, players, audit log and help, live across terminals through the shared log.
//!
//! Flow (STYLE.md): key → `Action` (keymap) → `update(&mut App, Action)` → domain `Command` →
//! the log's I/O worker (`io.rs`, its own thread: `Log::execute` under the lock) → records and
//! the outcome come back through `App::poll` like other terminals' writes → the next frame
//! renders `&App`. The UI thread never reads or locks the file. This file owns the terminal:
//! set-up, the loop, and restoring the terminal on exit, on panic (ratatui's hook), and on
//! SIGTERM / SIGHUP / SIGINT.

pub mod action;
pub mod app;
pub mod boundary;
pub mod colour_keys;
pub mod crosstable;
pub mod decision;
pub mod demo;
pub mod demo_team;
pub mod floor_keys;
pub mod hints;
pub mod io;
pub mod keymap;
pub mod notify;
pub mod signed;
pub mod tables;
pub mod theme;
pub mod ui;
pub mod update;
pub mod view_model;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration as StdDuration;

use chrono::{FixedOffset, Utc};
use crossterm::event::{self, Event as TermEvent, KeyEventKind};

use crate::domain::rules::Lang;
use crate::domain::{Actor, Role, Rules};
use crate::log::{Log, user};

pub use app::App;
use theme::Theme;

/// The role this OS user acts in: the one asked for if they hold it, else their first role,
/// else read-only. The refusal is in `lang`.
pub fn resolve_role(
    rules: &Rules,
    user: &str,
    asked: Option<Role>,
    lang: Lang,
) -> Result<Role, String> {
    let held = rules.roles_of(user);
    match asked {
        Some(Role::Viewer) => Ok(Role::Viewer),
        Some(r) if held.contains(&r) => Ok(r),
        Some(r) => Err(crate::i18n::cli::text(
            &crate::i18n::cli::Msg::NoRole {
                user: user.to_string(),
                role: crate::i18n::role(r, lang).to_string(),
                held: held
                    .iter()
                    .map(|r| crate::i18n::role(*r, lang).to_string())
                    .collect(),
            },
            lang,
        )),
        None => Ok(held.first().copied().unwrap_or(Role::Viewer)),
    }
}

/// The local time zone's offset now (times on screen are local).
pub fn local_offset() -> FixedOffset {
    *chrono::Local::now().offset()
}

/// `bianpai console LOG`, on the log the command line opened (its errors are the command
/// line's). The console speaks `asked` (`--lang`), else the event's language, else Chinese.
pub fn run_console(
    log: Log,
    role: Option<Role>,
    theme: Option<&str>,
    asked: Option<Lang>,
) -> Result<(), String> {
    let user = user::current_user();
    let lang = crate::lang_choice::choose(asked, Some(&log.state().rules));
    let role = resolve_role(&log.state().rules, &user, role, lang)?;
    let theme = Theme::choose(theme, Theme::no_color_env())
        .map_err(|f| crate::i18n::screen::theme_fault(&f, lang))?;
    let app = App::spawn(log, Actor { user, role }, lang, theme, local_offset());
    run(app)
}

/// `bianpai` with no arguments, or `bianpai demo`: the console on a copy of the sample event,
/// with its current round replaying live.
pub fn run_demo(theme: Option<&str>, lang: Lang) -> Result<(), String> {
    run_demo_of(demo::Sample::Swiss, theme, lang)
}

/// The console on one of the embedded samples (`bianpai demo round-robin`).
pub fn run_demo_of(sample: demo::Sample, theme: Option<&str>, lang: Lang) -> Result<(), String> {
    run_built_demo(theme, lang, |dir, now| demo::build_sample(dir, now, sample))
}

/// `bianpai demo --team`: the console on a copy of the sample team event (团体赛), its round in
/// play, the remaining boards reported over the next minutes (`demo_team`).
pub fn run_team_demo(theme: Option<&str>, lang: Lang) -> Result<(), String> {
    run_built_demo(theme, lang, demo_team::build)
}

/// The console, as head arbiter, on a demo log that `build` writes into a temporary directory,
/// with its scheduled records replayed meanwhile like another terminal writing.
fn run_built_demo(
    theme: Option<&str>,
    lang: Lang,
    build: impl FnOnce(
        &std::path::Path,
        chrono::DateTime<Utc>,
    ) -> Result<(std::path::PathBuf, Vec<demo::Scheduled>), String>,
) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| crate::i18n::errors::io(&e, lang))?;
    let (path, schedule) = build(dir.path(), Utc::now())?;
    let stop = Arc::new(AtomicBool::new(false));
    let replay = demo::spawn_replay(path.clone(), schedule, Arc::clone(&stop));
    let log = Log::open(&path)
        .map_err(|e| crate::i18n::errors::log(&e, lang, crate::domain::zone::EventZone::Machine))?;
    let theme = Theme::choose(theme, Theme::no_color_env())
        .map_err(|f| crate::i18n::screen::theme_fault(&f, lang))?;
    let actor = Actor {
        user: user::current_user(),
        role: Role::Head,
    };
    let app = App::spawn(log, actor, lang, theme, local_offset());
    let result = run_with(app, Some(dir.path().to_path_buf()));
    stop.store(true, Ordering::Relaxed);
    let _ = replay.join();
    drop(dir);
    result
}

/// Runs the console in the terminal until `q` or a signal; always restores the terminal.
pub fn run(app: App) -> Result<(), String> {
    run_with(app, None)
}

fn run_with(mut app: App, cleanup: Option<PathBuf>) -> Result<(), String> {
    let signalled = Arc::new(AtomicBool::new(false));
    crate::platform::on_stop(&signalled).map_err(|e| e.to_string())?;
    let done = Arc::new(AtomicBool::new(false));
    watchdog(Arc::clone(&signalled), Arc::clone(&done), cleanup);
    let lang = app.lang;
    let term = move |e: std::io::Error| crate::i18n::errors::terminal(&e, lang);
    let mut terminal = ratatui::try_init().map_err(term)?;
    let result = event_loop(&mut terminal, &mut app, &signalled);
    // A write in progress finishes; a wait for another process's lock is given up.
    app.io.shutdown();
    done.store(true, Ordering::Relaxed);
    let restored = ratatui::try_restore();
    result.and(restored.map_err(term))
}

/// Whether the terminal this process was started from has gone away: the pseudo-terminal
/// was closed (an SSH drop, a killed terminal window) or the parent shell died.
fn terminal_gone(parent: Option<u32>) -> bool {
    let tty_deleted = std::fs::read_link("/proc/self/fd/0")
        .is_ok_and(|p| p.to_string_lossy().ends_with("(deleted)"));
    tty_deleted || crate::platform::parent_id() != parent
}

/// Watches for a signal or a vanished terminal. The event loop sees the signal flag within
/// 100 ms; when it is stuck (crossterm spins on a hung-up terminal's end of file and never
/// returns), this thread restores what it can and ends the process.
fn watchdog(signalled: Arc<AtomicBool>, done: Arc<AtomicBool>, cleanup: Option<PathBuf>) {
    let parent = crate::platform::parent_id();
    let spawned = std::thread::Builder::new()
        .name("watchdog".into())
        .spawn(move || {
            let mut waited = 0;
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(StdDuration::from_millis(500));
                if terminal_gone(parent) {
                    signalled.store(true, Ordering::Relaxed);
                }
                if signalled.load(Ordering::Relaxed) {
                    waited += 1;
                    if waited >= 2 && !done.load(Ordering::Relaxed) {
                        let _ = ratatui::try_restore();
                        if let Some(dir) = &cleanup {
                            let _ = std::fs::remove_dir_all(dir);
                        }
                        std::process::exit(129);
                    }
                }
            }
        });
    drop(spawned);
}

fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    signalled: &AtomicBool,
) -> Result<(), String> {
    let desktop = notify::desktop_available();
    let mut second = i64::MIN;
    let mut dirty = true;
    let lang = app.lang;
    let io = move |e: std::io::Error| crate::i18n::errors::terminal(&e, lang);
    app.now = Utc::now();
    app.maybe_advance();
    while !signalled.load(Ordering::Relaxed) && !app.quit {
        let now = Utc::now();
        if now.timestamp() != second {
            // Once a second: time-based rules, fallen flags, and the countdowns' redraw.
            second = now.timestamp();
            app.tick(now);
            dirty = true;
        }
        if app.poll(now) {
            dirty = true;
        }
        for n in std::mem::take(&mut app.notices) {
            if desktop {
                notify::send(app.s.notify_title, n.text);
            } else {
                notify::bell();
            }
        }
        if dirty {
            let size = terminal.size().map_err(io)?;
            app.viewport = (size.width, size.height);
            app.prepare(now);
            terminal.draw(|f| ui::draw(f, app)).map_err(io)?;
            dirty = false;
        }
        if event::poll(StdDuration::from_millis(100)).map_err(io)? {
            match event::read().map_err(io)? {
                TermEvent::Key(k) if k.kind != KeyEventKind::Release => {
                    if let Some(a) = keymap::lookup(app.role(), app.mode.kind(), &k) {
                        update::update(app, a, Utc::now());
                    }
                    dirty = true;
                }
                TermEvent::Resize(..) => dirty = true,
                _ => {}
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_come_from_the_rules_map() {
        let mut rules = Rules::preset("qigu-2024-07").unwrap();
        assert_eq!(
            resolve_role(&rules, "anyone", None, Lang::Zh),
            Ok(Role::Head)
        );
        rules
            .roles
            .insert("li".into(), vec![Role::Assistant, Role::Organizer]);
        assert_eq!(
            resolve_role(&rules, "li", None, Lang::Zh),
            Ok(Role::Assistant)
        );
        assert_eq!(
            resolve_role(&rules, "li", Some(Role::Organizer), Lang::Zh),
            Ok(Role::Organizer)
        );
        assert!(resolve_role(&rules, "li", Some(Role::Head), Lang::Zh).is_err());
        assert_eq!(
            resolve_role(&rules, "stranger", None, Lang::Zh),
            Ok(Role::Viewer)
        );
        assert_eq!(
            resolve_role(&rules, "stranger", Some(Role::Viewer), Lang::Zh),
            Ok(Role::Viewer)
        );
    }
}
