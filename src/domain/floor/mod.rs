//! The floor rules: what happens at the boards while a round is played.
//!
//! - Late arrival (docs/rules.md#4-late-arrival-forfeits-withdrawal): under `mark_absent` every seat starts present and arbiters
//!   mark the empty ones; under `check_in` every seat starts absent until the player checks
//!   in. An absent seat counts down from the round's start; when the window
//!   (`late_window_minutes`) closes, the forfeit is recorded, attributed to the rule
//!   (`Cause::LateWindow`), a double forfeit when both seats are empty. An arrival before the
//!   close stops the countdown; after it only the head arbiter can reverse the forfeit, with
//!   a reason.
//! - Consecutive forfeits (§4): reaching `withdraw_after_forfeits` withdraws the player by the
//!   rule; the head arbiter can reinstate them. When a correction takes the count back below
//!   the limit, a withdrawal the rule made is undone with it.
//! - Fouls (§5): reaching one of the preset's `foul_limits` in a game records its loss
//!   (`Cause::Fouls`), unless the rules say the opponent must claim it (`foul_loss_on_claim`,
//!   seed 001 "经对方提出，立即判负"): then the claim records it (`Cause::FoulClaimed`).
//! - Without clock data (a clock that sends nothing) an arbiter who saw a flag fall
//!   records the loss on time by sight (`TimeLoss`); with clock data, only the clock confirms.
//! - Clocks: inputs are checked here and folded by `clock.rs`; a fallen flag becomes a time
//!   loss (`Cause::Time`) only when an arbiter confirms it and the clock shows it.
//!
//! Time-based rules are applied by `Tick`, which any number of consoles and `bianpai tick`
//! give: decisions run under the log's exclusive lock against fresh state, so once one of them
//! has written a consequence the others find nothing due. Everything here takes the time as
//! an argument; nothing reads a clock.

use std::borrow::Cow;

use chrono::{DateTime, Duration, Utc};

use super::event::{Cause, ClockAction, Event, GameKind};
use super::ids::{Board, PlayerNo, Round};
use super::refusal::{FloorWhy, OverFor, Refusal};
use super::result::GameResult;
use super::side::Side;
use super::tournament::{Game, Tournament};

mod forfeits;
mod fouls;

type Decision = Result<Vec<Event>, Refusal>;

/// An absent seat of the current round and its late-window countdown (for the console).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbsentSeat {
    pub board: Board,
    pub side: Side,
    pub player: PlayerNo,
    /// Milliseconds until the window closes on this seat; `Some(0)` once it has closed (the
    /// forfeit is due and the next tick records it); `None` before the round has started.
    pub remaining_ms: Option<u64>,
}

/// Whether the late window applies to a game: rapid and armageddon tie-break games follow
/// the slow game at once, with both players in the hall.
fn late_window_applies(g: &Game) -> bool {
    g.game == GameKind::Slow && g.result.is_none()
}

impl Tournament {
    /// When the late window of `round` closes (its start plus `late_window_minutes`), once
    /// the round has started.
    pub fn late_deadline(&self, round: Round) -> Option<DateTime<Utc>> {
        let start = self.round(round)?.started_at?;
        start.checked_add_signed(Duration::minutes(i64::from(self.rules.late_window_minutes)))
    }

    /// The current round's late-window countdown at `now`: milliseconds until it closes,
    /// `Some(0)` once closed, `None` before the round has started.
    pub fn late_window_remaining_ms(&self, now: DateTime<Utc>) -> Option<u64> {
        let deadline = self.late_deadline(self.current()?.round)?;
        Some(u64::try_from((deadline - now).num_milliseconds()).unwrap_or(0))
    }

    /// The countdown of one seat at `now`: `None` when the seat is present, the game is over
    /// or the window does not apply, else as `late_window_remaining_ms`.
    pub fn seat_countdown(
        &self,
        round: Round,
        board: Board,
        side: Side,
        now: DateTime<Utc>,
    ) -> Option<Option<u64>> {
        let g = self.game(round, board)?;
        if g.seats.get(side).present || !late_window_applies(g) {
            return None;
        }
        Some(
            self.late_deadline(round)
                .map(|d| u64::try_from((d - now).num_milliseconds()).unwrap_or(0)),
        )
    }

    /// Every absent seat of the current round with its countdown at `now`, by board.
    pub fn absent_seats(&self, now: DateTime<Utc>) -> Vec<AbsentSeat> {
        let Some(r) = self.current() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for g in &r.games {
            for side in Side::BOTH {
                if let Some(remaining_ms) = self.seat_countdown(r.round, g.board, side, now) {
                    out.push(AbsentSeat {
                        board: g.board,
                        side,
                        player: g.player(side),
                        remaining_ms,
                    });
                }
            }
        }
        out
    }

    /// The boards of the current round still playing when only one or two remain (the last
    /// boards, which the console highlights for the head arbiter); `None` otherwise.
    pub fn last_boards(&self) -> Option<Vec<Board>> {
        let r = self.current()?;
        let playing: Vec<Board> = r
            .games
            .iter()
            .filter(|g| g.result.is_none())
            .map(|g| g.board)
            .collect();
        (1..=2).contains(&playing.len()).then_some(playing)
    }

    /// The late-window forfeit due on `board` of `round` at `now`, if any.
    fn due_forfeit(&self, round: Round, board: Board, now: DateTime<Utc>) -> Option<Event> {
        let g = self.game(round, board)?;
        let deadline = self.late_deadline(round)?;
        if now < deadline || !late_window_applies(g) {
            return None;
        }
        let result = match (g.seats.red.present, g.seats.black.present) {
            (false, false) => GameResult::DoubleForfeit,
            (false, true) => GameResult::BlackWinForfeit,
            (true, false) => GameResult::RedWinForfeit,
            (true, true) => return None,
        };
        Some(Event::ResultRecorded {
            round,
            board,
            result,
            cause: Cause::LateWindow,
            at: Some(deadline),
        })
    }

    /// Late-window forfeits due at `now` in the current round, and their consequences.
    pub(super) fn decide_tick(&self, now: DateTime<Utc>) -> Vec<Event> {
        let Some(r) = self.current() else {
            return Vec::new();
        };
        let events: Vec<Event> = r
            .games
            .iter()
            .filter_map(|g| self.due_forfeit(r.round, g.board, now))
            .collect();
        self.with_consequences(events)
    }

    /// A clock input on a board whose game is still on.
    pub(super) fn decide_clock(
        &self,
        round: Option<Round>,
        board: Board,
        action: &ClockAction,
        at: DateTime<Utc>,
    ) -> Decision {
        let g = self.board(round, board)?;
        let round = round.unwrap_or(self.current_round());
        if let Some(existing) = g.result {
            return Err(Refusal::Floor {
                round,
                board,
                why: FloorWhy::GameOver {
                    existing,
                    what: OverFor::Clock,
                },
            });
        }
        super::clock_order::in_order(round, board, g, action, at)?;
        if let ClockAction::Set { red_ms, black_ms } = action
            && (*red_ms > 24 * 3_600_000 || *black_ms > 24 * 3_600_000)
        {
            return Err(Refusal::Floor {
                round,
                board,
                why: FloorWhy::ClockOverADay,
            });
        }
        Ok(vec![Event::Clock {
            round,
            board,
            action: action.clone(),
            at,
        }])
    }

    /// An arbiter confirms `side`'s fallen flag on `board` of the current round at `at`.
    pub(super) fn decide_flag(&self, board: Board, side: Side, at: DateTime<Utc>) -> Decision {
        let g = self.board(None, board)?;
        let round = self.current_round();
        if let Some(existing) = g.result {
            return Err(Refusal::HasResult {
                round,
                board,
                existing,
            });
        }
        super::decide::lot_first(g, round)?;
        let Some(clock) = &g.clock else {
            return Err(Refusal::Floor {
                round,
                board,
                why: FloorWhy::NoClockData,
            });
        };
        // A flag is confirmed only from clock inputs that precede the confirmation (within
        // the allowed skew): a press stamped hours ahead (a bridge in the wrong time zone,
        // written before such times were refused) cannot make a flag fall.
        if clock.since > at + self.clock_skew() {
            return Err(Refusal::FlagBeforeClockInput {
                round,
                board,
                since: clock.since,
                at,
            });
        }
        let reading = clock.read(at);
        match reading.flag {
            Some(fallen) if fallen == side => {}
            Some(fallen) => {
                return Err(Refusal::Floor {
                    round,
                    board,
                    why: FloorWhy::WrongFlag { fallen, side },
                });
            }
            None => {
                let left = reading.left_ms(side);
                return Err(Refusal::Floor {
                    round,
                    board,
                    why: FloorWhy::FlagNotFallen {
                        side,
                        left_ms: left,
                        at,
                    },
                });
            }
        }
        let ended = clock.flag_at().filter(|f| *f <= at).unwrap_or(at);
        Ok(self.with_consequences(vec![Event::ResultRecorded {
            round,
            board,
            result: GameResult::win_for(side.other(), false),
            cause: Cause::Time,
            at: Some(ended),
        }]))
    }

    /// Marks a seat absent or arrived; with `reverse`, the head arbiter reverses a late
    /// forfeit after the window closed.
    pub(super) fn decide_seat(
        &self,
        round: Option<Round>,
        board: Board,
        side: Side,
        present: bool,
        at: DateTime<Utc>,
        reverse: Option<&String>,
    ) -> Decision {
        let g = self.board(round, board)?;
        let round = round.unwrap_or(self.current_round());
        if let Some(reason) = reverse {
            if !present {
                return Err(Refusal::FloorGeneral(FloorWhy::ReverseIsAnArrival));
            }
            return self.decide_reverse(round, board, side, at, reason);
        }
        let seat = g.seats.get(side);
        if let Some(existing) = g.result {
            if present && !seat.present && existing.forfeited_by(side) {
                return Err(Refusal::Floor {
                    round,
                    board,
                    why: FloorWhy::ArrivedAfterWindow { side },
                });
            }
            return Err(Refusal::HasResult {
                round,
                board,
                existing,
            });
        }
        if seat.present == present {
            return Err(Refusal::Floor {
                round,
                board,
                why: FloorWhy::AlreadyMarked { side, present },
            });
        }
        // An arrival after the window is refused (the forfeit is due). A seat marked absent
        // after the window closed means the player never came: the next tick records the
        // forfeit, as it would have at the deadline.
        if present {
            self.late_arrival(Some(round), board, side, at)?;
        }
        Ok(vec![Event::SeatMarked {
            round,
            board,
            side,
            present,
            at,
        }])
    }

    /// Refuses an arrival at `when` on an absent seat whose late window has closed by then
    /// (the forfeit is due, whether or not a tick has recorded it yet).
    pub(super) fn late_arrival(
        &self,
        round: Option<Round>,
        board: Board,
        side: Side,
        when: DateTime<Utc>,
    ) -> Result<(), Refusal> {
        let g = self.board(round, board)?;
        let round = round.unwrap_or(self.current_round());
        if g.seats.get(side).present || !late_window_applies(g) {
            return Ok(());
        }
        match self.late_deadline(round).filter(|d| when >= *d) {
            Some(deadline) => Err(Refusal::Floor {
                round,
                board,
                why: FloorWhy::ArrivalTooLate {
                    side,
                    at: when,
                    deadline,
                },
            }),
            None => Ok(()),
        }
    }

    fn decide_reverse(
        &self,
        round: Round,
        board: Board,
        side: Side,
        at: DateTime<Utc>,
        reason: &str,
    ) -> Decision {
        if reason.trim().is_empty() {
            return Err(Refusal::FloorGeneral(FloorWhy::ReverseNeedsReason));
        }
        let g = self.board(Some(round), board)?;
        if g.seats.get(side).present {
            return Err(Refusal::Floor {
                round,
                board,
                why: FloorWhy::NotMarkedAbsent { side },
            });
        }
        // A forfeit the window made due but no tick has written yet is recorded first, so the
        // log shows the rule's forfeit and then its reversal.
        let mut events = Vec::new();
        let mut state = Cow::Borrowed(self);
        if g.result.is_none() {
            let Some(due) = self.due_forfeit(round, board, at) else {
                return Err(Refusal::Floor {
                    round,
                    board,
                    why: FloorWhy::WindowStillOpen,
                });
            };
            state.to_mut().apply(&due);
            events.push(due);
        }
        let g = state.board(Some(round), board)?;
        let existing = g.result;
        if !existing.is_some_and(|r| r.forfeited_by(side)) {
            return Err(Refusal::Floor {
                round,
                board,
                why: FloorWhy::NotAForfeitAgainst { side, existing },
            });
        }
        // Both were absent: the one who came wins by forfeit; otherwise the game is played.
        let result = (existing == Some(GameResult::DoubleForfeit)
            && !g.seats.get(side.other()).present)
            .then_some(GameResult::win_for(side, true));
        events.push(Event::ResultCorrected {
            round,
            board,
            result,
            reason: reason.to_string(),
            was: existing,
        });
        events.push(Event::SeatMarked {
            round,
            board,
            side,
            present: true,
            at,
        });
        Ok(self.with_consequences(events))
    }

    /// The board of `round` (the current one when `None`) and that round, refused when the
    /// board already has a result.
    fn unfinished_board(
        &self,
        round: Option<Round>,
        board: Board,
    ) -> Result<(&Game, Round), Refusal> {
        let g = self.board(round, board)?;
        let round = round.unwrap_or(self.current_round());
        if let Some(existing) = g.result {
            return Err(Refusal::HasResult {
                round,
                board,
                existing,
            });
        }
        Ok((g, round))
    }

    /// A loss on time the arbiter saw on a board without clock data.
    pub(super) fn decide_time_loss(
        &self,
        round: Option<Round>,
        board: Board,
        side: Side,
    ) -> Decision {
        let (g, round) = self.unfinished_board(round, board)?;
        super::decide::lot_first(g, round)?;
        if g.clock.is_some() {
            return Err(Refusal::Floor {
                round,
                board,
                why: FloorWhy::HasClockData,
            });
        }
        if self.round(round).is_some_and(|r| r.started_at.is_none()) {
            return Err(Refusal::RoundNotStarted { round });
        }
        Ok(self.with_consequences(vec![Event::ResultRecorded {
            round,
            board,
            result: GameResult::win_for(side.other(), false),
            cause: Cause::Time,
            at: None,
        }]))
    }
}
