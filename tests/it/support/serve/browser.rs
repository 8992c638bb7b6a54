//! Debian's headless Chromium (installed by `.ci/run`) for the room-page tests: a plain
//! run (`--dump-dom`, `--screenshot`) or a browser driven over the `DevTools` protocol.
//! Loopback only; every wait is bounded.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tungstenite::{Message, WebSocket};

use super::request;

const FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
];

/// Debian's headless Chromium with its own profile directory.
pub fn chromium(profile: &std::path::Path) -> Command {
    let mut c = Command::new("chromium");
    c.args(FLAGS)
        .arg(format!("--user-data-dir={}", profile.display()));
    c
}

/// A Chromium with a `DevTools` port, killed when dropped.
pub struct Browser {
    child: Child,
    ws: WebSocket<TcpStream>,
    next_id: u64,
}

impl Browser {
    /// Opens `url` in a window of `size` (CSS pixels: the page's viewport).
    pub fn open(profile: &std::path::Path, url: &str, size: (u32, u32)) -> Browser {
        let mut child = chromium(profile)
            .args([
                &format!("--window-size={},{}", size.0, size.1),
                "--remote-debugging-port=0",
                "--remote-debugging-address=127.0.0.1",
                url,
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium runs (installed by .ci/run)");
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(at) = line.find("ws://") {
                    let _ = tx.send(line[at..].trim().to_string());
                }
            }
        });
        let browser_ws = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("DevTools address");
        let port: u16 = browser_ws
            .trim_start_matches("ws://127.0.0.1:")
            .split('/')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        // The page target's own socket.
        let deadline = Instant::now() + Duration::from_secs(30);
        let page_ws = loop {
            let list = request(port, "GET", "/json/list", &[]).json();
            let found = list.as_array().and_then(|a| {
                a.iter()
                    .find(|t| {
                        t["type"] == "page" && t["url"].as_str().is_some_and(|u| u.starts_with(url))
                    })
                    .and_then(|t| t["webSocketDebuggerUrl"].as_str().map(String::from))
            });
            if let Some(w) = found {
                break w;
            }
            assert!(Instant::now() < deadline, "no page target in {list}");
            std::thread::sleep(Duration::from_millis(100));
        };
        let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let (ws, _) = tungstenite::client(page_ws.as_str(), stream).expect("websocket");
        Browser {
            child,
            ws,
            next_id: 0,
        }
    }

    /// A `DevTools` command; its `result`.
    pub fn call(&mut self, method: &str, params: &Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let msg = json!({"id": id, "method": method, "params": params});
        self.ws.send(Message::text(msg.to_string())).unwrap();
        loop {
            let m = self.ws.read().expect("a DevTools answer");
            let Message::Text(t) = m else { continue };
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["id"] == id {
                return v["result"].clone();
            }
        }
    }

    /// `Runtime.evaluate` of `expr`; its value.
    pub fn eval(&mut self, expr: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            &json!({"expression": expr, "returnByValue": true}),
        );
        r["result"]["value"].clone()
    }

    /// The page's viewport set to exactly `w`×`h` CSS pixels (a window's frame takes some
    /// of `--window-size`); the page lays itself out again at that size.
    pub fn viewport(&mut self, w: u32, h: u32) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            &json!({"width": w, "height": h, "deviceScaleFactor": 1, "mobile": false}),
        );
    }

    /// A PNG of what the viewport shows, written to `png`.
    pub fn screenshot(&mut self, png: &std::path::Path) {
        let r = self.call("Page.captureScreenshot", &json!({"format": "png"}));
        let data = r["data"].as_str().expect("a screenshot");
        std::fs::write(png, base64(data)).expect("screenshot written");
    }

    /// Opens the room page at `url` and waits until its event stream is open (实时更新中).
    pub fn open_live(profile: &std::path::Path, url: &str, size: (u32, u32)) -> Browser {
        let mut b = Browser::open(profile, url, size);
        let live = b.wait_for(
            "document.getElementById('live') && document.getElementById('live').textContent",
            &serde_json::json!("实时更新中"),
            Duration::from_secs(20),
        );
        assert_eq!(
            live,
            serde_json::json!("实时更新中"),
            "the page's event stream is open"
        );
        b
    }

    /// Evaluates `expr` every 100 ms until it gives `want`, at most `limit`.
    pub fn wait_for(&mut self, expr: &str, want: &Value, limit: Duration) -> Value {
        let deadline = Instant::now() + limit;
        loop {
            let v = self.eval(expr);
            if &v == want || Instant::now() > deadline {
                return v;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Standard base64 (what `DevTools` sends a screenshot in) to bytes.
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => u32::from(c - b'A'),
        b'a'..=b'z' => u32::from(c - b'a') + 26,
        b'0'..=b'9' => u32::from(c - b'0') + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let clean: Vec<u8> = text.bytes().filter(|c| !c.is_ascii_whitespace()).collect();
    let mut out = Vec::with_capacity(clean.len() / 4 * 3);
    for chunk in clean.chunks(4) {
        let pad = chunk.iter().rev().take_while(|&&c| c == b'=').count();
        let n = chunk
            .iter()
            .map(|&c| if c == b'=' { 0 } else { value(c) })
            .fold(0u32, |n, v| (n << 6) | v)
            << (6 * (4 - chunk.len()));
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..3 - pad.max(4 - chunk.len())]);
    }
    out
}

/// A headless Chromium run to its end (a printout laid out, a PDF printed, a DOM dumped) with
/// the flags for a quiet, repeatable run, its profile in `profile`; returns standard output.
pub fn headless(profile: &std::path::Path, args: &[&str]) -> String {
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--hide-scrollbars",
            "--allow-file-access-from-files",
            "--virtual-time-budget=10000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .output()
        .expect("chromium runs (.ci/run installs Debian's chromium)");
    assert!(
        out.status.success(),
        "chromium {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
