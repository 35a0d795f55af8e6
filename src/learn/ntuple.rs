//! An n-tuple network: a sum of look-up tables, each read at the index that
//! the contents of a fixed group of cells (a tuple) form, through tanh.
//!
//! The network knows no game. A game turns a position into its *active
//! features*, one index into [`NTuple::weights`] per tuple (so a table
//! shared by several tuples, as by a board's symmetric images, is simply
//! the same range of weights), and says which *phase* of the game it is in;
//! each phase has its own copy of every table. A [`Phase`] is one copy, or
//! a blend of two neighbouring copies (w = (1 − t)·w_k + t·w_k+1), so that
//! the value glides from one part of the game to the next instead of
//! jumping at the border.
//!
//! V = tanh(Σ w[i] over the active features), a value from −1 (a sure loss
//! for the side it is valued for) to +1 (a sure win).
//!
//! Learning is TD(λ) over one game's afterstates at its end ([`Episode`]),
//! from the last one backwards: the last moves toward the result, each
//! earlier one toward its λ-return, (1 − λ)·V(next) + λ·G(next), with the
//! sign turned when the next afterstate belongs to the other side. λ = 0 is
//! TD(0). An afterstate whose exact value is known (a solved endgame)
//! moves toward that value instead, and is the return of the ones before
//! it. Where the game recorded the value of the best reply to an
//! afterstate (the largest value its next decision chose from), V(next) is
//! that value, so that an exploring move does not teach the position
//! before it a value lower than it has. Each step is α divided by the
//! number of active features; a blended
//! phase shares it between its two copies as it shares the value.

use super::activation::bipolar_sigmoid;

/// tanh x, portable (the same bits natively and in wasm).
#[inline]
pub fn tanh(x: f32) -> f32 {
    bipolar_sigmoid(2.0 * x)
}

/// Which copy of the tables a position reads: copy `lo`, blended with copy
/// `lo + 1` at the share `t` (0 ≤ t ≤ 1; 0 reads `lo` alone).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Phase {
    pub lo: usize,
    pub t: f32,
}

impl Phase {
    /// Copy `lo` alone.
    pub const fn at(lo: usize) -> Phase {
        Phase { lo, t: 0.0 }
    }

    /// Copy `lo` blended with `lo + 1` at the share `t`.
    pub fn blend(lo: usize, t: f32) -> Phase {
        Phase { lo, t }
    }
}

/// The network's weights: `phases` copies of `per_phase` table entries.
#[derive(Clone, Debug, PartialEq)]
pub struct NTuple {
    weights: Vec<f32>,
    per_phase: usize,
    phases: usize,
}

impl NTuple {
    /// A network of zeros (every position valued 0, a draw).
    pub fn new(per_phase: usize, phases: usize) -> NTuple {
        NTuple {
            weights: vec![0.0; per_phase * phases],
            per_phase,
            phases,
        }
    }

    /// A network of these weights, checked for size and finiteness.
    pub fn from_weights(
        per_phase: usize,
        phases: usize,
        weights: Vec<f32>,
    ) -> Result<NTuple, String> {
        if phases == 0 || weights.len() != per_phase * phases {
            return Err(format!(
                "{} weights do not make {phases} phases of {per_phase}",
                weights.len()
            ));
        }
        if let Some(i) = weights.iter().position(|w| !w.is_finite()) {
            return Err(format!("weight {i} is {}", weights[i]));
        }
        Ok(NTuple {
            weights,
            per_phase,
            phases,
        })
    }

    pub fn weights(&self) -> &[f32] {
        &self.weights
    }

    pub fn per_phase(&self) -> usize {
        self.per_phase
    }

    pub fn phases(&self) -> usize {
        self.phases
    }

    /// The weights of one phase.
    #[inline]
    pub fn phase(&self, phase: usize) -> &[f32] {
        &self.weights[phase * self.per_phase..(phase + 1) * self.per_phase]
    }

    /// Σ w over the active features, before tanh: of a blend, (1 − t) times
    /// the sum in copy `lo` plus t times the sum in copy `lo + 1`.
    #[inline]
    pub fn sum(&self, phase: Phase, active: &[u32]) -> f32 {
        let of = |p: usize| -> f32 {
            let w = self.phase(p);
            active.iter().map(|&i| w[i as usize]).sum()
        };
        if phase.t == 0.0 {
            of(phase.lo)
        } else {
            (1.0 - phase.t) * of(phase.lo) + phase.t * of(phase.lo + 1)
        }
    }

    /// The value, tanh of [`NTuple::sum`].
    #[inline]
    pub fn value(&self, phase: Phase, active: &[u32]) -> f32 {
        tanh(self.sum(phase, active))
    }

    /// One step of gradient descent on (target − V)²/2: each active weight
    /// moves by α/n · (target − V) · (1 − V²), n the number of active
    /// features (of a blend, copy `lo` (1 − t) of that and copy `lo + 1`
    /// t of it, each weight's share of the value). Returns the error before
    /// the step.
    pub fn update(&mut self, phase: Phase, active: &[u32], target: f32, alpha: f32) -> f32 {
        let v = self.value(phase, active);
        let error = target - v;
        if active.is_empty() {
            return error;
        }
        let step = alpha / active.len() as f32 * error * (1.0 - v * v);
        let base = phase.lo * self.per_phase;
        if phase.t == 0.0 {
            for &i in active {
                self.weights[base + i as usize] += step;
            }
        } else {
            let (lo, hi) = ((1.0 - phase.t) * step, phase.t * step);
            let next = base + self.per_phase;
            for &i in active {
                self.weights[base + i as usize] += lo;
                self.weights[next + i as usize] += hi;
            }
        }
        error
    }
}

/// One game's afterstates, kept to learn from at its end. Buffers are
/// reused from game to game.
#[derive(Clone, Debug, Default)]
pub struct Episode {
    /// Every afterstate's active features, one after the other.
    features: Vec<u32>,
    /// Where each afterstate's features start in `features`, its phase and
    /// whether its side is the one of the afterstate before.
    steps: Vec<(usize, Phase, bool)>,
    /// The exact values known, by afterstate, for its side.
    exact: Vec<Option<f32>>,
    /// The value of the best reply to each afterstate, for its side, where
    /// the game recorded it ([`Episode::set_reply`]).
    reply: Vec<Option<f32>>,
    last_side: Option<usize>,
}

impl Episode {
    /// Starts a new game.
    pub fn clear(&mut self) {
        self.features.clear();
        self.steps.clear();
        self.exact.clear();
        self.reply.clear();
        self.last_side = None;
    }

    /// Afterstates recorded so far.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Records the afterstate of a move by `side` (0 or 1), valued for that
    /// side, in `phase`, with these active features.
    pub fn push(&mut self, side: usize, phase: Phase, active: &[u32]) {
        let same = self.last_side == Some(side);
        self.last_side = Some(side);
        self.steps.push((self.features.len(), phase, same));
        self.exact.push(None);
        self.reply.push(None);
        self.features.extend_from_slice(active);
    }

    /// Gives the last afterstate pushed its exact value for its side (from
    /// −1 to +1, as the result): it learns toward that value, and the
    /// afterstates before it take it as its return.
    pub fn set_exact(&mut self, value: f32) {
        if let Some(e) = self.exact.last_mut() {
            *e = Some(value);
        }
    }

    /// Gives the last afterstate pushed the value of the best move that
    /// follows it, for the side of that move (`mover`, 0 or 1): the largest
    /// value among the afterstates the next decision chose from. It learns
    /// toward that value (turned for the other side) instead of the value
    /// of the move played, so that a random exploring move does not lower
    /// the value of the position before it.
    pub fn set_reply(&mut self, mover: usize, value: f32) {
        if let (Some(r), Some(side)) = (self.reply.last_mut(), self.last_side) {
            *r = Some(if side == mover { value } else { -value });
        }
    }

    /// The exact values given ([`Episode::set_exact`]), by afterstate.
    pub fn exact_values(&self) -> &[Option<f32>] {
        &self.exact
    }

    fn active(&self, t: usize) -> &[u32] {
        let start = self.steps[t].0;
        let end = self.steps.get(t + 1).map_or(self.features.len(), |s| s.0);
        &self.features[start..end]
    }

    /// Learns the game: `result` is the final result for the side of the
    /// last afterstate (+1 win, −1 loss, 0 draw, or any value between).
    /// From the last afterstate backwards, each moves toward its λ-return
    /// computed with the weights as they are after the later ones moved.
    pub fn learn(&self, net: &mut NTuple, result: f32, alpha: f32, lambda: f32) {
        let n = self.steps.len();
        if n == 0 {
            return;
        }
        // The return G of afterstate t+1, for t+1's side.
        let mut g = result;
        for t in (0..n).rev() {
            let (_, phase, _) = self.steps[t];
            let target = if let Some(exact) = self.exact[t] {
                exact
            } else if t + 1 == n {
                result
            } else {
                let (_, next_phase, same) = self.steps[t + 1];
                let sign = if same { 1.0 } else { -1.0 };
                match (self.reply[t], self.exact[t + 1]) {
                    (Some(best), None) => (1.0 - lambda) * best + lambda * sign * g,
                    (_, exact) => {
                        let v_next =
                            exact.unwrap_or_else(|| net.value(next_phase, self.active(t + 1)));
                        sign * ((1.0 - lambda) * v_next + lambda * g)
                    }
                }
            };
            net.update(phase, self.active(t), target, alpha);
            g = target;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tanh_is_odd_and_bounded() {
        for x in [0.0f32, 0.1, 0.5, 1.0, 3.0, 20.0, 100.0] {
            assert_eq!(tanh(-x), -tanh(x));
            assert!((tanh(x) - x.tanh()).abs() < 1e-6, "{x}");
            assert!(tanh(x) <= 1.0);
        }
    }

    #[test]
    fn an_update_moves_each_active_weight_by_the_hand_computed_step() {
        // Two phases of four weights; phase 1, features 0 and 2.
        let mut net =
            NTuple::from_weights(4, 2, vec![0.0, 0.0, 0.0, 0.0, 0.2, 0.0, 0.3, 0.0]).unwrap();
        let v = tanh(0.5);
        let err = net.update(Phase::at(1), &[0, 2], 1.0, 0.1);
        assert!((err - (1.0 - v)).abs() < 1e-7);
        // α/n · (target − V) · (1 − V²) with n = 2.
        let step = 0.1 / 2.0 * (1.0 - v) * (1.0 - v * v);
        assert_eq!(net.weights()[..4], [0.0; 4], "phase 0 untouched");
        assert!((net.weights()[4] - (0.2 + step)).abs() < 1e-7);
        assert!((net.weights()[6] - (0.3 + step)).abs() < 1e-7);
        assert_eq!(net.weights()[5], 0.0);
        // A feature active twice (a tuple and its symmetric image) moves twice.
        let mut net = NTuple::new(2, 1);
        net.update(Phase::at(0), &[1, 1], 1.0, 0.5);
        assert!((net.weights()[1] - 2.0 * 0.25).abs() < 1e-7);
    }

    /// Three afterstates: side 0, side 1, side 0; side 0 wins (+1 for the
    /// last afterstate's side).
    fn three_step_episode() -> Episode {
        let mut ep = Episode::default();
        ep.push(0, Phase::at(0), &[0]);
        ep.push(1, Phase::at(0), &[1]);
        ep.push(0, Phase::at(0), &[2]);
        ep
    }

    #[test]
    fn td0_learns_backwards_with_turned_signs() {
        let mut net = NTuple::from_weights(3, 1, vec![0.1, 0.2, 0.0]).unwrap();
        three_step_episode().learn(&mut net, 1.0, 1.0, 0.0);
        // n = 1 feature each, α = 1: w += (target − V)(1 − V²).
        let step = |w: f32, target: f32| {
            let v = tanh(w);
            w + (target - v) * (1.0 - v * v)
        };
        let w2 = step(0.0, 1.0);
        // Afterstate 1 (side 1) toward −V(afterstate 2) with its new weight.
        let w1 = step(0.2, -tanh(w2));
        let w0 = step(0.1, -tanh(w1));
        let got = net.weights();
        assert!((got[2] - w2).abs() < 1e-6, "{got:?}");
        assert!((got[1] - w1).abs() < 1e-6, "{got:?}");
        assert!((got[0] - w0).abs() < 1e-6, "{got:?}");
    }

    #[test]
    fn td_lambda_mixes_the_next_value_with_the_later_return() {
        let lambda = 0.5;
        let mut net = NTuple::from_weights(3, 1, vec![0.1, 0.2, 0.0]).unwrap();
        three_step_episode().learn(&mut net, 1.0, 1.0, lambda);
        let step = |w: f32, target: f32| {
            let v = tanh(w);
            w + (target - v) * (1.0 - v * v)
        };
        let w2 = step(0.0, 1.0);
        let g2 = 1.0;
        let g1 = -((1.0 - lambda) * tanh(w2) + lambda * g2);
        let w1 = step(0.2, g1);
        let g0 = -((1.0 - lambda) * tanh(w1) + lambda * g1);
        let w0 = step(0.1, g0);
        let got = net.weights();
        assert!((got[1] - w1).abs() < 1e-6, "{got:?}");
        assert!((got[0] - w0).abs() < 1e-6, "{got:?}");
        // λ = 1 is the Monte Carlo return: every afterstate toward ±result.
        let mut mc = NTuple::new(3, 1);
        three_step_episode().learn(&mut mc, 1.0, 1.0, 1.0);
        assert!(mc.weights()[0] > 0.0 && mc.weights()[1] < 0.0 && mc.weights()[2] > 0.0);
    }

    #[test]
    fn a_best_reply_stands_for_the_move_played() {
        // Afterstate 0 (side 0); side 1 then valued its best move at 0.6
        // but played another (afterstate 1, which side 0's last move
        // answers). Afterstate 0 learns toward −0.6, not −V(afterstate 1).
        let mut ep = Episode::default();
        ep.push(0, Phase::at(0), &[0]);
        ep.set_reply(1, 0.6);
        ep.push(1, Phase::at(0), &[1]);
        // Side 0's best answer to afterstate 1 is worth 0.2 to side 0:
        // afterstate 1 (side 1's) learns toward −0.2.
        ep.set_reply(0, 0.2);
        ep.push(0, Phase::at(0), &[2]);
        let mut net = NTuple::from_weights(3, 1, vec![0.1, 0.5, 0.0]).unwrap();
        ep.learn(&mut net, 1.0, 1.0, 0.0);
        let step = |w: f32, target: f32| {
            let v = tanh(w);
            w + (target - v) * (1.0 - v * v)
        };
        let got = net.weights();
        assert!((got[2] - step(0.0, 1.0)).abs() < 1e-6);
        assert!((got[1] - step(0.5, -0.2)).abs() < 1e-6, "{got:?}");
        assert!((got[0] - step(0.1, -0.6)).abs() < 1e-6, "{got:?}");
        // A reply by the same side keeps its sign.
        let mut ep = Episode::default();
        ep.push(0, Phase::at(0), &[0]);
        ep.set_reply(0, 0.3);
        ep.push(0, Phase::at(0), &[1]);
        let mut net = NTuple::new(2, 1);
        ep.learn(&mut net, -1.0, 1.0, 0.0);
        assert!((net.weights()[0] - step(0.0, 0.3)).abs() < 1e-6);
    }

    #[test]
    fn a_pass_keeps_the_sign() {
        // Side 0 moves twice in a row (side 1 passed): no turn of sign.
        let mut ep = Episode::default();
        ep.push(0, Phase::at(0), &[0]);
        ep.push(0, Phase::at(0), &[1]);
        let mut net = NTuple::new(2, 1);
        ep.learn(&mut net, 1.0, 1.0, 0.0);
        assert!(net.weights()[0] > 0.0 && net.weights()[1] > 0.0);
    }

    #[test]
    fn a_blended_phase_reads_and_moves_both_copies_by_their_shares() {
        // Two phases of two weights; feature 1 at a quarter of the way from
        // phase 0 to phase 1.
        let mut net = NTuple::from_weights(2, 2, vec![0.0, 0.4, 0.0, -0.4]).unwrap();
        let p = Phase::blend(0, 0.25);
        let w = 0.75 * 0.4 + 0.25 * -0.4;
        assert!((net.sum(p, &[1]) - w).abs() < 1e-7);
        let v = tanh(w);
        net.update(p, &[1], 1.0, 0.5);
        let step = 0.5 * (1.0 - v) * (1.0 - v * v);
        let got = net.weights();
        assert!((got[1] - (0.4 + 0.75 * step)).abs() < 1e-7, "{got:?}");
        assert!((got[3] - (-0.4 + 0.25 * step)).abs() < 1e-7, "{got:?}");
        assert_eq!((got[0], got[2]), (0.0, 0.0));
        // Unblended, a phase is its copy alone, as before.
        assert_eq!(net.sum(Phase::at(1), &[1]), got[3]);
    }

    #[test]
    fn an_exact_value_is_the_target_and_the_return_before_it() {
        // Side 0 wins in the end, but afterstate 1 (side 1) is known
        // exactly to be worth 0.5 to side 1: it learns toward 0.5, and
        // afterstate 0 toward −0.5 (the other side's view) rather than
        // toward the network's value of afterstate 1.
        let mut ep = three_step_episode();
        let mut net = NTuple::from_weights(3, 1, vec![0.3, 0.2, 0.0]).unwrap();
        ep.steps.truncate(2);
        ep.exact.truncate(2);
        ep.features.truncate(2);
        ep.set_exact(0.5);
        ep.learn(&mut net, 1.0, 1.0, 0.0);
        let step = |w: f32, target: f32| {
            let v = tanh(w);
            w + (target - v) * (1.0 - v * v)
        };
        let got = net.weights();
        assert!((got[1] - step(0.2, 0.5)).abs() < 1e-6, "{got:?}");
        assert!((got[0] - step(0.3, -0.5)).abs() < 1e-6, "{got:?}");
        // With λ = 1 the return is the exact value too, not the result.
        let mut mc = NTuple::from_weights(3, 1, vec![0.3, 0.2, 0.0]).unwrap();
        ep.learn(&mut mc, 1.0, 1.0, 1.0);
        assert!((mc.weights()[0] - step(0.3, -0.5)).abs() < 1e-6);
    }

    #[test]
    fn bad_weights_are_refused() {
        assert!(NTuple::from_weights(3, 2, vec![0.0; 5]).is_err());
        assert!(NTuple::from_weights(1, 1, vec![f32::NAN]).is_err());
        assert!(NTuple::from_weights(1, 0, vec![]).is_err());
    }
}
