//! What differs between Unix and Windows, behind one small portable API: the rest
//! of the crate calls `crate::platform::…` and holds no `cfg` of its own.
//!
//! The log keeps the same promises on both (docs/rules.md, "the log"; R2011 asks that the record of
//! an event be complete and unaltered): appends under an exclusive lock, every wait for it
//! bounded or cancellable (the lock itself is std's `File::lock`, the same call on both),
//! durable appends (`sync_data`), positional reads for the tail and the snapshot hash, and a
//! torn tail cut back to the last whole record.
//!
//! - `unix.rs`: file modes (0660 for the log and its side files), `pread`, the install mode's
//!   credential calls (setgid, per-thread effective gid, not dumpable, file owners), and the
//!   signals that stop the console and `serve` (SIGTERM, SIGHUP, SIGINT).
//! - `windows.rs`: no modes and no install mode (it says so instead, in the event's language);
//!   positional reads that wait out another process's lock (Windows locks are mandatory: a
//!   reader is refused while a writer holds the lock), and ctrl-c / SIGTERM.

use std::fs::{File, Metadata, OpenOptions};
use std::io;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

mod listener;
#[cfg(unix)]
mod unix;
#[cfg(unix)]
use unix as imp;

#[cfg(windows)]
mod windows;
#[cfg(windows)]
use windows as imp;

/// Whether this platform has the install mode (roles enforced by the operating system:
/// a setgid binary and a writer group). Unix only.
pub const INSTALL_MODE: bool = imp::INSTALL_MODE;

/// Reads up to `buf.len()` bytes of `file` at byte `at`, without using or moving a shared
/// cursor the caller relies on. `Ok(0)` at the end of the file.
///
/// # Errors
/// As the operating system's read; on Windows, also when another process held the file's
/// lock for longer than a write takes (see `windows.rs`).
pub fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    imp::read_at(file, buf, at)
}

/// Fills `buf` from `file` at byte `at`.
///
/// # Errors
/// `UnexpectedEof` when the file ends first; otherwise as [`read_at`].
pub fn read_exact_at(file: &File, mut buf: &mut [u8], mut at: u64) -> io::Result<()> {
    while !buf.is_empty() {
        match read_at(file, buf, at) {
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => {
                buf = &mut buf[n..];
                at += n as u64;
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Cuts `file` (open for appending, at `path`) back to `len` bytes, under its lock.
///
/// # Errors
/// As `set_len`.
pub fn truncate(file: &File, path: &Path, len: u64) -> io::Result<()> {
    imp::truncate(file, path, len)
}

/// A file the writers share (the log, a torn tail's side file) is created readable and
/// writable by its owner and group (0660 on Unix; Windows uses the folder's ACL).
pub trait SharedMode {
    fn shared_mode(&mut self) -> &mut Self;
}

impl SharedMode for OpenOptions {
    fn shared_mode(&mut self) -> &mut Self {
        imp::shared_mode(self)
    }
}

/// Sets the shared mode again after creating (the umask may have taken the group's write
/// bit away). Nothing to do on Windows.
///
/// # Errors
/// As `set_permissions`.
pub fn set_shared_mode(path: &Path) -> io::Result<()> {
    imp::set_shared_mode(path)
}

/// Sets `flag` when the process is asked to stop: SIGTERM, SIGHUP (the terminal hung up) and
/// SIGINT on Unix; ctrl-c (SIGINT) and SIGTERM on Windows.
///
/// # Errors
/// When a handler cannot be registered.
pub fn on_stop(flag: &Arc<AtomicBool>) -> io::Result<()> {
    for sig in imp::STOP_SIGNALS {
        signal_hook::flag::register(*sig, Arc::clone(flag))?;
    }
    Ok(())
}

/// Raises this process's open-files limit towards `want` (at most to its hard limit) and
/// returns the limit now in force; `None` where there is no such limit (Windows).
pub fn raise_open_files(want: u64) -> Option<u64> {
    imp::raise_open_files(want)
}

/// The parent process id, to notice that the shell that started us died (Unix); `None`
/// where there is no such cheap check (Windows closes the console with the window).
pub fn parent_id() -> Option<u32> {
    imp::parent_id()
}

/// The login name of the user running this process when it is not known from a numeric
/// uid: the Windows account name. `None` on Unix (the name comes from the real uid and
/// `/etc/passwd`, never from the environment a user sets).
pub fn user_name() -> Option<String> {
    imp::user_name()
}

/// The real uid of this process (who ran it); `None` on Windows.
pub fn real_uid() -> Option<u32> {
    imp::real_uid()
}

// The install mode's calls (Unix; on Windows they are never reached: `INSTALL_MODE` is
// false, ids are all equal and the calls refuse).

/// The metadata of this program's executable file (which build is running).
///
/// # Errors
/// When it cannot be found or read.
pub fn exe_metadata() -> io::Result<Metadata> {
    imp::exe_metadata()
}

/// Whether the effective user is root.
pub fn is_root() -> bool {
    imp::is_root()
}

/// The process's (real uid, effective uid, real gid, effective gid).
pub fn ids() -> (u32, u32, u32, u32) {
    imp::ids()
}

/// Sets real, effective and saved uid to `uid` on the calling thread (undoes a setuid bit).
///
/// # Errors
/// When the operating system refuses.
pub fn set_thread_uid(uid: u32) -> io::Result<()> {
    imp::set_thread_uid(uid)
}

/// Sets only the effective gid of the calling thread (Linux credentials are per thread).
///
/// # Errors
/// When the operating system refuses.
pub fn set_thread_egid(gid: u32) -> io::Result<()> {
    imp::set_thread_egid(gid)
}

/// Marks the process not dumpable (no tracing, no `/proc` access to its memory or files).
///
/// # Errors
/// When the operating system refuses.
pub fn set_not_dumpable() -> io::Result<()> {
    imp::set_not_dumpable()
}

/// Opens without blocking on a FIFO (`O_NONBLOCK`); the caller checks it is a file after.
pub fn nonblocking(opts: &mut OpenOptions) -> &mut OpenOptions {
    imp::nonblocking(opts)
}

/// The error for a path that names no regular file (a device such as `/dev/zero`, a FIFO, a
/// socket, a directory): such a thing never ends, or blocks, so nothing reads it.
pub fn not_regular() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        "not a regular file (a device, a pipe, a socket or a directory)",
    )
}

/// Whether `e` is [`not_regular`] (no operating-system code: the check is ours).
pub fn is_not_regular(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::InvalidInput && e.raw_os_error().is_none()
}

/// Opens `path` for reading, without blocking on a FIFO; anything but a regular file (a
/// symlink is followed) is refused with [`not_regular`].
///
/// # Errors
/// As `open`, or [`not_regular`].
pub fn open_regular(path: &Path) -> io::Result<File> {
    let f = nonblocking(OpenOptions::new().read(true)).open(path)?;
    if f.metadata()?.is_file() {
        Ok(f)
    } else {
        Err(not_regular())
    }
}

/// Reads the whole of a regular file of at most `max` bytes (a rules, theme or entry file):
/// anything else is refused before a byte is read, and a file that grows past `max` while
/// being read is refused too (`FileTooLarge`, carrying [`TooLarge`]).
///
/// # Errors
/// As [`open_regular`]; `FileTooLarge` above `max`.
pub fn read_regular(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    use std::io::Read as _;
    let f = open_regular(path)?;
    let too_large = || io::Error::new(io::ErrorKind::FileTooLarge, TooLarge(max));
    if f.metadata()?.len() > max {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    f.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_large());
    }
    Ok(bytes)
}

/// A file's owner uid, group gid and mode bits (`None` on Windows).
pub fn owner(m: &Metadata) -> Option<(u32, u32, u32)> {
    imp::owner(m)
}

/// Whether process `pid`, running as `uid`, still listens on TCP `port` through a socket of
/// `uid` (Linux, from `/proc`); `true` where this cannot be seen (see `listener.rs`).
pub fn holds_port(pid: u32, uid: u32, port: u16) -> bool {
    listener::holds(pid, uid, port)
}

/// Gives `path` to `uid`:`gid` and sets its mode bits.
///
/// # Errors
/// As `chown` and `chmod`; on Windows always (no install mode).
pub fn chown_mode(path: &Path, uid: u32, gid: u32, mode: u32) -> io::Result<()> {
    imp::chown_mode(path, uid, gid, mode)
}

/// Creates a new file with mode bits `mode` (Unix; Windows uses the folder's ACL).
pub fn create_mode(opts: &mut OpenOptions, mode: u32) -> &mut OpenOptions {
    imp::create_mode(opts, mode)
}

/// Refuses to open a symlink (`O_NOFOLLOW`). Windows has no such open flag: it opens
/// normally (there is no install mode there, so no side file is trusted for more than the
/// user's own rights allow).
pub fn no_follow(opts: &mut OpenOptions) -> &mut OpenOptions {
    imp::no_follow(opts)
}

/// Permissions of exactly the mode bits `mode` (`None` on Windows: no mode bits).
pub fn mode_permissions(mode: u32) -> Option<std::fs::Permissions> {
    imp::mode_permissions(mode)
}

/// Sets the mode bits of an open file (nothing to do on Windows).
///
/// # Errors
/// As `set_permissions`.
pub fn set_file_mode(file: &File, mode: u32) -> io::Result<()> {
    imp::set_file_mode(file, mode)
}

/// The device and inode of a file (`None` on Windows, where std has no stable file id).
pub fn dev_ino(m: &Metadata) -> Option<(u64, u64)> {
    imp::dev_ino(m)
}

/// Whether `path` (followed if a symlink) names the file described by `meta`: the same
/// device and inode on Unix; on Windows a best effort (see `windows.rs`).
pub fn same_file(path: &Path, meta: &Metadata) -> bool {
    imp::same_file(path, meta)
}

/// Writes `bytes` to `path` for its owner only: mode 0600 whatever the umask, also where an
/// older file with a wider mode stood (docs/trust.md). The bytes go to a new 0600 file beside
/// `path`, renamed over it, so that a reader who kept the older file open never sees them;
/// where the folder cannot take a new file, the existing file is narrowed to 0600 before it
/// is written. Windows has no mode bits: the file is written plainly (the folder's ACL
/// decides). True when the mode was set.
///
/// # Errors
/// As the operating system's open, write and rename.
pub fn write_owner_only(path: &Path, bytes: &[u8]) -> io::Result<bool> {
    use std::io::Write as _;
    let fill = |mut f: File| -> io::Result<()> {
        set_file_mode(&f, 0o600)?;
        f.write_all(bytes)
    };
    let mut tmp_name = path.as_os_str().to_owned();
    tmp_name.push(format!(
        ".{}-{:016x}.tmp",
        std::process::id(),
        rand::random::<u64>()
    ));
    let tmp = std::path::PathBuf::from(tmp_name);
    let mut opts = OpenOptions::new();
    opts.write(true).create_new(true);
    let fresh = create_mode(no_follow(&mut opts), 0o600).open(&tmp);
    let renamed = fresh.is_ok_and(|f| {
        let done = fill(f).and_then(|()| std::fs::rename(&tmp, path));
        if done.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        done.is_ok()
    });
    if !renamed {
        let mut opts = OpenOptions::new();
        opts.write(true).create(true).truncate(true);
        fill(create_mode(&mut opts, 0o600).open(path)?)?;
    }
    Ok(mode_permissions(0o600).is_some())
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;

    use super::*;

    #[test]
    fn positional_reads_fill_from_an_offset_and_stop_at_the_end() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.log");
        std::fs::write(&p, b"0123456789").unwrap();
        let f = File::open(&p).unwrap();
        let mut buf = [0u8; 4];
        read_exact_at(&f, &mut buf, 3).unwrap();
        assert_eq!(&buf, b"3456");
        assert_eq!(read_at(&f, &mut buf, 10).unwrap(), 0);
        let past = read_exact_at(&f, &mut buf, 8).unwrap_err();
        assert_eq!(past.kind(), io::ErrorKind::UnexpectedEof);
    }

    #[test]
    fn a_log_opened_for_appending_is_cut_back_and_appends_after_the_cut() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.log");
        let mut f = OpenOptions::new()
            .read(true)
            .append(true)
            .create_new(true)
            .shared_mode()
            .open(&p)
            .unwrap();
        f.write_all(b"whole\ntorn").unwrap();
        f.lock().unwrap();
        truncate(&f, &p, 6).unwrap();
        f.write_all(b"next\n").unwrap();
        // Closing releases the lock (as `repair`'s log does when the command ends): under
        // wine 8 an explicit unlock after a truncation is refused (ERROR_LOCK_VIOLATION).
        drop(f);
        assert_eq!(std::fs::read(&p).unwrap(), b"whole\nnext\n");
    }
}

/// The limit a read refused as too large went past (the payload of a `FileTooLarge` error), so
/// each language can name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge(pub u64);

impl TooLarge {
    /// The limit in whole megabytes, rounded up.
    pub fn megabytes(self) -> u64 {
        self.0.div_ceil(1024 * 1024)
    }

    /// The limit a `FileTooLarge` error carries, if it is one of ours.
    pub fn of(e: &io::Error) -> Option<TooLarge> {
        e.get_ref()?.downcast_ref::<TooLarge>().copied()
    }
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "larger than {} MB", self.megabytes())
    }
}

impl std::error::Error for TooLarge {}
