//! Issue 14, item 9: a complete last record that lacks only its newline (an editor that
//! strips it, a copy cut at the last byte) is a whole record: its hash verifies. It is
//! accepted by every reader, `repair` leaves it alone, and the next append writes the
//! newline first. A last line that is really cut short is still torn.

use crate::support::reliability as reliability_support;

use bianpai::log::{Log, verify};
use reliability_support::{ok, open_rules, read, refused, run, started_event};

#[allow(clippy::naive_bytecount)] // a few kilobytes; no extra crate for this
fn line_count(bytes: &[u8]) -> usize {
    bytes.iter().filter(|b| **b == b'\n').count()
}

#[test]
fn a_last_record_without_its_newline_is_accepted_and_the_next_append_adds_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = started_event(dir.path(), "n.log", 8, open_rules());
    let log = path.to_string_lossy().into_owned();
    ok(&["result", &log, "1", "red_win"]);
    let whole = read(&path);
    let n = line_count(&whole);
    let stripped = whole[..whole.len() - 1].to_vec();
    std::fs::write(&path, &stripped).expect("write");

    // Verified, read and left alone by repair.
    assert_eq!(verify(&path).expect("intact"), n);
    let out = ok(&["verify", &log]);
    assert!(out.contains(&format!("{n}条记录")), "{out}");
    let out = ok(&["repair", &log]);
    assert!(out.contains("无需修复"), "{out}");
    assert_eq!(read(&path), stripped, "repair moved a whole record aside");
    let opened = Log::open(&path).expect("open");
    assert!(opened.damage().is_none(), "{:?}", opened.damage());
    let g = opened
        .state()
        .game(bianpai::domain::Round(1), bianpai::domain::Board(1))
        .expect("board 1");
    assert!(
        g.result.is_some(),
        "the last record (board 1's result) was dropped"
    );
    ok(&["export", &log, "--format", "json", "--what", "all"]);

    // A reader that has read the newline-less record sees the next append whole.
    let mut reader = Log::open(&path).expect("open");
    ok(&["result", &log, "2", "draw"]);
    let after = read(&path);
    assert_eq!(
        &after[..whole.len()],
        &whole[..],
        "the append did not restore the newline first"
    );
    assert_eq!(line_count(&after), n + 1);
    assert_eq!(*after.last().expect("bytes"), b'\n');
    let new = reader.refresh().expect("refresh");
    assert_eq!(new.len(), 1, "the reader missed the new record");
    assert!(reader.damage().is_none(), "{:?}", reader.damage());
    assert_eq!(verify(&path).expect("intact"), n + 1);

    // The same through the library's append path, from a log opened on the stripped file.
    std::fs::write(&path, &stripped).expect("write");
    let mut writer = Log::open(&path).expect("open");
    writer
        .execute(
            &reliability_support::head(),
            &bianpai::domain::Command::RecordResult {
                round: None,
                board: bianpai::domain::Board(3),
                result: bianpai::domain::GameResult::Draw,
                correct: None,
            },
            chrono::Utc::now(),
        )
        .expect("append");
    assert_eq!(&read(&path)[..whole.len()], &whole[..]);
    assert_eq!(verify(&path).expect("intact"), n + 1);
}

#[test]
fn a_last_line_cut_short_is_still_torn() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = started_event(dir.path(), "t.log", 8, open_rules());
    let log = path.to_string_lossy().into_owned();
    ok(&["result", &log, "1", "red_win"]);
    let whole = read(&path);
    // Cut two bytes: the closing `")` of the hash field goes, so the record is incomplete.
    std::fs::write(&path, &whole[..whole.len() - 3]).expect("write");
    let msg = refused(&run(&["--lang", "en", "verify", &log]), "verify");
    assert!(msg.contains("torn"), "{msg}");
}

#[test]
fn a_record_written_onto_the_end_of_a_line_is_damage_named_there() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = started_event(dir.path(), "j.log", 8, open_rules());
    let log = path.to_string_lossy().into_owned();
    ok(&["result", &log, "1", "red_win"]);
    let whole = read(&path);
    let n = line_count(&whole);
    // A reader takes the newline-less record in; then a writer that does not know about the
    // missing newline (an older program, a hand edit) appends straight after it.
    std::fs::write(&path, &whole[..whole.len() - 1]).expect("write");
    let mut reader = Log::open(&path).expect("open");
    assert!(reader.damage().is_none());
    let last = String::from_utf8(whole.clone()).expect("UTF-8");
    let last = last.lines().last().expect("a line").to_string();
    let mut joined = whole[..whole.len() - 1].to_vec();
    joined.extend_from_slice(last.as_bytes());
    joined.push(b'\n');
    std::fs::write(&path, &joined).expect("write");
    reader.refresh().expect("refresh");
    assert_eq!(reader.damage().map(bianpai::log::Damage::line), Some(n));
    let msg = refused(&run(&["--lang", "en", "verify", &log]), "verify");
    assert!(msg.contains(&format!("line {n}:")), "{msg}");
}
