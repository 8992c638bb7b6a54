//! The `bianpai` binary: parse the arguments and hand over to the command line or the console.

use clap::Parser;

fn main() {
    // Installed setgid: drop the writer group's rights before anything else (issue 14).
    if let Err(e) = bianpai::log::privilege::drop_at_start() {
        eprintln!("bianpai: cannot drop the installed group's rights: {e}");
        std::process::exit(1);
    }
    let cli = match bianpai::cli::Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                let _ = e.print();
                std::process::exit(0);
            }
            // One line: clap's first line, without the usage block.
            let text = e.to_string();
            let message: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.is_empty() && !l.starts_with("Usage:"))
                .collect();
            let message = message.join(" ");
            let message = message.strip_prefix("error: ").unwrap_or(&message);
            eprintln!("bianpai: {} (see bianpai --help)", one_line(message));
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
