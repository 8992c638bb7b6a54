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
pub fn arg_error(e: &ArgError, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let a = |raw: &str| arg(raw, lang);
    let line = match e {
        ArgError::UnknownArgument { arg: x, suggested } => {
            let tip = suggested.as_deref().map(&a);
            match (zh, tip) {
                (true, Some(t)) => format!("不认识的参数 '{x}' (是否想用 {t}?)"),
                (true, None) => format!("不认识的参数 '{x}'"),
                (false, Some(t)) => format!("unexpected argument '{x}' (a similar one: {t})"),
                (false, None) => format!("unexpected argument '{x}'"),
            }
        }
        ArgError::UnknownCommand { cmd, suggested } => match (zh, suggested) {
            (true, Some(s)) => format!("没有命令 '{cmd}' (是否想用 {s}?)"),
            (true, None) => format!("没有命令 '{cmd}'"),
            (false, Some(s)) => format!("unrecognized command '{cmd}' (a similar one: {s})"),
            (false, None) => format!("unrecognized command '{cmd}'"),
        },
        ArgError::InvalidValue {
            arg: x,
            value,
            valid,
        } => {
            let list = valid.join(", ");
            if zh {
                format!("{}: 无效的值 '{value}' (可选: {list})", a(x))
            } else {
                format!(
                    "invalid value '{value}' for {} (possible values: {list})",
                    a(x)
                )
            }
        }
        ArgError::NotANumber { arg: x, value, why } => {
            if zh {
                format!("{}: '{value}' 不是有效的数 (0, 1, 2, …)", a(x))
            } else {
                format!("invalid value '{value}' for {}: {why}", a(x))
            }
        }
        ArgError::Missing { args } => {
            let names: Vec<String> = args.iter().map(|x| a(x)).collect();
            if zh {
                format!("缺少参数: {}", names.join("、"))
            } else {
                format!(
                    "the following required arguments were not provided: {}",
                    names.join(" ")
                )
            }
        }
        ArgError::Conflict { arg: x, other } => match (zh, other) {
            (true, Some(o)) => format!("{} 不能与 {} 同用", a(x), a(o)),
            (true, None) => format!("{} 不能与其他参数同用", a(x)),
            (false, Some(o)) => format!("the argument {} cannot be used with {}", a(x), a(o)),
            (false, None) => format!(
                "the argument {} cannot be used with one or more of the other arguments",
                a(x)
            ),
        },
        ArgError::WrongCount { arg: x, expected } => match (zh, expected) {
            (true, Some(n)) => format!("{}: 须给出{n}个值", a(x)),
            (true, None) => format!("{}: 值的个数不对", a(x)),
            (false, Some(n)) => format!("{}: wrong number of values ({n} expected)", a(x)),
            (false, None) => format!("{}: wrong number of values", a(x)),
        },
        ArgError::Repeated { arg: x } => {
            if zh {
                format!("{} 只能给一次", a(x))
            } else {
                format!("the argument {} cannot be used multiple times", a(x))
            }
        }
        ArgError::MissingCommand { cmd } => {
            if zh {
                format!("{cmd} 需要一个子命令")
            } else {
                format!("'{cmd}' requires a subcommand")
            }
        }
        ArgError::NotUtf8 => {
            if zh {
                "参数含有无效的 UTF-8 字节".to_string()
            } else {
                "invalid UTF-8 was detected in one or more arguments".to_string()
            }
        }
        ArgError::Other { detail } => {
            if zh {
                "命令行参数有误".to_string()
            } else {
                detail.clone()
            }
        }
    };
    if zh {
        format!("{line} (见 bianpai --help)")
    } else {
        format!("{line} (see bianpai --help)")
    }
}

/// An argument's name as clap writes it, for `lang`: in Chinese a positional `<BOARD>` is
/// named by its meaning (台号) and an option by its flag (`--round`); English keeps clap's.
pub fn arg(raw: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return raw.to_string();
    }
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
