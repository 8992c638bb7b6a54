//! The wire shape of the rules (what a rules file and a log's first record hold), with the
//! defaults serde fills in. Data only: `Rules::from_wire` (beside `Rules`, in `mod.rs`) is the
//! one checked conversion from it.

use std::collections::BTreeMap;

use chrono::{NaiveDate, NaiveTime};
use serde::{Deserialize, Serialize};

use super::{
    AutoAdvance, FoulLimit, Knockout, Lang, Officials, Points, Prizes, Registration, Role,
    Round1Mode, SeatMode, Section, Teams, Tiebreak, TimeControls,
};
use crate::domain::format::{RoundRobinOrder, System};

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
    #[serde(default = "default_late")]
    pub late_window_minutes: u32,
    #[serde(default)]
    pub seat_mode: SeatMode,
    /// Consecutive forfeits that withdraw a player (0 = off).
    #[serde(default = "default_two")]
    pub withdraw_after_forfeits: u32,
    #[serde(default)]
    pub foul_limits: Vec<FoulLimit>,
    /// A foul limit reached loses the game only once the opponent claims it (seed 001: "一局棋
    /// 达到两次犯规，经对方提出，立即判负"); off, the loss is recorded by itself (docs/rules.md#5-fouls).
    #[serde(default)]
    pub foul_loss_on_claim: bool,
    pub time_controls: TimeControls,
    #[serde(default = "default_sections")]
    pub sections: Vec<Section>,
    #[serde(default)]
    pub registration: Registration,
    /// Requested byes the players may ask for; absent: none (and not written then, so rules
    /// written before the setting re-encode unchanged).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requested_byes: Option<crate::domain::requested_bye::record::ByeLimits>,
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
    #[serde(default, deserialize_with = "unique_roles")]
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
    #[serde(default = "default_clock_skew")]
    pub clock_skew_seconds: u32,
    /// Players sign their result on their phones (docs/self-report.md): `off` (the default,
    /// not written), `confirm` or `auto`.
    #[serde(
        default,
        skip_serializing_if = "crate::domain::self_report::record::SelfReport::is_off"
    )]
    pub self_report: crate::domain::self_report::record::SelfReport,
    /// Whose signatures make a result (docs/self-report.md): `both` (the default, not
    /// written) or `winner`.
    #[serde(
        default,
        skip_serializing_if = "crate::domain::self_report::record::Signers::is_both"
    )]
    pub self_report_signers: crate::domain::self_report::record::Signers,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference
fn is_fide(order: &RoundRobinOrder) -> bool {
    *order == RoundRobinOrder::Fide
}

/// Reads the roles map, refusing a user named twice.
fn unique_roles<'de, D>(d: D) -> Result<BTreeMap<String, Vec<Role>>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    struct Unique;
    impl<'de> serde::de::Visitor<'de> for Unique {
        type Value = BTreeMap<String, Vec<Role>>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a map of OS user names to lists of roles")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some((user, roles)) = map.next_entry::<String, Vec<Role>>()? {
                if out.contains_key(&user) {
                    return Err(serde::de::Error::custom(format!(
                        "roles: user '{user}' appears twice (give each user one list of roles)"
                    )));
                }
                out.insert(user, roles);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Unique)
}

fn default_clock_skew() -> u32 {
    120
}

fn default_late() -> u32 {
    10
}
fn default_two() -> u32 {
    2
}
/// The one section of rules that name none (公开组, also called `open`).
pub fn default_sections() -> Vec<Section> {
    vec![Section::named("公开组", &["open"])]
}
