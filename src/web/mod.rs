//! The wasm-bindgen API: the only module that knows about JavaScript. It
//! translates; every game is reached through its plug-in entry
//! ([`crate::plugin`]), so nothing here names a game.
//!
//! * [`games`] — what the engine plays: titles, sides, boards, players, runs.
//! * [`Session`] — one game being played: moves, undo/redo by whole turn.
//! * [`Agent`] — a player that thinks within a budget, reporting progress.
//! * [`Run`] — any training run, stepped in bounded chunks.
//! * model files: [`model::inspect_model`], [`model::rename_model`].
//! * benchmarks: [`bench::bench_suite`] and friends.
//!
//! Every method that takes input from JavaScript checks it and returns a
//! `JsError` with a readable message; nothing here panics on bad input. The
//! panic hook is installed when the module starts, so that a bug that does
//! panic shows its message in the console instead of "unreachable". 64-bit
//! numbers cross as numbers when exact, else as `BigInt` or decimal strings
//! ([`numbers`]).

use wasm_bindgen::prelude::*;

mod agent;
pub mod bench;
pub mod model;
pub mod numbers;
mod run;
mod session;

pub use agent::Agent;
pub use run::{preset_runs, Run};
pub use session::Session;

/// Runs once when the wasm module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Every game of the playground, playable ones first, then the ones to
/// come (`built: false`): `{ id, title, blurb, sides, geometry, players,
/// runs, built }`.
#[wasm_bindgen(js_name = games)]
pub fn games() -> Result<JsValue, JsError> {
    to_js(&crate::games::all_games())
}

/// Converts a Rust value to a plain JavaScript value (objects, arrays,
/// numbers, strings, `null`; integers beyond 2^53 − 1 as `BigInt`), the
/// form that `postMessage` copies cheaply.
pub(crate) fn to_js<T: serde::Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    let v = serde_json::to_value(value)
        .map_err(|e| JsError::new(&format!("cannot convert a value for JavaScript: {e}")))?;
    Ok(numbers::json_to_js(&v))
}

/// Reads a plain JavaScript value (`undefined` and `null` as JSON null,
/// `BigInt` as an exact integer).
pub(crate) fn from_js(value: JsValue, what: &str) -> Result<serde_json::Value, JsError> {
    numbers::js_to_json(&value).map_err(|e| JsError::new(&format!("{what}: {e}")))
}

/// An error for JavaScript from anything that displays.
pub(crate) fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// Reads a model file whose game this build knows (the registry's check).
pub(crate) fn read_model(bytes: &[u8]) -> Result<crate::model::Model, crate::model::ModelError> {
    crate::games::read_model(bytes, &crate::model::Limits::default())
}

/// The entry of a game, or an error naming the games there are.
pub(crate) fn entry(game: &str) -> Result<&'static dyn crate::plugin::GameEntry, JsError> {
    crate::games::entry(game).map_err(js_error)
}
