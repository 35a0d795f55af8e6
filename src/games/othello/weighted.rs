//! The Reversi study's evaluation: weighted squares plus mobility.
//!
//! Score = Σ w[i,j]·b[i,j] + v·c, from the side to move: b is +1 for the
//! mover's disc, −1 for the opponent's, 0 for an empty square. Squares share
//! their weight by symmetric region:
//!
//! ```text
//!   a b d d d d b a      a  corners
//!   b c e e e e c b      b  edge squares next to a corner
//!   d e f f f f e d      c  diagonal squares next to a corner
//!   d e f f f f e d      d  other edge squares
//!   d e f f f f e d      e  squares next to the edge (the second ring, but c)
//!   d e f f f f e d      f  the centre (the inner 4 × 4)
//!   b c e e e e c b
//!   a b d d d d b a
//! ```
//!
//! **Mobility.** c is the *difference* of the two sides' numbers of legal
//! placements (the mover's minus the opponent's), so that the evaluation is
//! the same position seen from either side with the sign flipped, as negamax
//! needs; the study's "number of legal moves" of the mover alone would make
//! the value of a position depend on whose turn it is beyond that.
//!
//! The study's hand-set values are a = 60, b = −30, c = −40, d = 25, e = −25,
//! f = 1, v = 5 ([`Weights::STUDY`]); every square weight 1 and v = 0 is the
//! greedy "maximal" strategy ([`Weights::GREEDY`]).
//!
//! **Randomness.** An evaluator may add uniform noise in ±`noise` to each
//! value it gives, drawn from its own seeded generator, so that two players
//! with the same weights play different games (the same seed, the same game).

use serde::{Deserialize, Serialize};

use rand::Rng as _;

use super::{moves_mask, Board};
use crate::game::{rng_from_seed, Rng};
use crate::search::alphabeta::Evaluator;

/// The six region masks, in the order a, b, c, d, e, f.
pub const REGIONS: [u64; 6] = regions();

const fn regions() -> [u64; 6] {
    let mut r = [0u64; 6];
    let mut sq = 0;
    while sq < 64 {
        let (row, col) = (sq / 8, sq % 8);
        // Distance from the nearest edge, along each axis.
        let er = if row < 4 { row } else { 7 - row };
        let ec = if col < 4 { col } else { 7 - col };
        let region = if er == 0 && ec == 0 {
            0 // a: corner
        } else if (er == 0 && ec == 1) || (er == 1 && ec == 0) {
            1 // b: edge next to a corner
        } else if er == 1 && ec == 1 {
            2 // c: diagonal next to a corner
        } else if er == 0 || ec == 0 {
            3 // d: other edge
        } else if er == 1 || ec == 1 {
            4 // e: next to the edge
        } else {
            5 // f: centre
        };
        r[region] |= 1u64 << sq;
        sq += 1;
    }
    r
}

/// The seven coefficients of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weights {
    /// Corners.
    pub a: f64,
    /// Edge squares next to a corner.
    pub b: f64,
    /// Diagonal squares next to a corner.
    pub c: f64,
    /// Other edge squares.
    pub d: f64,
    /// Squares next to the edge.
    pub e: f64,
    /// The centre.
    pub f: f64,
    /// Mobility (the difference of legal placements).
    pub v: f64,
}

impl Weights {
    /// The study's hand-set values.
    pub const STUDY: Weights = Weights {
        a: 60.0,
        b: -30.0,
        c: -40.0,
        d: 25.0,
        e: -25.0,
        f: 1.0,
        v: 5.0,
    };

    /// Every square 1, no mobility: the most discs now ("maximal").
    pub const GREEDY: Weights = Weights {
        a: 1.0,
        b: 1.0,
        c: 1.0,
        d: 1.0,
        e: 1.0,
        f: 1.0,
        v: 0.0,
    };

    /// The names of the coefficients, in [`Weights::to_array`] order.
    pub const NAMES: [&'static str; 7] = ["a", "b", "c", "d", "e", "f", "v"];

    /// What each coefficient values, in words, in the same order.
    pub const WORDS: [&'static str; 7] = [
        "corners",
        "edge squares next to a corner",
        "diagonal squares next to a corner",
        "other edge squares",
        "squares next to the edge",
        "the centre",
        "mobility",
    ];

    pub fn to_array(self) -> [f64; 7] {
        [self.a, self.b, self.c, self.d, self.e, self.f, self.v]
    }

    pub fn from_array(w: [f64; 7]) -> Weights {
        Weights {
            a: w[0],
            b: w[1],
            c: w[2],
            d: w[3],
            e: w[4],
            f: w[5],
            v: w[6],
        }
    }

    /// Checks that every coefficient is a finite number of at most 10,000
    /// in size.
    pub fn validate(&self) -> Result<(), String> {
        for (name, w) in Self::NAMES.iter().zip(self.to_array()) {
            if !(w.is_finite() && w.abs() <= 10_000.0) {
                return Err(format!(
                    "the coefficient {name} must be a number from −10,000 to 10,000, not {}",
                    crate::words::number(w)
                ));
            }
        }
        Ok(())
    }

    /// The weight of every square (a1 = 0 … h8 = 63).
    pub fn squares(&self) -> [f64; 64] {
        let w = self.to_array();
        let mut out = [0.0; 64];
        for (r, mask) in REGIONS.iter().enumerate() {
            for (sq, o) in out.iter_mut().enumerate() {
                if mask >> sq & 1 == 1 {
                    *o = w[r];
                }
            }
        }
        out
    }
}

/// Values are kept in hundredths, as integers, for the search.
pub const SCALE: f64 = 100.0;

/// The evaluation as an [`Evaluator`] for the generic search.
#[derive(Clone, Debug)]
pub struct WeightedEval {
    /// Region weights and the mobility weight, in hundredths.
    region: [i32; 6],
    mobility: i32,
    /// Noise amplitude in hundredths (0: none).
    noise: i32,
    rng: Rng,
    /// The squares' weights in hundredths, for move ordering.
    square: [i32; 64],
}

impl WeightedEval {
    /// An evaluation with these weights, noise of ±`noise` (in the weights'
    /// units) drawn from a generator seeded with `seed`.
    pub fn new(w: &Weights, noise: f64, seed: u64) -> WeightedEval {
        let h = |x: f64| (x * SCALE).round() as i32;
        let arr = w.to_array();
        let mut square = [0; 64];
        for (sq, v) in w.squares().iter().enumerate() {
            square[sq] = h(*v);
        }
        WeightedEval {
            region: [
                h(arr[0]),
                h(arr[1]),
                h(arr[2]),
                h(arr[3]),
                h(arr[4]),
                h(arr[5]),
            ],
            mobility: h(arr[6]),
            noise: h(noise.abs()),
            rng: rng_from_seed(seed),
            square,
        }
    }

    /// The value for the side to move, without noise, in hundredths.
    #[inline]
    pub fn exact(&self, g: &Board) -> i32 {
        let (own, opp) = (g.own(), g.opp());
        let mut v = 0;
        for (mask, w) in REGIONS.iter().zip(self.region) {
            v += w * ((own & mask).count_ones() as i32 - (opp & mask).count_ones() as i32);
        }
        if self.mobility != 0 {
            let c =
                moves_mask(own, opp).count_ones() as i32 - moves_mask(opp, own).count_ones() as i32;
            v += self.mobility * c;
        }
        v
    }
}

impl Evaluator<Board> for WeightedEval {
    fn evaluate(&mut self, g: &Board) -> i32 {
        let v = self.exact(g);
        if self.noise > 0 {
            v + self.rng.random_range(-self.noise..=self.noise)
        } else {
            v
        }
    }

    /// Heavier squares first (corners before their neighbours).
    fn order(&mut self, _g: &Board, moves: &mut [u8]) {
        let square = &self.square;
        moves.sort_by_key(|&m| -square.get(usize::from(m)).copied().unwrap_or(i32::MIN + 1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Side};

    #[test]
    fn regions_cover_the_board_once_with_the_right_sizes() {
        let sizes: Vec<u32> = REGIONS.iter().map(|m| m.count_ones()).collect();
        assert_eq!(sizes, [4, 8, 4, 16, 16, 16]);
        assert_eq!(REGIONS.iter().fold(0, |a, m| a | m), u64::MAX);
        // a1, b1, b2, c1, c2, c3 are a, b, c, d, e, f.
        for (sq, region) in [(0, 0), (1, 1), (9, 2), (2, 3), (10, 4), (18, 5)] {
            assert_eq!(REGIONS[region] >> sq & 1, 1, "square {sq}");
        }
        // Symmetric under the board's eight symmetries: h8, a8, h1 are corners.
        for sq in [7, 56, 63] {
            assert_eq!(REGIONS[0] >> sq & 1, 1);
        }
    }

    #[test]
    fn values_of_hand_made_positions() {
        let eval = WeightedEval::new(&Weights::STUDY, 0.0, 1);
        // The start: symmetric, equal mobility (4 each): 0.
        assert_eq!(eval.exact(&Board::start()), 0);
        // Black on a1 and b2, white on h8; black to move.
        let b = Board::from_discs(1 | 1 << 9, 1 << 63, Side::First).unwrap();
        let black_moves = b.legal_mask().count_ones() as i32;
        let white_moves = moves_mask(b.opp(), b.own()).count_ones() as i32;
        // a (60) + c (−40) for black, − a (60) for white, + 5 × mobility.
        assert_eq!(
            eval.exact(&b),
            100 * (60 - 40 - 60 + 5 * (black_moves - white_moves))
        );
        // The same position with white to move: the negation.
        let w = Board::from_discs(1 | 1 << 9, 1 << 63, Side::Second).unwrap();
        assert_eq!(eval.exact(&w), -eval.exact(&b));
        // Greedy weights count discs: 2 − 1.
        let greedy = WeightedEval::new(&Weights::GREEDY, 0.0, 1);
        assert_eq!(greedy.exact(&b), 100);
    }

    #[test]
    fn noise_is_bounded_and_seeded() {
        let b = Board::start();
        let mut e1 = WeightedEval::new(&Weights::STUDY, 3.0, 9);
        let mut e2 = WeightedEval::new(&Weights::STUDY, 3.0, 9);
        let v1: Vec<i32> = (0..50).map(|_| e1.evaluate(&b)).collect();
        let v2: Vec<i32> = (0..50).map(|_| e2.evaluate(&b)).collect();
        assert_eq!(v1, v2);
        assert!(v1.iter().all(|v| v.abs() <= 300));
        assert!(v1.iter().any(|&v| v != v1[0]));
        let mut moves = Vec::new();
        b.legal_moves(&mut moves);
        assert_eq!(moves.len(), 4);
    }

    #[test]
    fn weights_are_checked() {
        assert!(Weights::STUDY.validate().is_ok());
        let mut w = Weights::STUDY;
        w.c = f64::NAN;
        assert!(w.validate().unwrap_err().contains("coefficient c"));
        assert_eq!(
            Weights::from_array(Weights::STUDY.to_array()),
            Weights::STUDY
        );
    }
}
