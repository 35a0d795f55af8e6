//! Speed measurements shared by the native CLI (`selfplay bench`) and the
//! wasm build (`benchSuite`), so that `scripts/bench.sh` compares the same
//! Rust code compiled twice. Each game lists its own measurements in its
//! entry ([`crate::plugin::GameEntry::benches`]); this module runs them all.
//!
//! Each measurement repeats its work until at least `min_seconds` have
//! passed, so that short runs are not dominated by the clock's resolution.

use crate::games::REGISTRY;
pub use crate::rate::{measure, Part, Rate};

/// The names of every measurement, in the order [`suite`] runs them.
pub fn names() -> Vec<&'static str> {
    REGISTRY
        .iter()
        .flat_map(|e| e.benches().suite)
        .map(|b| b.name)
        .chain(std::iter::once(PEAK))
        .collect()
}

/// The names of the long measurements (minutes each), which [`suite`]
/// leaves out and [`run`] runs by name.
pub fn long_names() -> Vec<&'static str> {
    REGISTRY
        .iter()
        .flat_map(|e| e.benches().long)
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
        .flat_map(|e| {
            let b = e.benches();
            b.suite.into_iter().chain(b.long)
        })
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
