//! Learners: they turn played games into better players. Nothing here knows
//! a game; a game's folder says how its positions meet these learners.
//!
//! * [`mlp`]: a one-hidden-layer perceptron as flat `f32` arrays, with
//!   backpropagation and momentum; [`activation`]: its squashing functions.
//! * [`exploration`]: softmax and greedy move choice over values.
//! * [`q_table`]: tabular Q-learning, dense or hashed tables; [`q_run`]:
//!   what every game's tabular Q-learning run shares (its planned total,
//!   its model file, its player).
//! * [`value_table`]: the textbook's table of afterstate values, learned
//!   by temporal differences (Sutton and Barto, chapter 1).
//! * [`linear_td`]: a linear evaluation through the logistic, learned by
//!   TD(0), with two-turn updates, normalised steps, sign features and
//!   per-phase weights.
//! * [`ntuple`]: an n-tuple network (a sum of look-up tables over groups of
//!   cells) through tanh, learned by TD(0) or TD(λ) over a game's
//!   afterstates.
//! * [`genetic`]: the Reversi study's genetic algorithm over coefficient vectors.
//! * [`bench`]: the multiply-add peak of this build.

pub mod activation;
pub mod bench;
pub mod exploration;
pub mod genetic;
pub mod linear_td;
pub mod mlp;
pub mod ntuple;
pub mod q_run;
pub mod q_table;
pub mod value_table;
