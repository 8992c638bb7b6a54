//! Who decides an outdated round (docs/rules.md, "A correction across a round boundary"):
//! once a correction of an earlier round marked the current round's pairing outdated, only
//! the head arbiter re-pairs it (`unpair` + `pair`, or the console's re-pair) or keeps it
//! (`pair --keep`). The organizer may pair and unpair an ordinary round, but not this one:
//! the refusal names the head arbiter.

use super::command::{Actor, Command};
use super::refusal::Refusal;
use super::rules::Role;
use super::tournament::Tournament;

impl Tournament {
    /// Refuses `unpair` and `pair` of an outdated round by anyone but the head arbiter.
    pub(super) fn head_decides(&self, actor: &Actor, cmd: &Command) -> Result<(), Refusal> {
        let decides = matches!(
            cmd,
            Command::UnpairRound { .. }
                | Command::PairNextRound
                | Command::PairNextRoundWith { .. }
        );
        if actor.role == Role::Head || !decides {
            return Ok(());
        }
        let Some(r) = self.outdated_round() else {
            return Ok(());
        };
        Err(Refusal::OutdatedIsTheHeads {
            round: r.round,
            heads: self
                .rules
                .roles
                .iter()
                .filter(|(_, roles)| roles.contains(&Role::Head))
                .map(|(user, _)| user.clone())
                .collect(),
        })
    }
}
