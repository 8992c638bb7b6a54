//! Identifiers that cross module boundaries: player numbers (序号), rounds and boards.
//! Newtypes so that a board number can never be passed where a player number is meant.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! id_type {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub u32);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }

        impl $name {
            /// The zero-based index this one-based id stands for.
            pub fn index(self) -> usize {
                (self.0 as usize).saturating_sub(1)
            }
        }
    };
}

id_type!(
    /// A player's number (序号), 1-based, unique in the event.
    PlayerNo
);
id_type!(
    /// A round number, 1-based.
    Round
);
id_type!(
    /// A board (台次) number within a round, 1-based and continuous across sections.
    Board
);
id_type!(
    /// A team's number in a team match event (团体赛), 1-based in registration order: its
    /// seat in the Berger table.
    TeamNo
);
