//! The snapshot's checkpoint (docs/trust.md, "Large logs: the snapshot"): a snapshot names
//! the last record it covers (where its line begins, its sequence number and hash), a command
//! checks only that record and reads on from it, and whatever moves, cuts or changes that
//! record means a full replay. An edit in place before it is `verify`'s to find; damage after
//! it is found by every command. An earlier snapshot without a checkpoint is checked by
//! hashing its whole prefix, as before.
//!
//! The snapshots here are written by this test's own process (a snapshot is keyed by the
//! program that wrote it), through `Log::open`; `verify` runs the real binary.

use crate::support::bin::run;
use std::path::{Path, PathBuf};

use chrono::{Duration, TimeZone, Utc};
use serde_json::Value;

use bianpai::cli::execute_batch;
use bianpai::domain::event::{ClockAction, PlayerEntry};
use bianpai::domain::{Actor, Board, Command, Role, Rules, Side, Tournament};
use bianpai::log::{Damage, IfDamaged, Log, LogError};

fn head() -> Actor {
    Actor {
        user: bianpai::log::user::current_user(),
        role: Role::Head,
    }
}

fn all_ok(log: &mut Log, cmds: &[Command]) {
    let (_, refused) = execute_batch(log, &head(), cmds, Utc::now()).expect("append");
    assert!(
        refused.is_empty(),
        "{} refused, the first: {:?}",
        refused.len(),
        refused[0]
    );
}

/// Clock presses `from..to` of a steady feed on boards 2–8.
fn presses(path: &Path, from: i64, to: i64) {
    let mut log = Log::open(path).expect("open");
    let t0 = Utc
        .with_ymd_and_hms(2030, 1, 1, 1, 0, 0)
        .single()
        .expect("time");
    let cmds: Vec<Command> = (from..to)
        .map(|i| Command::Clock {
            round: None,
            board: Board((i % 7) as u32 + 2),
            action: ClockAction::Press(if (i / 7) % 2 == 0 {
                Side::Red
            } else {
                Side::Black
            }),
            at: t0 + Duration::milliseconds(i * 50),
        })
        .collect();
    all_ok(&mut log, &cmds);
}

/// A started 16-player event with a little over 4,000 records, and its snapshot (written by
/// the first open after them).
fn long_log(dir: &Path) -> PathBuf {
    let path = dir.join("long.log");
    let mut rules = Rules::preset("qigu-2024-07").expect("preset");
    rules.roles.clear();
    rules.foul_limits.clear();
    let t0 = Utc
        .with_ymd_and_hms(2030, 1, 1, 1, 0, 0)
        .single()
        .expect("time");
    let mut log =
        Log::create(&path, "checkpoint", rules, &head().user, Utc::now()).expect("create");
    let regs: Vec<Command> = (1..=16)
        .map(|i| Command::RegisterPlayer(PlayerEntry::named(format!("棋手{i}"))))
        .collect();
    all_ok(&mut log, &regs);
    all_ok(
        &mut log,
        &[
            Command::DrawNumbers { seed: 1 },
            Command::PairNextRound,
            Command::StartRound { at: t0 },
        ],
    );
    drop(log);
    presses(&path, 0, 4_000);
    let _ = std::fs::remove_file(snapshot_of(&path));
    drop(Log::open(&path).expect("open"));
    assert!(snapshot_of(&path).exists(), "no snapshot was written");
    path
}

fn snapshot_of(path: &Path) -> PathBuf {
    PathBuf::from(format!("{}.snapshot", path.display()))
}

fn snapshot_json(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(snapshot_of(path)).expect("read")).expect("json")
}

/// The checkpoint's (start, seq, hash) and the snapshot's offset.
fn checkpoint(path: &Path) -> (usize, u64, String, usize) {
    let s = snapshot_json(path);
    let cp = &s["checkpoint"];
    let num = |v: &Value| v.as_u64().expect("a number");
    (
        num(&cp["start"]) as usize,
        num(&cp["seq"]),
        cp["hash"].as_str().expect("a hash").to_string(),
        num(&s["offset"]) as usize,
    )
}

/// Where each line begins (and the file's end).
fn line_starts(bytes: &[u8]) -> Vec<usize> {
    let mut v = vec![0];
    v.extend(
        bytes
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'\n')
            .map(|(i, _)| i + 1),
    );
    v
}

/// The state replayed from the first record (keeping records bypasses the snapshot).
fn full_state(path: &Path) -> Tournament {
    let log = Log::open_with(path, true).expect("open");
    assert_eq!(log.snapshot_lines(), 0);
    log.state().clone()
}

/// Changes the digit of `seq:N` on line `line` (same length): its hash no longer matches.
fn edit_in_place(bytes: &mut [u8], line: usize) {
    let start = line_starts(bytes)[line - 1];
    let pos = start + "(v:1,seq:".len();
    assert!(bytes[pos].is_ascii_digit(), "{}", char::from(bytes[pos]));
    bytes[pos] = if bytes[pos] == b'9' {
        b'8'
    } else {
        bytes[pos] + 1
    };
}

#[test]
fn the_snapshot_names_its_last_record_and_a_command_reads_on_from_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = long_log(dir.path());
    let bytes = std::fs::read(&path).expect("read");
    let (start, seq, hash, offset) = checkpoint(&path);
    let starts = line_starts(&bytes);
    assert_eq!(offset, bytes.len(), "the snapshot covers the whole log");
    assert_eq!(start, starts[starts.len() - 2], "not the last line's start");
    let last = String::from_utf8_lossy(&bytes[start..offset]);
    assert!(last.starts_with(&format!("(v:1,seq:{seq},")), "{last}");
    assert!(
        last.trim_end().ends_with(&format!("hash:\"{hash}\")")),
        "{last}"
    );

    // Records after it are read on top of it, and the state is the full replay's.
    presses(&path, 4_000, 4_300);
    let log = Log::open(&path).expect("open");
    assert_eq!(
        log.snapshot_lines() as u64,
        seq,
        "the snapshot was not used"
    );
    assert_eq!(log.state(), &full_state(&path));
    // Fewer records than a refresh needs: the snapshot stays as it was.
    assert_eq!(checkpoint(&path).1, seq);
}

#[test]
fn an_edit_in_place_before_the_checkpoint_is_named_by_verify() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = long_log(dir.path());
    let before = full_state(&path);
    let mut bytes = std::fs::read(&path).expect("read");
    edit_in_place(&mut bytes, 30);
    std::fs::write(&path, &bytes).expect("write");

    let out = run(&["--lang", "en", "verify", &path.to_string_lossy()]);
    assert!(!out.status.success(), "verify passed an edited log");
    let msg = String::from_utf8_lossy(&out.stderr);
    assert!(msg.contains("line 30"), "{msg}");
    // A command checks the checkpoint only: its record is where it was, so the snapshot's
    // state (the log's before the edit) is shown, never a state of the edited bytes.
    let log = Log::open(&path).expect("open");
    assert!(log.snapshot_lines() > 0, "the checkpoint was not trusted");
    assert_eq!(log.state(), &before);
}

#[test]
fn records_moved_before_the_checkpoint_mean_a_full_replay() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = long_log(dir.path());
    let bytes = std::fs::read(&path).expect("read");
    let starts = line_starts(&bytes);
    let line = |n: usize| bytes[starts[n - 1]..starts[n]].to_vec();
    // Line 30 deleted; line 30 written twice; one byte of line 30 taken out.
    let deleted = [&bytes[..starts[29]], &bytes[starts[30]..]].concat();
    let doubled = [&bytes[..starts[30]], &line(30)[..], &bytes[starts[30]..]].concat();
    let mut shorter = bytes.clone();
    shorter.remove(starts[29] + "(v:1,seq:".len());
    for (what, changed, damaged_at) in [
        ("deleted", deleted, 30),
        ("doubled", doubled, 31),
        ("shortened", shorter, 30),
    ] {
        std::fs::write(&path, &changed).expect("write");
        let log = Log::open(&path).expect("open");
        assert_eq!(log.snapshot_lines(), 0, "{what}: the snapshot was used");
        assert_eq!(log.damage().map(Damage::line), Some(damaged_at), "{what}");
        match Log::open_reader(&path, false, IfDamaged::Refuse) {
            Err(LogError::Shortened { damage, .. }) => assert_eq!(damage.line(), damaged_at),
            other => panic!("{what}: expected a refusal, got {:?}", other.map(|_| ())),
        }
        // The damaged replay writes no snapshot: the good one is kept for the good log.
        std::fs::write(&path, &bytes).expect("restore");
        assert!(
            Log::open(&path).expect("open").snapshot_lines() > 0,
            "{what}"
        );
    }
}

#[test]
fn a_log_cut_short_or_changed_at_the_checkpoint_means_a_full_replay() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = long_log(dir.path());
    let bytes = std::fs::read(&path).expect("read");
    let snapshot = std::fs::read(snapshot_of(&path)).expect("read");
    let (start, seq, _, offset) = checkpoint(&path);
    let starts = line_starts(&bytes);

    // Cut after a whole append well before the checkpoint: a shorter, whole log.
    let whole = (1..seq as usize)
        .rev()
        .find(|&n| !String::from_utf8_lossy(&bytes[starts[n - 1]..starts[n]]).contains(",more:"))
        .expect("an append before the last");
    std::fs::write(&path, &bytes[..starts[whole]]).expect("write");
    let log = Log::open(&path).expect("open");
    assert_eq!(
        log.snapshot_lines(),
        0,
        "a snapshot past the log's end was used"
    );
    assert!(log.damage().is_none());
    assert_eq!(log.state(), &full_state(&path));
    // (That replay wrote a snapshot of the shorter log: the first one comes back.)
    std::fs::write(snapshot_of(&path), &snapshot).expect("write");

    // Cut inside the checkpoint's record: not a whole record there.
    std::fs::write(&path, &bytes[..offset - 10]).expect("write");
    let log = Log::open(&path).expect("open");
    assert_eq!(
        log.snapshot_lines(),
        0,
        "a cut checkpoint record was trusted"
    );
    assert_eq!(log.damage().map(Damage::line), Some(seq as usize));

    // The checkpoint's record edited in place (same length): its hash does not verify.
    let mut edited = bytes.clone();
    edit_in_place(&mut edited, seq as usize);
    assert_eq!(start, starts[seq as usize - 1]);
    std::fs::write(&path, &edited).expect("write");
    let log = Log::open(&path).expect("open");
    assert_eq!(
        log.snapshot_lines(),
        0,
        "an edited checkpoint record was trusted"
    );
    assert_eq!(log.damage().map(Damage::line), Some(seq as usize));
}

#[test]
fn damage_after_the_checkpoint_is_found_by_every_command() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = long_log(dir.path());
    let (_, seq, _, _) = checkpoint(&path);
    presses(&path, 4_000, 4_100);
    let mut bytes = std::fs::read(&path).expect("read");
    let line = seq as usize + 50;
    edit_in_place(&mut bytes, line);
    std::fs::write(&path, &bytes).expect("write");

    let log = Log::open(&path).expect("open");
    assert_eq!(
        log.snapshot_lines() as u64,
        seq,
        "the snapshot was not used"
    );
    assert_eq!(log.damage().map(Damage::line), Some(line));
    match Log::open_reader(&path, false, IfDamaged::Refuse) {
        Err(LogError::Shortened { damage, .. }) => assert_eq!(damage.line(), line),
        other => panic!("expected a refusal, got {:?}", other.map(|_| ())),
    }
    let out = run(&["--lang", "en", "verify", &path.to_string_lossy()]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(&format!("line {line}")),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The SHA-256 of `bytes` in lower-case hex.
fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest as _;
    use std::fmt::Write as _;
    sha2::Sha256::digest(bytes)
        .iter()
        .fold(String::new(), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

#[test]
fn an_earlier_snapshot_without_a_checkpoint_is_checked_in_full() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = long_log(dir.path());
    let bytes = std::fs::read(&path).expect("read");
    let (_, seq, _, offset) = checkpoint(&path);
    let earlier = |digest: Option<String>| {
        let mut s = snapshot_json(&path);
        let map = s.as_object_mut().expect("an object");
        map.remove("checkpoint");
        if let Some(d) = digest {
            map.insert("prefix_sha256".into(), Value::String(d));
        }
        std::fs::write(snapshot_of(&path), serde_json::to_vec(&s).expect("json")).expect("write");
    };

    // The digest of its prefix: used, and given a checkpoint at once.
    earlier(Some(sha256_hex(&bytes[..offset])));
    assert!(snapshot_json(&path).get("checkpoint").is_none());
    let log = Log::open(&path).expect("open");
    assert_eq!(
        log.snapshot_lines() as u64,
        seq,
        "the earlier snapshot was not used"
    );
    assert_eq!(log.state(), &full_state(&path));
    assert_eq!(checkpoint(&path).1, seq, "no checkpoint was written");

    // A digest of other bytes, or none at all: not used.
    for digest in [Some(sha256_hex(&bytes[..offset - 1])), None] {
        earlier(digest);
        let log = Log::open(&path).expect("open");
        assert_eq!(log.snapshot_lines(), 0, "an unchecked snapshot was used");
        assert_eq!(log.state(), &full_state(&path));
    }
}
