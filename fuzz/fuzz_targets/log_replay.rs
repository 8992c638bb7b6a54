//! Fuzz the whole replay: any file content must open (possibly as damaged) or be refused,
//! never panic; `verify` and `repair` must not panic either.
#![no_main]

use bianpai::log::{Log, repair, verify};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(dir) = tempfile::tempdir() else { return };
    let path = dir.path().join("fuzz.log");
    if std::fs::write(&path, data).is_err() {
        return;
    }
    if let Ok(log) = Log::open(&path) {
        let _ = log.state().players.len();
    }
    let _ = verify(&path);
    let _ = repair(&path, chrono::Utc::now());
});
