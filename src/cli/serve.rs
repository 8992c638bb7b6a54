//! `bianpai serve LOG [--bind ADDR:PORT]` and `bianpai serve --demo`: hands over to
//! `crate::serve` (the room page), which reads the log and writes only the players' reports
//! (docs/self-report.md), through the log's locked append.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{CliError, CliResult, Ctx, lang};
use crate::domain::rules::Lang;
use crate::log::{IfDamaged, Log};

/// Starts the room page on `log`, or on a copy of the demo.
pub fn run(
    ctx: &Ctx,
    log: Option<&Path>,
    bind: &str,
    demo: bool,
    opts: crate::serve::Options,
) -> CliResult {
    let addr = crate::serve::parse_bind(bind)
        .map_err(|f| CliError(crate::i18n::room::fault(&f, super::out_lang())))?;
    match log {
        Some(path) if !demo => {
            // Opened once here for the event's language (and a clear error before binding).
            let opened = Log::open_reader(path, false, IfDamaged::Warn)?;
            let lang = lang(ctx.lang, Some(&opened.state().rules));
            drop(opened);
            crate::serve::run(path, addr, lang, opts).map_err(CliError)
        }
        _ => run_demo(addr, lang(ctx.lang, None), opts).map_err(CliError),
    }
}

/// `bianpai serve --demo`: the room page on a copy of the embedded demo, whose current round
/// replays live (the console's demo).
///
/// # Errors
/// As `crate::serve::run`.
fn run_demo(bind: SocketAddr, lang: Lang, opts: crate::serve::Options) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| format!("demo: {e}"))?;
    let (path, schedule) = crate::console::demo::build(dir.path(), chrono::Utc::now())?;
    let stop = Arc::new(AtomicBool::new(false));
    let replay = crate::console::demo::spawn_replay(path.clone(), schedule, Arc::clone(&stop));
    let result = crate::serve::run(&path, bind, lang, opts);
    stop.store(true, Ordering::Relaxed);
    let _ = replay.join();
    drop(dir);
    result
}
