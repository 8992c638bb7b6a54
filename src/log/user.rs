//! The OS user running this process: its real uid (`getuid`) and `/etc/passwd` (no `unsafe`,
//! no environment variables that a user could set to pose as someone else).

/// The real user id of this process: who ran it. (Not the owner of `/proc/self`: a setgid
/// process is not dumpable and its `/proc` entries belong to root.)
pub fn uid() -> Option<u32> {
    super::privilege::real_uid()
}

/// The login name of this process's user, or `uid<N>` when it has no passwd entry.
pub fn current_user() -> String {
    let Some(uid) = uid() else {
        return crate::platform::user_name().unwrap_or_else(|| "unknown".to_string());
    };
    name_of(uid)
}

/// The login name of `uid` in `/etc/passwd`, or `uid<N>`.
pub fn name_of(uid: u32) -> String {
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
