//! The hall's screens in the console (docs/console.md): the event line keeps the automatic
//! acts of a round's end (a late forfeit, the automatic pairing, a withdrawal by rule) until
//! the arbiter reads them with `A`, where the status line kept only the last; a knockout
//! round keeps its stage labels at 80, 120 and 160 columns; a long refusal wraps in the status
//! line instead of being cut at 80 columns. Headless console, snapshots checked by hand.

use crate::support::console as console_common;

use bianpai::console::action::Screen;
use bianpai::console::ui;
use bianpai::domain::rules::Lang;
use bianpai::domain::{Board, Command, Role, Round, Side};
use bianpai::log::Log;
use console_common::{app_as, at_the_armageddon, event, head, knockout_after_round_one};
use console_common::{minutes, type_keys};

/// The screen's line that starts with `head`, if any.
fn line_with<'a>(screen: &'a str, head: &str) -> Option<&'a str> {
    screen.lines().find(|l| l.starts_with(head))
}

/// `text` without any whitespace (a wrapped message compared with the one it wraps).
fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn the_event_line_keeps_the_automatic_acts_until_they_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "e.log", 8, 9, true);
    let mut h = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(1));
    // Round 1: board 3's black seat stays empty; the other boards report.
    type_keys(&mut h, "3ab\n", minutes(1));
    type_keys(&mut h, "1r\n2r\n4r\n", minutes(5));
    let late = {
        let t = h.state();
        let g = t.game(Round(1), Board(3)).unwrap();
        g.player(Side::Black)
    };
    let name = h.state().player(late).unwrap().entry.name.clone();
    // The late window closes: the forfeit, then the round complete, then the automatic
    // pairing of round 2, one after the other in this console.
    h.tick(minutes(10));
    assert_eq!(
        h.state().current_round(),
        Round(2),
        "round 2 paired by itself"
    );
    // Round 2 starts; the same player is absent again and the window closes on them: a
    // second forfeit in a row withdraws them by rule.
    Log::open(&path)
        .unwrap()
        .execute(
            &head(),
            &Command::StartRound { at: minutes(20) },
            minutes(20),
        )
        .unwrap();
    h.poll(minutes(20));
    let (board, side) = {
        let r = h.state().current().unwrap();
        let g = r.games.iter().find(|g| g.side_of(late).is_some()).unwrap();
        (g.board.0, g.side_of(late).unwrap())
    };
    let key = if side == Side::Red { 'r' } else { 'b' };
    type_keys(&mut h, &format!("{board}a{key}\n"), minutes(21));
    h.tick(minutes(31));
    h.prepare(minutes(31));
    let acts: Vec<String> = h
        .auto_acts
        .iter()
        .map(|a| bianpai::i18n::screen::auto_act(a, Lang::Zh))
        .collect();
    // Newest first: the withdrawal, its forfeit, the pairing, round 1's forfeit.
    assert_eq!(acts.len(), 4, "{acts:?}");
    assert!(
        acts[0].contains(&name) && acts[0].contains("退赛"),
        "{acts:?}"
    );
    assert!(acts[1].contains(&format!("第{board}台")), "{acts:?}");
    assert!(acts[2].contains("第2轮"), "{acts:?}");
    assert!(
        acts[3].contains("第3台") && acts[3].contains(&name),
        "{acts:?}"
    );
    // At 80 columns: the count, the key, and the newest acts whole.
    let screen = ui::render_text(&h, 80, 24);
    let line = line_with(&screen, "自动 4 (A 已读): ").unwrap_or_else(|| panic!("{screen}"));
    assert!(line.contains(&acts[0]) && line.contains(&acts[1]), "{line}");
    assert!(unicode_width::UnicodeWidthStr::width(line) <= 80, "{line}");
    insta::assert_snapshot!("event_line_zh_80x24", screen);
    // Another terminal's writes do not clear it; `A` does.
    type_keys(&mut h, "A", minutes(32));
    assert!(h.auto_acts.is_empty());
    let screen = ui::render_text(&h, 80, 24);
    assert!(line_with(&screen, "自动 ").is_none(), "{screen}");
    // The help lists the key, for every role.
    for role in [Role::Head, Role::Assistant, Role::Organizer, Role::Viewer] {
        let mut v = app_as(&path, "x", role, Lang::Zh, minutes(33));
        v.screen = Screen::Help;
        let help = ui::render_text(&v, 160, 48);
        assert!(help.contains("自动事件已读"), "{role:?}: {help}");
    }
}

#[test]
fn a_knockout_round_keeps_its_stage_labels_at_80_120_and_160_columns() {
    let dir = tempfile::tempdir().unwrap();
    // Forty players: twenty boards, two columns of boards at 120 on a Swiss round.
    let path = console_common::event_with(dir.path(), "ko.log", 40, 3, true, "lvliang-2024", |r| {
        r.format = bianpai::domain::format::Format::Swiss {
            knockout: Some(bianpai::domain::rules::Knockout {
                after_round: 1,
                players: 4,
            }),
        };
    });
    let mut h = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(40));
    for b in 1..=20 {
        type_keys(&mut h, &format!("{b}r\n"), minutes(40));
    }
    console_common::choose_red(&mut h, minutes(45));
    type_keys(&mut h, "Sy", minutes(50));
    h.prepare(minutes(50));
    let semis: Vec<u32> = h
        .round_view
        .rows
        .iter()
        .filter(|r| r.stage.is_some())
        .map(|r| r.board.0)
        .collect();
    assert_eq!(semis.len(), 2, "two semi-finals");
    for (w, h_) in [(80, 24), (120, 24), (160, 24)] {
        let screen = ui::render_text(&h, w, h_);
        for b in &semis {
            // The board's row (its number first) carries the label.
            let row = screen
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("{b} ")))
                .unwrap_or_else(|| panic!("{w}: no board {b}\n{screen}"));
            assert!(row.contains("半决赛·慢棋"), "{w} columns: {row}\n{screen}");
        }
        insta::assert_snapshot!(format!("knockout_stage_zh_{w}x{h_}"), screen);
    }
}

#[test]
fn a_long_refusal_wraps_in_the_status_line_at_80_and_120_columns() {
    let dir = tempfile::tempdir().unwrap();
    let path = knockout_after_round_one(dir.path(), "l.log");
    let arm = at_the_armageddon(&path);
    let mut li = app_as(&path, "li", Role::Assistant, Lang::Zh, minutes(71));
    type_keys(&mut li, &format!("{arm}r"), minutes(71));
    let m = li.message.clone().unwrap();
    assert!(m.error, "{}", m.text);
    assert!(
        unicode_width::UnicodeWidthStr::width(m.text.as_str()) > 80,
        "a message longer than 80 columns: {}",
        m.text
    );
    for w in [80, 120] {
        let screen = ui::render_text(&li, w, 24);
        assert!(
            squeezed(&screen).contains(&squeezed(&m.text)),
            "{w} columns: the whole message\n{screen}"
        );
        // The hints keep the last line.
        let last = screen.lines().last().unwrap();
        assert!(last.contains("q 退出"), "{w}: {last}");
        insta::assert_snapshot!(format!("refusal_wraps_zh_{w}x24"), screen);
    }
}
