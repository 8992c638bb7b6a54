//! The words of `bianpai install` (docs/install.md): the checks before it hands the log to
//! the writer group, and what it did.

use crate::domain::rules::Lang;

/// A message of `install`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InstallMsg {
    NotRoot,
    BadGroup(String),
    Io {
        path: String,
        why: String,
    },
    Damaged {
        log: String,
        damage: String,
    },
    NoRoles(String),
    DirOwner {
        dir: String,
        uid: u32,
    },
    DirWritable {
        dir: String,
        mode: u32,
    },
    NotFile(String),
    Groupadd {
        group: String,
        why: String,
    },
    GroupMissing(String),
    Members {
        group: String,
        members: String,
    },
    Installed {
        log: String,
        bin: String,
        group: String,
        roles: String,
    },

    /// The install mode on a platform without it (Windows).
    Unix,
}

/// The words of `m` in `lang`.
#[allow(clippy::too_many_lines)]
pub fn text(m: &InstallMsg, lang: Lang) -> String {
    match m {
        InstallMsg::NotRoot => words!(
            lang,
            "install: 须以 root 运行 (它创建用户组, 把日志交给该组, 并安装 setgid 程序)",
            "install: run as root (it creates a group, gives the log to it and installs a setgid binary)",
        ).to_string(),
        InstallMsg::BadGroup(g) => words!(
            lang,
            format!("install: --group '{g}' 不是用户组名"),
            format!("install: --group '{g}' is not a group name"),
        ),
        InstallMsg::Io { path, why } => words!(
            lang,
            format!("install: {path}: {why}"),
            format!("install: {path}: {why}"),
        ),
        InstallMsg::Damaged { log, damage } => words!(
            lang,
            format!("install: {log}: 日志已损坏 ({damage}); 请先修复 (bianpai repair)"),
            format!("install: {log}: the log is damaged ({damage}); repair it first"),
        ),
        InstallMsg::NoRoles(log) => words!(
            lang,
            format!(
                "install: {log}: 规程没有 roles 表, 人人担任全部角色; 请用带 roles 表 (系统用户 → 角色) 的规程创建赛事"
            ),
            format!(
                "install: {log}: the rules have no roles map, so every user holds every role; create the event with a roles map (OS user → roles)"
            ),
        ),
        InstallMsg::DirOwner { dir, uid } => words!(
            lang,
            format!(
                "install: {dir} 属于 uid {uid}, 此人可以把别的文件放到日志的位置; 请用属于 root 的目录 (如 mkdir -m 755 /srv/bianpai)"
            ),
            format!(
                "install: {dir} belongs to uid {uid}, who could put another file in the log's place; use a directory owned by root (e.g. mkdir -m 755 /srv/bianpai)"
            ),
        ),
        InstallMsg::DirWritable { dir, mode } => words!(
            lang,
            format!(
                "install: {dir} 的组或其他人可写 (权限 {mode:o}), 他们可以把别的文件放到日志的位置; 请 chmod go-w"
            ),
            format!(
                "install: {dir} can be written by its group or others (mode {mode:o}), who could put another file in the log's place; chmod go-w it"
            ),
        ),
        InstallMsg::NotFile(bin) => words!(
            lang,
            format!("install: --bin {bin}: 不是文件路径"),
            format!("install: --bin {bin}: not a file path"),
        ),
        InstallMsg::Groupadd { group, why } => words!(
            lang,
            format!("install: groupadd {group}: {why}"),
            format!("install: groupadd {group}: {why}"),
        ),
        InstallMsg::GroupMissing(g) => words!(
            lang,
            format!("install: groupadd 之后仍找不到用户组 {g}"),
            format!("install: group {g} not found after groupadd"),
        ),
        InstallMsg::Members { group, members } => words!(
            lang,
            format!(
                "install: 用户组 {group} 有成员 ({members}), 他们可以直接写日志; 写入组必须没有成员"
            ),
            format!(
                "install: group {group} has members ({members}), who could write the log directly; the writer group must have none"
            ),
        ),
        InstallMsg::Installed {
            log,
            bin,
            group,
            roles,
        } => words!(
            lang,
            format!(
                "已安装: {log} 为 root:{group} 0660; {bin} 为 root:{group} 2755 (setgid)\n角色: {roles}\n用户只能通过 {bin} 写日志; 不要把任何人加入用户组 {group}"
            ),
            format!(
                "installed: {log} is root:{group} 0660; {bin} is root:{group} 2755 (setgid)\nroles: {roles}\nusers write the log only through {bin}; keep them out of the group {group}"
            ),
        ),

        InstallMsg::Unix => words!(
            lang,
            "install: 安装模式 (由操作系统强制角色) 仅限 Linux/Unix; 在 Windows 上日志为普通文件, 角色由本程序按 roles 表检查, 无需 install",
            "install: the install mode (roles enforced by the operating system) is Unix-only; on Windows the log is a plain file and the tool checks the roles map itself, no install needed",
        ).to_string(),
    }
}
