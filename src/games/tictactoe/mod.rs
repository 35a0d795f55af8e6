//! Tic-tac-toe: the game to copy when adding one, and the first example of
//! every reinforcement-learning textbook.
//!
//! One concept per file, dependencies one way:
//!
//! * [`rules`] — the board, the moves, the end (the `Game` trait) and what
//!   the page shows of a position (`Playable`);
//! * [`players`] — the perfect player (a full minimax, small enough here);
//! * [`runs`] — the textbook learner's run (a `Trainer` over the generic
//!   [`crate::learn::value_table`]);
//! * [`entry`] — the plug-in: players by name, the kind of run, models.
//!
//! The registry (`src/games/mod.rs`) names the entry in one line.

pub mod entry;
pub mod players;
pub mod rules;
pub mod runs;

pub use rules::Board;
