//! The players' settings: the perfect player's temperature, a learned
//! model's lookahead depth, and the model player built from them.

use serde_json::Value;

use super::learners::q_table::{LearnerSide, RunConfig, RUN_KEY};
use super::lookahead::{LookaheadPlayer, PLAIN_REWARDS};
use super::rules::Position;
use crate::game::Side;
use crate::learn::q_table::QLearner;
use crate::model::Model;
use crate::plugin::{FieldSpec, Playable};

pub(super) fn temperature(settings: &Value) -> Result<f64, String> {
    match settings.get("temperature") {
        None | Some(Value::Null) => Ok(0.0),
        Some(v) => v
            .as_f64()
            .filter(|t| t.is_finite() && (0.0..=100.0).contains(t))
            .ok_or_else(|| format!("temperature must be a number from 0 to 100, not {v}")),
    }
}

/// The model player's lookahead setting.
pub(super) fn depth_field() -> FieldSpec {
    FieldSpec::int(
        "depth",
        "Look ahead (moves)",
        "0 plays the table's best column. 1 also sees a win in one move; 2 also sees the opponent's win in reply and blocks it; more looks further. Finished games count exactly, the rest is scored from the table.",
        0,
        u64::from(super::learners::q_table::MAX_LOOKAHEAD),
        0,
    )
}

/// The model player's lookahead depth in `settings` (0 if absent).
pub fn depth_setting(settings: &Value) -> Result<u8, String> {
    let max = super::learners::q_table::MAX_LOOKAHEAD;
    match settings.get("depth") {
        None | Some(Value::Null) => Ok(0),
        Some(v) => v
            .as_u64()
            .filter(|&d| d <= u64::from(max))
            .map(|d| d as u8)
            .ok_or_else(|| format!("depth must be a whole number from 0 to {max}, not {v}")),
    }
}

/// The run settings a model was trained with, if it carries them.
pub fn run_of(model: &Model) -> Option<RunConfig> {
    model
        .header
        .hyper
        .get(RUN_KEY)
        .and_then(|v| serde_json::from_value(v.clone()).ok())
}

/// A model's table as a player with a lookahead of `depth` plies; it plays
/// the side it learned (both if it learned both in turn).
pub fn model_player(model: &Model, depth: u8) -> Result<(LookaheadPlayer, Option<Side>), String> {
    let learner = QLearner::<Position>::from_model(model)?;
    let run = run_of(model);
    let side = match &run {
        Some(r) if r.side == LearnerSide::Alternate => None,
        _ => Some(learner.side()),
    };
    let rewards = run.map_or(PLAIN_REWARDS, |r| r.rewards);
    Ok((
        LookaheadPlayer {
            learner,
            rewards,
            depth,
        },
        side,
    ))
}

pub(super) fn side_word(side: Side) -> &'static str {
    Position::SIDE_NAMES[side.index()]
}
