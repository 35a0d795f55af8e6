//! The Othello Q-network trainer for JavaScript (a Web Worker runs one per
//! training run): a thin wrapper over [`crate::learn::q_trainer::Trainer`].
//!
//! ```js
//! const t = new Trainer(JSON.stringify({ encoding: "ql1", hidden: 64, games: 100000 }));
//! while (!t.is_done()) {
//!   const p = t.train(500);            // a bounded chunk; returns Progress
//!   postMessage(p);                    // games_played, record, snapshots, done
//! }
//! const q = t.q_values_text("---…---XO… X"); // Float32Array(64) for a heat map
//! const bytes = t.save();             // Uint8Array; Trainer.load(bytes) resumes
//! ```
//! Seeds and game counts cross as JS numbers (integers up to 2^53).

use wasm_bindgen::prelude::*;

use crate::game::Side;
use crate::games::othello::Board;
use crate::learn::bench::{bench_training, peak_multiply_adds, ql1_h64_selfplay};
use crate::learn::q_trainer::{self, evaluate_standard, TrainerConfig};
use crate::players::othello_player;

fn js_err(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

fn to_js<T: serde::Serialize>(v: &T) -> Result<JsValue, JsError> {
    serde_wasm_bindgen::to_value(v).map_err(js_err)
}

/// A JS number as a u64 seed or count: a non-negative integer ≤ 2^53.
fn whole(v: f64, what: &str) -> Result<u64, JsError> {
    if v.is_finite() && v >= 0.0 && v.fract() == 0.0 && v <= 9_007_199_254_740_992.0 {
        Ok(v as u64)
    } else {
        Err(JsError::new(&format!(
            "{what} must be a whole number between 0 and 2^53, not {v}"
        )))
    }
}

/// A training run of the Othello Q-network.
#[wasm_bindgen]
pub struct Trainer {
    inner: q_trainer::Trainer,
}

#[wasm_bindgen]
impl Trainer {
    /// A new run from settings as JSON (missing fields take the study's
    /// values; see `presets()`).
    #[wasm_bindgen(constructor)]
    pub fn new(config_json: &str) -> Result<Trainer, JsError> {
        let config = TrainerConfig::from_json(config_json).map_err(js_err)?;
        Ok(Trainer {
            inner: q_trainer::Trainer::new(config).map_err(js_err)?,
        })
    }

    /// Resumes a run saved with `save()` (or continues from a model file).
    pub fn load(bytes: &[u8]) -> Result<Trainer, JsError> {
        Ok(Trainer {
            inner: q_trainer::Trainer::from_bytes(bytes).map_err(js_err)?,
        })
    }

    /// The full state (settings, weights, momentum, RNG, curve) as a model
    /// file of kind "checkpoint".
    pub fn save(&self) -> Result<Vec<u8>, JsError> {
        self.inner.to_bytes().map_err(js_err)
    }

    /// The weights only (a model file of kind "model", for playing and
    /// sharing; training continues from it with fresh momentum).
    pub fn export_model(&self) -> Result<Vec<u8>, JsError> {
        let m = self
            .inner
            .to_model(crate::model::Kind::Model)
            .map_err(js_err)?;
        crate::model::encode(&m).map_err(js_err)
    }

    /// Trains at most `max_games` games (stopping at the planned total) and
    /// returns the Progress: games_played, games_total, trained, record,
    /// snapshots (learning-curve points taken in this chunk), done.
    pub fn train(&mut self, max_games: u32) -> Result<JsValue, JsError> {
        to_js(&self.inner.train(u64::from(max_games)))
    }

    pub fn games_played(&self) -> f64 {
        self.inner.games_played() as f64
    }

    pub fn is_done(&self) -> bool {
        self.inner.is_done()
    }

    /// Sets a new planned total (to continue a finished run).
    pub fn set_total_games(&mut self, games: f64) -> Result<(), JsError> {
        self.inner
            .set_total_games(whole(games, "games")?)
            .map_err(js_err)
    }

    /// The settings as JSON.
    pub fn config(&self) -> String {
        serde_json::to_string(self.inner.config()).unwrap_or_default()
    }

    /// The learning curve so far: an array of { games, results: [{ opponent,
    /// black: {wins, draws, losses}, white: {…} }] }.
    pub fn curve(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.curve())
    }

    /// The greedy network against one fixed player (`random`, `mvb`, `msb`):
    /// `games` games, first half as black, first 5 plies random.
    pub fn evaluate(&self, opponent: &str, games: u32, seed: f64) -> Result<JsValue, JsError> {
        let mut opp = othello_player(opponent).map_err(js_err)?;
        to_js(
            &self
                .inner
                .evaluate(opp.as_mut(), games, whole(seed, "seed")?),
        )
    }

    /// The greedy network against random, MVB and MSB (a curve point).
    pub fn evaluate_all(&self, games: u32, seed: f64) -> Result<JsValue, JsError> {
        to_js(&evaluate_standard(
            self.inner.net(),
            games,
            whole(seed, "seed")?,
            self.inner.games_played(),
        ))
    }

    /// Q(s, a) for all 64 squares (a1 = 0 … h8 = 63) of a position given as
    /// bitboards; only the legal squares mean anything.
    pub fn q_values(
        &self,
        black: u64,
        white: u64,
        black_to_move: bool,
    ) -> Result<Vec<f32>, JsError> {
        let side = if black_to_move {
            Side::First
        } else {
            Side::Second
        };
        let board = Board::from_discs(black, white, side).map_err(js_err)?;
        Ok(self.inner.q_values(&board).to_vec())
    }

    /// [`Trainer::q_values`] for a position in the 64-character text form
    /// (`X` black, `O` white, `-` empty, a1…h8, then `X` or `O` to move).
    pub fn q_values_text(&self, position: &str) -> Result<Vec<f32>, JsError> {
        let board = Board::parse(position).map_err(js_err)?;
        Ok(self.inner.q_values(&board).to_vec())
    }

    /// The greedy move in a position (text form): a square 0..63, or 64 to pass.
    pub fn best_move_text(&self, position: &str) -> Result<u8, JsError> {
        use crate::game::{Game, Player};
        let board = Board::parse(position).map_err(js_err)?;
        if board.is_over() {
            return Err(JsError::new("the game is over"));
        }
        let mut p = self.inner.player();
        Ok(p.choose(&board, &mut crate::game::rng_from_seed(0)))
    }
}

/// The study's presets: an array of [label, settings].
#[wasm_bindgen(js_name = qnetPresets)]
pub fn qnet_presets() -> Result<JsValue, JsError> {
    to_js(&q_trainer::presets())
}

/// The training benchmark (QL1, 64 hidden, arctan, self-play) as run by
/// `selfplay othello bench`: { games, seconds, games_per_second, … }.
#[wasm_bindgen(js_name = benchQnetTraining)]
pub fn bench_qnet_training(warmup: u32, games: u32, seed: f64) -> Result<JsValue, JsError> {
    let r = bench_training(
        ql1_h64_selfplay(whole(seed, "seed")?),
        u64::from(warmup),
        u64::from(games),
    )
    .map_err(js_err)?;
    to_js(&r)
}

/// Multiply-adds per second of a register-resident kernel in this build.
#[wasm_bindgen(js_name = benchPeakMultiplyAdds)]
pub fn bench_peak_multiply_adds(rounds: u32) -> f64 {
    peak_multiply_adds(u64::from(rounds))
}
