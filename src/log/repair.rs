//! Checking a whole log (`verify`) and moving a torn tail aside (`repair`).
//!
//! The side file goes where [`super::trust`] puts side files (beside
//! the canonical log in the plain mode, in the state directory in the install mode), never
//! beside a symlink; in the install mode only root and the head arbiter may repair, and both
//! wait for the lock at most `lock::WAIT`.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use super::store::{Damage, Log, LogError, io_err};
use crate::platform::SharedMode as _;

/// Checks a log end to end. Returns the number of records, or the first damage.
pub fn verify(path: &Path) -> Result<usize, LogError> {
    let mut log = Log::open_full(path)?;
    // A partial last line is torn when nobody is writing: take the lock to be sure (not a
    // user without a role in the install mode: they never lock; a leftover stays pending).
    let locked = log.may_lock() && log.lock_bounded(false, None).is_ok();
    let res = log.read_new_with(locked, false);
    if locked {
        let _ = log.file.unlock();
    }
    res?;
    // Without the lock a leftover is not settled: a write in progress or a torn tail, it
    // is no whole record, and the log is not called whole over it.
    let len = log.file.metadata().map_err(io_err(path))?.len();
    if log.damage.is_none() && !locked && len > log.offset {
        return Err(LogError::Unfinished {
            path: path.display().to_string(),
            line: log.lines + 1,
            no_lock: !log.may_lock(),
        });
    }
    match log.damage {
        Some(damage) => Err(LogError::Damaged {
            path: path.display().to_string(),
            damage,
        }),
        None => Ok(log.lines),
    }
}

/// A new side file `LOG.torn-TIME` where the log's side files go (`-2`, `-3`, … when that
/// name is taken).
fn side_file(log: &Log, now: DateTime<Utc>) -> Result<(PathBuf, File), LogError> {
    let path = log.path();
    let Some(base) = log
        .place()
        .side(&format!("torn-{}", now.format("%Y%m%dT%H%M%S%.3fZ")))
    else {
        return Err(LogError::RepairRefused {
            path: path.display().to_string(),
        });
    };
    let stem = base.display().to_string();
    let mut n = 1;
    loop {
        let side = if n == 1 {
            PathBuf::from(&stem)
        } else {
            PathBuf::from(format!("{stem}-{n}"))
        };
        let opened = log.place().run(|| {
            OpenOptions::new()
                .write(true)
                .create_new(true)
                .shared_mode()
                .open(&side)
        });
        match opened {
            Ok(f) => return Ok((side, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
            Err(e) => return Err(io_err(&side)(e)),
        }
    }
}

/// Moves a torn tail into a side file next to the log and truncates the log to its last
/// complete record. Refuses any other damage (an edited or reordered log is evidence, not
/// something to repair). Returns the side file, or `None` when there was nothing to repair.
pub fn repair(path: &Path, now: DateTime<Utc>) -> Result<Option<PathBuf>, LogError> {
    let mut log = Log::open_full(path)?;
    // Install mode: root, or the head arbiter through the binary.
    let root = crate::platform::is_root();
    if log.place().installed
        && !root
        && !log
            .state()
            .rules
            .roles_of(&super::user::current_user())
            .contains(&crate::domain::Role::Head)
    {
        return Err(LogError::RepairRefused {
            path: path.display().to_string(),
        });
    }
    log.lock_bounded(true, None)?;
    let res = (|| {
        log.read_new_with(true, false)?;
        match &log.damage {
            None => Ok(None),
            Some(Damage::Torn { .. }) => {
                log.file
                    .seek(SeekFrom::Start(log.offset))
                    .map_err(io_err(path))?;
                let (side, mut f) = side_file(&log, now)?;
                // Copied through a small buffer: the tail is never held in memory.
                std::io::copy(&mut (&log.file).take(u64::MAX), &mut f)
                    .and_then(|_| f.flush())
                    .and_then(|()| f.sync_all())
                    .map_err(io_err(&side))?;
                crate::platform::truncate(&log.file, path, log.offset).map_err(io_err(path))?;
                log.file.sync_all().map_err(io_err(path))?;
                Ok(Some(side))
            }
            Some(d) => Err(LogError::Damaged {
                path: path.display().to_string(),
                damage: d.clone(),
            }),
        }
    })();
    let _ = log.file.unlock();
    res
}
