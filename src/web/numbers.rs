//! Whole numbers from JavaScript, checked once for every API: a seed, a
//! count or a total arrives as a number (exact only up to 2^53 − 1), a
//! `BigInt` or a decimal string, and becomes a `u64` or a clear error. A
//! negative, fractional or out-of-range value is refused, never wrapped.

use wasm_bindgen::prelude::*;

/// The largest whole number a JavaScript number holds exactly.
pub const MAX_SAFE: u64 = (1 << 53) - 1;

/// Reads a whole number from 0 to `max` for the argument `what`.
pub fn u64_from_js(value: &JsValue, what: &str, max: u64) -> Result<u64, JsError> {
    let n = if let Some(x) = value.as_f64() {
        if !(x.is_finite() && x >= 0.0 && x.fract() == 0.0 && x <= MAX_SAFE as f64) {
            return Err(JsError::new(&format!(
                "{what} must be a whole number from 0 to {max}, not {x} (numbers above 2^53 − 1 are passed as BigInt or text)"
            )));
        }
        x as u64
    } else if value.is_bigint() {
        let text: String = js_sys::BigInt::from(value.clone())
            .to_string(10)
            .map(String::from)
            .unwrap_or_default();
        parse(&text, what, max)?
    } else if let Some(text) = value.as_string() {
        parse(text.trim(), what, max)?
    } else {
        return Err(JsError::new(&format!(
            "{what} must be a whole number (a number, BigInt or text), not {}",
            value.js_typeof().as_string().unwrap_or_default()
        )));
    };
    if n > max {
        return Err(JsError::new(&format!(
            "{what} must be a whole number from 0 to {max}, not {n}"
        )));
    }
    Ok(n)
}

fn parse(text: &str, what: &str, max: u64) -> Result<u64, JsError> {
    text.parse::<u64>().map_err(|_| {
        JsError::new(&format!(
            "{what} must be a whole number from 0 to {max}, not {text:?}"
        ))
    })
}

/// A `u64` for JavaScript: a number when exact, else a `BigInt`.
pub fn u64_to_js(n: u64) -> JsValue {
    if n <= MAX_SAFE {
        JsValue::from_f64(n as f64)
    } else {
        js_sys::BigInt::from(n).into()
    }
}
