//! Othello's learners: the Q-network's training runs ([`trainer`]) and the
//! genetic algorithm over the evaluation's weights ([`ga`]).

pub mod ga;
pub mod trainer;

pub use trainer::*;
