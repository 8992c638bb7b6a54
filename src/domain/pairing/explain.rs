//! The explanation of a pairing as data (`pair --explain`, the console's preview); the
//! catalog words it in the reader's language (`i18n::explain`). Nothing here decides; the
//! engine fills these in as it pairs.

use crate::domain::breaks::RuleBreak;
use crate::domain::event::Stage;
use crate::domain::ids::{Board, PlayerNo, Round};
use crate::domain::swiss::colour::Reason;

/// Which criterion of docs/rules.md#3-pairing settled a choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Criterion {
    /// Hard rules 1–5: no other choice was legal.
    Legal,
    /// 6: score structure.
    Score,
    /// 7: colour balance.
    Colour,
    /// 8: float history.
    FloatHistory,
    /// 9: who floats (bottom of the group down, top of the group up).
    Rank,
}

pub use crate::domain::breaks::Break;

/// One line of the explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// The score groups: (score, players) from the top.
    Groups(Vec<(u32, usize)>),
    /// Players of a score group paired with a lower score, and what settled who.
    FloatsDown {
        score: u32,
        players: Vec<PlayerNo>,
        why: Criterion,
    },
    /// The bye, and the players of lower standing passed over because their bye would have
    /// left no legal pairing.
    Bye {
        to: PlayerNo,
        passed_over: Vec<PlayerNo>,
    },
    /// One board: the pair, their scores, whether the higher floated down last round too,
    /// the colour step, and colour rules broken.
    Board {
        red: PlayerNo,
        black: PlayerNo,
        scores: (u32, u32),
        repeat_float: bool,
        colour: Reason,
        breaks: Vec<Break>,
    },
    /// Colour rules 4–5 broken in this round (all boards).
    Relaxed(Vec<Break>),
    /// Round 1 by number (docs/rules.md#2-player-numbers-and-round-1).
    Round1 {
        red: PlayerNo,
        black: PlayerNo,
        halves: bool,
    },
    /// Round 1 with an odd field: the highest number has the bye.
    Round1Bye(PlayerNo),
    /// A round-robin board: the Berger table's round `table_round`, colours swapped in the
    /// second cycle of a double round robin.
    Berger {
        red: PlayerNo,
        black: PlayerNo,
        table_round: u32,
        swapped: bool,
    },
    /// The round robin's bye (odd field): the seat drawn against the phantom seat.
    BergerBye(PlayerNo),
    /// A round-robin game left off the boards: `absent` withdrew (R2011 ch.14); annulled
    /// (成绩取消) or lost by forfeit (对手不战胜).
    OpponentWithdrew {
        present: PlayerNo,
        absent: PlayerNo,
        annulled: bool,
    },
    /// A knockout board.
    Knockout {
        red: PlayerNo,
        black: PlayerNo,
        stage: Stage,
    },
    /// A line numbered by its board.
    OnBoard(Board, Box<Line>),
    /// A line about one section of several.
    InSection(String, Box<Line>),
    /// The round has not been paired yet.
    NotPaired(Round),
    /// The boards played differ from the engine's proposal (a hand change or a knockout
    /// colour choice).
    HandChanged(Round),
    /// An override accepted by the head arbiter: the rule it breaks.
    Override(Overridden),
    /// The head arbiter paired this round with colour rules relaxed, or by hand; the reason.
    Decision { manual: bool, reason: String },
    /// A team match (团体赛): its number, the team with 先走, the other team, and whether the
    /// Berger table (else the Swiss by match points) paired it.
    TeamMatch {
        index: u32,
        first: String,
        second: String,
        berger: bool,
    },
    /// The team with the bye of a team round.
    TeamBye(String),
    /// Teams that handed in no lineup: they play their registered board order.
    DefaultLineups(Vec<String>),
    /// A team short of players: its missing last boards are vacant, lost by forfeit
    /// (docs/rules.md#11-team-matches).
    ShortTeam { team: String, boards: Vec<Board> },
}

/// What an accepted override broke: the rule as data (shown in the reader's language), or
/// the English words an older log recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overridden {
    Break(RuleBreak),
    Words(String),
}
