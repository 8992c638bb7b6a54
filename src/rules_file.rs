//! Reading a rules file (`new --rules FILE`, `simulate --rules FILE`): the file is read here,
//! at the edge; the domain parses its text (`Rules::from_ron`) and names the file in errors.

use std::path::Path;

use crate::domain::rules::{Rules, RulesError};

/// Reads and parses a rules file: unreadable, not UTF-8, or bad RON are refused naming the
/// file (and the line, column and field where there is one).
///
/// # Errors
/// The file cannot be read, is not UTF-8 or is no valid rules file.
pub fn read(path: &Path) -> Result<Rules, RulesError> {
    let origin = path.display().to_string();
    // A regular file no longer than the log line it becomes (16 MB): `/dev/zero` is
    // refused before a byte is read.
    let read = crate::platform::read_regular(path, crate::log::MAX_LINE);
    let bytes = read.map_err(|e| RulesError::Read {
        origin: origin.clone(),
        kind: e.kind(),
        os_code: e.raw_os_error(),
        text: e.to_string(),
    })?;
    let text = String::from_utf8(bytes).map_err(|e| RulesError::NotUtf8 {
        origin: origin.clone(),
        byte: e.utf8_error().valid_up_to(),
    })?;
    Rules::from_ron(&text, &origin)
}
