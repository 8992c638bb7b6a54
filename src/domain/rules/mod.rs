//! The tournament's rules as data (docs/rules.md, every **option** a field with its default).
//! A rules value is written into the first record of the log, so a log always carries the
//! rules it was played under. Presets for the three seed regulations live in `presets/`.

use chrono::{NaiveDate, NaiveTime};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

mod error;
pub(in crate::domain) mod points;
mod settings;
mod validate;
mod wire;

pub use super::lang::Lang;
pub use super::role::Role;
pub use error::{RulesError, RulesFault};
pub use points::{MAX_POINTS, Points, Tiebreak};
pub use settings::*;
pub use wire::{RulesWire, default_sections};

pub use super::format::{Format, System};
use super::format::{FormatFault, FormatWire, RoundRobinOrder};
pub use super::knockout::config::Knockout;

/// Everything that makes one event's rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RulesWire", into = "RulesWire")]
pub struct Rules {
    /// The preset this came from, or a name of the user's choosing.
    pub name: String,
    pub description: String,
    /// The default event title.
    pub title: String,
    /// The event date (age rules are computed against it).
    pub date: Option<NaiveDate>,
    /// The competition format: Swiss (with knockout finals or not), round robin, team match.
    /// It cannot hold a combination the rules refuse (`Format`).
    pub format: Format,
    /// Rounds to play; with a round robin, 0 means the schedule's own number.
    pub rounds: u32,
    pub points: Points,
    pub tiebreaks: Vec<Tiebreak>,
    pub round1: Round1Mode,
    /// Players of the same club are not paired in round 1.
    pub round1_separate_clubs: bool,
    pub late_window_minutes: u32,
    pub seat_mode: SeatMode,
    /// Consecutive forfeits that withdraw a player (0 = off).
    pub withdraw_after_forfeits: u32,
    pub foul_limits: Vec<FoulLimit>,
    /// A foul limit reached loses the game only once the opponent claims it (seed 001: "一局棋
    /// 达到两次犯规，经对方提出，立即判负"); off, the loss is recorded by itself (docs/rules.md#5-fouls).
    pub foul_loss_on_claim: bool,
    pub time_controls: TimeControls,
    pub sections: Vec<Section>,
    pub registration: Registration,
    /// Requested byes the players may ask for (docs/rules.md#requested-byes); `None`: none.
    pub requested_byes: Option<crate::domain::requested_bye::record::ByeLimits>,
    pub teams: Option<Teams>,
    pub prizes: Prizes,
    pub auto_advance: AutoAdvance,
    /// Start times of the rounds, if the event has a schedule.
    pub schedule: Vec<NaiveTime>,
    /// OS user name → roles. Empty: every user holds every role. A user named twice is
    /// refused (a map would silently keep only the last entry).
    pub roles: BTreeMap<String, Vec<Role>>,
    /// The console's default language for this event.
    pub lang: Option<Lang>,
    /// The event's time zone: an IANA name (`Asia/Shanghai`) or a fixed offset (`+08:00`).
    /// Times are stored in UTC and shown in this zone; unset, the machine's zone.
    pub time_zone: Option<String>,
    /// Player numbers follow the registration order (no random draw needed before round 1).
    pub numbers_by_registration: bool,
    /// Names printed on the signature lines of the printouts (裁判长, 编排长).
    pub officials: Officials,
    /// How far (in seconds) a clock press or `--at` time may lie from the machine's clock
    /// before it is refused as a wrong time (a bridge in the wrong time zone).
    pub clock_skew_seconds: u32,
    /// Players sign their result on their phones (docs/self-report.md): `off`, `confirm` or
    /// `auto`.
    pub self_report: crate::domain::self_report::record::SelfReport,
    /// Whose signatures make a result (docs/self-report.md): `both` or `winner`.
    pub self_report_signers: crate::domain::self_report::record::Signers,
}

/// The largest amount of money (yuan) a fee or prize may name.
pub const MAX_AMOUNT: u32 = 10_000_000;
/// The largest place, capacity or count the rules may name.
pub const MAX_COUNT: u32 = 100_000;

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
            requested_byes: r.requested_byes,
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
            self_report_signers: r.self_report_signers,
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
            requested_byes: w.requested_byes,
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
            self_report_signers: w.self_report_signers,
        })
    }
}

/// The embedded presets: (name, RON text).
pub const PRESETS: [(&str, &str); 7] = [
    ("qigu-2024-07", include_str!("presets/qigu-2024-07.ron")),
    ("qiyuan-2019", include_str!("presets/qiyuan-2019.ron")),
    ("lvliang-2024", include_str!("presets/lvliang-2024.ron")),
    ("club-rr-10", include_str!("presets/club-rr-10.ron")),
    ("team-rr-8", include_str!("presets/team-rr-8.ron")),
    ("fide-swiss", include_str!("presets/fide-swiss.ron")),
    ("wxf-2023", include_str!("presets/wxf-2023.ron")),
];

impl Rules {
    /// Parses a rules file. Unknown fields and bad values are refused with line and column.
    pub fn from_ron(text: &str, origin: &str) -> Result<Rules, RulesError> {
        let wire: RulesWire = ron::from_str(text).map_err(|e| RulesError::Syntax {
            origin: origin.to_string(),
            line: e.span.start.line,
            column: e.span.start.col,
            code: e.code,
        })?;
        let rules = Rules::from_wire(wire).map_err(|e| locate(e, text, origin))?;
        rules.validate().map_err(|e| locate(e, text, origin))?;
        Ok(rules)
    }

    /// Loads one of the embedded presets by name.
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        let (_, text) = PRESETS
            .iter()
            .find(|(n, _)| *n == name)
            .ok_or_else(|| RulesError::UnknownPreset(name.to_string()))?;
        Rules::from_ron(text, name)
    }

    pub fn to_ron(&self) -> String {
        let cfg = ron::ser::PrettyConfig::new().struct_names(false);
        ron::ser::to_string_pretty(self, cfg).unwrap_or_default()
    }

    /// The event's language: the rules' `lang`, Chinese when unset.
    pub fn event_lang(&self) -> Lang {
        self.lang.unwrap_or(Lang::Zh)
    }

    /// Checks values that parse but make no sense.
    /// Finds a section by name or alias.
    pub fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.matches(name))
    }

    pub fn section_index(&self, name: &str) -> Option<usize> {
        self.sections.iter().position(|s| s.matches(name))
    }

    /// The number of rounds in which Swiss pairings are made (knockout events pair the Swiss
    /// through the last round too, for places 5+).
    pub fn swiss_rounds(&self) -> u32 {
        self.rounds
    }

    /// Points for a bye (轮空): in a Swiss the `bye` points; in a round robin the bye is a rest
    /// and scores nothing, for individuals and teams alike (docs/rules.md#1-scoring).
    pub fn bye_points(&self) -> u32 {
        if self.format.follows_a_table() {
            0
        } else {
            self.points.bye_points()
        }
    }

    /// Roles an OS user holds; with no role map, every role.
    pub fn roles_of(&self, user: &str) -> Vec<Role> {
        if self.roles.is_empty() {
            vec![Role::Head, Role::Assistant, Role::Organizer]
        } else {
            self.roles.get(user).cloned().unwrap_or_default()
        }
    }
}

/// Adds the file, and the line and column of the offending field, to a validation error: the
/// last segment of the field's path (`knockout.players`) is looked up in the text.
fn locate(e: RulesError, text: &str, origin: &str) -> RulesError {
    let RulesError::Invalid { field, fault, .. } = e else {
        return e;
    };
    let key = field.rsplit('.').next().unwrap_or("").trim().to_string();
    let found = text.lines().enumerate().find_map(|(i, line)| {
        let code = line.split("//").next().unwrap_or("");
        let col = code.find(&format!("{key}:"))?;
        let before = code[..col].chars().last();
        let starts_word = before.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        starts_word.then(|| (i + 1, code[..col].chars().count() + 1))
    });
    RulesError::Invalid {
        origin: Some(origin.to_string()),
        at: found.filter(|_| !key.is_empty()),
        field,
        fault,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::result::GameResult;
    use crate::domain::side::Side;

    #[test]
    fn bad_value_names_line_and_column() {
        let text =
            Rules::preset("qigu-2024-07")
                .unwrap()
                .to_ron()
                .replacen("rounds: 9", "rounds: 0", 1);
        let err = Rules::from_ron(&text, "r.ron").unwrap_err();
        let line = text.lines().position(|l| l.contains("rounds: 0")).unwrap() + 1;
        assert_eq!(
            err,
            RulesError::Invalid {
                origin: Some("r.ron".into()),
                at: Some((line, 5)),
                field: "rounds".into(),
                fault: Box::new(RulesFault::RoundsRange),
            }
        );
    }

    #[test]
    fn presets_parse() {
        for (name, _) in PRESETS {
            let r = Rules::preset(name).unwrap();
            assert_eq!(r.name, name);
        }
    }

    #[test]
    fn colour_dependent_draws() {
        let r = Rules::preset("lvliang-2024").unwrap();
        assert_eq!(r.points.for_result(GameResult::Draw, Side::Red), 1);
        assert_eq!(r.points.for_result(GameResult::Draw, Side::Black), 2);
        assert_eq!(r.points.for_result(GameResult::RedWinForfeit, Side::Red), 3);
        assert_eq!(
            r.points.for_result(GameResult::DoubleForfeit, Side::Black),
            0
        );
    }

    #[test]
    fn unknown_field_names_line_and_column() {
        let mut text = Rules::preset("qigu-2024-07").unwrap().to_ron();
        text = text.replacen("rounds:", "roundz:", 1);
        let err = Rules::from_ron(&text, "x.ron").unwrap_err();
        let line = text.lines().position(|l| l.contains("roundz:")).unwrap() + 1;
        assert!(
            matches!(&err, RulesError::Syntax { origin, line: l, code: ron::Error::NoSuchStructField { found, .. }, .. }
                if origin == "x.ron" && *l == line && found == "roundz"),
            "{err:?}"
        );
    }

    #[test]
    fn round_trip_through_ron() {
        for (name, _) in PRESETS {
            let r = Rules::preset(name).unwrap();
            let back = Rules::from_ron(&r.to_ron(), "rt").unwrap();
            assert_eq!(r, back);
        }
    }
}
