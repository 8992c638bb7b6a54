//! `bianpai feed LOG`: clock events from standard input, one per line, for an electronic-clock
//! bridge. Each line applies to the current round's board of that number.
//!
//! Line format:
//!
//! ```text
//! BOARD press red|black [TIME]     a press by that side (it ends that side's move)
//! BOARD set M:SS M:SS [TIME]       a reading of the physical clock: red's time, black's time
//! BOARD pause [TIME]               the clock is paused
//! BOARD resume [TIME]              the clock runs again (the side that was running)
//! # comment
//! ```
//!
//! - Words are separated by spaces or tabs; `red`/`black` may be written `r`/`b`; readings may
//!   also be `H:MM:SS`.
//! - `TIME` is an RFC 3339 time (`2024-07-06T09:12:03.250+08:00`); without it, the moment the
//!   line was read is used. A bridge that knows when the press happened should send it.
//!   A time more than the rules' `clock_skew_seconds` from the moment the line was read (a
//!   bridge in the wrong time zone) refuses the line; the head arbiter replays past
//!   presses with `feed --correction REASON`, each recorded after a `TimeCorrected` record.
//! - Blank lines and lines starting with `#` are ignored.
//! - Lines that arrive together (up to 1000) are decided and appended in one locked write,
//!   each against the state the previous ones left, so a fast stream costs one `fsync` per
//!   batch, not per press.
//! - A line for a board whose game already has a result is skipped (the clock stopped with
//!   the result) and counted as ignored; it is not an error.
//! - A line that cannot be read, or that is refused (unknown board, no round paired), is
//!   reported on standard error as `stdin line N: …` and skipped; the other lines are still
//!   recorded. At the end of input one summary line is printed:
//!   `feed: W clock event(s) recorded, I ignored (game over), R line(s) refused`; the exit
//!   status is non-zero when R > 0.

use std::path::Path;
use std::sync::mpsc;

use chrono::{DateTime, Utc};

use super::rounds::clock_action;
use super::{CliError, CliResult, Ctx, actor_for, board_arg, fail, fail_msg, msg, open_log};
use crate::domain::text::escape;
use crate::domain::{Command, Refusal, Tournament};
use crate::i18n::cli::Msg;

/// Lines decided in one locked write at most.
const BATCH: usize = 1000;

/// Parses one feed line into a clock command (`None` for blank and comment lines). `now` is
/// the time used when the line gives none.
pub fn parse_line(line: &str, now: DateTime<Utc>) -> Result<Option<Command>, CliError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.is_empty() || words[0].starts_with('#') {
        return Ok(None);
    }
    let board = board_arg(words[0])?;
    let Some(action) = words.get(1) else {
        return fail(&Msg::FeedNoAction);
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
        [t] => DateTime::parse_from_rfc3339(t)
            .map(|t| t.with_timezone(&Utc))
            .map_err(|_| fail_msg(&Msg::FeedNotTime((*t).to_string())))?,
        _ => return fail(&Msg::FeedExtraWords(rest.join(" "))),
    };
    Ok(Some(Command::Clock {
        round: None,
        board,
        action,
        at,
    }))
}

/// True when `cmd` is clock input for a board whose game is over.
fn game_over(t: &Tournament, cmd: &Command) -> bool {
    match cmd {
        Command::Clock { round, board, .. } => {
            t.board(*round, *board).is_ok_and(|g| g.result.is_some())
        }
        _ => false,
    }
}

/// One line read from standard input: its number, its text (or why it could not be read)
/// and when it was read.
type Line = (usize, Result<String, String>, DateTime<Utc>);

/// The longest line read (a clock line is a few dozen bytes): the rest of a longer one is
/// skipped, so `feed < /dev/zero` holds no more than this.
const LINE_MAX: usize = 4096;

/// Reads one line (up to and with its newline) into `buf`, keeping at most `max` bytes of
/// it. Returns the bytes read and whether the line was longer than `max`.
fn read_line_capped(
    r: &mut impl std::io::BufRead,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<(usize, bool)> {
    let (mut total, mut long) = (0, false);
    loop {
        let avail = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            return Ok((total, long));
        }
        let (take, done) = match avail.iter().position(|b| *b == b'\n') {
            Some(i) => (i + 1, true),
            None => (avail.len(), false),
        };
        let room = max.saturating_sub(buf.len());
        long |= take > room;
        buf.extend_from_slice(&avail[..take.min(room)]);
        r.consume(take);
        total += take;
        if done {
            return Ok((total, long));
        }
    }
}

fn read_stdin(tx: &mpsc::Sender<Line>) {
    let mut stdin = std::io::stdin().lock();
    let mut n = 0;
    loop {
        let mut buf = Vec::new();
        match read_line_capped(&mut stdin, &mut buf, LINE_MAX) {
            Ok((0, _)) => break,
            Ok((_, long)) => {
                n += 1;
                let text = if long {
                    Err(msg(&Msg::FeedLineTooLong(LINE_MAX)))
                } else {
                    String::from_utf8(buf)
                        .map(|s| s.trim_end_matches(['\n', '\r']).to_string())
                        .map_err(|_| msg(&Msg::FeedNotUtf8))
                };
                if tx.send((n, text, Utc::now())).is_err() {
                    break;
                }
            }
            Err(e) => {
                let why = crate::i18n::errors::io(&e, super::out_lang());
                let _ = tx.send((n + 1, Err(msg(&Msg::FeedCannotRead(why))), Utc::now()));
                break;
            }
        }
    }
}

pub fn run(ctx: &Ctx, path: &Path) -> CliResult {
    let mut log = open_log(path)?;
    let probe = Command::Clock {
        round: None,
        board: crate::domain::Board(1),
        action: crate::domain::event::ClockAction::Pause,
        at: Utc::now(),
    };
    let actor = actor_for(&log.state().rules, ctx.role_in(&log.state().rules), &probe)?;
    let (tx, rx) = mpsc::channel::<Line>();
    std::thread::spawn(move || read_stdin(&tx));
    let (mut written, mut ignored, mut refused) = (0usize, 0usize, 0usize);
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match rx.try_recv() {
                Ok(l) => batch.push(l),
                Err(_) => break,
            }
        }
        // Each line with the moment it was read: its time is checked against that.
        let mut cmds: Vec<(usize, Command, DateTime<Utc>)> = Vec::new();
        for (n, line, at) in &batch {
            match line
                .as_deref()
                .map_err(|e| CliError(e.clone()))
                .and_then(|l| parse_line(l, *at))
            {
                Ok(Some(c)) => cmds.push((*n, c, *at)),
                Ok(None) => {}
                Err(e) => {
                    eprintln!("{}", escape(&line_error(*n, &e.to_string())));
                    refused += 1;
                }
            }
        }
        if cmds.is_empty() {
            continue;
        }
        let mut refusals: Vec<(usize, Refusal)> = Vec::new();
        let mut skipped = 0usize;
        let recs = log.transact(&actor, Utc::now(), |t| {
            let mut work = t.clone();
            let mut events = Vec::new();
            for (n, c, read_at) in &cmds {
                if game_over(&work, c) {
                    skipped += 1;
                    continue;
                }
                // The same check as a single press: a line whose time lies more
                // than `clock_skew_seconds` from when it was read is refused, unless the head
                // arbiter feeds past presses with `--correction REASON`.
                match work.decide_at(&actor, c, *read_at, ctx.correction.as_deref()) {
                    Ok(evs) => {
                        for e in &evs {
                            work.apply(e);
                        }
                        events.extend(evs);
                    }
                    Err(e) => refusals.push((*n, e)),
                }
            }
            Ok(events)
        });
        let recs = recs.map_err(|e| {
            fail_msg(&Msg::FeedStopped {
                why: CliError::from(e).0,
                written,
            })
        })?;
        written += recs.len();
        ignored += skipped;
        refused += refusals.len();
        for (n, e) in refusals {
            let why = crate::i18n::refusal(&e, super::out_lang(), super::out_zone());
            eprintln!("{}", escape(&line_error(n, &why)));
        }
    }
    crate::outln!(
        "{}",
        msg(&Msg::FeedSummary {
            written,
            ignored,
            refused
        })
    );
    if refused > 0 {
        return fail(&Msg::FeedRefused(refused));
    }
    Ok(())
}

/// `stdin line N: why` in the output language.
fn line_error(n: usize, why: &str) -> String {
    msg(&Msg::FeedLine {
        n,
        why: why.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::ClockAction;
    use crate::domain::{Board, Side};

    fn now() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2024-07-06T09:00:00+08:00")
            .unwrap()
            .with_timezone(&Utc)
    }

    fn clock(line: &str) -> (Board, ClockAction, DateTime<Utc>) {
        match parse_line(line, now()) {
            Ok(Some(Command::Clock {
                board, action, at, ..
            })) => (board, action, at),
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn every_line_form_parses() {
        assert_eq!(
            clock("3 press red"),
            (Board(3), ClockAction::Press(Side::Red), now())
        );
        assert_eq!(clock("12\tpress  b").1, ClockAction::Press(Side::Black));
        assert_eq!(
            clock("1 set 18:45 1:02:03").1,
            ClockAction::Set {
                red_ms: 1_125_000,
                black_ms: 3_723_000
            }
        );
        assert_eq!(clock("4 pause").1, ClockAction::Pause);
        let (_, action, at) = clock("4 resume 2024-07-06T09:12:03.250+08:00");
        assert_eq!(action, ClockAction::Resume);
        assert_eq!((at - now()).num_milliseconds(), 12 * 60_000 + 3250);
    }

    #[test]
    fn blank_and_comment_lines_are_skipped() {
        assert!(matches!(parse_line("   ", now()), Ok(None)));
        assert!(matches!(parse_line("# board 3 moved", now()), Ok(None)));
    }

    #[test]
    fn bad_lines_say_why() {
        // The English messages (the default is Chinese: see `i18n`).
        crate::cli::set_asked(Some(crate::cli::args::LangArg::En));
        for (line, why) in [
            ("x press red", "not a board number"),
            ("0 press red", "not a board number"),
            ("3", "expected an action"),
            ("3 press", "which side"),
            ("3 press green", "unknown side"),
            ("3 set 18:45", "--red M:SS and --black M:SS"),
            ("3 set 18:75 10:00", "not a clock reading"),
            ("3 jump", "unknown action"),
            ("3 press red yesterday", "not an RFC 3339 time"),
            ("3 press red 2024-07-06T09:00:00Z extra", "unexpected words"),
        ] {
            match parse_line(line, now()) {
                Err(e) => assert!(e.0.contains(why), "{line}: {e}"),
                Ok(c) => panic!("{line}: accepted as {c:?}"),
            }
        }
    }
}
