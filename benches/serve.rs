//! Load benchmark of the room page, not a timed test: the real `bianpai serve` on a
//! free loopback port, 500 open event streams and 50 page requests a second for 60 s, while
//! `bianpai result` records one result every 1.5 s. Each stream client, like the page's
//! script, then re-fetches the round page's main part. Reports the latency from starting the
//! `result` command to the last stream receiving the update and to the last client holding
//! the re-fetched page (p50 / p99 / max), page latency, and the server's CPU and memory.
//!
//! `cargo bench --bench serve -- [--streams N] [--rate R] [--seconds S]`
//! Everything stays on 127.0.0.1 and stops by itself: at most 2,000 streams, 500 requests a
//! second and 300 seconds.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_bianpai");
const PLAYERS: usize = 80;
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

/// An event with 80 players, round 1 paired (40 boards) and started.
fn event(dir: &Path) -> String {
    let log = dir.join("bench.log");
    let l = log.to_str().expect("utf-8 path").to_string();
    run(&["new", &l, "--preset", "lvliang-2024", "--title", "压力测试"]);
    let csv: String = std::iter::once("姓名,单位\n".to_string())
        .chain((1..=PLAYERS).map(|i| format!("棋手{i},俱乐部{}\n", i % 9)))
        .collect();
    let file = dir.join("players.csv");
    std::fs::write(&file, csv).expect("csv");
    // The clubs are the teams of this field (the preset counts team standings).
    run(&[
        "player",
        "import",
        &l,
        file.to_str().expect("utf-8 path"),
        "--team-from-club",
    ]);
    run(&["draw", &l, "--seed", "1"]);
    run(&["pair", &l]);
    run(&["start", &l]);
    l
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

/// utime + stime of a process, in seconds.
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = f.get(11).and_then(|v| v.parse().ok()).unwrap_or(0.0)
        + f.get(12).and_then(|v| v.parse().ok()).unwrap_or(0.0);
    ticks / 100.0
}

fn status_kb(pid: u32, key: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Version → (streams that got it, when the last one did).
type Seen = Arc<Mutex<HashMap<u64, (usize, Instant)>>>;

/// One phone: an open event stream that, like the page's script, re-fetches the round page's
/// main part after each update (into `fetched`).
fn stream(port: u16, seen: &Seen, fetched: &Seen, open: &AtomicUsize, stop: &AtomicBool) {
    let Ok(mut conn) = TcpStream::connect(("127.0.0.1", port)) else {
        return;
    };
    let _ = conn.set_read_timeout(Some(Duration::from_millis(500)));
    if write!(
        conn,
        "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
    )
    .is_err()
    {
        return;
    }
    open.fetch_add(1, Ordering::Relaxed);
    let mut reader = BufReader::new(conn);
    let mut event = String::new();
    let mut line = String::new();
    while !stop.load(Ordering::Relaxed) {
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                continue;
            }
            Err(_) => break,
        }
        let l = line.trim_end();
        if let Some(e) = l.strip_prefix("event: ") {
            event = e.to_string();
        } else if let Some(d) = l.strip_prefix("data: ")
            && event == "update"
            && let Ok(v) = d.parse::<u64>()
        {
            record(seen, v);
            if v > 1 && page(port, "/?part=main").is_some() {
                record(fetched, v);
            }
        }
    }
    open.fetch_sub(1, Ordering::Relaxed);
}

fn record(seen: &Seen, v: u64) {
    let now = Instant::now();
    let mut m = seen.lock().expect("lock");
    let e = m.entry(v).or_insert((0, now));
    e.0 += 1;
    e.1 = now;
}

/// Latencies from each result's start to the last of `n` clients having it.
fn latencies(
    results: &[(u64, Instant)],
    m: &HashMap<u64, (usize, Instant)>,
    n: usize,
) -> (Vec<Duration>, usize) {
    let mut lat = Vec::new();
    let mut incomplete = 0;
    for (v, t0) in results {
        match m.get(v) {
            Some((got, last)) if *got >= n => lat.push(last.duration_since(*t0)),
            _ => incomplete += 1,
        }
    }
    lat.sort();
    (lat, incomplete)
}

/// One page request on its own connection; its latency and whether it answered 200.
fn page(port: u16, path: &str) -> Option<Duration> {
    let t = Instant::now();
    let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut body = Vec::new();
    s.read_to_end(&mut body).ok()?;
    body.starts_with(b"HTTP/1.1 200").then(|| t.elapsed())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--list") {
        return; // `cargo bench -- --list`
    }
    let streams = arg(&args, "--streams", 500, 2000) as usize;
    let rate = arg(&args, "--rate", 50, 500);
    let seconds = arg(&args, "--seconds", 60, 300);
    let dir = tempfile::tempdir().expect("temp dir");
    let log = event(dir.path());

    let mut server = Command::new(BIN)
        .args(["serve", &log, "--bind", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("serve starts");
    let pid = server.id();
    let mut first = String::new();
    BufReader::new(server.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("address");
    let port: u16 = first
        .trim()
        .trim_start_matches("http://127.0.0.1:")
        .trim_end_matches('/')
        .parse()
        .expect("port");

    let seen: Seen = Arc::new(Mutex::new(HashMap::new()));
    let fetched: Seen = Arc::new(Mutex::new(HashMap::new()));
    let open = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let mut handles = Vec::new();
    for _ in 0..streams {
        let (seen, fetched, open, stop) = (
            Arc::clone(&seen),
            Arc::clone(&fetched),
            Arc::clone(&open),
            Arc::clone(&stop),
        );
        handles.push(
            std::thread::Builder::new()
                .stack_size(128 * 1024)
                .spawn(move || stream(port, &seen, &fetched, &open, &stop))
                .expect("thread"),
        );
    }
    let ready = Instant::now();
    while open.load(Ordering::Relaxed) < streams && ready.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(50));
    }
    // Every stream has had the first version.
    let deadline = Instant::now() + Duration::from_secs(30);
    while seen.lock().expect("lock").get(&1).map_or(0, |e| e.0) < streams
        && Instant::now() < deadline
    {
        std::thread::sleep(Duration::from_millis(50));
    }
    let rss_idle = status_kb(pid, "VmRSS:");
    println!(
        "{} streams open ({} got the first version), idle server RSS {} KiB",
        open.load(Ordering::Relaxed),
        seen.lock().expect("lock").get(&1).map_or(0, |e| e.0),
        rss_idle
    );

    // Page load: `rate` requests a second over 8 workers.
    let (tx, rx) = mpsc::channel::<String>();
    let rx = Arc::new(Mutex::new(rx));
    let page_times = Arc::new(Mutex::new(Vec::new()));
    let failures = Arc::new(AtomicUsize::new(0));
    let mut workers = Vec::new();
    for _ in 0..8 {
        let (rx, times, failures) = (
            Arc::clone(&rx),
            Arc::clone(&page_times),
            Arc::clone(&failures),
        );
        workers.push(std::thread::spawn(move || {
            loop {
                let job = rx.lock().expect("lock").recv();
                let Ok(path) = job else { break };
                match page(port, &path) {
                    Some(d) => times.lock().expect("lock").push(d),
                    None => {
                        failures.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
        }));
    }
    let paths = [
        "/",
        "/standings",
        "/crosstable",
        "/player/7",
        "/find?q=%E6%A3%8B%E6%89%8B1",
        "/api/all",
        "/wall",
        "/?part=main",
    ];

    let cpu0 = cpu_seconds(pid);
    let start = Instant::now();
    let end = start + Duration::from_secs(seconds);
    let mut next_page = start;
    let mut next_result = start + Duration::from_millis(500);
    let mut sent = 0u64;
    let mut results: Vec<(u64, Instant)> = Vec::new();
    let mut version = 1;
    let mut board = 1;
    while Instant::now() < end {
        let now = Instant::now();
        if now >= next_result && board <= PLAYERS / 2 {
            let t0 = Instant::now();
            let word = ["red_win", "black_win", "draw"][board % 3];
            run(&["result", &log, &board.to_string(), word]);
            version += 1;
            results.push((version, t0));
            board += 1;
            next_result += RESULT_EVERY;
        }
        if now >= next_page {
            let _ = tx.send(paths[(sent as usize) % paths.len()].to_string());
            sent += 1;
            next_page = start + Duration::from_secs_f64(sent as f64 / rate as f64);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let wall = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds(pid) - cpu0;
    drop(tx);
    for w in workers {
        let _ = w.join();
    }
    std::thread::sleep(Duration::from_secs(2));
    let rss = status_kb(pid, "VmRSS:");
    let hwm = status_kb(pid, "VmHWM:");

    let (lat, incomplete) = latencies(&results, &seen.lock().expect("lock").clone(), streams);
    let (pages_lat, pages_incomplete) =
        latencies(&results, &fetched.lock().expect("lock").clone(), streams);
    let mut pages = page_times.lock().expect("lock").clone();
    pages.sort();
    println!(
        "{seconds} s: {} results, {streams} streams, {sent} page requests ({rate}/s, {} failed)",
        results.len(),
        failures.load(Ordering::Relaxed)
    );
    println!(
        "result → last stream: p50 {}  p99 {}  max {}  ({} results reached every stream, {incomplete} did not)",
        ms(percentile(&lat, 0.5)),
        ms(percentile(&lat, 0.99)),
        ms(lat.last().copied().unwrap_or_default()),
        lat.len()
    );
    println!(
        "result → last of the {streams} pages re-fetched: p50 {}  p99 {}  max {}  ({} complete, {pages_incomplete} not)",
        ms(percentile(&pages_lat, 0.5)),
        ms(percentile(&pages_lat, 0.99)),
        ms(pages_lat.last().copied().unwrap_or_default()),
        pages_lat.len()
    );
    println!(
        "page requests: p50 {}  p99 {}",
        ms(percentile(&pages, 0.5)),
        ms(percentile(&pages, 0.99))
    );
    println!(
        "server: CPU {:.1}% of one core over the run, RSS {} KiB at the end (peak {} KiB)",
        100.0 * cpu / wall,
        rss,
        hwm
    );

    stop.store(true, Ordering::Relaxed);
    let _ = server.kill();
    let _ = server.wait();
    for h in handles {
        let _ = h.join();
    }
}
