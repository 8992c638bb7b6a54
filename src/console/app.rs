//! The console's state: the replica of the log and the tournament it replays to, who is at
//! the keyboard, the screen and input mode, messages, highlights and the prepared rows of each
//! screen. No drawing, no clock reads (`now` is always passed in, STYLE.md) and no file I/O:
//! commands go to the log's I/O worker (`io.rs`) and their outcomes come back through `poll`.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Duration, FixedOffset, Utc};

use super::action::Screen;
use super::io::{LogIo, Replica, Reply, Request};
use super::keymap::ModeKind;
use super::strings::{self, Strings, fill};
use super::tables::{self, Table};
use super::theme::Theme;
use super::view_model::{self, Highlight, RoundView};
use crate::domain::Tournament;
use crate::domain::event::{Cause, Event};
use crate::domain::rules::{FoulKind, Lang};
use crate::domain::{Actor, Board, Command, GameResult, PlayerNo, Role, Round, Side};
use crate::log::{Log, LogError, Record};

/// How long a changed board stays highlighted.
pub const HIGHLIGHT_SECS: i64 = 3;
/// How long a message stays in the status line.
pub const MESSAGE_SECS: i64 = 8;

/// A command waiting for Enter or for a confirmation, with its description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    pub cmd: Command,
    pub label: String,
}

/// What a text prompt is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    CorrectReason {
        /// The round of the board corrected (an earlier one from `[`).
        round: Round,
        board: Board,
        result: GameResult,
        old: GameResult,
    },
    /// The head arbiter corrects the round's start time: first the time, then the reason.
    StartTime,
    StartReason {
        at: DateTime<Utc>,
    },
    /// The armageddon colour lot of `board`: the colour the higher-ranked player drew.
    Lot {
        board: Board,
    },
    MoveLimitNote {
        board: Board,
    },
    WithdrawNo,
    WithdrawReason {
        no: PlayerNo,
    },
    UnpairReason,
    /// Knockout, colour counts level: the higher-ranked player of each match in `due`
    /// chooses (`r` / `b`); `red` holds who takes red by the choices given so far.
    ColourChoice {
        round: Round,
        due: Vec<crate::domain::colour_choice::ChoiceDue>,
        red: Vec<PlayerNo>,
    },
    /// No legal pairing: `1` relax colour rules 4–5, `2` pair by hand.
    PairChoice,
    /// The reason for pairing with colour rules relaxed (the preview is in the panel).
    RelaxReason,
    /// The round by hand: pairs `3-8,5-1,…`, then the bye, then the reason.
    ManualPairs,
    ManualBye,
    ManualReason,
    /// The head arbiter's reason to keep a pairing a correction outdated.
    KeepReason,
    /// A team's lineup (团体赛): first the team, then its players in board order.
    LineupTeam,
    LineupPlayers {
        team: crate::domain::TeamNo,
    },
}

/// What the next key is interpreted as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    Normal,
    Board {
        digits: String,
    },
    Forfeit {
        digits: String,
    },
    Side {
        digits: String,
        intent: SideIntent,
    },
    FoulKind {
        digits: String,
        side: Side,
    },
    Ready {
        digits: String,
        pending: Pending,
    },
    Prompt {
        purpose: Purpose,
        label: String,
        text: String,
    },
    Confirm {
        pending: Pending,
    },
}

/// Why a side is being chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideIntent {
    Seat {
        present: bool,
    },
    Foul,
    /// A loss on time on a board without clock data.
    Time,
}

impl Mode {
    pub fn kind(&self) -> ModeKind {
        match self {
            Mode::Normal => ModeKind::Normal,
            Mode::Board { .. } => ModeKind::Board,
            Mode::Forfeit { .. } => ModeKind::Forfeit,
            Mode::Side { .. } => ModeKind::Side,
            Mode::FoulKind { .. } => ModeKind::FoulKind,
            Mode::Ready { .. } => ModeKind::Ready,
            Mode::Prompt { .. } => ModeKind::Prompt,
            Mode::Confirm { .. } => ModeKind::Confirm,
        }
    }

    /// The board number being typed, if any.
    pub fn digits(&self) -> Option<&str> {
        match self {
            Mode::Board { digits }
            | Mode::Forfeit { digits }
            | Mode::Side { digits, .. }
            | Mode::FoulKind { digits, .. }
            | Mode::Ready { digits, .. } => Some(digits),
            _ => None,
        }
    }
}

/// A line in the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub error: bool,
    pub until: DateTime<Utc>,
}

/// Something worth a desktop notification (or, without a desktop, a bell and a banner).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
}

/// Why a command was sent, so its outcome is reported the right way.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Origin {
    /// Typed: the outcome is shown (`label` on success) unless `quiet`.
    User { quiet: bool, label: Option<String> },
    /// The once-a-second time-based rules.
    Tick,
    /// The automatic advance after round `0` completed.
    Advance(Round),
}

/// A command given to the log's worker and not yet answered.
#[derive(Clone, Debug)]
struct InFlight {
    id: u64,
    origin: Origin,
    what: String,
    since: DateTime<Utc>,
}

/// A write waiting this long (for another process's lock) shows as pending in the header.
const PENDING_SHOWN_MS: i64 = 300;

/// The `Q` overlay: the room page's address and QR code when a `bianpai serve`
/// of this log is running, else the command that starts one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomPage {
    Served { url: String, code: Vec<String> },
    NotServed { log: String },
}

impl RoomPage {
    /// Looks for a running server of the log at `log` (its `LOG.serve` answering; a state
    /// file in the temporary directory counts when its owner is the head arbiter or the
    /// organizer by `rules`).
    pub fn of(log: &std::path::Path, rules: &crate::domain::Rules) -> RoomPage {
        let trusted = |user: &str| {
            rules
                .roles_of(user)
                .iter()
                .any(|r| matches!(r, Role::Head | Role::Organizer))
        };
        crate::serve::running::find(log, &trusted)
            .and_then(|url| {
                crate::serve::qr::lines(&url).map(|code| RoomPage::Served { url, code })
            })
            .unwrap_or_else(|| RoomPage::NotServed {
                log: log.display().to_string(),
            })
    }
}

pub struct App {
    /// The log as this console has read it (kept in step by the I/O worker's replies).
    pub log: Replica,
    /// The log's I/O worker: every read and write of the file happens there.
    pub io: LogIo,
    pub actor: Actor,
    pub lang: Lang,
    pub s: &'static Strings,
    pub theme: Theme,
    pub tz: FixedOffset,
    pub now: DateTime<Utc>,
    pub screen: Screen,
    pub mode: Mode,
    pub message: Option<Message>,
    /// The last change seen, from this or another terminal.
    pub last_change: Option<String>,
    pub banner: Option<Message>,
    pub highlights: HashMap<Board, Highlight>,
    /// Scroll offset (rows) per screen.
    pub scroll: [usize; 6],
    /// The terminal's size, for paging.
    pub viewport: (u16, u16),
    /// Notifications not yet sent.
    pub notices: Vec<Notice>,
    pub quit: bool,
    /// Bumped whenever records arrive; cached tables remember the version they were built at.
    pub version: u64,
    pub round_view: RoundView,
    pub table: Option<(Screen, u64, Table)>,
    /// The round on screen when the board number being typed got its first digit: the entry
    /// belongs to that round, whatever happens before Enter.
    pub entry_round: Option<Round>,
    /// An earlier round on the round screen (`[` / `]`), where the head arbiter corrects a
    /// result after the next round was paired; `None` follows the current round.
    pub shown_round: Option<Round>,
    flags_seen: HashSet<(Round, Board)>,
    complete_seen: HashSet<Round>,
    advance_tried: Option<Round>,
    in_flight: Vec<InFlight>,
    next_id: u64,
    /// What the `Q` overlay shows while it is open: the room page's QR code, or how to
    /// start one.
    pub qr: Option<RoomPage>,
    /// The head arbiter's pairing decision while its prompt is open.
    pub pair_panel: Option<super::decision::PairPanel>,
    /// How many automatic advances this console has sent (one per completed round).
    pub advances_sent: u32,
    /// The keys of the decision waiting for this role, first in the footer (`hints`).
    pub decision_hint: Option<String>,
}

impl App {
    /// A console on `log` for `actor`, its I/O done inline (each command is carried out
    /// before `execute` returns): headless tests and benchmarks.
    pub fn new(log: Log, actor: Actor, lang: Lang, theme: Theme, tz: FixedOffset) -> App {
        let (io, replica) = LogIo::direct(log);
        App::with_io(io, replica, actor, lang, theme, tz)
    }

    /// A console on `log` for `actor`, its I/O on a thread of its own (the real console).
    pub fn spawn(log: Log, actor: Actor, lang: Lang, theme: Theme, tz: FixedOffset) -> App {
        let (io, replica) = LogIo::spawn(log);
        App::with_io(io, replica, actor, lang, theme, tz)
    }

    pub fn with_io(
        io: LogIo,
        log: Replica,
        actor: Actor,
        lang: Lang,
        theme: Theme,
        tz: FixedOffset,
    ) -> App {
        let complete_seen = log
            .state()
            .rounds
            .iter()
            .filter(|r| r.is_complete())
            .map(|r| r.round)
            .collect();
        App {
            log,
            io,
            actor,
            lang,
            s: strings::of(lang),
            theme,
            tz,
            now: DateTime::<Utc>::UNIX_EPOCH,
            screen: Screen::Round,
            mode: Mode::Normal,
            message: None,
            last_change: None,
            banner: None,
            highlights: HashMap::new(),
            scroll: [0; 6],
            viewport: (80, 24),
            notices: Vec::new(),
            quit: false,
            version: 0,
            round_view: RoundView::default(),
            table: None,
            entry_round: None,
            shown_round: None,
            flags_seen: HashSet::new(),
            complete_seen,
            advance_tried: None,
            in_flight: Vec::new(),
            next_id: 1,
            qr: None,
            pair_panel: None,
            advances_sent: 0,
            decision_hint: None,
        }
    }

    /// The tournament as this console has read it.
    pub fn state(&self) -> &Tournament {
        self.log.state()
    }

    pub fn role(&self) -> Role {
        self.actor.role
    }

    /// The event's time zone (times on screen are local to the event): the rules' zone, or
    /// without one the zone this console was opened with.
    pub fn zone(&self) -> crate::domain::zone::EventZone {
        use crate::domain::zone::EventZone;
        let rules = &self.log.state().rules;
        match rules.time_zone.as_deref().map(EventZone::parse) {
            Some(Ok(z)) => z,
            _ => EventZone::Fixed(self.tz),
        }
    }

    /// A log error in the console's language (refusals through the catalog).
    fn error_text(&self, e: &LogError) -> String {
        match e {
            LogError::Refused(r) => crate::i18n::refusal(r, self.lang, self.zone()),
            other => crate::i18n::errors::log(other, self.lang, self.zone()),
        }
    }

    /// Whether this console may write at all.
    pub fn can_write(&self) -> bool {
        self.actor.role != Role::Viewer && self.log.writable()
    }

    pub fn info(&mut self, text: String) {
        self.message = Some(Message {
            text,
            error: false,
            until: self.now + Duration::seconds(MESSAGE_SECS),
        });
    }

    pub fn error(&mut self, text: String) {
        self.message = Some(Message {
            text,
            error: true,
            until: self.now + Duration::seconds(MESSAGE_SECS),
        });
    }

    pub(super) fn notify(&mut self, text: String) {
        self.banner = Some(Message {
            text: text.clone(),
            error: false,
            until: self.now + Duration::seconds(MESSAGE_SECS),
        });
        self.notices.push(Notice { text });
    }

    /// Gives `cmd` to the log's worker (decided there under the lock against fresh state).
    /// Returns whether it was sent; the outcome comes back through `poll` (at once with the
    /// inline worker of `App::new`) and is shown then, unless `quiet`.
    pub fn execute(&mut self, cmd: &Command, quiet: bool) -> bool {
        self.send(cmd, Origin::User { quiet, label: None })
    }

    /// Like `execute`, saying "recorded: `label`" on success.
    pub fn execute_labelled(&mut self, cmd: &Command, label: Option<&str>) -> bool {
        let label = label.map(str::to_string);
        self.send(
            cmd,
            Origin::User {
                quiet: false,
                label,
            },
        )
    }

    fn send(&mut self, cmd: &Command, origin: Origin) -> bool {
        let quiet = !matches!(origin, Origin::User { quiet: false, .. });
        if !self.can_write() {
            if !quiet {
                self.error(self.s.read_only.to_string());
            }
            return false;
        }
        if !cmd.allowed(self.actor.role) {
            if !quiet {
                let deed = crate::i18n::deed::deed(cmd.deed(), self.s.lang());
                self.error(fill(
                    self.s.not_permitted,
                    &[&self.s.role(self.actor.role), &deed],
                ));
            }
            return false;
        }
        if let Some(damage) = self.log.damage() {
            if !quiet {
                let e = LogError::Damaged {
                    path: self.log.path().display().to_string(),
                    damage: damage.clone(),
                };
                self.error(fill(self.s.refused, &[&self.error_text(&e)]));
            }
            return false;
        }
        let id = self.next_id;
        self.next_id += 1;
        let what = match &origin {
            Origin::User { label: Some(l), .. } => l.clone(),
            _ => crate::i18n::deed::deed(cmd.deed(), self.s.lang()).to_string(),
        };
        self.in_flight.push(InFlight {
            id,
            origin,
            what,
            since: self.now,
        });
        self.io.submit(Request {
            id,
            actor: self.actor.clone(),
            cmd: cmd.clone(),
            at: self.now,
        });
        self.pump();
        true
    }

    /// What a command waiting for the log is (the oldest typed one), once it has waited long
    /// enough to be worth saying.
    pub fn pending_write(&self) -> Option<&str> {
        self.in_flight
            .iter()
            .find(|f| {
                matches!(f.origin, Origin::User { .. })
                    && self.now - f.since >= Duration::milliseconds(PENDING_SHOWN_MS)
            })
            .map(|f| f.what.as_str())
    }

    /// Whether commands are still waiting for their outcome.
    pub fn busy(&self) -> bool {
        !self.in_flight.is_empty()
    }

    /// Waits up to `timeout` for every command sent to be answered (tests, and quitting).
    /// Returns whether none is left waiting.
    pub fn settle(&mut self, timeout: std::time::Duration) -> bool {
        let until = std::time::Instant::now() + timeout;
        while self.busy() {
            let left = until.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                return false;
            }
            match self.io.recv_timeout(left) {
                Some(r) => self.on_reply(r),
                None => return !self.busy(),
            }
        }
        true
    }

    /// Reads what other terminals wrote and what became of our commands. Returns whether
    /// anything arrived.
    pub fn poll(&mut self, now: DateTime<Utc>) -> bool {
        self.now = now;
        self.io.poll();
        self.pump()
    }

    /// Takes every reply that is ready. Returns whether there was any.
    fn pump(&mut self) -> bool {
        let mut any = false;
        while let Some(r) = self.io.try_recv() {
            any = true;
            self.on_reply(r);
        }
        any
    }

    fn on_reply(&mut self, reply: Reply) {
        match reply {
            Reply::Records(recs) => {
                self.log.apply(&recs);
                self.absorb(&recs);
            }
            Reply::Done { id, result } => {
                let Some(i) = self.in_flight.iter().position(|f| f.id == id) else {
                    return;
                };
                let f = self.in_flight.remove(i);
                self.outcome(f.origin, result);
            }
            Reply::Damage(d) => {
                let whole_again = d.is_none() && self.log.damage().is_some();
                self.log.set_damage(d);
                self.version += 1;
                if whole_again {
                    // What was refused while damaged may be due now.
                    self.advance_tried = None;
                    self.maybe_advance();
                }
            }
            Reply::Reset(replica) => {
                self.log = *replica;
                self.version += 1;
                self.advance_tried = None;
            }
            Reply::Replaced(replica) => {
                let text = self.error_text(&LogError::Replaced {
                    path: replica.path().display().to_string(),
                });
                self.log = *replica;
                self.version += 1;
                self.advance_tried = None;
                self.error(text);
            }
            Reply::Failed(text) => self.error(text),
        }
    }

    /// Reports what became of a command.
    fn outcome(&mut self, origin: Origin, result: Result<Vec<Record>, LogError>) {
        match (origin, result) {
            (Origin::User { quiet, label }, Ok(recs)) => {
                self.log.apply(&recs);
                if !quiet {
                    match (recs.first(), label) {
                        (Some(_), Some(l)) => self.info(fill(self.s.recorded, &[&l])),
                        (Some(r), None) => {
                            let what = crate::i18n::describe(
                                self.log.state(),
                                &r.ev,
                                self.lang,
                                self.zone(),
                            );
                            self.info(fill(self.s.recorded, &[&what]));
                        }
                        (None, _) => self.info(self.s.nothing_due.to_string()),
                    }
                    // A foul that decides the game says so.
                    super::floor_keys::after_records(self, &recs);
                }
                self.absorb(&recs);
            }
            (Origin::User { quiet, .. }, Err(e)) => {
                if !quiet {
                    let text = self.error_text(&e);
                    self.error(fill(self.s.refused, &[&text]));
                }
            }
            (Origin::Tick, Ok(recs)) => {
                self.log.apply(&recs);
                self.absorb(&recs);
            }
            (Origin::Tick, Err(_)) => {}
            (Origin::Advance(round), result) => {
                if let Ok(recs) = &result {
                    self.log.apply(recs);
                    self.absorb(recs);
                }
                if self.log.state().current_round() == round {
                    // Nothing was paired: say why, by asking the domain directly.
                    let now = self.now;
                    let why = match result {
                        Err(LogError::Refused(e)) => Some(e),
                        Err(e) => {
                            let text = self.error_text(&e);
                            self.error(fill(self.s.refused, &[&text]));
                            None
                        }
                        Ok(_) => self
                            .log
                            .state()
                            .decide(&self.actor, &Command::AutoAdvance { now })
                            .err(),
                    };
                    if let Some(e) = why {
                        self.advance_refused(&e);
                    }
                }
            }
        }
    }

    /// The automatic advance was refused: an unpairable round goes to the head arbiter's
    /// decision panel, once; anything else is shown.
    fn advance_refused(&mut self, e: &crate::domain::Refusal) {
        if let crate::domain::Refusal::ColourChoiceDue { round, due } = e {
            super::colour_keys::advance_refused(self, *round, due);
        } else if let Some((section, players)) = super::decision::unpairable(e) {
            let mode = std::mem::replace(&mut self.mode, Mode::Normal);
            self.mode = super::decision::open(self, section, players, mode);
        } else {
            let text = crate::i18n::refusal(e, self.lang, self.zone());
            self.error(fill(self.s.refused, &[&text]));
        }
    }

    /// Once a second: time-based rules (late-window forfeits) and fallen flags.
    pub fn tick(&mut self, now: DateTime<Utc>) {
        self.now = now;
        let ticking = self.in_flight.iter().any(|f| f.origin == Origin::Tick);
        if self.can_write() && !ticking {
            self.send(&Command::Tick { now }, Origin::Tick);
        }
        let t = self.log.state();
        let mut fallen = Vec::new();
        if let Some(r) = t.current() {
            for g in r.games.iter().filter(|g| g.result.is_none()) {
                if let Some(side) = g.clock.as_ref().and_then(|c| c.read(now).flag)
                    && !self.flags_seen.contains(&(r.round, g.board))
                {
                    fallen.push((r.round, g.board, side));
                }
            }
        }
        for (round, board, side) in fallen {
            self.flags_seen.insert((round, board));
            let text = fill(self.s.n_flag, &[&board, &self.s.side(side)]);
            self.notify(text);
        }
        self.maybe_advance();
    }

    /// Takes in records (this terminal's or another's): highlights, the last change,
    /// notifications, and the automatic advance.
    pub fn absorb(&mut self, recs: &[Record]) {
        if recs.is_empty() {
            return;
        }
        self.version += 1;
        let t = self.log.state();
        let current = t.current_round();
        let mut late_forfeits = 0;
        let mut touched = Vec::new();
        let mut paired = Vec::new();
        for r in recs {
            if let Some((round, board)) = r.ev.board()
                && round == current
            {
                self.highlights.insert(
                    board,
                    Highlight {
                        by: crate::i18n::auto::who(&r.by, &r.ev, self.lang),
                        until: self.now + Duration::seconds(HIGHLIGHT_SECS),
                    },
                );
            }
            match &r.ev {
                Event::ResultRecorded { round, cause, .. } => {
                    if *cause == Cause::LateWindow {
                        late_forfeits += 1;
                    }
                    touched.push(*round);
                }
                Event::ResultCorrected { round, .. } => touched.push(*round),
                Event::RoundPaired { round, .. } => paired.push(*round),
                _ => {}
            }
        }
        if !paired.is_empty() {
            // A new round: the previous round's highlights do not belong on its boards, and a
            // pairing decision still open here was settled (here or by another console).
            self.highlights.clear();
            if self.pair_panel.take().is_some() && super::decision::is_panel_mode(&self.mode) {
                self.mode = Mode::Normal;
            }
            // So was a knockout colour choice still asked here (another console gave it).
            if matches!(
                self.mode,
                Mode::Prompt {
                    purpose: Purpose::ColourChoice { .. },
                    ..
                }
            ) {
                self.mode = Mode::Normal;
            }
            for r in recs {
                if let Some((round, board)) = r.ev.board()
                    && round == current
                {
                    self.highlights.insert(
                        board,
                        Highlight {
                            by: r.by.clone(),
                            until: self.now + Duration::seconds(HIGHLIGHT_SECS),
                        },
                    );
                }
            }
        }
        let rules = crate::i18n::auto::rules_of(recs);
        // The last record that says something (the advance's own marker only says whose act
        // the append was).
        let shown = recs
            .iter()
            .zip(&rules)
            .rev()
            .find(|(r, _)| !matches!(r.ev, Event::AutoAdvanced { .. }))
            .or_else(|| recs.iter().zip(&rules).next_back());
        if let Some((last, rule)) = shown {
            let what = crate::i18n::describe(self.log.state(), &last.ev, self.lang, self.zone());
            // An automatic act is the rule's: whose console ticked is a detail.
            self.last_change = Some(match *rule {
                Some(rule) => fill(
                    self.s.by_rule,
                    &[&crate::i18n::auto::label(rule, self.lang), &last.by, &what],
                ),
                None => fill(
                    self.s.changed_by,
                    &[&last.by, &self.s.role(last.role), &what],
                ),
            });
        }
        let done: Vec<Round> = touched
            .into_iter()
            .filter(|r| {
                self.log
                    .state()
                    .round(*r)
                    .is_some_and(crate::domain::tournament::RoundState::is_complete)
            })
            .collect();
        if late_forfeits > 0 {
            self.notify(fill(self.s.n_late_closed, &[&late_forfeits]));
        }
        for r in done {
            if self.complete_seen.insert(r) {
                self.notify(fill(self.s.n_round_complete, &[&r]));
            }
        }
        for r in paired {
            self.notify(fill(self.s.n_round_paired, &[&r]));
        }
        // Last, so that the banner shows it.
        super::boundary::notice_outdated(self, recs);
        self.maybe_advance();
    }

    /// When the current round is complete and more rounds are due, asks the domain to
    /// advance (it records nothing when not due); once per round per console.
    pub fn maybe_advance(&mut self) {
        let t = self.log.state();
        let Some(r) = t.current() else { return };
        let round = r.round;
        if !r.is_complete() || round.0 >= t.rules.rounds || !self.can_write() {
            return;
        }
        if self.advance_tried == Some(round) {
            return;
        }
        self.advance_tried = Some(round);
        self.advances_sent += 1;
        let now = self.now;
        // Refusals (e.g. the engine cannot pair) are shown with the outcome.
        self.send(&Command::AutoAdvance { now }, Origin::Advance(round));
    }

    /// Prepares what the current screen shows at `now`.
    pub fn prepare(&mut self, now: DateTime<Utc>) {
        self.now = now;
        self.highlights.retain(|_, h| h.until > now);
        if self.message.as_ref().is_some_and(|m| m.until <= now) {
            self.message = None;
        }
        if self.banner.as_ref().is_some_and(|m| m.until <= now) {
            self.banner = None;
        }
        let who = format!("{}·{}", self.actor.user, self.s.role(self.actor.role));
        self.round_view = view_model::round_view_of(
            self.log.state(),
            self.s,
            self.shown_round,
            now,
            self.zone().offset_at(now),
            &self.highlights,
            &who,
        );
        // The log's condition first; else a round paired on an old result, until
        // the head arbiter re-pairs or keeps it.
        self.round_view.header.log = self
            .log_note()
            .or_else(|| super::boundary::header_note(self));
        self.decision_hint = super::hints::decision(self);
        let stale =
            !matches!(&self.table, Some((s, v, _)) if *s == self.screen && *v == self.version);
        if stale {
            let t = self.log.state();
            let table = match self.screen {
                Screen::Standings
                    if matches!(t.rules.format, crate::domain::format::Format::RoundRobin(_)) =>
                {
                    Some(super::crosstable::round_robin_table(t, self.s))
                }
                Screen::Standings => Some(tables::standings_table(t, self.s)),
                Screen::Preview => Some(tables::preview_table(t, self.s)),
                Screen::Players => Some(tables::players_table(t, self.s)),
                Screen::Audit => Some(tables::audit_table(
                    t,
                    self.s,
                    self.log.records(),
                    self.zone(),
                )),
                Screen::Round | Screen::Help => None,
            };
            self.table = table.map(|tb| (self.screen, self.version, tb));
        }
        if let Some((screen, _, t)) = &self.table {
            let i = screen.index();
            self.scroll[i] = self.scroll[i].min((t.rows.len() + t.notes.len()).saturating_sub(1));
        }
    }

    /// What the header says about the log: damaged, or a write waiting for the lock.
    pub fn log_note(&self) -> Option<(String, bool)> {
        if let Some(d) = self.log.damage() {
            let template = if matches!(d, crate::log::Damage::Torn { .. }) {
                self.s.log_torn
            } else {
                self.s.log_damaged
            };
            return Some((fill(template, &[&d.line()]), true));
        }
        self.pending_write()
            .map(|w| (fill(self.s.log_waiting, &[&w]), false))
    }

    /// The text of the status line's entry part (what is being typed), if any.
    pub fn entry_line(&self) -> Option<String> {
        let s = self.s;
        let line = self.entry_text()?;
        // A board entry always says which round it goes to: 第N轮 第B台.
        Some(match (self.mode.digits(), self.entry_round) {
            (Some(_), Some(r)) => format!("{}{line}", fill(s.entry_round, &[&r])),
            _ => line,
        })
    }

    fn entry_text(&self) -> Option<String> {
        let s = self.s;
        Some(match &self.mode {
            Mode::Normal => return None,
            Mode::Board { digits } => fill(s.entry_board, &[digits]),
            Mode::Forfeit { digits } => {
                format!("{} f_", fill(s.entry_board, &[digits]))
            }
            Mode::Side { digits, intent } => {
                let what = match intent {
                    SideIntent::Seat { present: false } => s.absent,
                    SideIntent::Seat { present: true } => s.arrived,
                    SideIntent::Foul => s.foul,
                    SideIntent::Time => s.flag,
                };
                fill(s.entry_side, &[digits, &what])
            }
            Mode::FoulKind { digits, side } => fill(s.entry_foul, &[digits, &s.side(*side)]),
            Mode::Ready { digits, pending } => fill(s.pending, &[digits, &pending.label]),
            Mode::Prompt { label, text, .. } => format!("{label}{text}_"),
            Mode::Confirm { pending } => fill(s.confirm, &[&pending.label]),
        })
    }

    /// The foul kinds in the order of their keys (1–5).
    pub fn foul_kinds() -> [FoulKind; 5] {
        FoulKind::ALL
    }
}
