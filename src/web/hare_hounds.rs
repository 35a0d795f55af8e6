//! Hare and Hounds on the page: the game's face for [`super::Session`]
//! (points instead of a grid, the simple, perfect and learned players, hints
//! from the exact solution and a loaded Q-table), and [`HhRun`], one run of
//! the study's experiments, stepped in chunks by a worker of the pool.
//!
//! The board's 11 points are the session state's `cells` (one row of 11, in
//! the order of `board::NAMES`: 0 empty, 1 a hound, 2 the hare); a move's
//! `cell` is the point it steps to.

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::session::WebGame;
use super::{js_error, to_js};
use crate::game::{Game, MoveError, Player, Side};
use crate::games::hare_hounds::{HareHounds, Move};
use crate::learn::experiments::hare_hounds::{preset, HareConfig, Probe, Run, RunConfig};
use crate::learn::q_table::QLearner;
use crate::model::{decode, encode};
use crate::players::hare_hounds::{PerfectPlayer, SimpleHare};
use crate::players::RandomPlayer;
use crate::search::hare_hounds_solve::{Solution, Value};

/// The exact solution, solved once per wasm instance (a few milliseconds).
pub(crate) fn solution() -> Arc<Solution> {
    static SOLUTION: OnceLock<Arc<Solution>> = OnceLock::new();
    SOLUTION.get_or_init(|| Arc::new(Solution::solve())).clone()
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "hounds",
        Side::Second => "hare",
    }
}

impl WebGame for HareHounds {
    const TITLE: &'static str = "Hare and Hounds";
    const SIDE_NAMES: [&'static str; 2] = ["Hounds", "Hare"];
    const ROWS: u32 = 1;
    const COLS: u32 = 11;
    const PLAYERS: &'static [&'static str] = &["random", "simple", "perfect", "learned"];

    fn cells(&self, out: &mut Vec<u8>) {
        out.clear();
        out.resize(11, 0);
        for p in self.hounds() {
            out[p.index()] = 1;
        }
        out[self.hare().index()] = 2;
    }

    fn move_cell(m: Move) -> Option<u32> {
        Some(m.to.index() as u32)
    }

    fn counts(&self) -> Option<[u32; 2]> {
        None
    }

    fn player(name: &str) -> Result<Box<dyn Player<Self>>, MoveError> {
        match name {
            "random" => Ok(Box::new(RandomPlayer::<HareHounds>::new())),
            "simple" => Ok(Box::new(SimpleHare::new())),
            "perfect" => Ok(Box::new(PerfectPlayer::new(solution()))),
            "learned" => Err(MoveError(
                "no learned model is loaded: load one under Hints first".into(),
            )),
            other => Err(MoveError(format!(
                "unknown player '{other}' (players: random, simple, perfect, learned)"
            ))),
        }
    }

    fn parse_position(text: &str) -> Result<Self, MoveError> {
        HareHounds::parse(text).map_err(MoveError)
    }

    fn position_text(&self) -> String {
        self.to_string()
    }

    fn parse_transcript(text: &str) -> Result<Vec<Move>, MoveError> {
        text.split_whitespace()
            .map(|t| {
                HareHounds::parse_move(t)
                    .map_err(|e| MoveError(format!("'{t}' is not a move: {e}")))
            })
            .collect()
    }

    fn transcript(moves: &[Move]) -> String {
        moves
            .iter()
            .map(|&m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn end_text(&self) -> Option<String> {
        self.end().map(|end| {
            let who = match end.winner() {
                Side::First => "The hounds win",
                Side::Second => "The hare wins",
            };
            format!("{who}: {}.", end.describe())
        })
    }
}

/// One legal move with its advice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HintMove {
    pub text: String,
    /// The loaded model's Q-value, when the model plays the side to move.
    pub q: Option<f32>,
    /// Whether the loaded model's greedy choice includes this move.
    pub greedy: bool,
    /// A best move of the exact solution (fastest win or slowest loss).
    pub perfect: bool,
    /// Whether the move keeps the position's value for the side to move.
    pub keeps_value: bool,
    /// The result after the move with perfect play: "hounds win in 21 plies".
    pub value_after: String,
}

/// Advice on a position: its value and every legal move's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HintsView {
    /// "hounds win in 23 plies" (with perfect play from here).
    pub value: String,
    pub moves: Vec<HintMove>,
    /// The loaded model: its name and side, if any.
    pub model: Option<String>,
}

fn value_text(v: Value) -> String {
    let verb = match v.winner {
        Side::First => "hounds win",
        Side::Second => "hare wins",
    };
    format!("{verb} in {} plies", v.plies)
}

/// What a Hare and Hounds session holds beyond its positions.
#[derive(Default)]
pub struct HhExtras {
    learned: Option<(String, QLearner<HareHounds>)>,
}

impl HhExtras {
    /// Loads a Q-table model file.
    pub fn set_learned(&mut self, bytes: &[u8]) -> Result<(), MoveError> {
        let model = decode(bytes).map_err(|e| MoveError(e.to_string()))?;
        let learner = QLearner::<HareHounds>::from_model(&model).map_err(MoveError)?;
        self.learned = Some((model.header.name.clone(), learner));
        Ok(())
    }

    /// The player named `name` if it needs this session's state (perfect,
    /// learned); `None` for the fixed players [`WebGame::player`] makes.
    pub fn player(
        &self,
        name: &str,
        side: Side,
    ) -> Result<Option<Box<dyn Player<HareHounds> + '_>>, MoveError> {
        match name {
            "learned" => match &self.learned {
                Some((model, l)) if l.side() == side => Ok(Some(Box::new(l.greedy()))),
                Some((model, l)) => Err(MoveError(format!(
                    "the loaded model '{model}' plays the {}, not the {}",
                    side_name(l.side()),
                    side_name(side)
                ))),
                None => Err(MoveError(
                    "no learned model is loaded: load one under Hints first".into(),
                )),
            },
            "simple" if side == Side::First => Err(MoveError(
                "the simple player is a hare strategy; the hounds cannot use it".into(),
            )),
            _ => Ok(None),
        }
    }

    /// The hints for `g`, or `None` once the game is over.
    pub fn hints(&self, g: &HareHounds) -> Option<HintsView> {
        if g.is_over() {
            return None;
        }
        let solution = solution();
        let mut best = Vec::new();
        solution.best_moves(g, &mut best);
        let side = g.to_move();
        let learner = self
            .learned
            .as_ref()
            .filter(|(_, l)| l.side() == side)
            .map(|(_, l)| l);
        let mut greedy = Vec::new();
        if let Some(l) = learner {
            l.greedy_moves(g, &mut greedy);
        }
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        let moves = legal
            .iter()
            .map(|&m| HintMove {
                text: m.to_string(),
                q: learner.map(|l| l.q_value(g, m)),
                greedy: greedy.contains(&m),
                perfect: best.contains(&m),
                keeps_value: solution.keeps_value(g, m),
                value_after: value_text(solution.value_after(g, m)),
            })
            .collect();
        Some(HintsView {
            value: value_text(solution.value(g)),
            moves,
            model: self
                .learned
                .as_ref()
                .map(|(name, l)| format!("{name} ({})", side_name(l.side()))),
        })
    }
}

/// The runs of experiment `experiment` (1–5) with base seed `seed`, as the
/// plain `RunConfig` objects that [`HhRun`] takes. `probes` (experiment 4's
/// state–action pairs, `[{position, action}]`) replace the default probes
/// when given and not empty.
pub fn preset_runs(
    experiment: u32,
    seed: u64,
    probes: Option<Vec<Probe>>,
) -> Result<Vec<RunConfig>, String> {
    let mut runs = preset(experiment, seed)?;
    if let Some(probes) = probes.filter(|p| !p.is_empty()) {
        for r in runs.iter_mut().filter(|r| !r.probes.is_empty()) {
            r.probes = probes.clone();
        }
    }
    for r in &runs {
        check_probes(&r.probes)?;
    }
    Ok(runs)
}

fn check_probes(probes: &[Probe]) -> Result<(), String> {
    for p in probes {
        let g = HareHounds::parse(&p.position)
            .map_err(|e| format!("probe position '{}': {e}", p.position))?;
        if g.to_move() != Side::First || g.is_over() {
            return Err(format!(
                "probe position '{}' must have the hounds to move and not be over",
                p.position
            ));
        }
        let m = HareHounds::parse_move(&p.action)
            .map_err(|e| format!("probe move '{}': {e}", p.action))?;
        if !g.is_legal(m) {
            return Err(format!(
                "probe move {m} is not a legal hound move in '{}'",
                p.position
            ));
        }
    }
    Ok(())
}

fn seed_from_js(seed: f64) -> Result<u64, JsError> {
    const MAX: f64 = 9_007_199_254_740_991.0;
    if seed.is_finite() && seed >= 0.0 && seed.fract() == 0.0 && seed <= MAX {
        Ok(seed as u64)
    } else {
        Err(JsError::new(&format!(
            "seed must be a whole number from 0 to 2^53-1, not {seed}"
        )))
    }
}

/// `hhPreset(experiment, seed, probes)`: the runs of one of the study's
/// experiments as plain objects (see [`preset_runs`]).
#[wasm_bindgen(js_name = hhPreset)]
pub fn hh_preset(experiment: u32, seed: f64, probes: JsValue) -> Result<JsValue, JsError> {
    let seed = seed_from_js(seed)?;
    let probes: Option<Vec<Probe>> =
        if probes.is_null() || probes.is_undefined() {
            None
        } else {
            Some(serde_wasm_bindgen::from_value(probes).map_err(|e| {
                JsError::new(&format!("probes must be [{{position, action}}]: {e}"))
            })?)
        };
    to_js(&preset_runs(experiment, seed, probes).map_err(js_error)?)
}

/// One run of an experiment, for a worker: `new HhRun(config)`, then
/// `step(games)` until `done`.
#[wasm_bindgen]
pub struct HhRun {
    run: Run,
}

#[wasm_bindgen]
impl HhRun {
    /// A run from a `RunConfig` object (as `hhPreset` gives them).
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue) -> Result<HhRun, JsError> {
        let config: RunConfig = serde_wasm_bindgen::from_value(config)
            .map_err(|e| JsError::new(&format!("not a run configuration: {e}")))?;
        check_probes(&config.probes).map_err(js_error)?;
        if config.total_games > 100_000_000 {
            return Err(JsError::new("total_games must be at most 100,000,000"));
        }
        let run = Run::new(config, Some(solution())).map_err(js_error)?;
        Ok(HhRun { run })
    }

    /// `HhRun.fromModel(bytes, games, hare, seed)`: a run that continues a
    /// hounds model saved by [`HhRun::hounds_model`] for `games` more
    /// learning games, its table, games and curve going on. `hare` is
    /// `"random"`, `"simple"` or `"perfect"`, or null for the hare the model
    /// learned against; `seed` null continues the model's saved random
    /// stream (the same table and curve as a run that never stopped), a
    /// number starts a new one.
    #[wasm_bindgen(js_name = fromModel)]
    pub fn from_model(
        bytes: &[u8],
        games: f64,
        hare: Option<String>,
        seed: Option<f64>,
    ) -> Result<HhRun, JsError> {
        if !(games.is_finite() && games >= 1.0 && games.fract() == 0.0 && games <= 100_000_000.0) {
            return Err(JsError::new(&format!(
                "the number of further games must be a whole number from 1 to 100,000,000, not {games}"
            )));
        }
        let hare = match hare.as_deref().map(str::trim) {
            None | Some("") => None,
            Some("random") => Some(HareConfig::Random),
            Some("simple") => Some(HareConfig::Simple),
            Some("perfect") => Some(HareConfig::Perfect),
            Some(other) => {
                return Err(JsError::new(&format!(
                    "unknown hare '{other}' (random, simple or perfect)"
                )))
            }
        };
        let seed = seed.map(seed_from_js).transpose()?;
        let model = decode(bytes)
            .map_err(|e| JsError::new(&format!("this is not a readable model file: {e}")))?;
        if model.header.game.name() != HareHounds::NAME {
            return Err(JsError::new(&format!(
                "this model is for {}, not Hare and Hounds",
                model.header.game.title()
            )));
        }
        let run = Run::continue_from(&model, games as u64, hare, seed, Some(solution()))
            .map_err(|e| JsError::new(&format!("this model cannot continue training: {e}")))?;
        if run.config().total_games > 1_000_000_000 {
            return Err(JsError::new(
                "the run would have more than 1,000,000,000 games in all",
            ));
        }
        Ok(HhRun { run })
    }

    /// The run's configuration (a `RunConfig` object; a continued run's
    /// `total_games` counts the saved games too).
    #[wasm_bindgen(getter)]
    pub fn config(&self) -> Result<JsValue, JsError> {
        to_js(self.run.config())
    }

    /// The curve so far (the saved curve of a continued run included).
    #[wasm_bindgen(getter)]
    pub fn curve(&self) -> Result<JsValue, JsError> {
        to_js(self.run.curve())
    }

    /// Plays up to `games` learning games (with the curve points among
    /// them); returns the new curve points.
    pub fn step(&mut self, games: u32) -> Result<JsValue, JsError> {
        let before = self.run.curve().len();
        self.run.step(u64::from(games));
        to_js(&self.run.curve()[before..])
    }

    #[wasm_bindgen(getter)]
    pub fn done(&self) -> bool {
        self.run.is_done()
    }

    /// Learning games played so far.
    #[wasm_bindgen(getter)]
    pub fn games(&self) -> f64 {
        self.run.games() as f64
    }

    /// The learned hounds as a model file named `name`, with the run's
    /// settings, curve and random state, so that it can continue training
    /// ([`HhRun::from_model`]).
    #[wasm_bindgen(js_name = houndsModel)]
    pub fn hounds_model(&self, name: &str) -> Result<Vec<u8>, JsError> {
        let model = self.run.hounds_model(name.trim()).map_err(js_error)?;
        encode(&model).map_err(js_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::GameSession;

    #[test]
    fn plays_hounds_against_the_simple_hare_to_the_end() {
        let mut s = GameSession::new("hare_hounds").unwrap();
        let st = s.state();
        assert_eq!(st.cells.len(), 11);
        assert_eq!(st.cells.iter().filter(|&&c| c == 1).count(), 3);
        assert!(st.hints.as_ref().unwrap().value.starts_with("hounds win"));
        let mut seed = 1;
        while s.state().outcome.is_none() {
            if s.state().to_move == Some(0) {
                s.ai_move("perfect", seed).unwrap();
            } else {
                s.ai_move("simple", seed).unwrap();
            }
            seed += 1;
        }
        let st = s.state();
        assert_eq!(st.outcome.as_ref().unwrap().winner, Some(0));
        assert!(st.outcome.unwrap().text.contains("trapped"));
        assert!(st.hints.is_none());
        let mut again = GameSession::new("hare_hounds").unwrap();
        again.load_transcript(&s.transcript()).unwrap();
        assert_eq!(again.state().position, st.position);
    }

    #[test]
    fn bad_input_gets_messages() {
        let mut s = GameSession::new("hare_hounds").unwrap();
        assert!(s.play("R-c").unwrap_err().0.contains("not a legal move"));
        assert!(s.play("x-y").is_err());
        assert!(s
            .ai_move("simple", 1)
            .unwrap_err()
            .0
            .contains("hare strategy"));
        assert!(s
            .ai_move("learned", 1)
            .unwrap_err()
            .0
            .contains("no learned"));
        assert!(s.set_learned(b"nonsense").is_err());
        assert!(preset_runs(9, 1, None).is_err());
        let bad = vec![Probe {
            position: "hounds=L,a,g hare=R".into(),
            action: "R-c".into(),
        }];
        assert!(preset_runs(4, 1, Some(bad)).is_err());
    }

    #[test]
    fn a_learned_model_plays_and_gives_q_values() {
        let config = preset_runs(3, 1, None).unwrap().remove(0);
        let mut run = Run::new(config, Some(solution())).unwrap();
        run.step(500);
        let model = run.hounds().to_model("h", 1).unwrap();
        let bytes = encode(&model).unwrap();
        let mut s = GameSession::new("hare_hounds").unwrap();
        s.set_learned(&bytes).unwrap();
        let hints = s.state().hints.unwrap();
        assert!(hints.moves.iter().all(|m| m.q.is_some()));
        assert!(hints.moves.iter().any(|m| m.greedy));
        s.ai_move("learned", 1).unwrap();
        assert!(s
            .ai_move("learned", 1)
            .unwrap_err()
            .0
            .contains("plays the hounds"));
        // The hounds learned against the simple hare beat it.
        let mut seed = 2;
        while s.state().outcome.is_none() {
            let p = if s.state().to_move == Some(0) {
                "learned"
            } else {
                "simple"
            };
            s.ai_move(p, seed).unwrap();
            seed += 1;
        }
        assert_eq!(s.state().outcome.unwrap().winner, Some(0));
    }
}
