//! `bianpai feed LOG`: clock events from standard input, one per line, for an electronic-clock
//! bridge. Line format (documented in the README):
//!
//! ```text
//! BOARD press red|black [RFC3339-TIME]
//! BOARD set M:SS M:SS [RFC3339-TIME]
//! BOARD pause|resume [RFC3339-TIME]
//! ```
//! Blank lines and lines starting with `#` are ignored. Without a time, the time the line was
//! read is used. Lines that arrive together are appended in one locked write (one `fsync`).
//! A bad line is reported as `stdin line N: …` and skipped; the exit status is non-zero if
//! any line was refused.

use std::io::BufRead as _;
use std::path::Path;
use std::sync::mpsc;

use chrono::{DateTime, Utc};

use super::rounds::clock_action;
use super::{CliError, CliResult, Ctx, actor_for, board_arg, err, open_log, time_arg};
use crate::domain::Command;

/// Parses one feed line into a clock command (`None` for blank and comment lines).
pub fn parse_line(line: &str, now: DateTime<Utc>) -> Result<Option<Command>, CliError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.is_empty() || words[0].starts_with('#') {
        return Ok(None);
    }
    let board = board_arg(words[0])?;
    let Some(action) = words.get(1) else {
        return err("expected an action after the board (press, set, pause, resume)");
    };
    let (action, rest) = match *action {
        "press" => (
            clock_action("press", words.get(2).copied(), None, None)?,
            words.get(3..).unwrap_or(&[]),
        ),
        "set" => (
            clock_action("set", None, words.get(2).copied(), words.get(3).copied())?,
            words.get(4..).unwrap_or(&[]),
        ),
        other => (
            clock_action(other, None, None, None)?,
            words.get(2..).unwrap_or(&[]),
        ),
    };
    let at = match rest {
        [] => now,
        [t] => time_arg(Some(t))?,
        _ => {
            return err(format!(
                "unexpected words after the action: {}",
                rest.join(" ")
            ));
        }
    };
    Ok(Some(Command::Clock {
        round: None,
        board,
        action,
        at,
    }))
}

pub fn run(ctx: &Ctx, path: &Path) -> CliResult {
    let mut log = open_log(path)?;
    let probe = Command::Clock {
        round: None,
        board: crate::domain::Board(1),
        action: crate::domain::event::ClockAction::Pause,
        at: Utc::now(),
    };
    let actor = actor_for(&log.state().rules, ctx.role, &probe)?;
    // A line that is not UTF-8 is refused as a line (it used to end the feed silently).
    let (tx, rx) = mpsc::channel::<(usize, Result<String, String>, DateTime<Utc>)>();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        for (i, line) in stdin.lock().split(b'\n').enumerate() {
            let Ok(mut bytes) = line else { break };
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
            let line = String::from_utf8(bytes)
                .map_err(|e| format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to() + 1));
            if tx.send((i + 1, line, Utc::now())).is_err() {
                break;
            }
        }
    });
    let mut refused = 0usize;
    let mut written = 0usize;
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < 1000 {
            match rx.try_recv() {
                Ok(l) => batch.push(l),
                Err(_) => break,
            }
        }
        let mut cmds = Vec::new();
        for (n, line, at) in &batch {
            let parsed = match line {
                Ok(line) => parse_line(line, *at),
                Err(e) => Err(CliError(e.clone())),
            };
            match parsed {
                Ok(Some(c)) => cmds.push((*n, c)),
                Ok(None) => {}
                Err(e) => {
                    eprintln!("stdin line {n}: {e}");
                    refused += 1;
                }
            }
        }
        if cmds.is_empty() {
            continue;
        }
        let commands: Vec<Command> = cmds.iter().map(|(_, c)| c.clone()).collect();
        let (recs, refusals) = super::execute_batch(&mut log, &actor, &commands, Utc::now())?;
        written += recs.len();
        refused += refusals.len();
        let errors = refusals
            .into_iter()
            .map(|(i, e)| format!("stdin line {}: {e}", cmds[i].0));
        for e in errors {
            eprintln!("{e}");
        }
    }
    crate::outln!("feed: {written} clock event(s) recorded, {refused} line(s) refused");
    if refused > 0 {
        return err(format!("feed: {refused} line(s) refused"));
    }
    Ok(())
}
