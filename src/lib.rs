//! Selfplay: board-game agents that teach themselves.
//!
//! Data flows one way: rules ([`games`]) → players and search ([`players`],
//! [`search`]) → learners ([`learn`]) → models → the page ([`web`]).

pub mod arena;
pub mod bench;
pub mod game;
pub mod games;
pub mod learn;
pub mod model;
pub mod players;
pub mod search;
pub mod web;

pub use game::{rng_from_seed, Game, MoveError, Outcome, Player, Rng, Side};
