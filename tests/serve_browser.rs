//! The room page in a real browser: Debian's headless Chromium (installed by `.ci/run`)
//! renders the round page, and, driven over the `DevTools` protocol, shows a result entered
//! with `bianpai result` without a reload. Loopback only; every wait is bounded.

mod serve_support;

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use serve_support::{PLAYERS, Server, bianpai, fixture, request};
use tungstenite::{Message, WebSocket};

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

fn chromium(profile: &std::path::Path) -> Command {
    let mut c = Command::new("chromium");
    c.args(FLAGS)
        .arg(format!("--user-data-dir={}", profile.display()));
    c
}

#[test]
fn the_round_page_renders_its_pairing_table_in_chromium() {
    let (dir, log) = fixture();
    let server = Server::start(&log);
    let out = chromium(&dir.path().join("profile"))
        .args(["--window-size=390,844", "--dump-dom", &server.url])
        .stderr(Stdio::null())
        .output()
        .expect("chromium runs (installed by .ci/run)");
    assert!(out.status.success());
    let dom = String::from_utf8_lossy(&out.stdout);
    assert!(dom.contains("<table class=\"pairings\">"), "{dom}");
    for (name, ..) in &PLAYERS[..7] {
        assert!(dom.contains(name), "{name} missing from the DOM");
    }
    assert!(dom.contains("第1轮 对阵"));
}

/// A Chromium with a `DevTools` port, killed when dropped.
struct Browser {
    child: Child,
    ws: WebSocket<TcpStream>,
    next_id: u64,
}

impl Browser {
    fn open(profile: &std::path::Path, url: &str) -> Browser {
        let mut child = chromium(profile)
            .args([
                "--window-size=390,844",
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

    /// `Runtime.evaluate` of `expr`; its value.
    fn eval(&mut self, expr: &str) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let msg = json!({"id": id, "method": "Runtime.evaluate",
                         "params": {"expression": expr, "returnByValue": true}});
        self.ws.send(Message::text(msg.to_string())).unwrap();
        loop {
            let m = self.ws.read().expect("a DevTools answer");
            let Message::Text(t) = m else { continue };
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["id"] == id {
                return v["result"]["result"]["value"].clone();
            }
        }
    }

    /// Evaluates `expr` every 100 ms until it gives `want`, at most `limit`.
    fn wait_for(&mut self, expr: &str, want: &Value, limit: Duration) -> Value {
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

#[test]
fn a_result_shows_in_the_open_page_without_a_reload() {
    let (dir, log) = fixture();
    let server = Server::start(&log);
    let mut b = Browser::open(&dir.path().join("profile"), &server.url);
    let live = b.wait_for(
        "document.getElementById('live') && document.getElementById('live').textContent",
        &json!("实时更新中"),
        Duration::from_secs(20),
    );
    assert_eq!(live, json!("实时更新中"), "the page's event stream is open");
    let cell = "document.querySelector('#b1 .res').textContent";
    assert_eq!(b.eval(cell), json!("进行中"));
    // A mark on this page load: a reload would lose it.
    b.eval("window.sameLoad = 42");
    bianpai(&["result", log.to_str().unwrap(), "1", "black_win"]);
    let shown = b.wait_for(cell, &json!("黑胜"), Duration::from_secs(5));
    assert_eq!(shown, json!("黑胜"), "the result appears without a reload");
    assert_eq!(b.eval("window.sameLoad"), json!(42), "no reload happened");
    assert_eq!(
        b.eval("document.querySelectorAll('table.pairings tbody tr').length"),
        json!(4)
    );
}
