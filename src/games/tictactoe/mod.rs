//! Tic-tac-toe: the game to copy when adding one, and the first example of
//! every reinforcement-learning textbook.
//!
//! One concept per file, dependencies one way:
//!
//! * [`rules`] — the board, the moves, the end (the `Game` trait);
//! * [`playable`] — what the page shows of a position (`Playable`);
//! * [`players`] — the perfect player (a full minimax, small enough here);
//! * [`learners`] — one file per learner (here the textbook's table of
//!   values, a [`crate::plugin::Learner`] over the generic
//!   [`crate::learn::value_table`]) and the list of the game's kinds of run;
//! * [`entry`] — the plug-in: players by name and the game's parts;
//! * [`bench`] — its speed measurements.
//!
//! The registry (`src/games/mod.rs`) names the entry in one line.

pub mod bench;
pub mod entry;
pub mod learners;
pub mod playable;
pub mod players;
pub mod rules;

pub use rules::Board;
