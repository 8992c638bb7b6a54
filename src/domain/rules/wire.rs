//! The wire shape of the rules (what a rules file and a log's first record hold) and its one
//! conversion into `Rules`.

use std::collections::BTreeMap;

use chrono::{NaiveDate, NaiveTime};
use serde::{Deserialize, Serialize};

use super::{
    AutoAdvance, FoulLimit, Knockout, Lang, Officials, Points, Prizes, Registration, Role,
    Round1Mode, Rules, RulesError, RulesFault, SeatMode, Section, Teams, Tiebreak, TimeControls,
};
use crate::domain::format::{Format, FormatFault, FormatWire, RoundRobinOrder, System};

/// The rules as a file and the log's first record hold them: today's field names, kept so that
/// every log ever written decodes and re-encodes byte for byte. `Rules::from_wire` is the one
/// checked way from here to `Rules`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesWire {
    /// The preset this came from, or a name of the user's choosing.
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// The default event title.
    #[serde(default)]
    pub title: String,
    /// The event date (age rules are computed against it).
    #[serde(default)]
    pub date: Option<NaiveDate>,
    /// Swiss (default), round robin or double round robin.
    #[serde(default)]
    pub system: System,
    /// The order of a double round robin's rounds (`fide` unless set; not written then, so
    /// rules written before the setting re-encode unchanged).
    #[serde(default, skip_serializing_if = "is_fide")]
    pub round_robin_order: RoundRobinOrder,
    /// Rounds to play; with a round robin, 0 means the schedule's own number.
    pub rounds: u32,
    pub points: Points,
    pub tiebreaks: Vec<Tiebreak>,
    #[serde(default)]
    pub round1: Round1Mode,
    /// Players of the same club are not paired in round 1.
    #[serde(default)]
    pub round1_separate_clubs: bool,
    #[serde(default = "super::default_late")]
    pub late_window_minutes: u32,
    #[serde(default)]
    pub seat_mode: SeatMode,
    /// Consecutive forfeits that withdraw a player (0 = off).
    #[serde(default = "super::default_two")]
    pub withdraw_after_forfeits: u32,
    #[serde(default)]
    pub foul_limits: Vec<FoulLimit>,
    /// A foul limit reached loses the game only once the opponent claims it (seed 001: "一局棋
    /// 达到两次犯规，经对方提出，立即判负"); off, the loss is recorded by itself (docs/rules.md#5-fouls).
    #[serde(default)]
    pub foul_loss_on_claim: bool,
    pub time_controls: TimeControls,
    #[serde(default = "super::default_sections")]
    pub sections: Vec<Section>,
    #[serde(default)]
    pub registration: Registration,
    #[serde(default)]
    pub knockout: Option<Knockout>,
    #[serde(default)]
    pub teams: Option<Teams>,
    /// A team match event (团体赛): teams meet team against team on several boards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_match: Option<crate::domain::team::TeamMatch>,
    #[serde(default)]
    pub prizes: Prizes,
    #[serde(default)]
    pub auto_advance: AutoAdvance,
    /// Start times of the rounds, if the event has a schedule.
    #[serde(default)]
    pub schedule: Vec<NaiveTime>,
    /// OS user name → roles. Empty: every user holds every role. A user named twice is
    /// refused (a map would silently keep only the last entry).
    #[serde(default, deserialize_with = "super::unique_roles")]
    pub roles: BTreeMap<String, Vec<Role>>,
    /// The console's default language for this event.
    #[serde(default)]
    pub lang: Option<Lang>,
    /// The event's time zone: an IANA name (`Asia/Shanghai`) or a fixed offset (`+08:00`).
    /// Times are stored in UTC and shown in this zone; unset, the machine's zone.
    #[serde(default)]
    pub time_zone: Option<String>,
    /// Player numbers follow the registration order (no random draw needed before round 1).
    #[serde(default)]
    pub numbers_by_registration: bool,
    /// Names printed on the signature lines of the printouts (裁判长, 编排长).
    #[serde(default)]
    pub officials: Officials,
    /// How far (in seconds) a clock press or `--at` time may lie from the machine's clock
    /// before it is refused as a wrong time (a bridge in the wrong time zone).
    #[serde(default = "super::default_clock_skew")]
    pub clock_skew_seconds: u32,
    /// Players sign their result on their phones (docs/self-report.md): `off` (the default,
    /// not written), `confirm` or `auto`.
    #[serde(
        default,
        skip_serializing_if = "crate::domain::self_report::record::SelfReport::is_off"
    )]
    pub self_report: crate::domain::self_report::record::SelfReport,
}

impl From<Rules> for RulesWire {
    fn from(r: Rules) -> RulesWire {
        let parts = r.format.to_wire();
        RulesWire {
            name: r.name,
            description: r.description,
            title: r.title,
            date: r.date,
            system: parts.system,
            rounds: r.rounds,
            points: r.points,
            tiebreaks: r.tiebreaks,
            round1: r.round1,
            round1_separate_clubs: r.round1_separate_clubs,
            late_window_minutes: r.late_window_minutes,
            seat_mode: r.seat_mode,
            withdraw_after_forfeits: r.withdraw_after_forfeits,
            foul_limits: r.foul_limits,
            foul_loss_on_claim: r.foul_loss_on_claim,
            time_controls: r.time_controls,
            sections: r.sections,
            registration: r.registration,
            knockout: parts.knockout,
            teams: r.teams,
            team_match: parts.team_match,
            prizes: r.prizes,
            auto_advance: r.auto_advance,
            schedule: r.schedule,
            roles: r.roles,
            lang: r.lang,
            time_zone: r.time_zone,
            numbers_by_registration: r.numbers_by_registration,
            officials: r.officials,
            clock_skew_seconds: r.clock_skew_seconds,
            self_report: r.self_report,
            round_robin_order: parts.round_robin_order.unwrap_or_default(),
        }
    }
}

impl TryFrom<RulesWire> for Rules {
    type Error = RulesError;
    fn try_from(w: RulesWire) -> Result<Rules, RulesError> {
        Rules::from_wire(w)
    }
}

impl Rules {
    /// The one checked way from the wire shape to the rules: the format's fields become a
    /// `Format`, or the combination is refused naming the field (`knockout`, `round_robin_order`).
    ///
    /// # Errors
    /// A combination no format holds (knockout finals after a round robin or in a team match,
    /// a round-robin order in a Swiss).
    pub fn from_wire(w: RulesWire) -> Result<Rules, RulesError> {
        let format = Format::from_wire(FormatWire {
            system: w.system,
            knockout: w.knockout,
            team_match: w.team_match,
            round_robin_order: (w.round_robin_order != RoundRobinOrder::default())
                .then_some(w.round_robin_order),
        })
        .map_err(|(field, fault)| {
            RulesError::invalid(
                field,
                match fault {
                    FormatFault::KnockoutAfterRoundRobin => RulesFault::KnockoutAfterRoundRobin,
                    FormatFault::KnockoutInTeamMatch => RulesFault::KnockoutInTeamMatch,
                    FormatFault::OrderWithoutRoundRobin => RulesFault::OrderWithoutRoundRobin,
                },
            )
        })?;
        Ok(Rules {
            name: w.name,
            description: w.description,
            title: w.title,
            date: w.date,
            format,
            rounds: w.rounds,
            points: w.points,
            tiebreaks: w.tiebreaks,
            round1: w.round1,
            round1_separate_clubs: w.round1_separate_clubs,
            late_window_minutes: w.late_window_minutes,
            seat_mode: w.seat_mode,
            withdraw_after_forfeits: w.withdraw_after_forfeits,
            foul_limits: w.foul_limits,
            foul_loss_on_claim: w.foul_loss_on_claim,
            time_controls: w.time_controls,
            sections: w.sections,
            registration: w.registration,
            teams: w.teams,
            prizes: w.prizes,
            auto_advance: w.auto_advance,
            schedule: w.schedule,
            roles: w.roles,
            lang: w.lang,
            time_zone: w.time_zone,
            numbers_by_registration: w.numbers_by_registration,
            officials: w.officials,
            clock_skew_seconds: w.clock_skew_seconds,
            self_report: w.self_report,
        })
    }
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference
fn is_fide(order: &RoundRobinOrder) -> bool {
    *order == RoundRobinOrder::Fide
}
