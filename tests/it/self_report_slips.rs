//! The players' signing slips (签认条, docs/self-report.md) through the real binary: one slip
//! per seated player, in board order, red first, each with that player's own code and no
//! other, the board's report address as text and as a QR code; written for its owner only;
//! refused in a format that does not print and where players do not report. The board's
//! scoresheet (记录单) carries no code any more, only the board's report address.

use crate::support::self_report as self_report_support;
use crate::support::serve as serve_support;

use std::os::unix::fs::PermissionsExt;
use std::process::Command;

use self_report_support::{NAMES, codes, event};
use serve_support::bianpai;

fn run(args: &[&str]) -> std::process::Output {
    Command::new(crate::support::bin::BIN)
        .args(args)
        .output()
        .expect("bianpai runs")
}

const URL: &str = "http://192.168.1.20:8080/";

fn grouped(code: &str) -> String {
    format!("{} {}", &code[..4], &code[4..])
}

#[test]
fn each_player_gets_a_slip_with_their_own_code_only_in_board_order() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let l = log.to_str().unwrap();
    let all = codes(&log, 1);
    let html = bianpai(&[
        "export", l, "--format", "html", "--what", "slips", "--url", URL,
    ]);
    let slips: Vec<&str> = html.split("<div class=\"pslip\">").skip(1).collect();
    assert_eq!(slips.len(), all.len(), "one slip per seated player");
    // `codes` lists the seats board by board, red first: the slips follow the same order.
    for (slip, seat) in slips.iter().zip(&all) {
        let name = NAMES[seat.no as usize - 1];
        assert!(slip.contains(name), "slip of {name}: {slip}");
        assert!(
            slip.contains(&format!("第1轮　第{}台", seat.board)),
            "{slip}"
        );
        let colour = if seat.side == "red" {
            "红方"
        } else {
            "黑方"
        };
        assert!(
            slip.contains(&format!("{colour}　{}号　{name}", seat.no)),
            "{slip}"
        );
        for other in &all {
            assert_eq!(
                slip.contains(&grouped(&other.code)),
                other == seat,
                "the slip of {name} and the code of no. {}",
                other.no
            );
        }
        assert_eq!(slip.matches("<svg class=\"qr\"").count(), 1, "one QR");
        let link = format!(
            "签认地址：http://192.168.1.20:8080/report?round=1&amp;board={}",
            seat.board
        );
        assert!(slip.contains(&link), "{slip}");
    }
    // The text slips: the same, between cut lines.
    let txt = bianpai(&[
        "export", l, "--format", "txt", "--what", "slips", "--url", URL,
    ]);
    let cut = "- ".repeat(36);
    let parts: Vec<&str> = txt
        .split(cut.trim_end())
        .filter(|p| !p.trim().is_empty())
        .collect();
    assert_eq!(parts.len(), all.len(), "{txt}");
    for (slip, seat) in parts.iter().zip(&all) {
        assert!(slip.contains(NAMES[seat.no as usize - 1]), "{slip}");
        assert!(
            slip.contains(&format!("签认码：{}", grouped(&seat.code))),
            "{slip}"
        );
        assert_eq!(slip.matches("签认码：").count(), 1, "{slip}");
        assert!(
            slip.contains(&format!(
                "签认地址：http://192.168.1.20:8080/report?round=1&board={}",
                seat.board
            )),
            "{slip}"
        );
    }
}

#[test]
fn the_scoresheets_carry_no_code_only_the_boards_address() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let l = log.to_str().unwrap();
    let all = codes(&log, 1);
    for format in ["html", "txt"] {
        let out = bianpai(&[
            "export",
            l,
            "--format",
            format,
            "--what",
            "scoresheets",
            "--url",
            URL,
        ]);
        for c in &all {
            assert!(
                !out.contains(&grouped(&c.code)) && !out.contains(&c.code),
                "{format}: a code on the scoresheet"
            );
        }
        assert!(!out.contains("签认码"), "{format}: {out}");
        assert!(out.contains("report?round=1"), "{format}: {out}");
    }
    let html = bianpai(&[
        "export",
        l,
        "--format",
        "html",
        "--what",
        "scoresheets",
        "--url",
        URL,
    ]);
    assert_eq!(
        html.matches("<div class=\"slip\">").count(),
        3,
        "one per board"
    );
    assert!(!html.contains("<svg"), "no QR on the board's sheet");
}

#[test]
fn the_slips_are_written_for_their_owner_and_refused_where_they_cannot_be() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let l = log.to_str().unwrap();
    let file = dir.path().join("slips.html");
    let f = file.to_str().unwrap();
    let out = run(&[
        "export", l, "--format", "html", "--what", "slips", "--url", URL, "--out", f,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "mode {mode:o}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("0600"));
    let before = std::fs::read(&log).unwrap();
    let out = run(&["export", l, "--format", "csv", "--what", "slips"]);
    assert!(!out.status.success());
    let e = String::from_utf8_lossy(&out.stderr);
    assert_eq!(e.trim_end().lines().count(), 1, "{e}");
    assert!(
        e.contains("--what slips") && e.contains("--format html"),
        "{e}"
    );
    let off = dir.path().join("off");
    std::fs::create_dir(&off).unwrap();
    let plain = event(&off, "off", "");
    let out = run(&[
        "export",
        plain.to_str().unwrap(),
        "--format",
        "txt",
        "--what",
        "slips",
    ]);
    assert!(!out.status.success());
    let e = String::from_utf8_lossy(&out.stderr);
    assert_eq!(e.trim_end().lines().count(), 1, "{e}");
    assert!(e.contains("self_report: off"), "{e}");
    assert_eq!(std::fs::read(&log).unwrap(), before, "export never writes");
}

/// (stdout, stderr) of a successful export.
fn export(args: &[&str]) -> (String, String) {
    let out = run(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_loopback_or_missing_room_page_is_warned_on_standard_error_and_on_the_slips() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let l = log.to_str().unwrap();
    let local = "http://127.0.0.1:8080/";
    for what in ["slips", "scoresheets"] {
        // The address of a serve on its default bind: this machine's own.
        let (out, err) = export(&[
            "export", l, "--format", "txt", "--what", what, "--url", local,
        ]);
        assert_eq!(err.trim_end().lines().count(), 1, "{what}: {err}");
        assert!(
            err.contains("本机地址")
                && err.contains("--bind 0.0.0.0:8080")
                && err.contains("--url"),
            "{what}: {err}"
        );
        if what == "slips" {
            assert_eq!(out.matches("⚠ 本机地址").count(), 6, "on every slip: {out}");
        }
        // In English with --lang en.
        let (_, err) = export(&[
            "--lang", "en", "export", l, "--format", "txt", "--what", what, "--url", local,
        ]);
        assert!(
            err.contains("loopback") && err.contains("0.0.0.0:8080"),
            "{err}"
        );
        // No room page running and no --url.
        let (out, err) = export(&["export", l, "--format", "html", "--what", what]);
        assert_eq!(err.trim_end().lines().count(), 1, "{what}: {err}");
        assert!(
            err.contains("房间页面未运行") && err.contains("--url"),
            "{what}: {err}"
        );
        if what == "slips" {
            assert_eq!(out.matches("⚠ 房间页面未运行").count(), 6, "{out}");
            assert!(!out.contains("<svg"), "no QR without an address");
        }
        // The hall's address: nothing to warn about.
        let (out, err) = export(&[
            "export", l, "--format", "html", "--what", what, "--url", URL,
        ]);
        assert!(err.trim().is_empty(), "{what}: {err}");
        assert!(!out.contains("⚠"), "{what}");
    }
}
