//! Issue 14, item 3: damage in the middle of the log, or a record of a newer format version,
//! must not read as a shorter tournament. Every command that shows the tournament (export,
//! player list, audit, the pairing preview) refuses such a log with one line naming the
//! damaged line and pointing to `bianpai verify`, exit non-zero, nothing on stdout; with
//! `--allow-damaged` it shows what precedes the damage under a warning.

use crate::support::reliability as reliability_support;

use std::path::{Path, PathBuf};

use bianpai::domain::{Board, Command, GameResult, Round};
use bianpai::log::{IfDamaged, Log, LogError, record};
use reliability_support::{all_ok, head, ok, open_rules, read, refused, run, started_event};
use sha2::{Digest, Sha256};

/// A 16-player event with round 1 finished, round 2 paired, started and half reported.
fn two_rounds(dir: &Path) -> PathBuf {
    let path = started_event(dir, "r.log", 16, open_rules());
    let mut log = Log::open(&path).expect("open");
    let actor = head();
    let results = |round: u32, boards: u32| -> Vec<Command> {
        (1..=boards)
            .map(|b| Command::RecordResult {
                round: Some(Round(round)),
                board: Board(b),
                result: GameResult::RedWin,
                correct: None,
            })
            .collect()
    };
    all_ok(&mut log, &actor, &results(1, 8));
    all_ok(
        &mut log,
        &actor,
        &[
            Command::PairNextRound,
            Command::StartRound {
                at: reliability_support::t0() + chrono::Duration::hours(2),
            },
        ],
    );
    all_ok(&mut log, &actor, &results(2, 4));
    path
}

fn lines_of(bytes: &[u8]) -> Vec<Vec<u8>> {
    bytes
        .split_inclusive(|b| *b == b'\n')
        .map(<[u8]>::to_vec)
        .collect()
}

/// The line number (1-based) of the first round-2 result.
fn first_round2_result(path: &Path) -> usize {
    let log = Log::open_with(path, true).expect("open");
    let i = log
        .records()
        .iter()
        .position(|r| {
            matches!(
                r.ev,
                bianpai::domain::Event::ResultRecorded {
                    round: Round(2),
                    ..
                }
            )
        })
        .expect("a round-2 result");
    i + 1
}

/// The readers, each as an argument list.
fn readers(log: &str) -> Vec<Vec<String>> {
    [
        vec!["export", log, "--format", "json", "--what", "all"],
        vec!["export", log, "--format", "txt", "--what", "standings"],
        vec!["player", "list", log],
        vec!["audit", log],
        vec!["pair", log, "--preview"],
    ]
    .into_iter()
    .map(|v| v.into_iter().map(String::from).collect())
    .collect()
}

/// Every reader refuses the damaged log at `path`, naming `line`; the log is unchanged.
fn readers_refuse(path: &Path, line: usize, what: &str) {
    let bytes = read(path);
    let log = path.to_string_lossy().into_owned();
    for args in readers(&log) {
        let out = run(&[&["--lang".to_string(), "en".to_string()], &args[..]].concat());
        let msg = refused(&out, &format!("{what}: {}", args.join(" ")));
        assert!(
            msg.contains(&format!("line {line}:")) && msg.contains("bianpai verify"),
            "{what}: {}: the refusal names line {line} and points to verify: {msg}",
            args[0]
        );
        assert!(
            out.stdout.is_empty(),
            "{what}: {} printed a shortened tournament: {}",
            args[0],
            String::from_utf8_lossy(&out.stdout)
        );
    }
    assert_eq!(read(path), bytes, "{what}: a reader changed the log");
    // The library's reader entry point says the same.
    match Log::open_reader(path, false, IfDamaged::Refuse) {
        Err(LogError::Shortened { damage, .. }) => assert_eq!(damage.line(), line, "{what}"),
        Err(e) => panic!("{what}: open_reader: {e}"),
        Ok(_) => panic!("{what}: open_reader accepted a damaged log"),
    }
}

/// `--allow-damaged` shows the history before the damage, under a warning naming the line.
fn allowed_with_warning(path: &Path, line: usize, what: &str) {
    let log = path.to_string_lossy().into_owned();
    let out = run(&[
        "--lang",
        "en",
        "export",
        &log,
        "--format",
        "json",
        "--what",
        "players",
        "--allow-damaged",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{what}: --allow-damaged: {stderr}");
    assert!(
        stderr.starts_with("warning: ") && stderr.contains(&format!("line {line}")),
        "{what}: the warning names line {line}: {stderr}"
    );
    assert!(!out.stdout.is_empty(), "{what}: nothing shown");
}

#[test]
fn an_edited_line_in_the_middle_is_refused_by_every_reader() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = two_rounds(dir.path());
    let log = path.to_string_lossy().into_owned();
    let good = read(&path);
    // Sanity: the intact log is shown, by every reader.
    for args in readers(&log).iter().filter(|a| a[0] != "pair") {
        ok(args);
    }
    let k = first_round2_result(&path);
    let mut lines = lines_of(&good);
    assert!(
        k + 2 < lines.len(),
        "line {k} is in the middle of {}",
        lines.len()
    );
    // `result:RedWin` → `result:BlackWin` would need more bytes; flip a digit of the time.
    let text = String::from_utf8(lines[k - 1].clone()).expect("UTF-8");
    let pos = text.find("at:\"").expect("a time") + 7; // the year's last digit
    let b = lines[k - 1][pos];
    lines[k - 1][pos] = if b == b'9' { b'8' } else { b + 1 };
    std::fs::write(&path, lines.concat()).expect("write");
    let verify = refused(&run(&["--lang", "en", "verify", &log]), "verify");
    assert!(verify.contains(&format!("line {k}:")), "{verify}");
    readers_refuse(&path, k, "edited line");
    allowed_with_warning(&path, k, "edited line");
}

/// `line` (one record, without its newline) with its format version set to `v` and the hash
/// recomputed, as a later program version would write it.
fn with_version(line: &str, v: u32) -> String {
    let body_end = line.rfind(",hash:\"").expect("a hash field");
    let body = line[..body_end].replacen("(v:1,", &format!("(v:{v},"), 1);
    let digest = Sha256::digest(body.as_bytes());
    let hex = digest.iter().take(16).fold(String::new(), |mut s, b| {
        use std::fmt::Write;
        let _ = write!(s, "{b:02x}");
        s
    });
    format!("{body},hash:\"{hex}\")")
}

#[test]
fn a_record_of_a_newer_version_is_refused_by_every_reader() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = two_rounds(dir.path());
    let good = read(&path);
    let k = first_round2_result(&path);
    let mut lines = lines_of(&good);
    let text = String::from_utf8(lines[k - 1].clone()).expect("UTF-8");
    let newer = with_version(text.trim_end(), record::VERSION + 1);
    // The hash holds: only the version tells it apart.
    assert!(matches!(
        record::decode(&newer),
        Err(record::DecodeError::Version(_))
    ));
    lines[k - 1] = format!("{newer}\n").into_bytes();
    std::fs::write(&path, lines.concat()).expect("write");
    readers_refuse(&path, k, "newer version in the middle");

    // The same as the last record: the history would end one record early.
    let mut lines = lines_of(&good);
    let n = lines.len();
    let text = String::from_utf8(lines[n - 1].clone()).expect("UTF-8");
    lines[n - 1] = format!("{}\n", with_version(text.trim_end(), 2)).into_bytes();
    std::fs::write(&path, lines.concat()).expect("write");
    readers_refuse(&path, n, "newer version at the end");
    allowed_with_warning(&path, n, "newer version at the end");
}
