//! What every tabular Q-learning run shares, whatever its game: the
//! planned total and its limits, the model file a run saves (its
//! [`QLearner`]'s table with the run's settings, curve and generator) and
//! reads back, the run's name in words, and the player of a table that
//! learned one side.
//!
//! A game's run (its [`crate::plugin::Learner`]) keeps what is its own: the
//! opponents, the games it plays, its curve point and its settings form.
//! Its settings give this module their planned total and seed through
//! [`QRunConfig`].

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::game::{Player, Rng, Side};
use crate::learn::q_table::{QLearner, QParams, Tabular};
use crate::model::{Kind, Model};
use crate::plugin::learner::{json, thinned};
use crate::plugin::{DynAgent, Playable, TypedAgent};

/// The kind of run of every game's tabular Q-learning.
pub const Q_TABLE: &str = "q_table";

/// The key of a run's settings in a model header's `hyper`.
pub const RUN_KEY: &str = "run";

/// The most learning games a new run may plan.
pub const MAX_NEW_GAMES: u64 = 100_000_000;

/// The most learning games a continued run may reach in all.
pub const MAX_GAMES: u64 = 1_000_000_000;

/// A tabular Q-learning run's settings, as the shared parts read them.
pub trait QRunConfig: Serialize + DeserializeOwned {
    /// The planned total of learning games.
    fn total_games(&self) -> u64;
    /// The planned total, to change.
    fn total_games_mut(&mut self) -> &mut u64;
    /// The run's seed.
    fn seed(&self) -> u64;
    /// What only a new run must meet besides its planned total (the
    /// settings form's ranges, where a model file may hold settings
    /// outside them and still load).
    fn check_new(&self) -> Result<(), String>;
}

/// Implements [`QRunConfig`] for settings `$config` that keep their planned
/// total in `total_games` and their seed in `seed`; `$check`, when given,
/// is their [`QRunConfig::check_new`].
macro_rules! q_run_config {
    ($config:ty) => {
        $crate::learn::q_run::q_run_config!($config, |_: &$config| Ok(()));
    };
    ($config:ty, $check:expr) => {
        impl $crate::learn::q_run::QRunConfig for $config {
            fn total_games(&self) -> u64 {
                self.total_games
            }
            fn total_games_mut(&mut self) -> &mut u64 {
                &mut self.total_games
            }
            fn seed(&self) -> u64 {
                self.seed
            }
            fn check_new(&self) -> Result<(), String> {
                ($check)(self)
            }
        }
    };
}
pub(crate) use q_run_config;

/// What every tabular Q-learning [`crate::plugin::Learner`] declares alike,
/// written inside its `impl`: its settings `$config` (a [`QRunConfig`]) and
/// curve point `$point`, its kind `q_table` and algorithm, and its planned
/// total ([`check_new`], [`set_total`]).
macro_rules! q_table_learner {
    ($config:ty, $point:ty) => {
        type Config = $config;
        type Point = $point;
        const KIND: &'static str = $crate::learn::q_run::Q_TABLE;
        const ALGORITHM: $crate::model::Algorithm = $crate::model::Algorithm::QTable;

        fn total(config: &$config) -> u64 {
            $crate::learn::q_run::QRunConfig::total_games(config)
        }
        fn check(config: &$config) -> Result<(), String> {
            $crate::learn::q_run::check_new(config)
        }
        fn set_total(config: &mut $config, total: u64, games: u64) -> Result<(), String> {
            $crate::learn::q_run::set_total(config, total, games)
        }
    };
}
pub(crate) use q_table_learner;

/// A new run's settings: a planned total from 1 to [`MAX_NEW_GAMES`], and
/// the game's own [`QRunConfig::check_new`].
pub fn check_new<C: QRunConfig>(config: &C) -> Result<(), String> {
    if !(1..=MAX_NEW_GAMES).contains(&config.total_games()) {
        return Err(format!(
            "total_games must be 1 to 100,000,000, not {}",
            config.total_games()
        ));
    }
    config.check_new()
}

/// A new planned total, not below the `games` played.
pub fn set_total<C: QRunConfig>(config: &mut C, total: u64, games: u64) -> Result<(), String> {
    if total < games {
        return Err(format!("the run has played {games} games already"));
    }
    *config.total_games_mut() = total;
    Ok(())
}

/// A continued run's total: at most [`MAX_GAMES`].
pub fn check_continued(total: u64) -> Result<(), String> {
    if total > MAX_GAMES {
        return Err("the run would have more than 1,000,000,000 games in all".into());
    }
    Ok(())
}

/// The name a run's saved file of `kind` carries (a checkpoint's, or none).
pub fn file_name(kind: Kind) -> &'static str {
    if kind == Kind::Checkpoint {
        "checkpoint"
    } else {
        ""
    }
}

/// A run as a model named `name` that can be continued: `table`'s model
/// ([`QLearner::to_model`]) with the run's settings under [`RUN_KEY`], its
/// curve (thinned to `max_points`) and its generator's exact state.
pub fn run_model<G: Tabular, C: QRunConfig, P: Serialize>(
    table: &QLearner<G>,
    name: &str,
    config: &C,
    curve: &[P],
    max_points: usize,
    rng: &Rng,
) -> Result<Model, String> {
    let mut model = table.to_model(name, config.seed())?;
    model.header.hyper.insert(RUN_KEY.into(), json(config)?);
    model.header.curve = json(&thinned(curve, max_points))?;
    model.set_rng(rng);
    Ok(model)
}

/// The run settings a model of [`run_model`] holds; `None` when it was
/// saved without them.
pub fn saved_config<C: DeserializeOwned>(model: &Model) -> Result<Option<C>, String> {
    model
        .header
        .hyper
        .get(RUN_KEY)
        .map(|v| {
            serde_json::from_value(v.clone())
                .map_err(|e| format!("the model's run settings are unreadable: {e}"))
        })
        .transpose()
}

/// The curve a model of [`run_model`] holds.
pub fn saved_points<P: DeserializeOwned>(model: &Model) -> Result<Vec<P>, String> {
    serde_json::from_value(model.header.curve.clone())
        .map_err(|e| format!("the model's curve is unreadable: {e}"))
}

/// The generator a model of [`run_model`] holds, to continue from.
pub fn saved_rng(model: &Model) -> Result<Rng, String> {
    model
        .rng()
        .map_err(|e| format!("the model has no generator state to continue from ({e})"))
}

/// A run set up from its settings alone, in words: "α=0.1 γ=0.9 ε=0.5 vs
/// {against}".
pub fn params_label(p: QParams, against: &str) -> String {
    format!("α={} γ={} ε={} vs {against}", p.alpha, p.gamma, p.epsilon)
}

/// A player that plays `side` only, from `model`: asked for the other
/// side, it says so with the sides named by `word` ("the model 'name'
/// plays Red, not Yellow").
pub fn side_player<G: Playable>(
    player: Box<dyn Player<G>>,
    model: &Model,
    side: Side,
    word: fn(Side) -> &'static str,
) -> Box<dyn DynAgent> {
    let refusal = format!(
        "the model '{}' plays {}, not {}",
        model.header.name,
        word(side),
        word(side.other())
    );
    TypedAgent::for_side(player, side, refusal).boxed()
}
