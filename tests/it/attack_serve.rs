//! Issue 22, finding 7: one client may not take the room page away. An abusive client on
//! 127.0.0.2 (a real second loopback address: its sockets are bound to it before they
//! connect) opens 900 event streams and 100 requests it never finishes sending; the hall's
//! phones on 127.0.0.1 still get every page quickly.
//!
//! Many loopback addresses are one local user, not many people: eleven of them with a
//! hundred event streams each leave the pages answering at once. And raw control bytes a
//! record written outside bianpai holds (ESC, BEL, U+202E) never reach a page.

use crate::support::serve as serve_support;

use std::io::Write as _;
use std::time::{Duration, Instant};

use serve_support::{Server, fixture};

/// `n` connections from 127.0.0.2 to the server, each sent `head` (and then left open).
fn connect_from_second_address(port: u16, n: usize, head: &[u8]) -> Vec<std::net::TcpStream> {
    connect_from([127, 0, 0, 2], port, n, head)
}

/// `n` connections from the loopback address `from` to the server, each sent `head`.
fn connect_from(from: [u8; 4], port: u16, n: usize, head: &[u8]) -> Vec<std::net::TcpStream> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let mut out = Vec::new();
        for _ in 0..n {
            let Ok(sock) = tokio::net::TcpSocket::new_v4() else {
                continue;
            };
            if sock.bind((from, 0).into()).is_err() {
                continue;
            }
            let connected = tokio::time::timeout(
                Duration::from_secs(2),
                sock.connect(([127, 0, 0, 1], port).into()),
            )
            .await;
            let Ok(Ok(stream)) = connected else {
                continue;
            };
            let Ok(std) = stream.into_std() else {
                continue;
            };
            let _ = std.set_nonblocking(false);
            let _ = std.set_write_timeout(Some(Duration::from_millis(200)));
            let mut s = std;
            let _ = s.write_all(head);
            out.push(s);
        }
        out
    })
}

#[test]
fn one_abusive_address_does_not_starve_the_other_clients() {
    let (_dir, log) = fixture();
    let server = Server::start(&log);
    let streams = connect_from_second_address(
        server.port,
        900,
        b"GET /events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n",
    );
    let half = connect_from_second_address(server.port, 100, b"GET / HTTP/1.1\r\nHost: x\r\n");
    assert!(
        streams.len() + half.len() >= 900,
        "the abusive client could open its connections ({} + {})",
        streams.len(),
        half.len()
    );
    // Eight phones on the first address, at once.
    let port = server.port;
    let phones: Vec<_> = (0..8)
        .map(|i| {
            std::thread::spawn(move || {
                let path = if i % 2 == 0 { "/" } else { "/standings" };
                let t = Instant::now();
                let r = serve_support::request(port, "GET", path, &[]);
                (r.status, t.elapsed())
            })
        })
        .collect();
    for p in phones {
        let (status, took) = p.join().expect("phone");
        assert_eq!(status, 200);
        assert!(took < Duration::from_secs(3), "a phone waited {took:?}");
    }
    drop(streams);
    drop(half);
}

#[test]
fn many_loopback_addresses_with_streams_leave_the_pages_answering() {
    let (_dir, log) = fixture();
    let server = Server::start(&log);
    let stream = b"GET /events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n";
    let held: Vec<Vec<std::net::TcpStream>> = (1..=11)
        .map(|k| connect_from([127, 0, 10, k], server.port, 100, stream))
        .collect();
    let opened: usize = held.iter().map(Vec::len).sum();
    assert!(opened >= 1000, "the attacker opened {opened} connections");
    // Six phones, one after the other, each within a few seconds.
    let port = server.port;
    let mut answered = 0;
    for i in 0..6 {
        let path = ["/", "/standings", "/find?q=1"][i % 3];
        let t = Instant::now();
        let phone = std::thread::spawn(move || serve_support::request(port, "GET", path, &[]));
        while !phone.is_finished() && t.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(20));
        }
        if phone.is_finished() && phone.join().expect("phone").status == 200 {
            assert!(
                t.elapsed() < Duration::from_secs(3),
                "{path} took {:?}",
                t.elapsed()
            );
            answered += 1;
        }
    }
    assert_eq!(
        answered, 6,
        "pages answered while 1,100 streams were asked for"
    );
    drop(held);
}

#[test]
fn control_bytes_of_a_record_written_outside_bianpai_never_reach_a_page() {
    use bianpai::domain::{Actor, Event, PlayerEntry, PlayerNo, Role, Rules};
    let dir = tempfile::tempdir().expect("tmp");
    let log = dir.path().join("old.log");
    let head = Actor {
        user: "head".into(),
        role: Role::Head,
    };
    let mut lg = bianpai::log::Log::create(
        &log,
        "月赛\u{1b}]0;pwned\u{7}",
        Rules::preset("qigu-2024-07").expect("preset"),
        "head",
        chrono::Utc::now(),
    )
    .expect("create");
    // Appended through the library, as an older version or a hand-made line would hold them.
    lg.transact(&head, chrono::Utc::now(), |_| {
        Ok(vec![
            Event::PlayerRegistered {
                no: PlayerNo(1),
                entry: PlayerEntry {
                    club: "俱乐部\u{202e}部乐俱".into(),
                    ..PlayerEntry::named("王\u{1b}[2J五\u{7}")
                },
            },
            Event::PlayerRegistered {
                no: PlayerNo(2),
                entry: PlayerEntry::named("李\u{202e}四"),
            },
        ])
    })
    .expect("append");
    drop(lg);
    let server = Server::start(&log);
    for path in [
        "/",
        "/player/1",
        "/player/2",
        "/standings",
        "/find?q=%E7%8E%8B",
        "/find?q=%1B%5B2J",
        "/api/players",
        "/wall",
    ] {
        let r = server.get(path);
        let body = String::from_utf8_lossy(&r.body).into_owned();
        for bad in ['\u{1b}', '\u{7}', '\u{202e}'] {
            assert!(
                !body.contains(bad),
                "{path} serves U+{:04X} raw",
                u32::from(bad)
            );
        }
        if path == "/player/1" {
            assert!(
                body.contains("王\\u{1b}[2J五"),
                "{path} shows it escaped: {body}"
            );
        }
    }
}
