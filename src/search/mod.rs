//! Search, generic over any [`crate::Game`]: budgets for think requests,
//! perft, and negamax alpha-beta with a transposition table.
//! A game's own solvers (bitboard fast paths) live in its folder.

pub mod alphabeta;
pub mod budget;
pub mod perft;
