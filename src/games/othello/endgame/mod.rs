//! Exact Othello endgame solver: the final disc differential with perfect
//! play from both sides, and a move that achieves it.
//!
//! # Scores
//! A score is the final disc differential for the side to move, the empty
//! squares of a finished game going to the winner (the convention of the FFO
//! test suite and of tournament play). Scores are even and lie in
//! `[-64, 64]`.
//!
//! # How it searches
//! [`Solver::solve`] first settles win / draw / loss with a search whose
//! window is `(-1, 1)`, then narrows to the exact score inside the bound it
//! proved (see [`solver`]). The search itself ([`search`]) is negamax
//! alpha-beta, almost everywhere with a null window, over these layers:
//!
//! * far from the end ([`search::Search::nws_deep`]): a transposition table
//!   ([`hash`]), the stability cutoff (the opponent's stable discs bound the
//!   score, [`stability`]), enhanced transposition cutoff, and a move list
//!   sorted fastest-first ([`order`]), from 14 empties on (and at every
//!   node of the principal variation) also by a shallow search of each
//!   move over a mobility evaluation;
//! * 5–7 empties: no table, moves by parity and a static square order;
//! * the last four empties ([`last`]): specialised code without move lists.
//!
//! A [`Limits`] budget (nodes, time) stops a solve cleanly; the
//! [`Solution`] then says what was proved so far. A progress callback
//! receives a [`Progress`] about every 50 ms.
//!
//! Files of positions in the FFO form are read by [`ffo`], which also has
//! the benchmark over FFO #40–#49.

pub mod ffo;
pub mod hash;
pub mod last;
pub mod order;
pub mod search;
pub mod solver;
pub mod stability;

pub use ffo::{
    bench_ffo, solve_file, solve_reader, BenchPosition, BenchReport, FileError, FileSolution,
};
pub use solver::{solve, Analysis, Limits, MoveScore, Progress, Solution, Solver};

/// Above every score.
pub const INF: i32 = 100;

/// `QUADRANT_ID[sq]`: the bit of the quadrant (a1–d4, e1–h4, a5–d8, e5–h8)
/// holding `sq`; a position's *parity* has that bit set when the quadrant
/// holds an odd number of empty squares.
pub const QUADRANT_ID: [u32; 64] = {
    let mut t = [0u32; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = 1 << (((sq / 32) * 2) + (sq % 8) / 4);
        sq += 1;
    }
    t
};

/// `QUADRANT_MASKS[parity]`: the squares of the quadrants whose bit is set.
pub const QUADRANT_MASKS: [u64; 16] = {
    const Q: [u64; 4] = [
        0x0000_0000_0f0f_0f0f,
        0x0000_0000_f0f0_f0f0,
        0x0f0f_0f0f_0000_0000,
        0xf0f0_f0f0_0000_0000,
    ];
    let mut t = [0u64; 16];
    let mut p = 0;
    while p < 16 {
        let mut q = 0;
        while q < 4 {
            if p & (1 << q) != 0 {
                t[p] |= Q[q];
            }
            q += 1;
        }
        p += 1;
    }
    t
};

/// The parity of the empty squares `empty` (see [`QUADRANT_ID`]).
pub fn parity_of(empty: u64) -> u32 {
    let mut parity = 0;
    for q in 0..4 {
        if (empty & QUADRANT_MASKS[1 << q]).count_ones() % 2 == 1 {
            parity |= 1 << q;
        }
    }
    parity
}

/// `NEIGHBOURS[sq]`: the up to eight squares touching `sq`.
pub const NEIGHBOURS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (c2, r2) = (c + dc, r + dr);
                if (dc != 0 || dr != 0) && c2 >= 0 && c2 < 8 && r2 >= 0 && r2 < 8 {
                    t[sq] |= 1u64 << (r2 * 8 + c2);
                }
                dc += 1;
            }
            dr += 1;
        }
        sq += 1;
    }
    t
};

/// `STABILITY_THRESHOLD[n]`: with `n` empties, the stability cutoff is only
/// tried when `alpha` is at least this (below, the opponent cannot have
/// enough stable discs to bring the bound down to `alpha`, or rarely does).
pub const STABILITY_THRESHOLD: [i32; 65] = [
    99, 99, 99, 99, 6, 8, 10, 12, //
    14, 16, 20, 22, 24, 26, 28, 30, //
    32, 34, 36, 38, 40, 42, 44, 46, //
    48, 48, 50, 50, 52, 52, 54, 54, //
    56, 56, 58, 58, 60, 60, 62, 62, //
    64, 64, 64, 64, 64, 64, 64, 64, //
    99, 99, 99, 99, 99, 99, 99, 99, //
    99, 99, 99, 99, 99, 99, 99, 99, 99,
];

/// The score of a finished game for the mover `own` with `n` empty squares:
/// the disc differential, the empties going to the winner.
#[inline(always)]
pub fn final_score(own: u64, opp: u64, n: u32) -> i32 {
    let diff = own.count_ones() as i32 - opp.count_ones() as i32;
    let n = n as i32;
    match diff.cmp(&0) {
        std::cmp::Ordering::Greater => diff + n,
        std::cmp::Ordering::Less => diff - n,
        std::cmp::Ordering::Equal => 0,
    }
}
