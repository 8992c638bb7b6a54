//! Domain events: past-tense facts, one per log record. `Tournament::apply` folds them into
//! state and never refuses; every rule is checked in `decide` before an event is written.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use super::id_number::IdNumber;
use super::ids::{Board, PlayerNo, Round};
use super::result::GameResult;
use super::rules::{FoulKind, Gender, Rules};
use super::side::Side;

/// A registered player's details as entered at the desk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerEntry {
    pub name: String,
    #[serde(default)]
    pub gender: Option<Gender>,
    #[serde(default)]
    pub birth: Option<NaiveDate>,
    #[serde(default)]
    pub club: String,
    #[serde(default)]
    pub team: String,
    /// The section (组别) name, as in the rules.
    #[serde(default)]
    pub group: String,
    #[serde(default)]
    pub local: bool,
    /// The identity card number (身份证号), when the entry form gave one: kept in the log,
    /// shown only masked (`domain::id_number`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id_number: Option<IdNumber>,
}

impl PlayerEntry {
    /// An entry with only a name: no gender, birth date, club, team or group (the first
    /// section), not local.
    pub fn named(name: impl Into<String>) -> Self {
        PlayerEntry {
            name: name.into(),
            gender: None,
            birth: None,
            club: String::new(),
            team: String::new(),
            group: String::new(),
            local: false,
            id_number: None,
        }
    }
}

/// The stage a game belongs to (docs/cli.md `stage`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    #[default]
    Swiss,
    SemiFinal,
    Final,
    ThirdPlace,
    /// The quarter-finals of knockout finals for eight (docs/rules.md#7-knockout).
    QuarterFinal,
}

impl Stage {
    pub fn word(self) -> &'static str {
        match self {
            Stage::Swiss => "swiss",
            Stage::SemiFinal => "semi_final",
            Stage::Final => "final",
            Stage::ThirdPlace => "third_place",
            Stage::QuarterFinal => "quarter_final",
        }
    }
}

/// The kind of game within a knockout match (docs/cli.md `game`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    #[default]
    Slow,
    Rapid,
    Armageddon,
}

impl GameKind {
    pub fn word(self) -> &'static str {
        match self {
            GameKind::Slow => "slow",
            GameKind::Rapid => "rapid",
            GameKind::Armageddon => "armageddon",
        }
    }
}

/// One board of a pairing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    pub board: Board,
    pub red: PlayerNo,
    pub black: PlayerNo,
    #[serde(default, skip_serializing_if = "is_default")]
    pub stage: Stage,
    #[serde(default, skip_serializing_if = "is_default")]
    pub game: GameKind,
}

fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

/// One board a change by hand re-seated: who sat there before, and what belonged to the old
/// seating and is dropped (docs/rules.md#3-pairing). A player's absent mark follows the player
/// to the seat they move to; the rest of the board starts afresh.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardChange {
    pub board: Board,
    /// The players seated there before: (red, black).
    pub was: (PlayerNo, PlayerNo),
    /// Clock inputs (presses, pauses, readings) dropped.
    #[serde(default)]
    pub clock_inputs: u32,
    /// Fouls dropped.
    #[serde(default)]
    pub fouls: u32,
    /// Players' reports (signatures) dropped.
    #[serde(default)]
    pub reports: u32,
    /// A move-limit note dropped.
    #[serde(default)]
    pub move_limit: bool,
}

/// Why a result was recorded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// Keyed in by an arbiter.
    #[default]
    Arbiter,
    /// The late window closed on an absent player (docs/rules.md#4-late-arrival-forfeits-withdrawal).
    LateWindow,
    /// A foul limit was reached (docs/rules.md#5-fouls).
    Fouls,
    /// A flag fell and an arbiter confirmed it, or (without clock data) an arbiter saw it.
    Time,
    /// A foul limit was reached and the opponent claimed the loss, as the rules require
    /// (`foul_loss_on_claim`): the arbiter's act, not an automatic one.
    FoulClaimed,
    /// Both players signed this result on their phones and an arbiter accepted it
    /// (`self_report: confirm`, docs/self-report.md).
    Confirmed,
    /// Both players signed this result on their phones and it was recorded at once
    /// (`self_report: auto`).
    Reported,
}

/// The rule that acted by itself: a late-window forfeit, a withdrawal after
/// consecutive forfeits, a foul-limit loss. The person whose console ticked only triggered it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AutoRule {
    /// docs/rules.md#4-late-arrival-forfeits-withdrawal: the late window closed on an absent player.
    LateWindow,
    /// docs/rules.md#4-late-arrival-forfeits-withdrawal: `withdraw_after_forfeits` consecutive forfeits.
    ForfeitLimit,
    /// docs/rules.md#5-fouls: a foul limit reached in one game.
    FoulLimit,
    /// `self_report: auto`: two matching reports of the players (docs/self-report.md).
    SelfReport,
    /// The rules' `auto_advance`: the next round paired (and started under `pair_and_start`)
    /// once every board of the round before reported.
    Advance,
}

impl AutoRule {
    /// The code the JSON export writes.
    pub fn word(self) -> &'static str {
        match self {
            AutoRule::LateWindow => "late_window",
            AutoRule::ForfeitLimit => "forfeit_limit",
            AutoRule::FoulLimit => "foul_limit",
            AutoRule::SelfReport => "self_report",
            AutoRule::Advance => "auto_advance",
        }
    }

    /// The rule behind a result's cause, when the rule recorded it by itself.
    pub fn of_cause(cause: Cause) -> Option<AutoRule> {
        match cause {
            Cause::LateWindow => Some(AutoRule::LateWindow),
            Cause::Fouls => Some(AutoRule::FoulLimit),
            Cause::Reported => Some(AutoRule::SelfReport),
            Cause::Arbiter | Cause::Time | Cause::FoulClaimed | Cause::Confirmed => None,
        }
    }
}

/// A clock input on one board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockAction {
    /// The side pressed its clock, ending its move: its time stops, the other side's runs.
    Press(Side),
    Pause,
    Resume,
    /// An arbiter's reading of a physical clock, in milliseconds; the clock keeps its state.
    Set {
        red_ms: u64,
        black_ms: u64,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// The first record: the event's rules.
    Created {
        title: String,
        rules: Box<Rules>,
    },
    PlayerRegistered {
        no: PlayerNo,
        entry: PlayerEntry,
    },
    PlayerWithdrawn {
        no: PlayerNo,
        /// Withdrawn automatically by the consecutive-forfeit rule.
        by_rule: bool,
        reason: String,
    },
    PlayerReinstated {
        no: PlayerNo,
        reason: String,
    },
    /// Player numbers drawn at random: `order[i]` is the old number of the player who now has
    /// number `i + 1`. `seed` is `None` when numbers were fixed in registration order.
    NumbersDrawn {
        seed: Option<u64>,
        order: Vec<PlayerNo>,
    },
    RoundPaired {
        round: Round,
        games: Vec<Pairing>,
        byes: Vec<PlayerNo>,
    },
    /// The round's pairing was discarded before any result (an override).
    RoundUnpaired {
        round: Round,
        reason: String,
    },
    /// An arbiter changed the round's pairing by hand (swap or flip). `warnings` lists any hard
    /// rule the change breaks, accepted with `reason`.
    PairingOverridden {
        round: Round,
        games: Vec<Pairing>,
        warnings: Vec<String>,
        reason: String,
        /// The same breaks as data, shown in the reader's language (`warnings` keeps the
        /// English words older logs have).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        breaks: Vec<crate::domain::breaks::RuleBreak>,
        /// The boards the override changed and what each lost (docs/rules.md#3-pairing, "a
        /// change by hand"): every other board keeps its state. Absent in older logs, whose
        /// override replaced every game of the round with a fresh one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        changed: Option<Vec<BoardChange>>,
    },
    /// A knockout game added to a round (a tie-break game, or a match of the next stage).
    GameAdded {
        round: Round,
        game: Pairing,
        /// The seed of the lot for an armageddon's colours.
        lot_seed: Option<u64>,
    },
    RoundStarted {
        round: Round,
        at: DateTime<Utc>,
    },
    ResultRecorded {
        round: Round,
        board: Board,
        result: GameResult,
        cause: Cause,
        /// When the game ended, where the rule that recorded it knows (a confirmed flag: the
        /// moment it fell; a late forfeit: the window's close). The board's clock stops then;
        /// without it, at the clock's last event. Absent in older logs.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<DateTime<Utc>>,
    },
    /// The head arbiter's correction; `result: None` clears the board.
    ResultCorrected {
        round: Round,
        board: Board,
        result: Option<GameResult>,
        reason: String,
        /// The result it replaces, so that the audit shows the old beside the new (absent in
        /// older logs).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        was: Option<GameResult>,
    },
    SeatMarked {
        round: Round,
        board: Board,
        side: Side,
        present: bool,
        at: DateTime<Utc>,
    },
    FoulRecorded {
        round: Round,
        board: Board,
        side: Side,
        kind: FoulKind,
    },
    Clock {
        round: Round,
        board: Board,
        action: ClockAction,
        at: DateTime<Utc>,
    },
    /// The head arbiter notes a move limit (限着) on a board.
    MoveLimitNoted {
        round: Round,
        board: Board,
        note: String,
    },
    /// The head arbiter entered a time more than `clock_skew_seconds` before the machine's
    /// clock (`--correction REASON`); the events of the same append that follow
    /// carry that time. The record's own time is when it was written. Changes no state.
    TimeCorrected {
        at: DateTime<Utc>,
        reason: String,
    },
    /// The head arbiter corrected the round's start time; the late window and the
    /// clocks run from `at`.
    StartCorrected {
        round: Round,
        at: DateTime<Utc>,
        reason: String,
    },
    /// The armageddon colour lot drawn in the hall, entered by hand.
    LotDrawn {
        round: Round,
        board: Board,
        red: PlayerNo,
        black: PlayerNo,
    },
    /// A result of an earlier round was corrected after `round` was paired: that
    /// pairing rests on the old result. Written with the correction, never by itself.
    PairingOutdated {
        round: Round,
        /// The corrected board: its round and number.
        corrected_round: Round,
        board: Board,
    },
    /// The head arbiter keeps the outdated pairing of `round`, with the reason.
    PairingKept {
        round: Round,
        reason: String,
    },
    /// Recorded right after a round's `RoundPaired` when the pairing breaks a rule: colour
    /// rules 4–5 broken in the last round (or relaxed by the head arbiter), or a round paired
    /// by hand, with the head arbiter's reason and every hard rule it breaks.
    PairingNoted {
        round: Round,
        note: PairingNote,
    },
    /// A team registered for a team match event (R2011 13): its board order and reserves.
    TeamRegistered {
        team: crate::domain::team::Team,
    },
    /// A team's lineup (出场名单) for a round, handed in before the round is paired.
    LineupSubmitted {
        lineup: crate::domain::team::Lineup,
    },
    /// A registered team's roster corrected (a reserve added, a player replaced), with the
    /// organizer's reason.
    TeamChanged {
        team: super::ids::TeamNo,
        change: crate::domain::team::RosterChange,
        reason: String,
    },
    /// The secret behind the players' codes of `round` (docs/self-report.md), written with
    /// the round's pairing when the rules have `self_report`. Never shown: readers see only
    /// that codes were issued.
    CodesIssued {
        round: Round,
        key: crate::domain::self_report::code::ReportKey,
    },
    /// A player's report of a board's result through the room page (docs/self-report.md):
    /// the side whose code was given, the player in that seat, the result and when.
    ResultReported {
        round: Round,
        board: Board,
        side: Side,
        player: PlayerNo,
        result: GameResult,
        at: DateTime<Utc>,
    },
    /// The rules' automatic advance (`auto_advance`) paired `round` (and started it under
    /// `pair_and_start`) once every board of the round before had reported. Written last in
    /// that append: its records are the rule's act, not the person whose console triggered
    /// it. Changes no state.
    AutoAdvanced {
        round: Round,
    },
    /// A knockout player chose the colours of their slow game (`domain::colour_choice`): the
    /// higher-ranked `player` of a match whose colour counts were level took `side`. Written
    /// right after the round's `RoundPaired`.
    ColourChosen {
        round: Round,
        player: PlayerNo,
        side: Side,
    },
    /// The room page was given a code that is neither side's of this board
    /// (docs/self-report.md, "wrong codes"). The code itself is never written. The board's
    /// count of wrong codes grows by one; at `self_report::WRONG_CODE_LIMIT` the board takes no
    /// report (and no record like this one) until `ReportsUnlocked`.
    WrongCodeGiven {
        round: Round,
        board: Board,
    },
    /// An arbiter unlocked the board's reports after wrong codes (`bianpai unlock`, the
    /// console's `u` on the board): its count of wrong codes starts again from zero.
    ReportsUnlocked {
        round: Round,
        board: Board,
    },
    /// A team round's boards nobody fields (缺台, docs/rules.md#11-team-matches): a team short
    /// of players loses its missing last boards by forfeit. Written right after the round's
    /// `RoundPaired`.
    BoardsVacant {
        round: Round,
        boards: Vec<crate::domain::team::VacantBoard>,
    },
    /// Players who sit out `round` on a requested bye (docs/rules.md#requested-byes), with
    /// what each scores: written right after the round's `RoundPaired` (an imported round,
    /// `bianpai new --trf`), the players named are in none of its games.
    RequestedByesRecorded {
        round: Round,
        byes: Vec<crate::domain::requested_bye::record::RequestedBye>,
    },
    /// A player asks to sit out a round not yet paired (`bianpai bye`,
    /// docs/rules.md#requested-byes): its pairing leaves them out and records the bye.
    ByeRequested {
        request: crate::domain::requested_bye::record::ByeRequest,
    },
    /// The request for `round` withdrawn before the round was paired (`bye --cancel`).
    ByeCancelled {
        round: Round,
        no: PlayerNo,
        reason: String,
    },
    /// The head arbiter overrode the players' signatures of a result (`result --correct
    /// --despite-signatures`, docs/self-report.md): written just before the correction, it
    /// names the signed result and whose signatures made it. Changes nothing by itself.
    SignaturesOverridden {
        round: Round,
        board: Board,
        /// The result the players signed.
        signed: GameResult,
        /// The sides whose signatures made it, red first.
        sides: Vec<Side>,
    },
    /// The head arbiter changed an operational rule for the rounds from `from` on (`bianpai
    /// amend`, docs/cli.md): the rounds paired before keep their self-report settings.
    RulesAmended {
        amendment: crate::domain::amend::record::Amendment,
        from: Round,
        reason: String,
    },
}

/// What the log records about a pairing that breaks a rule (docs/rules.md#3-pairing).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingNote {
    /// Colour rules 4–5 broken, one entry per player and rule.
    #[serde(default)]
    pub colour_breaks: Vec<crate::domain::breaks::Break>,
    /// The head arbiter's decision when no legal pairing existed (or the round was entered
    /// by hand); absent for the engine's own last-round relaxation.
    #[serde(default)]
    pub decision: Option<PairingDecision>,
}

/// The head arbiter's way out of an unpairable round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingDecision {
    /// `false`: paired by the engine with colour rules 4–5 relaxed; `true`: entered by hand.
    pub manual: bool,
    pub reason: String,
    /// Every hard rule the hand-made pairing breaks, as confirmed with `--force`.
    #[serde(default)]
    pub warnings: Vec<String>,
    /// The same breaks as data, shown in the reader's language.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub breaks: Vec<crate::domain::breaks::RuleBreak>,
}

impl Event {
    /// The event with every free-text reason (a correction's, a withdrawal's, an override's)
    /// replaced by `hidden`: what the audit shows a reader who reads no reason
    /// (docs/trust.md).
    #[must_use]
    pub fn without_reasons(&self, hidden: &str) -> Event {
        let mut e = self.clone();
        match &mut e {
            Event::PlayerWithdrawn { reason, .. }
            | Event::PlayerReinstated { reason, .. }
            | Event::RoundUnpaired { reason, .. }
            | Event::PairingOverridden { reason, .. }
            | Event::ResultCorrected { reason, .. }
            | Event::TimeCorrected { reason, .. }
            | Event::StartCorrected { reason, .. }
            | Event::PairingKept { reason, .. }
            | Event::TeamChanged { reason, .. }
            | Event::ByeCancelled { reason, .. }
            | Event::RulesAmended { reason, .. } => hidden.clone_into(reason),
            Event::ByeRequested { request } => hidden.clone_into(&mut request.reason),
            Event::PairingNoted { note, .. } => {
                if let Some(d) = &mut note.decision {
                    hidden.clone_into(&mut d.reason);
                }
            }
            _ => {}
        }
        e
    }

    /// A short name for the audit log.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Created { .. } => "created",
            Event::PlayerRegistered { .. } => "player_registered",
            Event::PlayerWithdrawn { .. } => "player_withdrawn",
            Event::PlayerReinstated { .. } => "player_reinstated",
            Event::NumbersDrawn { .. } => "numbers_drawn",
            Event::RoundPaired { .. } => "round_paired",
            Event::RoundUnpaired { .. } => "round_unpaired",
            Event::PairingOverridden { .. } => "pairing_overridden",
            Event::GameAdded { .. } => "game_added",
            Event::RoundStarted { .. } => "round_started",
            Event::ResultRecorded { .. } => "result_recorded",
            Event::ResultCorrected { .. } => "result_corrected",
            Event::SeatMarked { .. } => "seat_marked",
            Event::FoulRecorded { .. } => "foul_recorded",
            Event::Clock { .. } => "clock",
            Event::MoveLimitNoted { .. } => "move_limit_noted",
            Event::TimeCorrected { .. } => "time_corrected",
            Event::StartCorrected { .. } => "start_corrected",
            Event::LotDrawn { .. } => "lot_drawn",
            Event::PairingNoted { .. } => "pairing_noted",
            Event::TeamRegistered { .. } => "team_registered",
            Event::LineupSubmitted { .. } => "lineup_submitted",
            Event::TeamChanged { .. } => "team_changed",
            Event::PairingOutdated { .. } => "pairing_outdated",
            Event::PairingKept { .. } => "pairing_kept",
            Event::CodesIssued { .. } => "codes_issued",
            Event::ResultReported { .. } => "result_reported",
            Event::AutoAdvanced { .. } => "auto_advanced",
            Event::ColourChosen { .. } => "colour_chosen",
            Event::WrongCodeGiven { .. } => "wrong_code_given",
            Event::ReportsUnlocked { .. } => "reports_unlocked",
            Event::BoardsVacant { .. } => "boards_vacant",
            Event::RequestedByesRecorded { .. } => "requested_byes_recorded",
            Event::ByeRequested { .. } => "bye_requested",
            Event::ByeCancelled { .. } => "bye_cancelled",
            Event::SignaturesOverridden { .. } => "signatures_overridden",
            Event::RulesAmended { .. } => "rules_amended",
        }
    }

    /// The rule that recorded this event by itself, if it was one.
    pub fn automatic(&self) -> Option<AutoRule> {
        match self {
            Event::ResultRecorded { cause, .. } => AutoRule::of_cause(*cause),
            Event::PlayerWithdrawn { by_rule: true, .. } => Some(AutoRule::ForfeitLimit),
            Event::AutoAdvanced { .. } => Some(AutoRule::Advance),
            _ => None,
        }
    }

    /// The board this event concerns, if any.
    pub fn board(&self) -> Option<(Round, Board)> {
        match self {
            Event::ResultRecorded { round, board, .. }
            | Event::ResultCorrected { round, board, .. }
            | Event::SeatMarked { round, board, .. }
            | Event::FoulRecorded { round, board, .. }
            | Event::Clock { round, board, .. }
            | Event::MoveLimitNoted { round, board, .. }
            | Event::LotDrawn { round, board, .. }
            | Event::ResultReported { round, board, .. }
            | Event::WrongCodeGiven { round, board }
            | Event::ReportsUnlocked { round, board }
            | Event::SignaturesOverridden { round, board, .. } => Some((*round, *board)),
            _ => None,
        }
    }
}
