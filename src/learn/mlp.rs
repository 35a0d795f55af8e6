//! A multilayer perceptron with one hidden layer, as flat `f32` arrays, trained
//! by backpropagation with the Othello study's momentum rule.
//!
//! ```text
//!   x (n_in) ──W1,b1──▶ u (H) ──φ──▶ y (H) ──W2,b2──▶ z (n_out) ──φ──▶ o (n_out)
//! ```
//!
//! # The output layer
//! The output units use the network's squashing function scaled to the range
//! (−1, 1) of the rewards: the bipolar sigmoid as it is, and arctan as
//! (2/π)·arctan ([`Activation::apply_output`]). Not a linear unit, and not
//! plain arctan. The outputs are Q-values of a game with rewards −1, 0, +1 and
//! γ = 1, so every true Q-value lies in [−1, 1]. The Q-update bootstraps on
//! the network's own max over the next position, and the max is biased
//! upwards; an output that can exceed 1 lets that bias feed on itself (with
//! plain arctan, range ±π/2, docs/othello.md shows it happen).
//! With the range (−1, 1) no bootstrapped target can exceed the best reward. Targets never
//! need ±1 exactly (they move only a fraction µ toward r), so the output units
//! are not pushed into saturation.
//!
//! # Memory layout
//! * `w1` is stored input-major: `w1[i * H + j]` is the weight from input `i`
//!   to hidden unit `j`. The hidden pre-activations are then a sum of columns
//!   `u += x_i · w1[i]`, a loop over `H` contiguous lanes that the compiler
//!   vectorises without reordering any sum, and inputs equal to 0 (empty
//!   squares in the QL1 encoding) are skipped.
//! * `w2` is stored output-major: `w2[k * H + j]` is the weight from hidden unit
//!   `j` to output `k`, so one output is a dot product of two contiguous rows.
//!   Only the outputs of legal moves are ever computed.
//! * Dot products use eight independent partial sums in a fixed order (see
//!   [`dot`]): vectorisable (SSE/AVX natively, `simd128` in wasm) and
//!   bit-identical on every platform, so the same seed gives the same weights
//!   natively and in the browser.
//!
//! # Learning rule
//! Error E = ½ Σ_k (t_k − o_k)². The step of a weight is nW = −η ∂E/∂W, and
//! momentum follows the study: dW ← α·dW + (1−α)·nW, then W ← W + dW, with
//! η = 0.1 and α = 0.9 by default. Every weight (and bias) has its own dW, so
//! each step moves all weights, also those whose gradient is zero.
//!
//! # Lazy momentum
//! In the Q-update only one output has an error, so 63 of the 64 rows of
//! `w2` get a zero gradient, and so do the rows of `w1` whose input is 0
//! (empty squares in QL1). For such a row, k steps of the rule reduce to a
//! closed form: W ← W + dW·(α + α² + … + α^k), dW ← α^k·dW. Each row
//! therefore carries a stamp (the number of steps already applied to it) and
//! is brought up to date only when it is read or receives a gradient
//! ([`Mlp::hidden_fresh`], [`Mlp::output_fresh`]), or by [`Mlp::sync`]. This
//! is the same rule, not an approximation (the results differ from applying
//! the steps one by one only in f32 rounding), and it more than halves the
//! work per move. Between training games the trainer calls [`Mlp::sync`], so
//! saved weights and the read-only methods ([`Mlp::hidden`],
//! [`Mlp::output`]) always see up-to-date rows.
//!
//! Nothing here allocates after [`Mlp::new`]: callers own a [`Hidden`] scratch
//! buffer and reuse it.

use std::cell::Cell;

use rand::Rng as _;

use super::activation::Activation;
use crate::game::Rng;

/// The number of independent partial sums in [`dot`].
const LANES: usize = 8;

/// Inputs gathered on the stack by [`Mlp::hidden`].
const MAX_GATHER: usize = 256;

/// Length of the table of α^k and Σα^j used to catch rows up. After about
/// 1000 steps α^k (α ≤ 0.93) is below the smallest f32, so longer gaps use
/// the last entry.
const DECAY_TABLE: usize = 1024;

/// (α^k, α + α² + … + α^k) for k = 0 .. DECAY_TABLE, by repeated f32
/// multiplication (identical on every platform).
fn decay_table(alpha: f32) -> Vec<(f32, f32)> {
    let mut t = Vec::with_capacity(DECAY_TABLE);
    let (mut p, mut s) = (1.0f32, 0.0f32);
    t.push((p, s));
    for _ in 1..DECAY_TABLE {
        p *= alpha;
        s += p;
        t.push((p, s));
    }
    t
}

/// k zero-gradient momentum steps at once: W += dW·Σα^j, dW ← α^k·dW.
#[inline]
fn catch_up(w: &mut [f32], d: &mut [f32], (pow, sum): (f32, f32)) {
    for (w, d) in w.iter_mut().zip(d.iter_mut()) {
        *w += *d * sum;
        *d *= pow;
    }
}

/// A one-hidden-layer perceptron with momentum state.
#[derive(Clone, Debug, PartialEq)]
pub struct Mlp {
    n_in: usize,
    n_hidden: usize,
    n_out: usize,
    activation: Activation,
    /// Learning rate η.
    pub learning_rate: f32,
    /// Momentum α (set with [`Mlp::set_momentum`]).
    momentum: f32,
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
    dw1: Vec<f32>,
    db1: Vec<f32>,
    dw2: Vec<f32>,
    db2: Vec<f32>,
    /// Training steps taken.
    steps: u64,
    /// Steps already applied to each row of `w1` / `dw1`.
    w1_stamp: Vec<u64>,
    /// Steps already applied to each row of `w2` / `dw2` and entry of
    /// `b2` / `db2`.
    w2_stamp: Vec<u64>,
    decay: Vec<(f32, f32)>,
    multiply_adds: Cell<u64>,
}

/// The hidden layer's state for one input: pre-activations `u` and outputs
/// `y = φ(u)`. Reused between calls; [`Mlp::hidden`] overwrites it.
#[derive(Clone, Debug, Default)]
pub struct Hidden {
    pub u: Vec<f32>,
    pub y: Vec<f32>,
}

impl Hidden {
    pub fn new(n_hidden: usize) -> Hidden {
        Hidden {
            u: vec![0.0; n_hidden],
            y: vec![0.0; n_hidden],
        }
    }
}

/// Σ a_i·b_i with eight partial sums in a fixed order (vectorisable and
/// deterministic across platforms). `a` and `b` have the same length.
#[inline]
pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    debug_assert_eq!(a.len(), b.len());
    let mut acc = [0.0f32; LANES];
    let mut ca = a.chunks_exact(LANES);
    let mut cb = b.chunks_exact(LANES);
    for (x, y) in (&mut ca).zip(&mut cb) {
        for k in 0..LANES {
            acc[k] += x[k] * y[k];
        }
    }
    let mut tail = 0.0f32;
    for (x, y) in ca.remainder().iter().zip(cb.remainder()) {
        tail += x * y;
    }
    ((acc[0] + acc[4]) + (acc[1] + acc[5])) + ((acc[2] + acc[6]) + (acc[3] + acc[7])) + tail
}

/// The momentum step for one row: for every lane,
/// `d = α·d + c·g_j` then `w += d`, where `g_j = g[j]·scale`.
#[inline]
fn momentum_row(w: &mut [f32], d: &mut [f32], g: &[f32], scale: f32, alpha: f32, c: f32) {
    let cs = c * scale;
    for ((w, d), &g) in w.iter_mut().zip(d.iter_mut()).zip(g) {
        *d = alpha * *d + cs * g;
        *w += *d;
    }
}

impl Mlp {
    /// A network with weights drawn uniformly from ±1/√fan-in (biases too),
    /// momentum zero, η = 0.1, α = 0.9.
    pub fn new(
        n_in: usize,
        n_hidden: usize,
        n_out: usize,
        activation: Activation,
        rng: &mut Rng,
    ) -> Mlp {
        assert!(n_in > 0 && n_hidden > 0 && n_out > 0, "empty layer");
        let mut init = |n: usize, fan_in: usize| -> Vec<f32> {
            let r = 1.0 / (fan_in as f32).sqrt();
            (0..n).map(|_| rng.random_range(-r..r)).collect()
        };
        let w1 = init(n_in * n_hidden, n_in);
        let b1 = init(n_hidden, n_in);
        let w2 = init(n_out * n_hidden, n_hidden);
        let b2 = init(n_out, n_hidden);
        Mlp {
            n_in,
            n_hidden,
            n_out,
            activation,
            learning_rate: 0.1,
            momentum: 0.9,
            dw1: vec![0.0; w1.len()],
            db1: vec![0.0; b1.len()],
            dw2: vec![0.0; w2.len()],
            db2: vec![0.0; b2.len()],
            w1,
            b1,
            w2,
            b2,
            steps: 0,
            w1_stamp: vec![0; n_in],
            w2_stamp: vec![0; n_out],
            decay: decay_table(0.9),
            multiply_adds: Cell::new(0),
        }
    }

    /// Momentum α.
    pub fn momentum(&self) -> f32 {
        self.momentum
    }

    /// Sets the momentum α (in [0, 1)). Brings every row up to date first.
    pub fn set_momentum(&mut self, alpha: f32) {
        assert!((0.0..1.0).contains(&alpha), "momentum must be in [0, 1)");
        self.sync();
        self.momentum = alpha;
        self.decay = decay_table(alpha);
    }

    #[inline]
    fn decay_for(&self, gap: u64) -> (f32, f32) {
        self.decay[(gap as usize).min(DECAY_TABLE - 1)]
    }

    /// Brings row `i` of `w1` up to date.
    #[inline]
    fn catch_up_w1(&mut self, i: usize) {
        let gap = self.steps - self.w1_stamp[i];
        if gap > 0 {
            let nh = self.n_hidden;
            let f = self.decay_for(gap);
            catch_up(
                &mut self.w1[i * nh..(i + 1) * nh],
                &mut self.dw1[i * nh..(i + 1) * nh],
                f,
            );
            self.w1_stamp[i] = self.steps;
            self.count(2 * nh as u64);
        }
    }

    /// Brings row `k` of `w2` and entry `k` of `b2` up to date.
    #[inline]
    fn catch_up_w2(&mut self, k: usize) {
        let gap = self.steps - self.w2_stamp[k];
        if gap > 0 {
            let nh = self.n_hidden;
            let f = self.decay_for(gap);
            catch_up(
                &mut self.w2[k * nh..(k + 1) * nh],
                &mut self.dw2[k * nh..(k + 1) * nh],
                f,
            );
            catch_up(
                std::slice::from_mut(&mut self.b2[k]),
                std::slice::from_mut(&mut self.db2[k]),
                f,
            );
            self.w2_stamp[k] = self.steps;
            self.count(2 * (nh + 1) as u64);
        }
    }

    /// Brings every row up to date (see the module notes on lazy momentum).
    pub fn sync(&mut self) {
        for i in 0..self.n_in {
            self.catch_up_w1(i);
        }
        for k in 0..self.n_out {
            self.catch_up_w2(k);
        }
    }

    /// Whether every row is up to date.
    pub fn is_synced(&self) -> bool {
        self.w1_stamp.iter().all(|&s| s == self.steps)
            && self.w2_stamp.iter().all(|&s| s == self.steps)
    }

    /// [`Mlp::hidden`] after bringing the rows it reads up to date.
    pub fn hidden_fresh(&mut self, x: &[f32], h: &mut Hidden) {
        for (i, &xi) in x.iter().enumerate() {
            if xi != 0.0 {
                self.catch_up_w1(i);
            }
        }
        self.hidden(x, h);
    }

    /// [`Mlp::output`] after bringing row `k` up to date.
    #[inline]
    pub fn output_fresh(&mut self, h: &Hidden, k: usize) -> f32 {
        self.catch_up_w2(k);
        self.output(h, k)
    }

    pub fn n_in(&self) -> usize {
        self.n_in
    }
    pub fn n_hidden(&self) -> usize {
        self.n_hidden
    }
    pub fn n_out(&self) -> usize {
        self.n_out
    }
    pub fn activation(&self) -> Activation {
        self.activation
    }

    /// Multiply-adds performed so far (forward and training), for
    /// benchmarks. A momentum step counts 3 per weight: α·dW, + (1−α)η·g,
    /// W + dW.
    pub fn multiply_adds(&self) -> u64 {
        self.multiply_adds.get()
    }

    #[inline]
    fn count(&self, n: u64) {
        self.multiply_adds.set(self.multiply_adds.get() + n);
    }

    /// A fresh scratch buffer for this network.
    pub fn scratch(&self) -> Hidden {
        Hidden::new(self.n_hidden)
    }

    /// The hidden layer for input `x`: `h.u = b1 + W1·x`, `h.y = φ(h.u)`.
    /// Inputs equal to 0 cost nothing; inputs ±1 need no multiplication.
    /// The rows read must be up to date (always true between training games;
    /// during one use [`Mlp::hidden_fresh`]).
    pub fn hidden(&self, x: &[f32], h: &mut Hidden) {
        assert_eq!(x.len(), self.n_in, "input size");
        let nh = self.n_hidden;
        h.u.resize(nh, 0.0);
        h.y.resize(nh, 0.0);
        // The non-zero inputs, gathered once (on the stack for up to
        // MAX_GATHER inputs; the study's encodings have 64 and 129).
        let mut idx = [0u32; MAX_GATHER];
        let mut val = [0.0f32; MAX_GATHER];
        let mut n = 0;
        if x.len() <= MAX_GATHER {
            for (i, &xi) in x.iter().enumerate() {
                if xi != 0.0 {
                    debug_assert_eq!(self.w1_stamp[i], self.steps, "stale row {i} of w1");
                    idx[n] = i as u32;
                    val[n] = xi;
                    n += 1;
                }
            }
            // Blocks of hidden units accumulate in registers over all inputs
            // (each unit still sums its inputs in input order).
            let mut j = 0;
            while j + 16 <= nh {
                self.hidden_block::<16>(j, &idx[..n], &val[..n], &mut h.u);
                j += 16;
            }
            while j + 4 <= nh {
                self.hidden_block::<4>(j, &idx[..n], &val[..n], &mut h.u);
                j += 4;
            }
            while j < nh {
                self.hidden_block::<1>(j, &idx[..n], &val[..n], &mut h.u);
                j += 1;
            }
        } else {
            h.u.copy_from_slice(&self.b1);
            for (&xi, col) in x.iter().zip(self.w1.chunks_exact(nh)) {
                if xi != 0.0 {
                    n += 1;
                    for (u, &w) in h.u.iter_mut().zip(col) {
                        *u += xi * w;
                    }
                }
            }
        }
        self.count((n * nh) as u64);
        self.activation.apply_slice(&h.u, &mut h.y);
    }

    /// Hidden units `j .. j + B`: u = b1 + Σ x_i·w1[i], accumulated in a
    /// register-sized array.
    #[inline(always)]
    fn hidden_block<const B: usize>(&self, j: usize, idx: &[u32], val: &[f32], u: &mut [f32]) {
        let nh = self.n_hidden;
        let mut acc: [f32; B] = self.b1[j..j + B].try_into().expect("block");
        for (&i, &xi) in idx.iter().zip(val) {
            let off = i as usize * nh + j;
            let w: &[f32; B] = self.w1[off..off + B].try_into().expect("block");
            for l in 0..B {
                acc[l] += xi * w[l];
            }
        }
        u[j..j + B].copy_from_slice(&acc);
    }

    /// Output `k` given the hidden layer: φ(b2_k + W2_k · y). Row `k` must be
    /// up to date (see [`Mlp::output_fresh`]).
    #[inline]
    pub fn output(&self, h: &Hidden, k: usize) -> f32 {
        debug_assert_eq!(self.w2_stamp[k], self.steps, "stale row {k} of w2");
        self.count(self.n_hidden as u64);
        self.activation.apply_output(self.z(h, k))
    }

    #[inline]
    fn z(&self, h: &Hidden, k: usize) -> f32 {
        let nh = self.n_hidden;
        self.b2[k] + dot(&self.w2[k * nh..(k + 1) * nh], &h.y)
    }

    /// Every output, written into `out` (length `n_out`).
    pub fn outputs(&self, h: &Hidden, out: &mut [f32]) {
        assert_eq!(out.len(), self.n_out, "output size");
        for (k, o) in out.iter_mut().enumerate() {
            *o = self.output(h, k);
        }
    }

    /// The full forward pass: hidden layer into `h`, every output into `out`.
    pub fn forward(&self, x: &[f32], h: &mut Hidden, out: &mut [f32]) {
        self.hidden(x, h);
        self.outputs(h, out);
    }

    /// One backpropagation step on a target that differs from the current
    /// output only at output `k`: the error is `target(o_k) − o_k` there and
    /// 0 elsewhere (the Q-learning update, whose target depends on the
    /// current output). `h` must hold the hidden layer of `x` under the
    /// current weights ([`Mlp::hidden`]). Returns the output `o_k` before the
    /// step.
    pub fn train_single(
        &mut self,
        x: &[f32],
        h: &Hidden,
        k: usize,
        target: impl FnOnce(f32) -> f32,
    ) -> f32 {
        let nh = self.n_hidden;
        self.catch_up_w2(k);
        let z = self.z(h, k);
        let o = self.activation.apply_output(z);
        let target = target(o);
        let delta_k = (target - o) * self.activation.output_derivative(z, o);
        self.step(x, h, |_| 0.0, Some((k, delta_k)));
        self.count(nh as u64);
        o
    }

    /// One backpropagation step towards `target` (all outputs). `h` must hold
    /// the hidden layer of `x` under the current weights. `out` receives the
    /// outputs before the step; `delta` is scratch of length `n_out`.
    pub fn train(
        &mut self,
        x: &[f32],
        h: &Hidden,
        target: &[f32],
        out: &mut [f32],
        delta: &mut [f32],
    ) {
        assert_eq!(target.len(), self.n_out, "target size");
        assert_eq!(delta.len(), self.n_out, "delta size");
        self.sync();
        self.outputs(h, out);
        for k in 0..self.n_out {
            let z = self.z(h, k);
            delta[k] = (target[k] - out[k]) * self.activation.output_derivative(z, out[k]);
        }
        self.step(x, h, |k| delta[k], None);
    }

    /// The momentum step given output deltas δ_k = (t_k − o_k)·φ′(z_k),
    /// either as a function of k or as a single non-zero entry.
    fn step(
        &mut self,
        x: &[f32],
        h: &Hidden,
        delta: impl Fn(usize) -> f32,
        single: Option<(usize, f32)>,
    ) {
        assert_eq!(x.len(), self.n_in, "input size");
        let nh = self.n_hidden;
        let alpha = self.momentum;
        let c = (1.0 - alpha) * self.learning_rate;

        // Hidden deltas δ_j = φ′(u_j)·Σ_k δ_k W2_kj, with W2 before the step.
        // Stored in a stack buffer when small, else the heap (never in the
        // study's sizes).
        let mut stack = [0.0f32; 256];
        let mut heap = Vec::new();
        let dh: &mut [f32] = if nh <= stack.len() {
            &mut stack[..nh]
        } else {
            heap.resize(nh, 0.0);
            &mut heap
        };
        match single {
            Some((k, dk)) => {
                for (j, d) in dh.iter_mut().enumerate() {
                    *d = dk * self.w2[k * nh + j];
                }
            }
            None => {
                for k in 0..self.n_out {
                    let dk = delta(k);
                    if dk != 0.0 {
                        for (d, &w) in dh.iter_mut().zip(&self.w2[k * nh..(k + 1) * nh]) {
                            *d += dk * w;
                        }
                    }
                }
                self.count((self.n_out * nh) as u64);
            }
        }
        for ((d, &u), &y) in dh.iter_mut().zip(&h.u).zip(&h.y) {
            *d *= self.activation.derivative(u, y);
        }

        // Output layer: nW2_kj = η δ_k y_j, nb2_k = η δ_k.
        for k in 0..self.n_out {
            let dk = match single {
                Some((s, dk)) => {
                    if s == k {
                        dk
                    } else {
                        0.0
                    }
                }
                None => delta(k),
            };
            if dk == 0.0 {
                // No gradient: the row lags and catches up when next used.
                continue;
            }
            self.catch_up_w2(k);
            let row = k * nh..(k + 1) * nh;
            momentum_row(
                &mut self.w2[row.clone()],
                &mut self.dw2[row],
                &h.y,
                dk,
                alpha,
                c,
            );
            self.db2[k] = alpha * self.db2[k] + c * dk;
            self.b2[k] += self.db2[k];
            self.w2_stamp[k] = self.steps + 1;
            self.count(3 * (nh + 1) as u64);
        }

        // Hidden layer: nW1_ij = η δ_j x_i, nb1_j = η δ_j.
        for (i, &xi) in x.iter().enumerate() {
            if xi == 0.0 {
                // No gradient: the row lags and catches up when next used.
                continue;
            }
            self.catch_up_w1(i);
            let row = i * nh..(i + 1) * nh;
            momentum_row(
                &mut self.w1[row.clone()],
                &mut self.dw1[row],
                dh,
                xi,
                alpha,
                c,
            );
            self.w1_stamp[i] = self.steps + 1;
            self.count(3 * nh as u64);
        }
        momentum_row(&mut self.b1, &mut self.db1, dh, 1.0, alpha, c);
        self.count(4 * nh as u64);
        self.steps += 1;
    }

    /// The parameters and momentum arrays by name, for serialisation:
    /// `w1` (input-major), `b1`, `w2` (output-major), `b2`, and their momenta
    /// `dw1`, `db1`, `dw2`, `db2`. Every row must be up to date
    /// ([`Mlp::sync`]).
    pub fn arrays(&self) -> [(&'static str, &[f32]); 8] {
        assert!(self.is_synced(), "arrays of a network with lagging rows");
        [
            ("w1", &self.w1),
            ("b1", &self.b1),
            ("w2", &self.w2),
            ("b2", &self.b2),
            ("dw1", &self.dw1),
            ("db1", &self.db1),
            ("dw2", &self.dw2),
            ("db2", &self.db2),
        ]
    }

    /// Rebuilds a network from its shape and the named arrays of
    /// [`Mlp::arrays`]. Checks every length and that every value is finite.
    pub fn from_arrays<'a>(
        n_in: usize,
        n_hidden: usize,
        n_out: usize,
        activation: Activation,
        mut get: impl FnMut(&str) -> Option<&'a [f32]>,
    ) -> Result<Mlp, String> {
        if n_in == 0 || n_hidden == 0 || n_out == 0 {
            return Err("a layer of the network is empty".into());
        }
        let mut take = |name: &str, len: usize| -> Result<Vec<f32>, String> {
            let a = get(name).ok_or_else(|| format!("array {name:?} is missing"))?;
            if a.len() != len {
                return Err(format!(
                    "array {name:?} has {} values, expected {len}",
                    a.len()
                ));
            }
            if let Some(i) = a.iter().position(|v| !v.is_finite()) {
                return Err(format!("array {name:?} has a non-finite value at {i}"));
            }
            Ok(a.to_vec())
        };
        Ok(Mlp {
            n_in,
            n_hidden,
            n_out,
            activation,
            learning_rate: 0.1,
            momentum: 0.9,
            w1: take("w1", n_in * n_hidden)?,
            b1: take("b1", n_hidden)?,
            w2: take("w2", n_out * n_hidden)?,
            b2: take("b2", n_out)?,
            dw1: take("dw1", n_in * n_hidden)?,
            db1: take("db1", n_hidden)?,
            dw2: take("dw2", n_out * n_hidden)?,
            db2: take("db2", n_out)?,
            steps: 0,
            w1_stamp: vec![0; n_in],
            w2_stamp: vec![0; n_out],
            decay: decay_table(0.9),
            multiply_adds: Cell::new(0),
        })
    }

    /// All parameters in a fixed order (w1, b1, w2, b2): for tests.
    #[cfg(test)]
    fn params_mut(&mut self) -> [&mut Vec<f32>; 4] {
        [&mut self.w1, &mut self.b1, &mut self.w2, &mut self.b2]
    }

    /// Whether two networks (both up to date) have bit-identical weights and
    /// momenta.
    pub fn same_weights(&self, other: &Mlp) -> bool {
        self.arrays()
            .iter()
            .zip(other.arrays().iter())
            .all(|((_, a), (_, b))| {
                a.len() == b.len()
                    && a.iter()
                        .zip(b.iter())
                        .all(|(x, y)| x.to_bits() == y.to_bits())
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng_from_seed;

    /// E = ½ Σ (t − o)² in f64 from an f32 forward pass.
    fn loss(net: &Mlp, x: &[f32], t: &[f32]) -> f64 {
        let mut h = net.scratch();
        let mut out = vec![0.0; net.n_out()];
        net.forward(x, &mut h, &mut out);
        out.iter()
            .zip(t)
            .map(|(&o, &t)| 0.5 * (t as f64 - o as f64).powi(2))
            .sum()
    }

    /// −∂E/∂p for every parameter by central differences.
    fn fd_gradient(net: &Mlp, x: &[f32], t: &[f32]) -> Vec<Vec<f64>> {
        let eps = 1e-2f32;
        let mut grads = Vec::new();
        for p in 0..4 {
            let len = net.clone().params_mut()[p].len();
            let mut g = Vec::with_capacity(len);
            for i in 0..len {
                let mut plus = net.clone();
                plus.params_mut()[p][i] += eps;
                let mut minus = net.clone();
                minus.params_mut()[p][i] -= eps;
                let d = (loss(&plus, x, t) - loss(&minus, x, t)) / (2.0 * eps as f64);
                g.push(-d);
            }
            grads.push(g);
        }
        grads
    }

    fn params(net: &Mlp) -> Vec<Vec<f32>> {
        let mut n = net.clone();
        n.sync();
        n.params_mut().iter().map(|v| v.to_vec()).collect()
    }

    fn assert_close(step: &[Vec<f64>], want: &[Vec<f64>], what: &str) {
        let scale = want
            .iter()
            .flatten()
            .fold(0.0f64, |m, v| m.max(v.abs()))
            .max(1e-6);
        for (p, (s, w)) in step.iter().zip(want).enumerate() {
            for (i, (a, b)) in s.iter().zip(w).enumerate() {
                assert!(
                    (a - b).abs() <= 2e-3 * scale + 2e-2 * b.abs(),
                    "{what}: param array {p} index {i}: backprop {a}, finite differences {b}"
                );
            }
        }
    }

    fn sample_input(rng: &mut Rng, n: usize) -> Vec<f32> {
        (0..n)
            .map(|i| match i % 4 {
                0 => 0.0,
                1 => 1.0,
                2 => -1.0,
                _ => rng.random_range(-1.0..1.0),
            })
            .collect()
    }

    /// One step from zero momentum moves each weight by (1−α)·η·(−∂E/∂W);
    /// the second step by α·dW + (1−α)·η·(−∂E/∂W) at the new weights.
    fn check_backprop(act: Activation, single: bool) {
        let mut rng = rng_from_seed(7);
        let (n_in, nh, n_out) = (13, 11, 5);
        let mut net = Mlp::new(n_in, nh, n_out, act, &mut rng);
        let (alpha, eta) = (net.momentum() as f64, net.learning_rate as f64);
        let mut prev_step: Option<Vec<Vec<f64>>> = None;
        for round in 0..2 {
            let x = sample_input(&mut rng, n_in);
            let mut h = net.scratch();
            let mut out = vec![0.0; n_out];
            net.sync();
            net.forward(&x, &mut h, &mut out);
            let k = 3;
            let target: Vec<f32> = if single {
                let mut t = out.clone();
                t[k] = out[k] + 0.4;
                t
            } else {
                (0..n_out).map(|_| rng.random_range(-0.9..0.9)).collect()
            };
            let grad = fd_gradient(&net, &x, &target);
            let before = params(&net);
            if single {
                net.train_single(&x, &h, k, |_| target[k]);
            } else {
                let mut delta = vec![0.0; n_out];
                net.train(&x, &h, &target, &mut out, &mut delta);
            }
            let after = params(&net);
            let step: Vec<Vec<f64>> = before
                .iter()
                .zip(&after)
                .map(|(b, a)| a.iter().zip(b).map(|(a, b)| (a - b) as f64).collect())
                .collect();
            let want: Vec<Vec<f64>> = grad
                .iter()
                .enumerate()
                .map(|(p, g)| {
                    g.iter()
                        .enumerate()
                        .map(|(i, g)| {
                            let m = prev_step.as_ref().map_or(0.0, |s| s[p][i]);
                            alpha * m + (1.0 - alpha) * eta * g
                        })
                        .collect()
                })
                .collect();
            assert_close(
                &step,
                &want,
                &format!("{act:?} single={single} round {round}"),
            );
            prev_step = Some(step);
        }
    }

    #[test]
    fn backprop_matches_finite_differences_sigmoid() {
        check_backprop(Activation::Sigmoid, false);
        check_backprop(Activation::Sigmoid, true);
    }

    #[test]
    fn backprop_matches_finite_differences_arctan() {
        check_backprop(Activation::Arctan, false);
        check_backprop(Activation::Arctan, true);
    }

    #[test]
    fn training_reduces_error() {
        let mut rng = rng_from_seed(3);
        let mut net = Mlp::new(8, 16, 4, Activation::Arctan, &mut rng);
        let x: Vec<f32> = sample_input(&mut rng, 8);
        let t = [0.5, -0.5, 0.25, 0.0];
        let before = loss(&net, &x, &t);
        let mut h = net.scratch();
        let mut out = [0.0; 4];
        let mut delta = [0.0; 4];
        for _ in 0..200 {
            net.hidden_fresh(&x, &mut h);
            net.train(&x, &h, &t, &mut out, &mut delta);
        }
        net.sync();
        let after = loss(&net, &x, &t);
        assert!(after < before * 0.01, "loss {before} -> {after}");
    }

    /// Lazy rows give the same weights as applying every zero-gradient step
    /// (up to f32 rounding).
    #[test]
    fn lazy_momentum_matches_eager_steps() {
        let mut rng = rng_from_seed(12);
        let mut lazy = Mlp::new(10, 8, 6, Activation::Sigmoid, &mut rng);
        let mut eager = lazy.clone();
        let mut h = lazy.scratch();
        for step in 0..300 {
            let mut x = sample_input(&mut rng, 10);
            x[step % 10] = 0.0;
            let k = (step * 7) % 6;
            let t = rng.random_range(-0.9..0.9);
            lazy.hidden_fresh(&x, &mut h);
            lazy.train_single(&x, &h, k, |_| t);
            // Eager: every row up to date before and after each step.
            eager.sync();
            eager.hidden(&x, &mut h);
            eager.train_single(&x, &h, k, |_| t);
            eager.sync();
        }
        lazy.sync();
        for ((name, a), (_, b)) in lazy.arrays().iter().zip(eager.arrays().iter()) {
            for (i, (x, y)) in a.iter().zip(b.iter()).enumerate() {
                assert!(
                    (x - y).abs() <= 1e-5 * (1.0 + y.abs()),
                    "{name}[{i}]: {x} vs {y}"
                );
            }
        }
    }

    #[test]
    fn dot_handles_remainders() {
        for n in 0..20 {
            let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
            let b: Vec<f32> = (0..n).map(|i| 1.0 + i as f32 * 0.5).collect();
            let want: f32 = a.iter().zip(&b).map(|(x, y)| x * y).sum();
            assert!((dot(&a, &b) - want).abs() < 1e-3 * want.abs().max(1.0));
        }
    }

    #[test]
    fn same_seed_same_weights() {
        let a = Mlp::new(64, 40, 64, Activation::Sigmoid, &mut rng_from_seed(5));
        let b = Mlp::new(64, 40, 64, Activation::Sigmoid, &mut rng_from_seed(5));
        let c = Mlp::new(64, 40, 64, Activation::Sigmoid, &mut rng_from_seed(6));
        assert!(a.same_weights(&b));
        assert!(!a.same_weights(&c));
    }

    #[test]
    fn arrays_round_trip_and_validate() {
        let a = Mlp::new(5, 3, 2, Activation::Arctan, &mut rng_from_seed(1));
        let arrays = a.arrays();
        let get = |n: &str| arrays.iter().find(|(k, _)| *k == n).map(|(_, v)| *v);
        let b = Mlp::from_arrays(5, 3, 2, Activation::Arctan, get).unwrap();
        assert!(a.same_weights(&b));
        assert!(Mlp::from_arrays(5, 4, 2, Activation::Arctan, get).is_err());
        let bad = [f32::NAN; 15];
        let get_bad = |n: &str| {
            if n == "w1" {
                Some(&bad[..])
            } else {
                get(n)
            }
        };
        assert!(Mlp::from_arrays(5, 3, 2, Activation::Arctan, get_bad)
            .unwrap_err()
            .contains("non-finite"));
    }
}
