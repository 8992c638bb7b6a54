//! The players' reports under load (docs/self-report.md), not a timed test. Part one: the
//! real `bianpai serve` on a free loopback port over a 1,000-player event (500 boards,
//! `self_report: confirm`), 1,000 reports posted within one minute (every board's two
//! sides, spread evenly, from four phones at a time), while open event streams follow the
//! round page (its deltas, a re-fetch only on `update`) as the page's script does and other
//! clients ask for pages at a steady rate. Reports the answers and latency of the reports, page latency (p50, p99,
//! max), and the server's CPU and memory. Part two (criterion): one console frame of that
//! round, first with every board 待核对 (one side signed), then with every board 待确认.
//!
//! `cargo bench --bench self_report -- [--boards N] [--seconds S] [--streams N] [--rate R] [--refetch] [--auto]`
//! `--auto`: `self_report: auto`, so a board's agreed reports record its result at once and
//! every stream gets that board's row (with `confirm` the round page does not change until an
//! arbiter accepts, and the streams hear nothing).
//! The streams follow the round page's deltas as its script does (`--refetch`: the plain
//! stream, re-fetching the page after every update, as before deltas).
//! Everything stays on this machine (each phone its own address: 10.77.x.y when that range is
//! local, else 127.x.0.y, one client to the room page) and stops by itself.

#[path = "../tests/it/support/console/mod.rs"]
mod console_common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use bianpai::console::ui;
use bianpai::domain::rules::Lang;
use bianpai::domain::self_report::SelfReport;
use bianpai::domain::{Role, Round};
use bianpai::log::Log;
use criterion::Criterion;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const BIN: &str = env!("CARGO_BIN_EXE_bianpai");

fn arg(args: &[String], name: &str, default: u64, max: u64) -> u64 {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
        .min(max)
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

fn summary(name: &str, v: &mut [Duration]) {
    v.sort();
    println!(
        "{name}: {} — p50 {}  p99 {}  max {}",
        v.len(),
        ms(percentile(v, 0.5)),
        ms(percentile(v, 0.99)),
        ms(v.last().copied().unwrap_or_default())
    );
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

/// A client of its own address (a phone of the hall: the room page counts its connections
/// per address), connecting to the server on 127.0.0.1: 10.77.x.y when that range is local
/// (as root: `ip route add local 10.77.0.0/16 dev lo`), else 127.x.0.y, which the room page
/// counts as one client (docs/room-page.md#budgets: 50 streams at most).
struct Phone {
    from: std::net::Ipv4Addr,
}

/// The one runtime every phone connects through (a runtime per phone would hold three files
/// each, and 5,000 phones would pass the process's limit on open files).
fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: std::sync::OnceLock<tokio::runtime::Runtime> = std::sync::OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime")
    })
}

impl Phone {
    fn new(n: usize) -> Phone {
        let (a, b) = ((n / 250) as u8, 1 + (n % 250) as u8);
        let from = if hall_addresses() {
            std::net::Ipv4Addr::new(10, 77, a, b)
        } else {
            std::net::Ipv4Addr::new(127, 1 + a, 0, b)
        };
        Phone { from }
    }

    fn connect(&self, port: u16) -> Option<TcpStream> {
        let s = runtime().block_on(async {
            let sock = tokio::net::TcpSocket::new_v4().ok()?;
            sock.bind((self.from, 0).into()).ok()?;
            sock.connect(([127, 0, 0, 1], port).into()).await.ok()
        })?;
        let s = s.into_std().ok()?;
        s.set_nonblocking(false).ok()?;
        Some(s)
    }
}

/// Whether 10.77.0.0/16 is local, so that each phone has an address of its own.
fn hall_addresses() -> bool {
    static LOCAL: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *LOCAL.get_or_init(|| {
        std::net::TcpListener::bind("10.77.0.1:0").is_ok()
            && std::net::TcpListener::bind("10.77.1.1:0").is_ok()
    })
}

/// One request on its own connection: its status and latency.
fn exchange(phone: &Phone, port: u16, head: &str, body: &str) -> Option<(u16, Duration)> {
    let t = Instant::now();
    let mut s = phone.connect(port)?;
    s.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    s.write_all(head.as_bytes()).ok()?;
    s.write_all(body.as_bytes()).ok()?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).ok()?;
    let status = std::str::from_utf8(raw.get(9..12)?).ok()?.parse().ok()?;
    Some((status, t.elapsed()))
}

fn get(phone: &Phone, port: u16, path: &str) -> Option<(u16, Duration)> {
    exchange(
        phone,
        port,
        &format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
        "",
    )
}

fn post(phone: &Phone, port: u16, body: &str) -> Option<(u16, Duration)> {
    exchange(
        phone,
        port,
        &format!(
            "POST /report HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n",
            body.len()
        ),
        body,
    )
}

/// One phone with the round page open: its event stream, and after each update a re-fetch
/// of the page's main part (queued updates read after a fetch make one fetch, as the
/// script's own coalescing does). Fetch latencies go to `times`.
/// The page's run and version (`data-run`, `data-version`), what a phone that loaded the
/// round page hands its stream as `last=RUN.VERSION`, as the page's script does.
fn page_id(phone: &Phone, port: u16) -> Option<String> {
    let mut s = phone.connect(port)?;
    s.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .ok()?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).ok()?;
    let page = String::from_utf8_lossy(&raw);
    let attr = |name: &str| -> Option<String> {
        let at = page.find(&format!("{name}=\""))? + name.len() + 2;
        Some(page[at..].split('"').next()?.to_string())
    };
    Some(format!("{}.{}", attr("data-run")?, attr("data-version")?))
}

/// What a phone's stream counts: the re-fetches of the round page it made (after an
/// `update`) and the `delta` events it applied.
struct Counts {
    refetched: Arc<Mutex<Vec<Duration>>>,
    /// The status of each stream not opened (`none`: no answer).
    refused: Arc<Mutex<Vec<String>>>,
    deltas: Arc<AtomicUsize>,
    open: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
}

/// A phone on the round page: with `last` (the page's `RUN.VERSION`) the round page's own
/// stream of deltas, re-fetching the main part only on `update`; without, the plain stream,
/// re-fetching after every update (`--refetch`, every page before deltas).
fn stream(phone: &Phone, port: u16, last: Option<&str>, c: &Counts) {
    let Some(mut conn) = phone.connect(port) else {
        return;
    };
    let _ = conn.set_read_timeout(Some(Duration::from_millis(300)));
    let path = last.map_or_else(
        || "/events".to_string(),
        |l| format!("/events?page=round&lang=zh&last={l}"),
    );
    if write!(
        conn,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
    )
    .is_err()
    {
        return;
    }
    let (times, open, stop) = (&c.refetched, &c.open, &c.stop);
    let mut reader = BufReader::new(conn);
    let mut line = String::new();
    // The answer's status line: a stream refused (503) is counted as such, not as open.
    let _ = reader
        .get_ref()
        .set_read_timeout(Some(Duration::from_secs(30)));
    if reader.read_line(&mut line).is_err() || !line.starts_with("HTTP/1.1 200") {
        let status = line.split_whitespace().nth(1).unwrap_or("none").to_string();
        c.refused.lock().expect("lock").push(status);
        return;
    }
    let _ = reader
        .get_ref()
        .set_read_timeout(Some(Duration::from_millis(300)));
    open.fetch_add(1, Ordering::Relaxed);
    let mut due = false;
    while !stop.load(Ordering::Relaxed) {
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) => break,
            Ok(_) => {
                if line.starts_with("event: update") {
                    due = true;
                } else if line.starts_with("event: delta") {
                    c.deltas.fetch_add(1, Ordering::Relaxed);
                }
                if !reader.buffer().is_empty() {
                    continue;
                }
            }
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => break,
        }
        if due {
            due = false;
            if let Some((200, d)) = get(phone, port, "/?part=main") {
                times.lock().expect("lock").push(d);
            }
        }
    }
    open.fetch_sub(1, Ordering::Relaxed);
}

fn console_frames(c: &mut Criterion, log: &Path, name: &str, boards: u32) {
    let now = console_common::minutes(30);
    let mut app = console_common::app_as(log, "li", Role::Assistant, Lang::Zh, now);
    for (w, h) in [(160u16, 48u16), (240, 70)] {
        let mut term = Terminal::new(TestBackend::new(w, h)).expect("terminal");
        c.bench_function(&format!("frame_{boards}_boards_{name}_{w}x{h}"), |b| {
            b.iter(|| {
                app.prepare(now);
                term.draw(|f| ui::draw(f, &app)).expect("draw");
            });
        });
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--list") {
        return; // `cargo bench -- --list`
    }
    let boards = arg(&args, "--boards", 500, 2000) as u32;
    let seconds = arg(&args, "--seconds", 60, 300);
    let streams = arg(&args, "--streams", 200, 5000) as usize;
    let rate = arg(&args, "--rate", 50, 500);
    let refetch = args.iter().any(|a| a == "--refetch");
    let mode = if args.iter().any(|a| a == "--auto") {
        SelfReport::Auto
    } else {
        SelfReport::Confirm
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let path = console_common::event_with(
        dir.path(),
        "reports.log",
        boards * 2,
        9,
        true,
        "qigu-2024-07",
        |r| r.self_report = mode,
    );
    let log = path.to_str().expect("utf-8 path").to_string();
    let mut codes = Log::open(&path).expect("log").state().seat_codes(Round(1));
    // Each board's first signature, then each board's second: the boards wait 待核对 at
    // half time and 待确认 at the end.
    codes.sort_by_key(|c| (c.side != bianpai::domain::Side::Red, c.board));
    let reports: Vec<String> = codes
        .iter()
        .map(|c| {
            let word = ["red_win", "black_win", "draw"][c.board.0 as usize % 3];
            format!(
                "round=1&board={}&result={word}&code={}",
                c.board.0,
                c.code.digits()
            )
        })
        .collect();

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

    let stop = Arc::new(AtomicBool::new(false));
    let open = Arc::new(AtomicUsize::new(0));
    let refetched = Arc::new(Mutex::new(Vec::new()));
    let refused = Arc::new(Mutex::new(Vec::new()));
    let deltas = Arc::new(AtomicUsize::new(0));
    // Every phone has loaded the round page at this version (those loads are not measured).
    let last = (!refetch).then(|| page_id(&Phone::new(2000), port).expect("the page's id"));
    let mut phones = Vec::new();
    for n in 0..streams {
        let c = Counts {
            refetched: Arc::clone(&refetched),
            refused: Arc::clone(&refused),
            deltas: Arc::clone(&deltas),
            open: Arc::clone(&open),
            stop: Arc::clone(&stop),
        };
        let last = last.clone();
        phones.push(
            std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || stream(&Phone::new(n), port, last.as_deref(), &c))
                .expect("thread"),
        );
    }
    let ready = Instant::now();
    let settled = || open.load(Ordering::Relaxed) + refused.lock().expect("lock").len();
    while settled() < streams && ready.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut why: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    for s in refused.lock().expect("lock").iter() {
        *why.entry(s.clone()).or_default() += 1;
    }
    println!(
        "{boards} boards, {} event streams open in {:.1} s, refused {why:?}, idle server RSS {} KiB",
        open.load(Ordering::Relaxed),
        ready.elapsed().as_secs_f64(),
        status_kb(pid, "VmRSS:")
    );

    // Reports from four phones at a time; pages from eight clients.
    let (report_tx, report_rx) = mpsc::channel::<String>();
    let report_rx = Arc::new(Mutex::new(report_rx));
    let report_times = Arc::new(Mutex::new(Vec::new()));
    let answers = Arc::new(Mutex::new(std::collections::BTreeMap::<u16, usize>::new()));
    let (page_tx, page_rx) = mpsc::channel::<String>();
    let page_rx = Arc::new(Mutex::new(page_rx));
    let page_times = Arc::new(Mutex::new(Vec::new()));
    let failures = Arc::new(AtomicUsize::new(0));
    let mut workers = Vec::new();
    for w in 0..4 {
        let (rx, times, answers) = (
            Arc::clone(&report_rx),
            Arc::clone(&report_times),
            Arc::clone(&answers),
        );
        workers.push(std::thread::spawn(move || {
            let phone = Phone::new(1000 + w);
            loop {
                let job = rx.lock().expect("lock").recv();
                let Ok(body) = job else { break };
                let (status, d) = post(&phone, port, &body).unwrap_or((0, Duration::ZERO));
                *answers.lock().expect("lock").entry(status).or_default() += 1;
                times.lock().expect("lock").push(d);
            }
        }));
    }
    for w in 0..8 {
        let (rx, times, failures) = (
            Arc::clone(&page_rx),
            Arc::clone(&page_times),
            Arc::clone(&failures),
        );
        workers.push(std::thread::spawn(move || {
            let phone = Phone::new(1100 + w);
            loop {
                let job = rx.lock().expect("lock").recv();
                let Ok(path) = job else { break };
                match get(&phone, port, &path) {
                    Some((200, d)) => times.lock().expect("lock").push(d),
                    _ => {
                        failures.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
        }));
    }
    let paths = [
        "/".to_string(),
        "/standings".to_string(),
        format!("/player/{}", boards / 2),
        format!("/report?round=1&board={}", boards / 3),
        "/find?q=%E7%8E%8B".to_string(),
        "/api/pairings".to_string(),
        "/wall".to_string(),
        "/?part=main".to_string(),
    ];

    let half = dir.path().join("half.log");
    let cpu0 = cpu_seconds(pid);
    let start = Instant::now();
    let end = start + Duration::from_secs(seconds);
    let every = Duration::from_secs(seconds).div_f64(reports.len() as f64);
    let (mut sent_reports, mut sent_pages) = (0usize, 0u64);
    while Instant::now() < end || sent_reports < reports.len() {
        let now = Instant::now();
        if sent_reports < reports.len() && now >= start + every.mul_f64(sent_reports as f64) {
            let _ = report_tx.send(reports[sent_reports].clone());
            sent_reports += 1;
            if sent_reports == reports.len() / 2 {
                // The round with every board signed by one side, for the console's frame.
                std::thread::sleep(Duration::from_millis(500));
                let _ = std::fs::copy(&path, &half);
            }
        }
        if now < end && now >= start + Duration::from_secs_f64(sent_pages as f64 / rate as f64) {
            let _ = page_tx.send(paths[(sent_pages as usize) % paths.len()].clone());
            sent_pages += 1;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    drop(report_tx);
    drop(page_tx);
    for w in workers {
        let _ = w.join();
    }
    let wall = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds(pid) - cpu0;
    std::thread::sleep(Duration::from_secs(1));
    stop.store(true, Ordering::Relaxed);
    for p in phones {
        let _ = p.join();
    }
    println!(
        "{seconds} s: {} reports sent, answers {:?}",
        reports.len(),
        answers.lock().expect("lock")
    );
    summary("report → answer", &mut report_times.lock().expect("lock"));
    summary(
        &format!(
            "page requests ({rate}/s, {} failed)",
            failures.load(Ordering::Relaxed)
        ),
        &mut page_times.lock().expect("lock"),
    );
    summary(
        "stream clients' re-fetches of the round page",
        &mut refetched.lock().expect("lock"),
    );
    println!(
        "delta events applied by the stream clients: {}",
        deltas.load(Ordering::Relaxed)
    );
    println!(
        "server: CPU {:.1}% of one core over {wall:.0} s, RSS {} KiB at the end (peak {} KiB)",
        100.0 * cpu / wall,
        status_kb(pid, "VmRSS:"),
        status_kb(pid, "VmHWM:")
    );
    let _ = server.kill();
    let _ = server.wait();
    let t = Log::open(&path).expect("log");
    let played = t
        .state()
        .rounds
        .first()
        .map_or(0, |r| r.games.iter().filter(|g| g.result.is_some()).count());
    println!(
        "the log: {} boards wait for acceptance (待确认), {played} results recorded",
        t.state().pending_boards().len()
    );

    let mut c = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    if half.exists() {
        console_frames(&mut c, &half, "to_check", boards);
    }
    console_frames(&mut c, &path, "to_accept", boards);
    c.final_summary();
}
