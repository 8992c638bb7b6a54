//! The JSON API (`/api/…`): the same values as `bianpai export --format json --what W`
//! (docs/cli.md), built by `export::json_value`, with every private key taken out: birth
//! dates, ID numbers, fees and notes are for the desk, not the hall.

use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::domain::Tournament;
use crate::export::What;
pub use crate::export::private::{PRIVATE_KEYS, scrub};

/// The `--what` a path names (`/api/standings` → `standings`).
pub fn what(name: &str) -> Option<What> {
    Some(match name {
        "all" => What::All,
        "pairings" => What::Pairings,
        "standings" => What::Standings,
        "crosstable" => What::Crosstable,
        "teams" => What::Teams,
        "prizes" => What::Prizes,
        "players" => What::Players,
        "clocks" => What::Clocks,
        "schedule" => What::Schedule,
        // A team match event's matches and team standings (not in `NAMES`: an individual
        // event has none, and the index lists what every event answers).
        "matches" => What::Matches,
        _ => return None,
    })
}

/// Every name `what` knows, for the index and the tests.
pub const NAMES: &[&str] = &[
    "all",
    "pairings",
    "standings",
    "crosstable",
    "teams",
    "prizes",
    "players",
    "clocks",
    "schedule",
];

/// The public value of `what` at `now`.
///
/// # Errors
/// The export's one-line reason (none is expected for the current round).
pub fn value(t: &Tournament, what: What, now: DateTime<Utc>) -> Result<Value, String> {
    let mut v =
        crate::export::json_value(t, what, None, now).map_err(|f| f.text(t.rules.event_lang()))?;
    scrub(&mut v);
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_a_what() {
        assert!(NAMES.iter().all(|n| what(n).is_some()));
        assert!(what("../etc/passwd").is_none());
    }
}
