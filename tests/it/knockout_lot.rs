//! Issue 13: the armageddon colour lot drawn in the hall, entered by hand with
//! `pair --lot red|black` before the game's result; refused (in Chinese, naming the round)
//! when no armageddon waits for one; the armageddon's result is refused until the lot is in
//! (issue 21).

use std::path::Path;

use crate::support::bin::{ok, run as bp};
use bianpai::domain::Event;
use bianpai::domain::event::GameKind;
use bianpai::log::Log;

fn state(log: &Path) -> bianpai::domain::Tournament {
    Log::open(log).unwrap().state().clone()
}

#[test]
fn the_lot_is_entered_by_hand_before_the_armageddon_result() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("ko.ron");
    let ron = ok(&["presets", "--show", "lvliang-2024"])
        .replacen("after_round: 9", "after_round: 1", 1)
        .replacen("rounds: 11,", "rounds: 3,", 1);
    assert!(
        ron.contains("after_round: 1") && ron.contains("rounds: 3,"),
        "{ron}"
    );
    std::fs::write(&rules, ron).unwrap();
    let log = dir.path().join("ko.log");
    let l = log.to_str().unwrap();
    ok(&["new", l, "--rules", rules.to_str().unwrap()]);
    for i in 1..=8 {
        ok(&["player", "add", l, "--name", &format!("棋手{i}")]);
    }
    ok(&["draw", l, "--in-order"]);
    ok(&["pair", l]);
    ok(&["start", l]);
    for (b, r) in [
        ("1", "red_win"),
        ("2", "red_win"),
        ("3", "red_win"),
        ("4", "black_win"),
    ] {
        ok(&["result", l, b, r]);
    }
    // Seeds 1 and 4 have had one red each: 1 chooses the colours (seed 003 §2.2) and takes red.
    ok(&["pair", l, "--choose", "red"]);
    ok(&["start", l]);
    // No armageddon yet: the lot is refused, in Chinese, and nothing is written.
    let before = std::fs::read(&log).unwrap();
    let out = bp(&["pair", l, "--lot", "red"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("第2轮没有等待抽签定先后手的超快棋"), "{err}");
    assert_eq!(std::fs::read(&log).unwrap(), before);
    // Semi-final on board 1 drawn twice: rapid, then armageddon.
    ok(&["result", l, "1", "draw"]);
    let rapid = state(&log).current().unwrap().games.len().to_string();
    ok(&["result", l, &rapid, "draw"]);
    let t = state(&log);
    let arm = t.current().unwrap().games.last().unwrap().clone();
    assert_eq!(arm.game, GameKind::Armageddon);
    // The armageddon's result is refused until its lot is recorded (issue 21), in Chinese,
    // with the way forward; nothing is written.
    let before = std::fs::read(&log).unwrap();
    let b = arm.board.to_string();
    let out = bp(&["result", l, &b, "red_win"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("第2轮第{b}台是超快棋, 须先抽签定先后手"))
            && err.contains(&format!("bianpai pair 日志 --lot red|black --board {b}"))
            && err.contains("控制台按 L"),
        "{err}"
    );
    assert_eq!(std::fs::read(&log).unwrap(), before);
    // The higher-ranked player of the match drew black.
    let (_, hi, lo) = t.lots_due()[0];
    let out = ok(&["pair", l, "--lot", "black"]);
    assert!(out.contains("抽签定先后手"), "{out}");
    let t = state(&log);
    let g = t.current().unwrap().game(arm.board).unwrap();
    assert_eq!((g.red, g.black), (lo, hi));
    assert!(
        Log::open_with(&log, true)
            .unwrap()
            .records()
            .iter()
            .any(|r| matches!(
                r.ev,
                Event::LotDrawn { board, .. } if board == arm.board
            ))
    );
    ok(&["result", l, &arm.board.to_string(), "red_win"]);
    // Once the result is in, there is no lot left to enter.
    assert!(!bp(&["pair", l, "--lot", "red"]).status.success());
}
