//! The console's state: the open log and the tournament it replays to, who is at the keyboard,
//! the screen and input mode, messages, highlights and the prepared rows of each screen. No
//! drawing and no clock reads: `now` is always passed in (STYLE.md).

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Duration, FixedOffset, Utc};

use super::action::Screen;
use super::keymap::ModeKind;
use super::strings::{self, Strings, fill};
use super::tables::{self, Table};
use super::theme::Theme;
use super::view_model::{self, Highlight, RoundView};
use crate::domain::event::{Cause, Event};
use crate::domain::rules::{FoulKind, Lang};
use crate::domain::{Actor, Board, Command, GameResult, PlayerNo, Role, Round, Side};
use crate::log::{Log, Record};

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
        board: Board,
        result: GameResult,
    },
    MoveLimitNote {
        board: Board,
    },
    WithdrawNo,
    WithdrawReason {
        no: PlayerNo,
    },
    UnpairReason,
    /// Knockout: the higher-ranked players choose colours (numbers of those taking red).
    KnockoutRed,
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
    Seat { present: bool },
    Foul,
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

pub struct App {
    pub log: Log,
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
    flags_seen: HashSet<(Round, Board)>,
    complete_seen: HashSet<Round>,
    advance_tried: Option<Round>,
    /// The room page's address and its QR code while the `Q` overlay is shown.
    pub qr: Option<(String, Vec<String>)>,
}

impl App {
    /// A console on `log` for `actor`.
    pub fn new(log: Log, actor: Actor, lang: Lang, theme: Theme, tz: FixedOffset) -> App {
        let complete_seen = log
            .state()
            .rounds
            .iter()
            .filter(|r| r.is_complete())
            .map(|r| r.round)
            .collect();
        App {
            log,
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
            flags_seen: HashSet::new(),
            complete_seen,
            advance_tried: None,
            qr: None,
        }
    }

    pub fn role(&self) -> Role {
        self.actor.role
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

    fn notify(&mut self, text: String) {
        self.banner = Some(Message {
            text: text.clone(),
            error: false,
            until: self.now + Duration::seconds(MESSAGE_SECS),
        });
        self.notices.push(Notice { text });
    }

    /// Gives `cmd` to the log (decided there under the lock against fresh state). Returns the
    /// records written, or `None` after saying why nothing was.
    pub fn execute(&mut self, cmd: &Command, quiet: bool) -> Option<Vec<Record>> {
        if !self.can_write() {
            if !quiet {
                self.error(self.s.read_only.to_string());
            }
            return None;
        }
        if !cmd.allowed(self.actor.role) {
            if !quiet {
                let deed = cmd.describe();
                self.error(fill(
                    self.s.not_permitted,
                    &[&self.s.role(self.actor.role), &deed],
                ));
            }
            return None;
        }
        match self.log.execute(&self.actor, cmd, self.now) {
            Ok(recs) => {
                if !quiet {
                    match recs.first() {
                        Some(r) => {
                            let what = crate::export::describe_event(self.log.state(), &r.ev);
                            self.info(fill(self.s.recorded, &[&what]));
                        }
                        None => self.info(self.s.nothing_due.to_string()),
                    }
                }
                self.absorb(&recs);
                Some(recs)
            }
            Err(e) => {
                if !quiet {
                    self.error(fill(self.s.refused, &[&e]));
                }
                None
            }
        }
    }

    /// Reads what other terminals wrote. Returns whether anything arrived.
    pub fn poll(&mut self, now: DateTime<Utc>) -> bool {
        self.now = now;
        match self.log.refresh() {
            Ok(recs) if !recs.is_empty() => {
                self.absorb(&recs);
                true
            }
            Ok(_) => false,
            Err(e) => {
                self.error(e.to_string());
                true
            }
        }
    }

    /// Once a second: time-based rules (late-window forfeits) and fallen flags.
    pub fn tick(&mut self, now: DateTime<Utc>) {
        self.now = now;
        if self.can_write() {
            self.execute(&Command::Tick { now }, true);
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
                        by: r.by.clone(),
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
        if let Some(last) = recs.last() {
            let what = crate::export::describe_event(self.log.state(), &last.ev);
            self.last_change = Some(fill(
                self.s.changed_by,
                &[&last.by, &self.s.role(last.role), &what],
            ));
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
        let now = self.now;
        // Refusals (e.g. the engine cannot pair) are shown; success shows the paired round.
        if let Some(recs) = self.execute(&Command::AutoAdvance { now }, true)
            && recs.is_empty()
        {
            return;
        }
        if self.log.state().current_round() == round {
            // Nothing was paired: say why, by asking the domain directly.
            if let Err(e) = self
                .log
                .state()
                .decide(&self.actor, &Command::AutoAdvance { now })
            {
                self.error(fill(self.s.refused, &[&e]));
            }
        }
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
        self.round_view = view_model::round_view(
            self.log.state(),
            self.s,
            now,
            self.tz,
            &self.highlights,
            &who,
        );
        let stale =
            !matches!(&self.table, Some((s, v, _)) if *s == self.screen && *v == self.version);
        if stale {
            let t = self.log.state();
            let table = match self.screen {
                Screen::Standings => Some(tables::standings_table(t, self.s)),
                Screen::Preview => Some(tables::preview_table(t, self.s)),
                Screen::Players => Some(tables::players_table(t, self.s)),
                Screen::Audit => Some(tables::audit_table(t, self.s, self.log.records(), self.tz)),
                Screen::Round | Screen::Help => None,
            };
            self.table = table.map(|tb| (self.screen, self.version, tb));
        }
        if let Some((screen, _, t)) = &self.table {
            let i = screen.index();
            self.scroll[i] = self.scroll[i].min((t.rows.len() + t.notes.len()).saturating_sub(1));
        }
    }

    /// The text of the status line's entry part (what is being typed), if any.
    pub fn entry_line(&self) -> Option<String> {
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
