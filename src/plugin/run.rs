//! Any training run behind one object-safe trait, [`DynRun`]: a learner
//! stepped in bounded chunks (so a Web Worker can post progress and obey
//! pause and stop between chunks), its learning curve as generic points, its
//! full state as a checkpoint, and its result as a model.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::model::Model;

/// One point of a run's curves: the value of each series after `x` units
/// of work (learning games).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[tsify(hashmap_as_object)]
pub struct Point {
    pub x: u64,
    /// Values by series id ([`SeriesSpec::id`]); a series without a value
    /// at this point is absent.
    pub y: BTreeMap<String, f64>,
    /// For a value that is a rate (a win %) measured on a sample: the
    /// number of games in the sample, by series id, so that the page can
    /// show how far the rate may be from the true one by chance. Absent for
    /// values that are not sampled rates.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub n: BTreeMap<String, u64>,
}

impl Point {
    pub fn new(x: u64) -> Point {
        Point {
            x,
            y: BTreeMap::new(),
            n: BTreeMap::new(),
        }
    }

    /// Adds a value (builder style).
    pub fn with(mut self, series: &str, value: f64) -> Point {
        self.y.insert(series.to_string(), value);
        self
    }

    /// Adds a rate in percent measured on `games` games (the win % of a
    /// sample), with its sample size.
    pub fn set_rate(&mut self, series: &str, percent: f64, games: u64) {
        self.y.insert(series.to_string(), percent);
        if games > 0 {
            self.n.insert(series.to_string(), games);
        }
    }

    /// Adds a value if there is one.
    pub fn set(&mut self, series: &str, value: Option<f64>) {
        if let Some(v) = value {
            self.y.insert(series.to_string(), v);
        }
    }
}

/// One curve of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
pub struct SeriesSpec {
    pub id: String,
    /// The chart it is drawn on ([`super::ChartSpec::id`]).
    pub chart: String,
    /// Its name in the legend ("vs MSB as black").
    pub label: String,
    /// Curves of a run with the same group share a legend entry and a colour.
    pub group: String,
    pub dashed: bool,
    /// What the curve measures, in a sentence or two for a student (the
    /// legend entry's tooltip); empty when the label says enough.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub about: String,
}

impl SeriesSpec {
    pub fn new(id: &str, chart: &str, label: &str, group: &str, dashed: bool) -> SeriesSpec {
        SeriesSpec {
            id: id.into(),
            chart: chart.into(),
            label: label.into(),
            group: group.into(),
            dashed,
            about: String::new(),
        }
    }

    /// The same curve, explained by `about`.
    pub fn with_about(mut self, about: &str) -> SeriesSpec {
        self.about = about.into();
        self
    }
}

/// How far a run is.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunProgress {
    /// Learning games played.
    pub done: u64,
    /// Learning games planned.
    pub total: u64,
}

/// The values a learner saw for the legal moves at one of its decisions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
pub struct WatchedDecision {
    /// How many moves of the game had been played (the index of the
    /// learner's move in [`WatchedGame::moves`]).
    pub ply: usize,
    /// Each legal move's text and the learner's value of it, in the order
    /// of the position's legal moves; or, in a game with many legal moves
    /// whose learner looks at a few ([`WatchedGame::candidates`]), each of
    /// the moves it considered, best first.
    pub values: Vec<(String, f64)>,
}

/// One training game of a run, as it was played and learned from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct WatchedGame {
    /// The game's number in the run (the first game is 1).
    pub game: u64,
    /// The moves' texts in order, as the game's session reads them.
    pub moves: Vec<String>,
    /// The side the learner played: 0 the first, 1 the second.
    #[tsify(type = "0 | 1")]
    pub learner: usize,
    /// The learner played both sides (self-play): every decision is its own.
    pub self_play: bool,
    /// The moves are a game record the learner learns from, not its own
    /// play (no decisions).
    pub replayed: bool,
    /// Each decision values only the moves the learner considered (its
    /// candidates), not every legal move.
    pub candidates: bool,
    /// The game stopped before the rules ended it, and why (a side's win
    /// proven by a search, which the learner takes as the result).
    pub ended: Option<String>,
    /// The learner's decisions, in order.
    pub decisions: Vec<WatchedDecision>,
    /// What the values are, in words ("Q(s, a) of the table").
    pub units: String,
    /// The values' fixed scale (the most and least a value can mean), or
    /// `None` when they have no fixed range.
    pub scale: Option<(f64, f64)>,
    /// The curve points measured at this game (as [`DynRun::step`] gives them).
    pub points: Vec<Point>,
    /// The learner's model as it was at each decision, in the order of
    /// [`WatchedGame::decisions`]: filled by
    /// [`DynRun::step_watched_with_models`] only (for tests that check each
    /// decision's values against the model of that moment), empty otherwise
    /// and never serialised.
    #[serde(skip)]
    pub models: Vec<Model>,
}

/// A training run of any kind.
pub trait DynRun {
    /// The run kind ([`super::RunKindInfo::id`]).
    fn kind(&self) -> &'static str;

    /// The run in a few words ("QL1-H64 arctan self-play, seed 1").
    fn label(&self) -> String;

    /// The run's settings, as [`super::Training::new_run`] reads them.
    fn config(&self) -> Value;

    fn progress(&self) -> RunProgress;

    /// Every planned game played and every curve point due measured.
    fn is_done(&self) -> bool;

    /// Plays at most `max_games` learning games (with the curve points due
    /// among them); returns the new curve points.
    fn step(&mut self, max_games: u64) -> Vec<Point>;

    /// Plays the next learning game exactly as `step(1)` would (the same
    /// random draws, the same learning, the curve points due) and reports
    /// it. `None` when the run is done, or for a kind of run whose games
    /// cannot be shown (then nothing is played).
    fn step_watched(&mut self) -> Option<WatchedGame> {
        None
    }

    /// [`DynRun::step_watched`], the same game played the same way, with
    /// the learner's model at each decision in [`WatchedGame::models`].
    /// Costs a copy of the model per decision: for tests, not for the page.
    fn step_watched_with_models(&mut self) -> Option<WatchedGame> {
        None
    }

    /// The whole curve so far (a resumed run's saved points included).
    fn points(&self) -> Vec<Point>;

    /// The curves of this run.
    fn series(&self) -> Vec<SeriesSpec>;

    /// A sentence on the latest curve point, for people.
    fn latest(&self) -> String;

    /// Sets a new planned total (to go on after the end, or stop sooner).
    fn set_total(&mut self, total: u64) -> Result<(), String>;

    /// The full state (learner, optimiser, random generator, curve), as a
    /// model file that [`super::Training::resume_run`] continues exactly.
    fn checkpoint(&self) -> Result<Model, String>;

    /// What was learned, as a model named `name` for the library.
    fn model(&self, name: &str) -> Result<Model, String>;
}

/// A run that keeps the seconds it has spent learning (in its steps,
/// curve points included) and writes them into its checkpoints and models
/// ([`crate::model::Header::train_seconds`]): the page and the CLI drive
/// every run through it, so a model says how long it took to learn on the
/// machine that trained it, across pauses and resumes.
pub struct TimedRun {
    /// The run (what is not timed is asked of it directly).
    pub run: Box<dyn DynRun>,
    seconds: f64,
    clock: fn() -> f64,
}

/// Seconds since a fixed moment, natively (the page passes its own clock,
/// `performance.now`, which costs the module less than `web_time`'s).
#[cfg(not(target_arch = "wasm32"))]
pub fn native_clock() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
}

impl TimedRun {
    /// `run`, which has already learned for `seconds` (0 for a new run; a
    /// resumed model's [`crate::model::Header::train_seconds`]), timed by
    /// `clock` (seconds since any fixed moment).
    pub fn new(run: Box<dyn DynRun>, seconds: f64, clock: fn() -> f64) -> TimedRun {
        TimedRun {
            run,
            seconds,
            clock,
        }
    }

    /// The run `make` creates (or resumes), which has already learned for
    /// `seconds`, timed by `clock` from the start: making a run may measure
    /// its first curve point.
    pub fn start<E>(
        seconds: f64,
        clock: fn() -> f64,
        make: impl FnOnce() -> Result<Box<dyn DynRun>, E>,
    ) -> Result<TimedRun, E> {
        let begin = clock();
        let run = make()?;
        Ok(TimedRun::new(
            run,
            seconds + (clock() - begin).max(0.0),
            clock,
        ))
    }

    /// Seconds spent learning so far.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    fn timed<T>(&mut self, f: impl FnOnce(&mut dyn DynRun) -> T) -> T {
        let start = (self.clock)();
        let out = f(&mut *self.run);
        self.seconds += ((self.clock)() - start).max(0.0);
        out
    }

    fn stamped(&self, model: Result<Model, String>) -> Result<Model, String> {
        let mut m = model?;
        m.header.train_seconds = self.seconds;
        Ok(m)
    }

    /// [`DynRun::step`], timed.
    pub fn step(&mut self, max_games: u64) -> Vec<Point> {
        self.timed(|r| r.step(max_games))
    }

    /// [`DynRun::step_watched`], timed.
    pub fn step_watched(&mut self) -> Option<WatchedGame> {
        self.timed(|r| r.step_watched())
    }

    /// [`DynRun::set_total`], timed (it may measure a curve point).
    pub fn set_total(&mut self, total: u64) -> Result<(), String> {
        self.timed(|r| r.set_total(total))
    }

    /// [`DynRun::checkpoint`] with the seconds so far.
    pub fn checkpoint(&self) -> Result<Model, String> {
        self.stamped(self.run.checkpoint())
    }

    /// [`DynRun::model`] with the seconds so far.
    pub fn model(&self, name: &str) -> Result<Model, String> {
        self.stamped(self.run.model(name))
    }
}

/// The percentage of `part` in `whole` (0 when `whole` is 0).
pub fn percent(part: u32, whole: u32) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * f64::from(part) / f64::from(whole)
    }
}

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Records one training game as it is played, for [`DynRun::step_watched`]:
/// a training loop that is given one calls [`Recorder::decision`] before
/// each of the learner's moves (with the learner's value of each legal
/// move, read without changing anything) and [`Recorder::played`] after
/// every move, so recording draws no random number and learns nothing.
/// A recorder made by [`Recorder::with_models`] also keeps, through
/// [`Recorder::model`] after each decision, the learner's model as it was
/// there.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recorder {
    pub moves: Vec<String>,
    pub decisions: Vec<WatchedDecision>,
    /// The decisions value the learner's candidates only
    /// ([`Recorder::decision_among`]).
    pub candidates: bool,
    /// Why the game stopped before its end, if it did.
    pub ended: Option<String>,
    /// The moves are a record the learner learns from ([`WatchedGame::replayed`]).
    pub replayed: bool,
    /// The learner's model at each decision, when asked for.
    pub models: Option<Vec<Model>>,
}

impl Recorder {
    /// A recorder that also keeps the learner's model at each decision.
    pub fn with_models() -> Recorder {
        Recorder {
            models: Some(Vec::new()),
            ..Recorder::default()
        }
    }

    /// Called by a training loop at each decision it records, before the
    /// decision changes anything (its update of the learner's last move):
    /// `model` makes the learner's model as it is now. It is called only
    /// when models are kept; a model that cannot be made is left out (the
    /// models then no longer match the decisions one for one).
    pub fn model(&mut self, model: impl FnOnce() -> Result<Model, String>) {
        if let Some(models) = &mut self.models {
            if let Ok(m) = model() {
                models.push(m);
            }
        }
    }

    /// The learner is to move in `g`; `value` gives its value of a legal move.
    pub fn decision<G: crate::game::Game>(&mut self, g: &G, value: impl Fn(G::Move) -> f64) {
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        self.decisions.push(WatchedDecision {
            ply: self.moves.len(),
            values: legal
                .into_iter()
                .map(|m| (G::format_move(m), value(m)))
                .collect(),
        });
    }

    /// The learner is to move, and values only the moves it considers:
    /// `values` gives each of them with its value, best first.
    pub fn decision_among<G: crate::game::Game>(
        &mut self,
        values: impl IntoIterator<Item = (G::Move, f64)>,
    ) {
        self.candidates = true;
        self.decisions.push(WatchedDecision {
            ply: self.moves.len(),
            values: values
                .into_iter()
                .map(|(m, v)| (G::format_move(m), v))
                .collect(),
        });
    }

    /// A move was played.
    pub fn played<G: crate::game::Game>(&mut self, m: G::Move) {
        self.moves.push(G::format_move(m));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugin::Training as _;
    use std::cell::Cell;

    thread_local! {
        static NOW: Cell<f64> = const { Cell::new(0.0) };
    }

    /// A clock that moves 1.5 s each time it is read.
    fn ticking() -> f64 {
        NOW.with(|n| {
            n.set(n.get() + 1.5);
            n.get()
        })
    }

    #[test]
    fn a_timed_run_adds_its_steps_to_the_seconds_it_came_with() {
        let e = crate::games::entry("tictactoe").unwrap();
        let kind = &e.info().runs[0];
        let config = e
            .preset_runs(&kind.id, &kind.presets[0].id, 1)
            .unwrap()
            .remove(0);
        let mut run = TimedRun::new(e.new_run(&kind.id, &config).unwrap(), 10.0, ticking);
        let before = run.run.progress().done;
        run.step(5);
        run.step(5);
        assert_eq!(run.run.progress().done, before + 10);
        // Two steps, each read from one tick to the next.
        assert_eq!(run.seconds(), 13.0);
        assert_eq!(run.checkpoint().unwrap().header.train_seconds, 13.0);
        assert_eq!(run.model("m").unwrap().header.train_seconds, 13.0);
        // The run's own models know nothing of time.
        assert_eq!(run.run.model("m").unwrap().header.train_seconds, 0.0);
        // Making a run is timed too (it may measure a curve point).
        let started = TimedRun::start(2.0, ticking, || e.new_run(&kind.id, &config)).unwrap();
        assert_eq!(started.seconds(), 3.5);
        assert!(TimedRun::start(0.0, ticking, || e.new_run("no such kind", &config)).is_err());
    }
}
