//! The catalog of errors from below the command line: the log (damage, locks,
//! permissions, `verify` and `repair`), rules files, entry-file imports, registration
//! refusals and the hard-rule breaks of a hand-made pairing. Chinese and English side by
//! side; the English texts are the types' `Display` texts (scripts and tests read them).

mod breaks;
mod entries;
mod rules;
mod team;

use crate::domain::rules::Lang;
use crate::domain::zone::EventZone;
use crate::log::record::DecodeError;
use crate::log::{Damage, Log, LogError};

pub use breaks::rule_break;
pub use entries::{import, note, registration, row, value};
use rules::ron_in;
pub use rules::{ron, rules};
pub use team::team_fault;

/// An operating-system error on a file, in words (the OS's own text is English).
pub fn io(e: &std::io::Error, lang: Lang) -> String {
    use std::io::ErrorKind as K;
    if lang == Lang::En {
        return e.to_string();
    }
    if let Some(limit) = crate::platform::TooLarge::of(e) {
        return format!("文件太大 (超过 {} MB 上限)", limit.megabytes());
    }
    let what = match e.kind() {
        _ if crate::platform::is_not_regular(e) => {
            "不是普通文件 (设备、管道、套接字或目录不能读取)"
        }
        K::NotFound => "文件不存在",
        K::PermissionDenied => "没有权限 (当前用户不能读写此文件)",
        K::AlreadyExists => "文件已存在",
        K::IsADirectory => "这是一个目录, 不是文件",
        K::NotADirectory => "路径中有一段不是目录",
        K::StorageFull => "磁盘已满",
        K::ReadOnlyFilesystem => "文件系统只读",
        K::InvalidData => "内容无效",
        K::UnexpectedEof => "文件意外结束",
        K::Interrupted => "操作被中断",
        K::FileTooLarge => "文件太大",
        K::QuotaExceeded => "磁盘配额已满",
        K::ResourceBusy => "文件正被占用",
        _ => "",
    };
    match (what, e.raw_os_error()) {
        ("", Some(code)) => format!("读写失败 (系统错误 {code})"),
        ("", None) => "读写失败".to_string(),
        (w, _) => w.to_string(),
    }
}

/// Why a log line could not be read.
pub fn decode(e: &DecodeError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        DecodeError::NoHash => "行尾没有 hash 字段".into(),
        DecodeError::BadHash => "hash 与该行内容不符 (该行被改动过)".into(),
        DecodeError::Syntax { column, code } => {
            format!(
                "无法读取记录: 第{column}列: {}",
                ron_in(code, Lang::Zh, false)
            )
        }
        DecodeError::Version(v) => format!("格式版本 {v} 比本程序所识别的更新"),
        DecodeError::BatchCount { more, before } => {
            format!("无法读取记录: 本次写入的记录计数 (more) 在 {before} 之后为 {more}, 不连续")
        }
        DecodeError::SecondCreated => "无法读取记录: 出现第二条创建比赛的记录".into(),
        DecodeError::WrittenOnto => "无法读取记录: 另一条记录被写到了这一行的末尾".into(),
        DecodeError::TooLong { max_mb } => {
            format!("该行超过{max_mb} MB, 比任何记录都长 (不再往下读)")
        }
    }
}

/// Where and how a log is damaged.
pub fn damage(d: &Damage, lang: Lang) -> String {
    if lang == Lang::En {
        return d.to_string();
    }
    match d {
        Damage::Torn { line, from } => {
            let cause = if line == from {
                "一次写入在行中途中断".to_string()
            } else {
                format!("从第{from}行开始的一次写入在最后一条记录前中断")
            };
            format!("第{line}行: 尾部残缺 ({cause}); 请运行 bianpai repair")
        }
        Damage::Bad { line, error } => format!("第{line}行: {}", decode(error, lang)),
        Damage::Sequence {
            line,
            expected,
            found,
        } => {
            format!("第{line}行: 序号 (seq) 为 {found}, 应为 {expected} (有记录被删除、插入或移动)")
        }
        Damage::Chain { line } => {
            format!("第{line}行: 哈希链断开 (上一条记录被改动、删除或移动)")
        }
        Damage::NotCreated => "第1行: 第一条记录必须是创建比赛".into(),
        Damage::Encoding { line } => format!("第{line}行: 不是有效的 UTF-8 文本"),
        Damage::Shrunk { line } => {
            format!("第{line}行: 日志在打开期间被截短 (已读取的记录不见了)")
        }
    }
}

/// A log error; refusals through the refusal catalog, times in `zone`.
pub fn log(e: &LogError, lang: Lang, zone: EventZone) -> String {
    if let LogError::Refused(r) = e {
        return super::refusal(r, lang, zone);
    }
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        LogError::Io { path, source } => format!("{path}: {}", io(source, lang)),
        LogError::Exists { path } => format!("{path}: 已存在, 不会覆盖"),
        LogError::Damaged { path, damage: d } => {
            format!("{path}: 损坏于{}; 未写入任何内容", damage(d, lang))
        }
        LogError::Empty { path } => format!("{path}: 空日志 (没有比赛)"),
        LogError::Shortened { path, damage: d } => format!(
            "{path}: 损坏于{}; 其后的记录都无法读取, 比赛会显得比实际短 (见 bianpai verify; 加 --allow-damaged 仍可查看)",
            damage(d, lang)
        ),
        LogError::Cancelled { path } => format!("{path}: 等待文件锁时放弃; 未写入任何内容"),
        LogError::ReadOnly { path } => format!("{path}: 当前用户对此日志只读; 未写入任何内容"),
        // sec
        LogError::NoRole { path, user } => {
            format!("{path}: 用户 {user} 在本赛事中没有角色 (规则 roles); 未加锁, 未写入任何内容")
        }
        LogError::LockHeld { path, holder } => {
            let waited = crate::log::LOCK_WAIT.as_secs();
            match holder {
                Some(h) => format!(
                    "{path}: 写锁被用户 {} 占用 (进程 {}, {}); 等待 {waited} 秒后放弃, 未写入任何内容 (该用户或 root 可结束它: kill {})",
                    h.user,
                    h.pid,
                    match (h.since, h.since_start) {
                        (Some(t), false) =>
                            format!("自 {} 起", zone.format(t, "%Y-%m-%d %H:%M:%S")),
                        (Some(t), true) => {
                            format!("该进程启动于 {}", zone.format(t, "%Y-%m-%d %H:%M:%S"))
                        }
                        (None, _) => "起始时间不明".to_string(),
                    },
                    h.pid
                ),
                None => {
                    format!("{path}: 写锁被另一进程占用; 等待 {waited} 秒后放弃, 未写入任何内容")
                }
            }
        }
        LogError::Replaced { path } => format!(
            "{path}: 日志文件在打开期间被另一个文件替换; 已从该路径上的新文件重新读取, 其间的操作未记入日志 (请核对后重做)"
        ),
        LogError::Unfinished {
            path,
            line,
            no_lock,
        } => format!(
            "{path}: 第{line}行不完整 (正在写入, 或写入中断留下的残尾); {}, 这份日志没有核验通过 (稍后再运行 verify, 或由裁判长运行 repair)",
            if *no_lock {
                "当前用户不能取得日志的锁来判定"
            } else {
                "日志的锁一直被占用, 无法判定"
            }
        ),
        LogError::RepairRefused { path } => format!(
            "{path}: 安装模式下的日志只能由 root 或主裁修复, 残尾存入其状态目录 (.bianpai); 未作任何改动"
        ),
        LogError::Refused(_) => unreachable_refusal(),
    }
}

/// `LogError::Refused` is handled first; this keeps the match total without a panic.
fn unreachable_refusal() -> String {
    String::new()
}

/// The warning a reader prints before showing a damaged log (`--allow-damaged`).
pub fn damage_warning(log: &Log, lang: Lang) -> Option<String> {
    if lang == Lang::En {
        return log.damage_warning();
    }
    log.damage().map(|d| {
        format!(
            "警告: {}: 损坏于{}; 只显示第{}行之前的记录",
            log.path().display(),
            damage(d, lang),
            d.line()
        )
    })
}

/// A terminal that fails (no terminal, a closed pseudo-terminal) when the console starts or
/// draws.
pub fn terminal(e: &std::io::Error, lang: Lang) -> String {
    let word = match lang {
        Lang::Zh => "终端",
        Lang::En => "terminal",
    };
    format!("{word}: {}", io(e, lang))
}

/// The scoresheets' codes are printed without a QR code: the room page's address is unknown.
pub fn no_room_url(lang: Lang) -> String {
    match lang {
        Lang::Zh => "记录单未印二维码: 房间页面未运行; 请先运行 bianpai serve 日志 --bind 0.0.0.0:8080, 或用 --url 地址 指明房间页面".into(),
        Lang::En => "the scoresheets carry no QR codes: no room page is running; start bianpai serve LOG --bind 0.0.0.0:8080 first, or give its address with --url".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_names_the_line_in_both_languages() {
        let d = Damage::Chain { line: 7 };
        assert!(damage(&d, Lang::Zh).starts_with("第7行"));
        assert!(damage(&d, Lang::En).starts_with("line 7"));
        let d = Damage::Bad {
            line: 3,
            error: DecodeError::BadHash,
        };
        assert!(damage(&d, Lang::Zh).contains("第3行") && damage(&d, Lang::Zh).contains("hash"));
    }

    #[test]
    fn io_errors_have_chinese_words() {
        let e = std::io::Error::from(std::io::ErrorKind::NotFound);
        assert_eq!(io(&e, Lang::Zh), "文件不存在");
        let e = std::io::Error::from_raw_os_error(5);
        assert!(io(&e, Lang::Zh).contains("系统错误 5"));
    }
}
