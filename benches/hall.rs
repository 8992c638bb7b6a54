//! Load benchmark of the room page for a whole hall, not a timed test: the real
//! `bianpai serve` on a free loopback port, a round of B boards, N phones each holding an
//! event stream and, like the page's script, re-fetching the round page's main part
//! (`Accept-Encoding: br`, the `ETag` it holds) after each update, while `bianpai result`
//! records one result every 1.5 s. Reports the page's sizes (plain, gzip, brotli, a 304),
//! the bytes each phone received per update, the latency from starting `result` to the last
//! phone holding the fresh page, the page latency of other phones meanwhile (p50 / p99), and
//! the server's CPU and memory.
//!
//! `cargo bench --bench hall -- [--boards B] [--phones N] [--results K] [--refetch] [--wall] [--cards] [--plain | --gzip]`
//! Phones follow the round page's own stream (`/events?page=round`), which carries each
//! result as a delta of its row (docs/room-page.md#deltas); `--refetch` puts them on the
//! plain stream, re-fetching the main part after each update, as before deltas. `--wall`:
//! every screen is on the wall (`/wall` and its own stream, `page=wall`) instead of the round
//! page. `--cards`: every phone is on a player's card (`/player/N` and its own stream,
//! `page=player&no=N`), phone n on player n's (n modulo the field), so a result reaches the
//! phones of its two players only. `--gzip`: the clients ask for gzip, not brotli.
//! `--plain`: no client asks for compression (the re-fetches and the page loads
//! meanwhile are sent plain; a delta event is never compressed).
//! Phones come from distinct addresses 10.77.x.y when that range is local
//! (`ip route add local 10.77.0.0/16 dev lo`, as root); otherwise from loopback, which is one
//! client and so holds at most 50 streams (docs/room-page.md#budgets). Everything stays on
//! this machine and stops by itself: at most 5,000 phones, 2,000 boards, 100 results.

#![allow(clippy::many_single_char_names)] // s, r, l, e, n: a socket, its reader, a line

use std::io::Write as _;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpSocket, TcpStream};

const BIN: &str = env!("CARGO_BIN_EXE_bianpai");
const RESULT_EVERY: Duration = Duration::from_millis(1500);

fn arg(args: &[String], name: &str, default: u64, max: u64) -> u64 {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
        .min(max)
}

fn run(args: &[&str]) {
    let out = Command::new(BIN).args(args).output().expect("bianpai runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// An event of `2 * boards` players, round 1 paired and started.
fn event(dir: &Path, boards: usize) -> String {
    let log = dir.join("hall.log");
    let l = log.to_str().expect("utf-8 path").to_string();
    // The monthly preset's rules without its 40-player limit.
    let preset = include_str!("../src/domain/rules/presets/qigu-2024-07.ron")
        .replace("capacity: Some(40)", "capacity: None");
    let rules = dir.join("hall.ron");
    std::fs::write(&rules, preset).expect("rules");
    let r = rules.to_str().expect("utf-8 path");
    run(&["new", &l, "--rules", r, "--title", "大厅压力测试"]);
    let csv: String = std::iter::once("姓名,单位\n".to_string())
        .chain((1..=2 * boards).map(|i| format!("棋手{i},俱乐部{}\n", i % 37)))
        .collect();
    let file = dir.join("players.csv");
    std::fs::write(&file, csv).expect("csv");
    run(&["player", "import", &l, file.to_str().expect("utf-8 path")]);
    run(&["draw", &l, "--seed", "1"]);
    run(&["pair", &l]);
    run(&["start", &l]);
    l
}

fn pct(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[(((sorted.len() - 1) as f64) * p).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn proc_field(pid: u32, file: &str, key: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/{file}"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let f: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let t = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (t(11) + t(12)) / 100.0
}

/// The address phone `i` connects from.
fn source(i: usize, hall: bool) -> IpAddr {
    if hall {
        IpAddr::V4(Ipv4Addr::new(10, 77, (i / 250) as u8, (i % 250 + 1) as u8))
    } else {
        IpAddr::V4(Ipv4Addr::LOCALHOST)
    }
}

async fn connect(from: IpAddr, port: u16) -> std::io::Result<TcpStream> {
    let sock = TcpSocket::new_v4()?;
    sock.bind(SocketAddr::new(from, 0))?;
    sock.connect(SocketAddr::from(([127, 0, 0, 1], port))).await
}

/// One GET on its own connection: (status, bytes received in all, body length, `ETag`).
async fn get(
    from: IpAddr,
    port: u16,
    path: &str,
    extra: &str,
) -> Option<(u16, usize, usize, String)> {
    let mut s = connect(from, port).await.ok()?;
    let head = format!("GET {path} HTTP/1.1\r\nHost: hall\r\nConnection: close\r\n{extra}\r\n");
    s.write_all(head.as_bytes()).await.ok()?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.ok()?;
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let h = String::from_utf8_lossy(&raw[..end]);
    let status = h.get(9..12)?.parse().ok()?;
    let tag = h
        .lines()
        .filter_map(|l| l.split_once(':'))
        .find(|(k, _)| k.eq_ignore_ascii_case("etag"))
        .map_or(String::new(), |(_, t)| t.trim().to_string());
    Some((status, raw.len(), raw.len() - end - 4, tag))
}

/// The page's stream with its run and version (`data-events`, `data-run`, `data-version` of
/// its `main`): what a phone that loaded it opens, `EVENTS&last=RUN.VERSION`, as the page's
/// script does.
async fn page_stream(from: IpAddr, port: u16, path: &str) -> Option<String> {
    let mut s = connect(from, port).await.ok()?;
    let head = format!("GET {path} HTTP/1.1\r\nHost: hall\r\nConnection: close\r\n\r\n");
    s.write_all(head.as_bytes()).await.ok()?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.ok()?;
    let page = String::from_utf8_lossy(&raw);
    let attr = |name: &str| -> Option<String> {
        let at = page.find(&format!("{name}=\""))? + name.len() + 2;
        Some(page[at..].split('"').next()?.to_string())
    };
    let events = attr("data-events")?.replace("&amp;", "&");
    Some(format!(
        "{events}&last={}.{}",
        attr("data-run")?,
        attr("data-version")?
    ))
}

/// Shared counters of the phones.
#[derive(Default)]
struct Hall {
    open: AtomicUsize,
    /// Bytes received by all phones, stream and re-fetches.
    bytes: AtomicU64,
    /// Per version: phones holding its page, and when the last one got it (µs since start).
    held: std::sync::Mutex<std::collections::HashMap<u64, (usize, u64)>>,
}

/// A phone: its stream, and a re-fetch of the main part after each update; with `deltas`
/// the round page's own stream, whose `delta` events carry the rows that changed (the page
/// is re-fetched only on `update`).
/// What every phone is told: where to connect from and to, and how it follows the page.
struct Setup {
    hall_addrs: bool,
    port: u16,
    deltas: bool,
    /// The page's stream address with `last=RUN.VERSION`; with `cards`, `{no}` stands for
    /// the phone's player.
    stream: String,
    /// The `Accept-Encoding` header line, or nothing.
    encoding: &'static str,
    /// The page's main part, re-fetched after an update (`{no}` as in `stream`).
    part: String,
    /// Phones on players' cards: the number of players.
    cards: Option<usize>,
}

async fn phone(n: usize, setup: Arc<Setup>, hall: Arc<Hall>, start: Instant) {
    let Setup {
        hall_addrs,
        port,
        deltas,
        ref stream,
        encoding,
        ref part,
        cards,
    } = *setup;
    let no = cards.map_or(String::new(), |players| (n % players + 1).to_string());
    let part = part.replace("{no}", &no);
    let from = source(n, hall_addrs);
    let Ok(mut s) = connect(from, port).await else {
        return;
    };
    let path = if deltas {
        stream.replace("{no}", &no)
    } else {
        "/events".to_string()
    };
    let head = format!("GET {path} HTTP/1.1\r\nHost: hall\r\nAccept: text/event-stream\r\n\r\n");
    if s.write_all(head.as_bytes()).await.is_err() {
        return;
    }
    let mut r = BufReader::new(s);
    let mut line = String::new();
    if r.read_line(&mut line).await.is_err() || !line.starts_with("HTTP/1.1 200") {
        return;
    }
    hall.open.fetch_add(1, Ordering::Relaxed);
    let (mut event, mut tag) = (String::new(), String::new());
    loop {
        line.clear();
        match r.read_line(&mut line).await {
            Ok(0) | Err(_) => return,
            Ok(n) => hall.bytes.fetch_add(n as u64, Ordering::Relaxed),
        };
        let l = line.trim_end();
        if let Some(e) = l.strip_prefix("event: ") {
            event = e.to_string();
        } else if let Some(d) = l.strip_prefix("data: ")
            && event == "delta"
            && let Ok(j) = serde_json::from_str::<serde_json::Value>(d)
            && let Some(v) = j["to"].as_u64()
        {
            // The rows put in place: this phone holds version v.
            let at = start.elapsed().as_micros() as u64;
            let mut held = hall.held.lock().expect("lock");
            let e = held.entry(v).or_insert((0, 0));
            e.0 += 1;
            e.1 = e.1.max(at);
        } else if let Some(d) = l.strip_prefix("data: ")
            && event == "update"
            && let Ok(v) = d.parse::<u64>()
        {
            let extra = if tag.is_empty() {
                encoding.to_string()
            } else {
                format!("{encoding}If-None-Match: {tag}\r\n")
            };
            if let Some((_, n, _, t)) = get(from, port, &part, &extra).await {
                hall.bytes.fetch_add(n as u64, Ordering::Relaxed);
                tag = t;
                let at = start.elapsed().as_micros() as u64;
                let mut held = hall.held.lock().expect("lock");
                let e = held.entry(v).or_insert((0, 0));
                e.0 += 1;
                e.1 = e.1.max(at);
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let boards = arg(&args, "--boards", 500, 2000) as usize;
    let phones = arg(&args, "--phones", 1000, 5000) as usize;
    let results = arg(&args, "--results", 20, 100).min(boards as u64) as usize;
    // `--refetch`: every phone on the plain stream, re-fetching the page on each update (what
    // every page but the round page still does); otherwise the round page's deltas.
    let deltas = !args.iter().any(|a| a == "--refetch");
    let wall = args.iter().any(|a| a == "--wall");
    let cards = args.iter().any(|a| a == "--cards").then_some(boards * 2);
    let encoding = if args.iter().any(|a| a == "--plain") {
        ""
    } else if args.iter().any(|a| a == "--gzip") {
        "Accept-Encoding: gzip\r\n"
    } else {
        "Accept-Encoding: br\r\n"
    };
    let (page, part) = match (wall, cards) {
        (true, _) => ("/wall", "/wall?part=main"),
        (false, Some(_)) => ("/player/1", "/player/{no}?part=main"),
        (false, None) => ("/", "/?part=main"),
    };
    let hall_addrs = std::net::TcpListener::bind("10.77.0.1:0").is_ok();
    let dir = tempfile::tempdir().expect("temp dir");
    let log = event(dir.path(), boards);
    let mut server = Command::new(BIN)
        .args(["serve", &log, "--bind", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("serve");
    let mut first = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(server.stdout.take().expect("stdout")),
        &mut first,
    )
    .expect("address");
    let port: u16 = first
        .trim()
        .trim_start_matches("http://127.0.0.1:")
        .trim_end_matches('/')
        .parse()
        .expect("port");
    let pid = server.id();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let lo = IpAddr::V4(Ipv4Addr::LOCALHOST);
    rt.block_on(async {
        println!(
            "hall bench ({}, {}, {}): {boards} boards, {phones} phones from {}",
            if deltas { "deltas" } else { "--refetch" },
            match (wall, cards) { (true, _) => "the wall", (false, Some(_)) => "players' cards", _ => "the round page" },
            if encoding.is_empty() { "no compression" } else if encoding.contains("gzip") { "gzip" } else { "brotli" },
            if hall_addrs { "distinct addresses 10.77.x.y" } else { "loopback (one client: 50 streams at most)" }
        );
        let size = |enc: &'static str, path: &'static str| async move {
            let extra = if enc.is_empty() { String::new() } else { format!("Accept-Encoding: {enc}\r\n") };
            get(lo, port, path, &extra).await.expect("page")
        };
        let (_, _, plain, tag) = size("", page).await;
        let (_, _, gz, _) = size("gzip", page).await;
        let (_, _, br, _) = size("br", page).await;
        let (_, frag_all, frag, _) = size("br", part).await;
        let (s304, n304, _, _) =
            get(lo, port, page, &format!("If-None-Match: {tag}\r\n")).await.expect("304");
        println!("{page}: {plain} B plain, {gz} B gzip, {br} B brotli; main part brotli {frag} B ({frag_all} B with headers); {s304} answer {n304} B");
        let hall = Arc::new(Hall::default());
        // Every phone has loaded the page at this version (the loads are not measured here).
        let setup = Arc::new(Setup {
            hall_addrs,
            port,
            deltas,
            stream: page_stream(lo, port, page)
                .await
                .expect("the page's stream, run and version")
                .replace("no=1&", "no={no}&"),
            encoding,
            part: part.to_string(),
            cards,
        });
        let t0 = Instant::now();
        for i in 0..phones {
            tokio::spawn(phone(i, Arc::clone(&setup), Arc::clone(&hall), t0));
            if i % 100 == 99 {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        // Every stream open (or a minute), then 2 s of quiet before the first result.
        let limit = Instant::now() + Duration::from_mins(1);
        while hall.open.load(Ordering::Relaxed) < phones && Instant::now() < limit {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let opened = t0.elapsed();
        tokio::time::sleep(Duration::from_secs(2)).await;
        let open = hall.open.load(Ordering::Relaxed);
        println!(
            "streams open: {open} of {phones} in {}; server RSS {} kB",
            ms(opened),
            proc_field(pid, "status", "VmRSS:")
        );
        let cpu0 = cpu_seconds(pid);
        let bytes0 = hall.bytes.load(Ordering::Relaxed);
        let mut starts = Vec::new();
        let mut pages = Vec::new();
        for k in 0..results {
            let at = t0.elapsed().as_micros() as u64;
            let board = (k + 1).to_string();
            let l = log.clone();
            tokio::task::spawn_blocking(move || run(&["result", &l, &board, "draw"]));
            starts.push(at);
            // Other phones load the page meanwhile (a fresh load, brotli).
            let until = Instant::now() + RESULT_EVERY;
            while Instant::now() < until {
                let t = Instant::now();
                if get(lo, port, page, encoding).await.is_some() {
                    pages.push(t.elapsed());
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
        tokio::time::sleep(Duration::from_secs(3)).await;
        let cpu = cpu_seconds(pid) - cpu0;
        let bytes = hall.bytes.load(Ordering::Relaxed) - bytes0;
        let held = hall.held.lock().expect("lock").clone();
        let mut versions: Vec<u64> = held.keys().copied().filter(|v| *v > 1).collect();
        versions.sort_unstable();
        let mut lat: Vec<Duration> = versions
            .iter()
            .zip(&starts)
            .map(|(v, s)| Duration::from_micros(held[v].1.saturating_sub(*s)))
            .collect();
        lat.sort();
        pages.sort();
        // On cards a result reaches the phones of its two players: about 2 × phones / players.
        let due = cards.map_or(open, |players| 2 * open / players);
        let complete = versions.iter().filter(|v| held[*v].0 >= due).count();
        println!(
            "{results} results: {} versions seen, {complete} reached all {due} phones they concern; result to last phone's fresh page p50 {} p99 {} max {}",
            versions.len(),
            ms(pct(&lat, 0.5)),
            ms(pct(&lat, 0.99)),
            ms(lat.last().copied().unwrap_or_default())
        );
        println!(
            "bytes per update per phone: {:.1} B, {} B per phone it concerns ({}, headers included)",
            bytes as f64 / (results.max(1) * open.max(1)) as f64,
            bytes / (results.max(1) * due.max(1)) as u64,
            if deltas { "the stream's delta events, and any re-fetch after an update" } else if encoding.is_empty() { "stream event + re-fetched main part, plain" } else { "stream event + re-fetched main part, compressed" }
        );
        println!(
            "page load meanwhile ({} loads): p50 {} p99 {}; server CPU {:.1} s over {:.1} s, RSS {} kB",
            pages.len(),
            ms(pct(&pages, 0.5)),
            ms(pct(&pages, 0.99)),
            cpu,
            RESULT_EVERY.as_secs_f64() * results as f64 + 3.0,
            proc_field(pid, "status", "VmRSS:")
        );
    });
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::io::stdout().flush();
}
