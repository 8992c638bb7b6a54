//! The settings every format shares: round 1, seats, fouls, time controls, sections,
//! registration, team standings, prizes, automatic advance (docs/rules.md).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// How round 1 is paired (docs/rules.md#2-player-numbers-and-round-1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Round1Mode {
    /// 1–2, 4–3, 5–6, …: board k pairs 2k−1 and 2k; odd boards the smaller number has red.
    #[default]
    Adjacent,
    /// 1 v n/2+1, 2 v n/2+2, …, colours alternating by board.
    Halves,
}

impl Round1Mode {
    pub fn word(self) -> &'static str {
        match self {
            Round1Mode::Adjacent => "adjacent",
            Round1Mode::Halves => "halves",
        }
    }
}

/// How seats start each round (docs/rules.md#4-late-arrival-forfeits-withdrawal).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatMode {
    /// Everyone is present unless an arbiter marks the seat absent.
    #[default]
    MarkAbsent,
    /// Every seat is absent until the player checks in.
    CheckIn,
}

/// Kinds of foul (docs/rules.md#5-fouls).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FoulKind {
    MoveRule,
    Phone,
    LeavingSeat,
    DisturbedPieces,
    Other,
}

impl FoulKind {
    pub const ALL: [FoulKind; 5] = [
        FoulKind::MoveRule,
        FoulKind::Phone,
        FoulKind::LeavingSeat,
        FoulKind::DisturbedPieces,
        FoulKind::Other,
    ];

    pub fn word(self) -> &'static str {
        match self {
            FoulKind::MoveRule => "move_rule",
            FoulKind::Phone => "phone",
            FoulKind::LeavingSeat => "leaving_seat",
            FoulKind::DisturbedPieces => "disturbed_pieces",
            FoulKind::Other => "other",
        }
    }
}

impl std::str::FromStr for FoulKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        FoulKind::ALL
            .into_iter()
            .find(|k| k.word() == s.trim())
            .ok_or_else(|| {
                format!(
                    "unknown foul kind '{}' (expected move_rule, phone, leaving_seat, disturbed_pieces or other)",
                    s.trim()
                )
            })
    }
}

/// Reaching `count` fouls of the listed kinds (all kinds when empty) in one game loses it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FoulLimit {
    #[serde(default)]
    pub kinds: Vec<FoulKind>,
    pub count: u32,
}

impl FoulLimit {
    pub fn counts(&self, kind: FoulKind) -> bool {
        self.kinds.is_empty() || self.kinds.contains(&kind)
    }
}

/// A Fischer time control: base times per side (unequal for armageddon) and an increment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    pub red_base_s: u32,
    pub black_base_s: u32,
    pub increment_s: u32,
}

impl TimeControl {
    pub fn fischer(minutes: u32, increment_s: u32) -> Self {
        TimeControl {
            red_base_s: minutes * 60,
            black_base_s: minutes * 60,
            increment_s,
        }
    }
}

/// Time controls per stage and game kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeControls {
    pub swiss: TimeControl,
    #[serde(default = "default_rapid")]
    pub rapid: TimeControl,
    #[serde(default = "default_armageddon")]
    pub armageddon: TimeControl,
}

fn default_rapid() -> TimeControl {
    TimeControl::fischer(10, 5)
}

fn default_armageddon() -> TimeControl {
    TimeControl {
        red_base_s: 360,
        black_base_s: 240,
        increment_s: 3,
    }
}

/// One Swiss section (组别). Players in different sections are never paired together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    pub name: String,
    /// Other names accepted on input (e.g. "open", "junior").
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Entry fee in yuan for this section; `None` uses the registration fee.
    #[serde(default)]
    pub fee: Option<u32>,
    /// Players must be younger than this on the event date to enter this section.
    #[serde(default)]
    pub max_age: Option<u32>,
}

impl Section {
    pub fn named(name: &str, aliases: &[&str]) -> Self {
        Section {
            name: name.to_string(),
            aliases: aliases.iter().map(|s| (*s).to_string()).collect(),
            fee: None,
            max_age: None,
        }
    }

    pub fn matches(&self, s: &str) -> bool {
        let s = s.trim();
        self.name == s || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(s))
    }
}

/// Entry rules (docs/rules.md#9-registration).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Registration {
    /// Maximum number of players (限额); `None` for no limit.
    #[serde(default)]
    pub capacity: Option<u32>,
    /// Players must be younger than this on the event date (born after the date this many years earlier).
    #[serde(default)]
    pub max_age: Option<u32>,
    /// Players must be born on or after this date.
    #[serde(default)]
    pub born_on_or_after: Option<NaiveDate>,
    /// The entry fee in yuan.
    #[serde(default)]
    pub fee: u32,
    /// Players younger than this on the event date enter free.
    #[serde(default)]
    pub free_under_age: Option<u32>,
    /// Whether a birth date is required at registration.
    #[serde(default)]
    pub require_birth: bool,
}

/// How teams are ranked (docs/rules.md#8-teams-groups-prizes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamMethod {
    /// Sum of members' points, more first; ties by the team's best individual rank.
    #[default]
    PointsSum,
    /// WXF style: sum of members' ranks, lower first.
    RankSum,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Teams {
    /// Standings after this round count for teams (`None`: the last round).
    #[serde(default)]
    pub after_round: Option<u32>,
    /// How many members count (their best results).
    #[serde(default = "default_three")]
    pub members_counted: u32,
    #[serde(default)]
    pub method: TeamMethod,
    /// How many teams get a prize or certificate.
    #[serde(default)]
    pub places_awarded: u32,
}

fn default_three() -> u32 {
    3
}

/// A prize for places `from..=to` of a section (all sections when `section` is `None`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacePrize {
    #[serde(default)]
    pub section: Option<String>,
    pub from: u32,
    pub to: u32,
    /// Amount in yuan each (0 for a certificate or trophy only).
    #[serde(default)]
    pub amount: u32,
    #[serde(default)]
    pub label: String,
}

/// A prize category inside a section, filtered by gender, age or the local flag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Category {
    pub name: String,
    #[serde(default)]
    pub section: Option<String>,
    #[serde(default)]
    pub gender: Option<Gender>,
    /// Younger than this on the event date.
    #[serde(default)]
    pub max_age: Option<u32>,
    #[serde(default)]
    pub local: Option<bool>,
    /// Amount per place, first place first.
    pub amounts: Vec<u32>,
    /// Whether a player may take this prize as well as a place prize.
    #[serde(default)]
    pub stacks: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prizes {
    #[serde(default)]
    pub places: Vec<PlacePrize>,
    /// Lucky prizes for single places (seed 000: 18th and 28th).
    #[serde(default)]
    pub lucky: Vec<PlacePrize>,
    #[serde(default)]
    pub categories: Vec<Category>,
    /// Team prizes may be taken together with individual prizes.
    #[serde(default)]
    pub team_and_individual: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gender {
    M,
    F,
}

impl std::str::FromStr for Gender {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "m" | "male" | "男" => Ok(Gender::M),
            "f" | "female" | "w" | "女" => Ok(Gender::F),
            other => Err(format!("unknown gender '{other}' (expected m or f)")),
        }
    }
}

impl Gender {
    pub fn word(self) -> &'static str {
        match self {
            Gender::M => "m",
            Gender::F => "f",
        }
    }
}

/// What happens when the last board of a round reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AutoAdvance {
    Off,
    #[default]
    Pair,
    PairAndStart,
}

/// The officials named on printouts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Officials {
    /// 裁判长 (chief arbiter).
    #[serde(default)]
    pub chief_arbiter: Option<String>,
    /// 编排长 (chief of pairings).
    #[serde(default)]
    pub pairing_officer: Option<String>,
}
