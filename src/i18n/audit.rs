//! The audit's lines, for `bianpai audit` and the console's audit screen: one line per record,
//! except wrong codes given on the room page (docs/self-report.md, "wrong codes"): a run of
//! them is one line per board with how many there were (`41–60 … 第1轮第3台: 签认码错误 20次,
//! 签认已锁定`), so that a guessing attack does not bury the arbiters' records.
//!
//! Who acted (docs/console.md#who-acted-in-the-audit): a player's report from the room page is the
//! player's (`红方 张三 (手机签认)`, under 棋手, not under the role `serve` runs as); what the
//! room page wrote besides (a result two reports recorded, wrong codes, the automatic advance
//! it asked for after the report that completed the round) is the room page's (房间页面), not a
//! terminal's.

use std::collections::HashMap;

use chrono::{DateTime, Utc};

use crate::domain::event::Event;
use crate::domain::rules::Lang;
use crate::domain::self_report::WRONG_CODE_LIMIT;
use crate::domain::zone::EventZone;
use crate::domain::{Board, Round, Tournament};
use crate::log::record::Record;

/// One line of the audit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The record's number, or `first–last` for a run of wrong codes.
    pub seq: String,
    pub at: DateTime<Utc>,
    pub who: String,
    /// The role column in words: the user's role, 棋手 for a player's report, 房间页面 for
    /// what the room page wrote.
    pub role: String,
    /// What was done, with its detail (who triggered or ran it).
    pub text: String,
}

/// The role column of a player's report: `棋手` / `player`.
fn player_role(lang: Lang) -> &'static str {
    words!(lang, "棋手", "player")
}

/// The role column of what the room page wrote: `房间页面` / `room page`.
fn room_role(lang: Lang) -> &'static str {
    words!(lang, "房间页面", "room page")
}

/// Who signed, as the audit names a player's report: `红方 张三 (手机签认)`.
fn signer(t: &Tournament, ev: &Event, lang: Lang) -> Option<String> {
    let Event::ResultReported { side, player, .. } = ev else {
        return None;
    };
    let s = super::side(*side, lang);
    let name = t
        .player(*player)
        .map_or(String::new(), |p| p.entry.name.clone());
    Some(words!(
        lang,
        format!("{s} {name} (手机签认)"),
        format!("{s} {name} (phone report)")
    ))
}

/// The automatic advance the room page asked for, after its report completed the round:
/// `（由房间页面触发）`.
fn room_trigger(lang: Lang) -> &'static str {
    words!(lang, "（由房间页面触发）", " (triggered by the room page)")
}

/// Which of `records` the room page wrote: each record of an append holding a player's
/// report, a result two reports recorded or a wrong code; and an automatic advance appended
/// right after such an append by the same user (the room page asks for the advance once a
/// report completes the round, as a console does after the last result).
pub fn room_written(records: &[Record]) -> Vec<bool> {
    let mut out = vec![false; records.len()];
    let mut start = 0;
    // The user of the last append, when the room page wrote it.
    let mut last_room: Option<&str> = None;
    for (i, r) in records.iter().enumerate() {
        if r.more != 0 {
            continue;
        }
        let batch = start..=i;
        start = i + 1;
        let evs = &records[batch.clone()];
        let room = evs.iter().any(|x| {
            matches!(
                x.ev,
                Event::ResultReported { .. }
                    | Event::WrongCodeGiven { .. }
                    | Event::ResultRecorded {
                        cause: crate::domain::event::Cause::Reported,
                        ..
                    }
            )
        });
        let advance = evs
            .iter()
            .any(|x| matches!(x.ev, Event::AutoAdvanced { .. }));
        let by_room = room || (advance && last_room == Some(r.by.as_str()));
        if by_room {
            for f in &mut out[batch] {
                *f = true;
            }
        }
        last_room = room.then_some(r.by.as_str());
    }
    out
}

/// A run's wrong codes on one board.
struct Run {
    round: Round,
    board: Board,
    n: u32,
    first: u64,
    last: u64,
    at: DateTime<Utc>,
    by: String,
}

/// The audit's lines of `records`, oldest first; without `reasons` (a reader without an
/// arbiter's role, docs/trust.md) each act shows, its free-text reason does not.
pub fn lines(
    t: &Tournament,
    records: &[Record],
    lang: Lang,
    zone: EventZone,
    reasons: bool,
) -> Vec<Line> {
    let rules = super::auto::rules_of(records);
    let room = room_written(records);
    let mut out = Vec::new();
    // Wrong codes per board as far as these records tell (reset by an unlock or a pairing).
    let mut count: HashMap<(Round, Board), u32> = HashMap::new();
    let mut run: Vec<Run> = Vec::new();
    for ((r, rule), room) in records.iter().zip(rules).zip(room) {
        if let Event::WrongCodeGiven { round, board } = r.ev {
            *count.entry((round, board)).or_default() += 1;
            if let Some(x) = run
                .iter_mut()
                .find(|x| x.round == round && x.board == board)
            {
                x.n += 1;
                x.last = r.seq;
                x.at = r.at;
            } else {
                run.push(Run {
                    round,
                    board,
                    n: 1,
                    first: r.seq,
                    last: r.seq,
                    at: r.at,
                    by: r.by.clone(),
                });
            }
            continue;
        }
        flush(&mut run, &count, lang, &mut out);
        match &r.ev {
            Event::ReportsUnlocked { round, board } => {
                count.remove(&(*round, *board));
            }
            Event::RoundPaired { round, .. } | Event::RoundUnpaired { round, .. } => {
                count.retain(|(r, _), _| r != round);
            }
            _ => {}
        }
        let hidden;
        let ev = if reasons {
            &r.ev
        } else {
            hidden = r.ev.without_reasons(super::reason_hidden(lang));
            &hidden
        };
        let signed = signer(t, ev, lang);
        let role = match (&signed, room) {
            (Some(_), _) => player_role(lang).to_string(),
            (None, true) => room_role(lang).to_string(),
            (None, false) => super::role(r.role, lang).to_string(),
        };
        // The automatic advance the room page asked for is not a terminal's.
        let detail = if room && rule == Some(crate::domain::event::AutoRule::Advance) {
            room_trigger(lang).to_string()
        } else {
            super::auto::trigger_as(&r.by, ev, rule, lang)
        };
        out.push(Line {
            seq: r.seq.to_string(),
            at: r.at,
            who: signed.unwrap_or_else(|| super::auto::who_as(&r.by, ev, rule, lang)),
            role,
            text: format!("{}{detail}", super::describe(t, ev, lang, zone)),
        });
    }
    flush(&mut run, &count, lang, &mut out);
    out
}

/// One line per board of the run of wrong codes that just ended.
fn flush(
    run: &mut Vec<Run>,
    count: &HashMap<(Round, Board), u32>,
    lang: Lang,
    out: &mut Vec<Line>,
) {
    for x in run.drain(..) {
        let seq = if x.first == x.last {
            x.first.to_string()
        } else {
            format!("{}–{}", x.first, x.last)
        };
        let locked = count
            .get(&(x.round, x.board))
            .is_some_and(|n| *n >= WRONG_CODE_LIMIT);
        let ev = Event::WrongCodeGiven {
            round: x.round,
            board: x.board,
        };
        out.push(Line {
            seq,
            at: x.at,
            who: super::self_report::reporter(&ev, lang).unwrap_or_default(),
            role: room_role(lang).to_string(),
            text: format!(
                "{}{}",
                super::self_report::wrong_codes_line(x.round.0, x.board.0, x.n, locked, lang),
                super::self_report::detail(&x.by, &ev, lang).unwrap_or_default()
            ),
        });
    }
}
