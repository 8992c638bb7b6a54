//! The tournament's rules as data (RULES.md, every **option** a field with its default).
//! A rules value is written into the first record of the log, so a log always carries the
//! rules it was played under. Presets for the three seed regulations live in `presets/`.

use chrono::{NaiveDate, NaiveTime};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use thiserror::Error;

use super::result::{GameResult, Outcome};
use super::side::Side;

/// The six-entry points table of RULES.md §1, plus the bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Points {
    pub red_win: u32,
    pub red_draw: u32,
    pub red_loss: u32,
    pub black_win: u32,
    pub black_draw: u32,
    pub black_loss: u32,
    /// Points for a bye; `None` means the colour-independent win (`red_win`).
    #[serde(default)]
    pub bye: Option<u32>,
}

impl Points {
    pub fn uniform(win: u32, draw: u32, loss: u32) -> Self {
        Points {
            red_win: win,
            red_draw: draw,
            red_loss: loss,
            black_win: win,
            black_draw: draw,
            black_loss: loss,
            bye: None,
        }
    }

    /// Points for a bye (at most [`MAX_POINTS`], as for a game).
    pub fn bye_points(&self) -> u32 {
        self.bye.unwrap_or(self.red_win).min(MAX_POINTS)
    }

    /// Points for one side of a result. A forfeit gives the present side the win points of its
    /// colour and the absent side the loss points; a double forfeit gives both the loss points.
    /// Never more than [`MAX_POINTS`]: validation refuses more, and a log written before that
    /// bound counts at most that much per game, so no total can wrap around (issue 14).
    pub fn for_result(&self, result: GameResult, side: Side) -> u32 {
        let points = match (result.outcome(side), side) {
            (Outcome::Win, Side::Red) => self.red_win,
            (Outcome::Win, Side::Black) => self.black_win,
            (Outcome::Draw, Side::Red) => self.red_draw,
            (Outcome::Draw, Side::Black) => self.black_draw,
            (Outcome::Loss, Side::Red) => self.red_loss,
            (Outcome::Loss, Side::Black) => self.black_loss,
        };
        points.min(MAX_POINTS)
    }

    /// The highest points one game can give (used for pairing weights and sanity checks).
    pub fn max_game(&self) -> u32 {
        [
            self.red_win,
            self.black_win,
            self.red_draw,
            self.black_draw,
            self.bye_points(),
        ]
        .into_iter()
        .max()
        .unwrap_or(0)
        .min(MAX_POINTS)
    }
}

/// The tiebreak criteria of RULES.md §6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tiebreak {
    OpponentScore,
    Progressive,
    Wins,
    Fouls,
    BlackGames,
    BlackWins,
    DirectEncounter,
    PreviousRoundRank,
    PreviousRoundPoints,
    DrawNumber,
    /// 小分 (Sonneborn–Berger): every opponent's points × the points this player scored
    /// against them ÷ the win points (CONTRACT.md; R2011 14.1).
    SonnebornBerger,
}

impl Tiebreak {
    pub const ALL: [Tiebreak; 11] = [
        Tiebreak::OpponentScore,
        Tiebreak::Progressive,
        Tiebreak::Wins,
        Tiebreak::Fouls,
        Tiebreak::BlackGames,
        Tiebreak::BlackWins,
        Tiebreak::DirectEncounter,
        Tiebreak::PreviousRoundRank,
        Tiebreak::PreviousRoundPoints,
        Tiebreak::DrawNumber,
        Tiebreak::SonnebornBerger,
    ];

    pub fn word(self) -> &'static str {
        match self {
            Tiebreak::OpponentScore => "opponent_score",
            Tiebreak::Progressive => "progressive",
            Tiebreak::Wins => "wins",
            Tiebreak::Fouls => "fouls",
            Tiebreak::BlackGames => "black_games",
            Tiebreak::BlackWins => "black_wins",
            Tiebreak::DirectEncounter => "direct_encounter",
            Tiebreak::PreviousRoundRank => "previous_round_rank",
            Tiebreak::PreviousRoundPoints => "previous_round_points",
            Tiebreak::DrawNumber => "draw_number",
            Tiebreak::SonnebornBerger => "sonneborn_berger",
        }
    }

    /// What a value of this criterion is divided by when shown: the win points for 小分
    /// (kept exact as opponent points × game points), 1 otherwise.
    pub fn divisor(self, points: &Points) -> u32 {
        match self {
            Tiebreak::SonnebornBerger => points.bye_points().max(1),
            _ => 1,
        }
    }
}

/// The competition system (CONTRACT.md, rules field `system`): Swiss by score (积分编排), or a
/// round robin on the Berger table (贝格尔编排), single (单循环) or double (双循环, colours swapped
/// in the second cycle).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum System {
    #[default]
    Swiss,
    RoundRobin,
    DoubleRoundRobin,
}

impl System {
    pub fn word(self) -> &'static str {
        match self {
            System::Swiss => "swiss",
            System::RoundRobin => "round_robin",
            System::DoubleRoundRobin => "double_round_robin",
        }
    }
    /// Whether the rounds come from the Berger table rather than from the scores.
    pub fn is_round_robin(self) -> bool {
        !matches!(self, System::Swiss)
    }
    /// Cycles of the Berger table: 1, or 2 for a double round robin.
    pub fn cycles(self) -> u32 {
        match self {
            System::DoubleRoundRobin => 2,
            _ => 1,
        }
    }
}

/// How round 1 is paired (RULES.md §2).
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

/// How seats start each round (RULES.md §4, issue 6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatMode {
    /// Everyone is present unless an arbiter marks the seat absent.
    #[default]
    MarkAbsent,
    /// Every seat is absent until the player checks in.
    CheckIn,
}

/// Kinds of foul (RULES.md §5).
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

/// Entry rules (RULES.md §9).
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

/// Knockout finals after the Swiss (RULES.md §7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Knockout {
    /// The last Swiss round whose standings select the finalists.
    pub after_round: u32,
    /// How many players leave the Swiss (4: semi-finals 1 v 4, 2 v 3).
    #[serde(default = "default_four")]
    pub players: u32,
}

fn default_four() -> u32 {
    4
}

/// How teams are ranked (RULES.md §8).
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

/// What happens when the last board of a round reports (issue 5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AutoAdvance {
    Off,
    #[default]
    Pair,
    PairAndStart,
}

/// The roles of the people at the console (issue 5, issue 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Head,
    Assistant,
    Organizer,
    /// Read-only: a user who holds no role.
    Viewer,
}

impl Role {
    pub fn word(self) -> &'static str {
        match self {
            Role::Head => "head",
            Role::Assistant => "assistant",
            Role::Organizer => "organizer",
            Role::Viewer => "viewer",
        }
    }
}

impl std::str::FromStr for Role {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "head" => Ok(Role::Head),
            "assistant" => Ok(Role::Assistant),
            "organizer" => Ok(Role::Organizer),
            "viewer" => Ok(Role::Viewer),
            other => Err(format!(
                "unknown role '{other}' (expected head, assistant, organizer or viewer)"
            )),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    Zh,
    En,
}

/// Everything that makes one event's rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
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
    /// 达到两次犯规，经对方提出，立即判负"); off, the loss is recorded by itself (RULES.md §5).
    #[serde(default)]
    pub foul_loss_on_claim: bool,
    pub time_controls: TimeControls,
    #[serde(default = "default_sections")]
    pub sections: Vec<Section>,
    #[serde(default)]
    pub registration: Registration,
    #[serde(default)]
    pub knockout: Option<Knockout>,
    #[serde(default)]
    pub teams: Option<Teams>,
    /// A team match event (团体赛): teams meet team against team on several boards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_match: Option<super::team_match::TeamMatch>,
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

/// Refuses a number above `max`, naming the field.
fn at_most(field: &str, value: u32, max: u32) -> Result<(), RulesError> {
    if value > max {
        return Err(RulesError::invalid(
            field,
            RulesFault::MoreThan { value, max },
        ));
    }
    Ok(())
}

/// Refuses a text field the sanitiser refuses (`domain::text`), naming the field.
fn text_ok(field: &str, value: &str, max: usize) -> Result<(), RulesError> {
    super::text::check(field, value, max)
        .map_err(|e| RulesError::invalid(field, RulesFault::Text(e)))
}

/// The largest points one game or a bye may give: with 99 rounds no total, progressive score
/// or team sum comes near `u32::MAX`.
pub const MAX_POINTS: u32 = 1000;
/// The largest amount of money (yuan) a fee or prize may name.
pub const MAX_AMOUNT: u32 = 10_000_000;
/// The largest place, capacity or count the rules may name.
pub const MAX_COUNT: u32 = 100_000;

fn default_clock_skew() -> u32 {
    120
}

fn default_late() -> u32 {
    10
}
fn default_two() -> u32 {
    2
}
fn default_sections() -> Vec<Section> {
    vec![Section::named("公开组", &["open"])]
}

/// Why a rules file (or preset) was refused, as data: the catalog (`i18n::errors::rules`)
/// renders it in Chinese or English; `Display` is the English text.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RulesError {
    /// RON could not read the text: the parser's finding at a line and column.
    #[error("{origin}: line {line}, column {column}: {code}")]
    Syntax {
        origin: String,
        line: usize,
        column: usize,
        code: ron::Error,
    },
    /// A value that parses but makes no sense: the field (its path, `knockout.players`), where
    /// it is when found in the text, and what is wrong.
    #[error("{}{field}: {fault}", invalid_place(.origin.as_deref(), *.at))]
    Invalid {
        origin: Option<String>,
        at: Option<(usize, usize)>,
        field: String,
        fault: Box<RulesFault>,
    },
    #[error("unknown preset '{0}' (see `bianpai presets`)")]
    UnknownPreset(String),
    /// The file could not be read (`kind` of the OS error; its text for English).
    #[error("{origin}: {text}")]
    Read {
        origin: String,
        kind: std::io::ErrorKind,
        os_code: Option<i32>,
        text: String,
    },
    #[error("{origin}: not UTF-8 text (byte {byte})")]
    NotUtf8 { origin: String, byte: usize },
}

fn invalid_place(origin: Option<&str>, at: Option<(usize, usize)>) -> String {
    match (origin, at) {
        (Some(o), Some((line, col))) => format!("{o}: line {line}, column {col}: "),
        (Some(o), None) => format!("{o}: "),
        (None, _) => "rules: ".to_string(),
    }
}

impl RulesError {
    fn invalid(field: &str, fault: RulesFault) -> RulesError {
        RulesError::Invalid {
            origin: None,
            at: None,
            field: field.to_string(),
            fault: Box::new(fault),
        }
    }
}

/// What is wrong with a field of the rules (the field is named beside it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesFault {
    MoreThan {
        value: u32,
        max: u32,
    },
    AtLeastOne,
    RoundsRange,
    EmptyChain,
    Twice(String),
    NoSections,
    SectionWithoutName,
    NotAZone(String),
    LateWindowOverADay,
    KnockoutPlayers,
    /// Knockout finals after a round robin (only after Swiss rounds, RULES.md §7).
    KnockoutAfterRoundRobin,
    KnockoutAfterRound,
    NotARange {
        from: u32,
        to: u32,
    },
    UnknownSection(String),
    CategorySection {
        category: String,
        section: String,
    },
    BaseTimeZero,
    EmptyUser,
    RoleTwice {
        user: String,
        role: &'static str,
    },
    Text(super::text::TextFault),
    /// `team_match.boards` outside 2..=8.
    BoardsRange,
}

impl std::fmt::Display for RulesFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RulesFault::MoreThan { value, max } => write!(f, "{value} is more than {max}"),
            RulesFault::AtLeastOne => f.write_str("must be at least 1"),
            RulesFault::RoundsRange => f.write_str("must be between 1 and 99"),
            RulesFault::EmptyChain => {
                f.write_str("the chain must not be empty (end it with draw_number)")
            }
            RulesFault::Twice(what) => write!(f, "{what} appears twice"),
            RulesFault::NoSections => f.write_str("at least one section is needed"),
            RulesFault::SectionWithoutName => f.write_str("a section needs a name"),
            RulesFault::NotAZone(t) => write!(
                f,
                "'{t}' is not a time zone (an IANA name like Asia/Shanghai or an offset like +08:00)"
            ),
            RulesFault::LateWindowOverADay => f.write_str("at most one day"),
            RulesFault::KnockoutAfterRoundRobin => f.write_str(
                "knockout finals follow Swiss rounds only; a round robin ranks its whole field (remove knockout or use system: swiss)",
            ),
            RulesFault::KnockoutPlayers => {
                f.write_str("only 4 (semi-finals 1 v 4, 2 v 3) is supported")
            }
            RulesFault::KnockoutAfterRound => f.write_str("must be a Swiss round of the event"),
            RulesFault::NotARange { from, to } => {
                write!(f, "places {from}..{to} are not a range")
            }
            RulesFault::UnknownSection(s) => write!(f, "unknown section '{s}'"),
            RulesFault::CategorySection { category, section } => {
                write!(f, "category '{category}' names unknown section '{section}'")
            }
            RulesFault::BaseTimeZero => f.write_str("base time must be positive"),
            RulesFault::EmptyUser => f.write_str("an empty user name"),
            RulesFault::RoleTwice { user, role } => {
                write!(f, "user '{user}' is given the role {role} twice")
            }
            RulesFault::BoardsRange => f.write_str("must be between 2 and 8"),
            RulesFault::Text(t) => {
                let text = t.to_string();
                let own = format!("{}: ", t.field);
                f.write_str(text.strip_prefix(&own).unwrap_or(&text))
            }
        }
    }
}

/// The embedded presets: (name, RON text).
pub const PRESETS: [(&str, &str); 5] = [
    ("qigu-2024-07", include_str!("presets/qigu-2024-07.ron")),
    ("qiyuan-2019", include_str!("presets/qiyuan-2019.ron")),
    ("lvliang-2024", include_str!("presets/lvliang-2024.ron")),
    ("club-rr-10", include_str!("presets/club-rr-10.ron")),
    ("team-rr-8", include_str!("presets/team-rr-8.ron")),
];

impl Rules {
    /// Parses a rules file. Unknown fields and bad values are refused with line and column.
    pub fn from_ron(text: &str, origin: &str) -> Result<Rules, RulesError> {
        let rules: Rules = ron::from_str(text).map_err(|e| RulesError::Syntax {
            origin: origin.to_string(),
            line: e.span.start.line,
            column: e.span.start.col,
            code: e.code,
        })?;
        rules.validate().map_err(|e| locate(e, text, origin))?;
        Ok(rules)
    }

    /// Reads and parses a rules file: unreadable, not UTF-8, or bad RON are refused naming the
    /// file (and the line, column and field where there is one).
    pub fn from_file(path: &std::path::Path) -> Result<Rules, RulesError> {
        let origin = path.display().to_string();
        // A regular file no longer than the log line it becomes (16 MB): `/dev/zero` is
        // refused before a byte is read.
        let read = crate::platform::read_regular(path, crate::log::MAX_LINE);
        let bytes = read.map_err(|e| RulesError::Read {
            origin: origin.clone(),
            kind: e.kind(),
            os_code: e.raw_os_error(),
            text: e.to_string(),
        })?;
        let text = String::from_utf8(bytes).map_err(|e| RulesError::NotUtf8 {
            origin: origin.clone(),
            byte: e.utf8_error().valid_up_to(),
        })?;
        Rules::from_ron(&text, &origin)
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

    /// Checks values that parse but make no sense.
    pub fn validate(&self) -> Result<(), RulesError> {
        let bad = |field: &str, fault| Err(RulesError::invalid(field, fault));
        self.validate_bounds()?;
        self.validate_text()?;
        // A round robin may leave `rounds: 0`: the schedule's own number (CONTRACT.md).
        let zero_ok = self.system.is_round_robin() && self.rounds == 0;
        if (self.rounds == 0 && !zero_ok) || self.rounds > 99 {
            return bad("rounds", RulesFault::RoundsRange);
        }
        if self.tiebreaks.is_empty() {
            return bad("tiebreaks", RulesFault::EmptyChain);
        }
        let mut seen = std::collections::HashSet::new();
        for t in &self.tiebreaks {
            if !seen.insert(*t) {
                return bad("tiebreaks", RulesFault::Twice(t.word().to_string()));
            }
        }
        if self.sections.is_empty() {
            return bad("sections", RulesFault::NoSections);
        }
        let mut names = std::collections::HashSet::new();
        for s in &self.sections {
            if s.name.trim().is_empty() {
                return bad("sections", RulesFault::SectionWithoutName);
            }
            if !names.insert(s.name.clone()) {
                return bad("sections", RulesFault::Twice(format!("'{}'", s.name)));
            }
        }
        for l in &self.foul_limits {
            if l.count == 0 {
                return bad("foul_limits.count", RulesFault::AtLeastOne);
            }
        }
        if let Some(z) = &self.time_zone
            && super::zone::EventZone::parse(z).is_err()
        {
            return bad("time_zone", RulesFault::NotAZone(z.trim().to_string()));
        }
        if self.late_window_minutes > 24 * 60 {
            return bad("late_window_minutes", RulesFault::LateWindowOverADay);
        }
        if let Some(k) = &self.knockout {
            if self.system.is_round_robin() {
                return bad("knockout", RulesFault::KnockoutAfterRoundRobin);
            }
            if k.players != 4 {
                return bad("knockout.players", RulesFault::KnockoutPlayers);
            }
            if k.after_round == 0 || k.after_round >= self.rounds.saturating_add(3) {
                return bad("knockout.after_round", RulesFault::KnockoutAfterRound);
            }
        }
        if let Some(tm) = &self.team_match
            && let Err((field, fault)) = super::team_match::config::check(tm)
        {
            return bad(field, fault);
        }
        if let Some(t) = &self.teams
            && t.members_counted == 0
        {
            return bad("teams.members_counted", RulesFault::AtLeastOne);
        }
        for p in self.prizes.places.iter().chain(&self.prizes.lucky) {
            if p.from == 0 || p.to < p.from {
                return bad(
                    "prizes",
                    RulesFault::NotARange {
                        from: p.from,
                        to: p.to,
                    },
                );
            }
            if let Some(s) = &p.section
                && self.section(s).is_none()
            {
                return bad("prizes", RulesFault::UnknownSection(s.clone()));
            }
        }
        for c in &self.prizes.categories {
            if let Some(s) = &c.section
                && self.section(s).is_none()
            {
                return bad(
                    "prizes",
                    RulesFault::CategorySection {
                        category: c.name.clone(),
                        section: s.clone(),
                    },
                );
            }
        }
        for (tc, what) in [
            (&self.time_controls.swiss, "swiss"),
            (&self.time_controls.rapid, "rapid"),
            (&self.time_controls.armageddon, "armageddon"),
        ] {
            if tc.red_base_s == 0 || tc.black_base_s == 0 {
                return bad(&format!("time_controls.{what}"), RulesFault::BaseTimeZero);
            }
        }
        Ok(())
    }

    /// Bounds on every number (issue 14): points, counts, amounts and times stay far from
    /// where sums could wrap around.
    fn validate_bounds(&self) -> Result<(), RulesError> {
        let p = &self.points;
        for (field, v) in [
            ("points.red_win", p.red_win),
            ("points.red_draw", p.red_draw),
            ("points.red_loss", p.red_loss),
            ("points.black_win", p.black_win),
            ("points.black_draw", p.black_draw),
            ("points.black_loss", p.black_loss),
            ("points.bye", p.bye.unwrap_or(0)),
        ] {
            at_most(field, v, MAX_POINTS)?;
        }
        at_most("withdraw_after_forfeits", self.withdraw_after_forfeits, 99)?;
        for l in &self.foul_limits {
            at_most("foul_limits.count", l.count, 100)?;
        }
        for (tc, what) in [
            (&self.time_controls.swiss, "swiss"),
            (&self.time_controls.rapid, "rapid"),
            (&self.time_controls.armageddon, "armageddon"),
        ] {
            let day = 24 * 3600;
            at_most(
                &format!("time_controls.{what}.red_base_s"),
                tc.red_base_s,
                day,
            )?;
            at_most(
                &format!("time_controls.{what}.black_base_s"),
                tc.black_base_s,
                day,
            )?;
            at_most(
                &format!("time_controls.{what}.increment_s"),
                tc.increment_s,
                3600,
            )?;
        }
        if self.clock_skew_seconds == 0 {
            return Err(RulesError::invalid(
                "clock_skew_seconds",
                RulesFault::AtLeastOne,
            ));
        }
        at_most("clock_skew_seconds", self.clock_skew_seconds, 24 * 3600)?;
        at_most("sections", self.sections.len() as u32, 100)?;
        at_most("schedule", self.schedule.len() as u32, 99)?;
        at_most("roles", self.roles.len() as u32, 1000)?;
        let r = &self.registration;
        at_most("registration.capacity", r.capacity.unwrap_or(0), MAX_COUNT)?;
        at_most("registration.fee", r.fee, MAX_AMOUNT)?;
        at_most("registration.max_age", r.max_age.unwrap_or(0), 150)?;
        at_most(
            "registration.free_under_age",
            r.free_under_age.unwrap_or(0),
            150,
        )?;
        for s in &self.sections {
            at_most("sections.fee", s.fee.unwrap_or(0), MAX_AMOUNT)?;
            at_most("sections.max_age", s.max_age.unwrap_or(0), 150)?;
        }
        if let Some(t) = &self.teams {
            at_most("teams.members_counted", t.members_counted, 100)?;
            at_most("teams.places_awarded", t.places_awarded, MAX_COUNT)?;
            at_most("teams.after_round", t.after_round.unwrap_or(0), 99)?;
        }
        for p in self.prizes.places.iter().chain(&self.prizes.lucky) {
            at_most("prizes.to", p.to, MAX_COUNT)?;
            at_most("prizes.amount", p.amount, MAX_AMOUNT)?;
        }
        for c in &self.prizes.categories {
            at_most("categories.max_age", c.max_age.unwrap_or(0), 150)?;
            at_most("categories.amounts", c.amounts.len() as u32, 1000)?;
            for a in &c.amounts {
                at_most("categories.amounts", *a, MAX_AMOUNT)?;
            }
        }
        Ok(())
    }

    /// Every free-text field of the rules through the one sanitiser (`domain::text`); a user
    /// named in the roles map once, each role once.
    fn validate_text(&self) -> Result<(), RulesError> {
        use super::text::{CLUB_MAX, GROUP_MAX, NAME_MAX, NOTE_MAX, TITLE_MAX};
        text_ok("name", &self.name, TITLE_MAX)?;
        text_ok("title", &self.title, TITLE_MAX)?;
        text_ok("description", &self.description, NOTE_MAX)?;
        for s in &self.sections {
            text_ok("sections", &s.name, GROUP_MAX)?;
            for a in &s.aliases {
                text_ok("aliases", a, GROUP_MAX)?;
            }
        }
        for p in self.prizes.places.iter().chain(&self.prizes.lucky) {
            text_ok("label", &p.label, CLUB_MAX)?;
        }
        for c in &self.prizes.categories {
            text_ok("categories", &c.name, GROUP_MAX)?;
        }
        for (field, v) in [
            ("chief_arbiter", &self.officials.chief_arbiter),
            ("pairing_officer", &self.officials.pairing_officer),
        ] {
            text_ok(field, v.as_deref().unwrap_or(""), NAME_MAX)?;
        }
        for (user, roles) in &self.roles {
            text_ok("roles", user, 64)?;
            if user.trim().is_empty() {
                return Err(RulesError::invalid("roles", RulesFault::EmptyUser));
            }
            let mut seen = std::collections::HashSet::new();
            if let Some(r) = roles.iter().find(|r| !seen.insert(**r)) {
                return Err(RulesError::invalid(
                    "roles",
                    RulesFault::RoleTwice {
                        user: user.clone(),
                        role: r.word(),
                    },
                ));
            }
        }
        Ok(())
    }

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

    #[test]
    fn bad_value_names_line_and_column() {
        let text =
            Rules::preset("qigu-2024-07")
                .unwrap()
                .to_ron()
                .replacen("rounds: 9", "rounds: 0", 1);
        let err = Rules::from_ron(&text, "r.ron").unwrap_err().to_string();
        let line = text.lines().position(|l| l.contains("rounds: 0")).unwrap() + 1;
        assert!(
            err.starts_with(&format!("r.ron: line {line}, column 5: rounds")),
            "{err}"
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
        let err = Rules::from_ron(&text, "x.ron").unwrap_err().to_string();
        assert!(err.contains("x.ron: line"), "{err}");
        assert!(err.contains("column"), "{err}");
        assert!(err.contains("roundz"), "{err}");
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
