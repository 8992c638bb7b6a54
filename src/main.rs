//! The `bianpai` binary: parse the arguments and hand over to the command line or the console.

use bianpai::cli::parse::{self, Parsed};
use bianpai::i18n::cli::{Msg, text};

fn main() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // Installed setgid: drop the writer group's rights before anything else.
    if let Err(e) = bianpai::log::privilege::drop_at_start() {
        let lang = parse::asked_lang(&args);
        eprintln!("bianpai: {}", text(&Msg::DropRights(e.to_string()), lang));
        std::process::exit(1);
    }
    // The machine's zone, read once here: times of an event whose rules name none.
    bianpai::domain::zone::set_machine(bianpai::machine_zone::resolve());
    // Parser errors in the language asked for (Chinese by default), one line.
    let cli = match parse::parse(args) {
        Parsed::Run(c) => *c,
        Parsed::Print(out) => {
            print!("{out}");
            std::process::exit(0);
        }
        Parsed::Error(line) => {
            eprintln!("bianpai: {}", one_line(&line));
            std::process::exit(2);
        }
    };
    if let Err(e) = bianpai::cli::run(cli) {
        eprintln!("bianpai: {}", one_line(&e.to_string()));
        std::process::exit(1);
    }
}

/// An error is one line: control characters that came in with the input (a newline in a
/// name, a tab in a board number) are shown escaped, direction controls too.
fn one_line(text: &str) -> String {
    let flat: String = text
        .chars()
        .map(|c| {
            if matches!(c, '\n' | '\t') {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    bianpai::domain::text::escape(&flat).into_owned()
}
