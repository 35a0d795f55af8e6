//! The Reversi study's search player: negamax alpha-beta (the generic
//! [`Searcher`]: iterative deepening, a transposition table kept between
//! moves, move ordering) on the weighted-squares + mobility evaluation
//! ([`super::weighted`]), with a depth or time budget; below a settable
//! number of empty squares it plays out the end exactly: a finished game is
//! worth a win beyond any evaluation plus the final disc difference, so a
//! search that reaches every end finds first the win, draw or loss and then
//! the best margin.
//!
//! # Levels
//! A visitor's strength knob, 1 to 10: level `n` searches `n` plies deep and
//! plays the last `2n` empty squares exactly (level 1: one ply, the last two
//! squares; level 10: ten plies, the last 20 squares). Each move is also
//! bounded by the think request's budget; the search then plays the best move
//! of the deepest depth it finished.

use serde::{Deserialize, Serialize};

use super::weighted::{WeightedEval, Weights};
use super::Board;
use crate::game::{Analysis, MoveValue, Outcome, Player, Rng, Scale, Thought};
use crate::search::alphabeta::{Evaluator, Searcher, PROVEN, WIN};
use crate::search::budget::{Budget, Limits};

/// The settings of a search player.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SearchSettings {
    pub weights: Weights,
    /// Plies searched in the middle game.
    pub depth: u32,
    /// Empty squares at which the player starts to search to the end.
    pub endgame: u32,
    /// Amplitude of the evaluation's random noise, in the weights' units.
    pub noise: f64,
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings::level(4)
    }
}

/// The most plies a search may be asked for.
pub const MAX_DEPTH: u32 = 30;

impl SearchSettings {
    /// Level 1 to 10 with the study's hand-set weights (see the module).
    pub fn level(n: u32) -> SearchSettings {
        let n = n.clamp(1, 10);
        SearchSettings {
            weights: Weights::STUDY,
            depth: n,
            endgame: 2 * n,
            noise: 0.0,
        }
    }

    pub fn validate(&self) -> Result<(), String> {
        self.weights.validate()?;
        if !(1..=MAX_DEPTH).contains(&self.depth) {
            return Err(format!(
                "the depth must be from 1 to {MAX_DEPTH}, not {}",
                self.depth
            ));
        }
        if self.endgame > 64 {
            return Err(format!(
                "the endgame must start at most at 64 empty squares, not {}",
                self.endgame
            ));
        }
        if !(self.noise.is_finite() && (0.0..=1000.0).contains(&self.noise)) {
            return Err(format!(
                "the noise must be a number from 0 to 1,000, not {}",
                self.noise
            ));
        }
        Ok(())
    }
}

/// The evaluation of the search: the weighted squares in the middle game; a
/// finished game is a win (or loss) beyond any evaluation, plus its final
/// disc difference.
struct Eval(WeightedEval);

impl Evaluator<Board> for Eval {
    fn evaluate(&mut self, g: &Board) -> i32 {
        self.0.evaluate(g)
    }

    fn terminal(&mut self, g: &Board, _outcome: Outcome, _ply: u32) -> i32 {
        let margin = match g.side() {
            crate::game::Side::First => g.final_margin(),
            crate::game::Side::Second => -g.final_margin(),
        };
        match margin.signum() {
            1 => WIN - 100 + margin,
            -1 => -(WIN - 100) + margin,
            _ => 0,
        }
    }

    fn order(&mut self, g: &Board, moves: &mut [u8]) {
        self.0.order(g, moves)
    }

    /// A win's margin still counts.
    fn proven_is_final(&self) -> bool {
        false
    }
}

/// The final disc difference in a proven value, if it is one.
pub fn proven_margin(value: i32) -> Option<i32> {
    if value > PROVEN {
        Some(value - (WIN - 100))
    } else if value < -PROVEN {
        Some(value + (WIN - 100))
    } else {
        None
    }
}

/// A player searching with the study's evaluation.
pub struct SearchPlayer {
    settings: SearchSettings,
    /// A name for reports, where the settings alone do not tell players apart.
    label: Option<String>,
    eval: Eval,
    searcher: Searcher<Board>,
    /// The budget of [`Player::choose`].
    default_limits: Limits,
}

impl SearchPlayer {
    /// A player with these settings; `seed` drives its evaluation noise.
    pub fn new(settings: SearchSettings, seed: u64) -> Result<SearchPlayer, String> {
        settings.validate()?;
        Ok(SearchPlayer {
            label: None,
            eval: Eval(WeightedEval::new(&settings.weights, settings.noise, seed)),
            settings,
            searcher: Searcher::new(18),
            default_limits: Limits::NONE,
        })
    }

    /// A player named `label` in reports.
    pub fn named(mut self, label: &str) -> SearchPlayer {
        self.label = Some(label.to_string());
        self
    }

    /// A player with a transposition table of `2^bits` entries (the default
    /// 2^18 is for play; a tournament of many short games uses less).
    pub fn with_table_bits(mut self, bits: u32) -> SearchPlayer {
        self.searcher = Searcher::new(bits);
        self
    }

    /// A player whose moves without a budget ([`Player::choose`]) stop at
    /// these limits.
    pub fn with_default_limits(mut self, limits: Limits) -> SearchPlayer {
        self.default_limits = limits;
        self
    }

    pub fn settings(&self) -> &SearchSettings {
        &self.settings
    }

    /// The depth to search `g` to: to the end (every empty square and the
    /// passes) in the endgame, else the set depth.
    fn depth_for(&self, g: &Board) -> u32 {
        let empties = g.empties();
        if empties <= self.settings.endgame {
            // Passes add plies; twice the empties bounds every line.
            (2 * empties).max(1)
        } else {
            self.settings.depth
        }
    }
}

impl Player<Board> for SearchPlayer {
    fn name(&self) -> String {
        format!("search-d{}-e{}", self.settings.depth, self.settings.endgame)
    }

    fn choose(&mut self, game: &Board, rng: &mut Rng) -> u8 {
        let mut budget = Budget::new(self.default_limits);
        self.think(game, rng, &mut budget).mv
    }

    fn think(&mut self, game: &Board, _rng: &mut Rng, budget: &mut Budget) -> Thought<u8> {
        let depth = self.depth_for(game);
        budget.set_note(if game.empties() <= self.settings.endgame {
            "playing the end exactly"
        } else {
            "searching"
        });
        let r = self.searcher.search(game, &mut self.eval, depth, budget);
        Thought {
            mv: r
                .best
                .expect("think is asked in a position that is not over"),
            complete: r.complete,
            depth: Some(r.depth),
            score: Some(f64::from(r.value)),
        }
    }

    /// Every legal move's value: the final disc difference where the search
    /// reaches every end, else the evaluation at the set depth, in the
    /// weights' units.
    fn analyze(&mut self, game: &Board, budget: &mut Budget) -> Option<Analysis<u8>> {
        let depth = self.depth_for(game);
        let (values, complete) = self
            .searcher
            .value_moves(game, &mut self.eval, depth, budget);
        let best = values.iter().map(|v| v.1).max();
        let exact = values.iter().all(|v| v.1.abs() > PROVEN || v.1 == 0)
            && game.empties() <= self.settings.endgame;
        let moves = values
            .iter()
            .map(|&(m, v)| {
                let (value, label) = match proven_margin(v) {
                    Some(d) => (
                        f64::from(d),
                        if d > 0 {
                            format!("wins by {d}")
                        } else {
                            format!("loses by {}", -d)
                        },
                    ),
                    None if exact => (0.0, "draw".to_string()),
                    None => (
                        f64::from(v) / super::weighted::SCALE,
                        format!("{:+.1}", f64::from(v) / super::weighted::SCALE),
                    ),
                };
                MoveValue {
                    mv: m,
                    value: Some(value),
                    label: Some(label),
                    best: Some(v) == best,
                }
            })
            .collect();
        Some(Analysis {
            units: if exact {
                "the final disc difference with perfect play".into()
            } else {
                format!("the study's evaluation after {depth} plies")
            },
            scale: Scale::Relative,
            position: None,
            moves,
            complete,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::play_match;
    use crate::game::rng_from_seed;
    use crate::game::Game;
    use crate::players::RandomPlayer;

    #[test]
    fn deeper_search_beats_the_random_player() {
        let mut p = SearchPlayer::new(SearchSettings::level(2), 1).unwrap();
        let mut random = RandomPlayer::<Board>::new();
        let r = play_match(&mut p, &mut random, 20, 4, 1);
        assert!(r.total().wins >= 18, "{:?}", r.total());
    }

    #[test]
    fn the_endgame_is_played_exactly() {
        // FFO-style position with few empties: the exact search agrees with
        // a plain minimax of the final margin.
        let mut rng = rng_from_seed(5);
        let mut b = Board::start();
        let mut buf = Vec::new();
        while b.empties() > 9 {
            crate::arena::play_random_move(&mut b, &mut rng, &mut buf);
        }
        if b.is_over() {
            return;
        }
        fn best_margin(b: &Board) -> i32 {
            if b.is_over() {
                return match b.side() {
                    crate::game::Side::First => b.final_margin(),
                    crate::game::Side::Second => -b.final_margin(),
                };
            }
            let mut moves = Vec::new();
            b.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&m| {
                    let mut n = *b;
                    n.play(m);
                    -best_margin(&n)
                })
                .max()
                .unwrap()
        }
        let expected = best_margin(&b);
        let mut p = SearchPlayer::new(
            SearchSettings {
                endgame: 12,
                ..SearchSettings::level(1)
            },
            1,
        )
        .unwrap();
        let t = p.think(&b, &mut rng, &mut Budget::unlimited());
        assert!(t.complete);
        let v = t.score.unwrap() as i32;
        match proven_margin(v) {
            Some(d) => assert_eq!(d, expected),
            None => assert_eq!(expected, 0),
        }
        let a = p.analyze(&b, &mut Budget::unlimited()).unwrap();
        let best = a
            .moves
            .iter()
            .filter(|m| m.best)
            .map(|m| m.value.unwrap())
            .next();
        assert_eq!(best, Some(f64::from(expected)));
    }

    #[test]
    fn bad_settings_are_refused() {
        assert!(SearchPlayer::new(
            SearchSettings {
                depth: 0,
                ..SearchSettings::default()
            },
            1
        )
        .is_err());
        assert!(SearchPlayer::new(
            SearchSettings {
                noise: -1.0,
                ..SearchSettings::default()
            },
            1
        )
        .is_err());
    }
}
