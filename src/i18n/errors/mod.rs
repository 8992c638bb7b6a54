//! The catalog of errors from below the command line: the log (damage, locks, permissions,
//! `verify` and `repair`: `log.rs`), rules files, entry files (`import.rs`, their rows in
//! `row.rs`), registration refusals, team faults and the hard-rule breaks of a hand-made
//! pairing. Chinese and English side by side; where a type's `Display` carries the same
//! English (scripts and records read it), a test holds the two equal. Only the operating
//! system's and the parsers' own words come as they are, in English.

mod breaks;
mod entries;
mod import;
mod log;
mod row;
mod rules;
mod team;
mod trf;

use crate::domain::rules::Lang;

pub use breaks::rule_break;
pub use entries::registration;
pub use import::{import, note};
pub use log::{damage, damage_warning, decode, log};
pub use row::{row, value};
pub use rules::{ron, rules};
pub use team::team_fault;
pub use trf::{trf, trf_kind};

/// An operating-system error on a file, in words. The OS's own text is English: the Chinese
/// names the error's kind instead. A file too large and a file that is no regular file are
/// the program's own refusals, worded here in both languages.
pub fn io(e: &std::io::Error, lang: Lang) -> String {
    if let Some(limit) = crate::platform::TooLarge::of(e) {
        let mb = limit.megabytes();
        return words!(
            lang,
            format!("文件太大 (超过 {mb} MB 上限)"),
            format!("larger than {mb} MB")
        );
    }
    if crate::platform::is_not_regular(e) {
        return words!(
            lang,
            "不是普通文件 (设备、管道、套接字或目录不能读取)",
            "not a regular file (a device, a pipe, a socket or a directory)"
        )
        .into();
    }
    words!(lang, os_kind(e), e.to_string())
}

/// The kind of an operating-system error in Chinese (the OS's text has none).
fn os_kind(e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    let what = match e.kind() {
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

/// A terminal that fails (no terminal, a closed pseudo-terminal) when the console starts or
/// draws.
pub fn terminal(e: &std::io::Error, lang: Lang) -> String {
    format!("{}: {}", words!(lang, "终端", "terminal"), io(e, lang))
}

/// Why the phones may not reach the address the signing slips' QR codes carry
/// (docs/self-report.md): no room page is running, or it listens on this machine only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomWarning {
    /// No running `serve` was found and no `--url` given: no QR code is printed.
    NotRunning,
    /// The address is loopback (`serve` on its default 127.0.0.1): phones cannot open it.
    Loopback { url: String },
}

/// The one-line warning `export --what slips` and `--what scoresheets` print on standard error.
pub fn room_warning(w: &RoomWarning, lang: Lang) -> String {
    match w {
        RoomWarning::NotRunning => words!(
            lang,
            "签认条未印二维码: 房间页面未运行; 请先运行 bianpai serve 日志 --bind 0.0.0.0:8080, 或用 --url 地址 指明房间页面",
            "the signing slips carry no QR codes: no room page is running; start bianpai serve LOG --bind 0.0.0.0:8080 first, or give its address with --url"
        )
        .to_string(),
        RoomWarning::Loopback { url } => words!(
            lang,
            format!(
                "签认地址 {url} 是本机地址, 棋手手机打不开: 请用 bianpai serve 日志 --bind 0.0.0.0:8080 运行房间页面, 或用 --url 地址 指明大厅网络中的地址"
            ),
            format!(
                "the report address {url} is this machine's own (loopback): players' phones cannot open it; run bianpai serve LOG --bind 0.0.0.0:8080, or give the hall's address with --url"
            )
        ),
    }
}

/// The same warning, short, as printed on each signing slip.
pub fn room_warning_short(w: &RoomWarning, lang: Lang) -> String {
    match w {
        RoomWarning::NotRunning => words!(
            lang,
            "⚠ 房间页面未运行, 未印二维码 (serve --bind 0.0.0.0:8080 或 --url)",
            "⚠ no room page running, no QR code (serve --bind 0.0.0.0:8080 or --url)"
        ),
        RoomWarning::Loopback { .. } => words!(
            lang,
            "⚠ 本机地址, 手机打不开 (serve --bind 0.0.0.0:8080 或 --url)",
            "⚠ this machine's own address, phones cannot open it (serve --bind 0.0.0.0:8080 or --url)"
        ),
    }
    .to_string()
}

/// Said once when an export holding the players' codes or the desk's private columns is
/// written readable by its owner only (docs/trust.md).
pub fn owner_only(file: &str, lang: Lang) -> String {
    words!(
        lang,
        format!("{file} 含签认码/私密栏目, 已设为仅本人可读 (0600)"),
        format!(
            "{file} holds players' codes or private columns: readable by its owner only (0600)"
        )
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn io_errors_have_chinese_words() {
        let e = std::io::Error::from(std::io::ErrorKind::NotFound);
        assert_eq!(io(&e, Lang::Zh), "文件不存在");
        let e = std::io::Error::from_raw_os_error(5);
        assert!(io(&e, Lang::Zh).contains("系统错误 5"));
    }

    /// The program's own io refusals read in English as the error carries them; any other
    /// error in the OS's words.
    #[test]
    fn io_errors_in_english_are_the_errors_own_words() {
        let dir = std::env::temp_dir();
        for e in [
            crate::platform::not_regular(),
            crate::platform::read_regular(&dir, 10).unwrap_err(),
            std::io::Error::from_raw_os_error(13),
            std::io::Error::from(std::io::ErrorKind::NotFound),
        ] {
            assert_eq!(io(&e, Lang::En), e.to_string(), "{e:?}");
        }
        let path = dir.join(format!("bianpai-io-words-{}", std::process::id()));
        std::fs::write(&path, [0u8; 64]).unwrap();
        let e = crate::platform::read_regular(&path, 10).unwrap_err();
        let _ = std::fs::remove_file(&path);
        assert!(crate::platform::TooLarge::of(&e).is_some(), "{e:?}");
        assert_eq!(io(&e, Lang::En), e.to_string());
        assert_eq!(io(&e, Lang::Zh), "文件太大 (超过 1 MB 上限)");
    }
}
