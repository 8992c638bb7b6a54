//! Writers for the printouts and data exports (`bianpai export`, docs/cli.md): txt, csv,
//! html, xlsx and json. A report is computed once as data (`report::Report`: a title and
//! tables of header and rows, built in `rows`) and every format renders that one shape; the
//! json export follows docs/cli.md. Exporting only reads the log.

pub mod awards;
pub mod by_name;
pub mod codes;
pub mod csv;
pub mod html;
pub mod json;
pub mod knockout_text;
mod out_file;
pub mod player_slip;
pub mod private;
pub mod query;
pub mod report;
pub mod roster;
pub mod round_robin;
pub mod rows;
pub mod scoresheet;
mod sheets;
pub mod team_match;
pub mod text;
pub mod trf;
pub mod xlsx;

use std::io::Write;
use std::path::Path;

use chrono::{DateTime, Utc};

pub use crate::i18n::print::ExportFault;
pub use report::{Masthead, Report};
pub use rows::Kind;

pub use query::{By, Format, What};

use crate::domain::rules::Lang;
use crate::domain::text::escape;
use crate::domain::{Round, Tournament};
use crate::log::{IfDamaged, Log};
use sheets::{ScheduleOf, sheets};

/// The `--what` word, for messages.
fn what_word(what: What) -> &'static str {
    match what {
        What::Pairings => "pairings",
        What::Standings => "standings",
        What::Crosstable => "crosstable",
        What::Teams => "teams",
        What::Prizes => "prizes",
        What::Players => "players",
        What::Clocks => "clocks",
        What::All => "all",
        What::Scoresheets => "scoresheets",
        What::Schedule => "schedule",
        What::Matches => "matches",
        What::Codes => "codes",
        What::Slips => "slips",
    }
}

/// What `bianpai export` is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    pub format: Format,
    pub what: What,
    pub round: Option<Round>,
    pub by: By,
}

/// Refuses the combinations that have no printout: `--by name` is a pairing list, and the
/// scoresheets are pages to print (html, txt).
fn check_request(q: &Request) -> Result<(), ExportFault> {
    if q.by == By::Name && q.what != What::Pairings {
        return Err(ExportFault::ByNameNotPairings {
            what: what_word(q.what),
        });
    }
    if q.by == By::Name && q.format == Format::Json {
        return Err(ExportFault::ByNameJson);
    }
    if q.what == What::Scoresheets && !matches!(q.format, Format::Html | Format::Txt) {
        return Err(ExportFault::ScoresheetsFormat);
    }
    if q.what == What::Codes && q.format != Format::Json {
        return Err(ExportFault::CodesFormat);
    }
    if q.what == What::Slips && !matches!(q.format, Format::Html | Format::Txt) {
        return Err(ExportFault::SlipsFormat);
    }
    Ok(())
}

/// Refuses a `--round` outside the paired rounds.
fn check_round(t: &Tournament, round: Option<Round>) -> Result<(), ExportFault> {
    match round {
        Some(r) if r.0 == 0 || r.0 as usize > t.rounds.len() => Err(ExportFault::RoundOutside {
            round: r,
            paired: t.rounds.len(),
        }),
        _ => Ok(()),
    }
}

/// The round a per-round report shows: `--round`, else the current round.
fn paired_round(t: &Tournament, what: What, round: Option<Round>) -> Result<Round, ExportFault> {
    match round {
        Some(r) => Ok(r),
        None if t.rounds.is_empty() => Err(ExportFault::NothingPaired {
            what: what_word(what),
        }),
        None => Ok(t.current_round()),
    }
}

/// The reports `--what` asks for. `All` gives every available report: the pairing of the
/// round (when one is paired), standings, crosstable, entry list, and the clocks when a
/// board of the round has clock data.
///
/// Teams and prizes wait for `domain::teams` and `domain::prizes`: each becomes one function
/// in `rows` returning `Report::single(Kind::Teams.title(lang), title, header, rows)`, called
/// from its arm here (and pushed in `All`); every format then prints it.
///
/// # Errors
/// A one-line reason naming the option at fault.
pub fn reports(
    t: &Tournament,
    what: What,
    round: Option<Round>,
    lang: Lang,
    now: DateTime<Utc>,
) -> Result<Vec<Report>, String> {
    reports_for(t, what, round, lang, now, true)
}

/// [`reports`] for a reader: `desk` false leaves out what only the desk reads (birth dates,
/// ID numbers, fees: [`roster::players_for`]).
///
/// # Errors
/// A one-line reason naming the option at fault.
pub fn reports_for(
    t: &Tournament,
    what: What,
    round: Option<Round>,
    lang: Lang,
    now: DateTime<Utc>,
    desk: bool,
) -> Result<Vec<Report>, String> {
    check_round(t, round).map_err(|f| f.text(lang))?;
    let standings = || rows::standings_for(t, round);
    Ok(match what {
        What::Pairings => vec![rows::pairings(
            t,
            paired_round(t, what, round).map_err(|f| f.text(lang))?,
            lang,
        )],
        What::Standings => {
            let (after, s) = standings();
            vec![rows::standings(t, after, &s, lang)]
        }
        What::Crosstable => {
            let (after, s) = standings();
            vec![crosstable(t, after, &s, lang)]
        }
        What::Schedule => match sheets(t).schedule {
            Some(ScheduleOf::Players) => vec![round_robin::schedule(t, lang)],
            Some(ScheduleOf::Teams) => vec![team_match::schedule(t, lang)],
            None => return Err(ExportFault::ScheduleNotRoundRobin.text(lang)),
        },
        What::Players => vec![roster::players_for(t, lang, desk)],
        What::Clocks => vec![roster::clocks(
            t,
            paired_round(t, what, round).map_err(|f| f.text(lang))?,
            now,
            lang,
        )],
        What::Scoresheets => return Err(ExportFault::ScoresheetsFormat.text(lang)),
        What::Codes => return Err(ExportFault::CodesFormat.text(lang)),
        What::Slips => return Err(ExportFault::SlipsFormat.text(lang)),
        What::Teams => vec![awards::teams_report(t, lang)],
        What::Matches => {
            if !sheets(t).team_matches {
                return Err(ExportFault::NotTeamEvent.text(lang));
            }
            team_match::reports(t, round, lang)
        }
        What::Prizes => {
            let (after, s) = standings();
            vec![awards::prizes_report(t, &s, after.0, lang)]
        }
        What::All => {
            let (after, s) = standings();
            let mut out = Vec::new();
            let current = round.or((!t.rounds.is_empty()).then(|| t.current_round()));
            if let Some(r) = current {
                out.push(rows::pairings(t, r, lang));
            }
            if sheets(t).team_matches {
                out.extend(team_match::reports(t, current, lang));
            }
            if sheets(t).square_crosstable {
                // The round robin's main printout first, then its schedule.
                out.push(round_robin::crosstable(t, after, &s, lang));
                out.push(rows::standings(t, after, &s, lang));
                out.push(round_robin::schedule(t, lang));
            } else {
                out.push(rows::standings(t, after, &s, lang));
                out.push(rows::crosstable(t, after, &s, lang));
            }
            out.extend(awards::bracket_report(t, lang));
            // A team match event has its own team standings (above); the seed-003 team
            // standings of an individual event would repeat them in another sense.
            if t.has_team_entries() && !sheets(t).team_matches {
                out.push(awards::teams_report(t, lang));
            }
            out.push(awards::prizes_report(t, &s, after.0, lang));
            out.push(roster::players_for(t, lang, desk));
            if let Some(r) = current.and_then(|r| t.round(r))
                && r.games.iter().any(|g| g.clock.is_some())
            {
                out.push(roster::clocks(t, r.round, now, lang));
            }
            out
        }
    })
}

/// The crosstable: the square table of a round robin, the round-by-round table of a Swiss.
pub fn crosstable(
    t: &Tournament,
    after: Round,
    s: &[crate::domain::standings::Standing],
    lang: Lang,
) -> Report {
    if sheets(t).square_crosstable {
        round_robin::crosstable(t, after, s, lang)
    } else {
        rows::crosstable(t, after, s, lang)
    }
}

/// The JSON value `--what` asks for (docs/cli.md).
///
/// # Errors
/// A one-line reason naming the option at fault.
pub fn json_value(
    t: &Tournament,
    what: What,
    round: Option<Round>,
    now: DateTime<Utc>,
) -> Result<serde_json::Value, ExportFault> {
    check_round(t, round)?;
    Ok(match what {
        What::All => {
            let (r, s) = rows::standings_for(t, round);
            let mut all = json::all(t, &s, r);
            if let Some(o) = all.as_object_mut() {
                o.insert("teams".into(), awards::teams_json(t));
                o.insert("prizes".into(), awards::prizes_json(t, &s));
                if sheets(t).square_crosstable {
                    o.insert("schedule".into(), round_robin::schedule_json(t));
                    o.insert("withdrawals".into(), round_robin::withdrawals_json(t));
                    o.insert(
                        "round_robin_crosstable".into(),
                        round_robin::crosstable_json(t, r, &s),
                    );
                }
                if sheets(t).team_matches {
                    o.insert("team_match".into(), team_match::json(t, round));
                }
            }
            all
        }
        What::Matches if !sheets(t).team_matches => return Err(ExportFault::NotTeamEvent),
        What::Matches => team_match::json(t, round),
        // Scripts poll for the current pairing: before round 1 it is an empty list.
        What::Pairings if t.rounds.is_empty() && round.is_none() => serde_json::json!([]),
        What::Pairings => json::rounds(t, Some(paired_round(t, what, round)?)),
        What::Standings => {
            let (_, s) = rows::standings_for(t, round);
            json::standings(t, &s)
        }
        What::Crosstable if sheets(t).square_crosstable => {
            let (r, s) = rows::standings_for(t, round);
            round_robin::crosstable_json(t, r, &s)
        }
        What::Crosstable => {
            let (r, s) = rows::standings_for(t, round);
            json::crosstable(t, r, &s)
        }
        // A Swiss event has no schedule: refused as in every other format.
        What::Schedule => match sheets(t).schedule {
            Some(ScheduleOf::Players) => round_robin::schedule_json(t),
            Some(ScheduleOf::Teams) => team_match::schedule_json(t),
            None => return Err(ExportFault::ScheduleNotRoundRobin),
        },
        What::Players => json::players(t),
        What::Clocks => match round {
            Some(r) => json::clocks(t, r, now),
            None => json::clocks(t, t.current_round(), now),
        },
        What::Teams => awards::teams_json(t),
        What::Prizes => {
            let (_, s) = rows::standings_for(t, round);
            awards::prizes_json(t, &s)
        }
        What::Scoresheets => return Err(ExportFault::ScoresheetsFormat),
        What::Slips => return Err(ExportFault::SlipsFormat),
        // The codes leave only through `run`, after the reader's role is checked.
        What::Codes => {
            return Err(ExportFault::CodesNotAllowed {
                user: String::new(),
            });
        }
    })
}

/// The exported file's bytes (the pairing list by board).
///
/// # Errors
/// A one-line reason naming the option at fault.
pub fn render(
    t: &Tournament,
    format: Format,
    what: What,
    round: Option<Round>,
    lang: Lang,
    now: DateTime<Utc>,
) -> Result<Vec<u8>, String> {
    render_request(
        t,
        &Request {
            format,
            what,
            round,
            by: By::Board,
        },
        lang,
        now,
    )
}

/// The exported file's bytes for a request; every printout carries the masthead (event,
/// date, report and round, print time `now` in the event's time zone).
///
/// # Errors
/// A one-line reason naming the option at fault.
pub fn render_request(
    t: &Tournament,
    q: &Request,
    lang: Lang,
    now: DateTime<Utc>,
) -> Result<Vec<u8>, String> {
    render_for(t, q, lang, now, true)
}

/// [`render_request`] for a reader: `desk` false gives, in every format, only what the room
/// page shows (the json without the keys the room page's API never serves, the reports
/// without birth dates, ID numbers and fees).
///
/// # Errors
/// A one-line reason naming the option at fault.
pub fn render_for(
    t: &Tournament,
    q: &Request,
    lang: Lang,
    now: DateTime<Utc>,
    desk: bool,
) -> Result<Vec<u8>, String> {
    let fault = |f: ExportFault| f.text(lang);
    check_request(q).map_err(fault)?;
    let (format, what, round) = (q.format, q.what, q.round);
    let head = Masthead::of(t, lang, now);
    if what == What::Scoresheets {
        return render_scoresheets(t, q, lang, now, None);
    }
    let reports = || -> Result<Vec<Report>, String> {
        if q.by == By::Name {
            check_round(t, round).map_err(fault)?;
            let r = paired_round(t, what, round).map_err(fault)?;
            return Ok(vec![by_name::pairings_by_name(t, r, lang)]);
        }
        reports_for(t, what, round, lang, now, desk)
    };
    Ok(match format {
        Format::Json => {
            let mut v = json_value(t, what, round, now).map_err(fault)?;
            if !desk {
                private::scrub(&mut v);
            }
            json::escape_text(&mut v);
            let mut s = serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?;
            s.push('\n');
            s.into_bytes()
        }
        // Text an older log holds is escaped once the report is written (`domain::text`).
        Format::Txt => escape(&text::write(&head, &reports()?))
            .into_owned()
            .into_bytes(),
        Format::Csv => escape(&csv::write(&head, &reports()?))
            .into_owned()
            .into_bytes(),
        Format::Html => html::write(&head, &reports()?).into_bytes(),
        Format::Trf => trf::write(t, desk).into_bytes(),
        Format::Xlsx => xlsx::write(&head, &reports()?).map_err(|e| {
            fault(ExportFault::Xlsx {
                cause: e.to_string(),
            })
        })?,
    })
}

/// The scoresheets of a round, one per board, with the board's report address under `url`
/// (the room page's) when it is known; no code.
fn render_scoresheets(
    t: &Tournament,
    q: &Request,
    lang: Lang,
    now: DateTime<Utc>,
    url: Option<&str>,
) -> Result<Vec<u8>, String> {
    let fault = |f: ExportFault| f.text(lang);
    check_round(t, q.round).map_err(fault)?;
    let r = paired_round(t, q.what, q.round).map_err(fault)?;
    let head = Masthead::of(t, lang, now);
    let mut slips = scoresheet::slips(t, r, lang);
    if let Some(base) = url {
        for s in &mut slips {
            s.link = Some(codes::report_link(base, s.round, s.board));
        }
    }
    Ok(match q.format {
        Format::Html => scoresheet::html(&head, r, &slips),
        _ => escape(&scoresheet::text(&head, &slips)).into_owned(),
    }
    .into_bytes())
}

/// `--what codes` (json) or the signing slips, one per player with that player's code and
/// the QR code of the board's report form under `url`, the room page's address.
fn render_codes(
    t: &Tournament,
    q: &Request,
    lang: Lang,
    now: DateTime<Utc>,
    url: Option<&str>,
    warning: Option<&crate::i18n::errors::RoomWarning>,
) -> Result<Vec<u8>, String> {
    let fault = |f: ExportFault| f.text(lang);
    check_round(t, q.round).map_err(fault)?;
    let r = paired_round(t, q.what, q.round).map_err(fault)?;
    if q.what == What::Codes {
        let mut s = serde_json::to_string_pretty(&codes::json(t, r)).map_err(|e| e.to_string())?;
        s.push('\n');
        return Ok(s.into_bytes());
    }
    let head = Masthead::of(t, lang, now);
    let slips = player_slip::slips(t, r, lang, url);
    Ok(match q.format {
        Format::Html => player_slip::html(&head, r, &slips, warning),
        _ => escape(&player_slip::text(&head, &slips, warning)).into_owned(),
    }
    .into_bytes())
}

/// Whether the export of `q` for a desk reader holds what only the desk reads: the entry
/// list's private columns, or in the json a key the room page never serves.
fn holds_private(t: &Tournament, q: &Request, now: DateTime<Utc>, desk: bool) -> bool {
    if !desk {
        return false;
    }
    match q.format {
        Format::Json => json_value(t, q.what, q.round, now).is_ok_and(|v| {
            let mut room = v.clone();
            private::scrub(&mut room);
            room != v
        }),
        _ => q.by == By::Board && matches!(q.what, What::Players | What::All),
    }
}

/// `bianpai export`: reads the log (never writes it) and writes the report to `--out` or
/// standard output. `reads` says what the reader reads of the event with the log's rules
/// (`log::reads`, in the role `--role` asks for), or why it is refused.
///
/// # Errors
/// A one-line reason: a damaged or missing log, a bad `--round`, a report this build lacks,
/// xlsx without `--out`, or a file that cannot be written.
#[allow(clippy::too_many_arguments)] // one per command-line option of `export`
pub fn run(
    path: &Path,
    q: Request,
    out: Option<&Path>,
    lang: Option<Lang>,
    now: DateTime<Utc>,
    if_damaged: IfDamaged,
    room_url: &dyn Fn(&crate::domain::Rules) -> Option<String>,
    reads: &dyn Fn(&crate::domain::Rules) -> Result<crate::log::reads::Reads, String>,
) -> Result<(), String> {
    // Before the log is read: the language asked for (the command line primes it with the
    // event's own), else Chinese.
    let early = lang.unwrap_or(Lang::Zh);
    check_request(&q).map_err(|f| f.text(early))?;
    if q.format == Format::Xlsx && out.is_none() {
        return Err(ExportFault::XlsxNeedsOut.text(early));
    }
    if let Some(o) = out
        && out_file::same_file(o, path)
    {
        return Err(ExportFault::OutIsLog(o.display().to_string()).text(early));
    }
    let log = Log::open_reader(path, false, if_damaged).map_err(|e| {
        crate::i18n::errors::log(
            &e,
            lang.unwrap_or(Lang::Zh),
            crate::domain::zone::EventZone::Machine,
        )
    })?;
    if let Some(w) = crate::i18n::errors::damage_warning(
        &log,
        lang.or(log.state().rules.lang).unwrap_or(Lang::Zh),
    ) {
        eprintln!("{w}");
    }
    // The language asked for, else the event's own default, else Chinese.
    let lang = lang.or(log.state().rules.lang).unwrap_or(Lang::Zh);
    // What the room page shows, unless the reader is the desk (docs/trust.md).
    let reads = reads(&log.state().rules)?;
    let desk = reads.private;
    let t = log.state();
    let coded = matches!(q.what, What::Codes | What::Slips);
    let owner_only = coded || holds_private(t, &q, now, desk);
    // The slips' and the scoresheets' report address: `--url`, else the running serve's.
    let addressed =
        matches!(q.what, What::Slips | What::Scoresheets) && !t.self_report_now().is_off();
    let url = addressed.then(|| room_url(&t.rules)).flatten();
    // Phones cannot reach a page that is not running, nor one on this machine's loopback.
    let warning = addressed
        .then(|| match &url {
            None => Some(crate::i18n::errors::RoomWarning::NotRunning),
            Some(u) if codes::is_loopback(u) => {
                Some(crate::i18n::errors::RoomWarning::Loopback { url: u.clone() })
            }
            Some(_) => None,
        })
        .flatten();
    if let Some(w) = &warning
        && (q.what == What::Scoresheets || reads.codes)
    {
        eprintln!("{}", crate::i18n::errors::room_warning(w, lang));
    }
    let bytes = if coded {
        // The players' codes (docs/self-report.md): the head arbiter's and the organizer's.
        let user = crate::log::user::current_user();
        if t.self_report_now().is_off() {
            return Err(ExportFault::CodesOff {
                what: what_word(q.what),
            }
            .text(lang));
        }
        if !reads.codes {
            return Err(ExportFault::CodesNotAllowed { user }.text(lang));
        }
        render_codes(t, &q, lang, now, url.as_deref(), warning.as_ref())?
    } else if addressed {
        render_scoresheets(t, &q, lang, now, url.as_deref())?
    } else {
        render_for(t, &q, lang, now, desk)?
    };
    match out {
        Some(p) => out_file::write_out(p, &bytes, owner_only, lang),
        None => std::io::stdout()
            .write_all(&bytes)
            .map_err(|e| e.to_string()),
    }
}
