//! Why a requested bye was refused, as data below both the decision and the refusal.

use crate::domain::ids::{PlayerNo, Round};

/// Why a requested bye was refused; worded by `i18n::refusal`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ByeFault {
    /// The rules allow none (no `requested_byes` field).
    NotAllowed,
    /// A round robin's table or a team match has no requested byes.
    Format,
    /// The round is already paired (or played).
    Paired(Round),
    /// The event has no such round.
    Beyond { round: Round, rounds: u32 },
    /// The last `not_in_last` rounds take none.
    LastRounds { round: Round, not_in_last: u32 },
    /// The player has taken or asked for `max` already.
    Limit {
        no: PlayerNo,
        name: String,
        max: u32,
    },
    /// The player already asked for one in this round.
    Twice {
        no: PlayerNo,
        name: String,
        round: Round,
    },
    /// A cancellation with no request to cancel.
    NoRequest {
        no: PlayerNo,
        name: String,
        round: Round,
    },
    /// A knockout finalist plays the finals' rounds.
    Finalist {
        no: PlayerNo,
        name: String,
        round: Round,
    },
    /// A pairing by hand seats a player on a requested bye.
    Seated {
        no: PlayerNo,
        name: String,
        round: Round,
    },
}
