//! `player add|import|withdraw|reinstate|list` and `draw`.

use std::path::Path;

use chrono::Utc;

use super::args::PlayerCmd;
use super::{CliError, CliResult, Ctx, actor_for, err, execute, open_log, player_arg};
use crate::domain::event::PlayerEntry;
use crate::domain::tournament::Status;
use crate::domain::{Command, Event, Refusal};

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
                Some(b) => {
                    let d = crate::import::parse_date(&b)
                        .map_err(|e| CliError(format!("--birth: {e}")))?;
                    if d > chrono::Local::now().date_naive() {
                        return err(format!("--birth: {d} is in the future"));
                    }
                    Some(d)
                }
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
                id_number: None,
            };
            let recs = execute(ctx, &log, &Command::RegisterPlayer(entry))?;
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
                    super::say(
                        format!("已登记 {no}号 {} ({})", entry.name, entry.group),
                        format!("registered {no} {} ({})", entry.name, entry.group),
                    )
                );
            }
            if renumbered {
                crate::outln!(
                    "{}",
                    super::say(
                        "序号已抽定: 新棋手排在本组最后一名之后, 其后的序号依次后移一位 (见 player list)".into(),
                        "numbers had been drawn: the new player takes the place after the last of the section; the numbers after it moved up by one (see `player list`)".into(),
                    )
                );
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
            crate::outln!(
                "{}",
                super::say(
                    format!("{no}号棋手自下一轮起退赛"),
                    format!("player {no} withdrawn from the next round on"),
                )
            );
            Ok(())
        }
        PlayerCmd::Reinstate { log, no, reason } => {
            let no = player_arg(&no)?;
            execute(ctx, &log, &Command::ReinstatePlayer { no, reason })?;
            crate::outln!(
                "{}",
                super::say(
                    format!("{no}号棋手恢复参赛"),
                    format!("player {no} reinstated"),
                )
            );
            Ok(())
        }
        PlayerCmd::List { log } => {
            let log = super::open_reader(ctx, &log, false)?;
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

/// `player import`: every row is read and checked first (file rows, then the entry rules
/// against the players registered so far and the rows above it). Any invalid row and
/// nothing is written, unless `--skip-invalid`; then the valid rows are registered in one
/// locked write and the invalid ones listed.
fn import(ctx: &Ctx, path: &Path, file: &Path, skip_invalid: bool) -> CliResult {
    let fname = file.display().to_string();
    let today = chrono::Local::now().date_naive();
    let read = crate::import::read_file(file, today).map_err(|e| {
        CliError(format!(
            "{fname}: {}",
            crate::i18n::errors::import(&e, super::out_lang())
        ))
    })?;
    let mut log = open_log(path)?;
    let cmd = Command::RegisterPlayer(PlayerEntry::named(""));
    let actor = actor_for(&log.state().rules, ctx.role, &cmd)?;
    let mut notes: Vec<String> = read
        .notes
        .iter()
        .map(|n| crate::i18n::errors::note(n, super::out_lang()))
        .collect();
    let sections = &log.state().rules.sections;
    if sections.len() > 1 && !read.fields.contains(&crate::import::Field::Group) {
        notes.push(format!(
            "no group (组别) column: every player joins {}",
            sections[0].name
        ));
    }
    for n in &notes {
        crate::outln!("{fname}: note: {n}");
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
                    Err(e) => problems.push(format!("{fname}: {place}: {e}")),
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
        return err(format!(
            "{fname}: {} of {} row(s) invalid; nothing imported (fix them, or use --skip-invalid to import the valid rows)",
            problems.len(),
            read.rows.len()
        ));
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
        super::say(
            format!("已从 {fname} 导入{imported}名棋手"),
            format!("imported {imported} player(s) from {fname}"),
        )
    );
    if renumbered {
        crate::outln!(
            "numbers had been drawn: late entries were slotted into their sections' ranges and later numbers moved up; the new numbers:"
        );
        for p in &t.players {
            crate::outln!("{:>4}  {}  {}", p.no, p.entry.name, p.entry.group);
        }
    }
    if !problems.is_empty() {
        crate::outln!(
            "{}",
            super::say(
                format!("跳过{}行无效数据 (见上)", problems.len()),
                format!("skipped {} invalid row(s), listed above", problems.len()),
            )
        );
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
        super::say(
            format!("已抽签排序号, 种子 {seed} ({}条记录)", recs.len()),
            format!("numbers drawn with seed {seed} ({} records)", recs.len()),
        )
    );
    for p in &t.players {
        crate::outln!("{:>4}  {}  {}", p.no, p.entry.name, p.entry.group);
    }
    Ok(())
}
