//! `player add|import|withdraw|reinstate|list` and `draw`.

use std::path::Path;

use chrono::Utc;

use super::args::PlayerCmd;
use super::{CliError, CliResult, Ctx, actor_for, err, execute, open_log, player_arg};
use crate::domain::event::PlayerEntry;
use crate::domain::tournament::Status;
use crate::domain::{Command, Event};

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
            let gender = match gender {
                Some(g) => Some(g.parse().map_err(|e| CliError(format!("--gender: {e}")))?),
                None => None,
            };
            let birth = match birth {
                Some(b) => Some(
                    crate::import::parse_date(&b).map_err(|e| CliError(format!("--birth: {e}")))?,
                ),
                None => None,
            };
            let entry = PlayerEntry {
                name,
                gender,
                birth,
                club,
                team,
                group,
                local,
            };
            let recs = execute(ctx, &log, &Command::RegisterPlayer(entry))?;
            for r in recs {
                if let Event::PlayerRegistered { no, entry } = r.ev {
                    crate::outln!("registered {no} {} ({})", entry.name, entry.group);
                }
            }
            Ok(())
        }
        PlayerCmd::Import {
            log,
            file,
            skip_invalid,
        } => import(ctx, &log, &file, skip_invalid),
        PlayerCmd::Withdraw { log, no, reason } => {
            let no = player_arg(&no)?;
            let reason = if reason.is_empty() {
                "withdrawn by the organizer".to_string()
            } else {
                reason
            };
            execute(ctx, &log, &Command::WithdrawPlayer { no, reason })?;
            crate::outln!("player {no} withdrawn from the next round on");
            Ok(())
        }
        PlayerCmd::Reinstate { log, no, reason } => {
            let no = player_arg(&no)?;
            execute(ctx, &log, &Command::ReinstatePlayer { no, reason })?;
            crate::outln!("player {no} reinstated");
            Ok(())
        }
        PlayerCmd::List { log } => {
            let log = open_log(&log)?;
            let t = log.state();
            for p in &t.players {
                crate::outln!(
                    "{:>4}  {}  {}  {}  {}",
                    p.no,
                    crate::export::text::pad(&p.entry.name, 12),
                    crate::export::text::pad(&p.entry.club, 16),
                    p.entry.group,
                    match p.status {
                        Status::Active => "active",
                        Status::Withdrawn { .. } => "withdrawn",
                    }
                );
            }
            Ok(())
        }
    }
}

fn import(ctx: &Ctx, path: &Path, file: &Path, skip_invalid: bool) -> CliResult {
    let rows = crate::import::read_entries(file).map_err(CliError)?;
    let mut log = open_log(path)?;
    let cmd = Command::RegisterPlayer(PlayerEntry {
        name: String::new(),
        gender: None,
        birth: None,
        club: String::new(),
        team: String::new(),
        group: String::new(),
        local: false,
    });
    let actor = actor_for(&log.state().rules, ctx.role, &cmd)?;
    let fname = file.display().to_string();
    let mut problems: Vec<String> = Vec::new();
    let mut imported = 0usize;
    let recs = log.transact(&actor, Utc::now(), |t| {
        let mut work = t.clone();
        let mut events = Vec::new();
        for row in &rows {
            match &row.entry {
                Err(e) => problems.push(format!("{fname}: line {}: {e}", row.line)),
                Ok(entry) => match work.decide(&actor, &Command::RegisterPlayer(entry.clone())) {
                    Ok(evs) => {
                        for e in &evs {
                            work.apply(e);
                        }
                        events.extend(evs);
                    }
                    Err(e) => problems.push(format!("{fname}: line {}: {e}", row.line)),
                },
            }
        }
        if !problems.is_empty() && !skip_invalid {
            return Ok(Vec::new());
        }
        imported = events.len();
        Ok(events)
    })?;
    drop(recs);
    for p in &problems {
        eprintln!("{p}");
    }
    if !problems.is_empty() && !skip_invalid {
        return err(format!(
            "{fname}: {} invalid row(s); nothing imported (use --skip-invalid to import the valid rows)",
            problems.len()
        ));
    }
    crate::outln!("imported {imported} player(s) from {fname}");
    if !problems.is_empty() {
        crate::outln!("skipped {} invalid row(s)", problems.len());
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
    crate::outln!("numbers drawn with seed {seed} ({} records)", recs.len());
    for p in &t.players {
        crate::outln!("{:>4}  {}  {}", p.no, p.entry.name, p.entry.group);
    }
    Ok(())
}
