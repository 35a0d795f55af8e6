//! Activation functions of the Othello study's networks, with portable
//! polynomial implementations of `exp` and `atan`.
//!
//! Why not `f32::exp` / `f32::atan`? Those call the platform's libm, which
//! differs between the native build (the system's C library) and the wasm
//! build (Rust's port of musl's libm). The polynomials below use only `+ - * /`
//! and bit manipulation, which IEEE 754 defines exactly, so a training run
//! gives bit-identical weights natively and in the browser for the same seed.
//! They are also branch-light and cheap, which matters: the hidden layer calls
//! the activation 64 times per forward pass. Both are accurate to a few units
//! in the last place of an `f32` (checked against `f64` in the tests).

use serde::{Deserialize, Serialize};

/// The squashing function φ of the hidden layer (and, see
/// [`crate::learn::mlp`], of the output layer).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Activation {
    /// The bipolar sigmoid φ(x) = 2/(1+e^−x) − 1 (= tanh(x/2)), range (−1, 1).
    Sigmoid,
    /// φ(x) = arctan x, range (−π/2, π/2).
    Arctan,
}

impl Activation {
    /// The name used on the command line and in model headers.
    pub fn name(self) -> &'static str {
        match self {
            Activation::Sigmoid => "sigmoid",
            Activation::Arctan => "arctan",
        }
    }

    /// Reads `sigmoid` or `arctan`.
    pub fn parse(text: &str) -> Result<Activation, String> {
        match text {
            "sigmoid" => Ok(Activation::Sigmoid),
            "arctan" => Ok(Activation::Arctan),
            other => Err(format!(
                "unknown activation {other} (expected \"sigmoid\" or \"arctan\")",
                other = crate::words::quote(other)
            )),
        }
    }

    /// φ(x).
    #[inline]
    pub fn apply(self, x: f32) -> f32 {
        match self {
            Activation::Sigmoid => bipolar_sigmoid(x),
            Activation::Arctan => atan(x),
        }
    }

    /// φ′(x), given the input `x` and the output `y = φ(x)`.
    #[inline]
    pub fn derivative(self, x: f32, y: f32) -> f32 {
        match self {
            // d/dx (2/(1+e^−x) − 1) = (1 − y²)/2.
            Activation::Sigmoid => 0.5 * (1.0 - y * y),
            // d/dx arctan x = 1/(1 + x²).
            Activation::Arctan => 1.0 / (1.0 + x * x),
        }
    }

    /// The output layer's function: φ scaled to the range (−1, 1), i.e. the
    /// bipolar sigmoid itself and (2/π)·arctan (see [`crate::learn::mlp`]).
    #[inline]
    pub fn apply_output(self, x: f32) -> f32 {
        match self {
            Activation::Sigmoid => bipolar_sigmoid(x),
            Activation::Arctan => std::f32::consts::FRAC_2_PI * atan(x),
        }
    }

    /// The derivative of [`Activation::apply_output`] given `x` and its
    /// output `y`.
    #[inline]
    pub fn output_derivative(self, x: f32, y: f32) -> f32 {
        match self {
            Activation::Sigmoid => 0.5 * (1.0 - y * y),
            Activation::Arctan => std::f32::consts::FRAC_2_PI / (1.0 + x * x),
        }
    }

    /// Applies φ to every element of `x`, writing `y`.
    #[inline]
    pub fn apply_slice(self, x: &[f32], y: &mut [f32]) {
        match self {
            Activation::Sigmoid => {
                for (y, &x) in y.iter_mut().zip(x) {
                    *y = bipolar_sigmoid(x);
                }
            }
            Activation::Arctan => {
                for (y, &x) in y.iter_mut().zip(x) {
                    *y = atan(x);
                }
            }
        }
    }
}

/// 2/(1+e^−x) − 1, computed as (1 − e^−x)/(1 + e^−x) for x ≥ 0 and by symmetry
/// for x < 0 (exact odd symmetry, no cancellation near ±∞).
#[inline]
pub fn bipolar_sigmoid(x: f32) -> f32 {
    let e = exp(-x.abs());
    let t = (1.0 - e) / (1.0 + e);
    if x < 0.0 {
        -t
    } else {
        t
    }
}

/// e^x for f32, portable (Cephes `expf` polynomial). Inputs are clamped to
/// [−87, 88], where e^x is a normal f32.
#[inline]
pub fn exp(x: f32) -> f32 {
    const LOG2E: f32 = std::f32::consts::LOG2_E;
    const C1: f32 = 0.693_359_4;
    const C2: f32 = -2.121_944_4e-4;
    let x = x.clamp(-87.0, 88.0);
    // n = round(x / ln 2); `as i32` truncates toward zero, so shift by ±0.5.
    let t = x * LOG2E;
    let n = (t + if t < 0.0 { -0.5 } else { 0.5 }) as i32;
    let nf = n as f32;
    let r = x - nf * C1 - nf * C2;
    let p = ((((1.987_569_2e-4 * r + 1.398_199_9e-3) * r + 8.333_452e-3) * r + 4.166_579_6e-2) * r
        + 1.666_666_5e-1)
        * r
        + 5e-1;
    let e_r = p * r * r + r + 1.0;
    // 2^n from the exponent bits; n is in [−126, 127] after the clamp.
    e_r * f32::from_bits(((n + 127) as u32) << 23)
}

/// arctan x for f32, portable (Cephes `atanf`: range reduction to
/// |x| ≤ tan(π/8), then an odd polynomial).
#[inline]
pub fn atan(x: f32) -> f32 {
    const TAN_3PI_8: f32 = 2.414_213_5;
    const TAN_PI_8: f32 = 0.414_213_57;
    let a = x.abs();
    let (base, r) = if a > TAN_3PI_8 {
        (std::f32::consts::FRAC_PI_2, -1.0 / a)
    } else if a > TAN_PI_8 {
        (std::f32::consts::FRAC_PI_4, (a - 1.0) / (a + 1.0))
    } else {
        (0.0, a)
    };
    let z = r * r;
    let p = (((8.053_744_5e-2 * z - 1.387_768_6e-1) * z + 1.997_771_1e-1) * z - 3.333_295e-1) * z;
    let y = base + (p * r + r);
    if x < 0.0 {
        -y
    } else {
        y
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> impl Iterator<Item = f32> {
        (-4000..=4000).map(|i| i as f32 * 0.01)
    }

    #[test]
    fn exp_matches_f64() {
        for x in grid().chain([-80.0, -50.0, 30.0, 80.0]) {
            let want = (x as f64).exp();
            let got = exp(x) as f64;
            assert!(
                ((got - want) / want).abs() < 4e-7,
                "exp({x}) = {got}, want {want}"
            );
        }
    }

    #[test]
    fn atan_matches_f64() {
        for x in grid().chain([-1e6, -100.0, 100.0, 1e6]) {
            let want = (x as f64).atan();
            let got = atan(x) as f64;
            assert!((got - want).abs() < 3e-7, "atan({x}) = {got}, want {want}");
        }
    }

    #[test]
    fn sigmoid_is_bipolar_and_odd() {
        for x in grid() {
            let want = 2.0 / (1.0 + (-(x as f64)).exp()) - 1.0;
            let got = bipolar_sigmoid(x) as f64;
            assert!((got - want).abs() < 3e-7, "φ({x}) = {got}, want {want}");
            assert_eq!(bipolar_sigmoid(-x), -bipolar_sigmoid(x));
        }
        assert_eq!(bipolar_sigmoid(0.0), 0.0);
        assert!(bipolar_sigmoid(100.0) <= 1.0 && bipolar_sigmoid(-100.0) >= -1.0);
    }

    #[test]
    fn derivatives_match_finite_differences() {
        for act in [Activation::Sigmoid, Activation::Arctan] {
            for x in (-60..=60).map(|i| i as f32 * 0.1) {
                let h = 1e-3f64;
                let x64 = x as f64;
                let f = |v: f64| match act {
                    Activation::Sigmoid => 2.0 / (1.0 + (-v).exp()) - 1.0,
                    Activation::Arctan => v.atan(),
                };
                let fd = (f(x64 + h) - f(x64 - h)) / (2.0 * h);
                let d = act.derivative(x, act.apply(x)) as f64;
                assert!((d - fd).abs() < 1e-5, "{act:?} φ'({x}) = {d}, fd {fd}");
                let scale = match act {
                    Activation::Sigmoid => 1.0,
                    Activation::Arctan => std::f64::consts::FRAC_2_PI,
                };
                let d_out = act.output_derivative(x, act.apply_output(x)) as f64;
                assert!((d_out - scale * fd).abs() < 1e-5, "{act:?} output φ'({x})");
                assert!(act.apply_output(x).abs() < 1.0);
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for act in [Activation::Sigmoid, Activation::Arctan] {
            assert_eq!(Activation::parse(act.name()), Ok(act));
        }
        assert!(Activation::parse("relu").is_err());
    }
}
