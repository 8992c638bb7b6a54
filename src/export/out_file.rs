//! Where an export lands: the `--out` file, written for its owner only when it holds codes
//! or private columns (docs/trust.md), and the check that it is not the log itself.

use std::path::Path;

use super::ExportFault;
use crate::domain::rules::Lang;

/// Writes the export to `p`: for its owner only (0600, said once on standard error) when it
/// holds codes or private columns (docs/trust.md), else as any file.
pub(super) fn write_out(
    p: &Path,
    bytes: &[u8],
    owner_only: bool,
    lang: Lang,
) -> Result<(), String> {
    let written = if owner_only {
        crate::platform::write_owner_only(p, bytes).map(|narrowed| {
            if narrowed {
                eprintln!(
                    "{}",
                    crate::i18n::errors::owner_only(&p.display().to_string(), lang)
                );
            }
        })
    } else {
        std::fs::write(p, bytes)
    };
    written.map_err(|e| {
        ExportFault::Write {
            place: format!("--out {}", p.display()),
            cause: crate::i18n::errors::io(&e, lang),
        }
        .text(lang)
    })
}

/// True when `out` names the same file as `log`.
pub(super) fn same_file(out: &Path, log: &Path) -> bool {
    match (std::fs::canonicalize(out), std::fs::canonicalize(log)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
