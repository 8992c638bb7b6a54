//! OS users, groups and directories for the install-mode tests (forgery, SSH). These tests
//! need root (they ask `need::need` first): CI runs as root (`.ci/run`).
//! Everything made here is removed by `Sandbox`'s `Drop`, also when a test fails.
#![allow(dead_code)]
// `Sandbox` methods read as actions in the sandbox even where they need none of its state.
#![allow(clippy::unused_self)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub use super::bin::bin;

pub fn sh(cmd: &mut Command) -> Output {
    cmd.stdin(Stdio::null()).output().expect("the command runs")
}

pub fn must(cmd: &mut Command) -> String {
    let out = sh(cmd);
    assert!(
        out.status.success(),
        "{cmd:?} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A temporary directory (mode 0755, owned by root) with OS users and groups that live as
/// long as it does.
pub struct Sandbox {
    pub dir: PathBuf,
    users: Vec<String>,
    groups: Vec<String>,
    /// Processes to kill and reap on drop (sshd).
    pub children: Vec<std::process::Child>,
    pub tmux_sockets: Vec<PathBuf>,
}

impl Sandbox {
    pub fn new(tag: &str) -> Sandbox {
        let dir = PathBuf::from(format!("/tmp/bianpai-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("sandbox dir");
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        Sandbox {
            dir,
            users: Vec::new(),
            groups: Vec::new(),
            children: Vec::new(),
            tmux_sockets: Vec::new(),
        }
    }

    /// A directory inside the sandbox, mode 0755.
    pub fn subdir(&self, name: &str) -> PathBuf {
        let d = self.dir.join(name);
        std::fs::create_dir_all(&d).expect("mkdir");
        std::fs::set_permissions(&d, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        d
    }

    /// A unique name for a user or group made by this test run.
    pub fn name(&self, what: &str) -> String {
        format!("bp{what}{}", std::process::id() % 1_000_000)
    }

    /// Adds an OS user with a home inside the sandbox and `/bin/sh` as shell.
    pub fn user(&mut self, what: &str) -> String {
        let name = self.name(what);
        let home = self.dir.join("home").join(&name);
        std::fs::create_dir_all(self.dir.join("home")).expect("homes");
        std::fs::set_permissions(
            self.dir.join("home"),
            std::fs::Permissions::from_mode(0o755),
        )
        .expect("chmod");
        let _ = sh(Command::new("userdel").arg(&name));
        must(Command::new("useradd").args([
            "-m",
            "-N",
            "-s",
            "/bin/sh",
            "-d",
            &home.to_string_lossy(),
            &name,
        ]));
        self.users.push(name.clone());
        name
    }

    /// Remembers a group to delete (made by `bianpai install`).
    pub fn group(&mut self, name: &str) {
        self.groups.push(name.to_string());
    }

    /// Runs `args` as `user` (runuser, no login shell), with `envs` set.
    pub fn as_user(&self, user: &str, args: &[&str], envs: &[(&str, &str)]) -> Output {
        let mut c = Command::new("runuser");
        c.args(["-u", user, "--"]).args(args);
        for (k, v) in envs {
            c.env(k, v);
        }
        sh(&mut c)
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        for s in &self.tmux_sockets {
            let _ = Command::new("tmux")
                .arg("-S")
                .arg(s)
                .arg("kill-server")
                .output();
        }
        for child in &mut self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        for u in &self.users {
            let _ = Command::new("userdel").args(["-f", u]).output();
        }
        for g in &self.groups {
            let _ = Command::new("groupdel").arg(g).output();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The bytes of a file.
pub fn read(p: &Path) -> Vec<u8> {
    std::fs::read(p).expect("read")
}
