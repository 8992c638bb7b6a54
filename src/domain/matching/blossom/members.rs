//! The vertices of each outermost blossom, kept as a list in the order a depth-first walk of
//! its children gives them (`State::leaves`), so that labelling, forming and expanding a
//! blossom of thousands of vertices copies a list instead of walking a tree nested hundreds
//! deep. The algorithm's steps do not change: only where the same list comes from.
//!
//! Only outermost blossoms hold a list. Forming a blossom takes its children's lists in
//! order; expanding one hands each child its own part (a child's part is as long as the
//! child's vertex count, fixed when it was formed); an augmentation, which rotates the
//! children of the blossoms it passes through, drops the outermost one's list, and the next
//! use walks the tree again.

use super::super::wide::Weight;
use super::state::{NONE, State};

impl<W: Weight> State<W> {
    /// The vertices of the outermost node `b` (a vertex or a blossom), in walk order.
    pub(super) fn leaves_of(&mut self, b: usize) -> Vec<usize> {
        if b < self.n {
            return vec![b];
        }
        let list = self.take_members(b);
        self.members[b] = Some(list.clone());
        list
    }

    /// The list of the outermost blossom `b`, taken out to be read (walked first if not
    /// known): the caller puts it back.
    pub(super) fn take_members(&mut self, b: usize) -> Vec<usize> {
        debug_assert_eq!(
            self.blossomparent[b], NONE,
            "only outermost blossoms keep lists"
        );
        self.known(b).unwrap_or_else(|| self.walk(b))
    }

    /// The list of blossom `b` taken out, if known. Under test, every list read is checked
    /// against a walk of the tree.
    fn known(&mut self, b: usize) -> Option<Vec<usize>> {
        let list = self.members[b].take()?;
        #[cfg(test)]
        assert_eq!(
            list,
            self.walk(b),
            "blossom {b}'s vertex list is out of date"
        );
        Some(list)
    }

    /// The vertices of blossom `b` by a walk of its tree.
    fn walk(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.count[b]);
        self.leaves(b, &mut out);
        out
    }

    /// The vertices of blossom `b`, being formed of the nodes `path` (its children, in
    /// order), and where each child's part starts in that list (one more entry: the end).
    /// The children's lists pass to `b`.
    pub(super) fn gather(&mut self, b: usize, path: &[usize]) -> (Vec<usize>, Vec<usize>) {
        let mut all = Vec::new();
        let mut starts = Vec::with_capacity(path.len() + 1);
        for &p in path {
            starts.push(all.len());
            if p < self.n {
                all.push(p);
            } else if let Some(list) = self.known(p) {
                all.extend_from_slice(&list);
            } else {
                self.leaves(p, &mut all);
            }
        }
        starts.push(all.len());
        self.count[b] = all.len();
        self.members[b] = Some(all.clone());
        (all, starts)
    }

    /// Before the outermost blossom `b` is expanded: each child blossom gets its part of
    /// `b`'s list.
    pub(super) fn hand_down(&mut self, b: usize) {
        let list = self.take_members(b);
        let mut at = 0;
        for i in 0..self.blossomchilds[b].len() {
            let c = self.blossomchilds[b][i];
            if c < self.n {
                at += 1;
            } else {
                let k = self.count[c];
                self.members[c] = Some(list[at..at + k].to_vec());
                at += k;
            }
        }
    }

    /// An augmentation through blossom `b` rotates its children: its list is walked again
    /// when next needed.
    pub(super) fn forget_members(&mut self, b: usize) {
        self.members[b] = None;
    }
}
