//! The opening book: exact scores of the early positions, read by the
//! solver instead of searching them.
//!
//! A book holds positions up to a depth (number of discs), keyed by
//! [`Position::symmetric_key`], so a position and its mirror image share one
//! entry. In memory it is an open-addressing hash table of `u64`s: the key in
//! the high bits, the score (offset to be positive) in the low 8 bits, 0 for
//! an empty slot.

use super::position::{Position, MIN_SCORE};

/// Exact scores of positions up to a depth. See the module documentation.
#[derive(Clone, Debug)]
pub struct Book {
    depth: u32,
    slots: Vec<u64>,
    len: usize,
}

#[inline(always)]
fn slot_of(key: u64, mask: usize) -> usize {
    (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) as usize & mask
}

impl Book {
    /// An empty book for positions of at most `depth` discs, with room for
    /// `capacity` entries.
    pub fn new(depth: u32, capacity: usize) -> Book {
        let size = (capacity.max(1) * 2).next_power_of_two();
        Book {
            depth,
            slots: vec![0; size],
            len: 0,
        }
    }

    /// The deepest positions the book is meant to hold (number of discs).
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The memory the table takes, in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    /// Records the exact score of `p` (and so of its mirror image).
    /// Positions deeper than the book's depth are ignored.
    pub fn insert(&mut self, p: &Position, score: i32) {
        if p.moves_played() > self.depth {
            return;
        }
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let key = p.symmetric_key();
        self.insert_key(key, score);
    }

    fn insert_key(&mut self, key: u64, score: i32) {
        let mask = self.slots.len() - 1;
        let mut i = slot_of(key, mask);
        let packed = (key << 8) | (score - MIN_SCORE + 1) as u64;
        loop {
            let v = self.slots[i];
            if v == 0 {
                self.slots[i] = packed;
                self.len += 1;
                return;
            }
            if v >> 8 == key {
                self.slots[i] = packed;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(2);
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        self.len = 0;
        for v in old.into_iter().filter(|&v| v != 0) {
            self.insert_key(v >> 8, (v & 0xff) as i32 + MIN_SCORE - 1);
        }
    }

    /// The exact score of `p`, if the book holds it.
    #[inline]
    pub fn get(&self, p: &Position) -> Option<i32> {
        if p.moves_played() > self.depth {
            return None;
        }
        let key = p.symmetric_key();
        let mask = self.slots.len() - 1;
        let mut i = slot_of(key, mask);
        loop {
            let v = self.slots[i];
            if v == 0 {
                return None;
            }
            if v >> 8 == key {
                return Some((v & 0xff) as i32 + MIN_SCORE - 1);
            }
            i = (i + 1) & mask;
        }
    }
}

/// The scores of the first move, from the first player's point of view,
/// column by column (the published values of the game: the centre wins
/// with the first player's last disc, columns 3 and 5 draw, the others
/// lose). Solving them takes minutes, so the built-in book holds them.
pub const FIRST_MOVE_SCORES: [i32; 7] = [-2, -1, 0, 1, 0, -1, -2];

/// The built-in book: the empty board and the seven positions after the
/// first move.
pub fn opening() -> Book {
    let mut book = Book::new(1, 8);
    let empty = Position::default();
    book.insert(&empty, 1);
    for (col, &score) in FIRST_MOVE_SCORES.iter().enumerate() {
        let mut p = empty;
        p.play_col(col);
        // After the move the opponent is to move.
        book.insert(&p, -score);
    }
    book
}
