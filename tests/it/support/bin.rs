//! The one way the tests run the `bianpai` binary: [`run`] gives its output, [`ok`] insists on
//! success and returns standard output, [`refused`] insists on a clean refusal.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_bianpai");

/// The binary under test, as a path.
pub fn bin() -> PathBuf {
    PathBuf::from(BIN)
}

/// A `Command` for the binary with these arguments and no standard input.
pub fn command<S: AsRef<OsStr>>(args: &[S]) -> Command {
    let mut c = Command::new(BIN);
    c.args(args).stdin(Stdio::null());
    c
}

/// Runs the binary with these arguments and no standard input.
pub fn run<S: AsRef<OsStr>>(args: &[S]) -> Output {
    command(args).output().expect("the bianpai binary runs")
}

/// Runs the binary, insists on success and returns standard output.
pub fn ok<S: AsRef<OsStr>>(args: &[S]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "bianpai {:?} failed: {}",
        args.iter()
            .map(|a| a.as_ref().to_owned())
            .collect::<Vec<_>>(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs the binary, insists on success and returns standard output as bytes (xlsx, gzip …).
pub fn ok_bytes<S: AsRef<OsStr>>(args: &[S]) -> Vec<u8> {
    let out = run(args);
    assert!(
        out.status.success(),
        "bianpai {:?} failed: {}",
        args.iter()
            .map(|a| a.as_ref().to_owned())
            .collect::<Vec<_>>(),
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// `simulate` into `log` with `source` (`--preset P` or `--rules FILE`), `players` players and
/// `seed`: to the end, or `rounds` rounds played when given.
pub fn simulate_with(log: &Path, source: &[&str], players: u32, rounds: Option<u32>, seed: u32) {
    let (players, seed) = (players.to_string(), seed.to_string());
    let mut args = vec!["simulate"];
    args.extend_from_slice(source);
    args.extend(["--players", &players]);
    let played = rounds.map(|r| r.to_string());
    if let Some(r) = &played {
        args.extend(["--rounds-played", r]);
    }
    args.extend(["--seed", &seed, "--out", log.to_str().unwrap()]);
    ok(&args);
}
