//! Learners: they turn played games into better players.
//!
//! * [`mlp`]: a one-hidden-layer perceptron as flat `f32` arrays, with
//!   backpropagation and momentum; [`activation`]: its squashing functions.
//! * [`q_net`]: Q-learning for Othello with that network (encodings, update,
//!   greedy player); [`exploration`]: softmax and greedy move choice;
//!   [`q_trainer`]: chunked training runs, presets, curves, saved state.
//! * [`q_table`]: tabular Q-learning for games with small state spaces;
//!   [`experiments`]: the Hare and Hounds study's experiments as chunked runs.
//! * [`catalog`]: whether a model file can be used, and how a library lists it.

pub mod activation;
pub mod bench;
pub mod catalog;
pub mod experiments;
pub mod exploration;
pub mod mlp;
pub mod q_net;
pub mod q_table;
pub mod q_trainer;
