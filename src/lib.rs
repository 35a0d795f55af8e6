//! Selfplay: board-game agents that teach themselves.
//!
//! Data flows one way: rules → players and search → learners → models → the
//! page. Generic code knows no game: [`game`] is the shared vocabulary,
//! [`search`] and [`learn`] work over any game, [`arena`] plays matches,
//! [`model`] reads and writes model files. Each game is a plug-in folder in
//! [`games`] (rules, its fixed players, its learners' glue, its entry), and
//! [`plugin`] defines the object-safe traits through which [`web`], the CLI
//! and the property tests use every game alike.

pub mod arena;
pub mod bench;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod game;
pub mod games;
#[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
pub mod ladder;
pub mod learn;
pub mod model;
pub mod players;
pub mod plugin;
pub mod rate;
#[cfg(not(target_arch = "wasm32"))]
pub mod ready;
pub mod search;
pub mod web;
pub mod words;

pub use game::{rng_from_seed, Game, MoveError, Outcome, Player, Rng, Side};
