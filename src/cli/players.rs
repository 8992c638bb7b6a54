//! `player add|import|withdraw|reinstate|list` and `draw`.

use std::path::Path;

use chrono::Utc;

use super::args::PlayerCmd;
use super::{
    CliError, CliResult, Ctx, actor_for, execute, fail, fail_msg, msg, open_log, player_arg,
};
use crate::domain::event::PlayerEntry;
use crate::domain::tournament::Status;
use crate::domain::{Command, Event, Refusal};
use crate::i18n::cli::Msg;

pub fn run(ctx: &Ctx, cmd: PlayerCmd) -> CliResult {
    match cmd {
        PlayerCmd::Add {
            log,
            name,
            gender,
            birth,
            club,
            team,
            group,
            local,
        } => {
            let entry = entry_of(name, gender, birth, club, team, group, local)?;
            let recs = execute(ctx, &log, &Command::RegisterPlayer(entry))?;
            say_registered(recs);
            Ok(())
        }
        PlayerCmd::Import {
            log,
            file,
            skip_invalid,
            team_from_club,
            no_teams,
        } => {
            let teams = if team_from_club {
                Teams::FromClub
            } else if no_teams {
                Teams::Without
            } else {
                Teams::AsGiven
            };
            import(ctx, &log, &file, skip_invalid, teams)
        }
        PlayerCmd::Withdraw { log, no, reason } => {
            let no = player_arg(&no)?;
            super::prime(&log);
            let reason = if reason.is_empty() {
                msg(&Msg::WithdrawnByOrganizer)
            } else {
                reason
            };
            execute(ctx, &log, &Command::WithdrawPlayer { no, reason })?;
            crate::outln!("{}", msg(&Msg::Withdrawn(no.to_string())));
            Ok(())
        }
        PlayerCmd::Reinstate { log, no, reason } => {
            let no = player_arg(&no)?;
            execute(ctx, &log, &Command::ReinstatePlayer { no, reason })?;
            crate::outln!("{}", msg(&Msg::Reinstated(no.to_string())));
            Ok(())
        }
        PlayerCmd::List { log } => list(ctx, &log),
    }
}

/// `player add`'s fields as an entry: the gender word and the birth date read and checked.
fn entry_of(
    name: String,
    gender: Option<String>,
    birth: Option<String>,
    club: String,
    team: String,
    group: String,
    local: bool,
) -> Result<PlayerEntry, CliError> {
    let gender = match gender {
        Some(g) => Some(
            g.parse()
                .map_err(|_| fail_msg(&Msg::UnknownGender(g.trim().to_string())))?,
        ),
        None => None,
    };
    let birth = match birth {
        Some(b) => {
            let d = crate::import::parse_date(&b).map_err(|why| {
                fail_msg(&Msg::BadBirth {
                    text: b.clone(),
                    why: why.to_string(),
                })
            })?;
            if d > chrono::Local::now().date_naive() {
                return fail(&Msg::BirthInFuture(d.to_string()));
            }
            Some(d)
        }
        None => None,
    };
    Ok(PlayerEntry {
        name,
        gender,
        birth,
        club,
        team,
        group,
        local,
        id_number: None,
    })
}

/// What `player add` says: the number written (moved by a renumbering written with it, if
/// any), and that the numbers were redrawn.
fn say_registered(recs: Vec<crate::log::Record>) {
    // The number written, then moved by the renumbering written with it, if any.
    let mut registered = None;
    let mut renumbered = false;
    for r in recs {
        match r.ev {
            Event::PlayerRegistered { no, entry } => registered = Some((no, entry)),
            Event::NumbersDrawn { order, .. } => {
                renumbered = true;
                if let Some((no, _)) = registered.as_mut()
                    && let Some(i) = order.iter().position(|o| o == no)
                {
                    *no = crate::domain::PlayerNo(i as u32 + 1);
                }
            }
            _ => {}
        }
    }
    if let Some((no, entry)) = registered {
        crate::outln!(
            "{}",
            msg(&Msg::Registered {
                no: no.to_string(),
                name: entry.name,
                group: entry.group,
            })
        );
    }
    if renumbered {
        crate::outln!("{}", msg(&Msg::RenumberedOne));
    }
}

/// `player list`: number, name, club, group and status, one line each.
fn list(ctx: &Ctx, log: &Path) -> CliResult {
    let log = super::open_reader(ctx, log, false)?;
    let t = log.state();
    for p in &t.players {
        crate::outln!(
            "{:>4}  {}  {}  {}  {}",
            p.no,
            crate::export::text::pad(&p.entry.name, 12),
            crate::export::text::pad(&p.entry.club, 16),
            p.entry.group,
            match p.status {
                Status::Active => msg(&Msg::Active),
                Status::Withdrawn { .. } => msg(&Msg::WithdrawnStatus),
            }
        );
    }
    Ok(())
}

/// `player import`: every row is read and checked first (file rows, then the entry rules
/// against the players registered so far and the rows above it). Any invalid row and
/// nothing is written, unless `--skip-invalid`; then the valid rows are registered in one
/// locked write and the invalid ones listed.
/// The refusal of an import by someone whose role may not register players, in the event's
/// language, naming the users who may (the head arbiter and the organizer of the rules).
fn import_not_allowed(
    rules: &crate::domain::Rules,
    actor: &crate::domain::Actor,
    cmd: &Command,
) -> CliError {
    let lang = super::out_lang();
    let refusal = Refusal::NotAllowed {
        user: actor.user.clone(),
        role: actor.role.word(),
        what: cmd.deed(),
    };
    let who: Vec<String> = rules
        .roles
        .iter()
        .flat_map(|(user, roles)| {
            roles
                .iter()
                .filter(|r| cmd.allowed(**r))
                .map(move |r| format!("{user} ({})", crate::i18n::role(*r, lang)))
        })
        .collect();
    CliError(msg(&Msg::ImportWhoMay {
        why: crate::i18n::refusal(&refusal, lang, super::out_zone()),
        who,
    }))
}

/// How `player import` treats the team column (`--team-from-club`, `--no-teams`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Teams {
    /// The team column as the sheet gives it.
    AsGiven,
    /// Where a row's team is empty, its club (单位) is the team.
    FromClub,
    /// No team anywhere, accepted knowingly where the event has team standings.
    Without,
}

/// Where the event has team standings (docs/rules.md#8-teams-groups-prizes) and no row names a team: a sheet whose
/// teams are only in 单位 is refused before anything is written, with the two ways on
/// (`--team-from-club`, `--no-teams`); a sheet without clubs either is imported with a note.
/// `--team-from-club` fills each empty team with the club. Returns the notes to print.
fn settle_teams(
    rules: &crate::domain::Rules,
    rows: &mut [crate::import::Row],
    fname: &str,
    teams: Teams,
) -> Result<Vec<String>, CliError> {
    let entries = || rows.iter().filter_map(|r| r.entry.as_ref().ok());
    let any_team = entries().any(|e| !e.team.trim().is_empty());
    let any_club = entries().any(|e| !e.club.trim().is_empty());
    match teams {
        Teams::FromClub => {
            let mut taken = 0usize;
            for e in rows.iter_mut().filter_map(|r| r.entry.as_mut().ok()) {
                if e.team.trim().is_empty() && !e.club.trim().is_empty() {
                    e.team = e.club.trim().to_string();
                    taken += 1;
                }
            }
            Ok(vec![msg(&Msg::TeamFromClub(taken))])
        }
        Teams::AsGiven if rules.teams.is_some() && !any_team && any_club => {
            Err(fail_msg(&Msg::TeamsOnlyInClub {
                file: fname.to_string(),
            }))
        }
        Teams::AsGiven if rules.teams.is_some() && !any_team => Ok(vec![msg(&Msg::NoTeams)]),
        Teams::AsGiven | Teams::Without => Ok(Vec::new()),
    }
}

fn import(ctx: &Ctx, path: &Path, file: &Path, skip_invalid: bool, teams: Teams) -> CliResult {
    let fname = file.display().to_string();
    let today = chrono::Local::now().date_naive();
    let mut read = crate::import::read_file(file, today).map_err(|e| {
        CliError(format!(
            "{fname}: {}",
            crate::i18n::errors::import(&e, super::out_lang())
        ))
    })?;
    let mut log = open_log(path)?;
    let cmd = Command::RegisterPlayer(PlayerEntry::named(""));
    let actor = actor_for(&log.state().rules, ctx.role, &cmd)?;
    if !cmd.allowed(actor.role) {
        // Said once for the whole file (not once per row), with who may import.
        return Err(import_not_allowed(&log.state().rules, &actor, &cmd));
    }
    let mut notes: Vec<String> = read
        .notes
        .iter()
        .map(|n| crate::i18n::errors::note(n, super::out_lang()))
        .collect();
    let sections = &log.state().rules.sections;
    if sections.len() > 1 && !read.fields.contains(&crate::import::Field::Group) {
        notes.push(msg(&Msg::NoGroupColumn(sections[0].name.clone())));
    }
    notes.extend(settle_teams(
        &log.state().rules,
        &mut read.rows,
        &fname,
        teams,
    )?);
    for n in &notes {
        crate::outln!(
            "{}",
            msg(&Msg::ImportNote {
                file: fname.clone(),
                note: n.clone(),
            })
        );
    }
    let mut problems: Vec<String> = Vec::new();
    let recs = log.transact(&actor, Utc::now(), |t| {
        let mut work = t.clone();
        let mut events = Vec::new();
        for row in &read.rows {
            let place = read.place_in(row.line, super::out_lang());
            match &row.entry {
                Err(e) => problems.push(format!(
                    "{fname}: {place}: {}",
                    crate::i18n::errors::row(e, super::out_lang())
                )),
                Ok(entry) => match work.decide(&actor, &Command::RegisterPlayer(entry.clone())) {
                    Ok(evs) => {
                        for e in &evs {
                            work.apply(e);
                        }
                        events.extend(evs);
                    }
                    Err(Refusal::Registration(m)) => {
                        problems.push(format!(
                            "{fname}: {place}: {}",
                            crate::i18n::errors::registration(&m, super::out_lang())
                        ));
                    }
                    Err(e) => problems.push(format!(
                        "{fname}: {place}: {}",
                        crate::i18n::refusal(&e, super::out_lang(), super::out_zone())
                    )),
                },
            }
        }
        if !problems.is_empty() && !skip_invalid {
            return Ok(Vec::new());
        }
        Ok(events)
    })?;
    for p in &problems {
        eprintln!("{}", crate::domain::text::escape(p));
    }
    if !problems.is_empty() && !skip_invalid {
        return fail(&Msg::ImportInvalid {
            file: fname,
            bad: problems.len(),
            rows: read.rows.len(),
        });
    }
    let log = open_log(path)?;
    let t = log.state();
    let mut imported = 0usize;
    let mut renumbered = false;
    for r in &recs {
        match &r.ev {
            Event::PlayerRegistered { .. } => imported += 1,
            Event::NumbersDrawn { .. } => renumbered = true,
            _ => {}
        }
    }
    crate::outln!(
        "{}",
        msg(&Msg::Imported {
            file: fname,
            count: imported,
        })
    );
    if renumbered {
        crate::outln!("{}", msg(&Msg::RenumberedMany));
        for p in &t.players {
            crate::outln!("{:>4}  {}  {}", p.no, p.entry.name, p.entry.group);
        }
    }
    if !problems.is_empty() {
        crate::outln!("{}", msg(&Msg::SkippedRows(problems.len())));
    }
    Ok(())
}

pub fn draw(ctx: &Ctx, path: &Path, seed: Option<u64>) -> CliResult {
    let seed = seed.unwrap_or_else(|| {
        // No seed given: take one from the clock and record it, so the draw stays reproducible.
        let n = Utc::now().timestamp_nanos_opt().unwrap_or(0);
        n.unsigned_abs() % 1_000_000_000
    });
    let recs = execute(ctx, path, &Command::DrawNumbers { seed })?;
    let log = open_log(path)?;
    let t = log.state();
    crate::outln!(
        "{}",
        msg(&Msg::Drawn {
            seed,
            records: recs.len(),
        })
    );
    for p in &t.players {
        crate::outln!("{:>4}  {}  {}", p.no, p.entry.name, p.entry.group);
    }
    Ok(())
}
