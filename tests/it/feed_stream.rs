//! `bianpai feed` under load, with real processes: one process streams 10,000 clock presses
//! for 40 boards into the log while other processes enter every board's result. Every press
//! is either in the log, in order, before its board's result, or was skipped because the
//! result came first; nothing is lost, duplicated or reordered, and `verify` passes.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use bianpai::domain::{Actor, Board, GameResult, Role};
use bianpai::log::{Log, user};
use chrono::{DateTime, Duration, Utc};

const BIN: &str = crate::support::bin::BIN;
const BOARDS: usize = 40;
const PRESSES: usize = 10_000;

/// The round's start: half a minute before the test began. Every press of the stream lies
/// within the allowed skew of the machine's clock (issue 14: a bridge's times are checked).
fn start() -> DateTime<Utc> {
    static START: std::sync::OnceLock<DateTime<Utc>> = std::sync::OnceLock::new();
    *START.get_or_init(|| {
        let now = Utc::now() - Duration::seconds(30);
        now - Duration::nanoseconds(i64::from(now.timestamp_subsec_nanos()))
    })
}

fn ok(args: &[&str]) -> String {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Lines in the file now (for pacing only).
fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |s| s.lines().count())
}

fn setup(dir: &Path) -> PathBuf {
    let log = dir.join("feed.log");
    let l = log.to_str().unwrap();
    ok(&["new", l, "--preset", "lvliang-2024"]);
    for i in 1..=BOARDS * 2 {
        ok(&["player", "add", l, "--name", &format!("P{i}")]);
    }
    ok(&["draw", l, "--in-order"]);
    ok(&["pair", l]);
    ok(&["start", l, "--at", &start().to_rfc3339()]);
    log
}

/// The i-th line of the stream: boards in turn, each board's presses alternating red, black,
/// 10 ms apart across the room (the whole stream spans 100 s). Returns (board, side, time) and the line.
fn press(i: usize) -> ((usize, &'static str, String), String) {
    let board = i % BOARDS + 1;
    let side = if (i / BOARDS).is_multiple_of(2) {
        "red"
    } else {
        "black"
    };
    let t = (start() + Duration::milliseconds(10 * i as i64 + 1)).to_rfc3339();
    let line = format!("{board} press {side} {t}\n");
    ((board, side, t), line)
}

/// Per board: its recorded presses (side, time) in file order, the line of its last press,
/// and the line of its result (`usize::MAX` when none).
type LogView = (Vec<Vec<(String, DateTime<Utc>)>>, Vec<usize>, Vec<usize>);

fn read_log(log: &Path) -> LogView {
    let text = std::fs::read_to_string(log).unwrap();
    let mut clocks = vec![Vec::new(); BOARDS + 1];
    let mut last_clock = vec![0usize; BOARDS + 1];
    let mut result_at = vec![usize::MAX; BOARDS + 1];
    for (n, line) in text.lines().enumerate() {
        let field = |key: &str| -> Option<String> {
            let i = line.find(key)? + key.len();
            let rest = &line[i..];
            let end = rest.find([',', ')'])?;
            Some(rest[..end].trim_matches('"').to_string())
        };
        if line.contains("ev:Clock(") {
            let board: usize = field("board:").unwrap().parse().unwrap();
            let side = field("action:press(").unwrap();
            let time = field("at:\"").map(|_| {
                // The event's own `at` is the second `at:` on the line (the first is the record's).
                let j = line.find("ev:Clock(").unwrap();
                let k = line[j..].find("at:\"").unwrap() + j + 4;
                let end = line[k..].find('"').unwrap() + k;
                DateTime::parse_from_rfc3339(&line[k..end])
                    .unwrap()
                    .with_timezone(&Utc)
            });
            clocks[board].push((side, time.unwrap()));
            last_clock[board] = n;
        }
        if line.contains("ev:ResultRecorded(") {
            let board: usize = field("board:").unwrap().parse().unwrap();
            result_at[board] = n;
        }
    }
    (clocks, last_clock, result_at)
}

#[test]
fn ten_thousand_presses_while_results_are_entered() {
    let dir = tempfile::tempdir().unwrap();
    let log = setup(dir.path());
    let l = log.to_str().unwrap().to_string();

    let mut feed = Command::new(BIN)
        .args(["feed", &l])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = feed.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // Chunks of 500 lines, so that the feed sees lines arriving in several batches.
        let mut chunk = String::new();
        for i in 0..PRESSES {
            chunk.push_str(&press(i).1);
            if (i + 1) % 500 == 0 {
                stdin.write_all(chunk.as_bytes()).unwrap();
                stdin.flush().unwrap();
                chunk.clear();
            }
        }
        stdin.write_all(chunk.as_bytes()).unwrap();
    });
    // Meanwhile another process (this test, through the library, as a console would) enters
    // every board's result, last board first, one each time the log has grown by about 200
    // records, so that results land in the middle of the stream.
    let results = {
        let path = log.clone();
        std::thread::spawn(move || {
            let mut log = Log::open(&path).unwrap();
            let actor = Actor {
                user: user::current_user(),
                role: Role::Assistant,
            };
            for (k, b) in (1..=BOARDS).rev().enumerate() {
                let waited = Instant::now();
                while lines(&path) < 100 + (k + 1) * 200 && waited.elapsed().as_secs() < 5 {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
                let cmd = bianpai::domain::Command::RecordResult {
                    round: None,
                    board: Board(b as u32),
                    result: GameResult::Draw,
                    correct: None,
                };
                log.execute(&actor, &cmd, Utc::now()).unwrap();
            }
        })
    };
    writer.join().unwrap();
    results.join().unwrap();
    let out = feed.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "feed failed: {stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // "feed: W clock event(s) recorded, I ignored (game over), 0 line(s) refused"
    let nums: Vec<usize> = stdout
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    let [written, ignored, refused] = nums[..] else {
        panic!("unexpected summary: {stdout}");
    };
    eprintln!("{}", stdout.trim());
    assert_eq!(refused, 0);
    assert_eq!(written + ignored, PRESSES);

    let (clocks, last_clock, result_at) = read_log(&log);
    assert_eq!(clocks.iter().map(Vec::len).sum::<usize>(), written);
    for b in 1..=BOARDS {
        assert_ne!(result_at[b], usize::MAX, "board {b} has no result");
        // Every recorded press of the board comes before its result ...
        if !clocks[b].is_empty() {
            assert!(
                last_clock[b] < result_at[b],
                "board {b}: a press after the result"
            );
        }
        // ... and they are exactly the first presses of its stream, in order.
        let expected: Vec<(String, DateTime<Utc>)> = (0..PRESSES)
            .map(|i| press(i).0)
            .filter(|(board, _, _)| *board == b)
            .take(clocks[b].len())
            .map(|(_, side, t)| {
                (
                    side.to_string(),
                    DateTime::parse_from_rfc3339(&t)
                        .unwrap()
                        .with_timezone(&Utc),
                )
            })
            .collect();
        assert_eq!(clocks[b], expected, "board {b}");
    }
    let t1 = Instant::now();
    ok(&["verify", &l]);
    eprintln!(
        "verify of {} records: {:?} (debug build)",
        std::fs::read_to_string(&log).unwrap().lines().count(),
        t1.elapsed()
    );
}
