//! The OS user running this process, read from `/proc/self` and `/etc/passwd` (no `unsafe`,
//! no environment variables that a user could set to pose as someone else).

use std::os::unix::fs::MetadataExt;

/// The numeric user id of this process.
pub fn uid() -> Option<u32> {
    std::fs::metadata("/proc/self").ok().map(|m| m.uid())
}

/// The login name of this process's user, or `uid<N>` when it has no passwd entry.
pub fn current_user() -> String {
    let Some(uid) = uid() else {
        return "unknown".to_string();
    };
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    passwd
        .lines()
        .find_map(|l| {
            let mut f = l.split(':');
            let name = f.next()?;
            let _pw = f.next()?;
            let id: u32 = f.next()?.parse().ok()?;
            (id == uid).then(|| name.to_string())
        })
        .unwrap_or_else(|| format!("uid{uid}"))
}
