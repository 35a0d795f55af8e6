//! Speed measurements of tic-tac-toe, natively (`selfplay bench`) and in
//! wasm: random games, and the textbook's value table learning by
//! self-play.

use super::learners::values::{RunConfig, Values};
use super::Board;
use crate::arena::play_random_move;
use crate::game::{rng_from_seed, Game};
use crate::plugin::Run;
use crate::rate::{measure, Rate};

/// Games between two random players: games per second.
pub fn random_games(seed: u64, min_seconds: f64) -> Rate {
    let start = Board::start();
    let mut rng = rng_from_seed(seed);
    let mut buf = Vec::new();
    measure("tictactoe_random_games", "games", min_seconds, || {
        for _ in 0..10_000 {
            let mut g = start;
            while play_random_move(&mut g, &mut rng, &mut buf) {}
        }
        10_000
    })
}

/// The textbook's value table learning by self-play (its default
/// settings), with one curve point at the end of the run only: learning
/// games per second.
pub fn values_learning(seed: u64, min_seconds: f64) -> Rate {
    let config = RunConfig {
        games: 10_000_000,
        eval_every: 10_000_000,
        eval_games: 1,
        seed,
        ..RunConfig::default()
    };
    let mut run = Run::<Values>::new(config).expect("valid settings");
    measure("tictactoe_values_learning", "games", min_seconds, || {
        let before = run.games();
        run.train(10_000);
        run.games() - before
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_measurement_counts_what_it_did() {
        let r = random_games(1, 0.0);
        assert!(r.count >= 10_000 && r.per_second > 0.0);
        let r = values_learning(1, 0.0);
        assert!(r.count >= 10_000 && r.per_second > 0.0);
    }
}
