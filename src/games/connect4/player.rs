//! A perfect player with a strength setting, for teaching and testing.
//!
//! [`PerfectPlayer`] solves every column of the position (exact scores) and
//! picks among them by a softmax with a temperature, in score units:
//! the probability of a column is proportional to `exp(score / T)`.
//! * `T = 0`: always a move of the best score (ties broken by the `Rng`):
//!   perfect play — it wins every game it can, as fast as it can, and
//!   loses as late as it can.
//! * small `T` (0.5–2): mostly best moves, sometimes a slightly worse one;
//!   it can throw away a win that needs precise play.
//! * large `T`: close to uniform among the columns.
//!
//! The player owns its [`Solver`], so the transposition table (and the book)
//! serve one move after the other.

use rand::Rng as _;

use super::position::{Position, WIDTH};
use super::solver::{Budget, Mode, Solver};
use crate::game::{Game, Player, Rng};
use crate::players::pick_best;

/// Plays by exact scores with a temperature. See the module documentation.
pub struct PerfectPlayer {
    solver: Solver,
    temperature: f64,
}

impl PerfectPlayer {
    /// A player with a solver of default size and the built-in opening book;
    /// `temperature` 0 plays perfectly (negative values count as 0).
    pub fn new(temperature: f64) -> PerfectPlayer {
        PerfectPlayer::with_solver(Solver::with_book(), temperature)
    }

    /// A player that uses `solver` (its table size and book).
    pub fn with_solver(solver: Solver, temperature: f64) -> PerfectPlayer {
        PerfectPlayer {
            solver,
            temperature: temperature.max(0.0),
        }
    }

    /// The temperature.
    pub fn temperature(&self) -> f64 {
        self.temperature
    }

    /// The solver (for its statistics, or to reuse it).
    pub fn solver_mut(&mut self) -> &mut Solver {
        &mut self.solver
    }

    /// The exact score of every column (`None` for a full column), as
    /// [`Solver::analyze`] gives them.
    pub fn scores(&mut self, p: &Position) -> [Option<i32>; WIDTH] {
        let a = self
            .solver
            .analyze(p, Mode::Strong, Budget::unlimited(), None);
        debug_assert!(a.finished);
        a.scores
    }

    /// Picks a column from exact scores (see the module documentation).
    /// `None` if no column has a score.
    pub fn pick(scores: &[Option<i32>; WIDTH], temperature: f64, rng: &mut Rng) -> Option<u8> {
        let scored: Vec<(u8, i32)> = scores
            .iter()
            .enumerate()
            .filter_map(|(c, s)| s.map(|s| (c as u8, s)))
            .collect();
        let best = scored.iter().map(|&(_, s)| s).max()?;
        if temperature <= 0.0 {
            return pick_best(&scored, rng);
        }
        // Softmax relative to the best score (no overflow).
        let weights: Vec<f64> = scored
            .iter()
            .map(|&(_, s)| (f64::from(s - best) / temperature).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        let mut x = rng.random::<f64>() * total;
        for (&(c, _), w) in scored.iter().zip(&weights) {
            if x < *w {
                return Some(c);
            }
            x -= w;
        }
        scored.last().map(|&(c, _)| c)
    }
}

impl Player<Position> for PerfectPlayer {
    fn name(&self) -> String {
        if self.temperature == 0.0 {
            "perfect".into()
        } else {
            format!("perfect-t{}", self.temperature)
        }
    }

    fn choose(&mut self, game: &Position, rng: &mut Rng) -> u8 {
        assert!(!game.is_over(), "choose called on a finished game");
        let scores = self.scores(game);
        PerfectPlayer::pick(&scores, self.temperature, rng).expect("a playable column")
    }
}
