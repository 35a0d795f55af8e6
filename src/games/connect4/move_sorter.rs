//! Move ordering for the solver: at most seven moves, sorted by score on the
//! stack, no allocation.
//!
//! Moves are added with a score and taken out best first. Among equal scores
//! the move added first comes out first, so adding the columns centre-first
//! ([`COLUMN_ORDER`]) makes the centre the tie-break.

use super::rules::WIDTH;

/// The columns from the centre outwards: the order in which the solver tries
/// moves of equal score (central columns take part in more lines of four).
pub const COLUMN_ORDER: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// A small sorted list of moves (landing cells) and their scores.
pub struct MoveSorter {
    /// Kept sorted by ascending score; equal scores in reverse order of
    /// insertion, so that the last entry is the best and earliest.
    entries: [(u64, u32); WIDTH],
    len: usize,
}

impl Default for MoveSorter {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveSorter {
    #[inline(always)]
    pub fn new() -> MoveSorter {
        MoveSorter {
            entries: [(0, 0); WIDTH],
            len: 0,
        }
    }

    /// Adds a move with its score. At most [`WIDTH`] moves.
    #[inline(always)]
    pub fn add(&mut self, cell: u64, score: u32) {
        debug_assert!(self.len < WIDTH);
        let mut i = self.len;
        // Insertion sort: shift up the entries that score as much or more
        // (the new move goes below the equal ones, so it comes out after
        // them).
        while i > 0 && self.entries[i - 1].1 >= score {
            self.entries[i] = self.entries[i - 1];
            i -= 1;
        }
        self.entries[i] = (cell, score);
        self.len += 1;
    }

    /// The number of moves not taken out yet.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Iterator for MoveSorter {
    type Item = u64;

    /// The best remaining move (the highest score; the earliest added among
    /// equals).
    #[inline(always)]
    fn next(&mut self) -> Option<u64> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.entries[self.len].0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_first_and_first_added_among_equals() {
        let mut s = MoveSorter::new();
        s.add(1, 2);
        s.add(2, 5);
        s.add(3, 2);
        s.add(4, 5);
        s.add(5, 0);
        assert_eq!(s.len(), 5);
        let order: Vec<u64> = s.collect();
        assert_eq!(order, [2, 4, 1, 3, 5]);
    }
}
