//! Hare and Hounds, the French Military Game, on its 11-point board.
//!
//! One concept per file, dependencies one way:
//!
//! * [`rules`] — the moves, the end, the notation (the `Game` trait);
//!   [`board`] the points and lines; [`playable`] what the page shows of a
//!   position;
//! * [`solve`] — the exact solution; [`players`] the fixed players (simple
//!   hare, perfect);
//! * [`table`] — the Q-tables' encoding; [`learners`] — the study's
//!   Q-learning experiments as a learner (one file per learner, and the
//!   list of the game's kinds of run);
//! * [`entry`] — the plug-in; [`bench`] its speed measurements; `cli` and `cli_learn` its
//!   commands.

pub mod bench;
pub mod board;
#[cfg(not(target_arch = "wasm32"))]
pub(super) mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod cli_learn;
pub mod entry;
pub mod learners;
pub mod playable;
pub mod players;
pub mod rules;
pub mod solve;
pub mod table;

pub use board::{Point, POINTS};
pub use rules::{hound_set, hound_set_rank, End, HareHounds, Move, HOUND_SETS, STALL_LIMIT};
