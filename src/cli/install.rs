//! `bianpai install LOG [--group G] [--bin PATH]`: sets up the install mode that
//! `log::privilege` describes. As root:
//!
//! 1. checks the log: intact, with a `roles` map (without one every user holds every role and
//!    the mode would protect nothing), in a directory whose every ancestor belongs to root and
//!    cannot be written by others (else a user could put another file in the log's place);
//! 2. creates the writer group if it does not exist (`groupadd --system`), and refuses a group
//!    that anyone belongs to (a member could write the log directly);
//! 3. gives the log to root and the group, mode 0660, and makes the state directory
//!    `.bianpai/` beside it, root and the group, mode 2770 (the snapshot and the lock
//!    holder's note live there, out of every user's reach; see `log::trust`); a snapshot left
//!    beside the log by the plain mode is removed;
//! 4. installs this binary at `--bin`, owned by root and the group, mode 2755 (setgid), by
//!    copying it next to the target and renaming it into place.
//!
//! Everything else stays as it was; run it again after an update of the binary.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use super::{CliError, CliResult, fail, fail_msg, msg};
use crate::i18n::cli::{InstallMsg, Msg};
use crate::log::Log;

/// Fails with `install`'s message.
fn refuse<T>(m: InstallMsg) -> Result<T, CliError> {
    fail(&Msg::Install(m))
}

/// `install`'s message as the error of the command.
fn refusal(m: InstallMsg) -> CliError {
    fail_msg(&Msg::Install(m))
}

/// `install`'s message in the output language.
fn words(m: InstallMsg) -> String {
    msg(&Msg::Install(m))
}

fn io(what: &Path) -> impl Fn(std::io::Error) -> CliError + '_ {
    move |e| {
        refusal(InstallMsg::Io {
            path: what.display().to_string(),
            why: crate::i18n::errors::io(&e, super::out_lang()),
        })
    }
}

/// A group from `/etc/group`: its gid and its member list.
fn group(name: &str) -> Option<(u32, Vec<String>)> {
    let text = std::fs::read_to_string("/etc/group").ok()?;
    text.lines().find_map(|l| {
        let mut f = l.split(':');
        (f.next()? == name).then_some(())?;
        let _pw = f.next()?;
        let gid = f.next()?.parse().ok()?;
        let members = f
            .next()
            .unwrap_or("")
            .split(',')
            .filter(|m| !m.trim().is_empty())
            .map(str::to_string)
            .collect();
        Some((gid, members))
    })
}

/// Users whose primary group is `gid`.
fn primary_members(gid: u32) -> Vec<String> {
    let text = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    text.lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            (f.get(3)?.parse::<u32>().ok()? == gid).then(|| f[0].to_string())
        })
        .collect()
}

/// Every directory from `dir` up to `/` must belong to root and not be writable by group or
/// others (a sticky directory such as `/tmp` is fine: nobody can rename root's entries).
fn check_dirs(dir: &Path) -> CliResult {
    let mut at = Some(dir);
    while let Some(d) = at {
        let m = std::fs::metadata(d).map_err(io(d))?;
        let (uid, _, mode) = crate::platform::owner(&m).unwrap_or((u32::MAX, 0, 0));
        if uid != 0 {
            return refuse(InstallMsg::DirOwner {
                dir: d.display().to_string(),
                uid,
            });
        }
        if mode & 0o022 != 0 && mode & 0o1000 == 0 {
            return refuse(InstallMsg::DirWritable {
                dir: d.display().to_string(),
                mode: mode & 0o7777,
            });
        }
        at = d.parent();
    }
    Ok(())
}

/// A system group name: what `groupadd` accepts, no more.
fn valid_group(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c == '_')
        && name.len() <= 32
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
}

pub fn run(log: &Path, group_name: &str, bin: &Path) -> CliResult {
    if !crate::platform::INSTALL_MODE {
        // Said in the event's language when the log names one.
        if let Ok(opened) = Log::open(log) {
            super::set_event(&opened.state().rules);
        }
        return refuse(InstallMsg::Unix);
    }
    if !crate::platform::is_root() {
        return refuse(InstallMsg::NotRoot);
    }
    if !valid_group(group_name) {
        return refuse(InstallMsg::BadGroup(group_name.to_string()));
    }
    let log = std::fs::canonicalize(log).map_err(io(log))?;
    let opened = Log::open(&log)?;
    super::set_event(&opened.state().rules);
    if let Some(d) = opened.damage() {
        return refuse(InstallMsg::Damaged {
            log: log.display().to_string(),
            damage: d.to_string(),
        });
    }
    if opened.state().rules.roles.is_empty() {
        return refuse(InstallMsg::NoRoles(log.display().to_string()));
    }
    let log_dir = log.parent().unwrap_or(Path::new("/"));
    check_dirs(log_dir)?;
    let bin = if bin.is_absolute() {
        bin.to_path_buf()
    } else {
        std::env::current_dir().map_err(io(bin))?.join(bin)
    };
    let (Some(bin_dir), Some(bin_name)) = (bin.parent(), bin.file_name()) else {
        return refuse(InstallMsg::NotFile(bin.display().to_string()));
    };
    check_dirs(bin_dir)?;

    let gid = group_without_members(group_name)?;
    share_log(&log, log_dir, gid)?;
    place_binary(&bin, bin_dir, bin_name, gid)?;
    say_installed(&opened, &log, &bin, group_name);
    Ok(())
}

/// The install group's id, the group added (`groupadd --system`) when it does not exist; a
/// group with members is refused (a member would hold every role).
fn group_without_members(group_name: &str) -> Result<u32, CliError> {
    if group(group_name).is_none() {
        let out = std::process::Command::new("groupadd")
            .args(["--system", group_name])
            .output()
            .map_err(|e| {
                refusal(InstallMsg::Groupadd {
                    group: group_name.to_string(),
                    why: crate::i18n::errors::io(&e, super::out_lang()),
                })
            })?;
        if !out.status.success() {
            return refuse(InstallMsg::Groupadd {
                group: group_name.to_string(),
                why: String::from_utf8_lossy(&out.stderr).trim().to_string(),
            });
        }
    }
    let Some((gid, members)) = group(group_name) else {
        return refuse(InstallMsg::GroupMissing(group_name.to_string()));
    };
    let mut members = members;
    members.extend(primary_members(gid));
    if !members.is_empty() {
        return refuse(InstallMsg::Members {
            group: group_name.to_string(),
            members: members.join(", "),
        });
    }
    Ok(gid)
}

/// The log and its state folder owned by root and the group (the log 0660, the folder setgid
/// 0770); a snapshot beside the log from before the install is removed.
fn share_log(log: &Path, log_dir: &Path, gid: u32) -> CliResult {
    crate::platform::chown_mode(log, 0, gid, 0o660).map_err(io(log))?;
    let state = log_dir.join(crate::log::trust::STATE_DIR);
    match std::fs::symlink_metadata(&state) {
        Ok(m) if m.file_type().is_dir() => {}
        Ok(_) => std::fs::remove_file(&state).map_err(io(&state))?,
        Err(_) => {}
    }
    if !state.is_dir() {
        std::fs::create_dir(&state).map_err(io(&state))?;
    }
    crate::platform::chown_mode(&state, 0, gid, 0o2770).map_err(io(&state))?;
    let mut beside = log.as_os_str().to_owned();
    beside.push(".snapshot");
    let _ = std::fs::remove_file(PathBuf::from(beside));
    Ok(())
}

/// This binary copied beside `bin` and renamed over it, setgid to the group.
fn place_binary(bin: &Path, bin_dir: &Path, bin_name: &std::ffi::OsStr, gid: u32) -> CliResult {
    let exe = std::env::current_exe().map_err(io(Path::new("/proc/self/exe")))?;
    let tmp: PathBuf = bin_dir.join(format!(
        ".{}.install-{}",
        bin_name.to_string_lossy(),
        std::process::id()
    ));
    let placed = (|| -> std::io::Result<()> {
        std::fs::copy(&exe, &tmp)?;
        // chown first: changing the owner clears the setgid bit.
        crate::platform::chown_mode(&tmp, 0, gid, 0o2755)?;
        std::fs::File::open(&tmp)?.sync_all()?;
        std::fs::rename(&tmp, bin)
    })();
    if let Err(e) = placed {
        let _ = std::fs::remove_file(&tmp);
        return Err(io(bin)(e));
    }
    Ok(())
}

/// What `install` says: the log, the binary, the group and each user's roles.
fn say_installed(opened: &Log, log: &Path, bin: &Path, group_name: &str) {
    let users: Vec<String> = opened
        .state()
        .rules
        .roles
        .iter()
        .map(|(u, r)| {
            let roles: Vec<&str> = r
                .iter()
                .map(|r| crate::i18n::role(*r, super::out_lang()))
                .collect();
            format!("{u} ({})", roles.join(", "))
        })
        .collect();
    let mut out = std::io::stdout().lock();
    let _ = writeln!(
        out,
        "{}",
        words(InstallMsg::Installed {
            log: crate::domain::text::escape(&log.display().to_string()).into_owned(),
            bin: crate::domain::text::escape(&bin.display().to_string()).into_owned(),
            group: group_name.to_string(),
            roles: crate::domain::text::escape(&users.join("; ")).into_owned(),
        })
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_names_are_plain() {
        for ok in ["bianpai", "_bp", "bp-writers", "g1"] {
            assert!(valid_group(ok), "{ok}");
        }
        for bad in ["", "Root", "a b", "-x", "x;rm", &"a".repeat(33)] {
            assert!(!valid_group(bad), "{bad}");
        }
    }
}
