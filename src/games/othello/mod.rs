//! Othello (Reversi) on an 8×8 bitboard.
//!
//! # Squares
//! A square is a `u8` from 0 to 63, row-major from the top-left corner as the
//! board is usually drawn: `a1` = 0, `b1` = 1, …, `h1` = 7, `a2` = 8, …,
//! `h8` = 63. Column letters run a–h left to right, row digits 1–8 top to
//! bottom. Bit `i` of a bitboard is square `i`. This is the order of the
//! 64-character positions of the FFO test files.
//!
//! # Moves
//! A move is a square, or [`PASS`]. When the side to move has no placement
//! but the opponent has, the only legal move is `PASS` (a forced pass is a
//! ply of its own). When neither side can place a disc the game is over and
//! there is no legal move at all. A pass is never legal otherwise.
//!
//! # Move generation
//! Legal placements are found for all squares at once with shifts over runs
//! of opponent discs, and the flips of one placement with per-square ray
//! masks: see [`movegen`]. The exact endgame solver is [`endgame`].
//!
//! One concept per file, dependencies one way:
//!
//! * [`rules`] — the board, the moves, the end (the `Game` trait), perft;
//!   [`movegen`] its bitboard move generation, [`notation`] square names;
//!   [`playable`] what the page shows of a position;
//! * [`players`] — the fixed players (max flips, max stable);
//!   [`weighted`] the weighted-squares evaluation, [`search_player`] the
//!   searching player (the generic principal-variation search), with
//!   [`net_eval`] an n-tuple network as its evaluation, [`levels`] the
//!   levels a network plays at, [`endgame`] the exact endgame solver;
//! * [`qnet`] — the Q-network and its player; [`tuples`] — the n-tuple
//!   networks' tuples, their indices and their player;
//! * [`learners`] — learning: the Q-network's runs, the n-tuple
//!   network's, and the genetic algorithm over the evaluation's weights
//!   (one file per learner, and the list of the game's kinds of run);
//! * [`entry`] — the plug-in, with [`settings`] (the search player's
//!   settings);
//!   [`bench`] its speed measurements; `cli`, `cli_learn`, `cli_ladder`
//!   and `cli_players` its commands; [`nboard`] the NBoard protocol,
//!   [`versus`] matches against outside NBoard engines;
//!   [`ladder`] the rating ladder's openings and games.

pub mod bench;
#[cfg(not(target_arch = "wasm32"))]
pub(super) mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod cli_ladder;
#[cfg(not(target_arch = "wasm32"))]
mod cli_learn;
#[cfg(not(target_arch = "wasm32"))]
mod cli_players;
pub mod endgame;
pub mod entry;
pub mod ladder;
pub mod learners;
pub mod levels;
pub mod movegen;
#[cfg(not(target_arch = "wasm32"))]
pub mod nboard;
pub mod net_eval;
mod notation;
pub mod playable;
pub mod players;
pub mod qnet;
pub mod rules;
pub mod search_player;
pub mod settings;
pub mod symmetry;
pub mod tuples;
#[cfg(not(target_arch = "wasm32"))]
pub mod versus;
pub mod weighted;

pub use notation::{parse_square, square_name};
pub use rules::{flips_mask, format_transcript, moves_mask, parse_transcript, perft, Board, PASS};
