//! Opening the log and running commands against it: the actor (the OS user in a role the
//! rules give them), one command or a batch in one locked write, and readers that refuse or
//! warn about a damaged log.

use std::path::Path;

use chrono::{DateTime, Utc};

use super::{CliError, Ctx, fail_msg, out_lang, set_event};
use crate::domain::{Actor, Command, Role, Rules};
use crate::i18n::cli::Msg;
use crate::log::{IfDamaged, Log, Record, user};

/// Opens a log for writing; a damaged log is refused at the append with the place of the
/// damage.
pub fn open_log(path: &Path) -> Result<Log, CliError> {
    let log = Log::open(path)?;
    set_event(&log.state().rules);
    Ok(log)
}

impl Ctx {
    /// How readers treat a damaged log: refused, or with `--allow-damaged` shown up to the
    /// damage.
    pub fn if_damaged(&self) -> IfDamaged {
        if self.allow_damaged {
            IfDamaged::Warn
        } else {
            IfDamaged::Refuse
        }
    }
}

/// Opens a log for a command that shows the tournament: a damaged log is refused (it would
/// show a shortened history), or with `--allow-damaged` shown with a warning on stderr.
pub fn open_reader(ctx: &Ctx, path: &Path, keep_records: bool) -> Result<Log, CliError> {
    let log = Log::open_reader(path, keep_records, ctx.if_damaged())?;
    warn_damaged(&log);
    Ok(log)
}

/// The warning a reader prints before showing a damaged log.
pub fn warn_damaged(log: &Log) {
    if let Some(w) = crate::i18n::errors::damage_warning(log, out_lang()) {
        eprintln!("{w}");
    }
}

/// The actor for `cmd`: the OS user, in the role asked for or the first role they hold that
/// may give the command.
pub fn actor_for(rules: &Rules, role: Option<Role>, cmd: &Command) -> Result<Actor, CliError> {
    let user = user::current_user();
    let held = rules.roles_of(&user);
    let role = match role {
        Some(r) if held.contains(&r) || r == Role::Viewer => r,
        Some(r) => {
            let lang = out_lang();
            return Err(fail_msg(&Msg::NoRole {
                user,
                role: crate::i18n::role(r, lang).to_string(),
                held: held
                    .iter()
                    .map(|r| crate::i18n::role(*r, lang).to_string())
                    .collect(),
            }));
        }
        None => held
            .iter()
            .copied()
            .find(|r| cmd.allowed(*r))
            .or_else(|| held.first().copied())
            .unwrap_or(Role::Viewer),
    };
    Ok(Actor { user, role })
}

/// Runs one command against the log and returns the records written.
pub fn execute(ctx: &Ctx, path: &Path, cmd: &Command) -> Result<Vec<Record>, CliError> {
    let mut log = open_log(path)?;
    execute_in(ctx, &mut log, cmd)
}

/// Runs one command against an open log: a time the command carries is checked against the
/// machine's clock (`domain::skew`), `--correction` honoured for the head arbiter.
pub fn execute_in(ctx: &Ctx, log: &mut Log, cmd: &Command) -> Result<Vec<Record>, CliError> {
    let actor = actor_for(&log.state().rules, ctx.role_in(&log.state().rules), cmd)?;
    let now = Utc::now();
    let correction = ctx.correction.as_deref();
    Ok(log.transact(&actor, now, |t| t.decide_at(&actor, cmd, now, correction))?)
}

/// The records written by a batch and, per refused command, its index and refusal.
pub type BatchOutcome = (Vec<Record>, Vec<(usize, crate::domain::Refusal)>);

/// Decides several commands in one locked write: each against the state the previous ones
/// left. Returns the records written and, per refused command, its index and refusal.
pub fn execute_batch(
    log: &mut Log,
    actor: &Actor,
    cmds: &[Command],
    at: DateTime<Utc>,
) -> Result<BatchOutcome, CliError> {
    let mut refused = Vec::new();
    let recs = log.transact(actor, at, |t| {
        // One command is decided against the state itself: a copy is only needed to lay
        // earlier commands' events under later ones.
        if let [c] = cmds {
            return Ok(t.decide(actor, c).unwrap_or_else(|e| {
                refused.push((0, e));
                Vec::new()
            }));
        }
        let mut work = t.clone();
        let mut events = Vec::new();
        for (i, c) in cmds.iter().enumerate() {
            match work.decide(actor, c) {
                Ok(evs) => {
                    for e in &evs {
                        work.apply(e);
                    }
                    events.extend(evs);
                }
                Err(e) => refused.push((i, e)),
            }
        }
        Ok(events)
    })?;
    Ok((recs, refused))
}
