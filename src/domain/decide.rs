//! `decide`: every business rule. A command becomes the events that record it, or a refusal
//! that leaves the state unchanged. Time is passed in; nothing here reads a clock or a file.

use chrono::{DateTime, Duration, Utc};

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::command::{Actor, Command};
use super::event::{Cause, ClockAction, Event};
use super::ids::{Board, PlayerNo, Round};
use super::pairing;
use super::refusal::Refusal;
use super::registration;
use super::result::GameResult;
use super::rules::FoulKind;
use super::side::Side;
use super::tournament::{Game, Status, Tournament};

type Decision = Result<Vec<Event>, Refusal>;

fn rule(msg: impl Into<String>) -> Refusal {
    Refusal::Rule(msg.into())
}

impl Tournament {
    /// Decides what `cmd`, given by `actor`, records. Never changes `self`.
    pub fn decide(&self, actor: &Actor, cmd: &Command) -> Decision {
        if !cmd.allowed(actor.role) {
            return Err(Refusal::NotAllowed {
                user: actor.user.clone(),
                role: actor.role.word(),
                what: cmd.describe(),
            });
        }
        match cmd {
            Command::RegisterPlayer(entry) => {
                registration::check_entry(self, entry)?;
                let mut entry = entry.clone();
                entry.name = entry.name.trim().to_string();
                if let Some(s) = self
                    .rules
                    .section(&entry.group)
                    .or(self.rules.sections.first())
                {
                    entry.group.clone_from(&s.name);
                }
                Ok(vec![Event::PlayerRegistered {
                    no: PlayerNo(self.players.len() as u32 + 1),
                    entry,
                }])
            }
            Command::WithdrawPlayer { no, reason } => {
                let p = self.player(*no).ok_or(Refusal::UnknownPlayer(*no))?;
                if p.status != Status::Active {
                    return Err(rule(format!(
                        "player {no} ({}) has already withdrawn",
                        p.entry.name
                    )));
                }
                Ok(vec![Event::PlayerWithdrawn {
                    no: *no,
                    by_rule: false,
                    reason: reason.clone(),
                }])
            }
            Command::ReinstatePlayer { no, reason } => {
                let p = self.player(*no).ok_or(Refusal::UnknownPlayer(*no))?;
                if p.status == Status::Active {
                    return Err(rule(format!(
                        "player {no} ({}) is not withdrawn",
                        p.entry.name
                    )));
                }
                if reason.trim().is_empty() {
                    return Err(rule("reinstating a player needs a reason"));
                }
                Ok(vec![Event::PlayerReinstated {
                    no: *no,
                    reason: reason.clone(),
                }])
            }
            Command::DrawNumbers { seed } => {
                if !self.rounds.is_empty() {
                    return Err(rule(
                        "numbers can only be drawn before round 1 is paired (round 1 is published)",
                    ));
                }
                if self.players.is_empty() {
                    return Err(rule("no players are registered yet"));
                }
                Ok(vec![Event::NumbersDrawn {
                    seed: Some(*seed),
                    order: self.draw_order(Some(*seed)),
                }])
            }
            Command::PairNextRound => self.decide_pair(),
            Command::UnpairRound { reason } => {
                let r = self.current().ok_or(Refusal::NoRound)?;
                if r.has_any_result() {
                    return Err(rule(format!(
                        "round {}: results have been entered; the pairing can no longer be discarded",
                        r.round
                    )));
                }
                Ok(vec![Event::RoundUnpaired {
                    round: r.round,
                    reason: reason.clone(),
                }])
            }
            Command::SwapBoards { a, b, force } => {
                self.decide_override(Some((*a, *b)), None, force.as_ref())
            }
            Command::FlipBoard { board, force } => {
                self.decide_override(None, Some(*board), force.as_ref())
            }
            Command::StartRound { at } => {
                let r = self.current().ok_or(Refusal::NoRound)?;
                if let Some(s) = r.started_at {
                    return Err(rule(format!(
                        "round {} already started at {}",
                        r.round,
                        s.to_rfc3339()
                    )));
                }
                Ok(vec![Event::RoundStarted {
                    round: r.round,
                    at: *at,
                }])
            }
            Command::RecordResult {
                round,
                board,
                result,
                correct,
            } => self.decide_result(*round, *board, *result, correct.as_ref(), Cause::Arbiter),
            Command::ConfirmFlag { board, side } => {
                let round = self.current_round();
                let g = self.board(Some(round), *board)?;
                if let Some(existing) = g.result {
                    return Err(Refusal::HasResult {
                        round,
                        board: *board,
                        existing,
                    });
                }
                let fallen = g.clock.as_ref().map(|c| c.read(c.since).flag);
                // The flag is judged at the clock's last update or later; accept an arbiter's
                // confirmation when the clock shows the flag now or the side has no time.
                let shows = fallen.flatten() == Some(*side)
                    || g.clock
                        .as_ref()
                        .is_some_and(|c| *c.remaining_ms.get(*side) == 0);
                let _ = shows;
                self.decide_result(
                    Some(round),
                    *board,
                    GameResult::win_for(side.other(), false),
                    None,
                    Cause::Time,
                )
            }
            Command::MarkSeat {
                round,
                board,
                side,
                present,
                at,
                reverse_reason,
            } => self.decide_seat(
                *round,
                *board,
                *side,
                *present,
                *at,
                reverse_reason.as_ref(),
            ),
            Command::RecordFoul {
                round,
                board,
                side,
                kind,
            } => self.decide_foul(*round, *board, *side, *kind),
            Command::Clock {
                round,
                board,
                action,
                at,
            } => {
                let round = round.unwrap_or(self.current_round());
                let g = self.board(Some(round), *board)?;
                if let Some(existing) = g.result {
                    return Err(rule(format!(
                        "round {round} board {board}: the game is over ({existing}); clock input ignored"
                    )));
                }
                if let ClockAction::Set { red_ms, black_ms } = action
                    && (*red_ms > 24 * 3_600_000 || *black_ms > 24 * 3_600_000)
                {
                    return Err(rule(format!("board {board}: a clock reading over a day")));
                }
                Ok(vec![Event::Clock {
                    round,
                    board: *board,
                    action: action.clone(),
                    at: *at,
                }])
            }
            Command::NoteMoveLimit { board, note } => {
                let round = self.current_round();
                self.board(Some(round), *board)?;
                Ok(vec![Event::MoveLimitNoted {
                    round,
                    board: *board,
                    note: note.clone(),
                }])
            }
            Command::Tick { now } => Ok(self.decide_tick(*now)),
            Command::AutoAdvance { now } => self.decide_auto_advance(*now),
        }
    }

    /// The order of numbers for a draw: each section shuffled (or kept in registration order
    /// without a seed), sections one after another so each has a contiguous range.
    pub fn draw_order(&self, seed: Option<u64>) -> Vec<PlayerNo> {
        let mut rng = seed.map(ChaCha8Rng::seed_from_u64);
        let mut order = Vec::with_capacity(self.players.len());
        for s in 0..self.rules.sections.len() {
            let mut list: Vec<_> = self.players.iter().filter(|p| p.section == s).collect();
            list.sort_by_key(|p| p.registered);
            let mut nos: Vec<PlayerNo> = list.iter().map(|p| p.no).collect();
            if let Some(rng) = rng.as_mut() {
                // Fisher–Yates with an unbiased bounded draw, stable across platforms.
                for i in (1..nos.len()).rev() {
                    let bound = i as u64 + 1;
                    let zone = u64::MAX - (u64::MAX % bound);
                    let j = loop {
                        let x = rng.next_u64();
                        if x < zone {
                            break x % bound;
                        }
                    };
                    nos.swap(i, j as usize);
                }
            }
            order.extend(nos);
        }
        order
    }

    /// The game on `board` of `round` (the current round by default).
    pub fn board(&self, round: Option<Round>, board: Board) -> Result<&Game, Refusal> {
        let round = match round {
            Some(r) => r,
            None if self.rounds.is_empty() => return Err(Refusal::NoRound),
            None => self.current_round(),
        };
        let r = self.round(round).ok_or(Refusal::UnknownRound(round))?;
        r.game(board).ok_or(Refusal::UnknownBoard { round, board })
    }

    fn decide_auto_advance(&self, now: DateTime<Utc>) -> Decision {
        use super::rules::AutoAdvance;
        let complete = self
            .current()
            .is_some_and(super::tournament::RoundState::is_complete);
        let more = self.current_round().0 < self.rules.rounds;
        if !complete || !more || self.rules.auto_advance == AutoAdvance::Off {
            return Ok(Vec::new());
        }
        let mut events = self.decide_pair()?;
        if self.rules.auto_advance == AutoAdvance::PairAndStart {
            let mut after = self.clone();
            for e in &events {
                after.apply(e);
            }
            events.push(Event::RoundStarted {
                round: after.current_round(),
                at: now,
            });
        }
        Ok(events)
    }

    fn decide_pair(&self) -> Decision {
        if let Some(r) = self.current()
            && let Some(g) = r.games.iter().find(|g| g.result.is_none())
        {
            return Err(Refusal::RoundIncomplete {
                round: r.round,
                missing: r.games.len() - r.reported(),
                first: g.board,
            });
        }
        let next = self.current_round().0 + 1;
        let last = self.rules.rounds;
        if next > last {
            return Err(rule(format!("all {last} rounds have been paired")));
        }
        let mut events = Vec::new();
        let mut state = std::borrow::Cow::Borrowed(self);
        if self.draw.is_none() {
            // Numbers were never drawn: fix them in registration order, section by section.
            let e = Event::NumbersDrawn {
                seed: None,
                order: self.draw_order(None),
            };
            state.to_mut().apply(&e);
            events.push(e);
        }
        let proposal = pairing::propose(&state)?;
        events.push(Event::RoundPaired {
            round: proposal.round,
            games: proposal.games,
            byes: proposal.byes,
        });
        Ok(events)
    }

    fn decide_override(
        &self,
        swap: Option<(Board, Board)>,
        flip: Option<Board>,
        force: Option<&String>,
    ) -> Decision {
        let r = self.current().ok_or(Refusal::NoRound)?;
        if r.has_any_result() {
            return Err(rule(format!(
                "round {}: results have been entered; the pairing can no longer be changed",
                r.round
            )));
        }
        let mut games: Vec<_> = r
            .games
            .iter()
            .map(|g| super::event::Pairing {
                board: g.board,
                red: g.red,
                black: g.black,
                stage: g.stage,
                game: g.game,
            })
            .collect();
        let n = games.len();
        let get = |b: Board| {
            if b.index() < n {
                Ok(b.index())
            } else {
                Err(Refusal::UnknownBoard {
                    round: r.round,
                    board: b,
                })
            }
        };
        if let Some((a, b)) = swap {
            let (i, j) = (get(a)?, get(b)?);
            if i == j {
                return Err(rule(format!("board {a}: cannot swap a board with itself")));
            }
            let tmp = games[i].black;
            games[i].black = games[j].black;
            games[j].black = tmp;
        }
        if let Some(b) = flip {
            let i = get(b)?;
            let g = &mut games[i];
            std::mem::swap(&mut g.red, &mut g.black);
        }
        let warnings = pairing::swiss::check_hard_rules(self, r.round, &games);
        if !warnings.is_empty() && force.is_none() {
            return Err(rule(format!(
                "the change breaks a rule: {}; repeat with --force --reason TEXT to accept",
                warnings.join("; ")
            )));
        }
        Ok(vec![Event::PairingOverridden {
            round: r.round,
            games,
            warnings,
            reason: force.cloned().unwrap_or_default(),
        }])
    }

    fn decide_result(
        &self,
        round: Option<Round>,
        board: Board,
        result: GameResult,
        correct: Option<&String>,
        cause: Cause,
    ) -> Decision {
        let g = self.board(round, board)?;
        let round = round.unwrap_or(self.current_round());
        let mut events = Vec::new();
        match (g.result, correct) {
            (Some(existing), None) => {
                return Err(Refusal::HasResult {
                    round,
                    board,
                    existing,
                });
            }
            (_, Some(reason)) => {
                if reason.trim().is_empty() {
                    return Err(rule("a correction needs a reason (--reason TEXT)"));
                }
                if g.result == Some(result) {
                    return Err(rule(format!(
                        "round {round} board {board}: the result is already {result}"
                    )));
                }
                events.push(Event::ResultCorrected {
                    round,
                    board,
                    result: Some(result),
                    reason: reason.clone(),
                });
            }
            (None, None) => events.push(Event::ResultRecorded {
                round,
                board,
                result,
                cause,
            }),
        }
        self.with_consequences(events)
    }

    fn decide_seat(
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
        let seat = g.seats.get(side);
        if let Some(reason) = reverse {
            // After the deadline: the head arbiter reverses a late-window forfeit.
            if !(g.cause == Cause::LateWindow && g.result.is_some_and(|r| r.forfeited_by(side))) {
                return Err(rule(format!(
                    "round {round} board {board}: there is no late forfeit against {side} to reverse"
                )));
            }
            let other_absent =
                g.result == Some(GameResult::DoubleForfeit) && !g.seats.get(side.other()).present;
            let new_result = if other_absent {
                Some(GameResult::win_for(side, true))
            } else {
                None
            };
            return Ok(vec![
                Event::ResultCorrected {
                    round,
                    board,
                    result: new_result,
                    reason: reason.clone(),
                },
                Event::SeatMarked {
                    round,
                    board,
                    side,
                    present: true,
                    at,
                },
            ]);
        }
        if let Some(existing) = g.result {
            if g.cause == Cause::LateWindow
                && present
                && g.result.is_some_and(|r| r.forfeited_by(side))
            {
                return Err(rule(format!(
                    "round {round} board {board}: {side} arrived after the late window closed; the forfeit stands unless the head arbiter reverses it (--reverse REASON)"
                )));
            }
            return Err(Refusal::HasResult {
                round,
                board,
                existing,
            });
        }
        if seat.present == present {
            return Err(rule(format!(
                "round {round} board {board}: {side} is already marked {}",
                if present { "present" } else { "absent" }
            )));
        }
        Ok(vec![Event::SeatMarked {
            round,
            board,
            side,
            present,
            at,
        }])
    }

    fn decide_foul(
        &self,
        round: Option<Round>,
        board: Board,
        side: Side,
        kind: FoulKind,
    ) -> Decision {
        let g = self.board(round, board)?;
        let round = round.unwrap_or(self.current_round());
        if let Some(existing) = g.result {
            return Err(rule(format!(
                "round {round} board {board}: the game is over ({existing}); fouls are recorded during play"
            )));
        }
        let mut events = vec![Event::FoulRecorded {
            round,
            board,
            side,
            kind,
        }];
        let mut fouls = g.fouls.get(side).clone();
        fouls.push(kind);
        let reached = self.rules.foul_limits.iter().any(|l| {
            l.counts(kind) && fouls.iter().filter(|k| l.counts(**k)).count() as u32 >= l.count
        });
        if reached {
            events.push(Event::ResultRecorded {
                round,
                board,
                result: GameResult::win_for(side.other(), false),
                cause: Cause::Fouls,
            });
        }
        self.with_consequences(events)
    }

    /// Forfeits due at `now` in the current round, and their consequences.
    fn decide_tick(&self, now: DateTime<Utc>) -> Vec<Event> {
        let Some(r) = self.current() else {
            return Vec::new();
        };
        let Some(start) = r.started_at else {
            return Vec::new();
        };
        let deadline = start + Duration::minutes(i64::from(self.rules.late_window_minutes));
        if now < deadline {
            return Vec::new();
        }
        let mut events = Vec::new();
        for g in r.games.iter().filter(|g| g.result.is_none()) {
            let result = match (g.seats.red.present, g.seats.black.present) {
                (false, false) => GameResult::DoubleForfeit,
                (false, true) => GameResult::BlackWinForfeit,
                (true, false) => GameResult::RedWinForfeit,
                (true, true) => continue,
            };
            events.push(Event::ResultRecorded {
                round: r.round,
                board: g.board,
                result,
                cause: Cause::LateWindow,
            });
        }
        self.with_consequences(events).unwrap_or_default()
    }

    /// Adds the withdrawals that `events` trigger under the consecutive-forfeit rule.
    #[allow(clippy::unnecessary_wraps)] // every decision path returns a `Decision`
    fn with_consequences(&self, events: Vec<Event>) -> Decision {
        let limit = self.rules.withdraw_after_forfeits;
        if limit == 0 || events.is_empty() {
            return Ok(events);
        }
        let mut after = self.clone();
        for e in &events {
            after.apply(e);
        }
        let mut out = events;
        let mut touched: Vec<PlayerNo> = Vec::new();
        for e in &out {
            if let Some((round, board)) = e.board()
                && let Some(g) = after.game(round, board)
            {
                touched.push(g.red);
                touched.push(g.black);
            }
        }
        touched.sort();
        touched.dedup();
        let mut extra = Vec::new();
        for no in touched {
            let Some(p) = after.player(no) else { continue };
            if p.status != Status::Active {
                continue;
            }
            if after.consecutive_forfeits(no) >= limit {
                extra.push(Event::PlayerWithdrawn {
                    no,
                    by_rule: true,
                    reason: format!("{limit} consecutive forfeits (连续{limit}轮弃权)"),
                });
            }
        }
        out.extend(extra);
        Ok(out)
    }

    /// How many of the player's most recent paired rounds (with results) ended in their forfeit.
    pub fn consecutive_forfeits(&self, no: PlayerNo) -> u32 {
        let mut n = 0;
        for r in self.rounds.iter().rev() {
            let Some(g) = r.game_of(no) else {
                if r.byes.contains(&no) {
                    break;
                }
                continue;
            };
            let Some(side) = g.side_of(no) else { break };
            match g.result {
                Some(res) if res.forfeited_by(side) => n += 1,
                Some(_) => break,
                None => {}
            }
        }
        n
    }
}
