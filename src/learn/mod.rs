//! Learners: they turn played games into better players.

pub mod activation;
pub mod mlp;
