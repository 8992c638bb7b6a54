//! Reading the command line: clap parses, but its errors are said from the message
//! catalog in the output language — one line naming the argument, the value and the valid
//! values — never clap's English.

use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory as _, FromArgMatches as _};

use super::Cli;
use crate::domain::rules::Lang;
use crate::i18n::cli::ArgError;

/// What reading the command line came to.
pub enum Parsed {
    /// A command to run.
    Run(Box<Cli>),
    /// Text to print on standard output (help, version), then exit 0.
    Print(String),
    /// One error line (without the `bianpai: ` prefix), then exit 2.
    Error(String),
}

/// The language asked for with `--lang` among the raw arguments, before they are parsed (so
/// that the parser's own errors are said in it); Chinese when none or not a language.
pub fn asked_lang(args: &[OsString]) -> Lang {
    let mut it = args.iter().skip(1).map(|a| a.to_string_lossy());
    let mut lang = None;
    while let Some(a) = it.next() {
        if a == "--" {
            break;
        }
        let value = if a == "--lang" {
            it.next().map(std::borrow::Cow::into_owned)
        } else {
            a.strip_prefix("--lang=").map(str::to_string)
        };
        match value.as_deref().map(str::trim) {
            Some("en") => lang = Some(Lang::En),
            Some("zh") => lang = Some(Lang::Zh),
            _ => {}
        }
    }
    lang.unwrap_or(Lang::Zh)
}

/// Parses `args` (the program name first).
pub fn parse(args: Vec<OsString>) -> Parsed {
    let lang = asked_lang(&args);
    let cmd = match lang {
        Lang::Zh => chinese(Cli::command(), ""),
        Lang::En => Cli::command(),
    };
    let parsed = cmd
        .try_get_matches_from(args)
        .and_then(|m| Cli::from_arg_matches(&m));
    match parsed {
        Ok(cli) => Parsed::Run(Box::new(cli)),
        Err(e) => match e.kind() {
            ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                Parsed::Print(crate::i18n::cli::help_words(&e.to_string(), lang))
            }
            _ => Parsed::Error(crate::i18n::cli::arg_error(&arg_error(&e), lang)),
        },
    }
}

/// The command's help in Chinese: the about lines and argument helps from the catalog (a
/// command or argument the catalog does not know keeps its English).
fn chinese(mut cmd: clap::Command, path: &str) -> clap::Command {
    if let Some(about) = crate::i18n::cli::about_zh(path) {
        cmd = cmd.about(about).long_about(None::<&str>);
    }
    cmd = cmd.mut_args(|a| {
        let a = match crate::i18n::cli::arg_help_zh(path, a.get_id().as_str()) {
            Some(help) => a.help(help).long_help(None::<&str>),
            None => a,
        };
        let a = chinese_values(path, a);
        match chinese_placeholders(&a) {
            Some(names) => a.value_names(names),
            None => a,
        }
    });
    cmd.mut_subcommands(|sc| {
        let name = sc.get_name().to_string();
        let sub = if path.is_empty() {
            name
        } else {
            format!("{path} {name}")
        };
        chinese(sc, &sub)
    })
}

/// An argument whose values carry help of their own (`export --what scoresheets: …`) gets the
/// Chinese help of each value from the catalog. The parser stays the enum's, so the parsed
/// value is the same; only the listed values' help changes.
fn chinese_values(path: &str, a: clap::Arg) -> clap::Arg {
    match (path, a.get_id().as_str()) {
        ("export", "what") => a.value_parser(ZhValues::<super::args::What>::new("export", "what")),
        _ => a,
    }
}

/// The value parser of a `ValueEnum` whose possible values are listed with their Chinese
/// help (`i18n::cli::value_help_zh`); a value the catalog does not know keeps its English.
#[derive(Clone)]
struct ZhValues<E> {
    path: &'static str,
    id: &'static str,
    values: std::marker::PhantomData<E>,
}

impl<E> ZhValues<E> {
    fn new(path: &'static str, id: &'static str) -> Self {
        ZhValues {
            path,
            id,
            values: std::marker::PhantomData,
        }
    }
}

impl<E: clap::ValueEnum + Clone + Send + Sync + 'static> clap::builder::TypedValueParser
    for ZhValues<E>
{
    type Value = E;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<E, clap::Error> {
        clap::builder::EnumValueParser::<E>::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            E::value_variants()
                .iter()
                .filter_map(clap::ValueEnum::to_possible_value)
                .map(
                    |v| match crate::i18n::cli::value_help_zh(self.path, self.id, v.get_name()) {
                        Some(help) => v.help(help),
                        None => v,
                    },
                ),
        ))
    }
}

/// The English placeholders of an argument that takes values (its value names, else its id
/// in capitals, as clap writes them).
fn placeholders(a: &clap::Arg) -> Vec<String> {
    if !a.get_action().takes_values() {
        return Vec::new();
    }
    match a.get_value_names() {
        Some(names) => names.iter().map(ToString::to_string).collect(),
        None => vec![a.get_id().as_str().to_uppercase()],
    }
}

/// The Chinese placeholders of an argument, when the catalog has every one of them.
fn chinese_placeholders(a: &clap::Arg) -> Option<Vec<&'static str>> {
    let names = placeholders(a);
    if names.is_empty() {
        return None;
    }
    names
        .iter()
        .map(|n| crate::i18n::cli::placeholder_zh(n))
        .collect()
}

fn string(e: &clap::Error, kind: ContextKind) -> Option<String> {
    match e.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(v) => v.first().cloned(),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        _ => None,
    }
}

fn strings(e: &clap::Error, kind: ContextKind) -> Vec<String> {
    match e.get(kind) {
        Some(ContextValue::String(s)) => vec![s.clone()],
        Some(ContextValue::Strings(v)) => v.clone(),
        Some(ContextValue::StyledStrs(v)) => v.iter().map(ToString::to_string).collect(),
        Some(ContextValue::StyledStr(s)) => vec![s.to_string()],
        _ => Vec::new(),
    }
}

/// What clap found wrong, from its kind and context.
fn arg_error(e: &clap::Error) -> ArgError {
    let arg = || string(e, ContextKind::InvalidArg).unwrap_or_default();
    let value = || string(e, ContextKind::InvalidValue).unwrap_or_default();
    match e.kind() {
        ErrorKind::UnknownArgument => ArgError::UnknownArgument {
            arg: arg(),
            suggested: string(e, ContextKind::SuggestedArg),
        },
        ErrorKind::InvalidSubcommand => ArgError::UnknownCommand {
            cmd: string(e, ContextKind::InvalidSubcommand).unwrap_or_default(),
            suggested: string(e, ContextKind::SuggestedSubcommand),
        },
        ErrorKind::InvalidValue => ArgError::InvalidValue {
            arg: arg(),
            value: value(),
            valid: strings(e, ContextKind::ValidValue),
        },
        ErrorKind::ValueValidation => ArgError::NotANumber {
            arg: arg(),
            value: value(),
            why: std::error::Error::source(e)
                .map(ToString::to_string)
                .unwrap_or_default(),
        },
        ErrorKind::MissingRequiredArgument => ArgError::Missing {
            args: strings(e, ContextKind::InvalidArg),
        },
        ErrorKind::ArgumentConflict => {
            let other = string(e, ContextKind::PriorArg);
            if other.as_deref() == Some(arg().as_str()) {
                ArgError::Repeated { arg: arg() }
            } else {
                ArgError::Conflict { arg: arg(), other }
            }
        }
        ErrorKind::TooManyValues | ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            ArgError::WrongCount {
                arg: arg(),
                expected: match e.get(ContextKind::ExpectedNumValues) {
                    Some(ContextValue::Number(n)) => Some(*n),
                    _ => None,
                },
            }
        }
        ErrorKind::MissingSubcommand => ArgError::MissingCommand {
            cmd: string(e, ContextKind::InvalidSubcommand).unwrap_or_else(|| "bianpai".into()),
        },
        ErrorKind::InvalidUtf8 => ArgError::NotUtf8,
        _ => ArgError::Other {
            detail: first_line(&e.to_string()),
        },
    }
}

/// Clap's own message, on one line, without its usage block.
fn first_line(text: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty() && !l.starts_with("Usage:"))
        .collect();
    let line = lines.join(" ");
    line.strip_prefix("error: ").unwrap_or(&line).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<OsString> {
        std::iter::once("bianpai")
            .chain(words.iter().copied())
            .map(OsString::from)
            .collect()
    }

    fn error(words: &[&str]) -> String {
        match parse(args(words)) {
            Parsed::Error(e) => e,
            Parsed::Run(c) => panic!("{words:?}: parsed as {c:?}"),
            Parsed::Print(p) => panic!("{words:?}: printed {p}"),
        }
    }

    #[test]
    fn the_language_is_read_before_parsing() {
        assert_eq!(asked_lang(&args(&["--lang", "en", "x"])), Lang::En);
        assert_eq!(asked_lang(&args(&["x", "--lang=en"])), Lang::En);
        assert_eq!(asked_lang(&args(&["--lang", "fr"])), Lang::Zh);
        assert_eq!(asked_lang(&args(&["--", "--lang", "en"])), Lang::Zh);
    }

    #[test]
    fn parser_errors_name_the_argument_in_either_language() {
        let e = error(&["result", "a.log", "1", "draw", "--round", "abc"]);
        assert!(
            e.contains("--round") && e.contains("'abc'") && e.contains("不是"),
            "{e}"
        );
        let e = error(&[
            "--lang", "en", "result", "a.log", "1", "draw", "--round", "abc",
        ]);
        assert!(
            e.contains("--round") && e.contains("'abc'") && e.contains("invalid"),
            "{e}"
        );
        let e = error(&["--lang", "fr", "verify", "a.log"]);
        assert!(
            e.contains("'fr'") && e.contains("zh, en") && e.contains("无效"),
            "{e}"
        );
        let e = error(&["result", "a.log"]);
        assert!(e.contains("台号") && e.contains("结果"), "{e}");
        let e = error(&["frobnicate"]);
        assert!(e.contains("frobnicate") && e.contains("没有命令"), "{e}");
        let e = error(&["pair", "a.log", "--swap", "2"]);
        assert!(e.contains("--swap") && e.contains("须给出2个值"), "{e}");
        let e = error(&["new", "a.log", "--preset", "x", "--rules", "y"]);
        assert!(e.contains("--preset") && e.contains("--rules"), "{e}");
    }

    #[test]
    fn every_command_and_argument_has_chinese_help() {
        fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
            if crate::i18n::cli::about_zh(path).is_none() {
                missing.push(format!("about of '{path}'"));
            }
            for a in cmd.get_arguments() {
                let id = a.get_id().as_str();
                if crate::i18n::cli::arg_help_zh(path, id).is_none() {
                    missing.push(format!("'{path}' {id}"));
                }
                // A value with help of its own has it in Chinese too.
                for v in a.get_possible_values() {
                    if v.get_help().is_some()
                        && crate::i18n::cli::value_help_zh(path, id, v.get_name()).is_none()
                    {
                        missing.push(format!("'{path}' {id} value {}", v.get_name()));
                    }
                }
                // Placeholders in capitals are names (a literal value such as `red|black`
                // is what the user types, and stays).
                let names = placeholders(a);
                if names
                    .iter()
                    .any(|n| n.chars().any(|c| c.is_ascii_uppercase()))
                    && chinese_placeholders(a).is_none()
                {
                    missing.push(format!("'{path}' {id}: placeholder {names:?}"));
                }
            }
            for sc in cmd.get_subcommands() {
                let name = sc.get_name();
                let sub = if path.is_empty() {
                    name.to_string()
                } else {
                    format!("{path} {name}")
                };
                walk(sc, &sub, missing);
            }
        }
        let mut missing = Vec::new();
        walk(&Cli::command(), "", &mut missing);
        assert!(missing.is_empty(), "no Chinese help for {missing:?}");
    }

    #[test]
    fn team_add_names_its_fields_in_either_language() {
        let Parsed::Print(h) = parse(args(&["team", "add", "--help"])) else {
            panic!("no help")
        };
        assert!(
            h.contains("--name <队名>") && h.contains("<日志文件>  赛事日志文件"),
            "{h}"
        );
        assert!(
            !h.contains("姓名"),
            "a team's name is no person's name: {h}"
        );
        let Parsed::Print(h) = parse(args(&["--lang", "en", "team", "add", "--help"])) else {
            panic!("no help")
        };
        let line = |flag: &str| {
            h.lines()
                .find(|l| l.trim_start().starts_with(flag))
                .unwrap_or_else(|| panic!("no {flag} in {h}"))
                .to_string()
        };
        assert!(line("--name <TEAM>").contains("The team's name"), "{h}");
        assert!(line("<LOG>").contains("log file"), "{h}");
        for flag in ["--players <NOS>", "--reserves <NOS>"] {
            assert!(
                line(flag).contains("Player numbers") || line(flag).contains("player numbers"),
                "{h}"
            );
        }
    }

    #[test]
    fn help_is_chinese_by_default_and_english_on_request() {
        let Parsed::Print(h) = parse(args(&["result", "--help"])) else {
            panic!("no help")
        };
        assert!(
            h.contains("用法:") && h.contains("按台号录入结果") && h.contains("显示帮助"),
            "{h}"
        );
        assert!(!h.contains("Usage") && !h.contains("Options"), "{h}");
        let Parsed::Print(h) = parse(args(&["export", "--help"])) else {
            panic!("no help")
        };
        assert!(h.contains("成绩单") && !h.contains("result slip"), "{h}");
        // Every value of --what that has a description has it in Chinese.
        for value in ["scoresheets:", "schedule:", "matches:", "slips:"] {
            let said = h
                .lines()
                .find_map(|l| l.trim_start().strip_prefix("- ")?.strip_prefix(value))
                .unwrap_or_else(|| panic!("no {value} in {h}"));
            assert!(
                !said.trim().is_empty() && !said.chars().any(|c| c.is_ascii_alphabetic()),
                "{value}{said}"
            );
        }
        let Parsed::Print(h) = parse(args(&["--lang", "en", "result", "--help"])) else {
            panic!("no help")
        };
        assert!(
            h.contains("Usage:") && h.contains("Record a result by board number"),
            "{h}"
        );
    }
}
