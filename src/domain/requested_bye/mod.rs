//! A requested bye (docs/rules.md#requested-byes): a round a player asked to sit out, left
//! out of the pairing, scored half (the event's red draw points), zero or full (the red
//! win points). In FIDE's terms (TRF) `H`, `Z` and `F`; a pairing bye (`U`) is not one of
//! them, it is the round's `byes`.

mod decide;
pub mod fault;
pub mod query;
pub mod record;

pub(in crate::domain) use decide::{check_seated, decide_cancel, decide_request};
pub use fault::ByeFault;
pub use query::{on_bye, requested_for, taken};
pub use record::{ByeLimits, ByePoints, ByeRequest, RequestedBye};

#[cfg(test)]
mod tests;
