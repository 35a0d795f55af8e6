//! Search, generic over any [`crate::Game`]: budgets for think requests,
//! perft, negamax alpha-beta with a transposition table, and principal-
//! variation search ([`pvs`]) whose evaluator follows it move by move.
//! A game's own solvers (bitboard fast paths) live in its folder.

pub mod alphabeta;
pub mod budget;
pub mod perft;
pub mod pvs;
