//! Clock presses go forward (docs/rules.md, "Times from outside"): a press stamped before the
//! board's last press is refused, naming both times. Presses from a bridge and from the
//! console are recorded in the order they arrive; one that would take the clock back in
//! time (a bridge replaying an old buffer, a mistyped `--at`) would give a side time it
//! used, so it is never recorded. A time too far from the machine's clock is refused before
//! this (`skew`).

use chrono::{DateTime, Utc};

use super::event::ClockAction;
use super::ids::{Board, Round};
use super::refusal::Refusal;
use super::tournament::Game;

/// Refuses a press on `board` (game `g`) stamped `at`, before the board's last press.
pub(super) fn in_order(
    round: Round,
    board: Board,
    g: &Game,
    action: &ClockAction,
    at: DateTime<Utc>,
) -> Result<(), Refusal> {
    let last = g.clock.as_ref().and_then(|c| c.last_press);
    match (action, last) {
        (ClockAction::Press(_), Some(last)) if at < last => Err(Refusal::PressBeforeLast {
            round,
            board,
            at,
            last,
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::domain::command::{Actor, Command};
    use crate::domain::event::PlayerEntry;
    use crate::domain::rules::{Role, Rules};
    use crate::domain::side::Side;
    use crate::domain::tournament::Tournament;

    fn t(s: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(1_700_000_000 + s, 0).unwrap()
    }

    #[test]
    fn a_press_before_the_last_is_refused_and_one_after_is_not() {
        let mut t0 = Tournament::new("T".into(), Rules::preset("qigu-2024-07").unwrap());
        let head = Actor {
            user: "h".into(),
            role: Role::Head,
        };
        let mut step = |cmd: Command| -> Result<(), Refusal> {
            for e in t0.decide(&head, &cmd)? {
                t0.apply(&e);
            }
            Ok(())
        };
        for i in 1..=2 {
            step(Command::RegisterPlayer(PlayerEntry::named(format!("p{i}")))).unwrap();
        }
        step(Command::DrawNumbers { seed: 1 }).unwrap();
        step(Command::PairNextRound).unwrap();
        step(Command::StartRound { at: t(0) }).unwrap();
        let press = |side, at| Command::Clock {
            round: None,
            board: Board(1),
            action: ClockAction::Press(side),
            at,
        };
        step(press(Side::Red, t(30))).unwrap();
        assert_eq!(
            step(press(Side::Black, t(20))),
            Err(Refusal::PressBeforeLast {
                round: Round(1),
                board: Board(1),
                at: t(20),
                last: t(30),
            })
        );
        // The same moment and later go through; a pause is not a press.
        step(press(Side::Black, t(30))).unwrap();
        step(Command::Clock {
            round: None,
            board: Board(1),
            action: ClockAction::Pause,
            at: t(25),
        })
        .unwrap();
    }
}
