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
//!
//! # Budget
//! Early positions take the solver long (a position of four or five discs
//! needs seconds to a minute and 10^7–10^8 nodes natively). The built-in
//! book ([`super::book::opening`]) holds every position of up to five
//! discs, so the first three moves of the first player and the first two
//! of the second are answered at once; from the sixth disc on the solver
//! searches. [`Player::think`]
//! and [`Player::analyze`] solve within the request's [`Budget`] (its node
//! and time limits, progress reported through it), and a budget without
//! limits gets [`DEFAULT_NODES`]. When the budget runs
//! out before every column is solved, the move is the best solved column if
//! it wins, else the unsolved column nearest the centre (its score may be
//! better than the ones known), else the best solved one; the thought is
//! marked incomplete. An unbounded budget
//! ([`Limits::unbounded`](crate::search::budget::Limits::unbounded)) has no
//! limit at all: the analysis finishes, however long it takes (the page's
//! "Solve exactly", in a worker it can end).
//!
//! # Progress
//! Reports name the column being solved, the bounds proved on its score so
//! far (the mover's score, as the analysis gives it) and the columns
//! already solved, with their scores in words.

use std::time::Duration;

use rand::Rng as _;

use super::move_sorter::COLUMN_ORDER;
use super::rules::{Position, WIDTH};
use super::solver::{self, Analysis, Mode, Solver};
use crate::game::{Analysis as MoveAnalysis, Game, MoveValue, Player, Rng, Scale, Thought};
use crate::players::pick_best;
use crate::search::budget::{Budget, ValuedMove};

/// The node limit of a think or analysis request without limits.
pub const DEFAULT_NODES: u64 = 4_000_000;

/// The score in words, from the point of view of the side that plays the
/// move (`score` is that side's score): a win or a loss comes with the
/// winner's disc that makes four, counting all its discs of the game.
pub fn score_text(score: i32) -> String {
    let n = 22 - score.abs();
    if score > 0 {
        format!("wins with its {n}{} disc", ordinal(n))
    } else if score < 0 {
        format!("loses to the opponent's {n}{} disc", ordinal(n))
    } else {
        "draws".into()
    }
}

/// "st", "nd", "rd" or "th": the ending of the ordinal of `n`.
pub(crate) fn ordinal(n: i32) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    }
}

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
            .analyze(p, Mode::Strong, solver::Budget::unlimited(), None);
        debug_assert!(a.finished);
        a.scores
    }

    /// Solves every column of `p` within `budget` (see the module
    /// documentation), reporting progress through it.
    pub fn analyze_within(&mut self, p: &Position, budget: &mut Budget) -> Analysis {
        let limits = budget.limits();
        let spent = budget.nodes();
        let max_nodes = match limits.nodes {
            Some(n) => n.saturating_sub(spent).max(1),
            None if limits.ms.is_none() && !limits.unbounded => DEFAULT_NODES,
            None => u64::MAX,
        };
        let deadline = limits.ms.map(|ms| {
            let left = (ms - budget.elapsed_ms()).max(0.0);
            web_time::Instant::now() + Duration::from_secs_f64(left / 1000.0)
        });
        let sb = solver::Budget {
            max_nodes: (max_nodes != u64::MAX).then_some(max_nodes),
            deadline,
        };
        budget.set_note("solving every column");
        let mut counted = 0u64;
        let mut report = |pr: &solver::Progress| {
            // The solver's bounds are the opponent's after the column: the
            // mover's score is their negation.
            let (lower, upper) = (-pr.upper, -pr.lower);
            budget.set_status(
                None,
                pr.column.map(|c| (c + 1).to_string()),
                Some(f64::from(lower.max(upper.min(-pr.probe)))),
            );
            budget.set_bounds(Some(f64::from(lower)), Some(f64::from(upper)));
            budget.set_moves(
                (0..WIDTH)
                    .filter_map(|c| {
                        pr.scores[c].map(|s| ValuedMove {
                            text: (c + 1).to_string(),
                            value: f64::from(s),
                            label: Some(score_text(s)),
                        })
                    })
                    .collect(),
            );
            budget.spend(pr.nodes - counted);
            counted = pr.nodes;
        };
        let a = self.solver.analyze(p, Mode::Strong, sb, Some(&mut report));
        budget.spend(a.nodes.saturating_sub(counted));
        a
    }

    /// The move of an analysis that may be incomplete (see the module
    /// documentation).
    pub fn choose_from(&self, p: &Position, a: &Analysis, rng: &mut Rng) -> u8 {
        if a.finished {
            if let Some(c) = PerfectPlayer::pick(&a.scores, self.temperature, rng) {
                return c;
            }
        }
        let best = a.scores.iter().flatten().copied().max();
        let unsolved = COLUMN_ORDER
            .iter()
            .find(|&&c| p.can_play(c) && a.scores[c].is_none())
            .map(|&c| c as u8);
        match (best, unsolved) {
            (Some(b), _) if b > 0 => {
                PerfectPlayer::pick(&a.scores, 0.0, rng).expect("a solved column")
            }
            (_, Some(c)) => c,
            _ => PerfectPlayer::pick(&a.scores, 0.0, rng).expect("a playable column"),
        }
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

    /// Solves within [`DEFAULT_NODES`] (see the module documentation).
    fn choose(&mut self, game: &Position, rng: &mut Rng) -> u8 {
        assert!(!game.is_over(), "choose called on a finished game");
        let a = self.analyze_within(game, &mut Budget::unlimited());
        self.choose_from(game, &a, rng)
    }

    fn think(&mut self, game: &Position, rng: &mut Rng, budget: &mut Budget) -> Thought<u8> {
        let a = self.analyze_within(game, budget);
        let mv = self.choose_from(game, &a, rng);
        Thought {
            mv,
            complete: a.finished,
            depth: None,
            score: a.scores[mv as usize].map(f64::from),
        }
    }

    /// The exact score of every column (the side to move's score after it),
    /// with the score in words.
    fn analyze(&mut self, game: &Position, budget: &mut Budget) -> Option<MoveAnalysis<u8>> {
        if game.is_over() {
            return None;
        }
        let a = self.analyze_within(game, budget);
        let best = a.scores.iter().flatten().copied().max();
        let position = if a.finished {
            best.map(|b| format!("the side to move {}", score_text(b)))
        } else {
            None
        };
        let mut moves = Vec::new();
        for col in 0..WIDTH as u8 {
            if !game.can_play(col as usize) {
                continue;
            }
            let s = a.scores[col as usize];
            moves.push(MoveValue {
                mv: col,
                value: s.map(f64::from),
                label: s.map(score_text),
                best: a.finished && s.is_some() && s == best,
            });
        }
        Some(MoveAnalysis {
            units: "exact score: positive wins (higher: sooner), 0 draws, negative loses".into(),
            scale: Scale::Fixed {
                min: -18.0,
                max: 18.0,
            },
            position,
            moves,
            complete: a.finished,
        })
    }
}
