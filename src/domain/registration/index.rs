//! The registered field as keys, so that an entry is checked against it by look-up instead of
//! a pass over every player (docs/rules.md#9-registration, docs/performance.md#a-whole-event-linear-in-the-field).
//!
//! Three keys, one per duplicate rule of `check_entry`: the same-name key and the look-alike
//! key of `registration::name`, and the identity number itself.
//!
//! Each key maps to the players holding it, as positions in `Tournament::players`, in that
//! order, so a look-up names the same player the pass over the field named (the first one).
//! `Tournament::apply` keeps the index: a registration adds one player, a draw (which
//! reorders the players) rebuilds it.

use std::collections::HashMap;

use super::name::{look_key, name_key};
use crate::domain::event::PlayerEntry;
use crate::domain::id_number::IdNumber;

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
    /// The index of a whole field (the players' entries in field order).
    pub fn of<'a>(field: impl Iterator<Item = &'a PlayerEntry>) -> EntryIndex {
        let mut index = EntryIndex::default();
        for entry in field {
            index.add(entry);
        }
        index
    }

    /// Adds the players of `field` past the ones indexed (the field only grows at its end),
    /// each read through `entry`: the cost of the new players only.
    pub fn catch_up<'a, T: 'a>(
        &mut self,
        field: &'a [T],
        entry: impl Fn(&'a T) -> &'a PlayerEntry,
    ) {
        for p in field.get(self.count..).unwrap_or_default() {
            self.add(entry(p));
        }
    }

    /// Indexes the next player of the field.
    fn add(&mut self, entry: &PlayerEntry) {
        let i = self.count;
        self.names.entry(name_key(&entry.name)).or_default().push(i);
        self.looks.entry(look_key(&entry.name)).or_default().push(i);
        if let Some(id) = &entry.id_number {
            self.ids.entry(id.clone()).or_default().push(i);
        }
        self.count = i + 1;
    }

    /// Whether the index holds exactly a field of `len` players (false for a state read from
    /// a snapshot before it is re-indexed, or a field changed outside `apply`).
    pub fn covers(&self, len: usize) -> bool {
        self.count == len
    }

    /// The players named `key` (a same-name key), in field order.
    pub fn named(&self, key: &str) -> &[usize] {
        self.names.get(key).map_or(&[], Vec::as_slice)
    }

    /// The players whose names print as `key` (a look-alike key), in field order.
    pub fn looking(&self, key: &str) -> &[usize] {
        self.looks.get(key).map_or(&[], Vec::as_slice)
    }

    /// The players with identity number `id`, in field order.
    pub fn with_id(&self, id: &IdNumber) -> &[usize] {
        self.ids.get(id).map_or(&[], Vec::as_slice)
    }
}
