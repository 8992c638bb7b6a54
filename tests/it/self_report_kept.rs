//! A signed result stands (docs/self-report.md, "a signed result stands"): the real binary
//! refuses a correction of a result its players signed, naming the signatures, with the log
//! byte for byte unchanged; only the head arbiter overrides it with `--despite-signatures`,
//! and the audit says so.

use crate::support::self_report as self_report_support;
use crate::support::serve as serve_support;

use crate::support::bin::run;
use self_report_support::{code, event, game};
use serve_support::{Server, bianpai, post_form};

fn body(board: u64, result: &str, code: &str) -> String {
    format!("round=1&board={board}&result={result}&code={code}")
}

#[test]
fn a_correction_of_a_signed_result_is_refused_unless_the_head_overrides_it() {
    let dir = tempfile::tempdir().unwrap();
    let log = event(dir.path(), "auto", "");
    let l = log.to_str().unwrap();
    {
        let s = Server::start(&log);
        for side in ["red", "black"] {
            let r = post_form(
                s.port,
                "/report",
                &body(1, "red_win", &code(&log, 1, 1, side)),
            );
            assert_eq!(r.status, 200);
        }
    }
    assert_eq!(game(&log, 1, 1)["result"], "red_win");
    let before = std::fs::read(&log).unwrap();
    // `result LOG 1 draw --round 1 --correct --reason 记错`, with `before` and `after` it.
    let correct = |before: &[&str], after: &[&str]| {
        let args = [
            before,
            &[
                "result",
                l,
                "1",
                "draw",
                "--round",
                "1",
                "--correct",
                "--reason",
                "记错",
            ],
            after,
        ]
        .concat();
        run(&args)
    };
    let out = correct(&[], &[]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("第1轮第1台的结果 红胜 由双方签认 (红方 王天一、黑方 郑惟桐), 不得更改")
            && err.contains("--despite-signatures"),
        "{err}"
    );
    assert_eq!(std::fs::read(&log).unwrap(), before, "the log unchanged");
    // English with --lang en.
    let out = correct(&["--lang", "en"], &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("signed by both players"), "{err}");
    // The override: the head arbiter only, recorded, and in the audit.
    let out = correct(&["--role", "assistant"], &["--despite-signatures"]);
    assert!(!out.status.success());
    assert_eq!(std::fs::read(&log).unwrap(), before, "the log unchanged");
    let out = correct(&[], &["--despite-signatures"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(game(&log, 1, 1)["result"], "draw");
    let audit = bianpai(&["audit", l]);
    assert!(
        audit.contains("第1轮第1台: 裁判长推翻棋手签认 (红方签认、黑方签认 红胜)"),
        "{audit}"
    );
}
