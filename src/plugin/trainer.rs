//! A learner's run as its own code sees it, and the one adapter that makes
//! any of them a [`DynRun`] for the page and the CLI.
//!
//! A learner implements [`Trainer`]: its settings, how far it is, a bounded
//! step of training, its curve (in its own points, each turned into a generic
//! [`Point`]), its curves' names, a sentence on where it stands, and its
//! model and checkpoint. [`TrainerRun`] does the rest once for every learner:
//! which curve points a step added, the whole curve, the name given to a
//! saved model, and the packaging of a watched game.

use serde_json::Value;

use super::run::{DynRun, Point, Recorder, RunProgress, SeriesSpec, WatchedGame};
use crate::model::Model;

/// One training game, recorded as it was played (see
/// [`Trainer::train_watched`]).
pub struct Watched {
    /// The moves and the learner's values at its decisions.
    pub record: Recorder,
    /// The side the learner played: 0 the first, 1 the second.
    pub learner: usize,
    /// The learner played both sides.
    pub self_play: bool,
}

/// A learner's run: what is its own. [`TrainerRun`] turns it into a
/// [`DynRun`].
pub trait Trainer: 'static {
    /// The run kind ([`super::RunKindInfo::id`]).
    fn kind(&self) -> &'static str;

    /// The run in a few words ("QL1-H64 arctan self-play, seed 1").
    fn label(&self) -> String;

    /// The run's settings, as the game's `new_run` reads them.
    fn config(&self) -> Value;

    /// Learning games played and planned.
    fn progress(&self) -> RunProgress;

    /// Every planned game played and every curve point due measured.
    fn is_done(&self) -> bool;

    /// Plays at most `max_games` learning games, with the curve points due
    /// among them.
    fn train(&mut self, max_games: u64);

    /// How many curve points the run has (a resumed run's saved ones too).
    fn curve_len(&self) -> usize;

    /// Curve point `i` (`i < curve_len()`), as the page draws it.
    fn curve_point(&self, i: usize) -> Point;

    /// The curves of this run.
    fn series(&self) -> Vec<SeriesSpec>;

    /// A sentence on the latest curve point, for people.
    fn latest(&self) -> String;

    /// Sets a new planned total (to go on after the end, or stop sooner).
    fn set_total(&mut self, total: u64) -> Result<(), String>;

    /// The full state, as a model file the game's `resume_run` continues
    /// exactly.
    fn checkpoint(&self) -> Result<Model, String>;

    /// What was learned, as a model for the library (the adapter names it).
    fn model(&self) -> Result<Model, String>;

    /// Plays the next learning game exactly as `train(1)` would and records
    /// it into `record` (and, when `record` keeps models, the learner's
    /// model at each decision); `None` when the run is done or its games
    /// cannot be shown (then nothing is played).
    fn train_watched(&mut self, record: Recorder) -> Option<Watched> {
        let _ = record;
        None
    }

    /// What the recorded values are, in words, and their fixed scale if they
    /// have one (for [`Trainer::train_watched`]).
    fn watched_units(&self) -> (String, Option<(f64, f64)>) {
        (String::new(), None)
    }
}

/// Any [`Trainer`] as the page's and the CLI's [`DynRun`].
pub struct TrainerRun<T: Trainer>(pub T);

impl<T: Trainer> TrainerRun<T> {
    /// The trainer as a boxed run.
    pub fn boxed(trainer: T) -> Box<dyn DynRun> {
        Box::new(TrainerRun(trainer))
    }

    fn points_from(&self, from: usize) -> Vec<Point> {
        (from..self.0.curve_len())
            .map(|i| self.0.curve_point(i))
            .collect()
    }

    fn watched(&mut self, record: Recorder) -> Option<WatchedGame> {
        let before = self.0.curve_len();
        let w = self.0.train_watched(record)?;
        let (units, scale) = self.0.watched_units();
        Some(WatchedGame {
            game: self.0.progress().done,
            moves: w.record.moves,
            learner: w.learner,
            self_play: w.self_play,
            replayed: w.record.replayed,
            candidates: w.record.candidates,
            ended: w.record.ended,
            decisions: w.record.decisions,
            units,
            scale,
            points: self.points_from(before),
            models: w.record.models.unwrap_or_default(),
        })
    }
}

impl<T: Trainer> DynRun for TrainerRun<T> {
    fn kind(&self) -> &'static str {
        self.0.kind()
    }

    fn label(&self) -> String {
        self.0.label()
    }

    fn config(&self) -> Value {
        self.0.config()
    }

    fn progress(&self) -> RunProgress {
        self.0.progress()
    }

    fn is_done(&self) -> bool {
        self.0.is_done()
    }

    fn step(&mut self, max_games: u64) -> Vec<Point> {
        let before = self.0.curve_len();
        self.0.train(max_games);
        self.points_from(before)
    }

    fn step_watched(&mut self) -> Option<WatchedGame> {
        self.watched(Recorder::default())
    }

    fn step_watched_with_models(&mut self) -> Option<WatchedGame> {
        self.watched(Recorder::with_models())
    }

    fn points(&self) -> Vec<Point> {
        self.points_from(0)
    }

    fn series(&self) -> Vec<SeriesSpec> {
        self.0.series()
    }

    fn latest(&self) -> String {
        self.0.latest()
    }

    fn set_total(&mut self, total: u64) -> Result<(), String> {
        self.0.set_total(total)
    }

    fn checkpoint(&self) -> Result<Model, String> {
        self.0.checkpoint()
    }

    /// The trainer's model, named `name` (trimmed) unless that is empty.
    fn model(&self, name: &str) -> Result<Model, String> {
        let mut m = self.0.model()?;
        if !name.trim().is_empty() {
            m.header.name = name.trim().to_string();
        }
        Ok(m)
    }
}
