//! Any training run, for JavaScript: the thin face of
//! [`crate::plugin::DynRun`]. A worker makes a run (new from a configuration,
//! or resumed from a checkpoint or a saved model), calls `step` with a
//! bounded number of games until `done`, and posts the new curve points and
//! checkpoints in between.

use serde::{Deserialize, Serialize};
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use super::boundary::{
    count_from_f64, count_from_js, count_to_js, from_js, seed_from_js, settings_from_js, to_js,
    to_ts, Settings, SettingsOut,
};
use super::read_model;
use super::{entry, js_error};
use crate::model::encode;
use crate::plugin::Training as _;
use crate::plugin::{Point, ResumeOptions, SeriesSpec, TimedRun, WatchedGame};

/// A training run of some game.
#[wasm_bindgen]
pub struct Run {
    inner: TimedRun,
    game: &'static str,
}

/// What a step did.
#[derive(Serialize, Tsify)]
pub struct Step {
    points: Vec<Point>,
    games: u64,
    total: u64,
    done: bool,
}

/// A watched game and how far the run is after it.
#[derive(Serialize, Tsify)]
pub struct Watched {
    #[serde(flatten)]
    game: WatchedGame,
    games: u64,
    total: u64,
    done: bool,
}

#[wasm_bindgen]
extern "C" {
    /// Milliseconds since the page or worker started.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The runs' clock, in seconds.
fn clock() -> f64 {
    performance_now() / 1000.0
}

/// The most learning games a page run may plan.
const MAX_GAMES: u64 = 1_000_000_000_000;

/// How a saved model goes on (`Run.resume`): the new planned total (a
/// count), the settings of the continued run (its kind's `continueFields`).
#[derive(Deserialize, Tsify)]
pub struct Resume {
    #[serde(default)]
    #[tsify(optional, type = "number | null")]
    pub total: Option<f64>,
    #[serde(default)]
    #[tsify(optional, type = "Record<string, unknown> | null")]
    pub settings: Option<Settings>,
}

#[wasm_bindgen]
impl Run {
    /// A new run of `kind` ("qnet", "q_table", …) of `game` from a
    /// configuration object (as `presetRuns` gives them).
    pub fn create(
        game: &str,
        kind: &str,
        #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] config: JsValue,
    ) -> Result<Run, JsError> {
        let entry = entry(game)?;
        let config = settings_from_js(config, "not a run configuration")?;
        Ok(Run {
            inner: TimedRun::start(0.0, clock, || entry.new_run(kind, &config))
                .map_err(js_error)?,
            game: entry.id(),
        })
    }

    /// A run that goes on from a checkpoint or a saved model (its game and
    /// kind come from the file). `options`: `{ total?, settings? }`, the new
    /// planned total and the settings of the continued run (its kind's
    /// `continueFields`).
    pub fn resume(bytes: &[u8], options: Option<Ts<Resume>>) -> Result<Run, JsError> {
        let model = read_model(bytes)
            .map_err(|e| JsError::new(&format!("this is not a readable model file: {e}")))?;
        let entry = entry(model.header.game.name())?;
        let options = resume_options(options)?;
        let run = TimedRun::start(model.header.train_seconds, clock, || {
            entry.resume_run(&model, &options)
        })
        .map_err(|e| JsError::new(&format!("this model cannot continue training: {e}")))?;
        Ok(Run {
            inner: run,
            game: entry.id(),
        })
    }

    /// The game's name.
    #[wasm_bindgen(getter)]
    pub fn game(&self) -> String {
        self.game.to_string()
    }

    /// The kind of run.
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> String {
        self.inner.run.kind().to_string()
    }

    /// The run in a few words.
    #[wasm_bindgen(getter)]
    pub fn label(&self) -> String {
        self.inner.run.label()
    }

    /// The run's settings object.
    #[wasm_bindgen(getter, unchecked_return_type = "Record<string, unknown>")]
    pub fn config(&self) -> Result<JsValue, JsError> {
        to_js(&SettingsOut(&self.inner.run.config()))
    }

    /// Learning games played (a number).
    #[wasm_bindgen(getter)]
    pub fn games(&self) -> Result<f64, JsError> {
        count_to_js(self.inner.run.progress().done, "the games played")
    }

    /// Learning games planned (a number).
    #[wasm_bindgen(getter)]
    pub fn total(&self) -> Result<f64, JsError> {
        count_to_js(self.inner.run.progress().total, "the games planned")
    }

    /// Every planned game played and every curve point measured.
    #[wasm_bindgen(getter)]
    pub fn done(&self) -> bool {
        self.inner.run.is_done()
    }

    /// Plays at most `games` learning games; returns `{ points, games,
    /// total, done }` with the new curve points (`{ x, y: { series: value } }`).
    pub fn step(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] games: JsValue,
    ) -> Result<Ts<Step>, JsError> {
        let games = count_from_js(&games, "the number of games of a step", 100_000_000)?;
        let points = self.inner.step(games);
        let p = self.inner.run.progress();
        to_ts(&Step {
            points,
            games: p.done,
            total: p.total,
            done: self.inner.run.is_done(),
        })
    }

    /// Plays the next learning game exactly as `step(1)` would and returns
    /// it: `{ game, moves, learner, selfPlay, replayed, decisions: [{ ply,
    /// values: [[move, value]] }], units, scale, points, games, total, done }`
    /// — `game` the game's number in the run, `moves` its move texts in order,
    /// `learner` the side the learner played (0 or 1), `replayed` true for a
    /// game record the learner learns from (no decisions), each decision the
    /// learner's values of the legal moves before its move number `ply`
    /// (counted from 0), `scale` the values' fixed `[min, max]` or null,
    /// `points` the curve points measured at this game. `null` when the run
    /// is done or its kind cannot show its games (nothing is played then).
    #[wasm_bindgen(js_name = stepWatched, unchecked_return_type = "Watched | null")]
    pub fn step_watched(&mut self) -> Result<JsValue, JsError> {
        let Some(game) = self.inner.step_watched() else {
            return Ok(JsValue::NULL);
        };
        let p = self.inner.run.progress();
        to_js(&Watched {
            game,
            games: p.done,
            total: p.total,
            done: self.inner.run.is_done(),
        })
    }

    /// The whole curve so far.
    pub fn points(&self) -> Result<Vec<Ts<Point>>, JsError> {
        self.inner.run.points().iter().map(to_ts).collect()
    }

    /// The run's curves: `[{ id, chart, label, group, dashed }]`.
    pub fn series(&self) -> Result<Vec<Ts<SeriesSpec>>, JsError> {
        self.inner.run.series().iter().map(to_ts).collect()
    }

    /// A sentence on the latest curve point.
    pub fn latest(&self) -> String {
        self.inner.run.latest()
    }

    /// Sets a new planned total.
    #[wasm_bindgen(js_name = setTotal)]
    pub fn set_total(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] total: JsValue,
    ) -> Result<(), JsError> {
        let total = count_from_js(&total, "total", MAX_GAMES)?;
        self.inner.set_total(total).map_err(js_error)
    }

    /// The full state as a model file (to resume exactly).
    pub fn checkpoint(&self) -> Result<Vec<u8>, JsError> {
        let model = self.inner.checkpoint().map_err(js_error)?;
        encode(&model).map_err(js_error)
    }

    /// What was learned, as a model file named `name`.
    pub fn model(&self, name: &str) -> Result<Vec<u8>, JsError> {
        let model = self.inner.model(name).map_err(js_error)?;
        encode(&model).map_err(js_error)
    }
}

/// Reads `{ total?, settings? }`: `total` a count (a JS number), `settings`
/// a settings object.
fn resume_options(options: Option<Ts<Resume>>) -> Result<ResumeOptions, JsError> {
    const WHAT: &str = "the options must be { total?, settings? }";
    let Some(options) = options else {
        return Ok(ResumeOptions::default());
    };
    let options: Resume = from_js(options.js_value(), WHAT)?;
    let total = options
        .total
        .map(|x| count_from_f64(x, "total", MAX_GAMES))
        .transpose()?;
    let settings = options.settings.map(|s| s.0).unwrap_or_default();
    Ok(ResumeOptions { total, settings })
}

/// `presetRuns(game, kind, preset, seed)`: the run configurations of one of
/// a game's presets, as plain objects for [`Run::create`]; `seed` is a
/// `BigInt`.
#[wasm_bindgen(
    js_name = presetRuns,
    unchecked_return_type = "Record<string, unknown>[]"
)]
pub fn preset_runs(
    game: &str,
    kind: &str,
    preset: &str,
    #[wasm_bindgen(unchecked_param_type = "bigint")] seed: JsValue,
) -> Result<JsValue, JsError> {
    let seed = seed_from_js(&seed, "seed")?;
    let runs = entry(game)?
        .preset_runs(kind, preset.trim(), seed)
        .map_err(js_error)?;
    let runs: Vec<SettingsOut> = runs.iter().map(SettingsOut).collect();
    to_js(&runs)
}
