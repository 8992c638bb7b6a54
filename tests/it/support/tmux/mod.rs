//! A private tmux server for the end-to-end tests that drive the real binary in a real
//! terminal (`send-keys` / `capture-pane`), shared by `console_e2e.rs` and
//! `reliability_console_tmux.rs`.
#![allow(dead_code)]

use std::process::Command;
use std::time::{Duration, Instant};

/// A private tmux server, killed when dropped.
pub struct Tmux {
    socket: String,
}

impl Tmux {
    pub fn new(tag: &str) -> Tmux {
        Tmux {
            socket: format!("bianpai-e2e-{tag}-{}", std::process::id()),
        }
    }

    pub fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux is installed");
        assert!(
            out.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub fn session(&self, name: &str) {
        self.run(&[
            "new-session",
            "-d",
            "-s",
            name,
            "-x",
            "160",
            "-y",
            "48",
            "env",
            "LANG=C.UTF-8",
            "TERM=xterm-256color",
            "sh",
        ]);
    }

    pub fn keys(&self, name: &str, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", name];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    pub fn pane(&self, name: &str) -> String {
        self.run(&["capture-pane", "-p", "-t", name])
    }

    /// Waits until the pane shows `text`; returns how long it took.
    pub fn wait_for(&self, name: &str, text: &str, limit: Duration) -> Duration {
        let start = Instant::now();
        loop {
            if self.pane(name).contains(text) {
                return start.elapsed();
            }
            assert!(
                start.elapsed() < limit,
                "pane {name} never showed {text:?}:\n{}",
                self.pane(name)
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}
