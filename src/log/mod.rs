//! The append-only tournament log: one file, one RON record per line, shared by every
//! terminal on the machine. Appends take an exclusive lock, catch up with what others wrote,
//! decide against that fresh state, write, `fsync` and only then report success.

mod checkpoint;
mod lock;
pub mod privilege;
pub mod reads;
pub mod record;
mod repair;
mod scan;
mod snapshot;
mod store;
pub mod trust;
pub mod user;

pub use lock::{Holder, WAIT as LOCK_WAIT};
pub use record::Record;
pub use repair::{repair, verify};
pub use scan::MAX_LINE;
pub use store::{Damage, IfDamaged, Log, LogError};
