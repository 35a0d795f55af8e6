//! Speed measurements of Connect Four: the solver on samples of the
//! benchmark sets, and Q-learning games, natively (`selfplay bench`) and in
//! wasm.

use super::batch::read_text;
use super::experiments::{preset, Run};
use super::solver::Solver;
use crate::bench::{measure, Rate};

/// The first positions of Middle-Medium (Test_L2_R2), built in.
const MIDDLE_MEDIUM: &str = include_str!("../../../tests/data/connect4/Test_L2_R2");
/// End-Easy (Test_L3_R1), built in.
const END_EASY: &str = include_str!("../../../tests/data/connect4/Test_L3_R1");

/// Solves the first `n` positions of `text` over and over (the table
/// cleared before each pass): positions per second, with nodes per second
/// in the detail. A wrong score panics: a fast wrong solver is no result.
fn solve_set(name: &str, text: &str, n: usize, min_seconds: f64) -> Rate {
    let inputs = read_text(text).expect("the built-in set reads");
    let inputs = &inputs[..n.min(inputs.len())];
    let mut solver = Solver::new();
    let mut nodes = 0u64;
    let mut rate = measure(name, "positions", min_seconds, || {
        solver.reset();
        for input in inputs {
            let s = solver.solve(&input.position);
            assert_eq!(Some(s), input.expected, "{}", input.moves);
            nodes += solver.nodes();
        }
        inputs.len() as u64
    });
    rate.detail.insert(
        "nodes_per_second".into(),
        nodes as f64 / rate.seconds.max(1e-9),
    );
    rate
}

/// The solver on the first 50 positions of Middle-Medium (15–27 moves
/// played, 14–27 to the end).
pub fn solve_middle_medium(_seed: u64, min_seconds: f64) -> Rate {
    solve_set(
        "connect4_solve_middle_medium",
        MIDDLE_MEDIUM,
        50,
        min_seconds,
    )
}

/// The solver on the 500 positions of End-Easy.
pub fn solve_end_easy(_seed: u64, min_seconds: f64) -> Rate {
    solve_set("connect4_solve_end_easy", END_EASY, 500, min_seconds)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_count_the_work() {
        let r = solve_end_easy(1, 0.0);
        assert_eq!((r.name.as_str(), r.count), ("connect4_solve_end_easy", 500));
        assert!(r.detail["nodes_per_second"] > 0.0);
        assert_eq!(q_learning(1, 0.0).count, 10_000);
    }
}
