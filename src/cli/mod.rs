//! The headless command line (docs/cli.md): every action of the console, scriptable.
//! Each command parses its words, builds a domain `Command`, and appends through the log;
//! it prints, it never decides.

pub mod args;
mod dispatch;
mod exec;
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
mod trf_in;
mod words;

use std::path::Path;

pub use args::Cli;
use args::LangArg;
pub use dispatch::run;
pub use exec::{
    BatchOutcome, actor_for, execute, execute_batch, execute_in, open_log, open_reader,
    warn_damaged,
};
pub use words::{board_arg, foul_kind_arg, player_arg, result_arg, round_arg, side_arg, time_arg};

use crate::domain::{Role, Rules};
use crate::i18n::cli::Msg;
use crate::log::{LogError, user};

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
    let asked = cli_lang.map(|l| match l {
        LangArg::En => Lang::En,
        LangArg::Zh => Lang::Zh,
    });
    crate::lang_choice::choose(asked, rules)
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

    /// What this user reads of an event with `rules` (`log::reads`): in the role `--role`
    /// asks for, refused as for an act when they do not hold it (a viewer's always), else
    /// in the roles they hold (docs/trust.md).
    ///
    /// # Errors
    /// `--role` names a role the user does not hold.
    pub fn reads(&self, rules: &Rules) -> Result<crate::log::reads::Reads, CliError> {
        if let Some(r) = self.role {
            crate::console::resolve_role(rules, &user::current_user(), Some(r), out_lang())
                .map_err(CliError)?;
        }
        Ok(crate::log::reads::current(rules, self.role))
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
