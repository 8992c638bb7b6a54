//! The tournament state folded from the log's events. `apply` only changes state and never
//! refuses (STYLE.md); every rule is checked in `decide` (see `decide.rs`).

use chrono::{DateTime, Utc};

use super::clock::Clock;
use super::event::{Cause, Event, GameKind, Pairing, PlayerEntry, Stage};
use super::ids::{Board, PlayerNo, Round};
use super::result::GameResult;
use super::rules::{FoulKind, Rules, SeatMode, TimeControl};
use super::side::{BySide, Side};

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Status {
    Active,
    Withdrawn { by_rule: bool },
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Player {
    pub no: PlayerNo,
    pub entry: PlayerEntry,
    /// Index into `rules.sections`.
    pub section: usize,
    pub status: Status,
    /// The first round this player can be paired in (late entries join later).
    pub joins_round: Round,
    /// Registration order (1-based), kept through the draw.
    pub registered: u32,
    /// The first round a withdrawn player is out of: the round after the last one paired
    /// when they withdrew (`None` while active).
    #[serde(default)]
    pub withdrawn_from: Option<Round>,
}

/// A seat's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Seat {
    pub present: bool,
    /// Set when an absent player arrived after the round started.
    pub arrived_at: Option<DateTime<Utc>>,
    /// Set when an arbiter marked the seat absent.
    pub marked_absent_at: Option<DateTime<Utc>>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Game {
    pub board: Board,
    pub red: PlayerNo,
    pub black: PlayerNo,
    pub stage: Stage,
    pub game: GameKind,
    pub section: usize,
    pub result: Option<GameResult>,
    pub cause: Cause,
    /// Fouls in the order recorded.
    pub fouls: BySide<Vec<FoulKind>>,
    pub seats: BySide<Seat>,
    pub clock: Option<Clock>,
    pub move_limit: Option<String>,
    /// How many times the result was corrected.
    pub corrections: u32,
    /// An armageddon's colour lot has been entered (`LotDrawn`): until then its
    /// result is refused.
    #[serde(default)]
    pub lot: bool,
    /// Each side's report through the room page (docs/self-report.md).
    #[serde(default, skip_serializing_if = "super::self_report::none_reported")]
    pub reports: super::self_report::Reports,
}

impl Game {
    pub fn player(&self, side: Side) -> PlayerNo {
        match side {
            Side::Red => self.red,
            Side::Black => self.black,
        }
    }

    /// The side `no` plays in this game.
    pub fn side_of(&self, no: PlayerNo) -> Option<Side> {
        if self.red == no {
            Some(Side::Red)
        } else if self.black == no {
            Some(Side::Black)
        } else {
            None
        }
    }

    pub fn players(&self) -> BySide<PlayerNo> {
        BySide::new(self.red, self.black)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RoundState {
    pub round: Round,
    /// Boards 1..=n in order: `games[k]` is board k+1.
    pub games: Vec<Game>,
    pub byes: Vec<PlayerNo>,
    pub started_at: Option<DateTime<Utc>>,
    /// Warnings accepted by arbiter overrides of this round's pairing.
    pub override_warnings: Vec<String>,
    /// The same overrides as data (logs that recorded them), for the reader's language.
    pub override_breaks: Vec<super::refusal::RuleBreak>,
    /// Rules this round's pairing breaks and the head arbiter's decision (`PairingNoted`).
    pub pairing_note: Option<super::event::PairingNote>,
    /// Boards of earlier rounds corrected after this round was paired: the pairing
    /// rests on their old results until it is re-paired or kept.
    #[serde(default)]
    pub outdated: Vec<(Round, Board)>,
    /// The head arbiter's reason for keeping an outdated pairing (`PairingKept`).
    #[serde(default)]
    pub kept: Option<String>,
    /// The secret behind the players' codes (`CodesIssued`, docs/self-report.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub codes: Option<super::self_report::ReportKey>,
    /// Knockout colour choices recorded with the pairing (`ColourChosen`): the higher-ranked
    /// player and the colour they took.
    #[serde(default)]
    pub choices: Vec<(PlayerNo, Side)>,
}

impl RoundState {
    pub fn game(&self, board: Board) -> Option<&Game> {
        self.games.get(board.index()).filter(|g| g.board == board)
    }

    fn game_mut(&mut self, board: Board) -> Option<&mut Game> {
        self.games
            .get_mut(board.index())
            .filter(|g| g.board == board)
    }

    pub fn reported(&self) -> usize {
        self.games.iter().filter(|g| g.result.is_some()).count()
    }

    pub fn is_complete(&self) -> bool {
        self.games.iter().all(|g| g.result.is_some())
    }

    pub fn has_any_result(&self) -> bool {
        self.games.iter().any(|g| g.result.is_some())
    }

    /// The game `no` plays in this round, if any.
    pub fn game_of(&self, no: PlayerNo) -> Option<&Game> {
        self.games.iter().find(|g| g.red == no || g.black == no)
    }
}

/// The whole event as the log describes it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tournament {
    pub title: String,
    pub rules: Rules,
    /// `players[i]` has number `i + 1`.
    pub players: Vec<Player>,
    /// The seed of the draw, once numbers have been drawn.
    pub draw: Option<Option<u64>>,
    pub rounds: Vec<RoundState>,
    /// The round whose pairing was discarded last and not paired again yet: the automatic
    /// advance leaves it to the head arbiter (nothing re-pairs by itself).
    #[serde(default)]
    pub discarded: Option<Round>,
    /// A round robin created with `rounds: 0`: `rules.rounds` follows the schedule's own
    /// number (fixed by the field seated in round 1).
    #[serde(default)]
    pub auto_rounds: bool,
    /// Teams and lineups of a team match event (`domain::team`); empty otherwise.
    #[serde(default)]
    pub team_event: super::team::TeamEvent,
}

impl Tournament {
    /// An event with no players yet (what the first record creates).
    pub fn new(title: String, rules: Rules) -> Tournament {
        Tournament {
            title,
            rules,
            players: Vec::new(),
            draw: None,
            rounds: Vec::new(),
            discarded: None,
            auto_rounds: false,
            team_event: super::team::TeamEvent::default(),
        }
        .with_auto_rounds()
    }

    /// Resolves `rounds: 0` of a round robin to the schedule's own number.
    fn with_auto_rounds(mut self) -> Tournament {
        self.auto_rounds = super::competition::rounds_from_table(&self);
        self.resolve_rounds();
        self
    }

    fn resolve_rounds(&mut self) {
        if self.auto_rounds {
            self.rules.rounds = super::competition::table_rounds(self).unwrap_or(0);
        }
    }

    /// Builds the state from a whole event stream (the first event must be `Created`).
    pub fn replay<'a>(events: impl IntoIterator<Item = &'a Event>) -> Option<Tournament> {
        let mut iter = events.into_iter();
        let Some(Event::Created { title, rules }) = iter.next() else {
            return None;
        };
        let mut t = Tournament::new(title.clone(), (**rules).clone());
        for e in iter {
            t.apply(e);
        }
        Some(t)
    }

    pub fn player(&self, no: PlayerNo) -> Option<&Player> {
        self.players.get(no.index()).filter(|p| p.no == no)
    }

    pub fn round(&self, round: Round) -> Option<&RoundState> {
        self.rounds.get(round.index()).filter(|r| r.round == round)
    }

    /// The latest paired round.
    pub fn current(&self) -> Option<&RoundState> {
        self.rounds.last()
    }

    pub fn current_round(&self) -> Round {
        Round(self.rounds.len() as u32)
    }

    pub fn game(&self, round: Round, board: Board) -> Option<&Game> {
        self.round(round).and_then(|r| r.game(board))
    }

    /// Rounds whose every board has a result.
    pub fn completed_rounds(&self) -> u32 {
        self.rounds.iter().take_while(|r| r.is_complete()).count() as u32
    }

    pub fn section_name(&self, section: usize) -> &str {
        self.rules
            .sections
            .get(section)
            .map_or("", |s| s.name.as_str())
    }

    pub fn time_control(&self, game: GameKind) -> TimeControl {
        match game {
            GameKind::Slow => self.rules.time_controls.swiss,
            GameKind::Rapid => self.rules.time_controls.rapid,
            GameKind::Armageddon => self.rules.time_controls.armageddon,
        }
    }

    /// The last round in which `no` was paired (a game, not a bye).
    pub fn last_paired_round(&self, no: PlayerNo) -> Option<Round> {
        self.rounds
            .iter()
            .rev()
            .find(|r| r.game_of(no).is_some())
            .map(|r| r.round)
    }

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
    }

    fn apply_event(&mut self, event: &Event) {
        match event {
            Event::Created { title, rules } => {
                self.title.clone_from(title);
                self.rules = (**rules).clone();
                self.auto_rounds = super::competition::rounds_from_table(self);
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
                    } else {
                        self.players = old;
                    }
                }
            }
            Event::RoundPaired { round, games, byes } => {
                if round.index() == self.rounds.len() {
                    let games = games.iter().map(|p| self.new_game(p)).collect();
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
                    });
                    self.discarded = None;
                }
            }
            Event::RoundUnpaired { round, .. } => {
                if round.index() + 1 == self.rounds.len() {
                    self.rounds.pop();
                    self.discarded = Some(*round);
                }
            }
            Event::PairingOverridden {
                round,
                games,
                warnings,
                breaks,
                ..
            } => {
                let new_games: Vec<Game> = games.iter().map(|p| self.new_game(p)).collect();
                if let Some(r) = self.round_mut(*round) {
                    r.games = new_games;
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
            Event::TimeCorrected { .. } | Event::AutoAdvanced { .. } => {}
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
                    *g.reports.get_mut(*side) = Some(super::self_report::Report {
                        result: *result,
                        at: *at,
                    });
                }
            }
        }
    }
}
