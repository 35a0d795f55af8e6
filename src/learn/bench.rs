//! The multiply-add rate of a register-resident kernel compiled with the
//! same settings as the learners: the attainable peak of this build on this
//! core, against which a learner's own rate is read. It runs the same Rust
//! code natively and in wasm, so the ratio compares the two compilers and
//! runtimes, not two implementations.

use web_time::Instant;

/// Independent accumulators of the peak kernel: enough multiply-then-add
/// chains to cover the latency of both units on current cores, few enough to
/// stay in 16 vector registers of 4 lanes.
pub const PEAK_CHAINS: usize = 48;

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
