//! A player for JavaScript: the think request of every computer player. The
//! page keeps agents in a thinking worker, one per player and setting, so a
//! searching player keeps its tables between moves; the worker posts the
//! progress callback's reports, and the page cancels a think by ending the
//! worker.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use tsify::Ts;

use super::boundary::{
    count_from_js, from_js, seed_from_js, settings_from_js, to_js, to_ts, MAX_SAFE,
};
use super::read_model;
use super::{entry, js_error};
use crate::plugin::{AgentThought, DynAgent, PositionAnalysis};
use crate::search::budget::{Budget, Limits, Progress};

/// A player of one game.
#[wasm_bindgen]
pub struct Agent {
    pub(super) inner: Box<dyn DynAgent>,
}

/// Reads a budget: `{ ms?, nodes?, unbounded? }` (`nodes` a count, a JS
/// number), or null/undefined for none.
fn limits(value: Option<Ts<Limits>>) -> Result<Limits, JsError> {
    let Some(value) = value else {
        return Ok(Limits::NONE);
    };
    let value = value.js_value();
    // `nodes` is a count: a JS number, whole, below 2^53 (a BigInt or a
    // fraction is refused here, before serde would read either).
    let nodes = js_sys::Reflect::get(&value, &JsValue::from_str("nodes")).unwrap_or_default();
    if !nodes.is_undefined() && !nodes.is_null() {
        count_from_js(&nodes, "the budget's nodes", MAX_SAFE)?;
    }
    // serde-wasm-bindgen reads only the fields a struct names, so unknown
    // fields are refused here (as `Limits` refuses them in JSON).
    if value.is_object() {
        for key in js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>()).iter() {
            let key = key.as_string().unwrap_or_default();
            if !["ms", "nodes", "unbounded"].contains(&key.as_str()) {
                return Err(JsError::new(&format!(
                    "the budget must be {{ ms?, nodes?, unbounded? }}: unknown field `{key}`"
                )));
            }
        }
    }
    let limits: Limits = from_js(value, "the budget must be { ms?, nodes?, unbounded? }")?;
    limits.validate().map_err(js_error)?;
    Ok(limits)
}

/// Runs `f` with a budget that reports to `progress` (a function taking a
/// `{ nodes, ms, depth, best, score, note }` object), if given.
pub(super) fn with_budget<T>(
    limits: Limits,
    progress: Option<js_sys::Function>,
    f: impl FnOnce(&mut Budget) -> T,
) -> T {
    match progress {
        Some(callback) => {
            let mut report = |p: &Progress| {
                if let Ok(v) = to_js(p) {
                    // A throwing callback must not stop the search.
                    let _ = callback.call1(&JsValue::NULL, &v);
                }
            };
            let mut budget = Budget::with_progress(limits, &mut report);
            f(&mut budget)
        }
        None => f(&mut Budget::new(limits)),
    }
}

#[wasm_bindgen]
impl Agent {
    /// The player `player` of `game` ("random", "msb", "perfect", …, or
    /// "model" with a model file's bytes), with its settings object (or
    /// null).
    #[wasm_bindgen(constructor)]
    pub fn new(
        game: &str,
        player: &str,
        #[wasm_bindgen(unchecked_param_type = "Record<string, unknown> | null")] settings: JsValue,
        model: Option<Vec<u8>>,
    ) -> Result<Agent, JsError> {
        let entry = entry(game)?;
        let settings = settings_from_js(settings, "the player's settings must be an object")?;
        let model =
            match model {
                Some(bytes) => Some(read_model(&bytes).map_err(|e| {
                    JsError::new(&format!("this is not a readable model file: {e}"))
                })?),
                None => None,
            };
        if let Some(m) = &model {
            if m.header.game.name() != entry.id() {
                return Err(JsError::new(&format!(
                    "this model is for {}, not {}",
                    crate::games::game_title(&m.header.game),
                    entry.info().title
                )));
            }
        }
        Ok(Agent {
            inner: entry
                .agent(player, &settings, model.as_ref())
                .map_err(js_error)?,
        })
    }

    /// Chooses a move in `position` (the game's text form) within `budget`
    /// (`{ ms?, nodes? }` or null), calling `progress` while it searches;
    /// `seed` (a `BigInt`) breaks ties. Returns `{ text, complete, depth,
    /// score, nodes, ms }`.
    pub fn think(
        &mut self,
        position: &str,
        #[wasm_bindgen(unchecked_param_type = "bigint")] seed: JsValue,
        budget: Option<Ts<Limits>>,
        #[wasm_bindgen(unchecked_param_type = "((progress: Progress) => void) | null")]
        progress: Option<js_sys::Function>,
    ) -> Result<Ts<AgentThought>, JsError> {
        let seed = seed_from_js(&seed, "seed")?;
        let limits = limits(budget)?;
        let thought = with_budget(limits, progress, |b| self.inner.think(position, seed, b))
            .map_err(js_error)?;
        to_ts(&thought)
    }

    /// Values every legal move of `position` within `budget`: `{ units,
    /// scale, position, moves: [{ text, cell, from, value, label, best }],
    /// complete, nodes, ms }`, or null when the player has no values.
    #[wasm_bindgen(unchecked_return_type = "PositionAnalysis | null")]
    pub fn analyze(
        &mut self,
        position: &str,
        budget: Option<Ts<Limits>>,
        #[wasm_bindgen(unchecked_param_type = "((progress: Progress) => void) | null")]
        progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsError> {
        let limits = limits(budget)?;
        let analysis =
            with_budget(limits, progress, |b| self.inner.analyze(position, b)).map_err(js_error)?;
        // Typed by the attribute on `analyze` (`PositionAnalysis | null`).
        let _: Option<&PositionAnalysis> = analysis.as_ref();
        match analysis {
            Some(a) => to_js(&a),
            None => Ok(JsValue::NULL),
        }
    }
}
