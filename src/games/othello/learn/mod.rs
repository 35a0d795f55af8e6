//! Othello's learners: the Q-network's training runs, the n-tuple
//! network's ([`ntuple`] its settings and models, `ntuple_run` the run, in
//! the learners' module) and the genetic algorithm over the evaluation's
//! weights ([`ga`]).
//!
//! A Q-network run: its settings and presets ([`config`]), the learning
//! curve's measure ([`eval`]), the training loop ([`trainer`]), saving and
//! restoring ([`save`]).

pub mod config;
pub mod eval;
pub mod ga;
pub mod ntuple;
#[cfg(feature = "extra-learners")]
pub mod ntuple_run;
pub mod save;
pub mod trainer;

pub use config::{
    preset, presets, Preset, TrainOpponent, TrainerConfig, FAST_BETA_C, FAST_BETA_PRESET,
};
pub use eval::{
    evaluate, evaluate_player, evaluate_standard, EvalPoint, OpponentResult, EVAL_RANDOM_OPENING,
};
pub use trainer::{Progress, QUpdate, Trainer};
