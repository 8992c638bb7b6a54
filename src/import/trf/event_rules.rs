//! The event's rules for a TRF file (docs/cli.md#new---trf): the file's title, dates, rounds
//! and scoring over a preset, a rules file, or FIDE's Swiss; a round robin when the file's
//! type says so.

use chrono::NaiveDate;

use super::check::Trf;
use super::notes::Notes;
use super::record::Scoring;
use crate::domain::format::{Format, RoundRobin};
use crate::domain::rules::{Points, Rules, Tiebreak};

/// The factor that turns the file's points into whole table points: 1 for 1/0, 2 for
/// FIDE's 1/½/0 (held as 2/1/0), up to 10 for tenths.
pub fn scale_of(s: &Scoring) -> u32 {
    let all = [
        s.white_win,
        s.black_win,
        s.white_draw,
        s.black_draw,
        s.white_loss,
        s.black_loss,
        s.forfeit_win,
        s.forfeit_loss,
        s.pairing_bye,
        s.half_bye,
        s.full_bye,
        s.zero_bye,
    ];
    [1, 2, 4, 5, 10]
        .into_iter()
        .find(|k| all.iter().all(|v| (v * k) % 10 == 0))
        .unwrap_or(10)
}

/// A date as TRF files write it: `2024-08-01`, `2024/08/01`, `08/04/2018` (day first),
/// `08.04.2018`, or a round date `18/04/08` (year first).
pub fn date(s: &str) -> Option<NaiveDate> {
    let s = s.trim();
    // A two-digit year (`24/08/05`, the 132 record's round dates) is 2024, not the year 24.
    let short = s.len() == 8 && s.chars().nth(2).is_some_and(|c| c == '/' || c == '-');
    let long = [
        "%Y-%m-%d", "%Y/%m/%d", "%d/%m/%Y", "%d.%m.%Y", "%y/%m/%d", "%y-%m-%d",
    ];
    let formats: &[&str] = if short { &long[4..] } else { &long };
    for f in formats {
        if let Ok(d) = NaiveDate::parse_from_str(s, f) {
            return Some(d);
        }
    }
    None
}

/// The event's rules for the file: `base` (a preset or rules file) with the file's title,
/// date and number of rounds; `own_points` (no preset or rules file given): the file's
/// scoring record, held in whole points by [`scale_of`] and printed divided by it.
pub fn rules_for(trf: &Trf, mut base: Rules, own_points: bool, notes: &Notes) -> Rules {
    if !trf.records.name.trim().is_empty() {
        base.title = trf.records.name.trim().to_string();
    }
    if let Some(d) = date(&trf.records.start_date) {
        base.date = Some(d);
    }
    base.rounds = trf.rounds;
    if own_points {
        let s = &trf.scoring;
        let k = scale_of(s);
        let p = |v: u32| v * k / 10;
        base.points = Points {
            red_win: p(s.white_win),
            red_draw: p(s.white_draw),
            red_loss: p(s.white_loss),
            black_win: p(s.black_win),
            black_draw: p(s.black_draw),
            black_loss: p(s.black_loss),
            bye: Some(p(s.pairing_bye)),
            per_point: (k > 1).then_some(k),
        };
    }
    // Without a preset or rules file, the file's type (092) decides a round robin, with
    // FIDE's round-robin tiebreaks (docs/cli.md#new---trf).
    if own_points && let Some(rr) = round_robin_of(&trf.records.kind, trf.players.len(), trf.rounds)
    {
        let rr = RoundRobin {
            order: notes.round_robin_order.unwrap_or_default(),
            ..rr
        };
        base.format = Format::RoundRobin(rr);
        base.tiebreaks = vec![
            Tiebreak::FideDe,
            Tiebreak::FideWin,
            Tiebreak::FideSb,
            Tiebreak::FideKs,
        ];
        base.requested_byes = None;
    }
    if !trf.records.chief_arbiter.trim().is_empty() {
        base.officials.chief_arbiter = Some(trf.records.chief_arbiter.trim().to_string());
    }
    base
}

/// A round robin by the file's type (092: `Round robin`, `Double round robin`, `Berger`,
/// 单循环, 双循环): double when the type says so or the rounds are more than one cycle's.
pub fn round_robin_of(kind: &str, players: usize, rounds: u32) -> Option<RoundRobin> {
    let k = kind.to_lowercase();
    let table = ["robin", "berger", "循环", "rundenturnier"]
        .iter()
        .any(|w| k.contains(w));
    if !table {
        return None;
    }
    let double = k.contains("double")
        || k.contains('双')
        || rounds > RoundRobin::single().rounds_for(players);
    Some(if double {
        RoundRobin::double()
    } else {
        RoundRobin::single()
    })
}

/// The rules of an event imported without a preset or rules file: a Swiss with the file's
/// scoring (`rules_for`), FIDE's tiebreaks (docs/rules.md#fide-tiebreaks), no registration
/// limits, no prizes, no automatic advance, in UTC unless `--zone` says otherwise.
///
/// # Errors
/// None in practice: the built-in Swiss preset it starts from always reads.
pub fn base_rules() -> Result<Rules, crate::domain::rules::RulesError> {
    let mut r = Rules::preset("fide-swiss")?;
    r.name = "trf".into();
    r.description = "TRF".into();
    r.registration = crate::domain::rules::Registration::default();
    r.prizes = crate::domain::rules::Prizes::default();
    r.auto_advance = crate::domain::rules::AutoAdvance::Off;
    r.schedule = Vec::new();
    r.roles = std::collections::BTreeMap::new();
    r.time_zone = Some("+00:00".into());
    r.officials = crate::domain::rules::Officials::default();
    r.date = None;
    Ok(r)
}
