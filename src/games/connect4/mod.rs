//! Connect Four (7 columns × 6 rows) and its exact solver.
//!
//! One concept per file, dependencies one way:
//!
//! * [`rules`]: the rules on a bitboard (see its documentation for the
//!   layout), the crate's [`Game`](crate::game::Game) trait, move strings;
//!   [`playable`] what the page shows of a position.
//! * [`players`]: the study's random and stupid players.
//! * [`solver`]: negamax with alpha-beta pruning, null-window search, a
//!   budget and progress reports; [`transposition`] and [`move_sorter`] are
//!   its table and its move ordering, [`book`] the opening book
//!   ([`book_maker`] builds it, [`lines`] is its text form); [`perfect`] a
//!   perfect player with a temperature; [`batch`] solving and timing files
//!   of positions.
//! * [`table`]: the Q-table and the rewards; [`lookahead`] a learned table
//!   blended with a shallow search; [`optimal`] the share of a learner's
//!   moves the solver rates optimal, in its own games and on test positions.
//! * [`learners`]: tabular Q-learning, the study's two methods as runs
//!   (one file per learner, and the list of the game's kinds of run).
//! * [`entry`]: the plug-in, with [`settings`] (the players' settings);
//!   [`bench`] its speed measurements; [`cli`] and [`cli_learn`] its
//!   commands.
//!
//! Moves are 0-based columns (`u8`, 0 = leftmost) in code, 1-based in text
//! (`"4"`, `"4453"`).

pub mod batch;
pub mod bench;
pub mod book;
pub mod book_maker;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli_learn;
pub mod entry;
pub mod learners;
pub mod lines;
pub mod lookahead;
pub mod move_sorter;
pub mod optimal;
pub mod perfect;
pub mod playable;
pub mod players;
pub mod rules;
pub mod settings;
pub mod solver;
pub mod table;
pub mod transposition;

pub use batch::{bench_file, solve_reader, solve_text, FileBench, LineError, LineResult};
pub use book::Book;
pub use perfect::PerfectPlayer;
pub use rules::{format_moves, parse_moves, Position, CELLS, HEIGHT, MAX_SCORE, MIN_SCORE, WIDTH};
pub use solver::{Analysis, Budget, Mode, Progress, Solve, Solver};
