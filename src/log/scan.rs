//! Reading lines back: decoding (hash and RON, in parallel for a replay) and checking each
//! record against the chain.

use super::record::{self, DecodeError, Record};
use super::store::Damage;
use crate::domain::{Event, Rules};

/// How much of the file a replay reads at a time.
pub(super) const READ_CHUNK: u64 = 2 << 20;
/// The longest line a log may hold (a record of a 10,000-player round is well under 1 MB):
/// a longer one is damage, so no reader holds more than this of a line in memory.
pub const MAX_LINE: u64 = 16 << 20;

/// A decoded line, or why not: `None` for a line that is not UTF-8.
pub(super) type Decoded = Result<Record, Option<DecodeError>>;

pub(super) fn decode_line(bytes: &[u8]) -> Decoded {
    let text = std::str::from_utf8(bytes).map_err(|_| None)?;
    record::decode(text).map_err(Some)
}

/// Decodes lines; large reads (a replay) are split over the available cores, since checking
/// each line's hash and parsing it does not depend on the others.
pub(super) fn decode_lines(buf: &[u8], spans: &[std::ops::Range<usize>]) -> Vec<Decoded> {
    // A thread costs tens of microseconds, a line several: worth it from a few hundred.
    const PARALLEL_FROM: usize = 256;
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    if spans.len() < PARALLEL_FROM || threads < 2 {
        return spans.iter().map(|r| decode_line(&buf[r.clone()])).collect();
    }
    let chunk = spans.len().div_ceil(threads.min(8));
    std::thread::scope(|scope| {
        let handles: Vec<_> = spans
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|r| decode_line(&buf[r.clone()]))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut out = Vec::with_capacity(spans.len());
        for (h, part) in handles.into_iter().zip(spans.chunks(chunk)) {
            match h.join() {
                Ok(v) => out.extend(v),
                // A decoder thread cannot panic on data (decode refuses); should it anyway,
                // decode that part here rather than lose it.
                Err(_) => out.extend(part.iter().map(|r| decode_line(&buf[r.clone()]))),
            }
        }
        out
    })
}

/// Checks a decoded record against the chain: sequence, previous hash, batch count, and that
/// only the first record creates the tournament.
pub(super) fn check(
    line: usize,
    rec: Record,
    seq: u64,
    prev: &str,
    batch_before: Option<&Record>,
) -> Result<Record, Damage> {
    if rec.seq != seq {
        return Err(Damage::Sequence {
            line,
            expected: seq,
            found: rec.seq,
        });
    }
    if rec.prev != prev {
        return Err(Damage::Chain { line });
    }
    if let Some(b) = batch_before
        && rec.more + 1 != b.more
    {
        return Err(Damage::Bad {
            line,
            error: DecodeError::BatchCount {
                more: rec.more,
                before: b.more,
            },
        });
    }
    if line == 1 && !matches!(rec.ev, Event::Created { .. }) {
        return Err(Damage::NotCreated);
    }
    if line > 1 && matches!(rec.ev, Event::Created { .. }) {
        return Err(Damage::Bad {
            line,
            error: DecodeError::SecondCreated,
        });
    }
    Ok(rec)
}

/// Rules used only until the first record is read.
pub(super) fn placeholder_rules() -> Rules {
    Rules::preset("qigu-2024-07").unwrap_or_else(|_| unreachable_rules())
}

fn unreachable_rules() -> Rules {
    // The embedded presets are checked by tests; this keeps `open` panic-free regardless.
    Rules {
        name: String::new(),
        description: String::new(),
        title: String::new(),
        date: None,
        format: crate::domain::format::Format::default(),
        rounds: 1,
        points: crate::domain::rules::Points::uniform(2, 1, 0),
        tiebreaks: vec![crate::domain::rules::Tiebreak::DrawNumber],
        round1: crate::domain::rules::Round1Mode::Adjacent,
        round1_separate_clubs: false,
        late_window_minutes: 10,
        seat_mode: crate::domain::rules::SeatMode::MarkAbsent,
        withdraw_after_forfeits: 2,
        foul_limits: Vec::new(),
        foul_loss_on_claim: false,
        time_controls: crate::domain::rules::TimeControls {
            swiss: crate::domain::rules::TimeControl::fischer(20, 5),
            rapid: crate::domain::rules::TimeControl::fischer(10, 5),
            armageddon: crate::domain::rules::TimeControl::fischer(5, 3),
        },
        sections: crate::domain::rules::default_sections(),
        registration: crate::domain::rules::Registration::default(),
        requested_byes: None,
        teams: None,
        prizes: crate::domain::rules::Prizes::default(),
        auto_advance: crate::domain::rules::AutoAdvance::Pair,
        schedule: Vec::new(),
        roles: std::collections::BTreeMap::new(),
        lang: None,
        time_zone: None,
        numbers_by_registration: false,
        officials: crate::domain::rules::Officials::default(),
        clock_skew_seconds: 120,
        self_report: crate::domain::self_report::SelfReport::Off,
        self_report_signers: crate::domain::self_report::Signers::Both,
    }
}
