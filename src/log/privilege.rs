//! The install mode: roles enforced by the operating system, not only by the tool.
//!
//! `bianpai install LOG` (as root) gives the log to a dedicated group that has no members
//! (`bianpai` by default; mode 0660, owner root) and installs the binary setgid to that group.
//! Nobody can then write the log except through the binary, and the binary writes only what
//! `decide` allows, in the name of the real user who runs it (the author comes from the real
//! uid, never from the environment), in a role the rules' `roles` map gives that user.
//!
//! Hygiene of the setgid binary:
//! - [`drop_at_start`] runs first in `main`, before any thread exists: the effective gid goes
//!   back to the caller's real gid at once, so everything (reading rules, import and theme
//!   files, writing exports, running a desktop notifier) runs with the caller's rights. The
//!   writer group stays only in the saved gid.
//! - [`open_log`] raises the effective gid on the calling thread only (Linux credentials are
//!   per thread), for one `open`, then drops it again; a failure to drop aborts the process.
//!   The file opened with the group's rights must be a regular file of the writer group;
//!   anything else is closed and opened again with the caller's own rights.
//! - The process is marked not dumpable, so the caller cannot trace it, read its memory or
//!   reach its open log descriptor through `/proc` (the kernel does this for setgid programs;
//!   it is set explicitly in case `suid_dumpable` says otherwise). Files are opened close-on-exec.
//! - A setuid bit is refused: the effective uid is set back to the real one.
//! - No environment variable is read on this path (`USER`, `LOGNAME`, `RUST_LOG`, paths):
//!   the dynamic loader already ignores `LD_*` for a setgid program.
//!
//! Root can always rewrite files; the threat model in docs/trust.md says what each mode
//! promises.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::Path;
use std::sync::OnceLock;

use crate::platform;

/// A group id.
type Gid = u32;

/// The caller's real gid and the writer group's gid, when running installed (setgid).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Installed {
    pub real: Gid,
    pub writer: Gid,
}

static INSTALLED: OnceLock<Option<Installed>> = OnceLock::new();

/// The install mode's ids, once [`drop_at_start`] has run in a setgid process.
pub fn installed() -> Option<Installed> {
    INSTALLED.get().copied().flatten()
}

/// First thing in `main`: when the binary runs setgid (effective gid other than the real
/// one), remembers the writer group and drops the effective gid to the real one for
/// everything but opening the log. A setuid bit is undone for good.
///
/// # Errors
/// When the operating system refuses to drop the rights (the caller must then exit).
pub fn drop_at_start() -> io::Result<()> {
    let (uid, euid, real, writer) = platform::ids();
    if euid != uid {
        platform::set_thread_uid(uid)?;
    }
    if real == writer {
        let _ = INSTALLED.set(None);
        return Ok(());
    }
    platform::set_thread_egid(real)?;
    if platform::ids().3 != real {
        return Err(io::Error::other("the effective group could not be dropped"));
    }
    platform::set_not_dumpable()?;
    let _ = INSTALLED.set(Some(Installed { real, writer }));
    Ok(())
}

/// Opens a log for reading and appending: the hook `Log::open` calls. Installed, with the
/// writer group's rights for the one `open`, keeping the file only if it is a regular file
/// of that group; otherwise (and when not installed) with the caller's own rights.
///
/// # Errors
/// As `OpenOptions::open` with the caller's rights.
pub fn open_log(path: &Path) -> io::Result<File> {
    let plain = || OpenOptions::new().read(true).append(true).open(path);
    let Some(ids) = installed() else {
        return plain();
    };
    match open_as_writer(path, ids) {
        Ok(f)
            if f.metadata().is_ok_and(|m| {
                m.is_file() && platform::owner(&m).map(|o| o.1) == Some(ids.writer)
            }) =>
        {
            Ok(f)
        }
        _ => plain(),
    }
}

fn open_as_writer(path: &Path, ids: Installed) -> io::Result<File> {
    platform::set_thread_egid(ids.writer)?;
    // Non-blocking: a FIFO of the group must not hang the open (checked to be a file after).
    let opened = platform::nonblocking(OpenOptions::new().read(true).append(true)).open(path);
    if platform::set_thread_egid(ids.real).is_err() || platform::ids().3 != ids.real {
        // Never go on with the writer group's rights.
        std::process::abort();
    }
    opened
}

/// The real uid of this process (the author of what it writes); `None` on Windows.
pub fn real_uid() -> Option<u32> {
    platform::real_uid()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_process_opens_with_its_own_rights() {
        // Tests do not run setgid: nothing is remembered and the open is a plain one.
        drop_at_start().unwrap();
        assert_eq!(installed(), None);
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.log");
        std::fs::write(&p, "a\n").unwrap();
        std::io::Write::write_all(&mut open_log(&p).unwrap(), b"b\n").unwrap();

        assert_eq!(std::fs::read_to_string(&p).unwrap(), "a\nb\n");
        assert!(open_log(&dir.path().join("missing")).is_err());
    }
}
