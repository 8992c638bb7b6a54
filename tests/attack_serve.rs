//! Issue 22, finding 7: one client may not take the room page away. An abusive client on
//! 127.0.0.2 (a real second loopback address: its sockets are bound to it before they
//! connect) opens 900 event streams and 100 requests it never finishes sending; the hall's
//! phones on 127.0.0.1 still get every page quickly.

mod serve_support;

use std::io::Write as _;
use std::time::{Duration, Instant};

use serve_support::{Server, fixture};

/// `n` connections from 127.0.0.2 to the server, each sent `head` (and then left open).
fn connect_from_second_address(port: u16, n: usize, head: &[u8]) -> Vec<std::net::TcpStream> {
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
            if sock.bind("127.0.0.2:0".parse().expect("addr")).is_err() {
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
