//! The console's `Q` key (issue 23): the QR code of the room page over the screen, for
//! players to scan, only while a real `bianpai serve` of this log runs (it announces itself
//! in `LOG.serve`); otherwise the command that starts one. `Q` again hides it; the title is
//! never cut off. Drawn by the real console into a test backend, against the real server.

use crate::support::console as console_common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use bianpai::console::app::App;
use bianpai::console::ui::render_text;
use bianpai::domain::Role;
use bianpai::domain::rules::Lang;
use console_common::{app_as, event, t0, type_keys};

/// A `bianpai serve LOG --bind 127.0.0.1:0` and the address it printed first.
fn serve(log: &Path) -> (Child, String) {
    let mut child = Command::new(crate::support::bin::BIN)
        .arg("serve")
        .arg(log)
        .args(["--bind", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    (child, first.trim().to_string())
}

/// Waits (at most 10 s) until `cond` holds.
fn wait_until(what: &str, cond: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !cond() {
        assert!(Instant::now() < deadline, "timed out waiting: {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// `Q` opens the overlay; the screen with it, and `Q` closes it again.
fn overlay(app: &mut App, w: u16, h: u16) -> String {
    type_keys(app, "Q", t0());
    let shown = render_text(app, w, h);
    type_keys(app, "Q", t0());
    assert!(!render_text(app, w, h).contains("房间页面"), "Q hides it");
    shown
}

#[test]
fn q_shows_the_qr_code_only_while_the_room_page_is_served() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "e.log", 8, 5, true);
    let state = dir.path().join("e.log.serve");
    let mut app = app_as(&log, "head1", Role::Viewer, Lang::Zh, t0());
    assert!(!render_text(&app, 100, 40).contains("房间页面"));

    // No server: no address (a phone would find nothing there), but how to start one.
    let off = overlay(&mut app, 100, 40);
    assert!(
        off.contains("房间页面未开启 (Q 关闭)"),
        "whole title: {off}"
    );
    assert!(!off.contains("http://"), "{off}");
    let start = format!("bianpai serve {} --bind 0.0.0.0:8080", log.display());
    assert!(off.contains(&start), "{off}");

    // A real server of this log: its own address and QR code, title whole.
    let (mut server, url) = serve(&log);
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    wait_until("LOG.serve written", || state.exists());
    let on = overlay(&mut app, 100, 40);
    assert!(
        on.contains("房间页面 · 扫码查看对阵 (Q 关闭)"),
        "whole title: {on}"
    );
    assert!(on.contains(&url), "the served address under the code: {on}");
    let code = bianpai::serve::qr::lines(&url).unwrap();
    assert!(on.contains(code[3].as_str()), "the code's rows: {on}");
    assert!(!on.contains("未开启"));

    // The server stops (SIGTERM, as Ctrl-C or a logout): its file goes, the address too.
    let pid = server.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    server.wait().unwrap();
    assert!(!state.exists(), "serve removes LOG.serve when it stops");
    assert!(overlay(&mut app, 100, 40).contains("房间页面未开启"));

    // Killed outright, the file stays behind, but its address no longer answers.
    let (mut server, _) = serve(&log);
    wait_until("LOG.serve written", || state.exists());
    assert!(overlay(&mut app, 100, 40).contains("扫码查看对阵"));
    server.kill().unwrap();
    server.wait().unwrap();
    assert!(state.exists());
    let stale = overlay(&mut app, 100, 40);
    assert!(
        stale.contains("房间页面未开启") && !stale.contains("http://"),
        "{stale}"
    );
}

#[test]
fn the_title_is_whole_in_english_and_on_a_small_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "e.log", 8, 5, true);
    let mut app = app_as(&log, "head1", Role::Head, Lang::En, t0());
    let off = overlay(&mut app, 80, 24);
    assert!(off.contains("Room page not running (Q closes)"), "{off}");
    let (mut server, url) = serve(&log);
    wait_until("LOG.serve written", || {
        dir.path().join("e.log.serve").exists()
    });
    let on = overlay(&mut app, 80, 40);
    assert!(
        on.contains("Room page · scan for pairings (Q closes)"),
        "{on}"
    );
    assert!(on.contains(&url), "{on}");
    server.kill().unwrap();
    server.wait().unwrap();
}
