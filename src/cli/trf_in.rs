//! `new LOG --trf FILE`: an event from a FIDE tournament report file (docs/cli.md#new---trf).
//! The file is read and checked whole, and the events replayed in memory, before anything
//! is written: a refused file leaves no log behind.

use std::io::Read;
use std::path::Path;

use chrono::{DateTime, NaiveTime, Utc};

use super::{CliError, CliResult, fail, fail_msg, msg};
use crate::domain::rules::Rules;
use crate::domain::{Actor, Role, Tournament};
use crate::i18n::cli::Msg;
use crate::import::trf;
use crate::log::{Log, user};

/// What `new --trf` was given besides the log and the file.
pub struct TrfArgs<'a> {
    pub preset: Option<&'a str>,
    pub rules_file: Option<&'a Path>,
    pub rounds: Option<u32>,
    pub title: Option<String>,
    pub zone: Option<&'a str>,
}

fn read_bytes(file: &Path) -> Result<Vec<u8>, CliError> {
    let unreadable = |e: std::io::Error| {
        fail_msg(&Msg::TrfUnreadable {
            file: file.display().to_string(),
            why: crate::i18n::errors::io(&e, super::out_lang()),
        })
    };
    let f = std::fs::File::open(file).map_err(unreadable)?;
    let mut bytes = Vec::new();
    f.take(trf::MAX_BYTES)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    Ok(bytes)
}

/// When each round started: its date in the file (132) at midnight UTC, else the start
/// date (042) plus one day a round, else now.
fn starts(t: &trf::Trf, now: DateTime<Utc>) -> Vec<DateTime<Utc>> {
    let first = trf::date(&t.records.start_date);
    (0..t.played.len())
        .map(|r| {
            t.records
                .round_dates
                .get(r)
                .and_then(|d| trf::date(d))
                .or_else(|| first.map(|d| d + chrono::Days::new(r as u64)))
                .map_or(now, |d| d.and_time(NaiveTime::MIN).and_utc())
        })
        .collect()
}

pub fn new_trf(path: &Path, file: &Path, a: TrfArgs<'_>) -> CliResult {
    let fname = file.display().to_string();
    let lang = super::out_lang();
    let text = trf::decode(&read_bytes(file)?);
    let read = trf::read(&text, a.rounds)
        .map_err(|e| CliError(crate::i18n::errors::trf(&e, &fname, lang)))?;
    let rules_err = |e: crate::domain::rules::RulesError| {
        CliError(crate::i18n::errors::rules(&e, super::out_lang()))
    };
    let (base, own_points) = match (a.preset, a.rules_file) {
        (Some(p), None) => (Rules::preset(p).map_err(rules_err)?, false),
        (None, Some(f)) => (crate::rules_file::read(f).map_err(rules_err)?, false),
        (None, None) => (trf::base_rules().map_err(rules_err)?, true),
        (Some(_), Some(_)) => return fail(&Msg::NewBoth),
    };
    if base.format.is_team() {
        return fail(&Msg::TrfNeedsSwiss);
    }
    let notes = trf::notes(&read.records.comments)
        .map_err(|e| CliError(crate::i18n::errors::trf(&e, &fname, lang)))?;
    let mut rules = trf::rules_for(&read, base, own_points, &notes);
    let plan = trf::plan(&read, &rules, notes)
        .map_err(|e| CliError(crate::i18n::errors::trf(&e, &fname, lang)))?;
    if let Some(z) = a.zone {
        crate::domain::zone::EventZone::parse(z)
            .map_err(|_| fail_msg(&Msg::BadZone(z.to_string())))?;
        rules.time_zone = Some(z.trim().to_string());
    }
    if rules.time_zone.is_none() {
        rules.time_zone = Some("+00:00".into());
    }
    let title = a.title.unwrap_or_else(|| rules.title.clone());
    if title.trim().is_empty() {
        return fail(&Msg::NeedsTitle);
    }
    crate::domain::text::check("--title", &title, crate::domain::text::TITLE_MAX)
        .map_err(|e| CliError(crate::i18n::faults::text_fault(&e, lang)))?;
    super::set_event(&rules);
    let now = Utc::now();
    let events = trf::replay(&read, &plan, &starts(&read, now))
        .map_err(|e| CliError(crate::i18n::errors::trf(&e, &fname, super::out_lang())))?;
    // The whole replay, in memory, before the file exists.
    let mut state = Tournament::new(title.clone(), rules.clone());
    for e in &events {
        state.apply(e);
    }
    let me = user::current_user();
    let mut log = Log::create(path, &title, rules, &me, now)?;
    let actor = Actor {
        user: me,
        role: Role::Organizer,
    };
    if let Err(e) = log.transact(&actor, now, |_| Ok(events)) {
        drop(log);
        let _ = std::fs::remove_file(path);
        return Err(e.into());
    }
    crate::outln!("{}", msg(&Msg::Created(path.display().to_string())));
    crate::outln!(
        "{}",
        msg(&Msg::ImportedTrf {
            file: fname,
            players: state.players.len(),
            rounds: state.rounds.len(),
        })
    );
    Ok(())
}
