//! The console's `Q` key: a QR code of the room page over the screen, for players to scan;
//! `Q` again hides it. Drawn by the real console into a test backend.

mod console_common;

use bianpai::console::ui::render_text;
use bianpai::domain::Role;
use bianpai::domain::rules::Lang;
use console_common::{app_as, event, t0, type_keys};

#[test]
fn q_shows_and_hides_the_room_page_qr_code() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "e.log", 8, 5, true);
    let mut app = app_as(&log, "head1", Role::Viewer, Lang::Zh, t0());
    let before = render_text(&app, 100, 40);
    assert!(!before.contains("房间页面"));
    type_keys(&mut app, "Q", t0());
    let shown = render_text(&app, 100, 40);
    assert!(shown.contains("房间页面"), "{shown}");
    assert!(shown.contains("http://"), "the address under the code");
    let url = bianpai::serve::room_url();
    let code = bianpai::serve::qr::lines(&url).unwrap();
    assert!(
        shown.contains(code[3].as_str()),
        "the code's rows are drawn: {shown}"
    );
    type_keys(&mut app, "Q", t0());
    assert!(!render_text(&app, 100, 40).contains("房间页面"));
}
