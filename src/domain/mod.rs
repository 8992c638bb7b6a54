//! The pure core: no files, no clock reads, no terminal. Everything else depends on it.

pub mod clock;
pub mod command;
mod decide;
pub mod event;
pub mod floor;
pub mod id_number;
pub mod ids;
pub mod invisible;
pub mod knockout;
pub mod pairing;
pub mod placing;
pub mod prizes;
pub mod refusal;
pub mod registration;
pub mod repair;
pub mod result;
pub mod rules;
pub mod side;
pub mod skew;
pub mod standings;
pub mod team_match;
pub mod teams;
pub mod text;
pub mod tiebreak;
pub mod tournament;
pub mod withdrawal;
pub mod zone;

pub use command::{Actor, Command};
pub use decide::lot_first as decide_lot_first;
pub use event::{Event, PlayerEntry};
pub use ids::{Board, PlayerNo, Round, TeamNo};
pub use refusal::Refusal;
pub use result::GameResult;
pub use rules::{Role, Rules};
pub use side::{BySide, Side};
pub use tournament::Tournament;
