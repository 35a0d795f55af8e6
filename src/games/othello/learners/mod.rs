//! Othello's learners, one file each, and the list of the game's kinds of
//! run (adding a learner is its file and a line here): the study's
//! Q-network ([`qnet`], its settings and presets in `qnet/config.rs`), the
//! n-tuple network ([`ntuple`]: its settings and models; the learner
//! itself, in the page's learners' module, is `ntuple/run.rs`) and the
//! genetic algorithm over the search's evaluation weights ([`ga`]). The
//! curve of the two networks is the standard evaluation against random,
//! MVB and MSB ([`eval`]).

pub mod eval;
pub mod ga;
pub mod ntuple;
pub mod qnet;

use crate::plugin::RunKind;

pub use eval::{
    evaluate, evaluate_player, evaluate_standard, EvalPoint, OpponentResult, EVAL_RANDOM_OPENING,
};
pub use qnet::{
    preset, presets, snapshot_seed, Preset, QNetLearner, QNetRun, QUpdate, TrainOpponent,
    TrainerConfig, FAST_BETA_C, FAST_BETA_PRESET,
};

/// The game's kinds of run, in the order the page lists them.
pub static KINDS: &[&dyn RunKind] = &[&qnet::QNetKind, &ntuple::NTupleKind, &ga::GaKind];
