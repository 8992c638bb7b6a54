//! Times from outside checked against the machine's clock. A clock bridge in the
//! wrong time zone, or a mistyped `--at`, must not make a flag fall, forfeit a round early or
//! let a late player in: a press, a seat, a flag, a start or a tick whose time lies more than
//! the rules' `clock_skew_seconds` (default 120) from the machine's clock is refused, naming
//! the difference.
//!
//! The head arbiter may enter a past time on purpose (`--correction REASON`): the append
//! then starts with `Event::TimeCorrected` carrying the time and the reason (whenever a
//! correction is given, however near the time), and the command is judged at the time it
//! names. A time in the future is never accepted. Without a
//! correction, an arrival is judged at the machine's clock: after the late window closed it
//! is refused whether or not a tick has recorded the forfeit yet (the head arbiter's
//! `arrive --reverse REASON` stays the way out).
//!
//! Pure: the machine's clock is passed in as `now`.

use chrono::{DateTime, Duration, Utc};

use super::command::{Actor, Command};
use super::event::Event;
use super::refusal::Refusal;
use super::rules::Role;
use super::text::{self, NOTE_MAX};
use super::tournament::Tournament;
use super::zone::EventZone;

pub mod fault;
pub use fault::TimeSkew;

type Decision = Result<Vec<Event>, Refusal>;

/// The time a command brings from outside: a clock input, a seat, a confirmed flag, a round's
/// start, a tick. `None` for commands without one.
pub fn given_time(cmd: &Command) -> Option<DateTime<Utc>> {
    match cmd {
        Command::StartRound { at }
        | Command::ConfirmFlag { at, .. }
        | Command::MarkSeat { at, .. }
        | Command::Clock { at, .. }
        | Command::ReportResult { at, .. } => Some(*at),
        Command::Tick { now } | Command::AutoAdvance { now } => Some(*now),
        _ => None,
    }
}

impl Tournament {
    /// The largest difference from the machine's clock a given time may have.
    pub fn clock_skew(&self) -> Duration {
        Duration::seconds(i64::from(self.rules.clock_skew_seconds))
    }

    fn skew(&self, at: DateTime<Utc>, now: DateTime<Utc>, correction: bool) -> Refusal {
        let zone = EventZone::of(&self.rules);
        let fmt = "%Y-%m-%d %H:%M:%S";
        Refusal::Skew(TimeSkew {
            at: zone.format(at, fmt),
            now: zone.format(now, fmt),
            // To the nearest second: a time typed to the second reads as it was meant.
            off_s: ((at - now).num_milliseconds() as f64 / 1000.0).round() as i64,
            limit_s: self.rules.clock_skew_seconds,
            correction,
        })
    }

    /// `decide` for a command whose time came from outside (the command line, a clock
    /// bridge): the time is checked against `now`, the machine's clock, as the module
    /// documentation says. `correction`: the head arbiter's reason for entering a past time.
    pub fn decide_at(
        &self,
        actor: &Actor,
        cmd: &Command,
        now: DateTime<Utc>,
        correction: Option<&str>,
    ) -> Decision {
        if !cmd.allowed(actor.role) {
            // Who may act comes first: the same refusal as `decide`.
            return self.decide(actor, cmd);
        }
        let Some(at) = given_time(cmd) else {
            if correction.is_some() {
                return Err(Refusal::CorrectionWithoutTime);
            }
            return self.decide(actor, cmd);
        };
        let limit = self.clock_skew();
        let ahead = at - now > limit;
        let Some(reason) = correction else {
            if ahead || now - at > limit {
                return Err(self.skew(at, now, false));
            }
            if let Command::MarkSeat {
                round,
                board,
                side,
                present: true,
                reverse_reason: None,
                ..
            } = cmd
            {
                // An arrival counts when it is entered: a time back-dated into a window
                // that has closed does not let the player in.
                self.late_arrival(*round, *board, *side, at.max(now))?;
            }
            return self.decide(actor, cmd);
        };
        if actor.role != Role::Head {
            return Err(Refusal::NotAllowed {
                user: actor.user.clone(),
                role: actor.role.word(),
                what: super::command::Deed::EnterCorrectedTime,
            });
        }
        if ahead {
            return Err(self.skew(at, now, true));
        }
        text::check("--correction", reason, NOTE_MAX).map_err(Refusal::Text)?;
        if reason.trim().is_empty() {
            return Err(Refusal::CorrectionWithoutReason);
        }
        let events = self.decide(actor, cmd)?;
        if events.is_empty() {
            return Ok(events);
        }
        let mut out = Vec::with_capacity(events.len() + 1);
        out.push(Event::TimeCorrected {
            at,
            reason: reason.trim().to_string(),
        });
        out.extend(events);
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::ClockAction;
    use crate::domain::{Board, PlayerEntry, Rules, Side};
    use chrono::TimeZone;

    fn at_s(s: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(1_700_000_000 + s, 0).unwrap()
    }

    fn actor(role: Role) -> Actor {
        Actor {
            user: "u".into(),
            role,
        }
    }

    fn given(t: &mut Tournament, cmd: &Command) {
        for e in t.decide(&actor(Role::Head), cmd).unwrap() {
            t.apply(&e);
        }
    }

    /// Four players, round 1 paired and started at `at_s(0)`.
    fn started() -> Tournament {
        let mut rules = Rules::preset("qigu-2024-07").unwrap();
        rules.time_zone = Some("+08:00".into());
        let mut t = Tournament::new("t".into(), rules);
        for n in ["a", "b", "c", "d"] {
            given(&mut t, &Command::RegisterPlayer(PlayerEntry::named(n)));
        }
        given(&mut t, &Command::DrawNumbers { seed: 1 });
        given(&mut t, &Command::PairNextRound);
        given(&mut t, &Command::StartRound { at: at_s(0) });
        t
    }

    fn press(at: DateTime<Utc>) -> Command {
        Command::Clock {
            round: None,
            board: Board(1),
            action: ClockAction::Press(Side::Black),
            at,
        }
    }

    #[test]
    fn a_time_beyond_the_skew_is_refused_naming_it() {
        let ev = started();
        let now = at_s(60);
        let ahead = press(now + Duration::hours(8));
        let Err(Refusal::Skew(s)) = ev.decide_at(&actor(Role::Assistant), &ahead, now, None) else {
            panic!("accepted");
        };
        assert_eq!((s.off_s, s.limit_s), (8 * 3600, 120));
        assert!(s.ahead() && s.span() == (8, 0, 0), "{s:?}");
        // In the event's zone (+08:00).
        assert!(
            s.now
                .ends_with(&crate::domain::zone::EventZone::of(&ev.rules).format(now, "%H:%M:%S"))
        );
        // Within the skew, either way: accepted as it is.
        for at in [now + Duration::seconds(120), now - Duration::seconds(120)] {
            let evs = ev
                .decide_at(&actor(Role::Assistant), &press(at), now, None)
                .unwrap();
            assert_eq!(evs.len(), 1);
        }
    }

    #[test]
    fn a_correction_is_the_head_arbiters_past_time_and_is_recorded_first() {
        let ev = started();
        let now = at_s(3600);
        let past = press(at_s(30));
        assert!(matches!(
            ev.decide_at(&actor(Role::Assistant), &past, now, Some("bridge down")),
            Err(Refusal::NotAllowed { .. })
        ));
        assert!(matches!(
            ev.decide_at(
                &actor(Role::Head),
                &press(now + Duration::hours(1)),
                now,
                Some("x")
            ),
            Err(Refusal::Skew(TimeSkew {
                correction: true,
                ..
            }))
        ));
        let evs = ev
            .decide_at(&actor(Role::Head), &past, now, Some("bridge down"))
            .unwrap();
        assert_eq!(
            evs[0],
            Event::TimeCorrected {
                at: at_s(30),
                reason: "bridge down".into()
            }
        );
        assert!(matches!(evs[1], Event::Clock { at, .. } if at == at_s(30)));
    }

    #[test]
    fn an_arrival_counts_when_it_is_entered() {
        let mut ev = started();
        given(
            &mut ev,
            &Command::MarkSeat {
                round: None,
                board: Board(1),
                side: Side::Red,
                present: false,
                at: at_s(10),
                reverse_reason: None,
            },
        );
        let arrive = |at| Command::MarkSeat {
            round: None,
            board: Board(1),
            side: Side::Red,
            present: true,
            at,
            reverse_reason: None,
        };
        // The window closes at 10 minutes; now is 30 s past it, the arrival back-dated 60 s.
        let now = at_s(630);
        let late = ev.decide_at(&actor(Role::Assistant), &arrive(at_s(570)), now, None);
        assert!(
            matches!(
                &late,
                Err(Refusal::Floor {
                    why: crate::domain::refusal::FloorWhy::ArrivalTooLate { .. },
                    ..
                })
            ),
            "{late:?}"
        );
        // Before the close it counts as ever.
        assert!(
            ev.decide_at(&actor(Role::Assistant), &arrive(at_s(590)), at_s(595), None)
                .is_ok()
        );
    }
}
