//! Speed measurements of the rules, the exact solver and the tabular learner,
//! shared by the native CLI (`selfplay bench`) and the wasm build
//! (`benchRules`), so that `scripts/bench.sh` compares the same Rust code
//! compiled twice. (The Q-network's training benchmark is
//! [`crate::learn::bench`].)
//!
//! Each measurement repeats its work until at least `min_seconds` have
//! passed, so that short runs are not dominated by the clock's resolution.

use serde::{Deserialize, Serialize};
use web_time::Instant;

use crate::arena::play_random_move;
use crate::game::{rng_from_seed, Game, Side};
use crate::games::hare_hounds::HareHounds;
use crate::games::othello::{self, Board};
use crate::learn::q_table::{play_learning_game, Agent, QLearner, QParams};
use crate::players::RandomPlayer;
use crate::search::hare_hounds_solve::Solution;

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
}

/// Repeats `work` (which returns how many units it did) until `min_seconds`
/// have passed, at least once.
fn measure(name: &str, unit: &str, min_seconds: f64, mut work: impl FnMut() -> u64) -> Rate {
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
            };
        }
    }
}

/// Othello perft from the start position: leaves per second (bulk-counted).
pub fn othello_perft(depth: u32, min_seconds: f64) -> Rate {
    measure(
        &format!("othello_perft_{depth}"),
        "leaves",
        min_seconds,
        || othello::perft(&Board::start(), depth),
    )
}

/// Hare and Hounds games between two random players: games per second.
pub fn hare_hounds_random_games(seed: u64, min_seconds: f64) -> Rate {
    let start = HareHounds::start();
    let mut rng = rng_from_seed(seed);
    let mut buf = Vec::new();
    measure("hare_hounds_random_games", "games", min_seconds, || {
        for _ in 0..10_000 {
            let mut g = start;
            while play_random_move(&mut g, &mut rng, &mut buf) {}
        }
        10_000
    })
}

/// Q-learning hounds (α 0.1, γ 0.9, ε 0.5) against the random hare: learning
/// games per second.
pub fn hare_hounds_q_learning(seed: u64, min_seconds: f64) -> Rate {
    let start = HareHounds::start();
    let mut rng = rng_from_seed(seed);
    let params = QParams {
        alpha: 0.1,
        gamma: 0.9,
        epsilon: 0.5,
    };
    let mut hounds: QLearner<HareHounds> =
        QLearner::new(Side::First, params).expect("valid parameters");
    let mut hare = RandomPlayer::new();
    measure("hare_hounds_q_learning", "games", min_seconds, || {
        for _ in 0..10_000 {
            play_learning_game(
                &start,
                Agent::Learning(&mut hounds),
                Agent::Fixed(&mut hare),
                &mut rng,
            );
        }
        10_000
    })
}

/// The exact solution of Hare and Hounds (retrograde analysis): solves per
/// second.
pub fn hare_hounds_solve(min_seconds: f64) -> Rate {
    measure("hare_hounds_solve", "solves", min_seconds, || {
        std::hint::black_box(Solution::solve());
        1
    })
}

/// All of the above, each for at least `min_seconds`.
pub fn rules_suite(seed: u64, min_seconds: f64) -> Vec<Rate> {
    vec![
        othello_perft(9, min_seconds),
        hare_hounds_random_games(seed, min_seconds),
        hare_hounds_q_learning(seed, min_seconds),
        hare_hounds_solve(min_seconds),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_count_the_work() {
        let r = othello_perft(4, 0.0);
        assert_eq!(
            (r.name.as_str(), r.unit.as_str(), r.count),
            ("othello_perft_4", "leaves", 244)
        );
        assert!(r.per_second > 0.0);
        let g = hare_hounds_random_games(1, 0.0);
        assert_eq!(g.count, 10_000);
        assert_eq!(rules_suite(1, 0.0).len(), 4);
    }
}
