//! The registered field as keys, so that an entry is checked against it by look-up instead of
//! a pass over every player (docs/rules.md#9-registration, docs/performance.md#a-whole-event-linear-in-the-field).
//!
//! Three keys, one per duplicate rule of [`super::check_entry`]:
//! - [`name_key`]: two names are the same name (`same name and birth date`) exactly when their
//!   keys are equal;
//! - [`look_key`]: two names print alike (the look-alike refusal) exactly when their keys are
//!   equal. This is the one place a stronger notion of "prints alike" (a Unicode confusable
//!   skeleton, UTS #39) would replace today's (NFKC, without what shows nothing);
//! - the identity number itself.
//!
//! Each key maps to the players holding it, as positions in `Tournament::players`, in that
//! order, so a look-up names the same player the pass over the field named (the first one).
//! `Tournament::apply` keeps the index: a registration adds one player, a draw (which
//! reorders the players) rebuilds it.

use std::collections::HashMap;

use crate::domain::id_number::IdNumber;
use crate::domain::tournament::Player;

/// The same-name key: the name as compared and stored ([`super::normalize_name`]).
pub fn name_key(name: &str) -> String {
    super::normalize_name(name)
}

/// The look-alike key: the name as it prints ([`super::as_printed`]) without what shows
/// nothing ([`crate::domain::invisible::visible_key`]).
pub fn look_key(name: &str) -> String {
    crate::domain::invisible::visible_key(&super::as_printed(name))
}

/// The players of the field by name, look and identity number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntryIndex {
    /// How many players are indexed: `players[..count]`.
    count: usize,
    names: HashMap<String, Vec<usize>>,
    looks: HashMap<String, Vec<usize>>,
    ids: HashMap<IdNumber, Vec<usize>>,
}

impl EntryIndex {
    /// The index of a whole field.
    pub fn of(players: &[Player]) -> EntryIndex {
        let mut index = EntryIndex::default();
        index.catch_up(players);
        index
    }

    /// Adds the players past the ones indexed (the field only grows at its end).
    pub fn catch_up(&mut self, players: &[Player]) {
        for (i, p) in players.iter().enumerate().skip(self.count) {
            self.names
                .entry(name_key(&p.entry.name))
                .or_default()
                .push(i);
            self.looks
                .entry(look_key(&p.entry.name))
                .or_default()
                .push(i);
            if let Some(id) = &p.entry.id_number {
                self.ids.entry(id.clone()).or_default().push(i);
            }
        }
        self.count = self.count.max(players.len());
    }

    /// Whether the index holds exactly `players` (false for a state read from a snapshot
    /// before it is re-indexed, or a field changed outside `apply`).
    pub fn covers(&self, players: &[Player]) -> bool {
        self.count == players.len()
    }

    /// The players named `key` (a [`name_key`]), in field order.
    pub fn named(&self, key: &str) -> &[usize] {
        self.names.get(key).map_or(&[], Vec::as_slice)
    }

    /// The players whose names print as `key` (a [`look_key`]), in field order.
    pub fn looking(&self, key: &str) -> &[usize] {
        self.looks.get(key).map_or(&[], Vec::as_slice)
    }

    /// The players with identity number `id`, in field order.
    pub fn with_id(&self, id: &IdNumber) -> &[usize] {
        self.ids.get(id).map_or(&[], Vec::as_slice)
    }
}
