//! A log whose recorded rules hold a combination no format takes (knockout finals after a
//! round robin, as a log written before such rules were refused could) is refused naming the
//! line, in either language, and left as it was. The parser's message it quotes is the one
//! place a rules fault's English still comes from the domain (`RulesError`'s `Display`, which
//! serde's `try_from` needs): these are its bytes.

use std::path::Path;
use std::process::Command;

use sha2::{Digest, Sha256};

fn bianpai(args: &[&str]) -> std::process::Output {
    Command::new(crate::support::bin::BIN)
        .args(args)
        .output()
        .expect("run bianpai")
}

/// The first line of a new club round robin, its rules given knockout finals and its hash
/// made good again.
fn forged_log(dir: &Path) -> std::path::PathBuf {
    let good = dir.join("good.log");
    let out = bianpai(&[
        "new",
        good.to_str().expect("path"),
        "--preset",
        "club-rr-10",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&good).expect("read");
    let line = text.lines().next().expect("a line");
    let body = &line[..line.rfind(",hash:").expect("a hash")];
    assert!(body.contains("knockout:None"), "{body}");
    let body = body.replacen(
        "knockout:None",
        "knockout:Some((after_round:9,players:4))",
        1,
    );
    let hash = Sha256::digest(body.as_bytes())
        .iter()
        .take(16)
        .fold(String::new(), |mut s, b| {
            use std::fmt::Write as _;
            let _ = write!(s, "{b:02x}");
            s
        });
    let bad = dir.join("bad.log");
    std::fs::write(&bad, format!("{body},hash:\"{hash}\")\n")).expect("write");
    bad
}

#[test]
fn recorded_rules_no_format_takes_are_refused_naming_the_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = forged_log(dir.path());
    let before = std::fs::read(&bad).expect("read");
    let path = bad.to_str().expect("path");

    let en = bianpai(&["--lang", "en", "verify", path]);
    assert!(!en.status.success());
    let en = String::from_utf8_lossy(&en.stderr);
    assert!(
        en.contains("damaged at line 1: cannot read the record: column "),
        "{en}"
    );
    assert!(
        en.contains(
            ": rules: knockout: knockout finals follow Swiss rounds only; a round robin ranks its whole field (remove knockout or use system: swiss); nothing was written"
        ),
        "{en}"
    );

    let zh = bianpai(&["verify", path]);
    assert!(!zh.status.success());
    let zh = String::from_utf8_lossy(&zh.stderr);
    assert!(zh.contains("损坏于第1行: 无法读取记录: 第"), "{zh}");
    assert!(!zh.contains("panicked"), "{zh}");

    assert_eq!(
        std::fs::read(&bad).expect("read"),
        before,
        "the log is unchanged"
    );
}
