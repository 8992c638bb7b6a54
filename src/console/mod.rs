//! The live console (issue 5). Placeholder until the console lands.

use std::path::Path;

use crate::cli::args::LangArg;
use crate::domain::Role;
use crate::domain::rules::Lang;

pub fn run_demo(_theme: Option<&str>, _lang: Lang) -> Result<(), String> {
    Err("the console is not available in this build yet".into())
}

pub fn run_console(
    _log: &Path,
    _role: Option<Role>,
    _theme: Option<&str>,
    _lang: Option<LangArg>,
) -> Result<(), String> {
    Err("the console is not available in this build yet".into())
}
