//! The headless command line (docs/cli.md): every action of the console, scriptable.
//! Each command parses its words, builds a domain `Command`, and appends through the log;
//! it prints, it never decides.

pub mod args;
mod feed;
mod install;
pub mod parse;
mod players;
mod rounds;
mod serve;
mod setup;
mod simulate;
mod simulate_teams;
mod teams;

use std::path::Path;

use chrono::{DateTime, Utc};

pub use args::Cli;
use args::{Cmd, LangArg};

use crate::domain::{Actor, Board, Command, PlayerNo, Role, Round, Rules};
use crate::i18n::cli::Msg;
use crate::log::{IfDamaged, Log, LogError, Record, user};

/// A refusal or failure, printed as one line on standard error.
#[derive(Debug)]
pub struct CliError(pub String);

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<LogError> for CliError {
    fn from(e: LogError) -> Self {
        match e {
            LogError::Refused(r) => r.into(),
            other => CliError(crate::i18n::errors::log(&other, out_lang(), out_zone())),
        }
    }
}

impl From<crate::domain::Refusal> for CliError {
    fn from(e: crate::domain::Refusal) -> Self {
        CliError(crate::i18n::refusal(&e, out_lang(), out_zone()))
    }
}

/// The language and time zone this command prints in: `--lang`, else the event's
/// `lang`, else Chinese; the event's zone once its log is known, else the machine's.
#[derive(Clone, Copy)]
struct Output {
    asked: Option<crate::domain::rules::Lang>,
    event: Option<crate::domain::rules::Lang>,
    zone: crate::domain::zone::EventZone,
}

thread_local! {
    static OUTPUT: std::cell::Cell<Output> = const {
        std::cell::Cell::new(Output {
            asked: None,
            event: None,
            zone: crate::domain::zone::EventZone::Machine,
        })
    };
}

/// The language of what the command line prints now.
pub fn out_lang() -> crate::domain::rules::Lang {
    let o = OUTPUT.with(std::cell::Cell::get);
    o.asked
        .or(o.event)
        .unwrap_or(crate::domain::rules::Lang::Zh)
}

/// The time zone of what the command line prints and reads now.
pub fn out_zone() -> crate::domain::zone::EventZone {
    OUTPUT.with(std::cell::Cell::get).zone
}

/// Sets the output language asked for on the command line.
pub(crate) fn set_asked(lang: Option<LangArg>) {
    OUTPUT.with(|o| {
        let mut v = o.get();
        v.asked = lang.map(|l| self::lang(Some(l), None));
        o.set(v);
    });
}

/// Takes the event's language and zone from its rules.
pub fn set_event(rules: &Rules) {
    OUTPUT.with(|o| {
        let mut v = o.get();
        v.event = rules.lang;
        v.zone = crate::domain::zone::EventZone::of(rules);
        o.set(v);
    });
}

/// Reads the event's rules from the first record of the log at `path` (cheap: one line) so
/// that times typed before the log is opened are read in the event's zone. The log is opened
/// as `Log::open` opens it (installed: with the writer group's rights, so a user who cannot
/// read the file itself still gets the event's zone); only a regular file, and at most one
/// record's length of it, is read.
pub fn prime(path: &Path) {
    use std::io::{BufRead as _, Read as _};
    let Ok(f) =
        crate::log::privilege::open_log(path).or_else(|_| crate::platform::open_regular(path))
    else {
        return;
    };
    if !f.metadata().is_ok_and(|m| m.is_file()) {
        return;
    }
    let mut first = Vec::new();
    let read = std::io::BufReader::new(f.take(crate::log::MAX_LINE)).read_until(b'\n', &mut first);
    let Ok(first) = read.map(|_| String::from_utf8_lossy(&first).into_owned()) else {
        return;
    };
    if let Ok(rec) = crate::log::record::decode(first.trim_end())
        && let crate::domain::Event::Created { rules, .. } = &rec.ev
    {
        set_event(rules);
    }
}

pub type CliResult = Result<(), CliError>;

pub fn err<T>(msg: impl Into<String>) -> Result<T, CliError> {
    Err(CliError(msg.into()))
}

/// The language asked for, else the event's default, else Chinese.
pub fn lang(cli_lang: Option<LangArg>, rules: Option<&Rules>) -> crate::domain::rules::Lang {
    use crate::domain::rules::Lang;
    match cli_lang {
        Some(LangArg::En) => Lang::En,
        Some(LangArg::Zh) => Lang::Zh,
        None => rules.and_then(|r| r.lang).unwrap_or(Lang::Zh),
    }
}

/// Runs one parsed command line.
pub fn run(cli: Cli) -> CliResult {
    let role = match &cli.role {
        Some(r) => Some(
            r.parse::<Role>()
                .map_err(|_| fail_msg(&Msg::UnknownRole(r.trim().to_string())))?,
        ),
        None => None,
    };
    let ctx = Ctx {
        role,
        lang: cli.lang,
        correction: cli.correction,
        allow_damaged: cli.allow_damaged,
    };
    set_asked(cli.lang);
    // The event's language (rules `lang`) from the start, so that even a mistyped board
    // number is refused in it.
    if let Some(path) = cli.cmd.as_ref().and_then(log_of) {
        prime(path);
    }
    match cli.cmd {
        None => crate::console::run_demo(None, lang(cli.lang, None)).map_err(CliError),
        Some(Cmd::Demo {
            theme, team: true, ..
        }) => {
            crate::console::run_team_demo(theme.as_deref(), lang(cli.lang, None)).map_err(CliError)
        }
        Some(Cmd::Demo { sample, theme, .. }) => {
            crate::console::run_demo_of(sample, theme.as_deref(), lang(cli.lang, None))
                .map_err(CliError)
        }
        Some(Cmd::Console { log, theme }) => crate::console::run_console(
            Log::open(&log)?,
            role,
            theme.as_deref(),
            cli.lang.map(|l| lang(Some(l), None)),
        )
        .map_err(CliError),
        Some(cmd) => dispatch(&ctx, cmd),
    }
}

/// The log a command works on, if any.
fn log_of(cmd: &Cmd) -> Option<&Path> {
    use args::PlayerCmd as P;
    match cmd {
        Cmd::New { .. } | Cmd::Presets { .. } | Cmd::Simulate { .. } | Cmd::Demo { .. } => None,
        Cmd::Player(
            P::Add { log, .. }
            | P::Import { log, .. }
            | P::Withdraw { log, .. }
            | P::Reinstate { log, .. }
            | P::List { log },
        )
        | Cmd::Team(
            args::TeamCmd::Add { log, .. }
            | args::TeamCmd::Change { log, .. }
            | args::TeamCmd::List { log },
        )
        | Cmd::Lineup { log, .. }
        | Cmd::Draw { log, .. }
        | Cmd::Pair(args::PairArgs { log, .. })
        | Cmd::Unpair { log, .. }
        | Cmd::Start { log, .. }
        | Cmd::Result { log, .. }
        | Cmd::Absent(args::SeatArgs { log, .. })
        | Cmd::Arrive(args::SeatArgs { log, .. })
        | Cmd::Foul { log, .. }
        | Cmd::Clock { log, .. }
        | Cmd::Flag { log, .. }
        | Cmd::Claim { log, .. }
        | Cmd::Limit { log, .. }
        | Cmd::Feed { log }
        | Cmd::Tick { log, .. }
        | Cmd::Export { log, .. }
        | Cmd::Verify { log }
        | Cmd::Repair { log }
        | Cmd::Audit { log, .. }
        | Cmd::Console { log, .. }
        | Cmd::Install { log, .. } => Some(log),
        Cmd::Serve { log, .. } => log.as_deref(),
    }
}

/// What every command may need besides its own arguments.
pub struct Ctx {
    pub role: Option<Role>,
    pub lang: Option<LangArg>,
    /// `--correction REASON`: the head arbiter enters a past time on purpose.
    pub correction: Option<String>,
    /// `--allow-damaged`: readers show a damaged log up to the damage, with a warning.
    pub allow_damaged: bool,
}

impl Ctx {
    /// The role asked for; with `--correction` and no `--role`, the head arbiter's role
    /// when the user holds it (only the head arbiter corrects a time).
    pub fn role_in(&self, rules: &Rules) -> Option<Role> {
        self.role.or_else(|| {
            (self.correction.is_some()
                && rules.roles_of(&user::current_user()).contains(&Role::Head))
            .then_some(Role::Head)
        })
    }
}

fn dispatch(ctx: &Ctx, cmd: Cmd) -> CliResult {
    match cmd {
        Cmd::Presets { show } => setup::presets(show.as_deref()),
        Cmd::New {
            log,
            preset,
            rules,
            title,
            date,
            zone,
        } => setup::new(
            &log,
            preset.as_deref(),
            rules.as_deref(),
            title,
            date.as_deref(),
            zone.as_deref(),
        ),
        Cmd::Player(p) => players::run(ctx, p),
        Cmd::Team(c) => teams::run(ctx, c),
        Cmd::Lineup {
            log,
            team,
            players,
            round,
        } => teams::lineup(ctx, &log, &team, &players, round),
        Cmd::Draw {
            log,
            seed,
            in_order,
        } => {
            if in_order {
                rounds::simple(ctx, &log, &Command::NumberInOrder)
            } else {
                players::draw(ctx, &log, seed)
            }
        }
        Cmd::Pair(a) => rounds::pair(ctx, &a),
        Cmd::Unpair { log, reason } => rounds::simple(ctx, &log, &Command::UnpairRound { reason }),
        Cmd::Start {
            log,
            at,
            correct,
            reason,
        } => {
            prime(&log);
            let at = time_arg(at.as_deref())?;
            if correct {
                let reason = reason.unwrap_or_default();
                rounds::simple(ctx, &log, &Command::CorrectStart { at, reason })
            } else {
                rounds::simple(ctx, &log, &Command::StartRound { at })
            }
        }
        Cmd::Result {
            log,
            board,
            result,
            round,
            confirm: true,
            ..
        } => {
            let _ = result;
            rounds::confirm(ctx, &log, &board, round)
        }
        Cmd::Result {
            log,
            board,
            result,
            round,
            correct,
            reason,
            ..
        } => rounds::result(
            ctx,
            &log,
            &board,
            result.as_deref().unwrap_or_default(),
            round,
            correct,
            reason,
        ),
        Cmd::Absent(s) => rounds::seat(ctx, &s, false),
        Cmd::Arrive(s) => rounds::seat(ctx, &s, true),
        Cmd::Foul {
            log,
            board,
            side,
            kind,
            round,
        } => rounds::foul(ctx, &log, &board, &side, &kind, round),
        Cmd::Clock {
            log,
            board,
            action,
            side,
            red,
            black,
            at,
        } => rounds::clock(
            ctx,
            &log,
            &board,
            &action,
            side.as_deref(),
            red.as_deref(),
            black.as_deref(),
            at.as_deref(),
        ),
        Cmd::Flag {
            log,
            board,
            side,
            at,
            observed,
        } => rounds::flag(ctx, &log, &board, &side, at.as_deref(), observed),
        Cmd::Claim {
            log,
            board,
            side,
            round,
        } => {
            let board = board_arg(&board)?;
            let side: crate::domain::Side = side_arg(&side)?;
            let round = round_arg(round)?;
            rounds::simple(ctx, &log, &Command::ClaimFoulLoss { round, board, side })
        }
        Cmd::Limit { log, board, note } => {
            let board = board_arg(&board)?;
            rounds::simple(ctx, &log, &Command::NoteMoveLimit { board, note })
        }
        Cmd::Feed { log } => feed::run(ctx, &log),
        Cmd::Tick { log, at } => {
            prime(&log);
            let now = time_arg(at.as_deref())?;
            rounds::tick(ctx, &log, now)
        }
        Cmd::Export {
            log,
            format,
            what,
            round,
            out,
            by,
            at,
            url,
        } => {
            let now = time_arg(at.as_deref())?;
            // The scoresheets' QR codes open the room page: `--url`, else the running serve's.
            let room = |rules: &Rules| url.clone().or_else(|| room_url(&log, rules));
            crate::export::run(
                &log,
                crate::export::Request {
                    format,
                    what,
                    round: round.map(Round),
                    by: by.unwrap_or(crate::cli::args::By::Board),
                },
                out.as_deref(),
                // Asked for, else the event's own (primed from the log's first line).
                ctx.lang.map(|l| lang(Some(l), None)).or(Some(out_lang())),
                now,
                ctx.if_damaged(),
                &room,
            )
            .map_err(CliError)
        }
        Cmd::Verify { log } => setup::verify(&log),
        Cmd::Repair { log } => setup::repair(&log),
        Cmd::Audit { log, last } => setup::audit(ctx, &log, last),
        Cmd::Simulate {
            preset,
            rules,
            players,
            teams,
            rounds,
            rounds_played,
            seed,
            out,
        } => {
            // The rules decide what is simulated: a team match event or an individual one,
            // whether they come from a preset or a file.
            let source = simulate::Source::of(preset.as_deref(), rules.as_deref())?;
            let rules = source.rules()?;
            let span = simulate::Span {
                rounds,
                played: rounds_played,
            };
            match simulate_teams::teams_for(&rules, teams, players) {
                Some(n) => simulate_teams::run(rules, n, span, seed, &out),
                None if teams.is_some() => simulate_teams::not_a_team_event(&source),
                None => simulate::run(rules, players.unwrap_or(0), span, seed, &out),
            }
        }
        Cmd::Install { log, group, bin } => install::run(&log, &group, &bin),
        Cmd::Serve { log, bind, demo } => serve::run(ctx, log.as_deref(), &bind, demo),
        Cmd::Console { .. } | Cmd::Demo { .. } => Ok(()),
    }
}

/// The address of the room page a running `bianpai serve` of `log` announced (believed from
/// root, the head arbiter or the organizer, as the console's `Q` does).
fn room_url(log: &Path, rules: &Rules) -> Option<String> {
    let trusted = |user: &str| {
        rules
            .roles_of(user)
            .iter()
            .any(|r| matches!(r, Role::Head | Role::Organizer))
    };
    crate::serve::running::find(log, &trusted)
}

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

/// `zh` in Chinese output, else `en`.
pub(crate) fn say(zh: String, en: String) -> String {
    match out_lang() {
        crate::domain::rules::Lang::Zh => zh,
        crate::domain::rules::Lang::En => en,
    }
}

/// A command-line message in the output language.
pub(crate) fn msg(m: &Msg) -> String {
    crate::i18n::cli::text(m, out_lang())
}

/// A command-line message as the error of a command.
pub(crate) fn fail_msg(m: &Msg) -> CliError {
    CliError(msg(m))
}

/// Fails with a command-line message.
pub(crate) fn fail<T>(m: &Msg) -> Result<T, CliError> {
    Err(fail_msg(m))
}

pub fn board_arg(s: &str) -> Result<Board, CliError> {
    match s.trim().parse::<u32>() {
        Ok(n) if n > 0 => Ok(Board(n)),
        _ => fail(&Msg::NotBoard(s.to_string())),
    }
}

pub fn player_arg(s: &str) -> Result<PlayerNo, CliError> {
    match s.trim().parse::<u32>() {
        Ok(n) if n > 0 => Ok(PlayerNo(n)),
        _ => fail(&Msg::NotPlayer(s.to_string())),
    }
}

pub fn round_arg(r: Option<u32>) -> Result<Option<Round>, CliError> {
    match r {
        Some(0) => fail(&Msg::RoundZero),
        other => Ok(other.map(Round)),
    }
}

/// A side typed on the command line (`red`, `b`, `红方`).
pub fn side_arg(s: &str) -> Result<crate::domain::Side, CliError> {
    s.parse()
        .map_err(|_| fail_msg(&Msg::UnknownSide(s.trim().to_string())))
}

/// A result word typed on the command line (`red_win`, `和`, `1-0`).
pub fn result_arg(s: &str) -> Result<crate::domain::GameResult, CliError> {
    s.parse()
        .map_err(|_| fail_msg(&Msg::UnknownResult(s.trim().to_string())))
}

/// A foul kind typed on the command line (`phone`).
pub fn foul_kind_arg(s: &str) -> Result<crate::domain::rules::FoulKind, CliError> {
    s.parse()
        .map_err(|_| fail_msg(&Msg::UnknownFoulKind(s.trim().to_string())))
}

/// A time typed on the command line, or now: RFC 3339 with an offset, or a local time in the
/// event's zone without one (`2024-07-06T08:30:00`, `2024-07-06 08:30`).
pub fn time_arg(s: Option<&str>) -> Result<DateTime<Utc>, CliError> {
    match s {
        None => Ok(Utc::now()),
        Some(s) => out_zone()
            .parse_time(s)
            .or_else(|_| fail(&Msg::NotTime(s.to_string()))),
    }
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
