//! Connect6's speed measurements, behind `selfplay bench connect6`,
//! `selfplay bench` and the wasm benchmark (the same Rust code natively and
//! in wasm): stones placed and undone, threat counts, the engine's search
//! nodes, threat-space searches, and (in builds with the study's learner)
//! learning games, each per second.
//!
//! The positions are the same for a seed: games of the near-random player
//! ([`positions`]), the middle of a game being where threats are counted
//! and stones searched.

use super::engine::{Engine, EngineSettings};
use super::players::NearRandom;
use super::rules::{Board, Point};
use super::threats::analyse;
use super::tss;
use crate::game::{rng_from_seed, Game, Player, Side};
use crate::plugin::Bench;
use crate::rate::{measure, Rate};
use crate::search::budget::{Budget, Limits};

/// Positions of near-random games after 10 to 40 stones, and each game's
/// stones (to place and undo), for a seed.
pub fn positions(seed: u64, count: usize) -> Vec<(Board, Vec<Point>)> {
    let mut rng = rng_from_seed(seed);
    let mut player = NearRandom::default();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut b = Board::start();
        let mut stones = Vec::new();
        let stop = 10 + out.len() % 31;
        while !b.is_over() && stones.len() < stop {
            let p = player.choose(&b, &mut rng);
            b.play(p);
            stones.push(p);
        }
        if !b.is_over() {
            out.push((b, stones));
        }
    }
    out
}

/// Stones placed and undone: the stones of each game placed on an empty
/// board one by one, then undone in reverse; a stone is one place and one
/// undo.
pub fn place_undo_rate(seed: u64, seconds: f64) -> Rate {
    let games = positions(seed, 32);
    measure("connect6_place_undo", "stones", seconds, || {
        let mut n = 0;
        for (_, stones) in &games {
            let mut b = Board::start();
            for &p in stones {
                b.place(p);
            }
            for &p in stones.iter().rev() {
                b.undo(p);
            }
            std::hint::black_box(&b);
            n += stones.len() as u64;
        }
        n
    })
}

/// Threat counts ([`analyse`]): both sides' in each position.
pub fn threats_rate(seed: u64, seconds: f64) -> Rate {
    let games = positions(seed, 32);
    measure("connect6_threats", "counts", seconds, || {
        let mut n = 0;
        for (b, _) in &games {
            for side in Side::BOTH {
                std::hint::black_box(analyse(b, side));
                n += 1;
            }
        }
        n
    })
}

/// The engine's search nodes: a level 3 turn on each position with a
/// fresh table, at most 50,000 nodes each (alpha-beta's and its threat
/// searches').
pub fn engine_rate(seed: u64, seconds: f64) -> Rate {
    let games = positions(seed, 8);
    measure("connect6_engine_nodes", "nodes", seconds, || {
        let mut n = 0;
        for (b, _) in &games {
            let mut e = Engine::new(EngineSettings::level(3)).expect("level 3 is valid");
            let mut budget = Budget::new(Limits::nodes(50_000));
            let t = e.think(b, &mut rng_from_seed(seed), &mut budget);
            std::hint::black_box(t.mv);
            n += budget.nodes().max(1);
        }
        n
    })
}

/// Threat-space searches: a proof by double threats, three attacker turns
/// deep and at most 20,000 positions, on each of [`tss::bench_positions`].
pub fn tss_rate(_seed: u64, seconds: f64) -> Rate {
    let set = tss::bench_positions();
    measure("connect6_tss", "searches", seconds, || {
        for b in &set {
            let mut budget = Budget::new(Limits::nodes(20_000));
            std::hint::black_box(tss::prove(b, tss::Kind::Double, 3, &mut budget));
        }
        set.len() as u64
    })
}

/// The study's learning games: self-play with the threat-space search, as
/// the `tss` preset learns (ε 0.1, steps normalised), each game's TD
/// updates included; the weights go on learning from game to game.
#[cfg(feature = "extra-learners")]
pub fn td_games_rate(seed: u64, seconds: f64) -> Rate {
    use super::features::hand_weights;
    use super::learn::{learning_game, Chooser};
    use super::learners::td::RunConfig;
    let config = RunConfig::default();
    let mut learner = crate::learn::linear_td::LinearTd::new(config.params(), hand_weights())
        .expect("the default run's learner is valid");
    let mut chooser = Chooser::default();
    let mut rng = rng_from_seed(seed);
    measure("connect6_td_games", "games", seconds, || {
        std::hint::black_box(learning_game(
            &mut learner,
            &mut chooser,
            config.epsilon,
            config.tss,
            &mut rng,
            None,
        ));
        1
    })
}

/// Every measurement of this file, as the registry lists them.
pub fn benches() -> Vec<Bench> {
    vec![
        #[cfg(feature = "extra-learners")]
        Bench {
            name: "connect6_td_games",
            run: td_games_rate,
        },
        Bench {
            name: "connect6_place_undo",
            run: place_undo_rate,
        },
        Bench {
            name: "connect6_threats",
            run: threats_rate,
        },
        Bench {
            name: "connect6_engine_nodes",
            run: engine_rate,
        },
        Bench {
            name: "connect6_tss",
            run: tss_rate,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_measurement_counts_work() {
        for r in [
            place_undo_rate(1, 0.0),
            threats_rate(1, 0.0),
            engine_rate(1, 0.0),
            tss_rate(1, 0.0),
            #[cfg(feature = "extra-learners")]
            td_games_rate(1, 0.0),
        ] {
            assert!(r.count > 0 && r.per_second > 0.0, "{r:?}");
        }
        assert_eq!(positions(3, 5).len(), 5);
    }
}
