//! Fixed strategies: the opponents that learners are measured against.

pub mod hare_hounds;
pub mod random;

pub use random::RandomPlayer;
