//! The log's errors in words: why a line could not be read, where and how a log is damaged,
//! why an open, read or append failed. The English is also the log types' `Display` (held
//! equal by the tests below).

use super::io;
use super::rules::ron_in;
use crate::domain::rules::Lang;
use crate::domain::zone::EventZone;
use crate::log::record::DecodeError;
use crate::log::{Damage, Log, LogError};

/// Why a log line could not be read.
pub fn decode(e: &DecodeError, lang: Lang) -> String {
    match e {
        DecodeError::NoHash => words!(
            lang,
            "行尾没有 hash 字段",
            "the line does not end with a hash field"
        )
        .into(),
        DecodeError::BadHash => words!(
            lang,
            "hash 与该行内容不符 (该行被改动过)",
            "the hash does not match the line (edited)"
        )
        .into(),
        DecodeError::Syntax { column, code } => {
            let code = ron_in(code, lang, false);
            words!(
                lang,
                format!("无法读取记录: 第{column}列: {code}"),
                format!("cannot read the record: column {column}: {code}")
            )
        }
        DecodeError::Version(v) => words!(
            lang,
            format!("格式版本 {v} 比本程序所识别的更新"),
            format!("format version {v} is newer than this program understands")
        ),
        DecodeError::BatchCount { more, before } => words!(
            lang,
            format!("无法读取记录: 本次写入的记录计数 (more) 在 {before} 之后为 {more}, 不连续"),
            format!("cannot read the record: the append's record count runs {more} after {before}")
        ),
        DecodeError::SecondCreated => words!(
            lang,
            "无法读取记录: 出现第二条创建比赛的记录",
            "cannot read the record: a second tournament record"
        )
        .into(),
        DecodeError::WrittenOnto => words!(
            lang,
            "无法读取记录: 另一条记录被写到了这一行的末尾",
            "cannot read the record: another record was written onto the end of this line"
        )
        .into(),
        DecodeError::TooLong { max_mb } => words!(
            lang,
            format!("该行超过{max_mb} MB, 比任何记录都长 (不再往下读)"),
            format!("the line is longer than {max_mb} MB, longer than any record")
        ),
    }
}

/// Where and how a log is damaged.
pub fn damage(d: &Damage, lang: Lang) -> String {
    match d {
        Damage::Torn { line, from } => {
            let cause = if line == from {
                words!(
                    lang,
                    "一次写入在行中途中断",
                    "an append was interrupted mid-line"
                )
                .to_string()
            } else {
                words!(
                    lang,
                    format!("从第{from}行开始的一次写入在最后一条记录前中断"),
                    format!(
                        "the append that begins at line {from} was interrupted before its last record"
                    )
                )
            };
            words!(
                lang,
                format!("第{line}行: 尾部残缺 ({cause}); 请运行 bianpai repair"),
                format!("line {line}: torn tail ({cause}); run `bianpai repair`")
            )
        }
        Damage::Bad { line, error } => {
            let error = decode(error, lang);
            words!(
                lang,
                format!("第{line}行: {error}"),
                format!("line {line}: {error}")
            )
        }
        Damage::Sequence {
            line,
            expected,
            found,
        } => words!(
            lang,
            format!(
                "第{line}行: 序号 (seq) 为 {found}, 应为 {expected} (有记录被删除、插入或移动)"
            ),
            format!(
                "line {line}: sequence number {found}, expected {expected} (a record was deleted, inserted or moved)"
            )
        ),
        Damage::Chain { line } => words!(
            lang,
            format!("第{line}行: 哈希链断开 (上一条记录被改动、删除或移动)"),
            format!(
                "line {line}: hash chain broken (the previous record was edited, deleted or moved)"
            )
        ),
        Damage::NotCreated => words!(
            lang,
            "第1行: 第一条记录必须是创建比赛",
            "line 1: the first record must create the tournament"
        )
        .into(),
        Damage::Encoding { line } => words!(
            lang,
            format!("第{line}行: 不是有效的 UTF-8 文本"),
            format!("line {line}: not valid UTF-8")
        ),
        Damage::Shrunk { line } => words!(
            lang,
            format!("第{line}行: 日志在打开期间被截短 (已读取的记录不见了)"),
            format!(
                "line {line}: the log was cut short while open (records already read are gone)"
            )
        ),
    }
}

/// A log error; refusals through the refusal catalog, times in `zone` (the English gives a
/// lock holder's time in UTC, as it always has).
pub fn log(e: &LogError, lang: Lang, zone: EventZone) -> String {
    match e {
        LogError::Refused(r) => super::super::refusal(r, lang, zone),
        LogError::Io { path, source } => format!("{path}: {}", io(source, lang)),
        LogError::Exists { path } => words!(
            lang,
            format!("{path}: 已存在, 不会覆盖"),
            format!("{path}: already exists; refusing to overwrite it")
        ),
        LogError::Damaged { path, damage: d } => {
            let d = damage(d, lang);
            words!(
                lang,
                format!("{path}: 损坏于{d}; 未写入任何内容"),
                format!("{path}: damaged at {d}; nothing was written")
            )
        }
        LogError::Empty { path } => words!(
            lang,
            format!("{path}: 空日志 (没有比赛)"),
            format!("{path}: empty log (no tournament)")
        ),
        LogError::Shortened { path, damage: d } => {
            let d = damage(d, lang);
            words!(
                lang,
                format!(
                    "{path}: 损坏于{d}; 其后的记录都无法读取, 比赛会显得比实际短 (见 bianpai verify; 加 --allow-damaged 仍可查看)"
                ),
                format!(
                    "{path}: damaged at {d}; nothing after it can be read, so the tournament would look shorter than it is (see `bianpai verify`; --allow-damaged shows it anyway)"
                )
            )
        }
        LogError::Cancelled { path } => words!(
            lang,
            format!("{path}: 等待文件锁时放弃; 未写入任何内容"),
            format!("{path}: gave up waiting for the lock; nothing was written")
        ),
        LogError::ReadOnly { path } => words!(
            lang,
            format!("{path}: 当前用户对此日志只读; 未写入任何内容"),
            format!("{path}: the log is read-only for this user; nothing was written")
        ),
        // sec
        LogError::NoRole { path, user } => words!(
            lang,
            format!("{path}: 用户 {user} 在本赛事中没有角色 (规则 roles); 未加锁, 未写入任何内容"),
            format!(
                "{path}: user {user} holds no role in this event (rules: roles); nothing was written"
            )
        ),
        LogError::LockHeld { path, holder } => {
            let waited = crate::log::LOCK_WAIT.as_secs();
            match holder {
                Some(h) => {
                    let (user, pid) = (&h.user, h.pid);
                    let local = |t| zone.format(t, "%Y-%m-%d %H:%M:%S");
                    let utc = |t: chrono::DateTime<chrono::Utc>| {
                        t.format("%Y-%m-%d %H:%M:%S UTC").to_string()
                    };
                    let since = match (h.since, h.since_start) {
                        (Some(t), false) => {
                            words!(
                                lang,
                                format!("自 {} 起", local(t)),
                                format!("since {}", utc(t))
                            )
                        }
                        (Some(t), true) => words!(
                            lang,
                            format!("该进程启动于 {}", local(t)),
                            format!("running since {}", utc(t))
                        ),
                        (None, _) => words!(lang, "起始时间不明", "since an unknown time").into(),
                    };
                    words!(
                        lang,
                        format!(
                            "{path}: 写锁被用户 {user} 占用 (进程 {pid}, {since}); 等待 {waited} 秒后放弃, 未写入任何内容 (该用户或 root 可结束它: kill {pid})"
                        ),
                        format!(
                            "{path}: the lock is held by user {user} (pid {pid}, {since}); gave up after {waited} s (the holder or root can end it: kill {pid}); nothing was written"
                        )
                    )
                }
                None => words!(
                    lang,
                    format!("{path}: 写锁被另一进程占用; 等待 {waited} 秒后放弃, 未写入任何内容"),
                    format!(
                        "{path}: another process holds the lock; gave up after {waited} s; nothing was written"
                    )
                ),
            }
        }
        LogError::Replaced { path } => words!(
            lang,
            format!(
                "{path}: 日志文件在打开期间被另一个文件替换; 已从该路径上的新文件重新读取, 其间的操作未记入日志 (请核对后重做)"
            ),
            format!(
                "{path}: the log was replaced by another file while open; it has been read again from the file now at this path, and a command given meanwhile was not recorded (check and repeat)"
            )
        ),
        LogError::Unfinished {
            path,
            line,
            no_lock,
        } => {
            let why = if *no_lock {
                words!(
                    lang,
                    "当前用户不能取得日志的锁来判定",
                    "this user may not take the log's lock to settle it"
                )
            } else {
                words!(
                    lang,
                    "日志的锁一直被占用, 无法判定",
                    "the lock was not free to settle it"
                )
            };
            words!(
                lang,
                format!(
                    "{path}: 第{line}行不完整 (正在写入, 或写入中断留下的残尾); {why}, 这份日志没有核验通过 (稍后再运行 verify, 或由裁判长运行 repair)"
                ),
                format!(
                    "{path}: line {line} is unfinished (a write in progress or a torn tail); {why} (run verify again, or the head arbiter runs repair)"
                )
            )
        }
        LogError::RepairRefused { path } => words!(
            lang,
            format!(
                "{path}: 安装模式下的日志只能由 root 或主裁修复, 残尾存入其状态目录 (.bianpai); 未作任何改动"
            ),
            format!(
                "{path}: an installed log is repaired only by root or the head arbiter, into its state directory (.bianpai); nothing was changed"
            )
        ),
    }
}

/// The warning a reader prints before showing a damaged log (`--allow-damaged`).
pub fn damage_warning(log: &Log, lang: Lang) -> Option<String> {
    log.damage().map(|d| {
        let (path, line, d) = (log.path().display(), d.line(), damage(d, lang));
        words!(
            lang,
            format!("警告: {path}: 损坏于{d}; 只显示第{line}行之前的记录"),
            format!(
                "warning: {path}: damaged at {d}; only the records before line {line} are shown"
            )
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

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

    fn decodes() -> Vec<DecodeError> {
        vec![
            DecodeError::NoHash,
            DecodeError::BadHash,
            DecodeError::Syntax {
                column: 7,
                code: ron::Error::ExpectedComma,
            },
            DecodeError::Version(9),
            DecodeError::BatchCount { more: 3, before: 5 },
            DecodeError::SecondCreated,
            DecodeError::WrittenOnto,
            DecodeError::TooLong { max_mb: 4 },
        ]
    }

    fn damages() -> Vec<Damage> {
        let mut all = vec![
            Damage::Torn { line: 4, from: 4 },
            Damage::Torn { line: 5, from: 3 },
            Damage::Sequence {
                line: 3,
                expected: 3,
                found: 5,
            },
            Damage::Chain { line: 7 },
            Damage::NotCreated,
            Damage::Encoding { line: 2 },
            Damage::Shrunk { line: 9 },
        ];
        all.extend(
            decodes()
                .into_iter()
                .map(|error| Damage::Bad { line: 3, error }),
        );
        all
    }

    /// The log's types keep an English `Display` (for `?`, traces and scripts): the catalog's
    /// English is the same, error for error, so a person reads one text.
    #[test]
    fn the_english_is_the_log_types_own() {
        let zone = EventZone::parse("Asia/Shanghai").unwrap();
        for d in decodes() {
            assert_eq!(decode(&d, Lang::En), d.to_string(), "{d:?}");
        }
        for d in damages() {
            assert_eq!(damage(&d, Lang::En), d.to_string(), "{d:?}");
        }
        let path = || "/x/day.log".to_string();
        let at = chrono::Utc.timestamp_opt(1_700_000_000, 0).unwrap();
        let holder = |since, since_start| crate::log::Holder {
            pid: 42,
            user: "wang".into(),
            since,
            since_start,
        };
        let mut errors = vec![
            LogError::Io {
                path: path(),
                source: std::io::Error::from_raw_os_error(13),
            },
            LogError::Io {
                path: path(),
                source: crate::platform::not_regular(),
            },
            LogError::Exists { path: path() },
            LogError::Empty { path: path() },
            LogError::Cancelled { path: path() },
            LogError::ReadOnly { path: path() },
            LogError::NoRole {
                path: path(),
                user: "li".into(),
            },
            LogError::LockHeld {
                path: path(),
                holder: None,
            },
            LogError::LockHeld {
                path: path(),
                holder: Some(holder(Some(at), false)),
            },
            LogError::LockHeld {
                path: path(),
                holder: Some(holder(Some(at), true)),
            },
            LogError::LockHeld {
                path: path(),
                holder: Some(holder(None, false)),
            },
            LogError::Replaced { path: path() },
            LogError::Unfinished {
                path: path(),
                line: 4,
                no_lock: true,
            },
            LogError::Unfinished {
                path: path(),
                line: 4,
                no_lock: false,
            },
            LogError::RepairRefused { path: path() },
        ];
        for d in damages() {
            errors.push(LogError::Damaged {
                path: path(),
                damage: d.clone(),
            });
            errors.push(LogError::Shortened {
                path: path(),
                damage: d,
            });
        }
        for e in &errors {
            assert_eq!(log(e, Lang::En, zone), e.to_string(), "{e:?}");
        }
    }
}
