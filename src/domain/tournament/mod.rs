//! The tournament state folded from the log's events. `apply` only changes state and never
//! refuses (STYLE.md); every rule is checked in `decide` (see `decide.rs`).

use chrono::{DateTime, Utc};

use super::clock::Clock;
use super::event::{Cause, Event, GameKind, PlayerEntry, Stage};
use super::ids::{Board, PlayerNo, Round};
use super::result::GameResult;
use super::rules::{FoulKind, Rules, TimeControl};
use super::side::{BySide, Side};

mod apply;
mod field;
pub mod keep;

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
    #[serde(
        default,
        skip_serializing_if = "super::self_report::record::none_reported"
    )]
    pub reports: super::self_report::record::Reports,
    /// Clock inputs recorded on this board (what a change by hand would drop).
    #[serde(default)]
    pub clock_inputs: u32,
    /// Wrong codes given on the room page for this board since the round was paired or an
    /// arbiter last unlocked it (docs/self-report.md, "wrong codes").
    #[serde(default, skip_serializing_if = "is_zero")]
    pub wrong_codes: u32,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference
fn is_zero(n: &u32) -> bool {
    *n == 0
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
    /// The boards in order: `games[k]` is board k+1, except after a team round's vacant
    /// boards (`vacant`), which are no games and leave gaps.
    pub games: Vec<Game>,
    pub byes: Vec<PlayerNo>,
    pub started_at: Option<DateTime<Utc>>,
    /// Warnings accepted by arbiter overrides of this round's pairing.
    pub override_warnings: Vec<String>,
    /// The same overrides as data (logs that recorded them), for the reader's language.
    pub override_breaks: Vec<super::breaks::RuleBreak>,
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
    pub codes: Option<super::self_report::code::ReportKey>,
    /// Knockout colour choices recorded with the pairing (`ColourChosen`): the higher-ranked
    /// player and the colour they took.
    #[serde(default)]
    pub choices: Vec<(PlayerNo, Side)>,
    /// Players on a requested bye this round (`RequestedByesRecorded`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requested: Vec<super::requested_bye::record::RequestedBye>,
    /// Seats whose slip (签认条: board, side, player, code) no longer holds since the round
    /// was first paired: re-seated by a change by hand or a re-pair (docs/rules.md#3-pairing).
    #[serde(default)]
    pub reprint: Vec<(Board, Side)>,
    /// The secret of this round's discarded pairing, when the round was paired again: a re-pair
    /// that issues the same secret keeps the codes of unchanged seats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub codes_before: Option<super::self_report::code::ReportKey>,
    /// A team round's vacant boards (缺台, `BoardsVacant`), in board order: no games.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vacant: Vec<super::team::VacantBoard>,
    /// The self-report settings (`self_report`, `self_report_signers`) this round was paired
    /// under, once an amendment changed the rules' (`RulesAmended`); `None`: the rules'.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reporting: Option<(
        super::self_report::record::SelfReport,
        super::self_report::record::Signers,
    )>,
}

impl RoundState {
    pub fn game(&self, board: Board) -> Option<&Game> {
        self.position(board).map(|k| &self.games[k])
    }

    fn game_mut(&mut self, board: Board) -> Option<&mut Game> {
        self.position(board).map(|k| &mut self.games[k])
    }

    /// Where board `board` is in `games`: board k is `games[k − 1]` unless a team round's
    /// vacant boards left gaps before it.
    fn position(&self, board: Board) -> Option<usize> {
        let k = board.index();
        if self.games.get(k).is_some_and(|g| g.board == board) {
            return Some(k);
        }
        self.games.binary_search_by_key(&board, |g| g.board).ok()
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

    /// The vacant board `board` of this round (缺台), if it is one.
    pub fn vacant_board(&self, board: Board) -> Option<&super::team::VacantBoard> {
        self.vacant.iter().find(|v| v.board == board)
    }

    /// Whether `no` sat at a board this round: a game, or facing a vacant seat (缺台).
    pub fn seated(&self, no: PlayerNo) -> bool {
        self.game_of(no).is_some()
            || self
                .vacant
                .iter()
                .any(|v| v.present().is_some_and(|(_, p)| p == no))
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
    /// That discarded pairing itself: its seats and the secret of its codes, so that pairing
    /// the round again keeps the codes of the seats that do not change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discarded_round: Option<Box<RoundState>>,
    /// A round robin created with `rounds: 0`: `rules.rounds` follows the schedule's own
    /// number (fixed by the field seated in round 1).
    #[serde(default)]
    pub auto_rounds: bool,
    /// Teams and lineups of a team match event (`domain::team`); empty otherwise.
    #[serde(default)]
    pub team_event: super::team::TeamEvent,
    /// Requested byes asked for rounds not yet paired (`ByeRequested`, less `ByeCancelled`);
    /// a round's pairing records its own on the round (`RoundState::requested`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bye_requests: Vec<super::requested_bye::record::ByeRequest>,
    /// The players by name, look and identity number, for the duplicate checks of a new
    /// entry (`registration::index`); kept by `apply`, rebuilt after a snapshot is read.
    #[serde(skip)]
    pub entries: super::registration::index::EntryIndex,
    /// The knockout's selecting table once computed (`knockout::table`); forgotten by
    /// `apply` when an event can change it.
    #[serde(skip)]
    pub selecting: super::knockout::table::SelectingTable,
    /// The amendments of the rules, in log order (`RulesAmended`): the field, its value and
    /// the first round it applies to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub amendments: Vec<(super::amend::record::Amendment, Round)>,
}

impl Tournament {
    /// Whether any player was entered for a team (团体): the individual event's team
    /// standings are then kept (docs/rules.md#81-team-standings-of-an-individual-event).
    pub fn has_team_entries(&self) -> bool {
        self.players.iter().any(|p| !p.entry.team.is_empty())
    }

    /// An event with no players yet (what the first record creates).
    pub fn new(title: String, rules: Rules) -> Tournament {
        Tournament {
            title,
            rules,
            players: Vec::new(),
            draw: None,
            rounds: Vec::new(),
            discarded: None,
            discarded_round: None,
            auto_rounds: false,
            team_event: super::team::TeamEvent::default(),
            bye_requests: Vec::new(),
            entries: super::registration::index::EntryIndex::default(),
            selecting: super::knockout::table::SelectingTable::default(),
            amendments: Vec::new(),
        }
        .with_auto_rounds()
    }

    /// Resolves `rounds: 0` of a round robin to the schedule's own number.
    fn with_auto_rounds(mut self) -> Tournament {
        self.auto_rounds = self.rounds_from_table();
        self.resolve_rounds();
        self
    }

    fn resolve_rounds(&mut self) {
        if self.auto_rounds {
            self.rules.rounds = self.table_rounds().unwrap_or(0);
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

    /// Rebuilds what the state keeps beside the log's facts (the entry index), for a state
    /// that was not folded by `apply` (read from a snapshot).
    pub fn reindex(&mut self) {
        self.entries =
            super::registration::index::EntryIndex::of(self.players.iter().map(|p| &p.entry));
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
}
