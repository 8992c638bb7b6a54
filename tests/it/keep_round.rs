//! A round that changes keeps what it had (docs/rules.md#3-pairing), through the real binary:
//! `pair --flip` and `--swap` change only the boards they name and say what those boards drop;
//! `unpair` + `pair` keeps the codes of every seat whose player stays, and names the slips to
//! reprint.

use crate::support::bin::ok;
use std::path::{Path, PathBuf};

const NAMES: &[&str] = &[
    "王天一",
    "郑惟桐",
    "许银川",
    "洪智",
    "赵鑫鑫",
    "蒋川",
    "汪洋",
    "孙勇征",
    "谢靖",
    "申鹏",
    "王廓",
    "程鸣",
    "孟辰",
    "黄竹风",
    "李少庚",
    "陈富杰",
];

/// Sixteen players under qigu-2024-07 with `self_report: MODE`, round 1 paired and started;
/// board 2 has a foul, board 8's black seat is absent, boards 3 and 4 have clock readings
/// (board 4 two of them).
fn busy(dir: &Path, mode: &str) -> PathBuf {
    let preset = ok(&["presets", "--show", "qigu-2024-07"]);
    let end = preset.rfind(')').expect("a RON struct");
    let rules = format!(
        "{}    self_report: {mode},\n    numbers_by_registration: true,\n{}",
        &preset[..end],
        &preset[end..]
    )
    .replace("    numbers_by_registration: false,\n", "");
    let r = dir.join("rules.ron");
    std::fs::write(&r, rules).expect("rules written");
    let log = dir.join("event.log");
    let l = log.to_str().expect("utf-8 path");
    ok(&[
        "new",
        l,
        "--rules",
        r.to_str().expect("utf-8"),
        "--title",
        "T",
    ]);
    for n in NAMES {
        ok(&["player", "add", l, "--name", n]);
    }
    ok(&["pair", l]);
    ok(&["start", l]);
    ok(&["foul", l, "2", "red", "phone"]);
    ok(&["absent", l, "8", "black"]);
    for (board, red) in [("3", "20:00"), ("4", "20:00"), ("4", "19:00")] {
        ok(&["clock", l, board, "set", "--red", red, "--black", "21:00"]);
    }
    log
}

fn all(log: &Path) -> serde_json::Value {
    let out = ok(&[
        "export",
        log.to_str().expect("utf-8"),
        "--format",
        "json",
        "--what",
        "all",
    ]);
    serde_json::from_str(&out).expect("json")
}

fn clocks(log: &Path) -> serde_json::Value {
    let out = ok(&[
        "export",
        log.to_str().expect("utf-8"),
        "--format",
        "json",
        "--what",
        "clocks",
    ]);
    serde_json::from_str(&out).expect("json")
}

fn codes(log: &Path) -> Vec<(u64, String, u64, String)> {
    let out = ok(&[
        "export",
        log.to_str().expect("utf-8"),
        "--format",
        "json",
        "--what",
        "codes",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    v.as_array()
        .expect("a list")
        .iter()
        .map(|c| {
            (
                c["board"].as_u64().expect("board"),
                c["side"].as_str().expect("side").to_string(),
                c["no"].as_u64().expect("no"),
                c["code"].as_str().expect("code").to_string(),
            )
        })
        .collect()
}

#[test]
fn a_flip_keeps_every_other_board_and_names_what_its_board_drops() {
    for mode in ["confirm", "off"] {
        let dir = tempfile::tempdir().unwrap();
        let log = busy(dir.path(), mode);
        let l = log.to_str().unwrap();
        let before = all(&log);
        let clocks_before = clocks(&log);
        let out = ok(&["pair", l, "--flip", "4", "--reason", "红黑方填反"]);
        assert!(out.contains("第4台红黑对调: 该台2次按钟记录作废"), "{out}");
        assert!(out.contains("需重印签认条: 第4台红方, 第4台黑方"), "{out}");
        let after = all(&log);
        let (b, a) = (&before["rounds"][0]["games"], &after["rounds"][0]["games"]);
        for k in 0..8 {
            if k != 3 {
                assert_eq!(a[k], b[k], "{mode}: board {} changed", k + 1);
            }
        }
        assert_eq!(a[1]["fouls"]["red"], 1, "{mode}: board 2 keeps its foul");
        let c = clocks(&log);
        // Board 3's clock runs on from its reading (red to move), black's time as read.
        assert_eq!(
            c[2]["black_ms"], 1_260_000,
            "{mode}: board 3 keeps its clock"
        );
        assert_eq!(c[2]["black_ms"], clocks_before[2]["black_ms"]);
        assert!(c[3]["red_ms"].is_null(), "{mode}: board 4's readings go");
        // The audit says it too.
        let audit = ok(&["audit", l]);
        assert!(
            audit.contains("第4台红黑对调: 该台2次按钟记录作废"),
            "{audit}"
        );
        // (That board 8's late window still forfeits: `keep::tests`, with the time passed in.)
    }
}

#[test]
fn a_swap_names_the_two_black_seats_to_reprint() {
    let dir = tempfile::tempdir().unwrap();
    let log = busy(dir.path(), "confirm");
    let l = log.to_str().unwrap();
    let before = codes(&log);
    let out = ok(&["pair", l, "--swap", "5", "6", "--reason", "换台"]);
    assert!(out.contains("需重印签认条: 第5台黑方, 第6台黑方"), "{out}");
    let after = codes(&log);
    for (x, y) in before.iter().zip(&after) {
        let moved = (x.0 == 5 || x.0 == 6) && x.1 == "black";
        assert_eq!(x.3 == y.3, !moved, "{x:?} -> {y:?}");
    }
}

#[test]
fn unpair_and_pair_keep_the_codes_of_seats_whose_player_stays() {
    let dir = tempfile::tempdir().unwrap();
    let log = busy(dir.path(), "confirm");
    let l = log.to_str().unwrap();
    let before = codes(&log);
    ok(&["unpair", l, "--reason", "重编"]);
    let out = ok(&["pair", l]);
    assert!(!out.contains("需重印签认条"), "nothing changed: {out}");
    assert_eq!(codes(&log), before, "the same seats keep their codes");
    // A withdrawal between: only the seats that changed get new codes, and are named.
    ok(&["unpair", l, "--reason", "重编"]);
    ok(&["player", "withdraw", l, "1"]);
    let out = ok(&["pair", l]);
    let line = out
        .lines()
        .find(|x| x.starts_with("需重印签认条: "))
        .unwrap_or_else(|| panic!("no reprint line: {out}"));
    let after = codes(&log);
    for (board, side, no, code) in &after {
        let kept = before
            .iter()
            .find(|c| c.0 == *board && c.1 == *side && c.2 == *no);
        let seat = format!("第{board}台{}", if side == "red" { "红方" } else { "黑方" });
        match kept {
            Some(c) => {
                assert_eq!(&c.3, code, "{seat} kept its player");
                assert!(!line.contains(&seat), "{seat} in {line}");
            }
            None => assert!(line.contains(&seat), "{seat} not in {line}"),
        }
    }
}
