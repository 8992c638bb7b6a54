//! Issue 21, point 1: a correction across a round boundary, through the real binary and the
//! console. The correction's output, the audit and the console name the round paired on the
//! old result; while it has no result the head arbiter previews and re-pairs it (`unpair` +
//! `pair`, or `R` with a confirm step); once it has results the decision to keep it is
//! recorded with its reason (`pair --keep`, `K`). Nothing re-pairs by itself.

use std::path::Path;

use crate::support::console as console_common;

use crate::support::bin::{ok, run as bp};
use bianpai::domain::rules::Lang;
use bianpai::domain::{Event, Role, Round};
use bianpai::log::Log;
use console_common::{app_as, minutes, type_keys};

const NAMES: [&str; 8] = [
    "薛平", "罗军", "王五", "赵六", "钱七", "孙八", "周九", "吴十",
];

fn refused(args: &[&str]) -> String {
    let out = bp(args);
    assert!(!out.status.success(), "{args:?} was accepted");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Eight players, round 1 played (board 1 `first`, red wins elsewhere), round 2 paired.
fn event(log: &Path, first: &str) {
    let l = log.to_str().unwrap();
    ok(&["new", l, "--preset", "qigu-2024-07"]);
    for n in NAMES {
        ok(&["player", "add", l, "--name", n]);
    }
    ok(&["draw", l, "--in-order"]);
    ok(&["pair", l]);
    ok(&["start", l]);
    ok(&["result", l, "1", first]);
    for b in ["2", "3", "4"] {
        ok(&["result", l, b, "red_win"]);
    }
    ok(&["pair", l]);
}

/// Round `r`'s boards as (red, black) numbers.
fn pairs(log: &Path, r: u32) -> Vec<(u64, u64)> {
    let out = ok(&[
        "export",
        log.to_str().unwrap(),
        "--format",
        "json",
        "--what",
        "all",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v["rounds"][(r - 1) as usize]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["red"].as_u64().unwrap(), g["black"].as_u64().unwrap()))
        .collect()
}

#[test]
fn the_correction_names_the_round_paired_on_the_old_result_and_the_re_pair_follows_it() {
    let dir = tempfile::tempdir().unwrap();
    // What round 2 would have been had the result been right from the start.
    let right = dir.path().join("right.log");
    event(&right, "black_win");
    let log = dir.path().join("e.log");
    let l = log.to_str().unwrap();
    event(&log, "red_win");
    let old = pairs(&log, 2);
    assert_ne!(
        old,
        pairs(&right, 2),
        "the corrected result must change round 2"
    );

    let out = ok(&[
        "result",
        l,
        "1",
        "black_win",
        "--round",
        "1",
        "--correct",
        "--reason",
        "记分表核对",
    ]);
    assert!(
        out.contains("第1轮第1台 由红胜更正为黑胜: 记分表核对"),
        "{out}"
    );
    assert!(
        out.contains("第2轮是按第1轮第1台更正前的结果编排的"),
        "{out}"
    );
    assert!(
        out.contains("第2轮尚无结果, 可重新编排") && out.contains("bianpai pair 日志 --preview"),
        "{out}"
    );
    // The audit says it too.
    let audit = ok(&["audit", l, "--last", "2"]);
    assert!(
        audit.contains("第2轮是按第1轮第1台更正前的结果编排的"),
        "{audit}"
    );

    // The preview shows what a re-pair changes, and writes nothing.
    let before = std::fs::read(&log).unwrap();
    let preview = ok(&["pair", l, "--preview"]);
    assert!(preview.contains("第2轮按更正前的结果编排"), "{preview}");
    let name = |no: u64| NAMES[(no - 1) as usize];
    for (r, b) in pairs(&right, 2) {
        if !old.contains(&(r, b)) {
            let shown = preview
                .lines()
                .any(|x| x.contains("新增") && x.contains(name(r)) && x.contains(name(b)));
            assert!(
                shown,
                "{} – {} not shown as new:\n{preview}",
                name(r),
                name(b)
            );
        }
    }
    assert_eq!(std::fs::read(&log).unwrap(), before);

    // Re-pairing (unpair + pair) gives the pairing the right result would have given.
    ok(&["unpair", l, "--reason", "更正后重新编排"]);
    ok(&["pair", l]);
    assert_eq!(pairs(&log, 2), pairs(&right, 2));
    // Nothing is outdated any more: keeping is refused, in Chinese.
    let err = refused(&["pair", l, "--keep", "--reason", "x"]);
    assert!(err.contains("无需保留或重新编排"), "{err}");
}

#[test]
fn once_the_next_round_has_results_the_decision_to_keep_it_is_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("e.log");
    let l = log.to_str().unwrap();
    event(&log, "red_win");
    ok(&["start", l]);
    ok(&["result", l, "1", "draw"]);
    let out = ok(&[
        "result",
        l,
        "1",
        "black_win",
        "--round",
        "1",
        "--correct",
        "--reason",
        "核对",
    ]);
    assert!(out.contains("第2轮已有结果, 不能再重新编排"), "{out}");
    assert!(out.contains("pair 日志 --keep --reason 理由"), "{out}");
    // Unpairing is refused (results entered); keeping needs a reason.
    let before = std::fs::read(&log).unwrap();
    refused(&["unpair", l, "--reason", "x"]);
    let err = refused(&["pair", l, "--keep"]);
    assert!(err.contains("--keep 须填写理由"), "{err}");
    assert_eq!(std::fs::read(&log).unwrap(), before);
    let out = ok(&["pair", l, "--keep", "--reason", "第2轮已开赛, 保留现编排"]);
    assert!(
        out.contains("裁判长决定保留第2轮编排") && out.contains("第2轮已开赛, 保留现编排"),
        "{out}"
    );
    let recs = Log::open_with(&log, true).unwrap();
    assert!(recs.records().iter().any(|r| matches!(
        &r.ev,
        Event::PairingKept { round: Round(2), reason } if reason == "第2轮已开赛, 保留现编排"
    )));
    assert!(recs.state().outdated_round().is_none());
}

#[test]
fn the_console_names_the_round_offers_r_with_a_confirm_and_never_re_pairs_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    let path = console_common::event(dir.path(), "c.log", 8, 5, true);
    let mut head = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(30));
    let mut asst = app_as(&path, "li", Role::Assistant, Lang::Zh, minutes(30));
    type_keys(&mut head, "1r\n2r\n3r\n4r\n", minutes(30));
    // Round 2 was paired by the automatic advance.
    assert_eq!(head.state().current_round(), Round(2));
    let old: Vec<_> = head.state().current().unwrap().games.clone();
    // The head arbiter corrects round 1 board 1 on the command line (another terminal).
    let mut log = Log::open(&path).unwrap();
    log.execute(
        &console_common::head(),
        &bianpai::domain::Command::RecordResult {
            round: Some(Round(1)),
            board: bianpai::domain::Board(1),
            result: bianpai::domain::GameResult::BlackWin,
            correct: Some("核对".into()),
        },
        minutes(31),
    )
    .unwrap();
    for a in [&mut head, &mut asst] {
        a.poll(minutes(31));
        a.settle(std::time::Duration::from_secs(5));
        a.prepare(minutes(31));
    }
    // The banner and the event line name round 2, with the head arbiter's keys.
    let banner = head.banner.clone().unwrap().text;
    assert!(
        banner.contains("第2轮是按第1轮第1台更正前的结果编排的") && banner.contains("R 重新编排"),
        "{banner}"
    );
    let other = asst.banner.clone().unwrap().text;
    assert!(other.contains("待裁判长决定"), "{other}");
    assert!(
        head.last_change
            .clone()
            .unwrap()
            .contains("第2轮是按第1轮第1台更正前的结果编排的")
    );
    // The header keeps saying it until the head arbiter decides.
    let screen = bianpai::console::ui::render_text(&asst, 80, 24);
    assert!(screen.contains("第2轮按更正前结果编排"), "{screen}");
    // The assistant may not re-pair.
    type_keys(&mut asst, "R", minutes(32));
    assert!(asst.message.clone().unwrap().error);
    // R: the preview screen and a confirm step; n cancels and nothing is written.
    let records = head.log.records().len();
    type_keys(&mut head, "R", minutes(32));
    let line = head.entry_line().unwrap();
    assert!(
        line.contains("按更正后的结果重新编排第2轮") && line.contains("y 确认"),
        "{line}"
    );
    let screen = bianpai::console::ui::render_text(&head, 160, 48);
    assert!(screen.contains("第2轮重新编排预览"), "{screen}");
    type_keys(&mut head, "n", minutes(32));
    assert_eq!(head.log.records().len(), records);
    assert_eq!(head.state().current().unwrap().games, old);
    // y re-pairs in one step: the round is discarded and paired again.
    type_keys(&mut head, "Ry", minutes(33));
    head.settle(std::time::Duration::from_secs(5));
    let new = &head.state().current().unwrap().games;
    assert_ne!(new, &old, "{:?}", head.message);
    assert!(head.state().outdated_round().is_none());
    head.prepare(minutes(33));
    assert!(
        !bianpai::console::ui::render_text(&head, 80, 24).contains("按更正前结果编排"),
        "the header note goes with the decision"
    );
    let kinds: Vec<&str> = head.log.records()[records..]
        .iter()
        .map(|r| r.ev.kind())
        .collect();
    assert_eq!(&kinds[..2], ["round_unpaired", "round_paired"], "{kinds:?}");
}

#[test]
fn a_discarded_round_is_not_paired_again_by_the_automatic_advance() {
    let dir = tempfile::tempdir().unwrap();
    let path = console_common::event(dir.path(), "d.log", 8, 5, true);
    let mut head = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(30));
    type_keys(&mut head, "1r\n2r\n3r\n4r\n", minutes(30));
    assert_eq!(head.state().current_round(), Round(2));
    // The correction, then round 2 discarded on the command line.
    let l = path.to_str().unwrap();
    ok(&[
        "result",
        l,
        "1",
        "black_win",
        "--round",
        "1",
        "--correct",
        "--reason",
        "核对",
    ]);
    ok(&["unpair", l, "--reason", "重新编排"]);
    // A console that opens now, and the one already open, see round 1 complete: neither
    // pairs round 2 again by itself.
    let mut fresh = app_as(&path, "zhao", Role::Head, Lang::Zh, minutes(40));
    for a in [&mut head, &mut fresh] {
        a.poll(minutes(40));
        a.tick(minutes(40));
        a.settle(std::time::Duration::from_secs(5));
    }
    assert_eq!(Log::open(&path).unwrap().state().current_round(), Round(1));
    // The head arbiter pairs it with P (confirm).
    type_keys(&mut head, "Py", minutes(41));
    head.settle(std::time::Duration::from_secs(5));
    assert_eq!(head.state().current_round(), Round(2));
}

#[test]
fn k_records_the_decision_to_keep_with_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let path = console_common::event(dir.path(), "k.log", 8, 5, true);
    let mut head = app_as(&path, "wang", Role::Head, Lang::En, minutes(30));
    type_keys(&mut head, "1r\n2r\n3r\n4r\nSy", minutes(30));
    type_keys(&mut head, "1d\n", minutes(35));
    let l = path.to_str().unwrap();
    ok(&[
        "result",
        l,
        "1",
        "black_win",
        "--round",
        "1",
        "--correct",
        "--reason",
        "check",
    ]);
    head.poll(minutes(36));
    head.settle(std::time::Duration::from_secs(5));
    head.prepare(minutes(36));
    let banner = head.banner.clone().unwrap().text;
    assert!(banner.contains("K records keeping it"), "{banner}");
    // R is refused now, naming K.
    type_keys(&mut head, "R", minutes(37));
    let m = head.message.clone().unwrap().text;
    assert!(
        m.contains("pair LOG --keep") && m.contains("console key K"),
        "{m}"
    );
    // K: a reason, a confirm step, then the record.
    type_keys(&mut head, "Kround already on\n", minutes(37));
    assert!(
        head.entry_line()
            .unwrap()
            .contains("keep round 2's pairing")
    );
    type_keys(&mut head, "y", minutes(37));
    head.settle(std::time::Duration::from_secs(5));
    assert!(head.state().outdated_round().is_none());
    assert_eq!(
        head.state().current().unwrap().kept.as_deref(),
        Some("round already on")
    );
}
