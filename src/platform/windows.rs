//! The Windows side of `platform`: no file modes and no install mode; positional reads that
//! wait out another process's lock; ctrl-c, ctrl-break and SIGTERM stop the console.
//!
//! Windows file locks are mandatory: while one process holds the log's exclusive lock (for
//! the length of one append: decide, write, `sync_data`), another process's read of the
//! file fails with `ERROR_LOCK_VIOLATION`. A reader waits and reads again, for at most
//! `LOCKED_READ_WAIT`; a lock held longer than that is reported as the read's error.

// One signature on both platforms: what is always `Some`/`Ok` here is `None`/`Err` on the other.
#![allow(clippy::unnecessary_wraps)]

use std::fs::{File, Metadata, OpenOptions};
use std::io;
use std::os::windows::fs::FileExt;
use std::path::Path;
use std::time::{Duration, Instant};

pub const INSTALL_MODE: bool = false;

pub const STOP_SIGNALS: &[i32] = &[
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGBREAK,
];

/// `ERROR_LOCK_VIOLATION`: another process has locked a portion of the file.
const ERROR_LOCK_VIOLATION: i32 = 33;

/// The longest a reader waits for another process's append to finish.
const LOCKED_READ_WAIT: Duration = Duration::from_secs(10);

/// How often a read refused by a lock is tried again.
const LOCKED_READ_POLL: Duration = Duration::from_millis(5);

pub fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    let start = Instant::now();
    loop {
        match file.seek_read(buf, at) {
            Err(e)
                if e.raw_os_error() == Some(ERROR_LOCK_VIOLATION)
                    && start.elapsed() < LOCKED_READ_WAIT =>
            {
                std::thread::sleep(LOCKED_READ_POLL);
            }
            other => return other,
        }
    }
}

/// A handle opened for appending lacks the right to set the end of the file
/// (`FILE_WRITE_DATA`): then a second handle, opened for writing, cuts it.
pub fn truncate(file: &File, path: &Path, len: u64) -> io::Result<()> {
    match file.set_len(len) {
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => {
            OpenOptions::new().write(true).open(path)?.set_len(len)
        }
        other => other,
    }
}

pub fn shared_mode(opts: &mut OpenOptions) -> &mut OpenOptions {
    opts
}

pub fn set_shared_mode(_path: &Path) -> io::Result<()> {
    Ok(())
}

pub fn parent_id() -> Option<u32> {
    None
}

/// The Windows account name. There is no setgid binary on Windows, so nothing is gained by
/// distrusting the environment here: the roles map is checked by the tool, as in plain-file
/// mode on Unix.
pub fn user_name() -> Option<String> {
    std::env::var("USERNAME")
        .ok()
        .filter(|u| !u.trim().is_empty())
}

pub fn exe_metadata() -> io::Result<Metadata> {
    std::fs::metadata(std::env::current_exe()?)
}

pub fn real_uid() -> Option<u32> {
    None
}

pub fn is_root() -> bool {
    false
}

pub fn ids() -> (u32, u32, u32, u32) {
    (0, 0, 0, 0)
}

fn unsupported() -> io::Error {
    io::Error::new(io::ErrorKind::Unsupported, "the install mode is Unix-only")
}

pub fn set_thread_uid(_uid: u32) -> io::Result<()> {
    Err(unsupported())
}

pub fn set_thread_egid(_gid: u32) -> io::Result<()> {
    Err(unsupported())
}

pub fn raise_open_files(_want: u64) -> Option<u64> {
    None
}

pub fn set_not_dumpable() -> io::Result<()> {
    Err(unsupported())
}

pub fn nonblocking(opts: &mut OpenOptions) -> &mut OpenOptions {
    opts
}

pub fn owner(_m: &Metadata) -> Option<(u32, u32, u32)> {
    None
}

pub fn chown_mode(_path: &Path, _uid: u32, _gid: u32, _mode: u32) -> io::Result<()> {
    Err(unsupported())
}

pub fn create_mode(opts: &mut OpenOptions, _mode: u32) -> &mut OpenOptions {
    opts
}

/// No `O_NOFOLLOW` on Windows: opens normally.
pub fn no_follow(opts: &mut OpenOptions) -> &mut OpenOptions {
    opts
}

pub fn mode_permissions(_mode: u32) -> Option<std::fs::Permissions> {
    None
}

pub fn set_file_mode(_file: &File, _mode: u32) -> io::Result<()> {
    Ok(())
}

/// std's Windows file id (volume serial number, file index) is not stable yet.
pub fn dev_ino(_m: &Metadata) -> Option<(u64, u64)> {
    None
}

/// Best effort, without a stable file id in std (volume serial number and file index are
/// unstable): `path`, canonicalized, names a file of the same kind and creation time as
/// `meta` (appends by other processes do not change it, a file renamed over the path has its
/// own); where a creation time is missing, the same length and modification time. Two
/// distinct files created in the same instant are taken for one; on Windows nothing is
/// trusted on this (no install mode): it decides where side files go and when a replaced
/// log is opened again.
pub fn same_file(path: &Path, meta: &Metadata) -> bool {
    let Ok(path) = std::fs::canonicalize(path) else {
        return false;
    };
    std::fs::metadata(path).is_ok_and(|m| {
        m.file_type() == meta.file_type()
            && match (m.created(), meta.created()) {
                (Ok(a), Ok(b)) => a == b,
                _ => m.len() == meta.len() && m.modified().ok() == meta.modified().ok(),
            }
    })
}
