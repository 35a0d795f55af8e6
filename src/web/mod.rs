//! The wasm-bindgen API: the only module that knows about JavaScript. It
//! translates; every game is reached through its plug-in entry
//! ([`crate::plugin`]), so nothing here names a game.
//!
//! * [`games`] — what the engine plays: titles, sides, boards, players, runs.
//! * [`Session`] — one game being played: moves, undo/redo by whole turn.
//! * [`Agent`] — a player that thinks within a budget, reporting progress.
//! * [`Run`] — any training run, stepped in bounded chunks.
//! * model files: [`model::inspect_model`], [`model::rename_model`].
//! * benchmarks: [`bench::bench_suite`] and friends (feature `benchmarks`:
//!   not in the page's modules).
//! * the rating ladder (learners' module): `ladderTodo`, `ladderGame`,
//!   `ladderRatings`.
//!
//! Every method that takes input from JavaScript checks it and returns a
//! `JsError` with a readable message; nothing here panics on bad input. The
//! panic hook is installed when the module starts, so that a bug that does
//! panic shows its message in the console instead of "unreachable". Values
//! cross through serde-wasm-bindgen with one JavaScript type per field (seeds
//! always `BigInt`, counts always numbers below 2^53) and TypeScript types
//! generated from the Rust types ([`boundary`]).

use wasm_bindgen::prelude::*;

mod agent;
#[cfg(feature = "benchmarks")]
pub mod bench;
pub mod boundary;
#[cfg(feature = "extra-learners")]
mod ladder;
pub mod model;
mod run;
mod session;
#[cfg(feature = "extra-learners")]
mod weights;

pub use agent::Agent;
#[cfg(feature = "extra-learners")]
pub use ladder::{ladder_game, ladder_ratings, ladder_todo};
pub use run::{preset_runs, Run};
pub use session::Session;
#[cfg(feature = "extra-learners")]
pub use weights::model_weights;

/// Runs once when the wasm module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Every game of the playground, playable ones first, then the ones to
/// come (`built: false`): `{ id, title, blurb, sides, geometry, players,
/// runs, built }`.
#[wasm_bindgen(js_name = games, unchecked_return_type = "GameInfo[]")]
pub fn games() -> Result<JsValue, JsError> {
    boundary::to_js(&crate::games::all_games())
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
