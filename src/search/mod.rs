//! Search, generic over any [`crate::Game`]: budgets for think requests,
//! perft, negamax alpha-beta with a transposition table, and principal-
//! variation search ([`pvs`]) whose evaluator follows it move by move.
//! A game's own solvers (bitboard fast paths) live in its folder.

pub mod alphabeta;
pub mod budget;
pub mod perft;
pub mod pvs;

/// A value as a transposition table keeps it: a proven win or loss (beyond
/// ±`proven`) counted from the node, `ply` plies below the root, rather than
/// from the root, so that an entry means the same wherever its position recurs.
pub fn to_table(v: i32, ply: i32, proven: i32) -> i32 {
    if v > proven {
        v + ply
    } else if v < -proven {
        v - ply
    } else {
        v
    }
}

/// A value read from a transposition table at `ply` plies below the root
/// ([`to_table`] undone).
pub fn from_table(v: i32, ply: i32, proven: i32) -> i32 {
    to_table(v, -ply, proven)
}
