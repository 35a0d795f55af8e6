//! Connect Four's learning: tabular Q-learning, the study's two methods as
//! runs.

pub mod run;

pub use run::*;
