//! The Hare and Hounds study's experiments, runnable in chunks.
//!
//! A [`Run`] trains Q-learning hounds (and optionally a Q-learning hare)
//! against an opponent and records a [`CurvePoint`] every `learn_games`
//! learning games (and once before learning): the win % of `eval_games`
//! greedy games with learning off, the share of reachable hound-to-move
//! positions where the greedy move is perfect, and the Q-values of chosen
//! state–action pairs ("probes").
//!
//! The presets ([`preset`]):
//! 1. α ∈ {0.1, 0.5, 0.9} × γ ∈ {0.1, 0.5, 0.9}, ε = 1.0, against the random
//!    hare: 300 learning games, then 500 greedy games, up to 300,000 games.
//! 2. ε ∈ {0.1, 0.5, 0.9, 1.0}, α = 0.1, γ = 0.9, same protocol.
//! 3. Against the simple hare (α = 0.1, γ = 0.9, ε = 0.5): 10 learning games,
//!    then 500 greedy games, up to 10,000 games.
//! 4. Convergence (α = 0.1, γ = 0.9, ε = 0.5, random hare): the Q-values of
//!    three state–action pairs sampled every 100 games over 200,000 games.
//! 5. (not in the study; its proposed next step) Both sides learn against each
//!    other with α = 0.1, γ = 0.9, ε = 0.5: 300 learning games, then 500
//!    greedy games between the two greedy learners, up to 300,000 games.
//!
//! Where the study does not give a parameter (ε and α, γ in 3 and 4), the
//! presets use its recommended values: α = 0.1, γ = 0.9 (the only stable
//! combination of experiment 1) and ε = 0.5 (the fastest of experiment 2).
//!
//! Same configuration and seed, same curve, however the run is cut into
//! chunks: each run has one random stream and draws from it in a fixed order.
//!
//! # Saving and continuing
//!
//! [`Run::hounds_model`] saves the learned hounds as a Q-table model
//! ([`QLearner::to_model`]) that also holds what the run needs to go on: the
//! header's `hyper.run` is the run's [`RunConfig`], `curve` is the curve so
//! far ([`CurvePoint`]s), `games_trained` the learning games played, and the
//! array `rng` the generator's exact state. [`Run::continue_from`] rebuilds
//! the run from such a model and plays more games: with the saved hare and
//! the saved generator, a run of N games saved and continued for M more ends
//! with the same table and the same curve as one run of N + M games.
//! A run beside a learning hare (experiment 5) saves the hare's table too,
//! as the array `hare_q`, so that it continues exactly as well.
//! Models without `hyper.run` (only α, γ, ε: written by `selfplay
//! hare-hounds train` or before continuing existed) continue too, against a
//! hare that must be given, with the protocol of experiments 1 and 2 (300
//! learning games, then 500 greedy games) and a fresh curve.
//!
//! One concept per file: the settings and presets ([`config`]), a run and
//! its curve ([`run`]), saving and continuing ([`save`]).

pub mod config;
pub mod run;
pub mod save;

pub use config::{default_probes, preset, run_seed, HareConfig, Probe, RunConfig};
pub use run::{win_percent_against, CurvePoint, Run, MAX_EVAL_GAMES};
#[cfg(not(target_arch = "wasm32"))]
pub use save::hare_model;
pub use save::{HARE_ARRAY, MAX_SAVED_POINTS, RUN_KEY};
