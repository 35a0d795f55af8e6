//! A learner is an update step; the run is generic.
//!
//! A [`Learner`] says what is its own: its state, one learning game, one
//! curve point's measurement, when a point is due, and its model file (the
//! bytes of its state, which it reads back). [`Run`] does the rest once for
//! every learner: the settings and the planned total, the count of games,
//! the loop that plays them in bounded chunks with the curve points due
//! among them, checkpoints and resuming, the watched game, and the
//! [`DynRun`] the page and the CLI drive (the seconds trained are
//! [`super::TimedRun`]'s).
//!
//! The loop, for every learner: before each learning game, and after the
//! last, the point due at the games played (if one is, [`Learner::due`]) is
//! measured; a step of `n` games plays at most `n` games, so the run is the
//! same however it is cut into steps.

use serde::Serialize;
use serde_json::Value;

use super::run::{thousands, DynRun, Point, Recorder, RunProgress, SeriesSpec, WatchedGame};
use super::ResumeOptions;
use crate::model::{Algorithm, Kind, Model};

/// What a learner sees of its run: its settings, the games played and the
/// curve so far.
pub struct RunView<'a, L: Learner> {
    pub config: &'a L::Config,
    /// Learning games played.
    pub games: u64,
    pub curve: &'a [L::Point],
}

// A view is a few references: copied, whatever the learner.
impl<L: Learner> Clone for RunView<'_, L> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<L: Learner> Copy for RunView<'_, L> {}

/// One learning game as the learner played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The side the learner played: 0 the first, 1 the second.
    pub learner: usize,
    /// It played both sides.
    pub self_play: bool,
}

impl Played {
    /// The learner played `side` (0 or 1) against another player.
    pub fn side(side: usize) -> Played {
        Played {
            learner: side,
            self_play: false,
        }
    }

    /// The learner played both sides.
    pub const SELF_PLAY: Played = Played {
        learner: 0,
        self_play: true,
    };
}

/// A run read back from a model or checkpoint file.
pub struct Restored<L: Learner> {
    pub config: L::Config,
    pub learner: L,
    pub games: u64,
    pub curve: Vec<L::Point>,
}

/// A learner: what one kind of run learns, and how.
pub trait Learner: Sized + 'static {
    /// The run's settings, as the page's form and the model files hold them.
    type Config: Serialize + serde::de::DeserializeOwned + Clone + 'static;
    /// One curve point, as the learner measures it and its files keep it.
    type Point: Clone + 'static;

    /// The kind of run ([`super::RunKindInfo::id`]).
    const KIND: &'static str;
    /// Whether its games can be watched one at a time ([`DynRun::step_watched`]).
    const WATCHABLE: bool = true;
    /// Its name, when the page's first module leaves it out for its size
    /// budget and only the learners' module trains it
    /// ([`super::RunKindInfo::needs_learners`], [`super::kind::start`]).
    const NEEDS_LEARNERS: Option<&'static str> = None;
    /// The algorithm its model files name (the kind's files are those).
    const ALGORITHM: Algorithm;

    /// Checks settings a new run starts from, beyond what
    /// [`Learner::new`] checks (limits only a new run has).
    fn check(config: &Self::Config) -> Result<(), String> {
        let _ = config;
        Ok(())
    }

    /// The planned total of learning games in `config`.
    fn total(config: &Self::Config) -> u64;

    /// Sets the planned total in `config` to `total`, with `games` played:
    /// an error for a total the learner refuses.
    fn set_total(config: &mut Self::Config, total: u64, games: u64) -> Result<(), String>;

    /// A new learner, nothing learned, from checked settings.
    fn new(config: &Self::Config) -> Result<Self, String>;

    /// Whether a curve point is due at `run.games` (and not yet measured).
    fn due(&self, run: RunView<'_, Self>) -> bool;

    /// Plays and learns the next learning game (the `run.games + 1`-th),
    /// recording it into `record` when given: its moves, the learner's
    /// values at its decisions (and, when `record` keeps models, the model
    /// of each moment), drawing the same random numbers either way.
    fn learn(&mut self, run: RunView<'_, Self>, record: Option<&mut Recorder>) -> Played;

    /// Measures the curve point due at `run.games`.
    fn measure(&mut self, run: RunView<'_, Self>) -> Self::Point;

    /// The run as a model file: a checkpoint ([`Kind::Checkpoint`]) holds
    /// all that [`Learner::restore`] needs to go on exactly.
    fn save(&self, run: RunView<'_, Self>, kind: Kind) -> Result<Model, String>;

    /// A run from a model or checkpoint of [`Learner::save`], continued
    /// as `options` say (its `total` is set by the run afterwards; a
    /// learner that has settings of its own for a continued run reads them
    /// from `options.settings`).
    fn restore(model: &Model, options: &ResumeOptions) -> Result<Restored<Self>, String>;

    /// The planned total is about to change to `config`'s (for a learner
    /// that keeps it in its state too); an error keeps the old one.
    fn total_changed(&mut self, config: &Self::Config) -> Result<(), String> {
        let _ = config;
        Ok(())
    }

    /// The run in a few words ("QL1-H64 arctan self-play, seed 1").
    fn label(&self, config: &Self::Config) -> String;

    /// A curve point as the page draws it.
    fn point(config: &Self::Config, point: &Self::Point) -> Point;

    /// The curves of a run with these settings.
    fn series(config: &Self::Config) -> Vec<SeriesSpec>;

    /// A sentence on the latest curve point, for people.
    fn latest(&self, config: &Self::Config, curve: &[Self::Point]) -> String;

    /// What the values of a watched game's decisions are, in words, and
    /// their fixed scale if they have one.
    fn units(config: &Self::Config) -> (String, Option<(f64, f64)>) {
        let _ = config;
        (String::new(), None)
    }
}

/// The one run of every learner.
pub struct Run<L: Learner> {
    config: L::Config,
    learner: L,
    games: u64,
    curve: Vec<L::Point>,
}

impl<L: Learner> Run<L> {
    /// A new run (with the point due before its first game measured).
    pub fn new(config: L::Config) -> Result<Run<L>, String> {
        let learner = L::new(&config)?;
        let mut run = Run {
            config,
            learner,
            games: 0,
            curve: Vec::new(),
        };
        run.catch_up();
        Ok(run)
    }

    /// A run from a model or checkpoint of [`Run::checkpoint`] or
    /// [`Run::model`], going on to `options.total` when given.
    pub fn resume(model: &Model, options: &ResumeOptions) -> Result<Run<L>, String> {
        let r = L::restore(model, options)?;
        let mut run = Run {
            config: r.config,
            learner: r.learner,
            games: r.games,
            curve: r.curve,
        };
        match options.total {
            Some(total) => run.set_total(total)?,
            None => run.catch_up(),
        }
        Ok(run)
    }

    /// The run as the page and the CLI drive it.
    pub fn boxed(self) -> Box<dyn DynRun> {
        Box::new(self)
    }

    pub fn config(&self) -> &L::Config {
        &self.config
    }

    pub fn learner(&self) -> &L {
        &self.learner
    }

    /// Learning games played.
    pub fn games(&self) -> u64 {
        self.games
    }

    pub fn curve(&self) -> &[L::Point] {
        &self.curve
    }

    fn view(&self) -> RunView<'_, L> {
        RunView {
            config: &self.config,
            games: self.games,
            curve: &self.curve,
        }
    }

    fn point_due(&self) -> bool {
        self.learner.due(self.view())
    }

    /// Measures the points due now, if any (one for most learners).
    fn catch_up(&mut self) {
        while self.point_due() {
            let view = RunView {
                config: &self.config,
                games: self.games,
                curve: &self.curve,
            };
            let p = self.learner.measure(view);
            self.curve.push(p);
        }
    }

    /// The next learning game, counted.
    fn learn_one(&mut self, record: Option<&mut Recorder>) -> Played {
        let view = RunView {
            config: &self.config,
            games: self.games,
            curve: &self.curve,
        };
        let played = self.learner.learn(view, record);
        self.games += 1;
        played
    }

    /// Plays at most `max_games` learning games with the curve points due
    /// among them and after them; returns how many points it measured.
    pub fn train(&mut self, max_games: u64) -> usize {
        let before = self.curve.len();
        let mut left = max_games;
        loop {
            self.catch_up();
            if left == 0 || self.games >= L::total(&self.config) {
                break;
            }
            self.learn_one(None);
            left -= 1;
        }
        self.curve.len() - before
    }

    /// Plays learning games the learner's own way (`play` returns how
    /// many it played: for example in parallel, or from given moves),
    /// counted as the run's, with the points due after them measured; the
    /// points due before them are measured first.
    pub fn learn_by<T>(&mut self, play: impl FnOnce(&mut L, RunView<'_, L>) -> (u64, T)) -> T {
        self.catch_up();
        let view = RunView {
            config: &self.config,
            games: self.games,
            curve: &self.curve,
        };
        let (games, out) = play(&mut self.learner, view);
        self.games += games;
        self.catch_up();
        out
    }

    /// Plays to the end.
    pub fn run_to_end(&mut self) {
        self.train(u64::MAX);
    }

    fn points_from(&self, from: usize) -> Vec<Point> {
        self.curve[from..]
            .iter()
            .map(|p| L::point(&self.config, p))
            .collect()
    }

    fn watched(&mut self, mut record: Recorder) -> Option<WatchedGame> {
        if !L::WATCHABLE {
            return None;
        }
        let before = self.curve.len();
        self.catch_up();
        if self.games >= L::total(&self.config) {
            return None;
        }
        let played = self.learn_one(Some(&mut record));
        self.catch_up();
        let (units, scale) = L::units(&self.config);
        Some(WatchedGame {
            game: self.games,
            moves: record.moves,
            learner: played.learner,
            self_play: played.self_play,
            replayed: record.replayed,
            candidates: record.candidates,
            ended: record.ended,
            decisions: record.decisions,
            units,
            scale,
            points: self.points_from(before),
            models: record.models.unwrap_or_default(),
        })
    }
}

impl<L: Learner> DynRun for Run<L> {
    fn kind(&self) -> &'static str {
        L::KIND
    }

    fn label(&self) -> String {
        self.learner.label(&self.config)
    }

    fn config(&self) -> Value {
        serde_json::to_value(&self.config).unwrap_or(Value::Null)
    }

    fn progress(&self) -> RunProgress {
        RunProgress {
            done: self.games,
            total: L::total(&self.config),
        }
    }

    fn is_done(&self) -> bool {
        self.games >= L::total(&self.config) && !self.point_due()
    }

    fn step(&mut self, max_games: u64) -> Vec<Point> {
        let before = self.curve.len();
        self.train(max_games);
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
        L::series(&self.config)
    }

    fn latest(&self) -> String {
        self.learner.latest(&self.config, &self.curve)
    }

    /// A new planned total; a run that ends at once has the point due at
    /// its end measured.
    fn set_total(&mut self, total: u64) -> Result<(), String> {
        let mut config = self.config.clone();
        L::set_total(&mut config, total, self.games)?;
        self.learner.total_changed(&config)?;
        self.config = config;
        self.catch_up();
        Ok(())
    }

    fn checkpoint(&self) -> Result<Model, String> {
        self.learner.save(self.view(), Kind::Checkpoint)
    }

    /// The learner's model, named `name` (trimmed) unless that is empty.
    fn model(&self, name: &str) -> Result<Model, String> {
        let mut m = self.learner.save(self.view(), Kind::Model)?;
        if !name.trim().is_empty() {
            m.header.name = name.trim().to_string();
        }
        Ok(m)
    }
}

/// When the points of a curve fall: every `every` games (with a point
/// before the first game when `start`), and after the last game when `end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Every {
    pub every: u64,
    pub start: bool,
    pub end: bool,
}

impl Every {
    /// A point before the first game, every `every` games and after the
    /// last.
    pub const fn grid(every: u64) -> Every {
        Every {
            every,
            start: true,
            end: true,
        }
    }

    /// Whether a point is due in `run`, whose points say the games they
    /// were measured at by `games_of`.
    pub fn due_in<L: Learner>(self, run: RunView<'_, L>, games_of: fn(&L::Point) -> u64) -> bool {
        self.due(
            run.games,
            L::total(run.config),
            run.curve.last().map(games_of),
        )
    }

    /// Whether a point is due at `games` of `total`, the last point having
    /// been measured at `last` games.
    pub fn due(self, games: u64, total: u64, last: Option<u64>) -> bool {
        if last == Some(games) {
            return false;
        }
        if games == 0 {
            return self.start;
        }
        (self.every > 0 && games % self.every == 0) || (self.end && games == total)
    }
}

/// Sets `config` to itself as `change` makes it if `validate` accepts
/// the result; else leaves it as it was.
pub fn change_checked<C: Clone>(
    config: &mut C,
    change: impl FnOnce(&mut C),
    validate: impl FnOnce(&C) -> Result<(), String>,
) -> Result<(), String> {
    let mut c = config.clone();
    change(&mut c);
    validate(&c)?;
    *config = c;
    Ok(())
}

/// A new run's settings within its form's ranges: each of `fields` (a
/// setting's name and value) at most `max` (a model file keeps the
/// settings it was trained with, and still loads).
pub fn at_most_each(fields: &[(&str, u64)], max: u64) -> Result<(), String> {
    match fields.iter().find(|(_, v)| *v > max) {
        Some((name, v)) => Err(format!(
            "{name} must be at most {}, not {v}",
            thousands(max)
        )),
        None => Ok(()),
    }
}

/// The [`Learner`] methods of settings `$config` that keep their planned
/// total in `games`, check themselves with `validate`, and as a new run
/// take at most `$max` games and a curve point at most every as many
/// ([`at_most_each`]); written inside the learner's `impl`.
macro_rules! total_in_games {
    ($config:ty, $max:expr) => {
        fn total(config: &$config) -> u64 {
            config.games
        }

        fn set_total(config: &mut $config, total: u64, _games: u64) -> Result<(), String> {
            $crate::plugin::learner::change_checked(
                config,
                |c| c.games = total,
                <$config>::validate,
            )
        }

        fn check(config: &$config) -> Result<(), String> {
            let fields = [("games", config.games), ("eval_every", config.eval_every)];
            $crate::plugin::learner::at_most_each(&fields, $max)
        }
    };
}
pub(crate) use total_in_games;

/// At most `max` points of a long curve, for a file: all of them when they
/// fit, else every k-th (k as small as fits) and always the last, from
/// which a continued run takes its next point.
pub fn thinned<P>(curve: &[P], max: usize) -> Vec<&P> {
    if curve.len() <= max {
        return curve.iter().collect();
    }
    let stride = curve.len().div_ceil(max - 1);
    curve
        .iter()
        .enumerate()
        .filter(|(i, _)| i % stride == 0 || *i == curve.len() - 1)
        .map(|(_, p)| p)
        .collect()
}

/// A run's settings from the page's (or a preset's) JSON object.
pub fn settings<C: serde::de::DeserializeOwned>(config: &Value) -> Result<C, String> {
    serde_json::from_value(config.clone()).map_err(|e| format!("not a run configuration: {e}"))
}

/// The curve a model file keeps in its header.
pub fn saved_curve<P: serde::de::DeserializeOwned>(model: &Model) -> Result<Vec<P>, String> {
    serde_json::from_value(model.header.curve.clone()).map_err(|e| format!("bad curve: {e}"))
}

/// A value as JSON for a model's header.
pub fn json<T: Serialize + ?Sized>(value: &T) -> Result<Value, String> {
    serde_json::to_value(value).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_fall_on_the_grid_and_at_the_ends_asked_for() {
        let grid = Every {
            every: 10,
            start: true,
            end: true,
        };
        assert!(grid.due(0, 25, None));
        assert!(!grid.due(0, 25, Some(0)));
        assert!(!grid.due(5, 25, Some(0)));
        assert!(grid.due(10, 25, Some(0)));
        assert!(grid.due(25, 25, Some(20)));
        let plain = Every {
            start: false,
            end: false,
            ..grid
        };
        assert!(!plain.due(0, 25, None));
        assert!(!plain.due(25, 25, Some(20)));
        assert!(plain.due(20, 25, Some(10)));
    }

    #[test]
    fn a_long_curve_is_thinned_to_fit_and_keeps_its_last_point() {
        let curve: Vec<u32> = (0..10).collect();
        assert_eq!(thinned(&curve, 20).len(), 10);
        let t: Vec<u32> = thinned(&curve, 4).into_iter().copied().collect();
        assert_eq!(t, [0, 4, 8, 9]);
        let t: Vec<u32> = thinned(&curve, 3).into_iter().copied().collect();
        assert_eq!(t, [0, 5, 9]);
    }

    #[test]
    fn a_new_runs_fields_over_the_most_are_named_with_the_most() {
        assert_eq!(at_most_each(&[("games", 5), ("eval_every", 7)], 7), Ok(()));
        assert_eq!(
            at_most_each(&[("games", 5), ("eval_every", 1_000_001)], 1_000_000),
            Err("eval_every must be at most 1,000,000, not 1000001".into())
        );
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(12_345_678), "12,345,678");
    }
}
