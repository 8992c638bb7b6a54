//! Why a TRF file was refused, as data: the line and column (both 1-based) and what is
//! wrong there. `i18n::errors::trf` words it in Chinese or English.

/// One defect of a TRF file, at its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfFault {
    /// The line, 1-based.
    pub line: usize,
    /// The column (in characters), 1-based.
    pub column: usize,
    pub kind: TrfFaultKind,
}

/// The field a malformed value stands in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrfField {
    StartNumber,
    Name,
    Sex,
    Rating,
    Points,
    Rank,
    Opponent,
    Colour,
    Result,
    Rounds,
    Scoring,
    Date,
    /// A bianpai `###` line (a foul, a withdrawal, a double round robin's order).
    Note,
}

/// What is wrong at a place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrfFaultKind {
    /// No player line (001) in the file.
    NoPlayers,
    /// A field that cannot be read: the field and the text found.
    Malformed { field: TrfField, found: String },
    /// The start number was already given on an earlier line.
    StartNumberTwice { no: u32, first_line: usize },
    /// A round names an opponent without a player line.
    NoSuchOpponent { round: u32, opponent: u32 },
    /// A player is paired with themselves.
    PairedWithSelf { round: u32 },
    /// `no` names `opponent` in `round`, but the opponent's line does not name `no` back.
    PairingNotHeld {
        round: u32,
        no: u32,
        opponent: u32,
        theirs: Option<u32>,
    },
    /// Both sides of a game hold the same colour.
    SameColour { round: u32, opponent: u32 },
    /// The two sides' results of one game do not fit together (`1` against `1`, `+` against `=`).
    ResultsDisagree {
        round: u32,
        opponent: u32,
        mine: char,
        theirs: char,
    },
    /// A result that needs an opponent without one (`1`, `=`, `0` against 0000), or a bye
    /// letter (`H F U Z`) with an opponent.
    ResultWithoutGame { round: u32, result: char },
    /// The declared total is not what the results give under the scoring: both in tenths.
    TotalMismatch { declared: u32, computed: u32 },
    /// More rounds in a player line than the event has.
    TooManyRounds { rounds: u32, found: u32 },
    /// No round count: the file does not say it (XXR, 142) and `--rounds` was not given.
    NoRoundCount,
    /// A round robin's round that is not the Berger table's (docs/rules.md#12-formats): the
    /// table has `no` play `table` (`None`: rest) with `red` (true: `w`) in `round`.
    NotTheTable {
        round: u32,
        no: u32,
        table: Option<u32>,
        red: bool,
    },
    /// A note names a player without a game (a foul) or a start number the file has not.
    NoteWithoutPlayer { round: u32, no: u32 },
    /// A knockout game in a round the rules' knockout does not play (`rounds`: the rounds it
    /// plays, `None` for rules without one).
    KnockoutOutsideRules {
        round: u32,
        rounds: Option<(u32, u32)>,
    },
}
