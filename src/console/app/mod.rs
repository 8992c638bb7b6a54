//! The console's state: the replica of the log and the tournament it replays to, who is at
//! the keyboard, the screen and input mode, messages, highlights and the prepared rows of each
//! screen. No drawing, no clock reads (`now` is always passed in, STYLE.md) and no file I/O:
//! commands go to the log's I/O worker (`io.rs`) and their outcomes come back through `poll`.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Duration, FixedOffset, Utc};

use super::action::Screen;
use super::io::{LogIo, Replica};
use super::tables::Table;
use super::theme::Theme;
use super::view_model::{Highlight, RoundView};
use crate::domain::Tournament;
use crate::domain::rules::{FoulKind, Lang};
use crate::domain::{Actor, Board, Role, Round};
use crate::i18n::screen::{self, Strings};
use crate::log::{Log, LogError};

mod auto_acts;
mod mode;
mod prepare;
mod records;
mod room_page;
mod worker;

pub use mode::{Mode, Pending, Purpose, SideIntent};
pub use room_page::RoomPage;

/// How long a changed board stays highlighted.
pub const HIGHLIGHT_SECS: i64 = 3;
/// How long a message stays in the status line.
pub const MESSAGE_SECS: i64 = 8;

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
    /// The automatic acts seen and not yet marked read, newest first (the event line).
    pub auto_acts: Vec<crate::i18n::screen::AutoAct>,
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
            s: screen::strings(lang),
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
            auto_acts: Vec::new(),
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

    /// The foul kinds in the order of their keys (1–5).
    pub fn foul_kinds() -> [FoulKind; 5] {
        FoulKind::ALL
    }
}
