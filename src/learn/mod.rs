//! Learners: they turn played games into better players.

pub mod experiments;
pub mod q_table;
