//! A player for JavaScript: the think request of every computer player. The
//! page keeps agents in a thinking worker, one per player and setting, so a
//! searching player keeps its tables between moves; the worker posts the
//! progress callback's reports, and the page cancels a think by ending the
//! worker.

use wasm_bindgen::prelude::*;

use super::numbers::u64_from_js;
use super::read_model;
use super::{entry, from_js, js_error, to_js};
use crate::plugin::DynAgent;
use crate::search::budget::{Budget, Limits, Progress};

/// A player of one game.
#[wasm_bindgen]
pub struct Agent {
    inner: Box<dyn DynAgent>,
}

fn limits(value: JsValue) -> Result<Limits, JsError> {
    let v = from_js(value, "the budget must be { ms?, nodes?, unbounded? }")?;
    if v.is_null() {
        return Ok(Limits::NONE);
    }
    let limits: Limits = serde_json::from_value(v).map_err(|e| {
        JsError::new(&format!(
            "the budget must be {{ ms?, nodes?, unbounded? }}: {e}"
        ))
    })?;
    limits.validate().map_err(js_error)?;
    Ok(limits)
}

/// Runs `f` with a budget that reports to `progress` (a function taking a
/// `{ nodes, ms, depth, best, score, note }` object), if given.
fn with_budget<T>(
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
        settings: JsValue,
        model: Option<Vec<u8>>,
    ) -> Result<Agent, JsError> {
        let entry = entry(game)?;
        let settings = from_js(settings, "the player's settings must be an object")?;
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
    /// `seed` breaks ties. Returns `{ text, complete, depth, score, nodes, ms }`.
    pub fn think(
        &mut self,
        position: &str,
        seed: JsValue,
        budget: JsValue,
        progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsError> {
        let seed = u64_from_js(&seed, "seed", u64::MAX)?;
        let limits = limits(budget)?;
        let thought = with_budget(limits, progress, |b| self.inner.think(position, seed, b))
            .map_err(js_error)?;
        to_js(&thought)
    }

    /// Values every legal move of `position` within `budget`: `{ units,
    /// scale, position, moves: [{ text, cell, from, value, label, best }],
    /// complete, nodes, ms }`, or null when the player has no values.
    pub fn analyze(
        &mut self,
        position: &str,
        budget: JsValue,
        progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsError> {
        let limits = limits(budget)?;
        let analysis =
            with_budget(limits, progress, |b| self.inner.analyze(position, b)).map_err(js_error)?;
        match analysis {
            Some(a) => to_js(&a),
            None => Ok(JsValue::NULL),
        }
    }
}
