//! Waiting for the log's lock, bounded, and naming who holds it.
//!
//! Every append takes the log's exclusive `flock`, `verify` and `repair` take it too. A writer
//! stopped while holding it (`kill -STOP`, a suspended terminal, a hung disk) used to freeze
//! every terminal of the event. Now:
//!
//! - a wait lasts at most [`WAIT`] without progress (the same holder, the file not growing;
//!   busy writers taking turns do not count as a stopped one); then nothing is written and
//!   the refusal names the holder:
//!   OS user, pid and since when. The pid comes from the kernel's own table (`/proc/locks`),
//!   which no user can forge; the user from that process's real uid; the time from the
//!   holder's note (`LOG.lock-info` in the install mode's state directory, written by the
//!   binary when it takes the lock), else from when the holder process started;
//! - in the install mode only a user with a role in the event ever takes the lock (the store
//!   checks before locking), so the holder is always one of the event's own staff;
//! - the way out for the head arbiter (docs/trust.md): the message gives user and pid; the
//!   holder's owner (`kill -CONT PID` or ending that terminal) or root (`kill PID`) frees it, as
//!   the lock dies with the process. Reading, the room page and every console screen go on
//!   meanwhile; only writes wait, and each tells why.

use std::fs::File;
use std::io::Write as _;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use chrono::{DateTime, Utc};

use super::trust::Place;

/// The longest any command waits for the lock.
pub const WAIT: Duration = Duration::from_secs(8);
/// How often a wait tries again.
const POLL: Duration = Duration::from_millis(5);
/// How often a wait looks for progress by others.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// Who holds a log's lock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holder {
    pub pid: u32,
    /// The holder's login name (or `uid<N>`).
    pub user: String,
    /// When it took the lock (from its note), or, failing that, when the process started.
    pub since: Option<DateTime<Utc>>,
    /// `since` is the process's start, not the moment the lock was taken.
    pub since_start: bool,
}

/// How a bounded wait ended.
pub enum Waited {
    Locked,
    /// `cancel` was set.
    Cancelled,
    /// [`WAIT`] passed; the holder, if it could be found.
    TimedOut(Option<Holder>),
}

/// Takes the lock (exclusive or shared) within [`WAIT`], or gives up when `cancel` is set.
///
/// # Errors
/// An I/O error other than "would block".
pub fn acquire(
    file: &File,
    exclusive: bool,
    cancel: Option<&std::sync::atomic::AtomicBool>,
    place: &Place,
) -> std::io::Result<Waited> {
    let mut start = Instant::now();
    let mut looked = Instant::now();
    let mut progress = (file.metadata().map(|m| m.len()).ok(), None);
    loop {
        let tried = if exclusive {
            file.try_lock()
        } else {
            file.try_lock_shared()
        };
        match tried {
            Ok(()) => {
                if exclusive {
                    note(place);
                }
                return Ok(Waited::Locked);
            }
            Err(std::fs::TryLockError::WouldBlock) => {}
            Err(std::fs::TryLockError::Error(e)) => return Err(e),
        }
        if cancel.is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed)) {
            return Ok(Waited::Cancelled);
        }
        if looked.elapsed() >= PROGRESS_EVERY {
            // Others are writing in turn (the file grows, the holder changes): wait on.
            looked = Instant::now();
            let now = (file.metadata().map(|m| m.len()).ok(), holder_of(file));
            if now != progress {
                progress = now;
                start = Instant::now();
            }
        }
        if start.elapsed() >= WAIT {
            return Ok(Waited::TimedOut(holder(file, place)));
        }
        std::thread::sleep(POLL);
    }
}

/// Writes the holder's note (install mode's state directory only), best effort.
fn note(place: &Place) {
    if !place.as_writer && !crate::platform::is_root() {
        return;
    }
    let Some(path) = place.side("lock-info") else {
        return;
    };
    if !place
        .dir
        .as_deref()
        .is_some_and(|d| d.ends_with(super::trust::STATE_DIR))
    {
        return;
    }
    let ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    let line = format!(
        "{} {} {ms}\n",
        std::process::id(),
        crate::platform::real_uid().map_or_else(|| "-".to_string(), |u| u.to_string())
    );
    place.run(|| {
        // Every writer updates the note, so it is the writer group's to write (0660, set
        // again after creating: the umask may take the group's bit). A note another writer
        // made unwritable (an older binary made it 0640) is replaced: the state directory
        // is the group's.
        let open = || {
            let mut opts = std::fs::OpenOptions::new();
            opts.write(true).create(true).truncate(true);
            crate::platform::create_mode(&mut opts, 0o660);
            crate::platform::no_follow(&mut opts).open(&path)
        };
        let f = match open() {
            Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
                let _ = std::fs::remove_file(&path);
                open()
            }
            other => other,
        };
        if let Ok(mut f) = f {
            let _ = crate::platform::set_file_mode(&f, 0o660);
            let _ = f.write_all(line.as_bytes());
        }
    });
}

/// The holder's note: pid and the moment in ms.
fn read_note(place: &Place) -> Option<(u32, i64)> {
    let path = place.side("lock-info")?;
    let text = place.run(|| {
        let mut f = super::trust::open_side(&path).ok()?;
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::Read::take(&mut f, 256), &mut s).ok()?;
        Some(s)
    })?;
    let mut w = text.split_whitespace();
    let pid = w.next()?.parse().ok()?;
    let _uid: u32 = w.next()?.parse().ok()?;
    let ms = w.next()?.parse().ok()?;
    Some((pid, ms))
}

/// The pid holding a lock on `file`, from `/proc/locks`.
fn holder_of(file: &File) -> Option<u32> {
    let meta = file.metadata().ok()?;
    let (dev, ino) = crate::platform::dev_ino(&meta)?;
    let locks = std::fs::read_to_string("/proc/locks").ok()?;
    holder_pid(&locks, dev, ino)
}

/// Finds the process holding a lock on `file` in `/proc/locks`.
pub fn holder(file: &File, place: &Place) -> Option<Holder> {
    let pid = holder_of(file)?;
    let user = user_of(pid);
    let note = read_note(place).filter(|(p, _)| *p == pid);
    let (since, since_start) = match note {
        Some((_, ms)) => (DateTime::from_timestamp_millis(ms), false),
        None => (started(pid), true),
    };
    Some(Holder {
        pid,
        user,
        since,
        since_start,
    })
}

/// The pid of a granted `FLOCK` on device `dev`, inode `ino` in the text of `/proc/locks`.
pub fn holder_pid(locks: &str, dev: u64, ino: u64) -> Option<u32> {
    let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & !0xfff);
    let minor = (dev & 0xff) | ((dev >> 12) & !0xff);
    locks.lines().find_map(|l| {
        let f: Vec<&str> = l.split_whitespace().collect();
        // "1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF"; waiters have "->" after the number.
        if f.len() < 6 || f[1] != "FLOCK" {
            return None;
        }
        let mut id = f[5].split(':');
        let (ma, mi, inode) = (id.next()?, id.next()?, id.next()?);
        let same = u64::from_str_radix(ma, 16).ok()? == major
            && u64::from_str_radix(mi, 16).ok()? == minor
            && inode.parse::<u64>().ok()? == ino;
        if same { f[4].parse().ok() } else { None }
    })
}

/// The login name of process `pid`'s real user.
fn user_of(pid: u32) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let uid = status
        .lines()
        .find(|l| l.starts_with("Uid:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|u| u.parse::<u32>().ok());
    match uid {
        Some(uid) => super::user::name_of(uid),
        None => "?".to_string(),
    }
}

/// When process `pid` started (`/proc/PID/stat` field 22, after the boot time).
fn started(pid: u32) -> Option<DateTime<Utc>> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = &stat[stat.rfind(')')? + 2..];
    let ticks: u64 = after.split_whitespace().nth(19)?.parse().ok()?;
    let btime: i64 = std::fs::read_to_string("/proc/stat")
        .ok()?
        .lines()
        .find_map(|l| l.strip_prefix("btime ")?.trim().parse().ok())?;
    // USER_HZ is 100 on every Linux this runs on.
    let ms = btime * 1000 + (ticks * 10) as i64;
    DateTime::from_timestamp_millis(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_holder_is_found_in_the_kernel_table_and_waiters_are_not() {
        let locks = "1: FLOCK  ADVISORY  WRITE 4242 08:01:1234 0 EOF\n\
                     1: -> FLOCK  ADVISORY  WRITE 4343 08:01:1234 0 EOF\n\
                     2: POSIX  ADVISORY  WRITE 99 08:01:777 0 EOF\n";
        assert_eq!(holder_pid(locks, 0x801, 1234), Some(4242));
        assert_eq!(holder_pid(locks, 0x801, 777), None);
        assert_eq!(holder_pid(locks, 0x802, 1234), None);
    }

    // The holder is found in Linux's `/proc/locks`.
    #[cfg(unix)]
    #[test]
    fn a_held_lock_times_out_naming_this_process() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.log");
        std::fs::write(&p, "a\n").unwrap();
        let a = File::open(&p).unwrap();
        let b = File::open(&p).unwrap();
        a.lock().unwrap();
        let h = holder(&b, &Place::default()).expect("the holder is found");
        assert_eq!(h.pid, std::process::id());
        assert!(h.since.is_some() && h.since_start);
        let cancel = std::sync::atomic::AtomicBool::new(true);
        assert!(matches!(
            acquire(&b, true, Some(&cancel), &Place::default()).unwrap(),
            Waited::Cancelled
        ));
    }
}
