//! Model files across the JS boundary: inspect a file (for the library list
//! and for import: it must decode and its learner must rebuild from it) and
//! rename a model inside its file.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use std::collections::BTreeMap;

use super::numbers::js_to_json;
use super::read_model;
use super::to_js;
use crate::games::{describe_model, entry, kept_settings};
use crate::model::{encode, Model};
use crate::plugin::{ModelUse, PlayerSettings};

/// What the page shows of a model file.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ModelInfo {
    name: String,
    kind: &'static str,
    game: String,
    variant: String,
    algorithm: &'static str,
    /// The algorithm in words ("a Q-network").
    algorithm_title: &'static str,
    encoding: String,
    hyper: serde_json::Map<String, serde_json::Value>,
    /// As text: seeds may exceed 2^53.
    seed: String,
    /// Games trained, as a number (exact up to 2^53).
    games_trained: f64,
    evaluation: serde_json::Value,
    curve: serde_json::Value,
    created: String,
    producer: String,
    file_name: String,
    size: usize,
    arrays: Vec<ArrayInfo>,
    /// The learner's configuration in words, for the library list.
    summary: String,
    /// Win percentages at the curve's last point, by label.
    win_rates: BTreeMap<String, f64>,
    /// Whether it plays (as the player `model`), and the side it plays.
    plays: bool,
    side: Option<u8>,
    /// The kind of run that continues it.
    continues_as: Option<String>,
    /// The settings of a player it holds (loading it fills that player's form).
    settings_for: Option<PlayerSettings>,
}

#[derive(Serialize)]
struct ArrayInfo {
    name: String,
    dtype: &'static str,
    shape: Vec<usize>,
}

fn info(model: &Model, size: usize, entry: ModelUse) -> ModelInfo {
    let h = &model.header;
    ModelInfo {
        name: h.name.clone(),
        kind: h.kind.name(),
        game: h.game.name().to_string(),
        variant: h.variant.clone(),
        algorithm: h.algorithm.name(),
        algorithm_title: h.algorithm.title(),
        encoding: h.encoding.clone(),
        hyper: h.hyper.clone(),
        seed: h.seed.to_string(),
        games_trained: h.games_trained as f64,
        evaluation: h.evaluation.clone(),
        curve: h.curve.clone(),
        created: h.created.clone(),
        producer: h.producer.clone(),
        file_name: model.suggested_file_name(),
        size,
        arrays: model
            .arrays
            .iter()
            .map(|a| ArrayInfo {
                name: a.name.clone(),
                dtype: a.dtype().name(),
                shape: a.shape.clone(),
            })
            .collect(),
        summary: entry.summary,
        win_rates: entry.win_rates,
        plays: entry.plays,
        side: entry.side,
        continues_as: entry.continues_as,
        settings_for: kept_settings(model),
    }
}

/// Reads a model file and describes it. A file that is not a valid model,
/// or whose learner cannot be rebuilt from it, gives an error whose message
/// says what is wrong with it.
#[wasm_bindgen(js_name = inspectModel)]
pub fn inspect_model(bytes: &[u8]) -> Result<JsValue, JsError> {
    let model = read_model(bytes).map_err(|e| JsError::new(&e.to_string()))?;
    let entry = describe_model(&model)
        .map_err(|e| JsError::new(&format!("the file is a model, but it cannot be used: {e}")))?;
    to_js(&info(&model, bytes.len(), entry))
}

/// The same model file with a new name in its header.
#[wasm_bindgen(js_name = renameModel)]
pub fn rename_model(bytes: &[u8], name: &str) -> Result<Vec<u8>, JsError> {
    let mut model = read_model(bytes).map_err(|e| JsError::new(&e.to_string()))?;
    model.header.name = name.trim().to_string();
    encode(&model).map_err(|e| JsError::new(&e.to_string()))
}

/// A model file that keeps the settings of a game's player (one whose
/// `savesSettings` is true), named `name`.
#[wasm_bindgen(js_name = settingsModel)]
pub fn settings_model(
    game: &str,
    player: &str,
    settings: JsValue,
    name: &str,
) -> Result<Vec<u8>, JsError> {
    let settings = js_to_json(&settings).map_err(|e| JsError::new(&e))?;
    let model = entry(game)
        .and_then(|e| e.settings_model(player, &settings, name))
        .map_err(|e| JsError::new(&e))?;
    encode(&model).map_err(|e| JsError::new(&e.to_string()))
}
