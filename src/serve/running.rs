//! Whether a room page is being served for a log (point 6): `bianpai serve` writes
//! `LOG.serve` once it listens (the page's address as it printed it, the address to probe
//! and its process id) and removes it when it stops. The console's `Q` shows the page's QR
//! code only when that file names an address that answers a connection, so a phone is never
//! sent to a page that is not there; otherwise the console says how to start one.
//!
//! In the install mode the log's directory belongs to root, so a `serve` run by the
//! organizer writes the file in the temporary directory instead, named by the log's path
//! (`/tmp/bianpai-<hash>.serve.<pid>-<random>`). Anyone can write there, so:
//! - every file bianpai writes is created new, exclusively and without following a link
//!   (`O_CREAT|O_EXCL|O_NOFOLLOW`): a planted link or file is never written through or over;
//!   a name already taken is passed over for another random one;
//! - the console believes a file there only when it is a regular file (not a link), written
//!   by nobody but its owner, and its owner is root or holds the head arbiter's or the
//!   organizer's role; it looks at every such file of the log, so a file planted under the
//!   old fixed name cannot hide the real one.

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

/// The state file in the temporary directory, for a log whose directory `serve` cannot
/// write: named by the log's full path.
pub fn fallback_path(log: &Path) -> PathBuf {
    use sha2::{Digest, Sha256};
    let full = std::fs::canonicalize(log).unwrap_or_else(|_| log.to_path_buf());
    let digest = Sha256::digest(full.as_os_str().as_encoded_bytes());
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    let id = u64::from_be_bytes(first);
    std::env::temp_dir().join(format!("bianpai-{id:016x}.serve"))
}

/// The state file of a running `serve`; removed when dropped (the server stopped).
pub struct Announced {
    path: PathBuf,
}

impl Drop for Announced {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Writes `LOG.serve` for a server bound to `bound` whose page is `url`, or where the log's
/// directory cannot be written, a new file in the temporary directory.
///
/// # Errors
/// Neither can be written (the console then cannot see this server).
pub fn announce(log: &Path, url: &str, bound: SocketAddr) -> std::io::Result<Announced> {
    let probe = probe_addr(bound);
    let text = format!("url={url}\nprobe={probe}\npid={}\n", std::process::id());
    write_beside(&state_path(log), &text).or_else(|_| write_in_temp(log, &text))
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

/// `LOG.serve` beside the log: written to a new file and renamed over it, so a reader never
/// sees half of it.
fn write_beside(path: &Path, text: &str) -> std::io::Result<Announced> {
    let mut tmp_name = path.as_os_str().to_owned();
    tmp_name.push(format!(".{}.tmp", fresh()));
    let tmp = PathBuf::from(tmp_name);
    let written = create_new(&tmp, text).and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    Ok(Announced {
        path: path.to_path_buf(),
    })
}

/// A new file `bianpai-<hash>.serve.<pid>-<random>` in the temporary directory.
fn write_in_temp(log: &Path, text: &str) -> std::io::Result<Announced> {
    let base = fallback_path(log);
    let mut last = None;
    for _ in 0..16 {
        let mut name = base.as_os_str().to_owned();
        name.push(format!(".{}", fresh()));
        let path = PathBuf::from(name);
        match create_new(&path, text) {
            Ok(()) => return Ok(Announced { path }),
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
        temp: fallback_path(log).display().to_string(),
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
/// and its address answers; a file in the temporary directory only when it is a regular
/// file that only its owner may write and `trusted` says yes to that owner's name. `None`
/// otherwise (never started, stopped, or killed without removing the file).
pub fn find(log: &Path, trusted: &dyn Fn(&str) -> bool) -> Option<String> {
    read(&state_path(log)).or_else(|| {
        let base = fallback_path(log);
        let prefix = base.file_name()?.to_string_lossy().into_owned();
        std::fs::read_dir(base.parent()?)
            .ok()?
            .flatten()
            .take(100_000)
            .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
            .map(|e| e.path())
            .filter(|p| {
                std::fs::symlink_metadata(p).is_ok_and(|m| {
                    m.file_type().is_file()
                        && crate::platform::owner(&m).is_some_and(|(_, _, mode)| mode & 0o022 == 0)
                })
            })
            .filter(|p| owner_name(p).is_some_and(|o| o == "root" || trusted(&o)))
            .find_map(|p| read(&p))
    })
}

/// The address in a state file (a regular file, not followed if a link, at most 4 KB),
/// when it answers.
fn read(path: &Path) -> Option<String> {
    let mut f = crate::platform::no_follow(std::fs::OpenOptions::new().read(true))
        .open(path)
        .ok()?;
    if !f.metadata().ok()?.is_file() {
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
    TcpStream::connect_timeout(&probe, PROBE).ok()?;
    Some(url.to_string())
}

/// The login name of a file's owner (`/etc/passwd`); `None` where there are no such owners.
fn owner_name(path: &Path) -> Option<String> {
    let (uid, _, _) = crate::platform::owner(&std::fs::symlink_metadata(path).ok()?)?;
    let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
    passwd.lines().find_map(|l| {
        let mut f = l.split(':');
        let name = f.next()?;
        let _pw = f.next()?;
        (f.next()?.parse::<u32>().ok()? == uid).then(|| name.to_string())
    })
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
        let me = owner_name(&announced.path).expect("an owner");
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
    fn every_address_is_probed_on_loopback() {
        let any: SocketAddr = "0.0.0.0:8080".parse().expect("addr");
        assert_eq!(probe_addr(any), "127.0.0.1:8080".parse().expect("addr"));
        let lan: SocketAddr = "192.168.1.20:8080".parse().expect("addr");
        assert_eq!(probe_addr(lan), lan);
    }
}
