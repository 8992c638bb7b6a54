//! `presets`, `new`, `verify`, `repair`, `audit`.

use std::path::Path;

use chrono::{NaiveDate, Utc};

use super::{CliError, CliResult, fail, fail_msg, msg};
use crate::domain::rules::{PRESETS, Rules};
use crate::domain::zone::EventZone;
use crate::i18n::cli::Msg;
use crate::log::{self, Log, user};

pub fn presets(show: Option<&str>) -> CliResult {
    if let Some(name) = show {
        let r = Rules::preset(name)
            .map_err(|e| CliError(crate::i18n::errors::rules(&e, super::out_lang())))?;
        crate::outln!("{}", r.to_ron());
        return Ok(());
    }
    for (name, _) in PRESETS {
        let r = Rules::preset(name)
            .map_err(|e| CliError(crate::i18n::errors::rules(&e, super::out_lang())))?;
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
    zone: Option<&str>,
) -> CliResult {
    let mut rules = match (preset, rules_file) {
        (Some(p), None) => Rules::preset(p)
            .map_err(|e| CliError(crate::i18n::errors::rules(&e, super::out_lang())))?,
        (None, Some(f)) => crate::rules_file::read(f)
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
        .map_err(|e| CliError(crate::i18n::faults::text_fault(&e, super::out_lang())))?;
    event_zone(&mut rules, zone, rules_file)?;
    super::set_event(&rules);
    let now = Utc::now();
    Log::create(path, &title, rules.clone(), &user::current_user(), now)?;
    crate::outln!("{}", msg(&Msg::Created(path.display().to_string())));
    // A preset (or rules file) carries the date of the event it was written for: say which
    // date this event took when it lies in the past, so nobody prints last year's date.
    if date.is_none()
        && let Some(d) = rules.date
    {
        let today = EventZone::of(&rules).local(now).date_naive();
        if d < today {
            let from = preset.map_or_else(
                || {
                    rules_file
                        .map(|f| f.display().to_string())
                        .unwrap_or_default()
                },
                str::to_string,
            );
            crate::outln!(
                "{}",
                msg(&Msg::OldDateUsed {
                    date: d.to_string(),
                    from,
                    today: today.to_string(),
                })
            );
        }
    }
    Ok(())
}

/// The event's time zone: `--zone` when given, else the rules' own; a rules
/// file without one is refused, never given the zone of whatever machine runs `new` (a UTC
/// server would print 06:50 for 14:50 in Beijing).
fn event_zone(rules: &mut Rules, zone: Option<&str>, rules_file: Option<&Path>) -> CliResult {
    if let Some(z) = zone {
        EventZone::parse(z).map_err(|_| fail_msg(&Msg::BadZone(z.to_string())))?;
        rules.time_zone = Some(z.trim().to_string());
    }
    if rules.time_zone.is_none() {
        let file = rules_file
            .map(|f| f.display().to_string())
            .unwrap_or_default();
        return fail(&Msg::NoZone(file));
    }
    Ok(())
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

/// `s` padded to `w` display columns; a longer `s` is kept whole.
fn column(s: &str, w: usize) -> String {
    let used = crate::export::text::width(s);
    format!("{s}{}", " ".repeat(w.saturating_sub(used)))
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
    // Times in the event's zone, as the console's audit screen shows them. An automatic
    // act is the rule's, named as such; who triggered it is a detail. A run of wrong codes
    // is one line per board (docs/self-report.md).
    // A reader without an arbiter's role sees the acts, not their reasons (docs/trust.md).
    let reasons = ctx.reads(&log.state().rules)?.reasons;
    for l in crate::i18n::audit::lines(log.state(), recs, lang, zone, reasons) {
        // Columns by display width, so 房间页面 lines up with root (a CJK character takes two).
        crate::outln!(
            "{:>6}  {}  {} {} {}",
            l.seq,
            zone.format(l.at, "%Y-%m-%d %H:%M:%S"),
            column(&l.who, 16),
            column(&l.role, 9),
            l.text
        );
    }
    Ok(())
}
