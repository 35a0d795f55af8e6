//! Choosing among legal moves from their Q-values: the softmax (Boltzmann)
//! policy used while training and the greedy policy used when evaluating.
//!
//! Both work on the Q-values of the legal moves only (a dense slice), so an
//! illegal move can never be picked: masking happens when the caller gathers
//! the legal moves' values.

use rand::Rng as _;

use super::activation::exp;
use crate::game::Rng;

/// The index of the largest value (the first one on ties). `q` is not empty.
#[inline]
pub fn greedy_index(q: &[f32]) -> usize {
    debug_assert!(!q.is_empty());
    let mut best = 0;
    for (i, &v) in q.iter().enumerate().skip(1) {
        if v > q[best] {
            best = i;
        }
    }
    best
}

/// The largest value. `q` is not empty.
#[inline]
pub fn max_value(q: &[f32]) -> f32 {
    q.iter().copied().fold(f32::NEG_INFINITY, f32::max)
}

/// Samples an index with probability P(i) ∝ exp(β·q_i). β = 0 is uniform;
/// large β approaches greedy. Computed as exp(β·(q_i − max q)) so nothing
/// overflows; the largest term is 1, so the total is never 0. `q` is not
/// empty and at most 64 long.
pub fn softmax_index(q: &[f32], beta: f32, rng: &mut Rng) -> usize {
    debug_assert!(!q.is_empty() && q.len() <= 64);
    if q.len() == 1 {
        return 0;
    }
    let top = max_value(q);
    let mut weights = [0.0f32; 64];
    let mut total = 0.0f32;
    for (w, &v) in weights.iter_mut().zip(q) {
        *w = exp(beta * (v - top));
        total += *w;
    }
    let mut u = rng.random::<f32>() * total;
    for (i, &w) in weights[..q.len()].iter().enumerate() {
        if u < w {
            return i;
        }
        u -= w;
    }
    // Rounding can leave u a hair above the last weight.
    q.len() - 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng_from_seed;

    #[test]
    fn greedy_picks_the_first_maximum() {
        assert_eq!(greedy_index(&[0.1, 0.5, -0.2, 0.5]), 1);
        assert_eq!(greedy_index(&[-1.0]), 0);
    }

    #[test]
    fn softmax_frequencies_follow_the_distribution() {
        let q = [0.0f32, 0.5, -0.5, 1.0];
        let beta = 2.0f32;
        let z: f64 = q.iter().map(|&v| ((beta * v) as f64).exp()).sum();
        let mut rng = rng_from_seed(11);
        let n = 200_000;
        let mut counts = [0u32; 4];
        for _ in 0..n {
            counts[softmax_index(&q, beta, &mut rng)] += 1;
        }
        for (i, &c) in counts.iter().enumerate() {
            let p = ((beta * q[i]) as f64).exp() / z;
            let f = c as f64 / n as f64;
            assert!(
                (f - p).abs() < 0.005,
                "move {i}: frequency {f}, probability {p}"
            );
        }
    }

    #[test]
    fn softmax_with_zero_beta_is_uniform_and_huge_beta_is_greedy() {
        let q = [0.3f32, -0.9, 0.8];
        let mut rng = rng_from_seed(2);
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            counts[softmax_index(&q, 0.0, &mut rng)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_400..10_600).contains(&c)),
            "{counts:?}"
        );
        for _ in 0..1000 {
            assert_eq!(softmax_index(&q, 1e4, &mut rng), 2);
        }
    }
}
