//! Consecutive forfeits (docs/rules.md#4-late-arrival-forfeits-withdrawal): reaching
//! `withdraw_after_forfeits` withdraws the player by the rule, and a correction that takes
//! the count back below the limit undoes a withdrawal the rule made.
//!
//! The rule reads the state as the pending events of a decision leave it. Those events
//! almost always only record, correct or annotate results (a result, a foul, a seat, a
//! clock): then the rule reads the state itself with their results laid over it ([`Pending`]),
//! not a copy of the whole event with them applied, so a decision costs the same in a field of
//! ten thousand as in one of ten (docs/performance.md#a-whole-event-linear-in-the-field).
//! Events that change more (a pairing, a game added, a lot's colours, a player's status) are
//! applied to a copy, as before.

use std::cell::OnceCell;
use std::collections::HashMap;

use super::super::event::Event;
use super::super::ids::{Board, PlayerNo, Round};
use super::super::result::GameResult;
use super::super::tournament::{Game, Status, Tournament};

/// The results the pending events record or correct, laid over the state's (the last one of a
/// board wins, as `apply` would leave it).
struct Pending {
    results: Vec<((Round, Board), Option<GameResult>)>,
}

impl Pending {
    /// The overlay of `events` on `t`, or `None` when one of them changes anything the rule
    /// reads besides a result: the players' statuses, the rounds' games and byes, a game's
    /// colours. Every event is named, so a new one must be placed here.
    fn of(t: &Tournament, events: &[Event]) -> Option<Pending> {
        let mut results = Vec::new();
        for e in events {
            match e {
                Event::ResultRecorded {
                    round,
                    board,
                    result,
                    ..
                } => {
                    if t.game(*round, *board).is_some() {
                        results.push(((*round, *board), Some(*result)));
                    }
                }
                Event::ResultCorrected {
                    round,
                    board,
                    result,
                    ..
                } => {
                    if t.game(*round, *board).is_some() {
                        results.push(((*round, *board), *result));
                    }
                }
                // Seats, fouls, clocks, notes, reports, codes and the round's annotations:
                // no result, no colour, no status, no game.
                Event::SeatMarked { .. }
                | Event::FoulRecorded { .. }
                | Event::Clock { .. }
                | Event::MoveLimitNoted { .. }
                | Event::TimeCorrected { .. }
                | Event::AutoAdvanced { .. }
                | Event::RoundStarted { .. }
                | Event::StartCorrected { .. }
                | Event::ColourChosen { .. }
                | Event::PairingNoted { .. }
                | Event::PairingOutdated { .. }
                | Event::PairingKept { .. }
                | Event::CodesIssued { .. }
                | Event::ResultReported { .. }
                | Event::WrongCodeGiven { .. }
                | Event::ReportsUnlocked { .. }
                | Event::SignaturesOverridden { .. }
                | Event::RulesAmended { .. }
                | Event::RequestedByesRecorded { .. }
                | Event::ByeRequested { .. }
                | Event::ByeCancelled { .. } => {}
                Event::Created { .. }
                | Event::PlayerRegistered { .. }
                | Event::PlayerWithdrawn { .. }
                | Event::PlayerReinstated { .. }
                | Event::NumbersDrawn { .. }
                | Event::RoundPaired { .. }
                | Event::BoardsVacant { .. }
                | Event::RoundUnpaired { .. }
                | Event::PairingOverridden { .. }
                | Event::GameAdded { .. }
                | Event::LotDrawn { .. }
                | Event::TeamRegistered { .. }
                | Event::LineupSubmitted { .. }
                | Event::TeamChanged { .. } => return None,
            }
        }
        Some(Pending { results })
    }

    /// The result of `g` (of `round`) once the pending events are applied.
    fn result(&self, round: Round, g: &Game) -> Option<GameResult> {
        self.results
            .iter()
            .rev()
            .find(|(at, _)| *at == (round, g.board))
            .map_or(g.result, |(_, r)| *r)
    }
}

/// How many of `no`'s most recent paired rounds (with results) ended in their forfeit, each
/// round's game of theirs found through `seat` and its result read through `result`. Rounds
/// they were not paired in are skipped; a bye or a played game ends the run.
fn forfeit_run<'t>(
    t: &'t Tournament,
    no: PlayerNo,
    seat: impl Fn(usize, PlayerNo) -> Option<&'t Game>,
    result: impl Fn(Round, &Game) -> Option<GameResult>,
) -> u32 {
    let mut n = 0;
    for (k, r) in t.rounds.iter().enumerate().rev() {
        let Some(g) = seat(k, no) else {
            if r.byes.contains(&no) {
                break;
            }
            continue;
        };
        let Some(side) = g.side_of(no) else { break };
        match result(r.round, g) {
            Some(res) if res.forfeited_by(side) => n += 1,
            Some(_) => break,
            None => {}
        }
    }
    n
}

/// Each round's players and their games, a round indexed the first time it is read: a
/// decision that touches a whole round's players finds each one's game without scanning the
/// round for every one of them.
struct Seats<'t> {
    t: &'t Tournament,
    rounds: Vec<OnceCell<HashMap<PlayerNo, usize>>>,
}

impl<'t> Seats<'t> {
    fn new(t: &'t Tournament) -> Seats<'t> {
        Seats {
            t,
            rounds: t.rounds.iter().map(|_| OnceCell::new()).collect(),
        }
    }

    fn game(&self, k: usize, no: PlayerNo) -> Option<&'t Game> {
        let games = &self.t.rounds[k].games;
        let index = self.rounds[k].get_or_init(|| {
            let mut at = HashMap::with_capacity(2 * games.len());
            for (i, g) in games.iter().enumerate() {
                at.entry(g.red).or_insert(i);
                at.entry(g.black).or_insert(i);
            }
            at
        });
        index.get(&no).map(|&i| &games[i])
    }
}

impl Tournament {
    /// How many of the player's most recent paired rounds (with results) ended in their
    /// forfeit. Rounds they were not paired in are skipped; a bye or a played game ends the run.
    pub fn consecutive_forfeits(&self, no: PlayerNo) -> u32 {
        forfeit_run(
            self,
            no,
            |k, no| self.rounds[k].game_of(no),
            |_, g| g.result,
        )
    }

    /// Adds what `events` trigger under the consecutive-forfeit rule: a withdrawal when a
    /// player reaches the limit, and the undoing of a withdrawal the rule made once a
    /// correction takes the player back below it.
    pub(in crate::domain) fn with_consequences(&self, events: Vec<Event>) -> Vec<Event> {
        self.consequences(events, true)
    }

    /// [`Tournament::with_consequences`], reading the state through the pending events'
    /// overlay where it can (`overlay`), or always through a copy with them applied.
    fn consequences(&self, events: Vec<Event>, overlay: bool) -> Vec<Event> {
        let limit = self.rules.withdraw_after_forfeits;
        if limit == 0 || events.is_empty() {
            return events;
        }
        // The common case without reading any further: results that are no forfeit can
        // only lower a player's run of forfeits (an unreported game is skipped, a played one
        // ends the run), which matters only to a player this rule withdrew.
        let plain = events.iter().all(|e| match e {
            Event::ResultRecorded {
                round,
                board,
                result,
                ..
            } => {
                !result.is_forfeit()
                    && self.game(*round, *board).is_some_and(|g| {
                        [g.red, g.black].iter().all(|&no| {
                            self.player(no).is_some_and(|p| {
                                !matches!(p.status, Status::Withdrawn { by_rule: true })
                            })
                        })
                    })
            }
            _ => false,
        });
        if plain {
            return events;
        }
        let copy;
        let (after, pending) = if let Some(p) = Pending::of(self, &events).filter(|_| overlay) {
            (self, p)
        } else {
            let mut t = self.clone();
            for e in &events {
                t.apply(e);
            }
            copy = t;
            let none = Pending {
                results: Vec::new(),
            };
            (&copy, none)
        };
        let mut touched: Vec<PlayerNo> = Vec::new();
        for e in &events {
            if let Some((round, board)) = e.board()
                && let Some(g) = after.game(round, board)
            {
                touched.push(g.red);
                touched.push(g.black);
            }
        }
        touched.sort();
        touched.dedup();
        let mut out = events;
        // A few players (a board's two): a scan of their rounds costs less than an index.
        let seats = (touched.len() > 8).then(|| Seats::new(after));
        for no in touched {
            let Some(p) = after.player(no) else { continue };
            let seat = |k: usize, no: PlayerNo| match &seats {
                Some(s) => s.game(k, no),
                None => after.rounds[k].game_of(no),
            };
            let count = forfeit_run(after, no, seat, |round, g| pending.result(round, g));
            match p.status {
                Status::Active if count >= limit => out.push(Event::PlayerWithdrawn {
                    no,
                    by_rule: true,
                    reason: format!("{limit} consecutive forfeits (连续{limit}轮弃权)"),
                }),
                Status::Withdrawn { by_rule: true } if count < limit => {
                    out.push(Event::PlayerReinstated {
                        no,
                        reason: format!(
                            "a forfeit was corrected: {count} consecutive forfeit(s), below the limit of {limit}"
                        ),
                    });
                }
                _ => {}
            }
        }
        out
    }
}

#[cfg(test)]
mod tests;
