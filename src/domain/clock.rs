//! Fischer chess clocks (docs/rules.md#7-knockout for the knockout time controls): base time per
//! side (unequal for an armageddon game) plus an increment per completed move. A clock is
//! driven by events — the round's start, presses, pause/resume, an arbiter's reading, the end
//! of the game — and read at an injected `now`; it never reads the wall clock itself.
//!
//! The states and what each input does:
//!
//! | state | press by the running side | press by the other side | pause | resume | set |
//! |---|---|---|---|---|---|
//! | not started | (black's press starts red's time) | — | — | red runs | times replaced |
//! | running | +increment, the other side runs | ignored (a mistaken press) | paused | — | times replaced, keeps running |
//! | paused / stopped | ignored | ignored | — | the paused side runs | times replaced |
//! | flag fallen | ignored | ignored | — | the flagged side "runs" (stays at zero) | times replaced |
//!
//! In the "not started" state either press starts the clock: the pressing side's opponent
//! runs, without increment (the usual way a clock is started). A press while paused is
//! ignored rather than guessed at: the arbiter resumes the clock. Once a side reaches zero the
//! clock freezes (nothing runs) until an arbiter's reading gives time back; the flag is shown
//! until then.

use chrono::{DateTime, Duration, Utc};
use serde::Serialize;

use super::event::ClockAction;
use super::rules::TimeControl;
use super::side::{BySide, Side};

/// A board's clock as the events left it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Clock {
    /// Remaining time per side at `since` (milliseconds, never negative).
    pub remaining_ms: BySide<u64>,
    /// The side whose time is running, if any.
    pub running: Option<Side>,
    /// When `remaining_ms` was last brought up to date.
    pub since: DateTime<Utc>,
    pub increment_ms: u64,
    /// The side that runs on `Resume` (set by a pause, the end of the game or a flag fall).
    paused_side: Option<Side>,
    /// Until the first press: how the clock was set up and the inputs since (pause, resume,
    /// an arbiter's reading), so a corrected round start can restart it. `None`
    /// once pressed: a clock with presses keeps its history.
    #[serde(default)]
    unpressed: Option<Unpressed>,
    /// When the last press was (none yet: `None`): a press before it is refused
    /// (`domain::clock_order`).
    #[serde(default)]
    pub last_press: Option<DateTime<Utc>>,
}

/// A clock nobody has pressed yet: enough to set it up again from another start.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct Unpressed {
    /// Set up idle (a game added during a round) rather than running.
    idle: bool,
    inputs: Vec<(ClockAction, DateTime<Utc>)>,
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

impl ClockReading {
    /// The time `side` has left.
    pub fn left_ms(&self, side: Side) -> u64 {
        match side {
            Side::Red => self.red_ms,
            Side::Black => self.black_ms,
        }
    }
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
            unpressed: Some(Unpressed {
                idle: false,
                inputs: Vec::new(),
            }),
            last_press: None,
        }
    }

    /// A clock set up but not running (a game added during a round): the first press, or a
    /// resume, starts it.
    pub fn idle(tc: TimeControl, at: DateTime<Utc>) -> Clock {
        Clock {
            running: None,
            unpressed: Some(Unpressed {
                idle: true,
                inputs: Vec::new(),
            }),
            ..Clock::started(tc, at)
        }
    }

    /// Whether a side has pressed this clock.
    pub fn pressed(&self) -> bool {
        self.unpressed.is_none()
    }

    /// The same clock set up at `at` instead (the round's corrected start) with its inputs
    /// replayed, if nobody has pressed it yet; a clock with presses keeps its history
    /// (`None`). Inputs before `at` count as no time passing.
    pub fn restarted(&self, tc: TimeControl, at: DateTime<Utc>) -> Option<Clock> {
        let u = self.unpressed.as_ref()?;
        // Without inputs yet, the clock is as it was set up.
        let idle = if u.inputs.is_empty() {
            self.running.is_none()
        } else {
            u.idle
        };
        let mut c = if idle {
            Clock::idle(tc, at)
        } else {
            Clock::started(tc, at)
        };
        for (action, when) in &u.inputs {
            c.apply(action, *when);
        }
        Some(c)
    }

    fn elapsed_ms(&self, now: DateTime<Utc>) -> u64 {
        u64::try_from((now - self.since).num_milliseconds()).unwrap_or(0)
    }

    /// The side whose time is at zero, if any.
    fn fallen(&self) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| *self.remaining_ms.get(*s) == 0)
    }

    /// Brings the running side's remaining time up to `at`; a side that reaches zero freezes
    /// the clock (its flag has fallen).
    fn settle(&mut self, at: DateTime<Utc>) {
        if let Some(side) = self.running {
            let used = self.elapsed_ms(at);
            let left = self.remaining_ms.get_mut(side);
            *left = left.saturating_sub(used);
        }
        if at > self.since {
            self.since = at;
        }
        self.freeze_on_flag();
    }

    fn freeze_on_flag(&mut self) {
        if self.fallen().is_some()
            && let Some(side) = self.running.take()
        {
            self.paused_side = Some(side);
        }
    }

    /// True when the clock was paused or stopped (as opposed to never started).
    pub fn is_paused(&self) -> bool {
        self.running.is_none() && self.paused_side.is_some()
    }

    /// Applies one clock action at time `at`. Events arrive in log order; an `at` earlier than
    /// the last one counts as no time passing.
    pub fn apply(&mut self, action: &ClockAction, at: DateTime<Utc>) {
        let idle = self.running.is_none();
        match (action, self.unpressed.as_mut()) {
            (ClockAction::Press(_), _) => {
                self.unpressed = None;
                self.last_press = Some(self.last_press.map_or(at, |l| l.max(at)));
            }
            (other, Some(u)) => {
                if u.inputs.is_empty() {
                    // How it was set up (a caller may have stopped a started clock).
                    u.idle = idle;
                }
                u.inputs.push((other.clone(), at));
            }
            (_, None) => {}
        }
        self.settle(at);
        match action {
            ClockAction::Press(side) => match self.running {
                Some(running) if running == *side => {
                    let left = self.remaining_ms.get_mut(*side);
                    *left = left.saturating_add(self.increment_ms);
                    self.running = Some(side.other());
                }
                // Not started yet: the press starts the opponent's time.
                None if self.paused_side.is_none() && self.fallen().is_none() => {
                    self.running = Some(side.other());
                }
                // A press by the side that is not running changes nothing; nor does a press
                // while paused, stopped or flagged (the arbiter resumes the clock).
                _ => {}
            },
            ClockAction::Pause => {
                if let Some(side) = self.running.take() {
                    self.paused_side = Some(side);
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
        self.freeze_on_flag();
    }

    /// Stops the clock (the game ended) at `at`: the running side's time counts up to then.
    pub fn stop(&mut self, at: DateTime<Utc>) {
        self.settle(at);
        if let Some(side) = self.running.take() {
            self.paused_side = Some(side);
        }
    }

    /// The moment the running side's flag falls if nobody presses, or when it already fell
    /// while running; `None` when nothing runs and no flag is down.
    pub fn flag_at(&self) -> Option<DateTime<Utc>> {
        let side = self.running?;
        let left = i64::try_from(*self.remaining_ms.get(side)).unwrap_or(i64::MAX);
        self.since.checked_add_signed(Duration::milliseconds(left))
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

    fn ms(s: i64) -> DateTime<Utc> {
        Utc.timestamp_millis_opt(1_700_000_000_000 + s).unwrap()
    }

    fn tc(red_min: u32, black_min: u32, inc: u32) -> TimeControl {
        TimeControl {
            red_base_s: red_min * 60,
            black_base_s: black_min * 60,
            increment_s: inc,
        }
    }

    /// Plays moves of the given durations (seconds), red first, and checks both times after
    /// each press against base − thought + moves × increment.
    fn check_moves(control: TimeControl, thinks: &[i64]) {
        let mut c = Clock::started(control, t(0));
        let mut now = 0;
        let mut used = [0_i64, 0];
        let mut moves = [0_i64, 0];
        for (i, think) in thinks.iter().enumerate() {
            let side = if i % 2 == 0 { Side::Red } else { Side::Black };
            now += think;
            used[i % 2] += think;
            moves[i % 2] += 1;
            c.apply(&ClockAction::Press(side), t(now));
            let r = c.read(t(now));
            let inc = i64::from(control.increment_s);
            let red = i64::from(control.red_base_s) - used[0] + moves[0] * inc;
            let black = i64::from(control.black_base_s) - used[1] + moves[1] * inc;
            assert_eq!(r.red_ms as i64, red * 1000, "red after move {i}");
            assert_eq!(r.black_ms as i64, black * 1000, "black after move {i}");
            assert_eq!(r.running, Some(side.other()));
            assert_eq!(r.flag, None);
        }
    }

    #[test]
    fn absurd_readings_are_refused_not_overflowed() {
        assert!(parse_ms("999999999999999999:00").is_err());
        assert!(parse_ms("99999999999999999:00:00").is_err());
        assert_eq!(parse_ms("20:00"), Ok(1_200_000));
        assert_eq!(parse_ms("1:00:05"), Ok(3_605_000));
    }

    #[test]
    fn fischer_arithmetic_for_each_preset_control() {
        let thinks = [30, 12, 45, 61, 7, 100, 3, 1];
        check_moves(tc(20, 20, 5), &thinks); // qigu-2024-07, lvliang-2024
        check_moves(tc(20, 20, 3), &thinks); // qiyuan-2019
        check_moves(tc(10, 10, 5), &thinks); // rapid
        check_moves(tc(6, 4, 3), &thinks); // armageddon
    }

    #[test]
    fn fischer_20_plus_5_running_side_counts_down() {
        let mut c = Clock::started(TimeControl::fischer(20, 5), t(0));
        c.apply(&ClockAction::Press(Side::Red), t(30));
        let r = c.read(t(30));
        assert_eq!(r.red_ms, 1_200_000 - 30_000 + 5_000);
        assert_eq!(r.running, Some(Side::Black));
        assert_eq!(c.read(t(40)).black_ms, 1_190_000);
        assert_eq!(c.read(ms(40_250)).black_ms, 1_189_750);
    }

    #[test]
    fn armageddon_flag_fall_to_the_millisecond() {
        let mut c = Clock::started(tc(6, 4, 3), t(0));
        c.apply(&ClockAction::Press(Side::Red), t(10));
        assert_eq!(c.read(t(10)).red_ms, 353_000);
        assert_eq!(c.flag_at(), Some(t(10 + 240)));
        let before = c.read(ms((10 + 240) * 1000 - 1));
        assert_eq!((before.black_ms, before.flag), (1, None));
        let r = c.read(t(10 + 240));
        assert_eq!(
            (r.black_ms, r.flag, r.running),
            (0, Some(Side::Black), None)
        );
        // Red's time does not run after black's flag fell.
        assert_eq!(c.read(t(1000)).red_ms, 353_000);
    }

    #[test]
    fn flag_freezes_the_clock_and_later_presses_do_nothing() {
        let mut c = Clock::started(tc(10, 10, 5), t(0));
        // Red thinks 601 s: the flag fell at 600.
        c.apply(&ClockAction::Press(Side::Red), t(601));
        let r = c.read(t(700));
        assert_eq!(r.flag, Some(Side::Red));
        assert_eq!((r.red_ms, r.black_ms, r.running), (0, 600_000, None));
        c.apply(&ClockAction::Press(Side::Black), t(710));
        assert_eq!(c.read(t(800)), r);
        // An arbiter's reading gives time back; resume runs the flagged side again.
        c.apply(
            &ClockAction::Set {
                red_ms: 60_000,
                black_ms: 600_000,
            },
            t(900),
        );
        assert_eq!(c.read(t(950)).flag, None);
        c.apply(&ClockAction::Resume, t(960));
        assert_eq!(c.read(t(970)).red_ms, 50_000);
    }

    #[test]
    fn a_mistaken_press_by_the_waiting_side_changes_nothing() {
        let mut c = Clock::started(TimeControl::fischer(20, 5), t(0));
        c.apply(&ClockAction::Press(Side::Black), t(10));
        let r = c.read(t(20));
        assert_eq!(r.red_ms, 1_180_000);
        assert_eq!(r.black_ms, 1_200_000);
        assert_eq!(r.running, Some(Side::Red));
        // A double press (switch bounce) by red adds one increment only.
        c.apply(&ClockAction::Press(Side::Red), t(30));
        c.apply(&ClockAction::Press(Side::Red), t(30));
        let r = c.read(t(30));
        assert_eq!(r.red_ms, 1_170_000 + 5_000);
        assert_eq!(r.running, Some(Side::Black));
    }

    #[test]
    fn presses_while_paused_are_ignored_and_resume_restores_the_side() {
        let mut c = Clock::started(TimeControl::fischer(20, 5), t(0));
        c.apply(&ClockAction::Press(Side::Red), t(10)); // black runs
        c.apply(&ClockAction::Pause, t(20));
        c.apply(&ClockAction::Press(Side::Black), t(25));
        c.apply(&ClockAction::Press(Side::Red), t(26));
        let r = c.read(t(100));
        assert_eq!(
            (r.red_ms, r.black_ms, r.running),
            (1_195_000, 1_190_000, None)
        );
        assert!(c.is_paused());
        c.apply(&ClockAction::Resume, t(100));
        let r = c.read(t(110));
        assert_eq!((r.black_ms, r.running), (1_180_000, Some(Side::Black)));
    }

    #[test]
    fn stop_counts_the_running_side_up_to_the_end() {
        let mut c = Clock::started(TimeControl::fischer(20, 5), t(0));
        c.apply(&ClockAction::Press(Side::Red), t(10));
        c.stop(t(70));
        let r = c.read(t(500));
        assert_eq!((r.black_ms, r.running), (1_140_000, None));
        c.apply(&ClockAction::Press(Side::Black), t(510));
        assert_eq!(c.read(t(600)), r);
    }

    #[test]
    fn an_idle_clock_starts_with_the_first_press() {
        let mut c = Clock::idle(tc(10, 10, 5), t(0));
        assert_eq!(c.read(t(50)).red_ms, 600_000);
        c.apply(&ClockAction::Press(Side::Black), t(60)); // black starts red's time
        let r = c.read(t(70));
        assert_eq!(
            (r.red_ms, r.black_ms, r.running),
            (590_000, 600_000, Some(Side::Red))
        );
    }

    #[test]
    fn set_replaces_times_and_keeps_the_running_side() {
        let mut c = Clock::started(TimeControl::fischer(20, 5), t(0));
        c.apply(
            &ClockAction::Set {
                red_ms: 1_125_000,
                black_ms: 1_185_000,
            },
            t(100),
        );
        let r = c.read(t(105));
        assert_eq!(
            (r.red_ms, r.black_ms, r.running),
            (1_120_000, 1_185_000, Some(Side::Red))
        );
    }

    #[test]
    fn an_unpressed_clock_restarts_at_a_corrected_start() {
        let tc = TimeControl::fischer(20, 5);
        // Running since the recorded start, nobody pressed: red's time counts from the
        // corrected start instead.
        let c = Clock::started(tc, t(0));
        let moved = c.restarted(tc, t(60)).unwrap();
        assert_eq!(moved.read(t(100)).red_ms, 1_200_000 - 40_000);
        assert_eq!(moved.read(t(100)).running, Some(Side::Red));
        // Paused at 30 s: with the start corrected to 10 s, red used 20 s; corrected to
        // after the pause, red used nothing.
        let mut p = Clock::started(tc, t(0));
        p.apply(&ClockAction::Pause, t(30));
        assert_eq!(p.read(t(90)).red_ms, 1_200_000 - 30_000);
        let earlier = p.restarted(tc, t(10)).unwrap();
        assert_eq!(earlier.read(t(90)).red_ms, 1_200_000 - 20_000);
        assert!(earlier.is_paused());
        let later = p.restarted(tc, t(40)).unwrap();
        assert_eq!(later.read(t(90)).red_ms, 1_200_000);
        // An arbiter's reading is replayed as it was.
        let mut s = Clock::started(tc, t(0));
        s.apply(
            &ClockAction::Set {
                red_ms: 1_000_000,
                black_ms: 1_100_000,
            },
            t(50),
        );
        let r = s.restarted(tc, t(20)).unwrap().read(t(60));
        assert_eq!((r.red_ms, r.black_ms), (990_000, 1_100_000));
    }

    #[test]
    fn a_pressed_clock_keeps_its_history_and_an_idle_one_stays_idle() {
        let tc = TimeControl::fischer(20, 5);
        let mut c = Clock::started(tc, t(0));
        assert!(!c.pressed());
        c.apply(&ClockAction::Press(Side::Red), t(30));
        assert!(c.pressed());
        assert_eq!(c.restarted(tc, t(10)), None);
        // Set up idle (a game added during a round, or stopped by its caller): still idle.
        let mut idle = Clock::started(tc, t(0));
        idle.running = None;
        let r = idle.restarted(tc, t(50)).unwrap();
        assert_eq!(r.running, None);
        assert_eq!(r.read(t(500)).red_ms, 1_200_000);
        let mut resumed = Clock::idle(tc, t(0));
        resumed.apply(&ClockAction::Resume, t(100));
        let r = resumed.restarted(tc, t(150)).unwrap().read(t(200));
        // Resumed before the corrected start: red runs from the corrected start.
        assert_eq!((r.red_ms, r.running), (1_200_000 - 50_000, Some(Side::Red)));
    }

    #[test]
    fn parse_and_format() {
        assert_eq!(parse_ms("18:45"), Ok(1_125_000));
        assert_eq!(parse_ms("1:02:03"), Ok(3_723_000));
        assert_eq!(format_ms(1_125_000), "18:45");
        assert_eq!(format_ms(3_723_999), "1:02:03");
        assert!(parse_ms("1:75").is_err());
        assert!(parse_ms("abc").is_err());
        assert!(parse_ms("").is_err());
    }
}
