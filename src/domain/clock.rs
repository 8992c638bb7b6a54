//! Fischer chess clocks (issue 6): base time per side plus an increment per completed move.
//! A clock is driven by events (start, press, pause/resume, an arbiter's reading) and read
//! at an injected `now`; it never reads the wall clock itself.

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::event::ClockAction;
use super::rules::TimeControl;
use super::side::{BySide, Side};

/// A board's clock as the events left it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Remaining time per side at `since` (milliseconds, never negative).
    pub remaining_ms: BySide<u64>,
    /// The side whose time is running, if any.
    pub running: Option<Side>,
    /// When `remaining_ms` was last brought up to date.
    pub since: DateTime<Utc>,
    pub increment_ms: u64,
    /// The side that was running before a pause.
    paused_side: Option<Side>,
}

/// What a clock shows at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ClockReading {
    pub red_ms: u64,
    pub black_ms: u64,
    pub running: Option<Side>,
    /// The side whose time has run out.
    pub flag: Option<Side>,
}

impl Clock {
    /// A clock started at `at` with red's time running (the round's start).
    pub fn started(tc: TimeControl, at: DateTime<Utc>) -> Clock {
        Clock {
            remaining_ms: BySide::new(
                u64::from(tc.red_base_s) * 1000,
                u64::from(tc.black_base_s) * 1000,
            ),
            running: Some(Side::Red),
            since: at,
            increment_ms: u64::from(tc.increment_s) * 1000,
            paused_side: None,
        }
    }

    fn elapsed_ms(&self, now: DateTime<Utc>) -> u64 {
        u64::try_from((now - self.since).num_milliseconds()).unwrap_or(0)
    }

    /// Brings the running side's remaining time up to `at`.
    fn settle(&mut self, at: DateTime<Utc>) {
        if let Some(side) = self.running {
            let used = self.elapsed_ms(at);
            let left = self.remaining_ms.get_mut(side);
            *left = left.saturating_sub(used);
        }
        if at > self.since {
            self.since = at;
        }
    }

    /// Applies one clock action at time `at`. Events arrive in log order; an `at` earlier than
    /// the last one counts as no time passing.
    pub fn apply(&mut self, action: &ClockAction, at: DateTime<Utc>) {
        self.settle(at);
        match action {
            ClockAction::Press(side) => {
                let flagged = *self.remaining_ms.get(*side) == 0;
                if !flagged && self.running != Some(side.other()) {
                    *self.remaining_ms.get_mut(*side) += self.increment_ms;
                }
                self.running = Some(side.other());
                self.paused_side = None;
            }
            ClockAction::Pause => {
                if self.running.is_some() {
                    self.paused_side = self.running;
                    self.running = None;
                }
            }
            ClockAction::Resume => {
                if self.running.is_none() {
                    self.running = self.paused_side.take().or(Some(Side::Red));
                }
            }
            ClockAction::Set { red_ms, black_ms } => {
                self.remaining_ms = BySide::new(*red_ms, *black_ms);
            }
        }
    }

    /// Stops the clock (the game ended).
    pub fn stop(&mut self, at: DateTime<Utc>) {
        self.settle(at);
        self.running = None;
        self.paused_side = None;
    }

    pub fn read(&self, now: DateTime<Utc>) -> ClockReading {
        let mut left = self.remaining_ms;
        if let Some(side) = self.running {
            let used = self.elapsed_ms(now);
            let l = left.get_mut(side);
            *l = l.saturating_sub(used);
        }
        let flag = Side::BOTH.into_iter().find(|s| *left.get(*s) == 0);
        ClockReading {
            red_ms: left.red,
            black_ms: left.black,
            running: if flag.is_some() { None } else { self.running },
            flag,
        }
    }
}

/// `M:SS` (or `H:MM:SS`) for a number of milliseconds, rounding down to the second.
pub fn format_ms(ms: u64) -> String {
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// Parses `M:SS`, `MM:SS` or `H:MM:SS` into milliseconds.
pub fn parse_ms(text: &str) -> Result<u64, String> {
    let parts: Vec<&str> = text.trim().split(':').collect();
    let nums: Result<Vec<u64>, _> = parts.iter().map(|p| p.parse::<u64>()).collect();
    let bad = || format!("'{text}' is not a clock reading (expected M:SS)");
    let nums = nums.map_err(|_| bad())?;
    // Checked: a reading typed with absurd digits is refused, never an overflow panic.
    let ms = match nums.as_slice() {
        [m, s] if *s < 60 => m.checked_mul(60).and_then(|x| x.checked_add(*s)),
        [h, m, s] if *m < 60 && *s < 60 => {
            h.checked_mul(3600).and_then(|x| x.checked_add(m * 60 + s))
        }
        _ => None,
    };
    ms.and_then(|x| x.checked_mul(1000)).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t(s: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(1_700_000_000 + s, 0).unwrap()
    }

    #[test]
    fn absurd_readings_are_refused_not_overflowed() {
        assert!(parse_ms("999999999999999999:00").is_err());
        assert!(parse_ms("99999999999999999:00:00").is_err());
        assert_eq!(parse_ms("20:00"), Ok(1_200_000));
        assert_eq!(parse_ms("1:00:05"), Ok(3_605_000));
    }

    #[test]
    fn fischer_20_plus_5() {
        let mut c = Clock::started(TimeControl::fischer(20, 5), t(0));
        c.apply(&ClockAction::Press(Side::Red), t(30));
        let r = c.read(t(30));
        assert_eq!(r.red_ms, 1_200_000 - 30_000 + 5_000);
        assert_eq!(r.running, Some(Side::Black));
        let r = c.read(t(40));
        assert_eq!(r.black_ms, 1_190_000);
    }

    #[test]
    fn armageddon_flag_fall() {
        let tc = TimeControl {
            red_base_s: 360,
            black_base_s: 240,
            increment_s: 3,
        };
        let mut c = Clock::started(tc, t(0));
        c.apply(&ClockAction::Press(Side::Red), t(10));
        assert_eq!(c.read(t(10)).red_ms, 353_000);
        let r = c.read(t(10 + 240));
        assert_eq!(r.black_ms, 0);
        assert_eq!(r.flag, Some(Side::Black));
        assert_eq!(c.read(t(10 + 239)).flag, None);
    }

    #[test]
    fn parse_and_format() {
        assert_eq!(parse_ms("18:45"), Ok(1_125_000));
        assert_eq!(format_ms(1_125_000), "18:45");
        assert!(parse_ms("1:75").is_err());
        assert!(parse_ms("abc").is_err());
    }
}
