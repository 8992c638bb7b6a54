//! Helpers for the room-page tests: a real `bianpai serve` process on a free loopback port,
//! and a small HTTP/1.1 client over `std::net::TcpStream` (a real exchange: request line,
//! headers, chunked or sized bodies) with every read bounded in time.
#![allow(dead_code)]

pub mod browser;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `bianpai serve LOG --bind 127.0.0.1:0`; killed when dropped.
pub struct Server {
    child: Child,
    pub port: u16,
    /// The first line `serve` printed: the page's address.
    pub url: String,
}

impl Server {
    pub fn start(log: &Path) -> Server {
        Server::start_args(&[log.to_str().unwrap()])
    }

    pub fn start_args(args: &[&str]) -> Server {
        let s = Server::spawn(args, "127.0.0.1:0");
        assert!(
            s.url.starts_with("http://127.0.0.1:"),
            "serve printed {:?}",
            s.url
        );
        s
    }

    /// `bianpai serve LOG --bind BIND` (`0.0.0.0:0`: every address, the hall's LAN too); the
    /// port is the printed address's.
    pub fn start_on(log: &Path, bind: &str) -> Server {
        Server::spawn(&[log.to_str().unwrap()], bind)
    }

    fn spawn(args: &[&str], bind: &str) -> Server {
        let mut child = Command::new(super::bin::BIN)
            .arg("serve")
            .args(args)
            .args(["--bind", bind])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let mut first = String::new();
        BufReader::new(stdout).read_line(&mut first).unwrap();
        let url = first.trim().to_string();
        let port = url
            .trim_end_matches('/')
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("serve printed {url:?}"));
        Server { child, port, url }
    }

    pub fn get(&self, path: &str) -> Response {
        request(self.port, "GET", path, &[])
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[derive(Debug)]
pub struct Response {
    pub status: u16,
    /// Header names lower-cased.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("utf-8 body")
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).expect("json body")
    }
}

fn connect(port: u16) -> TcpStream {
    let s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s.set_write_timeout(Some(Duration::from_secs(10))).unwrap();
    s
}

/// One request on its own connection (`Connection: close`); `extra` are raw header lines.
pub fn request(port: u16, method: &str, path: &str, extra: &[&str]) -> Response {
    let mut s = connect(port);
    let mut head =
        format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n");
    for h in extra {
        head.push_str(h);
        head.push_str("\r\n");
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    let raw = read_response(&mut s, method == "HEAD");
    parse(&raw, method == "HEAD")
}

/// A form posted on its own connection (`application/x-www-form-urlencoded`): a player's
/// report on the room page.
pub fn post_form(port: u16, path: &str, body: &str) -> Response {
    post_form_on(connect(port), port, path, body)
}

/// The same from another loopback address (`127.0.0.2`: another phone in the hall); the
/// socket is bound to it before it connects.
pub fn post_form_from(from: std::net::Ipv4Addr, port: u16, path: &str, body: &str) -> Response {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let stream = rt.block_on(async {
        let sock = tokio::net::TcpSocket::new_v4().unwrap();
        sock.bind((from, 0).into()).unwrap();
        sock.connect(([127, 0, 0, 1], port).into()).await.unwrap()
    });
    let s = stream.into_std().unwrap();
    s.set_nonblocking(false).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s.set_write_timeout(Some(Duration::from_secs(10))).unwrap();
    post_form_on(s, port, path, body)
}

fn post_form_on(mut s: TcpStream, port: u16, path: &str, body: &str) -> Response {
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body.as_bytes()).unwrap();
    let raw = read_response(&mut s, false);
    parse(&raw, false)
}

/// Reads one response: the head, then as many bytes as `Content-Length` says, or up to the
/// last chunk, or to the end of the connection.
fn read_response(s: &mut TcpStream, head_only: bool) -> Vec<u8> {
    let mut raw = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    loop {
        let n = s.read(&mut buf).unwrap();
        raw.extend_from_slice(&buf[..n]);
        let Some(end) = raw.windows(4).position(|w| w == b"\r\n\r\n") else {
            assert!(n > 0, "connection closed inside the response head");
            continue;
        };
        let head = String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase();
        let body = raw.len() - end - 4;
        let length = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .and_then(|v| v.trim().parse::<usize>().ok());
        let done = match length {
            _ if head_only => true,
            Some(len) => body >= len,
            None if head.contains("transfer-encoding: chunked") => raw.ends_with(b"0\r\n\r\n"),
            None => n == 0,
        };
        if done || n == 0 {
            return raw;
        }
    }
}

fn parse(raw: &[u8], head_only: bool) -> Response {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a complete response head");
    let head = std::str::from_utf8(&raw[..end]).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let rest = &raw[end + 4..];
    let chunked = headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
    let body = if head_only {
        rest.to_vec()
    } else if chunked {
        dechunk(rest)
    } else {
        rest.to_vec()
    };
    Response {
        status,
        headers,
        body,
    }
}

fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(nl) = b.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size =
            usize::from_str_radix(std::str::from_utf8(&b[..nl]).unwrap().trim(), 16).unwrap();
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&b[nl + 2..nl + 2 + size]);
        b = &b[nl + 2 + size + 2..];
    }
}

/// An open `/events` stream, read line by line.
pub struct Stream {
    reader: BufReader<TcpStream>,
}

impl Stream {
    pub fn open(port: u16) -> Stream {
        let mut s = connect(port);
        write!(
            s,
            "GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
        )
        .unwrap();
        let mut reader = BufReader::new(s);
        let mut status = String::new();
        reader.read_line(&mut status).unwrap();
        assert!(status.starts_with("HTTP/1.1 200"), "events: {status}");
        Stream { reader }
    }

    /// An event stream at `path` (`/events?page=round&lang=zh`) with `extra` raw header
    /// lines (`Last-Event-ID: …`).
    pub fn open_at(port: u16, path: &str, extra: &[&str]) -> Stream {
        let mut s = connect(port);
        let mut head = format!(
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n"
        );
        for h in extra {
            head.push_str(h);
            head.push_str("\r\n");
        }
        head.push_str("\r\n");
        s.write_all(head.as_bytes()).unwrap();
        let mut reader = BufReader::new(s);
        let mut status = String::new();
        reader.read_line(&mut status).unwrap();
        assert!(status.starts_with("HTTP/1.1 200"), "events: {status}");
        // The rest of the head.
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            if line.trim_end().is_empty() {
                break;
            }
        }
        Stream { reader }
    }

    /// The next whole event, waiting at most `limit`: its name, id and data, and the bytes
    /// it took on the wire (the chunk framing of the body included).
    pub fn next_whole(&mut self, limit: Duration) -> Option<SseEvent> {
        let deadline = Instant::now() + limit;
        let mut ev = SseEvent::default();
        while Instant::now() < deadline {
            let left = deadline
                .saturating_duration_since(Instant::now())
                .max(Duration::from_millis(1));
            self.reader.get_ref().set_read_timeout(Some(left)).unwrap();
            let mut line = String::new();
            match self.reader.read_line(&mut line) {
                Ok(0) | Err(_) => return None,
                Ok(n) => ev.bytes += n,
            }
            let l = line.trim_end_matches(['\r', '\n']);
            if let Some(e) = l.strip_prefix("event: ") {
                ev.name = e.to_string();
            } else if let Some(i) = l.strip_prefix("id: ") {
                ev.id = i.to_string();
            } else if let Some(d) = l.strip_prefix("data: ") {
                ev.data.push_str(d);
            } else if l.is_empty() && !ev.name.is_empty() {
                return Some(ev);
            }
        }
        None
    }

    /// The next whole event, which must come within 5 s.
    pub fn next_soon(&mut self) -> SseEvent {
        self.next_whole(Duration::from_secs(5))
            .expect("an event within 5 s")
    }

    /// The data of the next `event: NAME`, waiting at most `limit`; `None` on timeout.
    pub fn next_event(&mut self, name: &str, limit: Duration) -> Option<String> {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            let ev = self.next_whole(left)?;
            if ev.name == name {
                return Some(ev.data);
            }
        }
    }

    /// Waits for an `update` with a version above `after`; returns it.
    pub fn update_after(&mut self, after: u64, limit: Duration) -> Option<u64> {
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            let v: u64 = self.next_event("update", left)?.parse().ok()?;
            if v > after {
                return Some(v);
            }
        }
        None
    }
}

/// The element with `id="ID"` in `html`, up to its end tag (the parts a delta sends on their
/// own hold no element of their own kind).
pub fn element<'a>(html: &'a str, id: &str) -> &'a str {
    let at = html
        .find(&format!(" id=\"{id}\""))
        .unwrap_or_else(|| panic!("no #{id} in {html}"));
    let open = html[..at].rfind('<').unwrap();
    let tag: String = html[open + 1..]
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    let close = format!("</{tag}>");
    let end = html[open..].find(&close).unwrap() + open + close.len();
    &html[open..end]
}

/// One server-sent event as read off the wire.
#[derive(Debug, Default, Clone)]
pub struct SseEvent {
    pub name: String,
    pub id: String,
    pub data: String,
    pub bytes: usize,
}

/// Runs the binary, insists on success and returns standard output.
pub use super::bin::ok as bianpai;

/// The players of the fixture: name, club, team, birth date.
pub const PLAYERS: &[(&str, &str, &str, &str)] = &[
    ("王天一", "杭州", "浙江队", "1988-06-15"),
    ("郑惟桐", "成都", "四川队", "1992-03-24"),
    ("许银川", "广州", "广东队", "1975-08-11"),
    ("洪智", "武汉", "湖北队", "1980-04-18"),
    ("赵鑫鑫", "杭州", "浙江队", "1983-11-06"),
    ("蒋川", "北京", "北京队", "1981-02-23"),
    ("孟辰", "成都", "四川队", "1989-09-30"),
    ("Alice Chen", "Singapore", "", "1995-12-01"),
];

/// A note an arbiter typed that the hall must not read.
pub const PRIVATE_REASON: &str = "家里有急事电话13800138000";

/// The resident ID number (GB 11643) of player `i` born on `birth` (YYYY-MM-DD), with its
/// ISO 7064 MOD 11-2 check character.
pub fn id_number(i: usize, birth: &str) -> String {
    const WEIGHTS: [u32; 17] = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    const CHECK: [char; 11] = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'];
    let body = format!("330106{}{:03}", birth.replace('-', ""), 11 + 2 * i);
    let sum: u32 = body
        .chars()
        .zip(WEIGHTS)
        .map(|(c, w)| c.to_digit(10).unwrap() * w)
        .sum();
    format!("{body}{}", CHECK[(sum % 11) as usize])
}

/// An event in a temp dir: 8 players imported from a CSV with clubs, teams, birth dates and ID
/// numbers, player 8 withdrawn with a private reason, numbers drawn, round 1 paired (3 boards
/// and a bye) and started. Returns the dir (keep it alive) and the log's path.
pub fn fixture() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("event.log");
    let l = log.to_str().unwrap();
    bianpai(&[
        "new",
        l,
        "--preset",
        "qigu-2024-07",
        "--title",
        "春季象棋公开赛",
        "--date",
        "2026-04-01",
    ]);
    let rows = PLAYERS
        .iter()
        .enumerate()
        .map(|(i, (name, club, team, birth))| {
            format!("{name},男,{club},{team},{birth},{}\n", id_number(i, birth))
        });
    let csv: String = std::iter::once("姓名,性别,单位,团队,出生日期,身份证号\n".to_string())
        .chain(rows)
        .collect();
    let file = dir.path().join("players.csv");
    std::fs::write(&file, csv).unwrap();
    bianpai(&["player", "import", l, file.to_str().unwrap()]);
    bianpai(&["draw", l, "--seed", "7"]);
    let alice = find_no(&log, "Alice Chen");
    bianpai(&[
        "player",
        "withdraw",
        l,
        &alice.to_string(),
        "--reason",
        PRIVATE_REASON,
    ]);
    bianpai(&["pair", l]);
    bianpai(&["start", l]);
    (dir, log)
}

/// A player's number, from the JSON export.
pub fn find_no(log: &Path, name: &str) -> u64 {
    let v: serde_json::Value = serde_json::from_str(&bianpai(&[
        "export",
        log.to_str().unwrap(),
        "--format",
        "json",
        "--what",
        "players",
    ]))
    .unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .and_then(|p| p["no"].as_u64())
        .unwrap()
}
