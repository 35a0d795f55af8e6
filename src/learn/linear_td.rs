//! A linear evaluation through the logistic, `V(x) = σ(θ·x)`, learned by
//! temporal differences, TD(0), with refinements a study of pattern
//! evaluations used (a game's folder says how its positions become feature
//! vectors).
//!
//! After every turn the value of the position before is moved toward the
//! value of the position after (the last position of a game toward the
//! game's result, 1 a win of the side `V` values, 0 a loss):
//!
//! ```text
//! θ ← θ + α · (V(x') − V(x)) · V(x)(1 − V(x)) · g / n
//! ```
//!
//! with `g` the gradient's feature part (`x`, or `x` folded over the phases
//! when the phases share weights) and `n` 1, or `‖g‖²` with
//! [`Params::normalise`]. The options, each the study's:
//!
//! * [`Params::two_turn`]: `x'` is the position two turns later (after the
//!   same side moved again) instead of the next;
//! * [`Params::normalise`]: the step divided by `‖g‖²` (normalised least
//!   mean squares: a position with many features moves as far as one with
//!   few);
//! * [`Params::sign_only`]: each feature enters as its sign (−1, 0, 1), not
//!   its count;
//! * [`Params::per_phase`]: the vector is `phases` blocks, one per phase of
//!   the game, each with its own weights; without it every block shares
//!   the first block's weights;
//! * [`Params::fixed_phases`] ("mixed"): the first blocks keep their
//!   starting weights and only the rest learn.

use serde::{Deserialize, Serialize};

/// The learner's settings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The step size α.
    pub alpha: f32,
    /// Learn from the position two turns later.
    pub two_turn: bool,
    /// Divide the step by `‖g‖²`.
    pub normalise: bool,
    /// Features enter by their sign only.
    pub sign_only: bool,
    /// Blocks of the feature vector (phases of the game).
    pub phases: usize,
    /// Each phase its own weights.
    pub per_phase: bool,
    /// The first this many phases keep their starting weights.
    pub fixed_phases: usize,
}

impl Params {
    /// The study's plain TD(0): α 0.1, one turn, counts, per-phase weights.
    pub const PLAIN: Params = Params {
        alpha: 0.1,
        two_turn: false,
        normalise: false,
        sign_only: false,
        phases: 1,
        per_phase: true,
        fixed_phases: 0,
    };

    pub fn validate(&self) -> Result<(), String> {
        if !(self.alpha > 0.0 && self.alpha <= 1.0) {
            return Err(format!(
                "α must be above 0 and at most 1, not {}",
                crate::words::number(self.alpha.into())
            ));
        }
        if self.phases == 0 || self.phases > 64 {
            return Err(format!("phases must be 1 to 64, not {}", self.phases));
        }
        if self.fixed_phases >= self.phases {
            return Err("at least one phase must learn".into());
        }
        if self.fixed_phases > 0 && !self.per_phase {
            return Err("fixed phases need weights per phase".into());
        }
        Ok(())
    }
}

/// The logistic function, with the portable `exp` of
/// [`crate::learn::activation`] (not the platform's, which differs between the
/// native build and the wasm one), so that a run gives the same weights in
/// both for the same seed.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + crate::learn::activation::exp(-x))
}

/// The learner: its settings and weights.
#[derive(Clone, Debug, PartialEq)]
pub struct LinearTd {
    params: Params,
    weights: Vec<f32>,
}

/// The positions of a game still waiting for their update (the last one,
/// or the last two with [`Params::two_turn`]).
#[derive(Clone, Debug, Default)]
pub struct Episode {
    waiting: Vec<Vec<f32>>,
}

impl LinearTd {
    /// A learner starting from `weights` (a multiple of `params.phases`
    /// long; without per-phase weights the first block is copied to all).
    pub fn new(params: Params, mut weights: Vec<f32>) -> Result<LinearTd, String> {
        params.validate()?;
        if weights.is_empty() || weights.len() % params.phases != 0 {
            return Err(format!(
                "{} weights do not make {} equal phases",
                weights.len(),
                params.phases
            ));
        }
        if weights.iter().any(|w| !w.is_finite()) {
            return Err("a weight is not a finite number".into());
        }
        if !params.per_phase {
            let block = weights.len() / params.phases;
            let first = weights[..block].to_vec();
            for chunk in weights.chunks_mut(block) {
                chunk.copy_from_slice(&first);
            }
        }
        Ok(LinearTd { params, weights })
    }

    pub fn params(&self) -> &Params {
        &self.params
    }

    pub fn weights(&self) -> &[f32] {
        &self.weights
    }

    fn block(&self) -> usize {
        self.weights.len() / self.params.phases
    }

    /// A feature as the learner sees it.
    #[inline]
    fn input(&self, x: f32) -> f32 {
        if self.params.sign_only {
            if x > 0.0 {
                1.0
            } else if x < 0.0 {
                -1.0
            } else {
                0.0
            }
        } else {
            x
        }
    }

    /// `θ·x` (features as the learner sees them).
    pub fn net(&self, x: &[f32]) -> f32 {
        debug_assert_eq!(x.len(), self.weights.len());
        x.iter()
            .zip(&self.weights)
            .filter(|(x, _)| **x != 0.0)
            .map(|(&x, &w)| self.input(x) * w)
            .sum()
    }

    /// `V(x) = σ(θ·x)`.
    pub fn value(&self, x: &[f32]) -> f32 {
        sigmoid(self.net(x))
    }

    /// Moves `V(x)` toward `target`.
    pub fn update(&mut self, x: &[f32], target: f32) {
        let v = self.value(x);
        let block = self.block();
        let first = self.params.fixed_phases * block;
        // The gradient's feature part over the weights that learn.
        let g: Vec<f32> = if self.params.per_phase {
            x.iter().map(|&x| self.input(x)).collect()
        } else {
            let mut g = vec![0.0; block];
            for chunk in x.chunks(block) {
                for (gi, &xi) in g.iter_mut().zip(chunk) {
                    *gi += self.input(xi);
                }
            }
            g
        };
        let learn = if self.params.per_phase {
            &g[first..]
        } else {
            &g[..]
        };
        let norm: f32 = learn.iter().map(|g| g * g).sum();
        if norm == 0.0 {
            return;
        }
        let mut step = self.params.alpha * (target - v) * v * (1.0 - v);
        if self.params.normalise {
            step /= norm;
        }
        if self.params.per_phase {
            for (w, g) in self.weights[first..].iter_mut().zip(learn) {
                *w += step * g;
            }
        } else {
            for chunk in self.weights.chunks_mut(block) {
                for (w, g) in chunk.iter_mut().zip(&g) {
                    *w += step * g;
                }
            }
        }
    }

    /// A game begins: nothing waits.
    pub fn begin(&self) -> Episode {
        Episode::default()
    }

    /// The position `x` after a turn: the position one turn before (two
    /// with [`Params::two_turn`]) moves toward `V(x)`.
    pub fn observe(&mut self, ep: &mut Episode, x: &[f32]) {
        let lag = if self.params.two_turn { 2 } else { 1 };
        if ep.waiting.len() == lag {
            let target = self.value(x);
            let old = ep.waiting.remove(0);
            self.update(&old, target);
        }
        ep.waiting.push(x.to_vec());
    }

    /// The game ended with `reward` (1 a win of the side valued, 0 a loss,
    /// 0.5 a draw): every waiting position moves toward it, oldest first.
    pub fn finish(&mut self, ep: &mut Episode, reward: f32) {
        for x in std::mem::take(&mut ep.waiting) {
            self.update(&x, reward);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params() -> Params {
        Params {
            phases: 2,
            ..Params::PLAIN
        }
    }

    fn close(a: &[f32], b: &[f32]) {
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(b) {
            assert!((x - y).abs() < 1e-6, "{a:?} != {b:?}");
        }
    }

    /// From θ = 0 (V = 0.5) toward 1: the step is α · 0.5 · 0.25 = 0.0125
    /// times the gradient.
    #[test]
    fn plain_td_step_by_hand() {
        let mut l = LinearTd::new(params(), vec![0.0; 4]).unwrap();
        l.update(&[1.0, 2.0, 0.0, 0.0], 1.0);
        close(l.weights(), &[0.0125, 0.025, 0.0, 0.0]);
        // Now θ·x = 0.0125 + 0.05 = 0.0625.
        assert!((l.net(&[1.0, 2.0, 0.0, 0.0]) - 0.0625).abs() < 1e-7);
    }

    #[test]
    fn normalised_step_divides_by_the_squared_norm() {
        let p = Params {
            normalise: true,
            ..params()
        };
        let mut l = LinearTd::new(p, vec![0.0; 4]).unwrap();
        l.update(&[1.0, 2.0, 0.0, 0.0], 1.0);
        // ‖x‖² = 5.
        close(l.weights(), &[0.0025, 0.005, 0.0, 0.0]);
    }

    #[test]
    fn sign_features_enter_as_signs() {
        let p = Params {
            sign_only: true,
            ..params()
        };
        let mut l = LinearTd::new(p, vec![0.0; 4]).unwrap();
        l.update(&[3.0, -2.0, 0.0, 0.0], 0.0);
        // V = 0.5 toward 0: step −0.0125 times (1, −1).
        close(l.weights(), &[-0.0125, 0.0125, 0.0, 0.0]);
        // The value reads signs too: θ·sign(x) = −0.025.
        assert!((l.net(&[5.0, -7.0, 0.0, 0.0]) + 0.025).abs() < 1e-7);
    }

    #[test]
    fn shared_phases_learn_one_set_of_weights() {
        let p = Params {
            per_phase: false,
            ..params()
        };
        // Starting weights of the second block are replaced by the first's.
        let mut l = LinearTd::new(p, vec![0.0, 0.0, 9.0, 9.0]).unwrap();
        close(l.weights(), &[0.0; 4]);
        l.update(&[0.0, 0.0, 1.0, 2.0], 1.0);
        close(l.weights(), &[0.0125, 0.025, 0.0125, 0.025]);
        // Per phase, only the second block learns.
        let mut l = LinearTd::new(params(), vec![0.0; 4]).unwrap();
        l.update(&[0.0, 0.0, 1.0, 2.0], 1.0);
        close(l.weights(), &[0.0, 0.0, 0.0125, 0.025]);
    }

    #[test]
    fn mixed_keeps_the_first_phase() {
        let p = Params {
            fixed_phases: 1,
            ..params()
        };
        let mut l = LinearTd::new(p, vec![0.5, 0.5, 0.0, 0.0]).unwrap();
        l.update(&[1.0, 2.0, 0.0, 0.0], 1.0);
        close(l.weights(), &[0.5, 0.5, 0.0, 0.0]);
        l.update(&[0.0, 0.0, 1.0, 2.0], 1.0);
        close(l.weights(), &[0.5, 0.5, 0.0125, 0.025]);
        assert!(LinearTd::new(
            Params {
                per_phase: false,
                ..p
            },
            vec![0.0; 4]
        )
        .is_err());
    }

    /// Three positions and a win: one-turn updates chain each to the next;
    /// two-turn updates the first toward the third, the last two toward
    /// the result.
    #[test]
    fn one_and_two_turn_episodes_by_hand() {
        let xs: [[f32; 2]; 3] = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];
        let start = vec![0.0, 0.4];
        let mut l = LinearTd::new(Params::PLAIN, start.clone()).unwrap();
        let mut ep = l.begin();
        l.observe(&mut ep, &xs[0]);
        close(l.weights(), &start);
        l.observe(&mut ep, &xs[1]);
        // x0 (V 0.5) toward V(x1) = σ(0.4).
        let v1 = sigmoid(0.4);
        let w0 = 0.1 * (v1 - 0.5) * 0.25;
        close(l.weights(), &[w0, 0.4]);
        l.observe(&mut ep, &xs[2]);
        // x1 (V σ(0.4)) toward V(x2) = σ(w0 + 0.4).
        let v2 = sigmoid(w0 + 0.4);
        let w1 = 0.4 + 0.1 * (v2 - v1) * v1 * (1.0 - v1);
        close(l.weights(), &[w0, w1]);
        l.finish(&mut ep, 1.0);
        let v = sigmoid(w0 + w1);
        let s = 0.1 * (1.0 - v) * v * (1.0 - v);
        close(l.weights(), &[w0 + s, w1 + s]);

        let p = Params {
            two_turn: true,
            ..Params::PLAIN
        };
        let mut l = LinearTd::new(p, start.clone()).unwrap();
        let mut ep = l.begin();
        l.observe(&mut ep, &xs[0]);
        l.observe(&mut ep, &xs[1]);
        close(l.weights(), &start);
        l.observe(&mut ep, &xs[2]);
        // x0 toward V(x2) = σ(0.4).
        let w0 = 0.1 * (sigmoid(0.4) - 0.5) * 0.25;
        close(l.weights(), &[w0, 0.4]);
        l.finish(&mut ep, 0.0);
        // x1 toward 0, then x2 toward 0.
        let v = sigmoid(0.4);
        let w1 = 0.4 - 0.1 * v * v * (1.0 - v);
        let v = sigmoid(w0 + w1);
        let s = -0.1 * v * v * (1.0 - v);
        close(l.weights(), &[w0 + s, w1 + s]);
    }

    #[test]
    fn bad_settings_are_refused() {
        for p in [
            Params {
                alpha: 0.0,
                ..Params::PLAIN
            },
            Params {
                phases: 0,
                ..Params::PLAIN
            },
            Params {
                fixed_phases: 1,
                ..Params::PLAIN
            },
        ] {
            assert!(LinearTd::new(p, vec![0.0; 2]).is_err(), "{p:?}");
        }
        assert!(LinearTd::new(params(), vec![0.0; 3]).is_err());
        assert!(LinearTd::new(Params::PLAIN, vec![f32::NAN]).is_err());
    }
}
