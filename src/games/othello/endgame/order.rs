//! Move ordering for the nodes far from the end: a move list with a score
//! per move, tried best first.
//!
//! An alpha-beta search visits the fewest nodes when the best move comes
//! first. Far from the end, moves are scored by:
//!
//! * the move stored for the position in the transposition table, first of
//!   all; then a move that takes every opponent disc;
//! * **fastest first**: the opponent's mobility after the move, corners
//!   counted twice (fewer replies make smaller subtrees and usually mean the
//!   better move);
//! * the mover's discs made stable by the corners, and the opponent's
//!   potential mobility (empty squares next to the mover's discs);
//! * parity: a move into a region (quadrant) with an odd number of empties,
//!   where the mover can hope to take the last move;
//! * a static value of the square (corners good, squares next to corners
//!   bad).
//!
//! Far from the end (from [`SEARCH_MIN`] empties) the score of every move
//! also gets the value of a shallow alpha-beta search (one to three plies)
//! of the position after it over [`quick_eval`], a static evaluation of
//! mobility, potential mobility, corners and X squares: a few hundred cheap evaluations
//! per node pay off where a subtree holds millions of nodes. On FFO #40–#49
//! this (with the same ordering at the nodes of the principal variation)
//! removes more than half of the nodes.
//!
//! Scores are computed once per node; [`MoveList::next_best`] then selects
//! the best remaining move each time (most nodes cut off after one or two
//! moves, so a full sort would be wasted).

use std::mem::MaybeUninit;

use crate::games::othello::movegen;

/// A move with its flips and ordering score.
#[derive(Clone, Copy, Default)]
pub struct Move {
    pub sq: u32,
    pub flips: u64,
    pub score: i32,
}

/// The legal moves of a position (at most one per empty square).
pub struct MoveList {
    /// Written only by `new`: the slices of `moves` and `moves_mut` rely on it.
    len: usize,
    /// The first `len` are written and only they are read: the array is
    /// not filled first (1 KB at every node of the deep search).
    moves: [MaybeUninit<Move>; 64],
}

const CORNERS: u64 = 0x8100_0000_0000_0081;

/// Static square values (corners best, X and C squares worst).
const SQUARE_VALUE: [i32; 64] = [
    18, 4, 16, 12, 12, 16, 4, 18, //
    4, 2, 6, 8, 8, 6, 2, 4, //
    16, 6, 14, 10, 10, 14, 6, 16, //
    12, 8, 10, 0, 0, 10, 8, 12, //
    12, 8, 10, 0, 0, 10, 8, 12, //
    16, 6, 14, 10, 10, 14, 6, 16, //
    4, 2, 6, 8, 8, 6, 2, 4, //
    18, 4, 16, 12, 12, 16, 4, 18,
];

pub const W_HASH: i32 = 1 << 30;
const W_WIPEOUT: i32 = 1 << 29;
const W_MOBILITY: i32 = 1 << 15;
const W_CORNER_STABILITY: i32 = 1 << 11;
const W_POTENTIAL_MOBILITY: i32 = 1 << 5;
const W_PARITY: i32 = 1 << 3;
/// Weight of a unit of [`quick_eval`] in [`MoveList::score_deep`] (a unit
/// of mobility in the evaluation is 4).
const W_SEARCH: i32 = 1 << 15;
/// Fewest empties at which [`MoveList::score_deep`] searches.
pub const SEARCH_MIN: u32 = 14;
/// Empties per extra ply of the ordering search.
pub const SEARCH_STEP: u32 = 3;
/// Deepest ordering search.
pub const SEARCH_MAX_DEPTH: u32 = 3;

/// The mobility of a position with corners counted twice.
#[inline(always)]
pub fn weighted_mobility(moves: u64) -> i32 {
    (moves.count_ones() + (moves & CORNERS).count_ones()) as i32
}

/// Corners of `own` and the edge squares next to them.
#[inline(always)]
pub fn corner_stability(own: u64) -> i32 {
    let stable = (((own & 0x0100_0000_0000_0001) << 1)
        | ((own & 0x8000_0000_0000_0080) >> 1)
        | ((own & 0x0000_0000_0000_0081) << 8)
        | ((own & 0x8100_0000_0000_0000) >> 8)
        | CORNERS)
        & own;
    stable.count_ones() as i32
}

/// Empty squares next to an opponent disc that could be flipped through
/// them: where the mover may get moves later.
#[inline(always)]
pub fn potential_moves(own: u64, opp: u64) -> u64 {
    let h = opp & 0x7e7e_7e7e_7e7e_7e7e;
    let v = opp & 0x00ff_ffff_ffff_ff00;
    let d = opp & 0x007e_7e7e_7e7e_7e00;
    ((h << 1) | (h >> 1) | (v << 8) | (v >> 8) | (d << 7) | (d >> 7) | (d << 9) | (d >> 9))
        & !(own | opp)
}

impl MoveList {
    /// The legal moves `moves` of the mover `own`, with their flips.
    #[inline]
    pub fn new(own: u64, opp: u64, mut moves: u64) -> MoveList {
        let mut list = MoveList {
            len: 0,
            moves: [const { MaybeUninit::uninit() }; 64],
        };
        while moves != 0 {
            let sq = moves.trailing_zeros();
            moves &= moves - 1;
            // At most 64 moves: one a square.
            list.moves[list.len & 63].write(Move {
                sq,
                flips: movegen::flips(own, opp, sq),
                score: 0,
            });
            list.len += 1;
        }
        list
    }

    /// The number of legal moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no legal move.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves.
    #[inline(always)]
    pub fn moves(&self) -> &[Move] {
        // SAFETY: the first `len` (at most 64) elements were written by
        // `new`, and `Move` is `Copy` with no invalid bit patterns once
        // written.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }

    /// The moves, to change their scores or order.
    #[inline(always)]
    pub fn moves_mut(&mut self) -> &mut [Move] {
        // SAFETY: as in `moves`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }

    /// Scores every move for "fastest first" ordering (see the module
    /// documentation). `odd` holds the empty squares of quadrants with an
    /// odd number of empties; `hash_move` comes first.
    #[inline]
    pub fn score_fast(&mut self, own: u64, opp: u64, hash_move: u32, odd: u64) {
        for m in self.moves_mut() {
            if m.sq == hash_move {
                m.score = W_HASH;
                continue;
            }
            let bit = 1u64 << m.sq;
            let next_own = opp ^ m.flips;
            let next_opp = own ^ m.flips ^ bit;
            if next_own == 0 {
                m.score = W_WIPEOUT;
                continue;
            }
            let replies = movegen::moves(next_own, next_opp);
            let mut score = SQUARE_VALUE[m.sq as usize];
            if odd & bit != 0 {
                score += W_PARITY;
            }
            score += (36 - weighted_mobility(replies)) * W_MOBILITY;
            score += corner_stability(next_opp) * W_CORNER_STABILITY;
            score += (36 - potential_moves(next_own, next_opp).count_ones() as i32)
                * W_POTENTIAL_MOBILITY;
            m.score = score;
        }
    }

    /// Moves the best-scored move among `i..` to position `i` and returns it.
    #[inline]
    pub fn next_best(&mut self, i: usize) -> Move {
        let moves = self.moves_mut();
        let mut best = i;
        for j in i + 1..moves.len() {
            if moves[j].score > moves[best].score {
                best = j;
            }
        }
        moves.swap(i, best);
        moves[i]
    }
}

/// A cheap static evaluation for move ordering, from the mover's view:
/// mobility (corners twice), potential mobility, corner stability and discs
/// on X squares (b2, g2, b7, g7) next to an empty corner. The weights were
/// tuned on the node counts of FFO #40–#49.
#[inline]
pub fn quick_eval(own: u64, opp: u64) -> i32 {
    let mo = weighted_mobility(movegen::moves(own, opp));
    let mp = weighted_mobility(movegen::moves(opp, own));
    let po = potential_moves(own, opp).count_ones() as i32;
    let pp = potential_moves(opp, own).count_ones() as i32;
    let c = corner_stability(own) - corner_stability(opp);
    let e = !(own | opp);
    let xs = ((e & 1) << 9) | ((e & 0x80) << 7) | ((e & (1 << 56)) >> 7) | ((e & (1 << 63)) >> 9);
    let x = (own & xs).count_ones() as i32 - (opp & xs).count_ones() as i32;
    4 * (mo - mp) + (po - pp) + 12 * c - 8 * x
}

/// Alpha-beta over [`quick_eval`] to `depth` plies.
pub fn quick_search(own: u64, opp: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    if depth == 0 {
        return quick_eval(own, opp);
    }
    let mut moves = movegen::moves(own, opp);
    if moves == 0 {
        if movegen::moves(opp, own) == 0 {
            let d = own.count_ones() as i32 - opp.count_ones() as i32;
            return d * 16;
        }
        return -quick_search(opp, own, depth - 1, -beta, -alpha);
    }
    let mut best = -10000;
    while moves != 0 {
        let sq = moves.trailing_zeros();
        moves &= moves - 1;
        let f = movegen::flips(own, opp, sq);
        let v = -quick_search(opp ^ f, own ^ f ^ (1u64 << sq), depth - 1, -beta, -alpha);
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
    }
    best
}

impl MoveList {
    /// With [`SEARCH_MIN`] empties or more, adds to every move's score
    /// (but the hash move's) the value of a shallow search of the position
    /// after it: one ply at [`SEARCH_MIN`] empties, one more every
    /// [`SEARCH_STEP`] empties, at most [`SEARCH_MAX_DEPTH`].
    #[inline]
    pub fn score_deep(&mut self, own: u64, opp: u64, n: u32) {
        if n >= SEARCH_MIN {
            let depth = ((n - SEARCH_MIN) / SEARCH_STEP + 1).min(SEARCH_MAX_DEPTH);
            self.score_search(own, opp, depth, W_SEARCH);
        }
    }

    /// Adds `weight` times the value of a [`quick_search`] of `depth` plies
    /// to every move but the hash move.
    pub fn score_search(&mut self, own: u64, opp: u64, depth: u32, weight: i32) {
        for m in self.moves_mut() {
            if m.score >= W_HASH {
                continue;
            }
            let (o2, p2) = (opp ^ m.flips, own ^ m.flips ^ (1u64 << m.sq));
            let v = -quick_search(o2, p2, depth, -10000, 10000);
            m.score += v * weight;
        }
    }
}
