//! The room page attacked a fourth time (docs/trust.md, docs/room-page.md), as the hall's
//! abusers would: real OS users, the real setgid install, a real temporary directory full of
//! files, real sockets from many source addresses.
//!
//! - A `serve` killed with SIGKILL leaves its announcement; a user without a role who then
//!   serves a page of their own on the freed port gets neither the head arbiter's signing slips'
//!   QR codes nor the console's `Q`: both say the room page is not running.
//! - With 400,000 files in the temporary directory (`TMPDIR`) the announcement is still
//!   found: the signing slips carry the page's address.
//! - Half-sent requests from twelve loopback addresses are closed (over the half-open share
//!   at once, the rest after the header or body timeout) and a phone, on loopback or on the
//!   machine's LAN address, gets its pages at once meanwhile.
//! - Ninety wrong codes sent at once from one address: at most five are judged, the rest
//!   answered 429; every loopback address is one client.

use crate::support::os as os_support;
use crate::support::self_report as self_report_support;
use crate::support::serve as serve_support;

use std::io::{BufRead, BufReader, Read as _, Write as _};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::need::{Tool, need};
use bianpai::domain::self_report::SelfReport;
use bianpai::domain::{Actor, Command as Cmd, PlayerEntry, Role, Rules};
use bianpai::log::Log;
use chrono::Utc;
use os_support::{Sandbox, bin, must};

/// The uid and gid of OS user `user`.
fn ids(user: &str) -> (u32, u32) {
    let id = |flag: &str| -> u32 {
        must(Command::new("id").args([flag, user]))
            .trim()
            .parse()
            .expect("an id")
    };
    (id("-u"), id("-g"))
}

/// `BIN serve LOG --bind BIND` as `user` (started with that user's ids, no process in
/// between, `envs` set): the child and the port it printed.
fn serve_as(
    binary: &str,
    user: &str,
    log: &Path,
    bind: &str,
    envs: &[(&str, &str)],
) -> (Child, u16) {
    let (uid, gid) = ids(user);
    let mut cmd = Command::new(binary);
    cmd.arg("serve")
        .arg(log)
        .args(["--bind", bind])
        .uid(uid)
        .gid(gid)
        .current_dir("/")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("serve starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("the address");
    let port = first
        .trim()
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("serve printed {first:?}"));
    (child, port)
}

/// An event whose players sign their results (`confirm`): a head arbiter, an organizer and a
/// user without a role; four players, round 1 started. Written through the library at `log`.
fn signing_event(log: &Path, head: &str, org: &str) {
    let mut rules = Rules::preset("qigu-2024-07").expect("preset");
    rules.numbers_by_registration = true;
    rules.self_report = SelfReport::Confirm;
    // Both players sign every result (the preset has the winner sign).
    rules.self_report_signers = bianpai::domain::self_report::Signers::Both;
    rules.roles.clear();
    rules.roles.insert("root".into(), vec![Role::Head]);
    rules.roles.insert(head.to_string(), vec![Role::Head]);
    rules.roles.insert(org.to_string(), vec![Role::Organizer]);
    let t0 = Utc::now();
    let mut lg = Log::create(log, "房间测试", rules, "root", t0).expect("create");
    let root = Actor {
        user: "root".into(),
        role: Role::Head,
    };
    for n in ["甲", "乙", "丙", "丁"] {
        lg.execute(&root, &Cmd::RegisterPlayer(PlayerEntry::named(n)), t0)
            .expect("registered");
    }
    lg.execute(&root, &Cmd::PairNextRound, t0).expect("paired");
    lg.execute(&root, &Cmd::StartRound { at: t0 }, t0)
        .expect("started");
}

/// The head arbiter's signing slips (text: each board's report address written out) of `log` with `binary`: (stdout, stderr).
fn scoresheets(
    sb: &Sandbox,
    binary: &str,
    head: &str,
    log: &Path,
    envs: &[(&str, &str)],
) -> (String, String) {
    let l = log.to_string_lossy();
    let out = sb.as_user(
        head,
        &[binary, "export", &l, "--format", "txt", "--what", "slips"],
        envs,
    );
    assert!(
        out.status.success(),
        "scoresheets: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// What the scoresheets say when no room page runs (the words of `export`).
const NOT_RUNNING: &str = "房间页面未运行";

/// Waits up to 10 s for `cond`.
fn wait_for(what: &str, cond: impl Fn() -> bool) {
    let t = Instant::now();
    while !cond() {
        assert!(t.elapsed() < Duration::from_secs(10), "{what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The announcements a `serve` of `log` may leave in `tmp`, by name.
fn announcements(tmp: &Path, log: &Path) -> Vec<PathBuf> {
    let base = bianpai::serve::running::fallback_path(log);
    let name = base
        .file_name()
        .expect("name")
        .to_string_lossy()
        .into_owned();
    std::fs::read_dir(tmp)
        .map(|d| {
            d.flatten()
                .filter(|e| e.file_name().to_string_lossy().starts_with(&name))
                .map(|e| e.path())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_killed_serve_is_not_believed_when_a_user_without_a_role_takes_its_port() {
    if !need(
        "a_killed_serve_is_not_believed_when_a_user_without_a_role_takes_its_port",
        &[Tool::Root],
    ) {
        return;
    }
    let mut sb = Sandbox::new("roomkill");
    let head = sb.user("hrk");
    let org = sb.user("ork");
    let nobody = sb.user("nrk");
    let group = sb.name("wrk");
    sb.group(&group);
    let events = sb.subdir("events");
    let bindir = sb.subdir("bin");
    let log = events.join("day.log");
    signing_event(&log, &head, &org);
    let ib = bindir.join("bianpai").to_string_lossy().into_owned();
    let l = log.to_string_lossy().into_owned();
    must(Command::new(bin()).args(["install", &l, "--group", &group, "--bin", &ib]));
    let tmp = std::env::temp_dir();
    for old in announcements(&tmp, &log) {
        let _ = std::fs::remove_file(old);
    }

    // The organizer serves the installed log; the head arbiter's scoresheets point at it.
    let (mut served, port) = serve_as(&ib, &org, &log, "127.0.0.1:0", &[]);
    let at = format!("127.0.0.1:{port}/report");
    wait_for("the scoresheets carry the organizer's page", || {
        scoresheets(&sb, &ib, &head, &log, &[]).0.contains(&at)
    });

    // SIGKILL: no handler runs, the announcement stays.
    served.kill().expect("SIGKILL");
    served.wait().expect("reaped");
    assert!(
        !announcements(&tmp, &log).is_empty(),
        "the killed serve left its announcement"
    );
    // The user without a role serves a page of their own on the freed port.
    let bind = format!("127.0.0.1:{port}");
    let (mut evil, evil_port) = serve_as(&ib, &nobody, &log, &bind, &[]);
    assert_eq!(evil_port, port);
    let theirs = serve_support::request(port, "GET", "/", &[]);
    assert_eq!(theirs.status, 200, "their page answers on the freed port");

    let (sheets, said) = scoresheets(&sb, &ib, &head, &log, &[]);
    let rules = Log::open(&log).expect("log").state().rules.clone();
    let shown = bianpai::console::app::RoomPage::of(&log, &rules);
    let _ = evil.kill();
    let _ = evil.wait();
    for f in announcements(&tmp, &log) {
        let _ = std::fs::remove_file(f);
    }
    assert!(
        !sheets.contains(&format!(":{port}")),
        "the scoresheets' QR codes point at the page of a user without a role"
    );
    assert!(said.contains(NOT_RUNNING), "the export says: {said}");
    assert!(
        matches!(shown, bianpai::console::app::RoomPage::NotServed { .. }),
        "the console's Q shows {shown:?}"
    );
}

/// Files the temporary directory holds besides the announcement.
const CROWD: usize = 400_000;

#[test]
fn the_announcement_is_found_among_400000_files_in_the_temporary_directory() {
    if !need(
        "the_announcement_is_found_among_400000_files_in_the_temporary_directory",
        &[Tool::Root],
    ) {
        return;
    }
    let mut sb = Sandbox::new("roomcrowd");
    let head = sb.user("hrc");
    let org = sb.user("orc");
    // Plain mode (the temporary directory a setgid program is given is always /tmp): logs
    // the organizer owns in a directory of root's, so the announcement goes to TMPDIR.
    let events = sb.subdir("events");
    let logs: Vec<PathBuf> = (1..=2)
        .map(|k| {
            let log = events.join(format!("day{k}.log"));
            signing_event(&log, &head, &org);
            must(Command::new("chown").arg(&org).arg(&log));
            must(Command::new("chmod").arg("0644").arg(&log));
            log
        })
        .collect();
    let tmp = sb.subdir("crowded-tmp");
    must(Command::new("chmod").arg("1777").arg(&tmp));
    for i in 0..CROWD {
        std::fs::File::create(tmp.join(format!("f{i}"))).expect("a file");
    }
    let t = tmp.to_string_lossy().into_owned();
    let envs = [("TMPDIR", t.as_str())];
    let b = bin().to_string_lossy().into_owned();
    let mut children = Vec::new();
    let mut missed = Vec::new();
    for log in &logs {
        let (child, port) = serve_as(&b, &org, log, "127.0.0.1:0", &envs);
        children.push(child);
        let placed = Instant::now();
        while announcements(&tmp, log).is_empty() && placed.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(100));
        }
        let (sheets, said) = scoresheets(&sb, &b, &head, log, &envs);
        if !sheets.contains(&format!("127.0.0.1:{port}/report")) || said.contains(NOT_RUNNING) {
            missed.push(format!("{}: {said}", log.display()));
        }
    }
    for mut c in children {
        let _ = c.kill();
        let _ = c.wait();
    }
    assert!(
        missed.is_empty(),
        "among {CROWD} files the announcement was missed: {missed:?}"
    );
}

/// A connection from `from` (bound before it connects) to `to`, within 5 s.
fn bound_connect(from: IpAddr, to: SocketAddr) -> Option<TcpStream> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .ok()?;
    let stream = rt.block_on(async {
        let sock = if from.is_ipv4() {
            tokio::net::TcpSocket::new_v4().ok()?
        } else {
            tokio::net::TcpSocket::new_v6().ok()?
        };
        sock.bind(SocketAddr::new(from, 0)).ok()?;
        tokio::time::timeout(Duration::from_secs(5), sock.connect(to))
            .await
            .ok()?
            .ok()
    })?;
    let s = stream.into_std().ok()?;
    s.set_nonblocking(false).ok()?;
    Some(s)
}

/// `n` connections from the loopback address `from` to `port`, each sent `head`.
fn connect_from(from: [u8; 4], port: u16, n: usize, head: &[u8]) -> Vec<TcpStream> {
    (0..n)
        .filter_map(|_| {
            let mut s =
                bound_connect(IpAddr::from(from), SocketAddr::from(([127, 0, 0, 1], port)))?;
            s.set_write_timeout(Some(Duration::from_millis(200))).ok()?;
            s.write_all(head).ok()?;
            Some(s)
        })
        .collect()
}

/// Whether the server closed `s` (end of stream or reset), looking for 50 ms.
fn closed(s: &mut TcpStream) -> bool {
    let _ = s.set_read_timeout(Some(Duration::from_millis(50)));
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            // An answer (408, 503): read on to the close.
            Ok(_) => {}
            Err(e) => {
                return !matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                );
            }
        }
    }
}

/// One GET of `path` from `from` to `to`, on its own connection: status and time taken.
fn page_from(from: IpAddr, to: SocketAddr, path: &str) -> (u16, Duration) {
    let t = Instant::now();
    let Some(mut s) = bound_connect(from, to) else {
        return (0, t.elapsed());
    };
    s.set_read_timeout(Some(Duration::from_secs(15)))
        .expect("timeout");
    let head = format!("GET {path} HTTP/1.1\r\nHost: {to}\r\nConnection: close\r\n\r\n");
    if s.write_all(head.as_bytes()).is_err() {
        return (0, t.elapsed());
    }
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw);
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, t.elapsed())
}

/// The machine's first non-loopback IPv4 address (`hostname -I`), a phone's address in a hall.
fn lan_address() -> Option<IpAddr> {
    let out = Command::new("hostname").arg("-I").output().ok()?;
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .filter_map(|w| w.parse::<IpAddr>().ok())
        .find(|a| a.is_ipv4() && !a.is_loopback())
}

#[test]
fn half_sent_requests_from_twelve_addresses_are_closed_and_phones_get_their_pages() {
    let dir = tempfile::tempdir().expect("tmp");
    let log = self_report_support::event(dir.path(), "confirm", "");
    let server = serve_support::Server::start_on(&log, "0.0.0.0:0");
    let port = server.port;
    // Twelve addresses, each with half-sent heads and reports whose body never comes.
    let partial_head = b"GET /standings HTTP/1.1\r\nHost: x\r\n";
    let partial_body = b"POST /report HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 60\r\n\r\nround=1&";
    let mut held: Vec<TcpStream> = Vec::new();
    for k in 2..=13u8 {
        held.extend(connect_from([127, 0, 0, k], port, 5, partial_head));
        held.extend(connect_from([127, 0, 0, k], port, 10, partial_body));
    }
    let sent = Instant::now();
    assert!(
        held.len() >= 150,
        "the attacker opened {} connections",
        held.len()
    );
    std::thread::sleep(Duration::from_secs(4));
    // Meanwhile a phone on loopback and one on the LAN get seven pages each, at once.
    let mut phones = vec![IpAddr::from([127, 0, 0, 1])];
    phones.extend(lan_address());
    let paths = [
        "/",
        "/standings",
        "/find?q=1",
        "/crosstable",
        "/report",
        "/api/standings",
        "/prizes",
    ];
    for from in phones {
        let to = SocketAddr::new(from, port);
        for path in paths {
            let (status, took) = page_from(from, to, path);
            assert_eq!(status, 200, "{path} from {from}");
            assert!(
                took < Duration::from_secs(2),
                "{path} from {from} took {took:?}"
            );
        }
    }
    // Past the half-open share, the attacker's connections are closed already.
    let open = held.iter_mut().map(closed).filter(|c| !c).count();
    assert!(
        open <= bianpai::serve::per_client::HALF_OPEN_PER_CLIENT,
        "{open} half-sent connections of one client still open after {:?}",
        sent.elapsed()
    );
    // And every one is closed once the header and body timeouts passed.
    let timeout = bianpai::serve::HEADER_TIMEOUT.max(bianpai::serve::BODY_TIMEOUT);
    std::thread::sleep((timeout + Duration::from_secs(2)).saturating_sub(sent.elapsed()));
    let open = held.iter_mut().map(closed).filter(|c| !c).count();
    assert_eq!(open, 0, "half-sent connections outlive the timeouts");
}

/// A report of board 1 with a wrong code, as its form sends it.
const WRONG: &str = "round=1&board=1&result=draw&code=11110000";

/// `n` reports sent at once from `from`, each on its own connection: their statuses.
fn reports_at_once(from: [u8; 4], port: u16, n: usize) -> Vec<u16> {
    let go = std::sync::Arc::new(std::sync::Barrier::new(n));
    let threads: Vec<_> = (0..n)
        .map(|_| {
            let go = std::sync::Arc::clone(&go);
            std::thread::spawn(move || {
                let head = format!(
                    "POST /report HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{WRONG}",
                    WRONG.len()
                );
                go.wait();
                let to = SocketAddr::from(([127, 0, 0, 1], port));
                let Some(mut s) = bound_connect(IpAddr::from(from), to) else {
                    return 0;
                };
                let _ = s.set_read_timeout(Some(Duration::from_secs(20)));
                if s.write_all(head.as_bytes()).is_err() {
                    return 0;
                }
                let mut raw = Vec::new();
                let _ = s.read_to_end(&mut raw);
                String::from_utf8_lossy(&raw)
                    .split_whitespace()
                    .nth(1)
                    .and_then(|c| c.parse().ok())
                    .unwrap_or(0)
            })
        })
        .collect();
    threads
        .into_iter()
        .map(|t| t.join().expect("a report"))
        .collect()
}

#[test]
fn ninety_wrong_codes_at_once_from_one_address_have_at_most_five_judged() {
    let dir = tempfile::tempdir().expect("tmp");
    let log = self_report_support::event(dir.path(), "confirm", "");
    let server = serve_support::Server::start(&log);
    let statuses = reports_at_once([127, 0, 0, 2], server.port, 90);
    let judged = statuses.iter().filter(|s| **s == 403).count();
    let refused = statuses.iter().filter(|s| **s == 429).count();
    assert_eq!(judged + refused, 90, "every report answered: {statuses:?}");
    assert!(
        judged <= bianpai::serve::WRONG_LIMIT,
        "{judged} wrong codes judged at once"
    );
    // Every loopback address is the same client: another one is refused too.
    let r = serve_support::post_form_from(
        std::net::Ipv4Addr::new(127, 0, 0, 3),
        server.port,
        "/report",
        WRONG,
    );
    assert_eq!(r.status, 429, "127.0.0.3 after 127.0.0.2: {}", r.text());
}
