//! Speed measurements of Hare and Hounds: random games, learning games and
//! the exact solution, natively (`selfplay bench`) and in wasm.

use super::solve::Solution;
use super::HareHounds;
use crate::arena::play_random_move;
use crate::game::{rng_from_seed, Game, Side};
use crate::learn::q_table::{play_learning_game, Agent, QLearner, QParams};
use crate::players::RandomPlayer;
use crate::rate::{measure, Rate};

/// Games between two random players: games per second.
pub fn random_games(seed: u64, min_seconds: f64) -> Rate {
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

/// Q-learning hounds (α 0.1, γ 0.9, ε 0.5) against the random hare:
/// learning games per second.
pub fn q_learning(seed: u64, min_seconds: f64) -> Rate {
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

/// The exact solution (retrograde analysis): solves per second.
pub fn solve(_seed: u64, min_seconds: f64) -> Rate {
    measure("hare_hounds_solve", "solves", min_seconds, || {
        std::hint::black_box(Solution::solve());
        1
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_count_the_work() {
        let g = random_games(1, 0.0);
        assert_eq!(
            (g.name.as_str(), g.count),
            ("hare_hounds_random_games", 10_000)
        );
        assert_eq!(solve(1, 0.0).count, 1);
    }
}
