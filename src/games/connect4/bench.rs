//! Speed measurements of Connect Four: the solver on samples of the
//! benchmark sets, and Q-learning games, natively (`selfplay bench`) and in
//! wasm (feature `benchmarks`, with the benchmark sets built in; on by
//! default, and the page's modules leave it out).

use super::learners::q_table::{preset, QTableRun as Run};
use crate::plugin::DynRun;
use crate::rate::{measure, Rate};

#[cfg(feature = "benchmarks")]
pub use sets::*;

/// The solver on the benchmark sets.
#[cfg(feature = "benchmarks")]
mod sets {
    use super::super::batch::read_text;
    use super::super::solver::Solver;
    use crate::rate::Rate;
    use web_time::Instant;

    /// The solver's measurements, one per benchmark set.
    pub fn set_benches() -> Vec<crate::plugin::Bench> {
        use crate::plugin::Bench;
        vec![
            Bench {
                name: "connect4_solve_end_easy",
                run: solve_end_easy,
            },
            Bench {
                name: "connect4_solve_middle_easy",
                run: solve_middle_easy,
            },
            Bench {
                name: "connect4_solve_middle_medium",
                run: solve_middle_medium,
            },
            Bench {
                name: "connect4_solve_begin_easy",
                run: solve_begin_easy,
            },
        ]
    }

    /// The benchmark sets, built in (tests/data/connect4/, see its README).
    const END_EASY: &str = include_str!("../../../tests/data/connect4/Test_L3_R1");
    const MIDDLE_EASY: &str = include_str!("../../../tests/data/connect4/Test_L2_R1");
    const MIDDLE_MEDIUM: &str = include_str!("../../../tests/data/connect4/Test_L2_R2");
    const BEGIN_EASY: &str = include_str!("../../../tests/data/connect4/Test_L1_R1");

    /// Solves the first `n` positions of `text` in order, over and over, the
    /// table cleared before each pass (the clearing is not timed; within a pass
    /// the table is kept from one position to the next, as in the benchmark
    /// command): positions per second, with the mean time and nodes per
    /// position and the nodes per second in the detail, and the mean time per
    /// position of the fastest pass (on a machine shared with other work, the
    /// pass least disturbed by it). A wrong score panics: a fast wrong solver
    /// is no result.
    fn solve_set(name: &str, text: &str, n: usize, min_seconds: f64) -> Rate {
        let inputs = read_text(text).expect("the built-in set reads");
        let inputs = &inputs[..n.min(inputs.len())];
        let mut solver = Solver::new();
        let (mut count, mut nodes, mut seconds) = (0u64, 0u64, 0.0);
        let mut fastest = f64::INFINITY;
        let start = Instant::now();
        loop {
            solver.reset();
            let pass = Instant::now();
            for input in inputs {
                let s = solver.solve(&input.position);
                assert_eq!(Some(s), input.expected, "{}", input.moves);
                nodes += solver.nodes();
            }
            let took = pass.elapsed().as_secs_f64();
            seconds += took;
            fastest = fastest.min(took);
            count += inputs.len() as u64;
            if start.elapsed().as_secs_f64() >= min_seconds {
                break;
            }
        }
        let seconds = seconds.max(1e-9);
        let mut rate = Rate {
            name: name.to_string(),
            unit: "positions".to_string(),
            count,
            seconds,
            per_second: count as f64 / seconds,
            detail: Default::default(),
            parts: Vec::new(),
        };
        let per = |x: f64| x / count.max(1) as f64;
        rate.detail
            .insert("micros_per_position".into(), per(seconds * 1e6));
        rate.detail.insert(
            "fastest_pass_micros_per_position".into(),
            fastest * 1e6 / inputs.len().max(1) as f64,
        );
        rate.detail
            .insert("nodes_per_position".into(), per(nodes as f64));
        rate.detail
            .insert("nodes_per_second".into(), nodes as f64 / seconds);
        rate
    }

    /// The solver on the 500 positions of End-Easy (29–41 discs played).
    pub fn solve_end_easy(_seed: u64, min_seconds: f64) -> Rate {
        solve_set("connect4_solve_end_easy", END_EASY, 500, min_seconds)
    }

    /// The solver on the 500 positions of Middle-Easy (15–28 discs played).
    pub fn solve_middle_easy(_seed: u64, min_seconds: f64) -> Rate {
        solve_set("connect4_solve_middle_easy", MIDDLE_EASY, 500, min_seconds)
    }

    /// The solver on the first 25 positions of Middle-Medium (15–27 discs
    /// played, 14–27 to the end; a pass takes about 0.1 s).
    pub fn solve_middle_medium(_seed: u64, min_seconds: f64) -> Rate {
        solve_set(
            "connect4_solve_middle_medium",
            MIDDLE_MEDIUM,
            25,
            min_seconds,
        )
    }

    /// The solver on the 500 positions of Begin-Easy (4–14 discs played, the
    /// game ending within 14 more).
    pub fn solve_begin_easy(_seed: u64, min_seconds: f64) -> Rate {
        solve_set("connect4_solve_begin_easy", BEGIN_EASY, 500, min_seconds)
    }
}

/// Learning games of method 2 (ε 2%, against the random player): games per
/// second, the table growing as in a run.
pub fn q_learning(seed: u64, min_seconds: f64) -> Rate {
    let mut config = preset(2, seed).expect("method 2").remove(2);
    config.perfect_sample = 0;
    config.total_games = u64::MAX;
    let mut run = Run::new(config).expect("a valid run");
    measure("connect4_q_learning", "games", min_seconds, || {
        run.step(10_000);
        10_000
    })
}

/// No measurements on the benchmark sets without their data.
#[cfg(not(feature = "benchmarks"))]
fn set_benches() -> Vec<crate::plugin::Bench> {
    Vec::new()
}

/// Every measurement of this file, as the registry lists them: the
/// solver on the benchmark sets (with the feature `benchmarks`, whose data
/// they read), then Q-learning.
pub fn benches() -> Vec<crate::plugin::Bench> {
    let mut benches = set_benches();
    benches.push(crate::plugin::Bench {
        name: "connect4_q_learning",
        run: q_learning,
    });
    benches
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_count_the_work() {
        assert_eq!(q_learning(1, 0.0).count, 10_000);
    }

    #[cfg(feature = "benchmarks")]
    #[test]
    fn set_rates_count_the_work() {
        let r = solve_end_easy(1, 0.0);
        assert_eq!((r.name.as_str(), r.count), ("connect4_solve_end_easy", 500));
        assert!(r.detail["nodes_per_second"] > 0.0);
        assert!(r.detail["micros_per_position"] > 0.0);
        // One pass: the fastest is the only one.
        let (mean, fastest) = (
            r.detail["micros_per_position"],
            r.detail["fastest_pass_micros_per_position"],
        );
        assert!((mean - fastest).abs() <= 1e-9 * mean, "{mean} {fastest}");
    }
}
