//! Connect6: two stones a turn on a 19 × 19 board, six or more in a row win
//! (I-Chen Wu, 2005).
//!
//! One concept per file, dependencies one way:
//!
//! * [`rules`] — the board, a stone per move, the end, the notation (the
//!   `Game` trait); the lines' bit masks kept with the points;
//! * [`playable`] — what the page shows of a position (`Playable`);
//! * [`threats`] — the authors' threats: how many stones the opponent needs
//!   to stop a win next turn, and where;
//! * [`players`] — the near-random player and the one-ply greedy player;
//! * [`tss`] — threat-space search: proving a win by continuous double
//!   threats (VCDT) or single threats (VCST), and turns that lose to one;
//! * [`windows`] — the engine's board: every six-point window with its
//!   stones, kept stone by stone; the evaluation and the points' gains;
//! * [`search`] — alpha-beta over whole turns (pairs of stones) on it;
//! * [`engine`] — the engine player: threats first (a six, its own win by
//!   threat-space search, the defence), then the search over turns;
//! * [`hints`] — the page's threats and forced-win search on request;
//! * [`bench`] — the speed measurements;
//! * [`protocol`] — the engine protocol of Connect6 programs (native);
//! * `cli` — `selfplay connect6 match | engine | think` (native);
//! * [`learn`] — the learned evaluation at play: choosing a turn with
//!   weights, learning games, the openings of the study's protocol;
//!   [`learners`] — the study's TD(0) learner (one file per learner, and
//!   the list of the game's kinds of run); [`weights`] a model's weights
//!   for people;
//! * [`entry`] — the plug-in: players by name, benchmarks.
//!
//! The registry (`src/games/mod.rs`) names the entry in one line.

pub mod bench;
#[cfg(not(target_arch = "wasm32"))]
pub(super) mod cli;
pub mod engine;
pub mod entry;
pub mod features;
pub mod hints;
pub mod learn;
pub mod learners;
pub mod playable;
pub mod players;
#[cfg(not(target_arch = "wasm32"))]
pub mod protocol;
pub mod rules;
pub mod search;
pub mod threats;
pub mod tss;
pub mod weights;
pub mod windows;

pub use rules::Board;
