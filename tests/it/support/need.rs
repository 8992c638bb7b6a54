//! Tests that need root or a tool the machine may lack (tmux, Chromium, sshd, GNU time, flock)
//! ask [`need`] first. When it is missing the test says so in one line on the terminal (written
//! past the test harness's capture, so it shows even when the test passes) and returns; with
//! `BIANPAI_REQUIRE_TOOLS=1` (set by `.ci/run`) a missing tool fails the test instead, so CI
//! never passes by skipping. See docs/ci.md.

use std::io::Write;
use std::path::Path;

/// What a test may need beyond the crate.
#[derive(Clone, Copy, Debug)]
pub enum Tool {
    /// Root: creates OS users and groups, installs a setgid binary.
    Root,
    /// tmux, to drive the real binary in a real terminal.
    Tmux,
    /// Debian's headless Chromium (and the CJK font it lays the pages out with).
    Chromium,
    /// `openssh-server` and the `ssh` client, for a real SSH hop.
    Sshd,
    /// GNU time (`/usr/bin/time`), to read a process's peak memory.
    GnuTime,
    /// util-linux's `flock`, to hold the log's lock from another process.
    Flock,
}

impl Tool {
    fn present(self) -> bool {
        match self {
            Tool::Root => is_root(),
            Tool::Tmux => on_path("tmux"),
            Tool::Chromium => on_path("chromium"),
            Tool::Sshd => Path::new("/usr/sbin/sshd").exists() && on_path("ssh"),
            Tool::GnuTime => Path::new("/usr/bin/time").exists(),
            Tool::Flock => on_path("flock"),
        }
    }

    fn how(self) -> &'static str {
        match self {
            Tool::Root => "root (run as root, as .ci/run does)",
            Tool::Tmux => "tmux (apt-get install tmux)",
            Tool::Chromium => "chromium (apt-get install chromium fonts-noto-cjk)",
            Tool::Sshd => "sshd and ssh (apt-get install openssh-server openssh-client)",
            Tool::GnuTime => "GNU time (apt-get install time)",
            Tool::Flock => "flock (apt-get install util-linux)",
        }
    }
}

/// Whether `test` can run: true when every tool is there. Otherwise one visible line names
/// what is missing and the caller returns; under `BIANPAI_REQUIRE_TOOLS=1` it panics instead.
pub fn need(test: &str, tools: &[Tool]) -> bool {
    let missing: Vec<&str> = tools
        .iter()
        .filter(|t| !t.present())
        .map(|t| t.how())
        .collect();
    if missing.is_empty() {
        return true;
    }
    let line = format!("skipped {test}: needs {}", missing.join(", "));
    assert!(
        std::env::var_os("BIANPAI_REQUIRE_TOOLS").is_none_or(|v| v != "1"),
        "{line} (BIANPAI_REQUIRE_TOOLS=1)"
    );
    let _ = writeln!(std::io::stderr().lock(), "{line}");
    false
}

fn on_path(name: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(name).is_file()))
}

fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .and_then(|l| l.split_whitespace().nth(2).map(str::to_string))
        })
        .is_some_and(|uid| uid == "0")
}
