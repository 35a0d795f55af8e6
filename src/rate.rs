//! A speed measurement: work repeated until at least a given time has
//! passed, counted, and reported as a rate. Games measure themselves with
//! it ([`crate::plugin::Bench`]); [`crate::bench`] runs every game's.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use web_time::Instant;

/// One measured rate: `count` `unit`s in `seconds`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Rate {
    /// A stable key, the same natively and in wasm (`othello_perft_9`, …).
    pub name: String,
    /// What was counted: `leaves`, `games`, `solves`.
    pub unit: String,
    pub count: u64,
    pub seconds: f64,
    pub per_second: f64,
    /// Further rates of the same run, by name (multiply-adds per second, …).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub detail: BTreeMap<String, f64>,
    /// The parts of the work, each timed on its own (the positions of a
    /// benchmark set), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<Part>,
}

/// One timed part of a measurement: `count` units in `seconds`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Part {
    /// What the part is (`FFO #40`).
    pub name: String,
    pub count: u64,
    pub seconds: f64,
    pub per_second: f64,
    /// What the part found, in words, by name and in order (the score and
    /// move of a solve): the same natively and in wasm.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub facts: Vec<(String, String)>,
}

/// Repeats `work` (which returns how many units it did) until `min_seconds`
/// have passed, at least once.
pub fn measure(name: &str, unit: &str, min_seconds: f64, mut work: impl FnMut() -> u64) -> Rate {
    let start = Instant::now();
    let mut count = 0u64;
    loop {
        count += work();
        let seconds = start.elapsed().as_secs_f64();
        if seconds >= min_seconds {
            return Rate {
                name: name.to_string(),
                unit: unit.to_string(),
                count,
                seconds,
                per_second: count as f64 / seconds.max(1e-9),
                detail: BTreeMap::new(),
                parts: Vec::new(),
            };
        }
    }
}
