//! A time refused for lying too far from the machine's clock, as data; `i18n::faults` words
//! it.

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

impl TimeSkew {
    /// Whether the time given lies ahead of the machine's clock (else behind it).
    pub fn ahead(&self) -> bool {
        self.off_s > 0
    }

    /// The difference in whole hours, minutes and seconds (`8 h 0 min`, `3 min 5 s`).
    pub fn span(&self) -> (i64, i64, i64) {
        let s = self.off_s.unsigned_abs() as i64;
        (s / 3600, (s / 60) % 60, s % 60)
    }
}
