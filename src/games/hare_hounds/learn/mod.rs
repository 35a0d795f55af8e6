//! Hare and Hounds' learning: the study's Q-learning experiments, runnable
//! in chunks.

pub mod run;

pub use run::*;
