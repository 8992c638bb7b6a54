//! The parser's errors (clap's), said from the catalog: one line naming the argument, the
//! value and the values allowed.

use crate::domain::rules::Lang;

/// What was wrong with the words of a command line, as the parser found it. Argument names
/// come as clap writes them (`--round <ROUND>`, `<BOARD>`); `arg` renders them per language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgError {
    /// An option or word the command does not take; a similar one when there is.
    UnknownArgument {
        arg: String,
        suggested: Option<String>,
    },
    /// A command that does not exist.
    UnknownCommand {
        cmd: String,
        suggested: Option<String>,
    },
    /// A value outside a fixed list (`--lang fr`, `--format pdf`).
    InvalidValue {
        arg: String,
        value: String,
        valid: Vec<String>,
    },
    /// A value that is not a number where one is needed (`--round abc`); `why` is the
    /// parser's own reason (shown in English only).
    NotANumber {
        arg: String,
        value: String,
        why: String,
    },
    /// Arguments that must be given.
    Missing { args: Vec<String> },
    /// Two arguments that cannot go together.
    Conflict { arg: String, other: Option<String> },
    /// Too many or too few values for one argument (`--swap 2`).
    /// `expected` values when the parser says how many.
    WrongCount {
        arg: String,
        expected: Option<isize>,
    },
    /// The same option twice.
    Repeated { arg: String },
    /// A command that needs a subcommand (`player`).
    MissingCommand { cmd: String },
    /// Bytes that are not UTF-8 in an argument.
    NotUtf8,
    /// Anything else the parser refuses.
    Other { detail: String },
}

/// Renders an argument error as one line, ending with where to look for help.
#[allow(clippy::too_many_lines)]
pub fn arg_error(e: &ArgError, lang: Lang) -> String {
    let a = |raw: &str| arg(raw, lang);
    let line = match e {
        ArgError::UnknownArgument { arg: x, suggested } => match suggested.as_deref().map(&a) {
            Some(t) => words!(
                lang,
                format!("不认识的参数 '{x}' (是否想用 {t}?)"),
                format!("unexpected argument '{x}' (a similar one: {t})")
            ),
            None => words!(
                lang,
                format!("不认识的参数 '{x}'"),
                format!("unexpected argument '{x}'")
            ),
        },
        ArgError::UnknownCommand { cmd, suggested } => match suggested {
            Some(s) => words!(
                lang,
                format!("没有命令 '{cmd}' (是否想用 {s}?)"),
                format!("unrecognized command '{cmd}' (a similar one: {s})")
            ),
            None => words!(
                lang,
                format!("没有命令 '{cmd}'"),
                format!("unrecognized command '{cmd}'")
            ),
        },
        ArgError::InvalidValue {
            arg: x,
            value,
            valid,
        } => {
            let list = valid.join(", ");
            words!(
                lang,
                format!("{}: 无效的值 '{value}' (可选: {list})", a(x)),
                format!(
                    "invalid value '{value}' for {} (possible values: {list})",
                    a(x)
                )
            )
        }
        ArgError::NotANumber { arg: x, value, why } => words!(
            lang,
            format!("{}: '{value}' 不是有效的数 (0, 1, 2, …)", a(x)),
            format!("invalid value '{value}' for {}: {why}", a(x))
        ),
        ArgError::Missing { args } => {
            let names: Vec<String> = args.iter().map(|x| a(x)).collect();
            words!(
                lang,
                format!("缺少参数: {}", names.join("、")),
                format!(
                    "the following required arguments were not provided: {}",
                    names.join(" ")
                )
            )
        }
        ArgError::Conflict { arg: x, other } => match other {
            Some(o) => words!(
                lang,
                format!("{} 不能与 {} 同用", a(x), a(o)),
                format!("the argument {} cannot be used with {}", a(x), a(o))
            ),
            None => words!(
                lang,
                format!("{} 不能与其他参数同用", a(x)),
                format!(
                    "the argument {} cannot be used with one or more of the other arguments",
                    a(x)
                )
            ),
        },
        ArgError::WrongCount { arg: x, expected } => match expected {
            Some(n) => words!(
                lang,
                format!("{}: 须给出{n}个值", a(x)),
                format!("{}: wrong number of values ({n} expected)", a(x))
            ),
            None => words!(
                lang,
                format!("{}: 值的个数不对", a(x)),
                format!("{}: wrong number of values", a(x))
            ),
        },
        ArgError::Repeated { arg: x } => words!(
            lang,
            format!("{} 只能给一次", a(x)),
            format!("the argument {} cannot be used multiple times", a(x))
        ),
        ArgError::MissingCommand { cmd } => words!(
            lang,
            format!("{cmd} 需要一个子命令"),
            format!("'{cmd}' requires a subcommand")
        ),
        ArgError::NotUtf8 => words!(
            lang,
            "参数含有无效的 UTF-8 字节",
            "invalid UTF-8 was detected in one or more arguments"
        )
        .to_string(),
        ArgError::Other { detail } => words!(lang, "命令行参数有误".to_string(), detail.clone()),
    };
    words!(
        lang,
        format!("{line} (见 bianpai --help)"),
        format!("{line} (see bianpai --help)")
    )
}

/// An argument's name as clap writes it, for `lang`: in Chinese a positional `<BOARD>` is
/// named by its meaning (台号) and an option by its flag (`--round`); English keeps clap's.
pub fn arg(raw: &str, lang: Lang) -> String {
    words!(lang, arg_zh(raw), raw.to_string())
}

fn arg_zh(raw: &str) -> String {
    let raw = raw.trim();
    if let Some(name) = raw.strip_prefix('<').and_then(|r| r.strip_suffix('>')) {
        let name = name.trim_end_matches("...");
        if !name.is_ascii() {
            // Already the Chinese placeholder of the Chinese command line.
            return name.to_string();
        }
        return super::help::placeholder_zh(name).map_or_else(|| raw.to_string(), str::to_string);
    }
    if raw.starts_with('-') {
        return raw.split([' ', '=']).next().unwrap_or(raw).to_string();
    }
    raw.to_string()
}
