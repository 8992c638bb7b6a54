//! Issue 22, finding 5, in the plain mode (the install mode shares the code): a log replaced
//! by rename while open (`cp day.log x; mv x day.log`: a restore from a copy, rsync, an
//! editor).
//! - The console's log worker (the real `LogIo` thread on the real file) notices it, opens the
//!   file now at the path and says so (`Reply::Replaced`); a result typed meanwhile is either
//!   refused as not recorded or is in the file at the log's path: never acknowledged while
//!   lost in the old file.
//! - `bianpai serve` notices it, reads the new file (a result recorded in it reaches the page)
//!   and every page says the log was replaced.

use crate::support::reliability as reliability_support;
use crate::support::serve as serve_support;

use std::time::{Duration, Instant};

use bianpai::console::io::{LogIo, Reply, Request};
use bianpai::domain::{Board, Command, GameResult};
use bianpai::log::{Log, LogError};
use chrono::Utc;
use reliability_support::{head, open_rules, records, started_event};
use serve_support::{Server, bianpai, fixture};

fn replace_by_rename(log: &std::path::Path) {
    let l = log.to_string_lossy();
    let out = std::process::Command::new("/bin/sh")
        .args(["-c", &format!("cp '{l}' '{l}.x' && mv '{l}.x' '{l}'")])
        .output()
        .expect("sh");
    assert!(out.status.success());
}

#[test]
fn the_console_worker_never_acknowledges_a_result_lost_in_a_replaced_file() {
    let dir = tempfile::tempdir().expect("tmp");
    let path = started_event(dir.path(), "day.log", 8, open_rules());
    let log = Log::open(&path).expect("open");
    let (mut io, _replica) = LogIo::spawn(log);
    replace_by_rename(&path);
    let request = |id: u64, board: u32| Request {
        id,
        actor: head(),
        cmd: Command::RecordResult {
            round: None,
            board: Board(board),
            result: GameResult::RedWin,
            correct: None,
        },
        at: Utc::now(),
    };
    io.submit(request(1, 1));
    let mut acknowledged = Vec::new();
    let mut replaced = false;
    let mut answered = false;
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(10) && !(replaced && answered) {
        match io.recv_timeout(Duration::from_millis(100)) {
            Some(Reply::Done { id: 1, result }) => {
                answered = true;
                match result {
                    Ok(recs) => acknowledged.extend(recs),
                    Err(LogError::Replaced { .. }) => {}
                    Err(e) => panic!("unexpected refusal: {e}"),
                }
            }
            Some(Reply::Replaced(_)) => replaced = true,
            _ => {}
        }
    }
    assert!(answered, "the request was answered");
    assert!(replaced, "the worker said the log was replaced");
    // Typed again on the log now at the path: recorded there.
    io.submit(request(2, 2));
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(10) {
        if let Some(Reply::Done { id: 2, result }) = io.recv_timeout(Duration::from_millis(100)) {
            acknowledged.extend(result.expect("recorded after the reopen"));
            break;
        }
    }
    io.shutdown();
    assert!(!acknowledged.is_empty());
    let in_file: Vec<String> = records(&path).into_iter().map(|r| r.hash).collect();
    for r in &acknowledged {
        assert!(
            in_file.contains(&r.hash),
            "record {} was acknowledged but is not in the file at the log's path",
            r.seq
        );
    }
}

#[test]
fn serve_reads_a_replaced_log_and_says_so() {
    let (dir, log) = fixture();
    let server = Server::start(&log);
    assert!(!server.get("/").text().contains("已被替换"));
    // A copy gets one more result, then replaces the log by rename.
    let copy = dir.path().join("copy.log");
    std::fs::copy(&log, &copy).expect("copy");
    bianpai(&["result", copy.to_str().expect("utf8"), "1", "draw"]);
    std::fs::rename(&copy, &log).expect("rename");
    let t = Instant::now();
    let mut page = String::new();
    while t.elapsed() < Duration::from_secs(10) {
        page = server.get("/").text();
        if page.contains("已被替换") {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        page.contains("日志文件已被替换"),
        "the page says so: {page}"
    );
    // And it follows the new file: a result recorded in it now reaches the page's state.
    let before = server.get("/api/pairings").text();
    bianpai(&["result", log.to_str().expect("utf8"), "2", "red_win"]);
    let t = Instant::now();
    let mut after = before.clone();
    while t.elapsed() < Duration::from_secs(10) && after == before {
        std::thread::sleep(Duration::from_millis(100));
        after = server.get("/api/pairings").text();
    }
    assert_ne!(after, before, "the page follows the new file");
}
