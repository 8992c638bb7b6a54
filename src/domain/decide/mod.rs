//! `decide`: every business rule. A command becomes the events that record it, or a refusal
//! that leaves the state unchanged. Time is passed in; nothing here reads a clock or a file.
//! The floor rules (clocks, seats, fouls, time-based consequences) live in `floor.rs`.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::command::{Actor, Command};
use super::event::{Cause, Event};
use super::ids::{Board, PlayerNo, Round};
use super::refusal::{ReasonFor, Refusal};
use super::registration;
use super::result::GameResult;
use super::tournament::{Game, Status, Tournament};

mod pair;

type Decision = Result<Vec<Event>, Refusal>;

impl Tournament {
    /// Decides what `cmd`, given by `actor`, records. Never changes `self`.
    pub fn decide(&self, actor: &Actor, cmd: &Command) -> Decision {
        if !cmd.allowed(actor.role) {
            return Err(Refusal::NotAllowed {
                user: actor.user.clone(),
                role: actor.role.word(),
                what: cmd.deed(),
            });
        }
        super::command::check_command(cmd).map_err(Refusal::Text)?;
        self.head_decides(actor, cmd)?;
        match cmd {
            Command::RegisterPlayer(entry) => registration::register(self, entry),
            Command::WithdrawPlayer { no, reason } => {
                let p = self.player(*no).ok_or(Refusal::UnknownPlayer(*no))?;
                if p.status != Status::Active {
                    return Err(Refusal::AlreadyWithdrawn {
                        no: *no,
                        name: p.entry.name.clone(),
                    });
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
                    return Err(Refusal::NotWithdrawn {
                        no: *no,
                        name: p.entry.name.clone(),
                    });
                }
                if reason.trim().is_empty() {
                    return Err(Refusal::ReasonNeeded(ReasonFor::Reinstatement));
                }
                Ok(vec![Event::PlayerReinstated {
                    no: *no,
                    reason: reason.clone(),
                }])
            }
            Command::DrawNumbers { seed } => self.decide_draw(Some(*seed)),
            Command::NumberInOrder => self.decide_draw(None),
            Command::RequestBye {
                round,
                no,
                points,
                reason,
            } => super::requested_bye::decide_request(self, *round, *no, *points, reason),
            Command::CancelBye { round, no, reason } => {
                super::requested_bye::decide_cancel(self, *round, *no, reason)
            }
            Command::PairNextRound => self.decide_pair(&[]),
            Command::PairNextRoundWith { red } => self.decide_pair(red),
            Command::PairRelaxed { reason } => self.decide_pair_relaxed(reason),
            Command::PairManual {
                games,
                byes,
                reason,
                force,
            } => self.decide_pair_manual(games, byes, reason, *force),
            Command::UnpairRound { reason } => {
                let r = self.current().ok_or(Refusal::NoRound)?;
                if r.has_any_result() {
                    return Err(Refusal::ResultsEntered(r.round));
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
                    return Err(Refusal::AlreadyStarted {
                        round: r.round,
                        at: s,
                    });
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
            } => {
                if correct.is_some() {
                    // A signed result stands (docs/self-report.md).
                    self.keep_signed(*round, *board)?;
                }
                self.decide_result(*round, *board, *result, correct.as_ref(), Cause::Arbiter)
            }
            Command::AmendRules {
                field,
                value,
                reason,
            } => self.decide_amend(field, value, reason),
            Command::CorrectDespiteSignatures {
                round,
                board,
                result,
                reason,
            } => self.decide_despite_signatures(*round, *board, *result, reason),
            Command::ConfirmFlag { board, side, at } => self.decide_flag(*board, *side, *at),
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
            } => self.decide_clock(*round, *board, action, *at),
            Command::NoteMoveLimit { board, note } => self.decide_move_limit(*board, note),
            Command::Tick { now } => Ok(self.decide_tick(*now)),
            Command::AutoAdvance { now } => self.decide_auto_advance(*now),
            Command::CorrectStart { at, reason } => {
                let r = self.current().ok_or(Refusal::NoRound)?;
                if r.started_at.is_none() {
                    return Err(Refusal::NotStartedYet(r.round));
                }
                if reason.trim().is_empty() {
                    return Err(Refusal::ReasonNeeded(ReasonFor::StartCorrection));
                }
                Ok(vec![Event::StartCorrected {
                    round: r.round,
                    at: *at,
                    reason: reason.clone(),
                }])
            }
            Command::DrawLot { board, higher } => self.decide_lot(*board, *higher),
            Command::KeepPairing { reason } => self.decide_keep(reason),
            Command::RepairRound { reason } => self.decide_repair(reason),
            Command::TimeLoss { round, board, side } => {
                self.decide_time_loss(*round, *board, *side)
            }
            Command::ClaimFoulLoss { round, board, side } => {
                self.decide_claim_foul(*round, *board, *side)
            }
            Command::RegisterTeam {
                name,
                players,
                reserves,
            } => super::team::lineup::register(self, name, players, reserves),
            Command::SubmitLineup {
                round,
                team,
                players,
            } => super::team::lineup::submit(self, *round, *team, players),
            Command::ChangeTeam {
                team,
                change,
                reason,
            } => super::team::roster::change(self, *team, *change, reason),
            Command::ReportResult {
                round,
                board,
                result,
                code,
                at,
            } => self.decide_report(*round, *board, *result, code, *at),
            Command::ConfirmReport { round, board } => self.decide_confirm(*round, *board),
            Command::UnlockReports { round, board } => self.decide_unlock(*round, *board),
        }
    }

    /// The armageddon boards of the current round still waiting for their result, with the
    /// higher-ranked player of each (the one whose lot `pair --lot` records).
    pub fn lots_due(&self) -> Vec<(Board, PlayerNo, PlayerNo)> {
        let Some(r) = self.current() else {
            return Vec::new();
        };
        let seeds = super::knockout::seeds(self);
        let rank = |no: PlayerNo| seeds.iter().position(|s| *s == no).unwrap_or(usize::MAX);
        r.games
            .iter()
            .filter(|g| g.game == super::event::GameKind::Armageddon && g.result.is_none())
            .map(|g| {
                let (hi, lo) = if rank(g.red) <= rank(g.black) {
                    (g.red, g.black)
                } else {
                    (g.black, g.red)
                };
                (g.board, hi, lo)
            })
            .collect()
    }

    /// `pair --lot red|black`: the colour the higher-ranked player drew for an armageddon
    /// game, entered by hand before its result.
    fn decide_lot(&self, board: Option<Board>, higher: super::side::Side) -> Decision {
        let round = self.current_round();
        let due = self.lots_due();
        let pick = match board {
            Some(b) => due.iter().find(|(x, ..)| *x == b),
            None => due.first(),
        };
        let Some(&(board, hi, lo)) = pick else {
            return match board {
                Some(b) if self.board(None, b).is_err() => {
                    Err(Refusal::UnknownBoard { round, board: b })
                }
                _ => Err(Refusal::NoLotDue(round)),
            };
        };
        let (red, black) = match higher {
            super::side::Side::Red => (hi, lo),
            super::side::Side::Black => (lo, hi),
        };
        Ok(vec![Event::LotDrawn {
            round,
            board,
            red,
            black,
        }])
    }

    fn decide_draw(&self, seed: Option<u64>) -> Decision {
        if !super::competition::hand_pairing_allowed(self) && seed.is_some() {
            // Rosters name players by number: a random draw would move them.
            return Err(Refusal::Team(super::team::TeamFault::NoDraw));
        }
        if !self.rounds.is_empty() {
            return Err(Refusal::DrawAfterPairing);
        }
        if self.players.is_empty() {
            return Err(Refusal::NoPlayers);
        }
        Ok(vec![Event::NumbersDrawn {
            seed,
            order: self.draw_order(seed),
        }])
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
        if r.vacant.iter().any(|v| v.board == board) {
            // A vacant board (缺台) is no game: nothing is entered there.
            return Err(Refusal::VacantBoard { round, board });
        }
        r.game(board).ok_or(Refusal::UnknownBoard { round, board })
    }

    pub(super) fn decide_result(
        &self,
        round: Option<Round>,
        board: Board,
        result: GameResult,
        correct: Option<&String>,
        cause: Cause,
    ) -> Decision {
        let g = self.board(round, board)?;
        let current = self.current_round();
        if let Some(typed) = round
            && typed != current
            && correct.is_none()
        {
            // An entry bound to a round that is over (the next one was paired meanwhile).
            return Err(Refusal::RoundChanged { typed, current });
        }
        let round = round.unwrap_or(current);
        if correct.is_none() && self.round(round).is_some_and(|r| r.started_at.is_none()) {
            return Err(Refusal::RoundNotStarted { round });
        }
        if correct.is_none() {
            lot_first(g, round)?;
        }
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
                    return Err(Refusal::ReasonNeeded(ReasonFor::Correction));
                }
                if g.result == Some(result) {
                    return Err(Refusal::SameResult {
                        round,
                        board,
                        result,
                    });
                }
                events.push(Event::ResultCorrected {
                    round,
                    board,
                    result: Some(result),
                    reason: reason.clone(),
                    was: g.result,
                });
                events.extend(self.outdating(round, board));
            }
            (None, None) => events.push(Event::ResultRecorded {
                round,
                board,
                result,
                cause,
                at: None,
            }),
        }
        if g.stage != super::event::Stage::Swiss {
            // A drawn knockout game calls for the next tie-break game of the match.
            let mut after = self.clone();
            for e in &events {
                after.apply(e);
            }
            events.extend(super::knockout::follow_up(&after, round, board));
        }
        Ok(self.with_consequences(events))
    }
}

/// Refuses anything that decides an armageddon game before its colour lot is entered
/// (seed 003 "抽签加赛一局附加赛（和棋黑胜）": the lot, not the tool, gives the colours).
///
/// # Errors
/// `Refusal::LotFirst` for an armageddon game whose lot is not entered yet.
pub fn lot_first(g: &Game, round: Round) -> Result<(), Refusal> {
    if g.game == super::event::GameKind::Armageddon && !g.lot {
        return Err(Refusal::LotFirst {
            round,
            board: g.board,
        });
    }
    Ok(())
}
