//! The rules benchmark in wasm: the same measurements as `selfplay bench`
//! ([`crate::bench`]), for `scripts/bench.sh` to compare with native.

use wasm_bindgen::prelude::*;

use super::to_js;
use crate::bench::rules_suite;

/// Runs [`rules_suite`]: an array of `{ name, unit, count, seconds,
/// per_second }`, each measured for at least `min_seconds`.
#[wasm_bindgen(js_name = benchRules)]
pub fn bench_rules(seed: f64, min_seconds: f64) -> Result<JsValue, JsError> {
    if !(seed.is_finite() && seed >= 0.0 && seed.fract() == 0.0 && seed <= 2f64.powi(53)) {
        return Err(JsError::new("seed must be a whole number from 0 to 2^53"));
    }
    if !(min_seconds.is_finite() && min_seconds > 0.0 && min_seconds <= 600.0) {
        return Err(JsError::new("seconds must be between 0 and 600"));
    }
    to_js(&rules_suite(seed as u64, min_seconds))
}
