//! How each event changes the state (`Tournament::apply`): the fold of the log. Never refuses;
//! `decide` has judged every event before it is written.

use super::{Game, Player, RoundState, Seat, Status, Tournament, keep};
use crate::domain::clock::Clock;
use crate::domain::event::{Cause, Event, Pairing};
use crate::domain::ids::{Board, PlayerNo, Round};
use crate::domain::rules::SeatMode;
use crate::domain::side::BySide;

impl Tournament {
    fn new_game(&self, p: &Pairing) -> Game {
        let present = self.rules.seat_mode == SeatMode::MarkAbsent;
        let section = self.player(p.red).map_or(0, |pl| pl.section);
        Game {
            board: p.board,
            red: p.red,
            black: p.black,
            stage: p.stage,
            game: p.game,
            section,
            result: None,
            cause: Cause::Arbiter,
            fouls: BySide::default(),
            seats: BySide::new(
                Seat {
                    present,
                    ..Seat::default()
                },
                Seat {
                    present,
                    ..Seat::default()
                },
            ),
            clock: None,
            move_limit: None,
            corrections: 0,
            lot: false,
            reports: BySide::default(),
            clock_inputs: 0,
            wrong_codes: 0,
        }
    }

    fn round_mut(&mut self, round: Round) -> Option<&mut RoundState> {
        self.rounds
            .get_mut(round.index())
            .filter(|r| r.round == round)
    }

    fn game_mut(&mut self, round: Round, board: Board) -> Option<&mut Game> {
        self.round_mut(round).and_then(|r| r.game_mut(board))
    }

    /// Folds one event into the state. Never refuses: an event that does not fit (which
    /// `decide` never produces) changes nothing.
    pub fn apply(&mut self, event: &Event) {
        self.apply_event(event);
        self.resolve_rounds();
        self.selecting.after(event, &self.rules);
    }

    fn apply_event(&mut self, event: &Event) {
        match event {
            Event::Created { title, rules } => {
                self.title.clone_from(title);
                self.rules = (**rules).clone();
                self.auto_rounds = self.rounds_from_table();
            }
            Event::PlayerRegistered { no, entry } => {
                let section = self.rules.section_index(&entry.group).unwrap_or(0);
                let mut entry = entry.clone();
                entry.group = self.section_name(section).to_string();
                let registered = self.players.len() as u32 + 1;
                let joins_round = Round(self.current_round().0 + 1);
                // Numbers are dense: a new player always takes the next free number.
                if no.index() == self.players.len() {
                    self.players.push(Player {
                        no: *no,
                        entry,
                        section,
                        status: Status::Active,
                        joins_round,
                        registered,
                        withdrawn_from: None,
                    });
                    self.entries.catch_up(&self.players, |p| &p.entry);
                }
            }
            Event::PlayerWithdrawn { no, by_rule, .. } => {
                let from = Round(self.current_round().0 + 1);
                if let Some(p) = self.players.get_mut(no.index()) {
                    p.status = Status::Withdrawn { by_rule: *by_rule };
                    p.withdrawn_from = Some(from);
                }
            }
            Event::PlayerReinstated { no, .. } => {
                if let Some(p) = self.players.get_mut(no.index()) {
                    p.status = Status::Active;
                    p.withdrawn_from = None;
                }
            }
            Event::NumbersDrawn { seed, order } => {
                if order.len() == self.players.len() {
                    let old = std::mem::take(&mut self.players);
                    self.players = order
                        .iter()
                        .enumerate()
                        .filter_map(|(i, o)| {
                            old.get(o.index()).map(|p| Player {
                                no: PlayerNo(i as u32 + 1),
                                ..p.clone()
                            })
                        })
                        .collect();
                    if self.players.len() == old.len() {
                        self.draw = Some(*seed);
                        // The draw reorders the field: its positions are indexed afresh.
                        self.reindex();
                    } else {
                        self.players = old;
                    }
                }
            }
            Event::RoundPaired { round, games, byes } => {
                if round.index() == self.rounds.len() {
                    let games: Vec<Game> = games.iter().map(|p| self.new_game(p)).collect();
                    // Paired again after a discard: the seats that changed need new slips.
                    let before = self.discarded_round.take().filter(|d| d.round == *round);
                    let reprint = before
                        .as_ref()
                        .map(|d| keep::reseated(&d.games, &games))
                        .unwrap_or_default();
                    let codes_before = before.and_then(|d| d.codes);
                    // The requested byes asked for this round (docs/rules.md#requested-byes):
                    // theirs unless the pairing seats them after all.
                    let requested = self
                        .bye_requests
                        .iter()
                        .filter(|q| q.round == *round)
                        .map(|q| q.bye)
                        .filter(|b| {
                            !byes.contains(&b.no)
                                && !games.iter().any(|g| g.side_of(b.no).is_some())
                        })
                        .collect();
                    self.rounds.push(RoundState {
                        round: *round,
                        games,
                        byes: byes.clone(),
                        started_at: None,
                        override_warnings: Vec::new(),
                        override_breaks: Vec::new(),
                        pairing_note: None,
                        outdated: Vec::new(),
                        kept: None,
                        codes: None,
                        choices: Vec::new(),
                        requested,
                        reprint,
                        codes_before,
                        vacant: Vec::new(),
                        reporting: None,
                    });
                    self.discarded = None;
                }
            }
            Event::RoundUnpaired { round, .. } => {
                if round.index() + 1 == self.rounds.len() {
                    self.discarded_round = self.rounds.pop().map(Box::new);
                    self.discarded = Some(*round);
                    // A player who withdrew while this round was paired is out of it: with
                    // the pairing gone, the round after the last one paired is this one.
                    let next = Round(round.0 + 1);
                    for p in &mut self.players {
                        if p.withdrawn_from == Some(next) {
                            p.withdrawn_from = Some(*round);
                        }
                    }
                }
            }
            Event::PairingOverridden {
                round,
                games,
                warnings,
                breaks,
                changed,
                ..
            } => {
                let Some(old) = self.round(*round) else {
                    return;
                };
                let new_games: Vec<Game> = if changed.is_some() {
                    keep::overridden(old, games, |p| self.new_game(p))
                } else {
                    // An older record: the override replaced every game of the round.
                    games.iter().map(|p| self.new_game(p)).collect()
                };
                let reseated = keep::reseated(&old.games, &new_games);
                if let Some(r) = self.round_mut(*round) {
                    r.games = new_games;
                    keep::add_seats(&mut r.reprint, reseated);
                    r.override_warnings.extend(warnings.iter().cloned());
                    r.override_breaks.extend(breaks.iter().cloned());
                }
            }
            Event::PairingNoted { round, note } => {
                if let Some(r) = self.round_mut(*round) {
                    r.pairing_note = Some(note.clone());
                }
            }
            Event::GameAdded { round, game, .. } => {
                let mut g = self.new_game(game);
                let started = self.round(*round).and_then(|r| r.started_at);
                if let Some(at) = started {
                    g.clock = Some(Clock::started(self.time_control(g.game), at));
                    if let Some(c) = g.clock.as_mut() {
                        c.running = None;
                    }
                }
                if let Some(r) = self.round_mut(*round)
                    && game.board.index() == r.games.len()
                {
                    r.games.push(g);
                }
            }
            Event::RoundStarted { round, at } => {
                if let Some(r) = self.round_mut(*round) {
                    r.started_at = Some(*at);
                }
            }
            // A corrected start replaces the time the round started at, and
            // restarts from it every clock of a game in progress that nobody has pressed yet
            // (its pauses and readings replayed); a pressed clock keeps its history.
            Event::StartCorrected { round, at, .. } => {
                let controls: Vec<_> = self
                    .round(*round)
                    .map(|r| r.games.iter().map(|g| self.time_control(g.game)).collect())
                    .unwrap_or_default();
                if let Some(r) = self.round_mut(*round) {
                    r.started_at = Some(*at);
                    for (g, tc) in r.games.iter_mut().zip(controls) {
                        if g.result.is_none()
                            && let Some(c) = g.clock.as_ref().and_then(|c| c.restarted(tc, *at))
                        {
                            g.clock = Some(c);
                        }
                    }
                }
            }
            Event::ResultRecorded {
                round,
                board,
                result,
                cause,
                at,
            } => {
                if let Some(g) = self.game_mut(*round, *board) {
                    g.result = Some(*result);
                    g.cause = *cause;
                    if let Some(c) = g.clock.as_mut() {
                        // Without a time of its own the result stops the clock at its last
                        // event: the last moment the log knows the game was in progress.
                        let at = at.unwrap_or(c.since);
                        c.stop(at);
                    }
                }
            }
            Event::ResultCorrected {
                round,
                board,
                result,
                ..
            } => {
                if let Some(g) = self.game_mut(*round, *board) {
                    g.result = *result;
                    g.cause = Cause::Arbiter;
                    g.corrections += 1;
                    if result.is_none() {
                        // A board cleared is reported afresh (docs/self-report.md).
                        g.reports = BySide::default();
                    }
                }
            }
            Event::SeatMarked {
                round,
                board,
                side,
                present,
                at,
            } => {
                let started = self.round(*round).and_then(|r| r.started_at);
                if let Some(g) = self.game_mut(*round, *board) {
                    let seat = g.seats.get_mut(*side);
                    if *present {
                        if !seat.present && started.is_some_and(|s| *at >= s) {
                            seat.arrived_at = Some(*at);
                        }
                    } else {
                        seat.marked_absent_at = Some(*at);
                        seat.arrived_at = None;
                    }
                    seat.present = *present;
                }
            }
            Event::FoulRecorded {
                round,
                board,
                side,
                kind,
            } => {
                if let Some(g) = self.game_mut(*round, *board) {
                    g.fouls.get_mut(*side).push(*kind);
                }
            }
            Event::Clock {
                round,
                board,
                action,
                at,
            } => {
                let started = self.round(*round).and_then(|r| r.started_at);
                let tc = self.game(*round, *board).map(|g| self.time_control(g.game));
                if let (Some(g), Some(tc)) = (self.game_mut(*round, *board), tc) {
                    g.clock_inputs += 1;
                    let clock = g.clock.get_or_insert_with(|| {
                        // The clock ran from the round's start with red to move; a board whose
                        // first clock event precedes the start starts at that event.
                        let from = started.filter(|s| s <= at).unwrap_or(*at);
                        Clock::started(tc, from)
                    });
                    clock.apply(action, *at);
                }
            }
            Event::MoveLimitNoted { round, board, note } => {
                if let Some(g) = self.game_mut(*round, *board) {
                    g.move_limit = Some(note.clone());
                }
            }
            // An override of signatures is a record only: the correction after it changes the
            // board.
            Event::TimeCorrected { .. }
            | Event::AutoAdvanced { .. }
            | Event::SignaturesOverridden { .. } => {}
            Event::RulesAmended {
                amendment, from, ..
            } => {
                self.apply_amendment(*amendment);
                self.amendments.push((*amendment, *from));
            }
            Event::WrongCodeGiven { round, board } => {
                if let Some(g) = self.game_mut(*round, *board) {
                    g.wrong_codes = g.wrong_codes.saturating_add(1);
                }
            }
            Event::ReportsUnlocked { round, board } => {
                if let Some(g) = self.game_mut(*round, *board) {
                    g.wrong_codes = 0;
                }
            }
            Event::BoardsVacant { round, boards } => {
                if let Some(r) = self.round_mut(*round) {
                    r.vacant.clone_from(boards);
                }
            }
            Event::ByeRequested { request } => {
                self.bye_requests
                    .retain(|q| !(q.round == request.round && q.bye.no == request.bye.no));
                self.bye_requests.push(request.clone());
            }
            Event::ByeCancelled { round, no, .. } => {
                self.bye_requests
                    .retain(|q| !(q.round == *round && q.bye.no == *no));
            }
            Event::RequestedByesRecorded { round, byes } => {
                if let Some(r) = self.round_mut(*round) {
                    r.requested.extend(byes.iter().copied());
                }
            }
            Event::ColourChosen {
                round,
                player,
                side,
            } => {
                if let Some(r) = self.round_mut(*round) {
                    r.choices.push((*player, *side));
                }
            }
            Event::TeamRegistered { team } => self.team_event.register(team),
            Event::LineupSubmitted { lineup } => self.team_event.set_lineup(lineup),
            Event::TeamChanged { team, change, .. } => {
                let paired = self.current_round();
                self.team_event.change(*team, *change, paired);
            }
            Event::LotDrawn {
                round,
                board,
                red,
                black,
            } => {
                if let Some(g) = self.game_mut(*round, *board)
                    && g.result.is_none()
                    && [g.red, g.black].contains(red)
                    && [g.red, g.black].contains(black)
                {
                    g.red = *red;
                    g.black = *black;
                    g.lot = true;
                }
            }
            Event::PairingOutdated {
                round,
                corrected_round,
                board,
            } => {
                if let Some(r) = self.round_mut(*round)
                    && !r.outdated.contains(&(*corrected_round, *board))
                {
                    r.outdated.push((*corrected_round, *board));
                    r.kept = None;
                }
            }
            Event::PairingKept { round, reason } => {
                if let Some(r) = self.round_mut(*round) {
                    r.outdated.clear();
                    r.kept = Some(reason.clone());
                }
            }
            Event::CodesIssued { round, key } => {
                if let Some(r) = self.round_mut(*round) {
                    // A re-pair under a new secret changes every code of the round.
                    if r.codes_before.as_ref().is_some_and(|k| k != key) {
                        let all = keep::every_seat(&r.games);
                        keep::add_seats(&mut r.reprint, all);
                    }
                    r.codes = Some(key.clone());
                }
            }
            Event::ResultReported {
                round,
                board,
                side,
                player,
                result,
                at,
            } => {
                if let Some(g) = self.game_mut(*round, *board)
                    && g.player(*side) == *player
                {
                    *g.reports.get_mut(*side) = Some(crate::domain::self_report::record::Report {
                        result: *result,
                        at: *at,
                    });
                }
            }
        }
    }
}
