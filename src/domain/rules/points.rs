//! The points table (docs/rules.md#1-scoring) and the tiebreak criteria (docs/rules.md#6-tiebreaks).

use serde::{Deserialize, Serialize};

use crate::domain::result::{GameResult, Outcome};
use crate::domain::side::Side;

/// The largest points one game or a bye may give: with 99 rounds no total, progressive score
/// or team sum comes near `u32::MAX`.
pub const MAX_POINTS: u32 = 1000;

/// The six-entry points table of docs/rules.md#1-scoring, plus the bye.
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
    /// Table points per printed point (docs/rules.md#1-scoring): a FIDE event's 1 / ½ / 0
    /// is held as 2 / 1 / 0 with `per_point: Some(2)` and printed in halves. `None`: 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_point: Option<u32>,
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
            per_point: None,
        }
    }

    /// Table points per printed point (at least 1).
    pub fn per_point(&self) -> u32 {
        self.per_point.unwrap_or(1).clamp(1, MAX_POINTS)
    }

    /// Points for a bye (at most [`MAX_POINTS`], as for a game).
    pub fn bye_points(&self) -> u32 {
        self.bye.unwrap_or(self.red_win).min(MAX_POINTS)
    }

    /// Points for one side of a result. A forfeit gives the present side the win points of its
    /// colour and the absent side the loss points; a double forfeit gives both the loss points.
    /// Never more than [`MAX_POINTS`]: validation refuses more, and a log written before that
    /// bound counts at most that much per game, so no total can wrap around.
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

    /// The points of a win (the larger of the two colours'), at least 1: what 小分 is divided
    /// by when shown, whatever the bye scores.
    pub fn win_points(&self) -> u32 {
        self.red_win.max(self.black_win).clamp(1, MAX_POINTS)
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

/// The tiebreak criteria of docs/rules.md#6-tiebreaks.
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
    /// against them ÷ the win points (docs/cli.md; R2011 14.1).
    SonnebornBerger,
    /// FIDE C.07: Buchholz (docs/rules.md#fide-tiebreaks).
    FideBh,
    /// FIDE C.07: Buchholz cut 1 (the lowest contribution dropped) (docs/rules.md#fide-tiebreaks).
    FideBhC1,
    /// FIDE C.07: median Buchholz (the lowest and the highest dropped) (docs/rules.md#fide-tiebreaks).
    FideBhM1,
    /// FIDE C.07: average of the opponents' Buchholz (docs/rules.md#fide-tiebreaks).
    FideAob,
    /// FIDE C.07: fore Buchholz (the last round counted as a draw for everyone) (docs/rules.md#fide-tiebreaks).
    FideFb,
    /// FIDE C.07: Sonneborn–Berger (docs/rules.md#fide-tiebreaks).
    FideSb,
    /// FIDE C.07: Sonneborn–Berger cut 1 (docs/rules.md#fide-tiebreaks).
    FideSbC1,
    /// FIDE C.07: rounds won, forfeit wins and full-point byes included (docs/rules.md#fide-tiebreaks).
    FideWin,
    /// FIDE C.07: games won over the board (docs/rules.md#fide-tiebreaks).
    FideWon,
    /// FIDE C.07: games played with black (docs/rules.md#fide-tiebreaks).
    FideBpg,
    /// FIDE C.07: games won with black (docs/rules.md#fide-tiebreaks).
    FideBwg,
    /// FIDE C.07: rounds elected to play (games over the board and rounds won without playing) (docs/rules.md#fide-tiebreaks).
    FideGe,
    /// FIDE C.07: progressive scores (docs/rules.md#fide-tiebreaks).
    FidePs,
    /// FIDE C.07: progressive scores without the first round (docs/rules.md#fide-tiebreaks).
    FidePsC1,
    /// FIDE C.07: direct encounter, FIDE's way (a place inside the tied group) (docs/rules.md#fide-tiebreaks).
    FideDe,
    /// FIDE C.07: Koya (points against the opponents with half the maximum or more) (docs/rules.md#fide-tiebreaks).
    FideKs,
}

impl Tiebreak {
    pub const ALL: [Tiebreak; 27] = [
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
        Tiebreak::FideBh,
        Tiebreak::FideBhC1,
        Tiebreak::FideBhM1,
        Tiebreak::FideAob,
        Tiebreak::FideFb,
        Tiebreak::FideSb,
        Tiebreak::FideSbC1,
        Tiebreak::FideWin,
        Tiebreak::FideWon,
        Tiebreak::FideBpg,
        Tiebreak::FideBwg,
        Tiebreak::FideGe,
        Tiebreak::FidePs,
        Tiebreak::FidePsC1,
        Tiebreak::FideDe,
        Tiebreak::FideKs,
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
            Tiebreak::FideBh => "fide_bh",
            Tiebreak::FideBhC1 => "fide_bh_c1",
            Tiebreak::FideBhM1 => "fide_bh_m1",
            Tiebreak::FideAob => "fide_aob",
            Tiebreak::FideFb => "fide_fb",
            Tiebreak::FideSb => "fide_sb",
            Tiebreak::FideSbC1 => "fide_sb_c1",
            Tiebreak::FideWin => "fide_win",
            Tiebreak::FideWon => "fide_won",
            Tiebreak::FideBpg => "fide_bpg",
            Tiebreak::FideBwg => "fide_bwg",
            Tiebreak::FideGe => "fide_ge",
            Tiebreak::FidePs => "fide_ps",
            Tiebreak::FidePsC1 => "fide_ps_c1",
            Tiebreak::FideDe => "fide_de",
            Tiebreak::FideKs => "fide_ks",
        }
    }

    /// What a value of this criterion is divided by when shown: the win points for 小分
    /// (kept exact as opponent points × game points); for FIDE's, the event's printed scale
    /// (`points.per_point`): points-like values by it, Sonneborn–Berger by it × the win
    /// points, AOB (kept in hundredths) by 100; counts and places by 1.
    pub fn divisor(self, points: &Points) -> u32 {
        let pp = points.per_point();
        match self {
            Tiebreak::SonnebornBerger => points.win_points(),
            Tiebreak::FideBh
            | Tiebreak::FideBhC1
            | Tiebreak::FideBhM1
            | Tiebreak::FideFb
            | Tiebreak::FidePs
            | Tiebreak::FidePsC1
            | Tiebreak::FideKs => pp,
            Tiebreak::FideSb | Tiebreak::FideSbC1 => pp.saturating_mul(points.win_points()),
            Tiebreak::FideAob => 100,
            _ => 1,
        }
    }

    /// One of FIDE's criteria (computed by `fide_tiebreak`).
    pub fn is_fide(self) -> bool {
        self.word().starts_with("fide_")
    }
}
