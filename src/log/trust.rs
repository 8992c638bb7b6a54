//! Where a log's side files live, and what they may be trusted for (findings 1, 2,
//! 4 and 6). Side files: the state snapshot, the lock holder's note, a torn tail cut off by
//! `repair`.
//!
//! - Every place is decided from the log's **canonical** path (symlinks resolved), checked to
//!   name the very file that is open (same device and inode), never from the path as typed:
//!   a symlink in a directory a user owns leads nowhere near that directory.
//! - **Install mode** (the setgid binary opened an installed log, a file of the writer group):
//!   side files live only in the *state directory* `.bianpai/` beside the canonical log, made
//!   by `bianpai install` owned by root and the writer group, mode 2770. It is trusted only
//!   while it is exactly that (owner root, the log's group, nothing for others, not a
//!   symlink); nobody but root and the binary can enter it, so a snapshot there can be neither
//!   planted nor read (the state holds ID numbers, birth dates, fees and notes). Without a
//!   trusted state directory the binary keeps no side file at all.
//! - Root running the plain binary on an installed log uses the same state directory.
//! - **Plain mode** (everything else): beside the canonical log, as the log's own permissions
//!   allow; whoever can write that directory can rewrite the log too.
//!
//! The threat model is docs/trust.md; docs/rules.md has no rule on storage, the
//! log's own guarantees are docs/trust.md "Guarantees".

use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

use super::privilege;

/// The state directory's name beside the log.
pub const STATE_DIR: &str = ".bianpai";

/// Where this log's side files go and how this process may touch them.
#[derive(Clone, Debug, Default)]
pub struct Place {
    /// The canonical path of the log (when it could be resolved to the open file).
    pub canonical: Option<PathBuf>,
    /// The directory side files go in, `None` for none at all.
    pub dir: Option<PathBuf>,
    /// This process opened an installed log with the writer group's rights.
    pub installed: bool,
    /// Side files are opened with the writer group's rights (the state directory).
    pub as_writer: bool,
}

impl Place {
    /// The path of side file `suffix` (`snapshot`, `lock-info`), if there is a place.
    pub fn side(&self, suffix: &str) -> Option<PathBuf> {
        let dir = self.dir.as_ref()?;
        let name = self.canonical.as_ref()?.file_name()?;
        let mut n = name.to_owned();
        n.push(".");
        n.push(suffix);
        Some(dir.join(n))
    }

    /// Runs `f` with the writer group's rights when side files need them.
    pub fn run<T>(&self, f: impl FnOnce() -> T) -> T {
        if self.as_writer { with_writer(f) } else { f() }
    }
}

/// Decides the place for the log at `path`, open as `file`.
pub fn place(path: &Path, file: &File) -> Place {
    let Ok(meta) = file.metadata() else {
        return Place::default();
    };
    let gid = crate::platform::owner(&meta).map(|(_, gid, _)| gid);
    let installed = privilege::installed().is_some_and(|ids| gid == Some(ids.writer));
    let canonical = std::fs::canonicalize(path)
        .ok()
        .filter(|c| same_file(c, &meta));
    let Some(canonical) = canonical else {
        return Place {
            installed,
            ..Place::default()
        };
    };
    let parent = canonical
        .parent()
        .map_or_else(|| PathBuf::from("/"), Path::to_path_buf);
    let state = parent.join(STATE_DIR);
    let trusted = gid.is_some_and(|gid| trusted_dir(&state, gid));
    let root = crate::platform::is_root();
    let (dir, as_writer) = if trusted && installed {
        (Some(state), true)
    } else if trusted && root {
        (Some(state), false)
    } else if installed {
        (None, false)
    } else {
        (Some(parent), false)
    };
    Place {
        canonical: Some(canonical),
        dir,
        installed,
        as_writer,
    }
}

/// Whether `path` (not followed if a symlink) names the file described by `meta`.
pub fn same_file(path: &Path, meta: &std::fs::Metadata) -> bool {
    crate::platform::same_file(path, meta)
}

/// The state directory as install made it: a real directory of root and `gid`, nothing
/// for others.
pub fn trusted_dir(dir: &Path, gid: u32) -> bool {
    std::fs::symlink_metadata(dir).is_ok_and(|m| {
        m.file_type().is_dir()
            && crate::platform::owner(&m)
                .is_some_and(|(uid, g, mode)| uid == 0 && g == gid && closed_to_others(mode))
    })
}

/// A side file as only root or the binary makes it: a regular file (not a symlink) of the
/// state directory's group, nothing for others.
pub fn trusted_file(file: &File, gid: u32) -> bool {
    file.metadata().is_ok_and(|m| {
        m.is_file()
            && crate::platform::owner(&m)
                .is_some_and(|(_, g, mode)| g == gid && closed_to_others(mode))
    })
}

/// No permission bit for others.
fn closed_to_others(mode: u32) -> bool {
    mode.trailing_zeros() >= 3
}

/// Opens a side file for reading without following a symlink.
pub fn open_side(path: &Path) -> io::Result<File> {
    crate::platform::no_follow(OpenOptions::new().read(true)).open(path)
}

/// Runs `f` with the writer group as this thread's effective group (install mode), then
/// drops it again; a failure to drop aborts the process. Not installed: just runs `f`.
pub fn with_writer<T>(f: impl FnOnce() -> T) -> T {
    let Some(ids) = privilege::installed() else {
        return f();
    };
    if crate::platform::set_thread_egid(ids.writer).is_err() {
        return f();
    }
    let out = f();
    if crate::platform::set_thread_egid(ids.real).is_err() || crate::platform::ids().3 != ids.real {
        // Never go on with the writer group's rights.
        std::process::abort();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_plain_log_keeps_its_side_files_beside_its_real_path() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real");
        std::fs::create_dir(&real).unwrap();
        let log = real.join("day.log");
        std::fs::write(&log, "x\n").unwrap();
        let link = dir.path().join("link.log");
        std::os::unix::fs::symlink(&log, &link).unwrap();
        let p = place(&link, &File::open(&link).unwrap());
        let canon = std::fs::canonicalize(&log).unwrap();
        assert_eq!(
            p.side("snapshot"),
            Some(PathBuf::from(format!("{}.snapshot", canon.display())))
        );
        assert!(!p.installed && !p.as_writer);
    }

    #[cfg(unix)]
    #[test]
    fn a_state_directory_of_the_wrong_owner_is_not_trusted() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let dir = tempfile::tempdir().unwrap();
        let gid = std::fs::metadata(dir.path()).unwrap().gid();
        // Made by this (test) user: trusted only when that user is root and nothing is
        // open to others.
        let state = dir.path().join(STATE_DIR);
        std::fs::create_dir(&state).unwrap();
        let uid = std::fs::metadata(&state).unwrap().uid();
        std::fs::set_permissions(&state, std::fs::Permissions::from_mode(0o2770)).unwrap();
        assert_eq!(trusted_dir(&state, gid), uid == 0);
        std::fs::set_permissions(&state, std::fs::Permissions::from_mode(0o2775)).unwrap();
        assert!(!trusted_dir(&state, gid));
        assert!(!trusted_dir(&state, gid + 1));
    }
}
