//! Values across the JavaScript boundary, converted in one place.
//!
//! * Whole-number arguments (a seed, a count, a total) arrive as a number
//!   (exact only up to 2^53 − 1), a `BigInt` or a decimal string and become a
//!   `u64` or a clear error ([`u64_from_js`]): a negative, fractional or
//!   out-of-range value is refused, never wrapped.
//! * Structured values (states, configurations, curve points, model
//!   descriptions) go through JSON values ([`json_to_js`], [`js_to_json`]): a
//!   64-bit integer beyond 2^53 − 1 becomes a `BigInt` on the way out, and a
//!   `BigInt` becomes an exact integer on the way in, so a seed of
//!   9,007,199,254,740,993 survives the trip.

use serde_json::{Number, Value};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

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

/// A JSON value as a plain JavaScript value (integers beyond 2^53 − 1 as
/// `BigInt`).
pub fn json_to_js(v: &Value) -> JsValue {
    match v {
        Value::Null => JsValue::NULL,
        Value::Bool(b) => JsValue::from_bool(*b),
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                u64_to_js(u)
            } else if let Some(i) = n.as_i64() {
                if i.unsigned_abs() <= MAX_SAFE {
                    JsValue::from_f64(i as f64)
                } else {
                    js_sys::BigInt::from(i).into()
                }
            } else {
                JsValue::from_f64(n.as_f64().unwrap_or(f64::NAN))
            }
        }
        Value::String(s) => JsValue::from_str(s),
        Value::Array(a) => a.iter().map(json_to_js).collect::<js_sys::Array>().into(),
        Value::Object(m) => {
            let o = js_sys::Object::new();
            for (k, v) in m {
                // Setting a property of a fresh plain object cannot fail.
                let _ = js_sys::Reflect::set(&o, &JsValue::from_str(k), &json_to_js(v));
            }
            o.into()
        }
    }
}

/// A plain JavaScript value as JSON (`undefined` as null, `BigInt` as an
/// exact integer); functions, symbols and non-finite numbers are refused.
pub fn js_to_json(v: &JsValue) -> Result<Value, String> {
    if v.is_null() || v.is_undefined() {
        return Ok(Value::Null);
    }
    if let Some(b) = v.as_bool() {
        return Ok(Value::Bool(b));
    }
    if let Some(x) = v.as_f64() {
        if !x.is_finite() {
            return Err(format!("{x} is not a finite number"));
        }
        if x.fract() == 0.0 && x.abs() <= MAX_SAFE as f64 {
            return Ok(Value::Number(Number::from(x as i64)));
        }
        return Number::from_f64(x)
            .map(Value::Number)
            .ok_or_else(|| format!("{x} is not a finite number"));
    }
    if v.is_bigint() {
        let text: String = js_sys::BigInt::from(v.clone())
            .to_string(10)
            .map(String::from)
            .unwrap_or_default();
        if let Ok(u) = text.parse::<u64>() {
            return Ok(Value::Number(Number::from(u)));
        }
        if let Ok(i) = text.parse::<i64>() {
            return Ok(Value::Number(Number::from(i)));
        }
        return Err(format!("{text} does not fit in 64 bits"));
    }
    if let Some(s) = v.as_string() {
        return Ok(Value::String(s));
    }
    if js_sys::Array::is_array(v) {
        let a: &js_sys::Array = v.unchecked_ref();
        return a
            .iter()
            .map(|x| js_to_json(&x))
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array);
    }
    if v.is_object() && !v.is_function() {
        let mut m = serde_json::Map::new();
        for entry in js_sys::Object::entries(v.unchecked_ref()).iter() {
            let pair: js_sys::Array = entry.unchecked_into();
            let key = pair.get(0).as_string().unwrap_or_default();
            let value = js_to_json(&pair.get(1)).map_err(|e| format!("{key}: {e}"))?;
            m.insert(key, value);
        }
        return Ok(Value::Object(m));
    }
    Err(format!(
        "a {} cannot be read as data",
        v.js_typeof().as_string().unwrap_or_default()
    ))
}
