//! Connect Four's Q-table and rewards: the learner's table as a sparse hashed
//! table (only the cells whose value is not 0, optionally one entry for a
//! position and its mirror image), how a position indexes it, and the rewards
//! at a game's end. The training loop ([`super::learners::q_table`]) and the
//! lookahead player ([`super::lookahead`]) both use them.

use serde::{Deserialize, Serialize};

use super::rules::{mirror_bits, Position, WIDTH};
use crate::game::{Outcome, Side};
use crate::learn::q_table::{HashedTable, QTable, Tabular};
use crate::model::Model;

/// The name of the table's indexing in model headers.
pub const ENCODING: &str = "connect4-key-column";

/// The key of a table's mirror setting in a model header's `hyper` (only
/// written when it is on).
pub const MIRROR_KEY: &str = "mirror";

/// A [`HashedTable`] that stores only cells whose value is not 0 (see the
/// module documentation), and optionally shares one entry between a
/// position and its left-right mirror image.
///
/// With `mirror` on, every cell is stored under its canonical form: of the
/// position's key and its mirrored key ([`mirror_bits`]), the smaller one,
/// with the column mirrored too (`c ↔ 6 − c`) when the mirrored key is the
/// smaller. A position and its mirror image then read and write the same
/// values, column for mirrored column.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SparseTable {
    pub table: HashedTable,
    pub mirror: bool,
}

/// The canonical form of a cell (`key << 3 | column`) under the left-right
/// mirror: the cell itself if its key is below the mirrored key, the
/// mirrored key with the mirrored column if that key is below; a position
/// that is its own mirror image keeps its key and takes the smaller of the
/// column and the mirrored column.
#[inline]
pub fn mirror_canonical(cell: u64) -> u64 {
    let key = cell >> 3;
    let column = cell & 7;
    let mirrored = mirror_bits(key);
    let other = WIDTH as u64 - 1 - column;
    if mirrored < key || mirrored == key && other < column {
        (mirrored << 3) | other
    } else {
        cell
    }
}

impl SparseTable {
    /// An empty table; `mirror` shares entries between mirror images.
    pub fn new(mirror: bool) -> SparseTable {
        SparseTable {
            table: HashedTable::default(),
            mirror,
        }
    }

    #[inline]
    fn stored(&self, cell: u64) -> u64 {
        if self.mirror {
            mirror_canonical(cell)
        } else {
            cell
        }
    }
}

impl QTable for SparseTable {
    #[inline]
    fn get(&self, cell: u64) -> f32 {
        self.table.get(self.stored(cell))
    }
    #[inline]
    fn set(&mut self, cell: u64, value: f32) {
        let cell = self.stored(cell);
        if value == 0.0 && self.table.get(cell) == 0.0 {
            return;
        }
        self.table.set(cell, value);
    }
    fn entries(&self) -> usize {
        self.table.entries()
    }
    fn bytes(&self) -> usize {
        self.table.bytes()
    }
    /// The stored cells, and `mirror: true` in the header when it is on.
    fn save(&self, model: &mut Model, name: &str) -> Result<(), String> {
        if self.mirror {
            model
                .header
                .hyper
                .insert(MIRROR_KEY.into(), serde_json::Value::Bool(true));
        }
        self.table.save(model, name)
    }
    fn load(&mut self, model: &Model, name: &str) -> Result<(), String> {
        self.mirror = match model.header.hyper.get(MIRROR_KEY) {
            None => false,
            Some(serde_json::Value::Bool(b)) => *b,
            Some(v) => {
                return Err(format!(
                    "hyper-parameter '{MIRROR_KEY}' is {v}, not true or false"
                ))
            }
        };
        self.table.load(model, name)?;
        if self.mirror {
            if let Some((c, _)) = self.table.iter().find(|&(c, _)| mirror_canonical(c) != c) {
                return Err(format!(
                    "the mirrored table holds cell {c}, which is not in its canonical form"
                ));
            }
        }
        Ok(())
    }
}

impl Tabular for Position {
    const ENCODING: &'static str = ENCODING;
    type Table = SparseTable;
    /// A run's model carries its generator.
    const EXTRA_ARRAYS: &'static [&'static str] = &["rng"];

    fn new_table(_side: Side) -> SparseTable {
        SparseTable::default()
    }

    /// The position's key (unique, below 2^49) and the column.
    #[inline]
    fn cell(&self, m: u8) -> u64 {
        (self.key() << 3) | u64::from(m)
    }
}

/// The rewards at the end of a game, for the learner.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rewards {
    pub win: f32,
    pub draw: f32,
    pub loss: f32,
}

impl Rewards {
    /// Method 1: survive (a draw is the only good end).
    pub const SURVIVE: Rewards = Rewards {
        win: -1.0,
        draw: 1.0,
        loss: -1.0,
    };
    /// Method 2: win (a draw counts as a loss).
    pub const WIN: Rewards = Rewards {
        win: 1.0,
        draw: -1.0,
        loss: -1.0,
    };

    pub fn of(&self, outcome: Outcome, side: Side) -> f32 {
        match outcome {
            Outcome::Draw => self.draw,
            Outcome::Win(s) if s == side => self.win,
            Outcome::Win(_) => self.loss,
        }
    }
}
