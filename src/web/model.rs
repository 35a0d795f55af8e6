//! Model files across the JS boundary: inspect a file (for the library list
//! and for import: it must decode and its learner must rebuild from it) and
//! rename a model inside its file.

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use std::collections::BTreeMap;

use super::boundary::{count_to_js, serialize_seed, settings_from_js, to_ts, SettingsOut};
use super::read_model;
use crate::games::{describe_model, entry, kept_settings};
use crate::model::{encode, Model};
use crate::plugin::{ModelUse, PlayerSettings};

/// What the page shows of a model file.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(hashmap_as_object, missing_as_null)]
pub struct ModelInfo {
    name: String,
    kind: &'static str,
    game: String,
    variant: String,
    algorithm: &'static str,
    /// The algorithm in words ("a Q-network").
    algorithm_title: &'static str,
    encoding: String,
    #[serde(serialize_with = "serialize_hyper")]
    #[tsify(type = "Record<string, unknown>")]
    hyper: serde_json::Map<String, serde_json::Value>,
    /// The learner's seed: a `BigInt`, as every seed.
    #[serde(serialize_with = "serialize_seed")]
    #[tsify(type = "bigint")]
    seed: u64,
    /// Games trained, as a number (a file claiming 2^53 or more is refused).
    games_trained: f64,
    /// Seconds of training on the machine that trained it (0: not known).
    train_seconds: f64,
    #[serde(serialize_with = "serialize_value")]
    #[tsify(type = "unknown")]
    evaluation: serde_json::Value,
    #[serde(serialize_with = "serialize_value")]
    #[tsify(type = "unknown")]
    curve: serde_json::Value,
    /// The curves as the page that trained it drew them (`withCharts`), or null.
    #[serde(serialize_with = "serialize_value")]
    #[tsify(type = "unknown")]
    charts: serde_json::Value,
    /// When the model was written: `YYYY-MM-DDTHH:MM:SSZ`.
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
    #[tsify(type = "0 | 1 | null")]
    side: Option<u8>,
    /// The kind of run that continues it.
    continues_as: Option<String>,
    /// Whether the learners' module shows its weights (`modelWeights`).
    weights: bool,
    /// The settings of a player it holds (loading it fills that player's form).
    settings_for: Option<PlayerSettings>,
}

/// One array of a model file: its name, element type and shape.
#[derive(Serialize, Tsify)]
pub struct ArrayInfo {
    name: String,
    dtype: &'static str,
    shape: Vec<usize>,
}

/// A header's JSON value (the evaluation, the curve) as the settings are
/// written: a number no JS number holds exactly is an error naming its field.
fn serialize_value<S: serde::Serializer>(v: &serde_json::Value, s: S) -> Result<S::Ok, S::Error> {
    SettingsOut(v).serialize(s)
}

/// The hyper-parameters as a settings object (a `seed` as a `BigInt`).
fn serialize_hyper<S: serde::Serializer>(
    hyper: &serde_json::Map<String, serde_json::Value>,
    s: S,
) -> Result<S::Ok, S::Error> {
    SettingsOut(&serde_json::Value::Object(hyper.clone())).serialize(s)
}

fn info(model: &Model, size: usize, entry: ModelUse) -> Result<ModelInfo, JsError> {
    let h = &model.header;
    Ok(ModelInfo {
        name: h.name.clone(),
        kind: h.kind.name(),
        game: h.game.name().to_string(),
        variant: h.variant.clone(),
        algorithm: h.algorithm.name(),
        algorithm_title: h.algorithm.title(),
        encoding: h.encoding.clone(),
        hyper: h.hyper.clone(),
        seed: h.seed,
        games_trained: count_to_js(h.games_trained, "games trained")?,
        train_seconds: h.train_seconds,
        evaluation: h.evaluation.clone(),
        curve: h.curve.clone(),
        charts: h.charts.clone(),
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
        weights: entry.weights,
        settings_for: kept_settings(model),
    })
}

/// Reads a model file and describes it. A file that is not a valid model,
/// or whose learner cannot be rebuilt from it, gives an error whose message
/// says what is wrong with it.
#[wasm_bindgen(js_name = inspectModel)]
pub fn inspect_model(bytes: &[u8]) -> Result<Ts<ModelInfo>, JsError> {
    let model = read_model(bytes).map_err(|e| JsError::new(&e.to_string()))?;
    let entry = describe_model(&model)
        .map_err(|e| JsError::new(&format!("the file is a model, but it cannot be used: {e}")))?;
    to_ts(&info(&model, bytes.len(), entry)?)
}

/// The same model file with a new name in its header.
#[wasm_bindgen(js_name = renameModel)]
pub fn rename_model(bytes: &[u8], name: &str) -> Result<Vec<u8>, JsError> {
    let mut model = read_model(bytes).map_err(|e| JsError::new(&e.to_string()))?;
    model.header.name = name.trim().to_string();
    encode(&model).map_err(|e| JsError::new(&e.to_string()))
}

/// The same model file keeping `charts` (the curves as the page drew them:
/// a JSON value of at most 1 MB as text, or null for none), so that a
/// shared file shows its curves where it is imported.
#[wasm_bindgen(js_name = withCharts)]
pub fn with_charts(
    bytes: &[u8],
    #[wasm_bindgen(unchecked_param_type = "unknown")] charts: JsValue,
) -> Result<Vec<u8>, JsError> {
    let mut model = read_model(bytes).map_err(|e| JsError::new(&e.to_string()))?;
    let charts: serde_json::Value = super::boundary::from_js(charts, "the curves")?;
    if serde_json::to_string(&charts).map_or(0, |t| t.len()) > MAX_CHARTS {
        return Err(JsError::new(
            "the curves are too large to keep in the model file (over 1 MB)",
        ));
    }
    model.header.charts = charts;
    encode(&model).map_err(|e| JsError::new(&e.to_string()))
}

/// The most JSON text a model's drawn curves may take.
const MAX_CHARTS: usize = 1_000_000;

/// A model file that keeps the settings of a game's player (one whose
/// `savesSettings` is true), named `name`.
#[wasm_bindgen(js_name = settingsModel)]
pub fn settings_model(
    game: &str,
    player: &str,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] settings: JsValue,
    name: &str,
) -> Result<Vec<u8>, JsError> {
    let settings = settings_from_js(settings, "the player's settings must be an object")?;
    let model = entry(game)
        .and_then(|e| crate::plugin::settings_model(e, player, &settings, name))
        .map_err(|e| JsError::new(&e))?;
    encode(&model).map_err(|e| JsError::new(&e.to_string()))
}
