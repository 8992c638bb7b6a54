//! Whether a room page is being served for a log (point 6): `bianpai serve` writes
//! `LOG.serve` once it listens (the page's address as it printed it, the address to probe
//! and its process id) and removes it when it stops. The console's `Q` and the scoresheets'
//! QR codes use the address only while the server that wrote it still holds it
//! (docs/trust.md, "the room page's announcement"): on Linux its process is alive and runs as
//! the file's owner, and a socket of that owner listens on the port it names (`/proc`, see
//! `platform::holds_port`); everywhere, the address answers a connection. A `serve` killed
//! without removing its file (SIGKILL, SIGQUIT) is therefore not believed, even when someone
//! else listens on the port it freed.
//!
//! In the install mode the log's directory belongs to root, so a `serve` run by the
//! organizer writes the file in the temporary directory instead, under a name made of the
//! log's full path and the writer's uid (`/tmp/bianpai-<hash>.serve.u<uid>`): a reader looks
//! up that one name for each user it trusts (root, the head arbiter, the organizer), never
//! scans the directory, so no number of other files there hides it. Anyone can write there, so:
//! - the file is written to a new name, exclusively and without following a link
//!   (`O_CREAT|O_EXCL|O_NOFOLLOW`), mode 0644 (the address is public, the readers are other
//!   users), and renamed over the fixed name: a planted link or another user's file is never
//!   written through or over (the sticky temporary directory refuses the rename; `serve` then
//!   says the console cannot see it);
//! - a reader believes it only when it is a regular file (not a link) owned by the uid its
//!   name says, written by nobody but that owner, and the owner is root or holds the head
//!   arbiter's or the organizer's role.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long the console waits for the probe's connection (loopback or the hall's LAN).
const PROBE: Duration = Duration::from_millis(300);

/// `LOG.serve`, beside the log.
pub fn state_path(log: &Path) -> PathBuf {
    let mut name = log.as_os_str().to_owned();
    name.push(".serve");
    PathBuf::from(name)
}

/// The stem of the state files in the temporary directory, for a log whose directory
/// `serve` cannot write: named by the log's full path (each writer's file is [`temp_path`]).
pub fn fallback_path(log: &Path) -> PathBuf {
    use sha2::{Digest, Sha256};
    let full = std::fs::canonicalize(log).unwrap_or_else(|_| log.to_path_buf());
    let digest = Sha256::digest(full.as_os_str().as_encoded_bytes());
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    let id = u64::from_be_bytes(first);
    std::env::temp_dir().join(format!("bianpai-{id:016x}.serve"))
}

/// The state file in the temporary directory written by the user `uid`.
pub fn temp_path(log: &Path, uid: u32) -> PathBuf {
    let mut name = fallback_path(log).into_os_string();
    name.push(format!(".u{uid}"));
    PathBuf::from(name)
}

/// The state file of a running `serve`; removed when dropped (the server stopped), unless
/// another `serve` replaced it meanwhile.
pub struct Announced {
    path: PathBuf,
    id: Option<(u64, u64)>,
}

impl Drop for Announced {
    fn drop(&mut self) {
        let still_ours = std::fs::symlink_metadata(&self.path)
            .is_ok_and(|m| crate::platform::dev_ino(&m) == self.id);
        if still_ours {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Writes `LOG.serve` for a server bound to `bound` whose page is `url`, or where the log's
/// directory cannot be written, this user's file in the temporary directory.
///
/// # Errors
/// Neither can be written (the console then cannot see this server).
pub fn announce(log: &Path, url: &str, bound: SocketAddr) -> std::io::Result<Announced> {
    let probe = probe_addr(bound);
    let text = format!("url={url}\nprobe={probe}\npid={}\n", std::process::id());
    let uid = crate::platform::real_uid().unwrap_or(0);
    write_over(&state_path(log), &text).or_else(|_| write_over(&temp_path(log, uid), &text))
}

/// Creates `path` new (never through a link, never over a file), mode 0644, holding `text`.
fn create_new(path: &Path, text: &str) -> std::io::Result<()> {
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create_new(true);
    crate::platform::create_mode(&mut opts, 0o644);
    let mut f = crate::platform::no_follow(&mut opts).open(path)?;
    if let Err(e) = f.write_all(text.as_bytes()) {
        let _ = std::fs::remove_file(path);
        return Err(e);
    }
    Ok(())
}

/// A random suffix nobody can plant a file for in advance.
fn fresh() -> String {
    format!("{}-{:016x}", std::process::id(), rand::random::<u64>())
}

/// The state file at `path`: written to a new file beside it and renamed over it, so a
/// reader never sees half of it, and a link or another user's file there is never followed
/// or replaced (a sticky directory refuses the rename).
fn write_over(path: &Path, text: &str) -> std::io::Result<Announced> {
    let mut last = None;
    for _ in 0..16 {
        let mut tmp_name = path.as_os_str().to_owned();
        tmp_name.push(format!(".{}.tmp", fresh()));
        let tmp = PathBuf::from(tmp_name);
        match create_new(&tmp, text) {
            Ok(()) => {
                if let Err(e) = std::fs::rename(&tmp, path) {
                    let _ = std::fs::remove_file(&tmp);
                    return Err(e);
                }
                let id = std::fs::symlink_metadata(path)
                    .ok()
                    .and_then(|m| crate::platform::dev_ino(&m));
                return Ok(Announced {
                    path: path.to_path_buf(),
                    id,
                });
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::ErrorKind::AlreadyExists.into()))
}

/// Says, in the event's language, that the console's `Q` cannot see this server.
pub fn cannot_announce(log: &Path, e: &std::io::Error, lang: crate::domain::rules::Lang) {
    let fault = crate::i18n::room::Fault::CannotAnnounce {
        beside: state_path(log).display().to_string(),
        temp: temp_path(log, crate::platform::real_uid().unwrap_or(0))
            .display()
            .to_string(),
        why: e.to_string(),
    };
    crate::outln!("{}", crate::i18n::room::fault(&fault, lang));
}

/// Where to knock to see whether the server is up: the bound address, or loopback on its
/// port when it listens on every address.
fn probe_addr(bound: SocketAddr) -> SocketAddr {
    let ip = match bound.ip() {
        IpAddr::V4(v4) if v4.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(v6) if v6.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    SocketAddr::new(ip, bound.port())
}

/// The page's address when a `serve` for `log` is running: its state file exists, reads,
/// its writer still holds the address and the address answers; a file in the temporary
/// directory only when it is a regular file owned by the uid its name gives, that only its
/// owner may write, and `trusted` says yes to that owner's name (root always). `None`
/// otherwise (never started, stopped, or killed without removing the file).
pub fn find(log: &Path, trusted: &dyn Fn(&str) -> bool) -> Option<String> {
    read(&state_path(log), None).or_else(|| {
        users()
            .into_iter()
            .filter(|(name, _)| name == "root" || trusted(name))
            .find_map(|(_, uid)| read(&temp_path(log, uid), Some(uid)))
    })
}

/// The address in a state file (a regular file, not followed if a link, at most 4 KB, owned
/// by `owner` when given and then writable by its owner only), when the process it names
/// still holds it and it answers.
fn read(path: &Path, owner: Option<u32>) -> Option<String> {
    let mut f = crate::platform::no_follow(std::fs::OpenOptions::new().read(true))
        .open(path)
        .ok()?;
    let meta = f.metadata().ok()?;
    if !meta.is_file() {
        return None;
    }
    let file_owner = crate::platform::owner(&meta);
    if let Some(want) = owner
        && !file_owner.is_some_and(|(uid, _, mode)| uid == want && mode & 0o022 == 0)
    {
        return None;
    }
    let mut text = String::new();
    std::io::Read::read_to_string(&mut std::io::Read::take(&mut f, 4096), &mut text).ok()?;
    let field = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key)?.strip_prefix('='))
            .map(str::trim)
    };
    let url = field("url").filter(|u| u.starts_with("http://") && u.len() < 200)?;
    let probe: SocketAddr = field("probe")?.parse().ok()?;
    let pid: u32 = field("pid")?.parse().ok()?;
    if let Some((uid, _, _)) = file_owner
        && !crate::platform::holds_port(pid, uid, probe.port())
    {
        return None;
    }
    TcpStream::connect_timeout(&probe, PROBE).ok()?;
    Some(url.to_string())
}

/// The login names and uids of `/etc/passwd` (empty where there is none).
fn users() -> Vec<(String, u32)> {
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    passwd
        .lines()
        .filter_map(|l| {
            let mut f = l.split(':');
            let name = f.next()?;
            let _pw = f.next()?;
            Some((name.to_string(), f.next()?.parse::<u32>().ok()?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_whose_address_answers_is_a_running_server() {
        let dir = tempfile::tempdir().expect("temp dir");
        let log = dir.path().join("e.log");
        let anyone = |_: &str| true;
        assert_eq!(find(&log, &anyone), None, "no file");
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let bound = listener.local_addr().expect("addr");
        let url = format!("http://127.0.0.1:{}/", bound.port());
        let announced = announce(&log, &url, bound).expect("written");
        assert_eq!(state_path(&log), dir.path().join("e.log.serve"));
        assert_eq!(find(&log, &anyone), Some(url.clone()));
        drop(listener);
        assert_eq!(find(&log, &anyone), None, "the address no longer answers");
        drop(announced);
        assert!(!state_path(&log).exists(), "removed when the server stops");
    }

    #[test]
    fn a_log_in_a_directory_it_cannot_write_announces_in_the_temporary_directory() {
        let dir = tempfile::tempdir().expect("temp dir");
        let log = dir.path().join("missing-dir").join("e.log");
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let bound = listener.local_addr().expect("addr");
        let url = format!("http://127.0.0.1:{}/", bound.port());
        let announced = announce(&log, &url, bound).expect("written");
        assert!(!state_path(&log).exists());
        let uid = crate::platform::real_uid().expect("a uid");
        assert_eq!(
            announced.path,
            temp_path(&log, uid),
            "one name per log and user"
        );
        let me = users()
            .into_iter()
            .find_map(|(name, u)| (u == uid).then_some(name))
            .expect("an owner");
        let nobody = |_: &str| false;
        if me != "root" {
            assert_eq!(find(&log, &nobody), None, "an untrusted owner");
        }
        let only_me = |u: &str| u == me;
        assert_eq!(find(&log, &only_me), Some(url));
        let path = announced.path.clone();
        assert!(path.starts_with(std::env::temp_dir()));
        drop(announced);
        assert!(!path.exists());
    }

    #[test]
    fn a_file_whose_process_is_gone_is_not_believed_though_its_port_answers() {
        let dir = tempfile::tempdir().expect("temp dir");
        let log = dir.path().join("e.log");
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let bound = listener.local_addr().expect("addr");
        let url = format!("http://127.0.0.1:{}/", bound.port());
        // A pid no process has (beyond the kernel's pid_max).
        let text = format!("url={url}\nprobe={bound}\npid=999999999\n");
        std::fs::write(state_path(&log), text).expect("written");
        let anyone = |_: &str| true;
        let expected = if cfg!(target_os = "linux") {
            None
        } else {
            Some(url)
        };
        assert_eq!(find(&log, &anyone), expected);
    }

    #[test]
    fn every_address_is_probed_on_loopback() {
        let any: SocketAddr = "0.0.0.0:8080".parse().expect("addr");
        assert_eq!(probe_addr(any), "127.0.0.1:8080".parse().expect("addr"));
        let lan: SocketAddr = "192.168.1.20:8080".parse().expect("addr");
        assert_eq!(probe_addr(lan), lan);
    }
}
