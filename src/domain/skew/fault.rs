//! A time refused for lying too far from the machine's clock, as data.

use crate::domain::lang::Lang;

/// A time refused for lying too far from the machine's clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeSkew {
    /// The time given, in the event's local time.
    pub at: String,
    /// The machine's clock, in the event's local time.
    pub now: String,
    /// How far the time given lies from the machine's clock, in seconds (positive: ahead).
    pub off_s: i64,
    /// The rules' `clock_skew_seconds`.
    pub limit_s: u32,
    /// A correction was asked for, but the time lies in the future.
    pub correction: bool,
}

/// `8 h 0 min`, `3 min 5 s`, `40 s`.
fn span(seconds: i64) -> (i64, i64, i64) {
    let s = seconds.unsigned_abs() as i64;
    (s / 3600, (s / 60) % 60, s % 60)
}

impl TimeSkew {
    /// The refusal in the event's language.
    pub fn text(&self, lang: Lang) -> String {
        let (h, m, s) = span(self.off_s);
        let ahead = self.off_s > 0;
        match lang {
            Lang::En => {
                let off = match (h, m) {
                    (0, 0) => format!("{s} s"),
                    (0, _) => format!("{m} min {s} s"),
                    _ => format!("{h} h {m} min"),
                };
                let dir = if ahead { "ahead of" } else { "behind" };
                let hint = if self.correction {
                    "a correction can only name a past time"
                } else if ahead {
                    "a clock or bridge in the wrong time zone?"
                } else {
                    "the head arbiter enters a past time with --correction REASON"
                };
                format!(
                    "time {}: {off} {dir} this machine's clock ({}), more than the {} s allowed (clock_skew_seconds); {hint}",
                    self.at, self.now, self.limit_s
                )
            }
            Lang::Zh => {
                let off = match (h, m) {
                    (0, 0) => format!("{s}秒"),
                    (0, _) => format!("{m}分{s}秒"),
                    _ => format!("{h}小时{m}分"),
                };
                let dir = if ahead { "快" } else { "慢" };
                let hint = if self.correction {
                    "更正只能填写过去的时间"
                } else if ahead {
                    "电子钟或桥接程序的时区是否设错？"
                } else {
                    "裁判长可用 --correction 理由 填写过去的时间"
                };
                format!(
                    "时间 {}：比本机时钟（{}）{dir}{off}，超过允许的{}秒（clock_skew_seconds）；{hint}",
                    self.at, self.now, self.limit_s
                )
            }
        }
    }
}
