//! `presets`, `new`, `verify`, `repair`, `audit`.

use std::path::Path;

use chrono::{NaiveDate, Utc};

use super::{CliError, CliResult, fail, fail_msg, msg};
use crate::domain::rules::{PRESETS, Rules};
use crate::i18n::cli::Msg;
use crate::log::{self, Log, user};

pub fn presets(show: Option<&str>) -> CliResult {
    if let Some(name) = show {
        let r = Rules::preset(name).map_err(|e| CliError(e.to_string()))?;
        crate::outln!("{}", r.to_ron());
        return Ok(());
    }
    for (name, _) in PRESETS {
        let r = Rules::preset(name).map_err(|e| CliError(e.to_string()))?;
        crate::outln!("{name}\t{}", r.description);
    }
    Ok(())
}

pub fn new(
    path: &Path,
    preset: Option<&str>,
    rules_file: Option<&Path>,
    title: Option<String>,
    date: Option<&str>,
) -> CliResult {
    let mut rules = match (preset, rules_file) {
        (Some(p), None) => Rules::preset(p)
            .map_err(|e| CliError(crate::i18n::errors::rules(&e, super::out_lang())))?,
        (None, Some(f)) => Rules::from_file(f)
            .map_err(|e| CliError(crate::i18n::errors::rules(&e, super::out_lang())))?,
        (None, None) => {
            return fail(&Msg::NewNeedsRules);
        }
        (Some(_), Some(_)) => return fail(&Msg::NewBoth),
    };
    if let Some(d) = date {
        let d = NaiveDate::parse_from_str(d.trim(), "%Y-%m-%d")
            .map_err(|_| fail_msg(&Msg::BadDate(d.to_string())))?;
        rules.date = Some(d);
    }
    let title = title.unwrap_or_else(|| rules.title.clone());
    if title.trim().is_empty() {
        return fail(&Msg::NeedsTitle);
    }
    crate::domain::text::check("--title", &title, crate::domain::text::TITLE_MAX)
        .map_err(|e| CliError(e.text(super::out_lang())))?;
    if rules.time_zone.is_none() {
        // Every terminal on the log shows the same local times, whatever its own TZ: the
        // presets are Chinese events (Beijing time); a rules file without a zone gets the
        // zone of the machine that creates the event.
        rules.time_zone = if preset.is_some() {
            Some("Asia/Shanghai".to_string())
        } else {
            machine_zone()
        };
    }
    super::set_event(&rules);
    Log::create(path, &title, rules, &user::current_user(), Utc::now())?;
    crate::outln!("{}", msg(&Msg::Created(path.display().to_string())));
    Ok(())
}

/// The machine's time zone as an IANA name: `TZ` when it names one, else the system's.
fn machine_zone() -> Option<String> {
    use crate::domain::zone::EventZone;
    let from_env = std::env::var("TZ")
        .ok()
        .map(|z| z.trim_start_matches(':').to_string())
        .filter(|z| matches!(EventZone::parse(z), Ok(EventZone::Named(_))));
    from_env.or_else(|| {
        iana_time_zone::get_timezone()
            .ok()
            .filter(|z| EventZone::parse(z).is_ok())
    })
}

pub fn verify(path: &Path) -> CliResult {
    super::prime(path);
    let n = log::verify(path)?;
    crate::outln!(
        "{}",
        msg(&Msg::Intact {
            path: path.display().to_string(),
            records: n
        })
    );
    Ok(())
}

pub fn repair(path: &Path) -> CliResult {
    super::prime(path);
    if let Some(side) = log::repair(path, Utc::now())? {
        crate::outln!(
            "{}",
            msg(&Msg::Repaired {
                path: path.display().to_string(),
                side: side.display().to_string()
            })
        );
    } else {
        crate::outln!("{}", msg(&Msg::NothingToRepair(path.display().to_string())));
    }
    Ok(())
}

pub fn audit(ctx: &super::Ctx, path: &Path, last: Option<usize>) -> CliResult {
    // `--last N` reads only the newest records back (a long log is not held in memory).
    let log = super::open_reader(ctx, path, last.is_none())?;
    let recent;
    let recs = match last {
        Some(n) => {
            recent = log.recent_records(n);
            &recent[..]
        }
        None => log.records(),
    };
    super::set_event(&log.state().rules);
    let (lang, zone) = (super::out_lang(), super::out_zone());
    for r in recs {
        // Times in the event's zone, as the console's audit screen shows them.
        // An automatic act is the rule's, named as such; who triggered it is a detail
        // (issue 21).
        crate::outln!(
            "{:>6}  {}  {:<12} {:<9} {}{}",
            r.seq,
            zone.format(r.at, "%Y-%m-%d %H:%M:%S"),
            crate::i18n::auto::who(&r.by, &r.ev, lang),
            crate::i18n::role(r.role, lang),
            crate::i18n::describe(log.state(), &r.ev, lang, zone),
            crate::i18n::auto::trigger(&r.by, &r.ev, lang)
        );
    }
    Ok(())
}
