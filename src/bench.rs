//! Speed measurements shared by the native CLI (`selfplay bench`) and the
//! wasm build (`benchSuite`), so that `scripts/bench.sh` compares the same
//! Rust code compiled twice. Each game lists its own measurements in its
//! entry ([`crate::plugin::GameEntry::benches`]); this module runs them all.
//!
//! Each measurement repeats its work until at least `min_seconds` have
//! passed, so that short runs are not dominated by the clock's resolution.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use web_time::Instant;

use crate::games::REGISTRY;

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

/// The names of every measurement, in the order [`suite`] runs them.
pub fn names() -> Vec<&'static str> {
    REGISTRY
        .iter()
        .flat_map(|e| e.benches())
        .map(|b| b.name)
        .chain(std::iter::once(PEAK))
        .collect()
}

/// The names of the long measurements (minutes each), which [`suite`]
/// leaves out and [`run`] runs by name.
pub fn long_names() -> Vec<&'static str> {
    REGISTRY
        .iter()
        .flat_map(|e| e.long_benches())
        .map(|b| b.name)
        .collect()
}

/// The multiply-add peak of this build ([`crate::learn::bench`]).
const PEAK: &str = "peak_multiply_adds";

/// Runs one measurement by name (of the suite or a long one).
pub fn run(name: &str, seed: u64, min_seconds: f64) -> Result<Rate, String> {
    if name == PEAK {
        return Ok(measure(PEAK, "multiply-adds", min_seconds, || {
            let rounds = 2_000_000;
            std::hint::black_box(crate::learn::bench::peak_multiply_adds(rounds));
            rounds * crate::learn::bench::PEAK_CHAINS as u64
        }));
    }
    REGISTRY
        .iter()
        .flat_map(|e| e.benches().into_iter().chain(e.long_benches()))
        .find(|b| b.name == name)
        .map(|b| (b.run)(seed, min_seconds))
        .ok_or_else(|| {
            format!(
                "unknown measurement '{name}' (measurements: {}; long: {})",
                names().join(", "),
                long_names().join(", ")
            )
        })
}

/// Every measurement of every game, then the build's multiply-add peak, each
/// for at least `min_seconds`.
pub fn suite(seed: u64, min_seconds: f64) -> Vec<Rate> {
    names()
        .into_iter()
        .map(|n| run(n, seed, min_seconds).expect("a listed measurement"))
        .collect()
}

/// Checks the arguments of a benchmark request.
pub fn check_seconds(min_seconds: f64) -> Result<(), String> {
    if min_seconds.is_finite() && min_seconds > 0.0 && min_seconds <= 600.0 {
        Ok(())
    } else {
        Err(format!(
            "seconds must be between 0 and 600, not {min_seconds}"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_measurement_counts_its_work() {
        let rates = suite(1, 0.0);
        assert_eq!(rates.len(), names().len());
        for r in &rates {
            assert!(r.count > 0 && r.per_second > 0.0, "{r:?}");
        }
        assert!(run("nothing", 1, 0.0).unwrap_err().contains("unknown"));
    }

    #[test]
    fn long_measurements_are_known_by_name_but_not_in_the_suite() {
        let long = long_names();
        assert!(!long.is_empty());
        for n in &long {
            assert!(!names().contains(n), "{n} is in the default suite");
        }
        // Known to `run` (an unknown name fails before any work).
        let e = run("nothing", 1, 0.0).unwrap_err();
        for n in &long {
            assert!(e.contains(n), "{e}");
        }
    }
}
