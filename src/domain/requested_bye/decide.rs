//! Asking for a requested bye and withdrawing the request (docs/rules.md#requested-byes):
//! the organizer's, before the round is paired, within the rules' `requested_byes`.

use super::fault::ByeFault;
use super::query::{on_bye, requested_for, taken};
use super::record::{ByePoints, ByeRequest, RequestedBye};
use crate::domain::event::Event;
use crate::domain::format::Format;
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::refusal::{ReasonFor, Refusal};
use crate::domain::tournament::{Status, Tournament};

/// A pairing by hand of `round` leaves out every player on a requested bye there.
pub(in crate::domain) fn check_seated(
    t: &Tournament,
    round: Round,
    seated: impl IntoIterator<Item = PlayerNo>,
) -> Result<(), Refusal> {
    for no in seated {
        if on_bye(t, round, no) {
            let name = t
                .player(no)
                .map(|p| p.entry.name.clone())
                .unwrap_or_default();
            return Err(Refusal::Bye(ByeFault::Seated { no, name, round }));
        }
    }
    Ok(())
}

/// The round a request names: the one given, else the next to be paired.
fn round_of(t: &Tournament, round: Option<Round>) -> Round {
    round.unwrap_or(Round(t.current_round().0 + 1))
}

/// `bianpai bye LOG NO --points … --reason …`: the player sits out `round`.
pub(in crate::domain) fn decide_request(
    t: &Tournament,
    round: Option<Round>,
    no: PlayerNo,
    points: ByePoints,
    reason: &str,
) -> Result<Vec<Event>, Refusal> {
    let limits = match t.rules.format {
        Format::Swiss { .. } => t.rules.requested_byes.ok_or(ByeFault::NotAllowed),
        _ => Err(ByeFault::Format),
    }
    .map_err(Refusal::Bye)?;
    let p = t.player(no).ok_or(Refusal::UnknownPlayer(no))?;
    let name = p.entry.name.clone();
    if p.status != Status::Active {
        return Err(Refusal::AlreadyWithdrawn { no, name });
    }
    if reason.trim().is_empty() {
        return Err(Refusal::ReasonNeeded(ReasonFor::RequestedBye));
    }
    let round = round_of(t, round);
    open_round(t, round)?;
    let rounds = t.rules.rounds;
    if round.0.saturating_add(limits.not_in_last) > rounds {
        return Err(Refusal::Bye(ByeFault::LastRounds {
            round,
            not_in_last: limits.not_in_last,
        }));
    }
    if requested_for(t, round).any(|r| r.bye.no == no) {
        return Err(Refusal::Bye(ByeFault::Twice { no, name, round }));
    }
    if taken(t, no) >= limits.max {
        return Err(Refusal::Bye(ByeFault::Limit {
            no,
            name,
            max: limits.max,
        }));
    }
    if crate::domain::knockout::finalists(t, round).contains(&no) {
        return Err(Refusal::Bye(ByeFault::Finalist { no, name, round }));
    }
    Ok(vec![Event::ByeRequested {
        request: ByeRequest {
            round,
            bye: RequestedBye { no, points },
            reason: reason.to_string(),
        },
    }])
}

/// `bianpai bye LOG NO --cancel --reason …`: the request for `round` is withdrawn.
pub(in crate::domain) fn decide_cancel(
    t: &Tournament,
    round: Option<Round>,
    no: PlayerNo,
    reason: &str,
) -> Result<Vec<Event>, Refusal> {
    let p = t.player(no).ok_or(Refusal::UnknownPlayer(no))?;
    if reason.trim().is_empty() {
        return Err(Refusal::ReasonNeeded(ReasonFor::RequestedBye));
    }
    let round = round_of(t, round);
    open_round(t, round)?;
    if !requested_for(t, round).any(|r| r.bye.no == no) {
        return Err(Refusal::Bye(ByeFault::NoRequest {
            no,
            name: p.entry.name.clone(),
            round,
        }));
    }
    Ok(vec![Event::ByeCancelled {
        round,
        no,
        reason: reason.to_string(),
    }])
}

/// A request names a round of the event not yet paired.
fn open_round(t: &Tournament, round: Round) -> Result<(), Refusal> {
    if round.0 == 0 || round.0 > t.rules.rounds {
        return Err(Refusal::Bye(ByeFault::Beyond {
            round,
            rounds: t.rules.rounds,
        }));
    }
    if round <= t.current_round() {
        return Err(Refusal::Bye(ByeFault::Paired(round)));
    }
    Ok(())
}
