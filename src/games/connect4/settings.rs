//! The players' settings: the perfect player's temperature and a learned
//! model's lookahead depth.

use serde_json::Value;

use super::rules::Position;
use crate::game::Side;
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
        u64::from(super::lookahead::MAX_LOOKAHEAD),
        0,
    )
}

/// The model player's lookahead depth in `settings` (0 if absent).
pub fn depth_setting(settings: &Value) -> Result<u8, String> {
    let max = super::lookahead::MAX_LOOKAHEAD;
    match settings.get("depth") {
        None | Some(Value::Null) => Ok(0),
        Some(v) => v
            .as_u64()
            .filter(|&d| d <= u64::from(max))
            .map(|d| d as u8)
            .ok_or_else(|| format!("depth must be a whole number from 0 to {max}, not {v}")),
    }
}

pub fn side_word(side: Side) -> &'static str {
    Position::SIDE_NAMES[side.index()]
}
