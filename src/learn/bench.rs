//! Measurements behind `selfplay othello bench` and the wasm benchmark: the
//! training speed of the Q-network and the multiply-add rate of a
//! register-resident kernel compiled with the same settings (the attainable
//! peak of this build on this core).
//!
//! Both run the same Rust code natively and in wasm, so their ratio compares
//! the two compilers and runtimes, not two implementations.

use serde::{Deserialize, Serialize};
use web_time::Instant;

use super::q_trainer::{Trainer, TrainerConfig};

/// The result of a training benchmark.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct TrainBench {
    pub label: String,
    pub games: u64,
    pub seconds: f64,
    pub games_per_second: f64,
    /// Multiply-adds of the network (forward, backprop, momentum steps).
    pub multiply_adds: u64,
    pub multiply_adds_per_second: f64,
}

/// Trains `games` games of `config` (after `warmup` untimed games) and times
/// them. `config.games` is raised if needed; snapshots are switched off.
pub fn bench_training(
    mut config: TrainerConfig,
    warmup: u64,
    games: u64,
) -> Result<TrainBench, String> {
    config.eval_every = 0;
    config.games = config.games.max(warmup + games);
    let label = config.label();
    let mut t = Trainer::new(config)?;
    t.train(warmup);
    let before = t.net().mlp().multiply_adds();
    let start = Instant::now();
    t.train(games);
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    let multiply_adds = t.net().mlp().multiply_adds() - before;
    Ok(TrainBench {
        label,
        games,
        seconds,
        games_per_second: games as f64 / seconds,
        multiply_adds,
        multiply_adds_per_second: multiply_adds as f64 / seconds,
    })
}

/// The QL1-H64-arctan self-play configuration of the speed target.
pub fn ql1_h64_selfplay(seed: u64) -> TrainerConfig {
    TrainerConfig {
        seed,
        ..TrainerConfig::default()
    }
}

/// Independent accumulators of the peak kernel: enough multiply-then-add
/// chains to cover the latency of both units on current cores, few enough to
/// stay in 16 vector registers of 4 lanes.
const PEAK_CHAINS: usize = 48;

/// Runs `rounds` rounds of `acc = acc·a + b` on [`PEAK_CHAINS`] independent
/// accumulators (no memory traffic) and returns multiply-adds per second.
/// The compiler vectorises it with the same instruction set as the network
/// code, so it is the attainable multiply-add peak of this build on one core.
pub fn peak_multiply_adds(rounds: u64) -> f64 {
    let a = std::hint::black_box(0.999_999f32);
    let b = std::hint::black_box(1e-7f32);
    let mut acc = std::hint::black_box([1.0f32; PEAK_CHAINS]);
    let start = Instant::now();
    for _ in 0..rounds {
        for x in acc.iter_mut() {
            *x = *x * a + b;
        }
    }
    let acc = std::hint::black_box(acc);
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    assert!(acc.iter().all(|x| x.is_finite()));
    (rounds * PEAK_CHAINS as u64) as f64 / seconds
}
