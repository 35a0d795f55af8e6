//! Values across the JavaScript boundary, converted in one place with
//! serde-wasm-bindgen: Rust values become plain JavaScript objects directly
//! (no JSON text or JSON tree in between), and plain objects from JavaScript
//! are read into Rust types. Their TypeScript types are generated from the
//! same Rust types (tsify's `#[derive(Tsify)]`) into `pkg/selfplay.d.ts`.
//!
//! # One type for each field
//! Every value has one JavaScript type, whatever its size:
//!
//! * **Seeds are always `BigInt`** (`bigint` in TypeScript), from 0 to
//!   2^64 − 1: the arguments `seed` of `Session.aiMove`, `Agent.think`,
//!   `presetRuns`, `benchRun` and `benchSuite` ([`seed_from_js`]), and the
//!   `seed` of a model's description (`inspectModel`). A seed is any 64-bit
//!   pattern (the CLI takes any `u64`, and model files record it), so only a
//!   `BigInt` carries every one exactly; a number is refused, even a small
//!   one, so that a page cannot pass seeds that silently lose their low bits.
//! * **Counts are always JS numbers**, whole and from 0 to 2^53 − 1 (or a
//!   smaller maximum the argument names): games played and planned, nodes,
//!   curve positions, move numbers, sample sizes ([`count_from_js`] on the
//!   way in; on the way out a count beyond 2^53 − 1 is an error, never a
//!   rounded number). A count never comes near 2^53 (a million games a
//!   second for 285 years), and the page does arithmetic and draws charts
//!   with them, which `BigInt` would make awkward everywhere.
//! * **Settings objects** (a run's configuration, a player's settings, a
//!   model's hyper-parameters) are the learners' own JSON objects. Their
//!   field `seed` is a seed, so it is a `BigInt` on the way out
//!   ([`SettingsOut`]); every other number is a JS number, whole ones exact
//!   up to 2^53 − 1 (a larger one is an error that names it). On the way in
//!   ([`settings_from_js`]) a `NaN` or infinite number is refused; a `BigInt`
//!   is read as the whole number it is, and a whole number up to 2^53 − 1 is
//!   taken too, because a settings form's number field gives one (the page
//!   passes the objects it was given back with their `BigInt` seeds).
//! * `Option::None` is `null`, maps are plain objects.
//!
//! Bad values from JavaScript (a wrong type, out of range, `NaN`) give a
//! `JsError` whose message names the argument; nothing here panics.

use js_sys::BigInt;
use serde::de::{self, DeserializeOwned, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Serialize;
use serde_json::Value;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

/// The largest whole number a JavaScript number holds exactly, 2^53 − 1.
pub const MAX_SAFE: u64 = (1 << 53) - 1;

/// The serializer of every value for JavaScript: `None` as `null`, maps as
/// plain objects, 64-bit integers as numbers (an error beyond 2^53 − 1).
const SERIALIZER: serde_wasm_bindgen::Serializer = serde_wasm_bindgen::Serializer::new()
    .serialize_missing_as_null(true)
    .serialize_maps_as_objects(true)
    .serialize_large_number_types_as_bigints(false);

/// A Rust value as a plain JavaScript value.
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&SERIALIZER)
        .map_err(|e| JsError::new(&format!("cannot convert a value for JavaScript: {e}")))
}

/// A Rust value as a plain JavaScript value of its generated TypeScript
/// type.
pub fn to_ts<T: Tsify + Serialize>(value: &T) -> Result<Ts<T>, JsError> {
    to_js(value).map(Ts::new_unchecked)
}

/// Reads a plain JavaScript value as `T`; `what` says what it should be
/// (the start of the error's message).
pub fn from_js<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&format!("{what}: {e}")))
}

/// The type of a JavaScript value in words, for error messages.
fn type_of(value: &JsValue) -> String {
    if value.is_null() {
        "null".into()
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}

/// Reads a seed: a `BigInt` from 0 to 2^64 − 1. A number is refused (with
/// a message that says how to pass it), so that no seed loses bits.
pub fn seed_from_js(value: &JsValue, what: &str) -> Result<u64, JsError> {
    if !value.is_bigint() {
        let shown = match value.as_f64() {
            Some(x) => format!("the number {x}"),
            None => format!("a {}", type_of(value)),
        };
        return Err(JsError::new(&format!(
            "{what} must be a BigInt from 0 to 2^64 − 1 (write 7n or BigInt(7)), not {shown}"
        )));
    }
    let big = BigInt::unchecked_from_js(value.clone());
    u64::try_from(big.clone()).map_err(|_| {
        let text: String = big.to_string(10).map(String::from).unwrap_or_default();
        JsError::new(&format!(
            "{what} must be a BigInt from 0 to 2^64 − 1, not {text}"
        ))
    })
}

/// A seed for JavaScript: always a `BigInt`.
pub fn seed_to_js(seed: u64) -> JsValue {
    BigInt::from(seed).into()
}

/// Reads a count: a JS number, whole, from 0 to `max` (at most 2^53 − 1).
/// A `BigInt`, a string, `NaN` or a fraction is refused.
pub fn count_from_js(value: &JsValue, what: &str, max: u64) -> Result<u64, JsError> {
    let Some(x) = value.as_f64() else {
        return Err(JsError::new(&format!(
            "{what} must be a number (a whole number from 0 to {}), not a {}",
            max.min(MAX_SAFE),
            type_of(value)
        )));
    };
    count_from_f64(x, what, max)
}

/// Checks a count read as a JS number: whole, from 0 to `max` (at most
/// 2^53 − 1).
pub fn count_from_f64(x: f64, what: &str, max: u64) -> Result<u64, JsError> {
    let max = max.min(MAX_SAFE);
    if !(x.is_finite() && x >= 0.0 && x.fract() == 0.0 && x <= max as f64) {
        return Err(JsError::new(&format!(
            "{what} must be a whole number from 0 to {max}, not {x}"
        )));
    }
    Ok(x as u64)
}

/// A count for JavaScript: always a number (an error beyond 2^53 − 1).
pub fn count_to_js(n: u64, what: &str) -> Result<f64, JsError> {
    if n > MAX_SAFE {
        return Err(JsError::new(&format!(
            "{what} ({n}) is beyond 2^53 − 1, the largest count a JavaScript number holds exactly"
        )));
    }
    Ok(n as f64)
}

/// Reads a settings object (or any plain data) as JSON: `undefined` and
/// `null` as null, `BigInt`s as exact whole numbers; `NaN` and infinities
/// are refused, as are functions and symbols.
pub fn settings_from_js(value: JsValue, what: &str) -> Result<Value, JsError> {
    if value.is_function() || value.is_symbol() {
        return Err(JsError::new(&format!(
            "{what}: a {} cannot be read as data",
            type_of(&value)
        )));
    }
    from_js::<Settings>(value, what).map(|f| f.0)
}

/// A settings object read from JavaScript: a JSON value whose numbers are
/// all finite (serde_json's own reader would turn `NaN` into null without a
/// word).
pub struct Settings(pub Value);

impl<'de> de::Deserialize<'de> for Settings {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Settings, D::Error> {
        d.deserialize_any(FiniteVisitor).map(Settings)
    }
}

struct FiniteVisitor;

impl<'de> Visitor<'de> for FiniteVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("plain data (objects, arrays, strings, finite numbers, booleans, null)")
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::from(n))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::from(n))
    }

    fn visit_f64<E: de::Error>(self, x: f64) -> Result<Value, E> {
        serde_json::Number::from_f64(x)
            .map(Value::Number)
            .ok_or_else(|| E::custom(format!("{x} is not a finite number")))
    }

    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_string()))
    }

    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(Settings(v)) = seq.next_element()? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut m = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let Settings(v) = map
                .next_value()
                .map_err(|e| de::Error::custom(format!("{key}: {e}")))?;
            m.insert(key, v);
        }
        Ok(Value::Object(m))
    }
}

/// A settings object for JavaScript: its `seed` fields (at any depth) as
/// `BigInt`, every other number as a JS number.
pub struct SettingsOut<'a>(pub &'a Value);

impl Serialize for SettingsOut<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self.0 {
            Value::Object(m) => {
                let mut map = s.serialize_map(Some(m.len()))?;
                for (k, v) in m {
                    match (k.as_str(), v.as_u64()) {
                        ("seed", Some(seed)) => {
                            map.serialize_entry(k, &SeedOut(seed))?;
                        }
                        // An error names the field (and its parents, one per level).
                        _ => map
                            .serialize_entry(k, &SettingsOut(v))
                            .map_err(|e| serde::ser::Error::custom(format_args!("{k}: {e}")))?,
                    }
                }
                map.end()
            }
            Value::Array(a) => {
                let mut seq = s.serialize_seq(Some(a.len()))?;
                for v in a {
                    seq.serialize_element(&SettingsOut(v))?;
                }
                seq.end()
            }
            other => other.serialize(s),
        }
    }
}

/// A seed inside a value for JavaScript: a `BigInt`.
struct SeedOut(u64);

impl Serialize for SeedOut {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_seed(&self.0, s)
    }
}

/// Serializes a seed inside a value for JavaScript as a `BigInt`
/// (`#[serde(serialize_with = "…")]` with `#[tsify(type = "bigint")]`).
pub fn serialize_seed<S: serde::Serializer>(seed: &u64, s: S) -> Result<S::Ok, S::Error> {
    serde_wasm_bindgen::preserve::serialize(&seed_to_js(*seed), s)
}
