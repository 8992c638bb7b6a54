//! bianpai (编排): a live console and command line for Xiangqi Swiss tournaments.
//!
//! `domain` is the pure core; `log` is the shared append-only file; `cli`, `console`,
//! `export` and `import` are the edges.

pub mod cli;
pub mod console;
pub mod domain;
pub mod export;
pub mod i18n;
pub mod import;
pub mod lang_choice;
pub mod log;
pub mod machine_zone;
pub mod platform;
pub mod rules_file;
pub mod serve;

/// `println!` that never panics: a closed pipe (`bianpai … | head`) ends output quietly.
/// Everything printed goes through `domain::text::escape`: text an older log holds cannot
/// send the terminal control sequences.
#[macro_export]
macro_rules! outln {
    () => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout());
    }};
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let text = format!($($t)*);
        let _ = writeln!(std::io::stdout(), "{}", $crate::domain::text::escape(&text));
    }};
}
