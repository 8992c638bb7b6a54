//! The Unix side of `platform`: modes, `pread`, the install mode's credential calls
//! and the stop signals.

// One signature on both platforms: what is always `Some`/`Ok` here is `None`/`Err` on the other.
#![allow(clippy::unnecessary_wraps)]

use std::fs::{File, Metadata, OpenOptions};
use std::io;
use std::os::unix::fs::{FileExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::Path;

use rustix::process::{Gid, Uid, getegid, geteuid, getgid, getuid};

pub const INSTALL_MODE: bool = true;

/// The log's mode: read and write for its owner and group, nothing for others.
const SHARED: u32 = 0o660;

pub const STOP_SIGNALS: &[i32] = &[
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGINT,
];

pub fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    file.read_at(buf, at)
}

pub fn truncate(file: &File, _path: &Path, len: u64) -> io::Result<()> {
    file.set_len(len)
}

pub fn shared_mode(opts: &mut OpenOptions) -> &mut OpenOptions {
    opts.mode(SHARED)
}

pub fn set_shared_mode(path: &Path) -> io::Result<()> {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(SHARED))
}

pub fn parent_id() -> Option<u32> {
    Some(std::os::unix::process::parent_id())
}

pub fn user_name() -> Option<String> {
    None
}

pub fn exe_metadata() -> io::Result<Metadata> {
    std::fs::metadata("/proc/self/exe")
}

pub fn real_uid() -> Option<u32> {
    Some(getuid().as_raw())
}

pub fn is_root() -> bool {
    geteuid().is_root()
}

pub fn ids() -> (u32, u32, u32, u32) {
    (
        getuid().as_raw(),
        geteuid().as_raw(),
        getgid().as_raw(),
        getegid().as_raw(),
    )
}

pub fn set_thread_uid(uid: u32) -> io::Result<()> {
    let uid = Uid::from_raw(uid);
    Ok(rustix::thread::set_thread_res_uid(uid, uid, uid)?)
}

pub fn set_thread_egid(gid: u32) -> io::Result<()> {
    Ok(rustix::thread::set_thread_res_gid(
        None,
        Gid::from_raw(gid),
        None,
    )?)
}

pub fn raise_open_files(want: u64) -> Option<u64> {
    use rustix::process::{Resource, getrlimit, setrlimit};
    let now = getrlimit(Resource::Nofile);
    let current = now.current?;
    if current >= want {
        return Some(current);
    }
    let target = now.maximum.map_or(want, |max| want.min(max));
    let raised = rustix::process::Rlimit {
        current: Some(target),
        maximum: now.maximum,
    };
    Some(if setrlimit(Resource::Nofile, raised).is_ok() {
        target
    } else {
        current
    })
}

pub fn set_not_dumpable() -> io::Result<()> {
    Ok(rustix::process::set_dumpable_behavior(
        rustix::process::DumpableBehavior::NotDumpable,
    )?)
}

pub fn nonblocking(opts: &mut OpenOptions) -> &mut OpenOptions {
    opts.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32)
}

pub fn owner(m: &Metadata) -> Option<(u32, u32, u32)> {
    Some((m.uid(), m.gid(), m.mode()))
}

pub fn chown_mode(path: &Path, uid: u32, gid: u32, mode: u32) -> io::Result<()> {
    // chown first: changing the owner clears the setgid bit.
    std::os::unix::fs::chown(path, Some(uid), Some(gid))?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
}

pub fn create_mode(opts: &mut OpenOptions, mode: u32) -> &mut OpenOptions {
    opts.mode(mode)
}

pub fn no_follow(opts: &mut OpenOptions) -> &mut OpenOptions {
    opts.custom_flags(rustix::fs::OFlags::NOFOLLOW.bits() as i32)
}

pub fn mode_permissions(mode: u32) -> Option<std::fs::Permissions> {
    Some(std::fs::Permissions::from_mode(mode))
}

pub fn set_file_mode(file: &File, mode: u32) -> io::Result<()> {
    file.set_permissions(std::fs::Permissions::from_mode(mode))
}

pub fn dev_ino(m: &Metadata) -> Option<(u64, u64)> {
    Some((m.dev(), m.ino()))
}

pub fn same_file(path: &Path, meta: &Metadata) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.dev() == meta.dev() && m.ino() == meta.ino())
}
