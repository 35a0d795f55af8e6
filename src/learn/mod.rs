//! Learners: they turn played games into better players.

pub mod q_table;
