//! `bianpai serve`: the room page. A web server that follows the log like a
//! console does (and writes nothing but the players' reports, docs/self-report.md) and shows
//! the current round, find-my-board, standings, crosstable,
//! teams, prizes, each player's card and a wall mode for the hall's TV, live over
//! server-sent events, with a JSON API in the shapes of `export --format json`.
//!
//! axum routes on a small tokio runtime (one thread serves; one thread follows the log).
//! Connections are accepted here, each under a permit (a cap on open connections), with
//! hyper's header timeout and buffer limit, so a slow or vanished client costs one permit and
//! holds back nobody else.

pub mod api;
mod cache;
pub mod delta;
mod etag;
pub mod final_standings;
pub mod finished;
pub mod follow;
pub mod pages;
pub mod per_client;
pub mod qr;
mod report;
pub mod routes;
pub mod running;
mod shown;
pub mod topic;
pub mod view;
mod whole;

/// Wrong report codes one client may give within ten minutes (docs/self-report.md).
pub use report::WRONG_LIMIT;

use std::net::{IpAddr, SocketAddr};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use crate::domain::rules::Lang;
use crate::i18n::room::{Fault, Msg, text};

/// The address `serve` binds without `--bind`: this machine only.
pub const DEFAULT_BIND: &str = "127.0.0.1:8080";

/// Connections open at once (event streams included); more wait in the kernel's backlog.
/// Sized for a 5,000-player hall on one laptop (docs/room-page.md#budgets): a stream per
/// phone and a thousand connections over for pages.
pub const MAX_CONNECTIONS: usize = 6000;
/// Event streams open at once, for the whole server (`serve --max-streams`); the
/// connections above it are always left for pages, whatever the streams. A phone refused a
/// stream polls its page instead (`POLL_SECS`) and asks for a stream again later.
pub const MAX_STREAMS: usize = 5000;
/// Seconds between a phone's reads of its page when it has no stream (`serve --poll`); each
/// wait is jittered up to twice that, so the phones of a hall spread out.
pub const POLL_SECS: u64 = 10;
/// File descriptors kept for everything but the connections (the log, the runtime).
const SPARE_FILES: usize = 64;

/// What `bianpai serve` is told on its command line besides the log and the address.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Event streams open at once for the whole server.
    pub max_streams: usize,
    /// A phone's wait between reads when it has no stream.
    pub poll: Duration,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_streams: MAX_STREAMS,
            poll: Duration::from_secs(POLL_SECS),
        }
    }
}

/// The connections this process can hold: [`MAX_CONNECTIONS`], or fewer when the open-files
/// limit (raised to its hard limit first) cannot hold that many.
fn connection_budget() -> usize {
    let files = crate::platform::raise_open_files((MAX_CONNECTIONS + SPARE_FILES) as u64);
    files.map_or(MAX_CONNECTIONS, |n| {
        (n as usize)
            .saturating_sub(SPARE_FILES)
            .clamp(1, MAX_CONNECTIONS)
    })
}
/// A client must send a request's head within this time (hyper's header read timeout; it
/// also closes a kept-alive connection idle for as long).
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// A client must send a request's body within this time after its head (`whole`).
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// The largest request head read (a GET is a few hundred bytes).
const MAX_HEAD: usize = 16 * 1024;

/// Parses `--bind`: `ADDR:PORT` (`0.0.0.0:8080` for the venue's LAN, port 0 for any free one).
///
/// # Errors
/// The text given, as the fault naming `--bind`.
pub fn parse_bind(given: &str) -> Result<SocketAddr, Fault> {
    given
        .trim()
        .parse()
        .map_err(|_| Fault::Bind(given.to_string()))
}

/// The address a phone in the hall should open: the bound one, or for an unspecified address
/// (`0.0.0.0`) this machine's first LAN address as `hostname -I` lists it.
pub fn page_url(bound: SocketAddr) -> String {
    let ip = if bound.ip().is_unspecified() {
        lan_address().unwrap_or(bound.ip())
    } else {
        bound.ip()
    };
    match ip {
        IpAddr::V4(v4) => format!("http://{v4}:{}/", bound.port()),
        IpAddr::V6(v6) => format!("http://[{v6}]:{}/", bound.port()),
    }
}

fn lan_address() -> Option<IpAddr> {
    let out = std::process::Command::new("hostname")
        .arg("-I")
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let mut addrs = text
        .split_whitespace()
        .filter_map(|w| w.parse::<IpAddr>().ok());
    let all: Vec<IpAddr> = addrs.by_ref().collect();
    all.iter()
        .find(|a| a.is_ipv4() && !a.is_loopback())
        .or_else(|| all.first())
        .copied()
}

/// Resolves when `stop` is set.
async fn stopped(stop: &AtomicBool) {
    while !stop.load(Ordering::Relaxed) {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Accepts connections until `stop`, each served by hyper under a connection permit, at
/// most `per_client::PER_CLIENT` open from one client address, and of those at most
/// `per_client::HALF_OPEN_PER_CLIENT` still without a whole request after the grace.
pub async fn serve(listener: TcpListener, app: Router, max: usize, stop: Arc<AtomicBool>) {
    let permits = Arc::new(Semaphore::new(max));
    let clients = per_client::Clients::default();
    loop {
        let permit = tokio::select! {
            p = Arc::clone(&permits).acquire_owned() => match p {
                Ok(p) => p,
                Err(_) => return,
            },
            () = stopped(&stop) => return,
        };
        let accepted = tokio::select! {
            r = listener.accept() => r,
            () = stopped(&stop) => return,
        };
        let Ok((stream, peer)) = accepted else {
            // Out of file descriptors or the like: wait instead of spinning.
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        // A client over its share is closed at once, its permit given back.
        let Some(ticket) = clients.admit(peer.ip(), per_client::PER_CLIENT) else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        // The router counts this client's event streams (`per_client::Peer`); the client's
        // address also counts its wrong report codes (`report::Client`).
        let client = report::Client(peer.ip());
        let ip = peer.ip();
        let peer = per_client::Peer {
            clients: clients.clone(),
            ip,
        };
        let (arrived, whole_rx) = whole::Arrived::new();
        let svc = TowerToHyperService::new(tower::ServiceExt::map_request(
            app.clone(),
            move |mut req: hyper::Request<hyper::body::Incoming>| {
                req.extensions_mut().insert(peer.clone());
                req.extensions_mut().insert(client);
                req.extensions_mut().insert(arrived.clone());
                req
            },
        ));
        let counts = clients.clone();
        tokio::spawn(async move {
            let conn = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .max_buf_size(MAX_HEAD)
                .serve_connection(TokioIo::new(stream), svc);
            until_whole_or_closed(std::pin::pin!(conn), whole_rx, &counts, ip).await;
            drop(ticket);
            drop(permit);
        });
    }
}

/// Serves one connection. If it has not sent a whole first request within
/// `per_client::HALF_OPEN_GRACE`, it holds one of its client's half-open places until it
/// does, or is closed at once when the client holds them all.
async fn until_whole_or_closed<C: std::future::Future>(
    mut conn: std::pin::Pin<&mut C>,
    mut whole: tokio::sync::oneshot::Receiver<()>,
    clients: &per_client::Clients,
    ip: IpAddr,
) {
    /// What happened first on a new connection.
    enum First {
        Closed,
        Whole,
        Grace,
    }
    let first = tokio::select! {
        _ = conn.as_mut() => First::Closed,
        _ = &mut whole => First::Whole,
        () = tokio::time::sleep(per_client::HALF_OPEN_GRACE) => First::Grace,
    };
    match first {
        First::Closed => return,
        First::Whole => {
            conn.await;
            return;
        }
        First::Grace => {}
    }
    // Dropping the connection closes it.
    let Some(half_open) = clients.admit_half_open(ip) else {
        return;
    };
    let whole_now = tokio::select! {
        _ = conn.as_mut() => false,
        _ = &mut whole => true,
    };
    drop(half_open);
    if whole_now {
        conn.await;
    }
}

/// `bianpai serve`: follows `log` and serves the room page on `bind` until interrupted.
///
/// # Errors
/// The log cannot be opened, or the address cannot be bound.
pub fn run(log: &Path, bind: SocketAddr, lang: Lang, opts: Options) -> Result<(), String> {
    let stop = Arc::new(AtomicBool::new(false));
    crate::platform::on_stop(&stop).map_err(|e| format!("serve: {e}"))?;
    let feed = follow::start(log, Arc::clone(&stop))?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("serve: {e}"))?;
    let result = rt.block_on(async {
        let listener = TcpListener::bind(bind)
            .await
            .map_err(|e| format!("--bind {bind}: {e}"))?;
        let bound = listener
            .local_addr()
            .map_err(|e| format!("--bind {bind}: {e}"))?;
        announce(bound, log, lang);
        if let Some(line) = report::announce(&feed.current().tournament, &page_url(bound), lang) {
            crate::outln!("{line}");
        }
        // For the console's `Q`; the file goes when this server stops.
        let _running = running::announce(log, &page_url(bound), bound)
            .inspect_err(|e| running::cannot_announce(log, e, lang))
            .ok();
        let connections = connection_budget();
        let limits = routes::Limits {
            // The streams never take every connection: a sixth is left for pages.
            streams: opts.max_streams.min(connections - connections / 6),
            poll: opts.poll,
            ..routes::Limits::default()
        };
        let app = routes::router(feed, limits);
        serve(listener, app, connections, Arc::clone(&stop)).await;
        Ok(())
    });
    stop.store(true, Ordering::Relaxed);
    rt.shutdown_timeout(Duration::from_millis(200));
    result
}

/// Prints the address (first line, for scripts), its QR code and what to do next.
fn announce(bound: SocketAddr, log: &Path, lang: Lang) {
    let url = page_url(bound);
    crate::outln!("{url}");
    let up = Msg::RoomUp {
        log: log.display().to_string(),
    };
    crate::outln!("{}", text(&up, lang));
    if let Some(lines) = qr::lines(&url) {
        for l in lines {
            crate::outln!("  {l}");
        }
    }
    if bound.ip().is_loopback() {
        crate::outln!("{}", text(&Msg::LoopbackOnly, lang));
    }
    crate::outln!("{}", text(&Msg::WallHint, lang));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bind_is_addr_and_port() {
        assert_eq!(
            parse_bind("127.0.0.1:0").map(|a| a.port()),
            Ok(0),
            "port 0 picks a free port"
        );
        let fault = parse_bind("localhost").unwrap_err();
        assert!(
            crate::i18n::room::fault(&fault, Lang::En).contains("--bind"),
            "{fault:?}"
        );
        assert_eq!(
            page_url(parse_bind("[::1]:8080").expect("v6")),
            "http://[::1]:8080/"
        );
    }
}
