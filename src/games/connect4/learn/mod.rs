//! Tabular Q-learning of Connect Four: the study's two methods as runs.
//!
//! The learner is the generic [`QLearner`] (ε-greedy, random tie-breaks,
//! `Q(s,a) ← Q(s,a) + α[r + γ·max Q(s′,·) − Q(s,a)]`) with a hashed table
//! keyed by the position's unique 64-bit key and the column
//! ([`Tabular::cell`]: `key << 3 | column`). Only cells whose value is not 0
//! are stored ([`SparseTable`]): an absent cell reads 0, so writing a 0 into
//! it changes nothing, and most positions a learner meets once never leave
//! 0 (no reward reaches them).
//!
//! The rewards are the experiment's own, at the end of the game:
//!
//! 1. **Survive the stupid player** (always the leftmost column): a loss and
//!    a win are punished (−1), a draw is rewarded (+1); 300,000 games; the
//!    curve is the mean number of moves (discs on the board at the end)
//!    per 1,000 learning games, one curve per exploration rate 0–5%.
//! 2. **Beat the random player**: a win is rewarded (+1), a loss and a draw
//!    punished (−1); 1,000,000 games; the curve is the number of wins per
//!    10,000 learning games, exploration 0–30%.
//!
//! What the two methods reach, with the commands that measure it, is in the
//! README's Connect Four section.
//!
//! Three settings of a run go beyond the study, all off by default (runs
//! without them are saved exactly as before): `mirror` shares one entry
//! between a position and its mirror image ([`SparseTable`]), `lookahead`
//! chooses the learner's non-random moves by a search over its table
//! ([`crate::games::connect4::lookahead`]), and `side` makes the learner play second, or
//! both sides in turn ([`LearnerSide`]).
//!
//! Curves are measured on the learning games themselves (exploration on),
//! as in the study. Besides, each point can measure the share of optimal
//! moves ([`crate::games::connect4::optimal`]): how often the learner's move, as it plays
//! with exploration off (its greedy table, or its lookahead over it), is
//! one of the best by the exact solver, in positions of a few games it
//! plays against the run's opponent at that point, and on a fixed sample of
//! test positions from the solver's benchmark sets.
//!
//! One concept per file: the settings and presets ([`config`]), the games a
//! learner plays ([`game`]), a run and its curve ([`run`]), saving and
//! continuing ([`save`]). The table and the rewards are
//! [`crate::games::connect4::table`], shared with the lookahead.

pub mod config;
pub mod game;
pub mod run;
pub mod save;

pub use crate::games::connect4::table::{
    mirror_canonical, Rewards, SparseTable, ENCODING, MIRROR_KEY,
};
pub use config::{
    point_seed, preset, run_seed, LearnerSide, Opponent, RunConfig, ALPHA, BLOCK_KEY,
    EXPLORATION_1, EXPLORATION_2, GAMMA, MAX_LOOKAHEAD, MAX_SAMPLE, RUN_KEY,
};
pub use game::{greedy_record, LearningGame};
pub use run::{Block, CurvePoint, Run};
pub use save::MAX_SAVED_POINTS;
