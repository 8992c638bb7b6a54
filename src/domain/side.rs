//! The two sides of a Xiangqi board: red (先手) moves first, black (后手) second.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Red,
    Black,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Red, Side::Black];

    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::Red => Side::Black,
            Side::Black => Side::Red,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Black => "black",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for Side {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "red" | "r" | "红" | "红方" => Ok(Side::Red),
            "black" | "b" | "黑" | "黑方" => Ok(Side::Black),
            other => Err(format!("unknown side '{other}' (expected red or black)")),
        }
    }
}

/// One value per side, instead of `[T; 2]` or a map keyed by colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BySide<T> {
    pub red: T,
    pub black: T,
}

impl<T> BySide<T> {
    pub fn new(red: T, black: T) -> Self {
        BySide { red, black }
    }

    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::Red => &self.red,
            Side::Black => &self.black,
        }
    }

    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Red => &mut self.red,
            Side::Black => &mut self.black,
        }
    }

    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            red: f(self.red),
            black: f(self.black),
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = (Side, &T)> {
        [(Side::Red, &self.red), (Side::Black, &self.black)].into_iter()
    }
}
