//! A game being played, for JavaScript: the thin face of
//! [`crate::plugin::DynSession`]. Moves are text in the game's notation;
//! [`Session::state`] returns a plain object (see
//! [`crate::plugin::SessionState`]).

use std::collections::HashMap;

use wasm_bindgen::prelude::*;

use tsify::Ts;

use super::boundary::{count_from_js, seed_from_js, to_ts};
use super::{entry, js_error};
use crate::plugin::{DynAgent, DynSession, GameEntry, SessionState};
use crate::search::budget::Budget;

/// A game being played.
#[wasm_bindgen]
pub struct Session {
    inner: Box<dyn DynSession>,
    entry: &'static dyn GameEntry,
    /// The players of [`Session::ai_move`], kept between moves.
    players: HashMap<String, Box<dyn DynAgent>>,
}

#[wasm_bindgen]
impl Session {
    /// A new game at the start position: `new Session("othello")`.
    #[wasm_bindgen(constructor)]
    pub fn new(game: &str) -> Result<Session, JsError> {
        let entry = entry(game)?;
        Ok(Session {
            inner: entry.new_session(),
            entry,
            players: HashMap::new(),
        })
    }

    /// The game's name.
    #[wasm_bindgen(getter)]
    pub fn game(&self) -> String {
        self.inner.game().to_string()
    }

    /// The whole state as a plain object.
    pub fn state(&self) -> Result<Ts<SessionState>, JsError> {
        to_ts(&self.inner.state())
    }

    /// Plays a move given as text ("f5", "pass", "L-d").
    pub fn play(&mut self, mv: &str) -> Result<(), JsError> {
        self.inner.play(mv).map_err(js_error)
    }

    /// The state a legal move would give, as a plain object of the same
    /// shape as [`Session::state`], without playing it: the game is left as
    /// it is. Its `changed` lists the cells the move would change.
    pub fn preview(&self, mv: &str) -> Result<Ts<SessionState>, JsError> {
        to_ts(&self.inner.preview(mv).map_err(js_error)?)
    }

    /// Lets a player of the game ("random", "mvb", …) choose and play a
    /// move with its default budget, breaking ties with `seed` (a `BigInt`); returns the
    /// move's text. The player is kept for the next moves. (The page asks an
    /// [`super::Agent`] in a thinking worker instead, with a budget and
    /// progress.)
    #[wasm_bindgen(js_name = aiMove)]
    pub fn ai_move(
        &mut self,
        player: &str,
        #[wasm_bindgen(unchecked_param_type = "bigint")] seed: JsValue,
    ) -> Result<String, JsError> {
        let seed = seed_from_js(&seed, "seed")?;
        if self.inner.is_over() {
            let st = self.inner.state();
            let text = st.outcome.map(|o| o.text).unwrap_or_default();
            return Err(JsError::new(&format!(
                "the game is over ({}); there is no move to choose",
                text.trim_end_matches('.').to_ascii_lowercase()
            )));
        }
        let name = player.trim().to_string();
        if !self.players.contains_key(&name) {
            let agent = self
                .entry
                .agent(&name, &serde_json::Value::Null, None)
                .map_err(js_error)?;
            self.players.insert(name.clone(), agent);
        }
        let agent = self.players.get_mut(&name).expect("inserted above");
        let thought = agent
            .think(&self.inner.position(), seed, &mut Budget::unlimited())
            .map_err(js_error)?;
        self.inner.play(&thought.text).map_err(js_error)?;
        Ok(thought.text)
    }

    /// Takes back the last turn; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// Replays the next undone turn; false when there is none.
    pub fn redo(&mut self) -> bool {
        self.inner.redo()
    }

    /// Shows the position after the first `cursor` moves of the record.
    pub fn jump(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] cursor: JsValue,
    ) -> Result<(), JsError> {
        let cursor = count_from_js(&cursor, "the move number", u64::from(u32::MAX))?;
        self.inner.jump(cursor as usize).map_err(js_error)
    }

    /// Starts over at the start position.
    pub fn reset(&mut self) {
        self.inner.reset()
    }

    /// Starts over at a position in the game's text form.
    #[wasm_bindgen(js_name = loadPosition)]
    pub fn load_position(&mut self, text: &str) -> Result<(), JsError> {
        self.inner.load_position(text).map_err(js_error)
    }

    /// Replaces the game by a record played from the start position.
    #[wasm_bindgen(js_name = loadTranscript)]
    pub fn load_transcript(&mut self, text: &str) -> Result<(), JsError> {
        self.inner.load_transcript(text).map_err(js_error)
    }

    /// The moves on the board as a record ("f5d6c3...").
    pub fn transcript(&self) -> String {
        self.inner.transcript()
    }

    /// The position on the board in the game's text form.
    pub fn position(&self) -> String {
        self.inner.position()
    }
}
