//! The n-tuple network's run settings and presets, its model files read
//! back and played, and its kind of run as the game lists it ([`run`] is
//! the learner itself, in the page's learners' module).
//!
//! The target of the last afterstate of a game is its result for the side
//! that made it: +1 a win, 0 a draw, −1 a loss (`result`), or the final
//! disc difference ÷ 64 (`margin`, empty squares to the winner).
//! With `exact` set, every afterstate in the last `exact` empty squares
//! learns toward its exact value instead (the endgame solver's score, as a
//! result or a margin), and the afterstate before that region bootstraps
//! from it.

pub mod run;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::eval::{win_rates, EvalPoint};
use crate::game::Game;
use crate::games::othello::levels;
use crate::games::othello::rules::Board;
use crate::games::othello::tuples::{PatternSet, TupleNet};
use crate::model::{Algorithm, Model};
use crate::plugin::{
    ChartSpec, Choice, DynAgent, FieldSpec, LearnerKind, ModelUse, Playable, PresetInfo,
    RunKindInfo, TypedAgent,
};

pub use run::{NTupleLearner, NTupleRun};

/// The kind of run of the n-tuple network.
pub const NTUPLE: &str = "ntuple";

/// What the last afterstate of a game learns toward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Target {
    /// +1 a win, 0 a draw, −1 a loss.
    Result,
    /// The final disc difference ÷ 64.
    Margin,
}

/// What an afterstate learns toward from the next decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bootstrap {
    /// The value of the afterstate of the move played next (TD(0) on the
    /// moves played, exploring ones too).
    #[default]
    Played,
    /// The value of the best move at the next decision (the largest value
    /// it chose from), whatever move was played.
    Best,
}

/// The settings of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NTupleConfig {
    pub patterns: PatternSet,
    /// Copies of the tables, one per part of the game.
    pub phases: usize,
    /// Whether a position between two parts reads both copies, blended.
    pub blend: bool,
    /// Learning games in all.
    pub games: u64,
    /// Step size, divided by the number of tuples.
    pub alpha: f64,
    /// The step size at the end of the run, reached in a straight line
    /// from `alpha` over its games (`None`: `alpha` throughout).
    pub alpha_end: Option<f64>,
    /// TD(λ): 0 learns from the next afterstate only, 1 from the result.
    pub lambda: f64,
    /// The chance of a random move instead of the best one.
    pub epsilon: f64,
    /// Random moves at the start of every learning game.
    pub opening: u32,
    pub target: Target,
    /// What an afterstate learns toward from the next decision.
    pub bootstrap: Bootstrap,
    /// Plies the learning games look ahead: 1 values each move by its
    /// afterstate; 2 by the opponent's best reply to it (then each
    /// afterstate learns toward the best such value at the next decision).
    pub lookahead: u32,
    /// Exact values as targets in the last this many empty squares (0:
    /// none).
    pub exact: u32,
    /// A curve point every this many games (and at 0 and at the end).
    pub eval_every: u64,
    /// Games per opponent at a curve point, half as black.
    pub eval_games: u32,
    pub seed: u64,
}

impl Default for NTupleConfig {
    fn default() -> Self {
        NTupleConfig {
            patterns: PatternSet::Lines3,
            phases: 4,
            blend: false,
            games: 20_000,
            alpha: 0.2,
            alpha_end: None,
            lambda: 0.0,
            epsilon: 0.1,
            opening: 4,
            target: Target::Result,
            bootstrap: Bootstrap::Played,
            lookahead: 1,
            exact: 0,
            eval_every: 1_000,
            eval_games: 200,
            seed: 1,
        }
    }
}

/// The largest number of phases.
pub const MAX_PHASES: usize = 30;

/// The most empty squares solved exactly for targets.
pub const MAX_EXACT: u32 = 16;

impl NTupleConfig {
    /// The step size after `games` games.
    pub fn alpha_at(&self, games: u64) -> f64 {
        match self.alpha_end {
            None => self.alpha,
            Some(end) => {
                let t = (games as f64 / self.games.max(1) as f64).min(1.0);
                self.alpha + (end - self.alpha) * t
            }
        }
    }

    /// The learning rule in words: "TD(0)" or "TD(λ 0.3)".
    pub fn td_name(&self) -> String {
        if self.lambda > 0.0 {
            format!("TD(λ {})", self.lambda)
        } else {
            "TD(0)".into()
        }
    }

    pub fn validate(&self) -> Result<(), String> {
        if !(1..=MAX_PHASES).contains(&self.phases) {
            return Err(format!(
                "phases must be 1 to {MAX_PHASES}, not {}",
                self.phases
            ));
        }
        for a in std::iter::once(self.alpha).chain(self.alpha_end) {
            if !(a > 0.0 && a <= 10.0) {
                return Err(format!(
                    "α must be above 0 and at most 10, not {}",
                    crate::words::number(a)
                ));
            }
        }
        for (name, v) in [("λ", self.lambda), ("ε", self.epsilon)] {
            if !(0.0..=1.0).contains(&v) {
                return Err(format!(
                    "{name} must be from 0 to 1, not {}",
                    crate::words::number(v)
                ));
            }
        }
        if !(1..=2).contains(&self.lookahead) {
            return Err(format!(
                "the learning games look 1 or 2 plies ahead, not {}",
                self.lookahead
            ));
        }
        if self.exact > MAX_EXACT {
            return Err(format!(
                "exact targets in at most the last {MAX_EXACT} empty squares, not {}",
                self.exact
            ));
        }
        if self.opening > 30 {
            return Err(format!(
                "random opening moves must be at most 30, not {}",
                self.opening
            ));
        }
        if !(1..=100_000_000).contains(&self.games) {
            return Err(format!(
                "games must be 1 to 100,000,000, not {}",
                self.games
            ));
        }
        if self.eval_every == 0 {
            return Err("a curve point every 0 games: give at least 1".into());
        }
        if !(2..=100_000).contains(&self.eval_games) {
            return Err(format!(
                "evaluation games must be 2 to 100,000, not {}",
                self.eval_games
            ));
        }
        Ok(())
    }
}

/// The presets: (id, name, sentence, settings).
pub fn presets() -> Vec<(&'static str, &'static str, &'static str, NTupleConfig)> {
    let fast = NTupleConfig::default();
    let classic = NTupleConfig {
        patterns: PatternSet::Classic,
        alpha: 0.5,
        games: 100_000,
        eval_every: 5_000,
        ..fast.clone()
    };
    vec![
        (
            "fast",
            "Lines of three — a first demo",
            "Every straight line of three squares, one small table each (for each quarter of the game): beats MSB most of the time within seconds.",
            fast,
        ),
        (
            "classic",
            "Classic shapes, four phases",
            "The corner, edge and diagonal shapes of strong Othello programs, separate tables for each quarter of the game (432,864 weights), 100,000 games of TD(0).",
            classic.clone(),
        ),
        (
            "classic-lambda",
            "Classic shapes, TD(λ = 0.3)",
            "As classic, each position learning from the rest of its game too, the later positions weighing less.",
            NTupleConfig {
                lambda: 0.3,
                ..classic.clone()
            },
        ),
        (
            "blended",
            "Classic shapes, blended phases",
            "As classic, a position between two parts of the game reading both parts' tables, with α 0.2 for 500,000 games (about a minute): at one move ahead it beats the study's search looking four moves ahead, as the 2-million-game run does, in a quarter of the games.",
            NTupleConfig {
                blend: true,
                alpha: 0.2,
                games: 500_000,
                eval_every: 25_000,
                ..classic.clone()
            },
        ),
        (
            "strong",
            "Classic shapes, 2 million games",
            "As classic with smaller steps (α 0.05) for 2,000,000 games: at one move ahead it beats the study's search looking four moves ahead.",
            NTupleConfig {
                alpha: 0.05,
                games: 2_000_000,
                eval_every: 100_000,
                ..classic.clone()
            },
        ),
        (
            "logistello",
            "Logistello's shapes, 8 blended phases, 2 million games",
            "The shapes of Michael Buro's Logistello (the classic ones and a 2×5 corner block), a set of tables for each eighth of the game, blended, learning the final disc margin, α 0.05 for 2,000,000 games: the page's strongest network.",
            NTupleConfig {
                patterns: PatternSet::Logistello,
                phases: 8,
                blend: true,
                target: Target::Margin,
                alpha: 0.05,
                games: 2_000_000,
                eval_every: 100_000,
                ..classic
            },
        ),
    ]
}

/// A preset's settings.
pub fn preset(id: &str) -> Option<NTupleConfig> {
    presets().into_iter().find(|p| p.0 == id).map(|p| p.3)
}

/// The model's encoding: the pattern set.
pub(super) fn encoding(set: PatternSet) -> String {
    format!("othello-ntuple-{}", set.name())
}

/// The steps of the largest weight in a model file: 11 bits with the sign.
/// Finer steps change no move that matters (a network's value is a sum of a
/// few dozen weights, each off by at most half a step, a thousandth of the
/// largest) and make the file larger: the low bits of the weights hardly
/// deflate (the `logistello` network's file: 0.73 MB at 1,023 steps, 1.18 MB at
/// 32,767).
pub const STEPS: f32 = 1_023.0;

/// Weights as 16-bit integers and a scale: w ≈ q · scale, the largest
/// weight ±[`STEPS`].
pub fn quantise(w: &[f32]) -> (Vec<i16>, f32) {
    let top = w.iter().fold(0.0f32, |m, x| m.max(x.abs()));
    let scale = if top > 0.0 { top / STEPS } else { 1.0 };
    let q = w.iter().map(|x| (x / scale).round() as i16).collect();
    (q, scale)
}

/// The settings and network of an n-tuple model, checked.
pub fn read_model(model: &Model) -> Result<(NTupleConfig, TupleNet), String> {
    let h = &model.header;
    if h.game.name() != Board::NAME {
        return Err(format!("the model is for {}, not Othello", h.game.name()));
    }
    if h.algorithm != Algorithm::NTuple {
        return Err(format!(
            "not an n-tuple network of Othello ({})",
            h.algorithm.name()
        ));
    }
    let config: NTupleConfig = match h.hyper.get("run") {
        Some(v) => {
            serde_json::from_value(v.clone()).map_err(|e| format!("bad run settings: {e}"))?
        }
        None => return Err("the model has no run settings".into()),
    };
    config.validate()?;
    if h.encoding != encoding(config.patterns) {
        return Err(format!(
            "the encoding '{}' does not match the pattern set '{}'",
            h.encoding,
            config.patterns.name()
        ));
    }
    model.only_arrays(|n| ["w", "wq", "scale", "rng"].contains(&n))?;
    let per_phase = crate::games::othello::tuples::Layout::new(config.patterns).per_phase();
    let shape = [config.phases, per_phase];
    let w = if model.array("w").is_some() {
        model
            .values_shaped::<f32>("w", &shape)
            .map_err(|e| e.to_string())?
            .to_vec()
    } else {
        let q = model
            .values_shaped::<i16>("wq", &shape)
            .map_err(|e| e.to_string())?;
        let scale = model
            .values_shaped::<f32>("scale", &[1])
            .map_err(|e| e.to_string())?[0];
        if !(scale.is_finite() && scale > 0.0) {
            return Err(format!(
                "the weights' scale {scale} is not a positive number"
            ));
        }
        q.iter().map(|&v| f32::from(v) * scale).collect()
    };
    let net = TupleNet::from_weights(config.patterns, config.phases, w)?.blended(config.blend);
    Ok((config, net))
}

/// The kind of run as the game lists it.
pub struct NTupleKind;

impl LearnerKind for NTupleKind {
    type Learner = NTupleLearner;

    /// The kind's description: its settings, presets and charts.
    fn info(&self) -> RunKindInfo {
        let ntuple_presets = presets;
        let d = NTupleConfig::default();
        RunKindInfo {
            title: "An n-tuple network learning by self-play (TD)".into(),
            about: "The network looks at small groups of squares (lines, corners, edges) and keeps, \
                    for every way each group can be filled, a number; the position's value is the \
                    sum of the numbers of all its groups. It plays itself, always to the position \
                    it values most (now and then at random), and after each game every position \
                    it played moves toward what came after it, the last toward the result."
                .into(),
            fields: vec![
                FieldSpec::choice(
                    "patterns",
                    "Groups of squares",
                    "Lines of three: every straight line of three squares, small and quick to learn. \
                     Classic: the corner, edge and diagonal shapes strong programs use, 108,216 numbers, slower to learn and stronger. \
                     Logistello: the classic shapes and a 2×5 block at each corner, 167,265 numbers. \
                     Wide: Logistello's and a triangle of ten squares at each corner, 226,314 numbers.",
                    vec![
                        Choice::new("lines3", "Lines of three"),
                        Choice::new("classic", "Classic shapes"),
                        Choice::new("logistello", "Logistello's shapes"),
                        Choice::new("wide", "Logistello's and corner triangles"),
                    ],
                ),
                FieldSpec::int(
                    "phases",
                    "Phases",
                    "Separate numbers for each part of the game (1: the same all game).",
                    1,
                    MAX_PHASES as u64,
                    d.phases as u64,
                ),
                FieldSpec::boolean(
                    "blend",
                    "Blend the phases",
                    "A position between two parts of the game uses both parts' numbers, each by how near it is, so its value changes smoothly from move to move.",
                    d.blend,
                ),
                FieldSpec::int("games", "Learning games", "How many games it learns from.", 1, 100_000_000, d.games),
                FieldSpec::float(
                    "alpha",
                    "Step size α",
                    "How far a value moves toward its target after a game (divided by the number of groups).",
                    (0.001, 10.0),
                    0.01,
                    d.alpha,
                ),
                FieldSpec::float(
                    "lambda",
                    "λ of TD(λ)",
                    "0: each position learns from the next one only (TD(0)); 1: from the game's result; between, from both.",
                    (0.0, 1.0),
                    0.1,
                    d.lambda,
                ),
                FieldSpec::float(
                    "epsilon",
                    "Exploration ε",
                    "The chance of a random move instead of the best one.",
                    (0.0, 1.0),
                    0.01,
                    d.epsilon,
                ),
                FieldSpec::int(
                    "opening",
                    "Random opening moves",
                    "Random moves at the start of every learning game, so that it sees many openings.",
                    0,
                    30,
                    u64::from(d.opening),
                ),
                FieldSpec::choice(
                    "target",
                    "Learns toward",
                    "Result: +1 a win, 0 a draw, −1 a loss. Margin: the final disc difference ÷ 64.",
                    vec![
                        Choice::new("result", "Win, draw or loss"),
                        Choice::new("margin", "Disc difference"),
                    ],
                ),
                FieldSpec::int(
                    "exact",
                    "Perfect endgame targets (empty squares)",
                    "In the last this many empty squares each position learns its true value, worked out by the perfect endgame solver, instead of a guess (0: never). Above about 12 it slows learning down a lot.",
                    0,
                    u64::from(MAX_EXACT),
                    u64::from(d.exact),
                ),
                FieldSpec::int("eval_every", "Curve point every (games)", "Learning games between two measurements.", 1, run::MAX_NEW_EVAL_EVERY, d.eval_every),
                FieldSpec::int(
                    "eval_games",
                    "Evaluation games per opponent",
                    "Games against each of random, MVB and MSB at a curve point, half as black.",
                    2,
                    100_000,
                    u64::from(d.eval_games),
                ),
                FieldSpec::int("seed", "Seed", "The same seed gives the same run.", 0, 1 << 53, d.seed),
            ],
            presets: ntuple_presets()
                .into_iter()
                .map(|(id, name, sentence, _)| PresetInfo {
                    id: id.into(),
                    name: name.into(),
                    sentence: sentence.into(),
                    group: "beyond".into(),
                    runs: 1,
                })
                .collect(),
            charts: vec![ChartSpec::new(
                "win",
                "Win rate of the network (solid as black, dashed as white)",
                "win %",
                Some([0.0, 100.0]),
            )],
            snapshots: vec![1_000, 10_000, 100_000],
            ..RunKindInfo::default()
        }
    }

    fn presets(&self, id: &str, seed: u64) -> Result<Vec<NTupleConfig>, String> {
        let c =
            preset(id).ok_or_else(|| crate::plugin::unknown_preset(Board::TITLE, NTUPLE, id))?;
        Ok(vec![NTupleConfig { seed, ..c }])
    }

    fn describe(&self, model: &Model) -> Result<ModelUse, String> {
        let (c, _) = read_model(model)?;
        let curve: Vec<EvalPoint> = serde_json::from_value(model.header.curve.clone())
            .map_err(|e| format!("bad curve: {e}"))?;
        let lambda = c.td_name();
        Ok(ModelUse {
            summary: format!(
                "n-tuple network · {} · {} phase(s) · {lambda} · {} games",
                c.patterns.name(),
                c.phases,
                model.header.games_trained
            ),
            win_rates: win_rates(&curve),
            plays: true,
            side: None,
            continues_as: Some(NTUPLE.into()),
            weights: false,
        })
    }

    /// The network at the level its settings give (see [`levels`]).
    fn player(&self, model: &Model, settings: &Value) -> Result<Box<dyn DynAgent>, String> {
        let (_, net) = read_model(model)?;
        Ok(TypedAgent::new(levels::player(net, settings)?).boxed())
    }
}
