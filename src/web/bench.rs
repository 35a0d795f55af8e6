//! The benchmarks in wasm: the same measurements as `selfplay bench`
//! ([`crate::bench`]), for `scripts/bench.sh` to compare with native. Only
//! in a build with the feature `benchmarks` (on by default; the page's
//! modules are built without it).

use wasm_bindgen::prelude::*;

use super::boundary::{seed_from_js, to_js};
use super::js_error;
use crate::bench;

/// The names of every measurement.
#[wasm_bindgen(js_name = benchNames, unchecked_return_type = "string[]")]
pub fn bench_names() -> Result<JsValue, JsError> {
    to_js(&bench::names())
}

/// The names of the long measurements (minutes each), which `benchSuite`
/// leaves out; `benchRun` runs them by name.
#[wasm_bindgen(js_name = benchLongNames, unchecked_return_type = "string[]")]
pub fn bench_long_names() -> Result<JsValue, JsError> {
    to_js(&bench::long_names())
}

/// Runs one measurement (of the suite or a long one) for at least
/// `min_seconds`: `{ name, unit, count, seconds, per_second, detail?,
/// parts? }`, a part being `{ name, count, seconds, per_second, facts? }`
/// with `facts` a list of `[name, value]` pairs. `seed` is a `BigInt`.
#[wasm_bindgen(js_name = benchRun)]
pub fn bench_run(
    name: &str,
    #[wasm_bindgen(unchecked_param_type = "bigint")] seed: JsValue,
    min_seconds: f64,
) -> Result<JsValue, JsError> {
    let seed = seed_from_js(&seed, "seed")?;
    bench::check_seconds(min_seconds).map_err(js_error)?;
    to_js(&bench::run(name, seed, min_seconds).map_err(js_error)?)
}

/// Runs every measurement, each for at least `min_seconds`.
#[wasm_bindgen(js_name = benchSuite)]
pub fn bench_suite(
    #[wasm_bindgen(unchecked_param_type = "bigint")] seed: JsValue,
    min_seconds: f64,
) -> Result<JsValue, JsError> {
    let seed = seed_from_js(&seed, "seed")?;
    bench::check_seconds(min_seconds).map_err(js_error)?;
    to_js(&bench::suite(seed, min_seconds))
}
