//! The audit's lines, for `bianpai audit` and the console's audit screen: one line per record,
//! except wrong codes given on the room page (docs/self-report.md, "wrong codes"): a run of
//! them is one line per board with how many there were (`41–60 … 第1轮第3台: 签认码错误 20次,
//! 签认已锁定`), so that a guessing attack does not bury the arbiters' records.

use std::collections::HashMap;

use chrono::{DateTime, Utc};

use crate::domain::event::Event;
use crate::domain::rules::{Lang, Role};
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
    pub role: Role,
    /// What was done, with its detail (who triggered or ran it).
    pub text: String,
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
    role: Role,
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
    let mut out = Vec::new();
    // Wrong codes per board as far as these records tell (reset by an unlock or a pairing).
    let mut count: HashMap<(Round, Board), u32> = HashMap::new();
    let mut run: Vec<Run> = Vec::new();
    for (r, rule) in records.iter().zip(rules) {
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
                    role: r.role,
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
        out.push(Line {
            seq: r.seq.to_string(),
            at: r.at,
            who: super::auto::who_as(&r.by, ev, rule, lang),
            role: r.role,
            text: format!(
                "{}{}",
                super::describe(t, ev, lang, zone),
                super::auto::trigger_as(&r.by, ev, rule, lang)
            ),
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
            role: x.role,
            text: format!(
                "{}{}",
                super::self_report::wrong_codes_line(x.round.0, x.board.0, x.n, locked, lang),
                super::self_report::detail(&x.by, &ev, lang).unwrap_or_default()
            ),
        });
    }
}
