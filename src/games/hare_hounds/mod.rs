//! Hare and Hounds, the French Military Game, on its 11-point board.
//!
//! One concept per file, dependencies one way:
//!
//! * [`rules`] — the moves, the end, the notation (the `Game` trait);
//!   [`board`] the points and lines;
//! * [`players`] — the random-free fixed players (simple hare, perfect);
//!   [`solve`] the exact solution;
//! * [`table`] — the Q-tables' encoding; [`learn`] — the study's
//!   Q-learning experiments, runnable in chunks;
//! * [`runs`] — the learners as `Trainer`s;
//! * [`entry`] — the plug-in; [`bench`] its speed measurements; `cli` its
//!   commands.

pub mod bench;
pub mod board;
#[cfg(not(target_arch = "wasm32"))]
mod cli;
pub mod entry;
pub mod learn;
pub mod players;
pub mod rules;
pub mod runs;
pub mod solve;
pub mod table;

pub use board::{Point, POINTS};
pub use rules::{hound_set, hound_set_rank, End, HareHounds, Move, HOUND_SETS, STALL_LIMIT};
