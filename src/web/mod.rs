//! The wasm-bindgen API: the only module that knows about JavaScript.
//!
//! The page never runs rules or players itself: a Web Worker holds the
//! objects exported here and posts their plain-data state to the page.
//!
//! * [`Session`] — one game being played: moves, undo/redo, fixed players.
//! * [`model`] — model files: inspect a file, rename a model inside it.
//! * [`train::Trainer`] — a training run of the Othello Q-network, in chunks.
//!
//! Every method that takes input from JavaScript checks it and returns a
//! `JsError` with a readable message; nothing here panics on bad input. The
//! panic hook is installed when the module starts, so that a bug that does
//! panic shows its message in the console instead of "unreachable".

use wasm_bindgen::prelude::*;

pub mod bench;
pub mod hare_hounds;
mod model;
mod session;
pub mod train;

pub use session::{GameSession, LegalMove, MoveEntry, Session, SessionState, GAMES};

/// Runs once when the wasm module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The names of the games the engine knows, built or not, as
/// `{ id, built }` objects, so the page can list them without guessing.
#[wasm_bindgen(js_name = games)]
pub fn games() -> Result<JsValue, JsError> {
    to_js(&GAMES)
}

/// Converts a Rust value to a plain JavaScript value (objects, arrays,
/// numbers, strings, `null`), the form that `postMessage` copies cheaply.
pub(crate) fn to_js<T: serde::Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("cannot convert a value for JavaScript: {e}")))
}

/// An error for JavaScript from anything that displays.
pub(crate) fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}
