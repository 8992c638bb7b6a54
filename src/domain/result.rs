//! Game results: the six result words of docs/cli.md and what each means for a side
//! (docs/rules.md#1-scoring: a forfeit gives the present side the win points of its colour).

use super::side::Side;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    RedWin,
    BlackWin,
    Draw,
    /// Black absent: red wins without play.
    RedWinForfeit,
    /// Red absent: black wins without play.
    BlackWinForfeit,
    /// Both absent (or a prearranged draw recorded as such): both lose.
    DoubleForfeit,
}

/// What a result is for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl GameResult {
    pub const ALL: [GameResult; 6] = [
        GameResult::RedWin,
        GameResult::BlackWin,
        GameResult::Draw,
        GameResult::RedWinForfeit,
        GameResult::BlackWinForfeit,
        GameResult::DoubleForfeit,
    ];

    pub fn word(self) -> &'static str {
        match self {
            GameResult::RedWin => "red_win",
            GameResult::BlackWin => "black_win",
            GameResult::Draw => "draw",
            GameResult::RedWinForfeit => "red_win_forfeit",
            GameResult::BlackWinForfeit => "black_win_forfeit",
            GameResult::DoubleForfeit => "double_forfeit",
        }
    }

    /// The short score notation printed on wall charts.
    pub fn score_text(self) -> &'static str {
        match self {
            GameResult::RedWin => "1-0",
            GameResult::BlackWin => "0-1",
            GameResult::Draw => "½-½",
            GameResult::RedWinForfeit => "+:-",
            GameResult::BlackWinForfeit => "-:+",
            GameResult::DoubleForfeit => "-:-",
        }
    }

    pub fn outcome(self, side: Side) -> Outcome {
        match (self, side) {
            (GameResult::Draw, _) => Outcome::Draw,
            (GameResult::RedWin | GameResult::RedWinForfeit, Side::Red)
            | (GameResult::BlackWin | GameResult::BlackWinForfeit, Side::Black) => Outcome::Win,
            _ => Outcome::Loss,
        }
    }

    /// True when the game was not played over the board.
    pub fn is_forfeit(self) -> bool {
        matches!(
            self,
            GameResult::RedWinForfeit | GameResult::BlackWinForfeit | GameResult::DoubleForfeit
        )
    }

    /// True when `side` was the absent side of a forfeit.
    pub fn forfeited_by(self, side: Side) -> bool {
        match self {
            GameResult::DoubleForfeit => true,
            GameResult::RedWinForfeit => side == Side::Black,
            GameResult::BlackWinForfeit => side == Side::Red,
            _ => false,
        }
    }

    /// The decisive result in favour of `side`, played or by forfeit.
    pub fn win_for(side: Side, forfeit: bool) -> GameResult {
        match (side, forfeit) {
            (Side::Red, false) => GameResult::RedWin,
            (Side::Black, false) => GameResult::BlackWin,
            (Side::Red, true) => GameResult::RedWinForfeit,
            (Side::Black, true) => GameResult::BlackWinForfeit,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for GameResult {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let r = match s.trim().to_ascii_lowercase().as_str() {
            "red_win" | "red wins" | "r" | "rw" | "1-0" | "红胜" => GameResult::RedWin,
            "black_win" | "black wins" | "b" | "bw" | "0-1" | "黑胜" => GameResult::BlackWin,
            "draw" | "d" | "=" | "1/2" | "和" | "和棋" => GameResult::Draw,
            "red_win_forfeit" | "red wins by forfeit" | "fr" | "rf" | "+:-" | "+-" | "红不战胜" => {
                GameResult::RedWinForfeit
            }
            "black_win_forfeit"
            | "black wins by forfeit"
            | "fb"
            | "bf"
            | "-:+"
            | "-+"
            | "黑不战胜" => GameResult::BlackWinForfeit,
            "double_forfeit" | "double forfeit" | "ff" | "df" | "-:-" | "--" | "双方弃权" => {
                GameResult::DoubleForfeit
            }
            other => {
                return Err(format!(
                    "unknown result '{other}' (expected red_win, black_win, draw, red_win_forfeit, black_win_forfeit or double_forfeit)"
                ));
            }
        };
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_parses_back() {
        for r in GameResult::ALL {
            assert_eq!(r.word().parse::<GameResult>(), Ok(r));
        }
    }

    #[test]
    fn forfeit_sides() {
        assert!(GameResult::RedWinForfeit.forfeited_by(Side::Black));
        assert!(!GameResult::RedWinForfeit.forfeited_by(Side::Red));
        assert!(GameResult::DoubleForfeit.forfeited_by(Side::Red));
        assert_eq!(GameResult::DoubleForfeit.outcome(Side::Red), Outcome::Loss);
        assert_eq!(GameResult::BlackWin.outcome(Side::Black), Outcome::Win);
    }
}
