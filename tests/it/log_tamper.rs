//! Issue 9 (tamper evidence): `verify` detects an edited byte, a deleted, inserted or
//! reordered record and a truncation mid-line, and names the line; no command appends to such
//! a log afterwards (it stays byte-identical after a refused `result`).
//!
//! One thing a hash chain cannot show from the file alone: deleting the *last* records at a
//! line boundary leaves a shorter, valid chain. That needs a witness outside the file (a
//! printout of the last hash, a copy); `verify` prints the record count for that reason.

use crate::support::reliability as reliability_support;

use std::path::Path;

use bianpai::domain::event::Cause;
use bianpai::domain::{Board, Event, GameResult, Role, Round};
use bianpai::log::{Log, record};
use reliability_support::{ok, open_rules, read, refused, run, started_event};

fn lines_of(bytes: &[u8]) -> Vec<Vec<u8>> {
    bytes
        .split_inclusive(|b| *b == b'\n')
        .map(<[u8]>::to_vec)
        .collect()
}

/// A log of about 15 records, every line different.
fn good(dir: &Path) -> (std::path::PathBuf, Vec<u8>) {
    let path = started_event(dir, "g.log", 16, open_rules());
    let log = path.to_string_lossy().into_owned();
    ok(&["foul", &log, "1", "red", "phone"]);
    ok(&["result", &log, "2", "draw"]);
    ok(&["absent", &log, "3", "black"]);
    ok(&[
        "clock",
        &log,
        "4",
        "press",
        "red",
        "--at",
        "2024-07-06T01:00:05Z",
        "--correction",
        "a 2024 press",
    ]);
    let bytes = read(&path);
    (path, bytes)
}

/// Writes `bytes`, checks verify names `line` (1-based), and that commands refuse to append.
fn expect_damage(path: &Path, bytes: &[u8], line: usize, what: &str) {
    std::fs::write(path, bytes).expect("write tampered log");
    let log = path.to_string_lossy().into_owned();
    let out = run(&["--lang", "en", "verify", &log]);
    let msg = refused(&out, what);
    assert!(
        msg.contains(&format!("line {line}:")),
        "{what}: verify must name line {line}: {msg}"
    );
    // The library says the same place.
    let opened = Log::open(path).expect("a damaged log still opens read-only");
    if let Some(d) = opened.damage() {
        assert_eq!(d.line(), line, "{what}: {d}");
    }
    let commands = [
        vec!["result", &log, "5", "red_win"],
        vec!["foul", &log, "6", "black", "other"],
        vec!["clock", &log, "7", "press", "red"],
    ];
    // One command per case, a different kind from case to case (to keep the test short).
    let pick = what.len() % 3;
    for args in commands.iter().skip(pick).take(1) {
        let out = run(&[&["--lang", "en"], &args[..]].concat());
        let msg = refused(&out, &format!("{what}: {}", args[0]));
        assert!(
            msg.contains("damaged") && msg.contains(&format!("line {line}")),
            "{what}: the refusal names the damage: {msg}"
        );
        assert_eq!(
            read(path),
            bytes,
            "{what}: a refused {} changed the log",
            args[0]
        );
    }
}

#[test]
fn every_kind_of_tampering_is_found_and_named() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (path, bytes) = good(dir.path());
    ok(&["verify", &path.to_string_lossy()]);
    let lines = lines_of(&bytes);
    let n = lines.len();
    assert!(n >= 12, "{n} lines");

    // An edited byte, in every line, at several places (field text, digits, the hash itself,
    // the prev field). Only the byte changes; the length stays.
    for (k, line) in lines.iter().enumerate() {
        let len = line.len() - 1;
        for pos in [len / 3, len - 5] {
            let mut t = lines.clone();
            let b = t[k][pos];
            t[k][pos] = if b.is_ascii_digit() {
                b'0' + (b - b'0' + 1) % 10
            } else if b == b'a' {
                b'b'
            } else if b.is_ascii() && b != b'"' && b != b'\\' {
                b'a'
            } else {
                continue;
            };
            if t[k][pos] == b {
                continue;
            }
            expect_damage(
                &path,
                &t.concat(),
                k + 1,
                &format!("line {} byte {pos} edited", k + 1),
            );
        }
    }
    // A byte that is not UTF-8.
    let mut t = lines.clone();
    t[4][20] = 0xff;
    expect_damage(&path, &t.concat(), 5, "non-UTF-8 byte");

    // Deleted records: the first, one in the middle, the one before the last.
    for k in [0, n / 2, n - 2] {
        let mut t = lines.clone();
        t.remove(k);
        expect_damage(
            &path,
            &t.concat(),
            k + 1,
            &format!("line {} deleted", k + 1),
        );
    }

    // Inserted records: a duplicate, and a forged record with a correct hash.
    for k in [1, n / 2, n - 1] {
        let mut t = lines.clone();
        t.insert(k + 1, lines[k].clone());
        expect_damage(
            &path,
            &t.concat(),
            k + 2,
            &format!("line {} duplicated", k + 1),
        );
    }
    {
        // Forged to fit exactly after record k (a single-record append): the chain holds up
        // to it, so the record after it is the first whose sequence number no longer fits.
        let k = n - 3;
        let text = String::from_utf8(lines[k].clone()).expect("UTF-8");
        let prev = record::decode(text.trim_end()).expect("a good line");
        assert_eq!(prev.more, 0, "line {} ends its append", k + 1);
        let ev = Event::ResultRecorded {
            round: Round(1),
            board: Board(1),
            result: GameResult::BlackWin,
            cause: Cause::Arbiter,
            at: None,
        };
        let (forged, _) = record::encode(
            prev.seq + 1,
            &prev.at,
            &prev.by,
            Role::Head,
            &prev.hash,
            &ev,
        );
        let mut t = lines.clone();
        t.insert(k + 1, format!("{forged}\n").into_bytes());
        expect_damage(&path, &t.concat(), k + 3, "forged record inserted");
    }

    // Reordered: two neighbouring records swapped, and two far apart.
    for (a, b) in [(1, 2), (n / 2, n / 2 + 1), (2, n - 1)] {
        let mut t = lines.clone();
        t.swap(a, b);
        expect_damage(
            &path,
            &t.concat(),
            a + 1,
            &format!("lines {} and {} swapped", a + 1, b + 1),
        );
    }

    // Truncated mid-line, in the middle of the file (the rest of the file dropped) and at the end.
    for k in [n / 2, n - 1] {
        let mut t = lines[..k].concat();
        t.extend_from_slice(&lines[k][..lines[k].len() / 2]);
        expect_damage(
            &path,
            &t,
            k + 1,
            &format!("truncated inside line {}", k + 1),
        );
    }
    // A line cut in two by an inserted newline.
    let mut t = lines.clone();
    let half = t[3].len() / 2;
    t[3].insert(half, b'\n');
    expect_damage(&path, &t.concat(), 4, "newline inserted");

    // Put it back: the original verifies again and takes appends.
    std::fs::write(&path, &bytes).expect("restore");
    let log = path.to_string_lossy().into_owned();
    ok(&["verify", &log]);
    ok(&["result", &log, "5", "red_win"]);
}
