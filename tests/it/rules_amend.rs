//! `bianpai amend LOG FIELD VALUE --reason T` (docs/cli.md): the head arbiter changes an
//! operational rule for the rounds not yet paired. The real binary: refusals in one line
//! naming the field (the log byte for byte unchanged), the audit line, the JSON rules, and
//! the room page following the value in force from the next round.

use crate::support::self_report as self_report_support;
use crate::support::serve as serve_support;

use crate::support::bin::run;
use self_report_support::{code, event, game};
use serve_support::{Server, bianpai, post_form};

fn refused(args: &[&str]) -> String {
    let out = run(args);
    assert!(!out.status.success(), "{args:?} was accepted");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    err
}

#[test]
fn amend_refuses_what_would_change_points_and_applies_from_the_next_round() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "confirm", "");
    let l = log.to_str().unwrap();
    let before = std::fs::read(&log).unwrap();
    let err = refused(&["amend", l, "points", "3", "--reason", "x"]);
    assert!(
        err.contains("points") && err.contains("已得的积分"),
        "{err}"
    );
    let err = refused(&["amend", l, "colour", "red", "--reason", "x"]);
    assert!(
        err.contains("'colour'") && err.contains("self_report_signers"),
        "{err}"
    );
    let err = refused(&["amend", l, "self_report", "maybe", "--reason", "x"]);
    assert!(err.contains("off | confirm | auto"), "{err}");
    let err = refused(&[
        "--lang",
        "en",
        "amend",
        l,
        "self_report",
        "maybe",
        "--reason",
        "x",
    ]);
    assert!(err.contains("it takes: off | confirm | auto"), "{err}");
    let err = refused(&["amend", l, "self_report", "auto"]);
    assert!(err.contains("理由"), "{err}");
    let err = refused(&[
        "--role",
        "assistant",
        "amend",
        l,
        "self_report",
        "auto",
        "--reason",
        "x",
    ]);
    assert!(err.contains("无权修改规则"), "{err}");
    assert_eq!(std::fs::read(&log).unwrap(), before, "the log unchanged");
    // Round 1 is under way with `confirm`: the amendment applies from round 2.
    let out = bianpai(&["amend", l, "self_report", "auto", "--reason", "裁判组决定"]);
    assert!(out.contains("自第2轮起生效"), "{out}");
    let all = bianpai(&["export", l, "--format", "json", "--what", "all"]);
    let v: serde_json::Value = serde_json::from_str(&all).unwrap();
    assert_eq!(v["rules"]["self_report"], "auto");
    assert_eq!(v["rules"]["amendments"][0]["from_round"], 2);
    let audit = bianpai(&["audit", l]);
    assert!(
        audit.contains("修改规则 self_report = auto, 自第2轮起生效")
            && audit.contains("裁判组决定"),
        "{audit}"
    );
    // Round 1's two signatures still wait for the arbiter (its own `confirm`).
    let s = Server::start(&log);
    for side in ["red", "black"] {
        let r = post_form(
            s.port,
            "/report",
            &format!(
                "round=1&board=1&result=draw&code={}",
                code(&log, 1, 1, side)
            ),
        );
        assert_eq!(r.status, 200);
    }
    let g = game(&log, 1, 1);
    assert_eq!(
        (g["result"].clone(), g["pending"].as_str()),
        (serde_json::Value::Null, Some("draw"))
    );
}
