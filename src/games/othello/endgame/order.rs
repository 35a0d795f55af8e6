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
//! Scores are computed once per node; [`MoveList::next_best`] then selects
//! the best remaining move each time (most nodes cut off after one or two
//! moves, so a full sort would be wasted).

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
    pub len: usize,
    pub moves: [Move; 64],
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
            moves: [Move::default(); 64],
        };
        while moves != 0 {
            let sq = moves.trailing_zeros();
            moves &= moves - 1;
            list.moves[list.len] = Move {
                sq,
                flips: movegen::flips(own, opp, sq),
                score: 0,
            };
            list.len += 1;
        }
        list
    }

    /// Scores every move for "fastest first" ordering (see the module
    /// documentation). `odd` holds the empty squares of quadrants with an
    /// odd number of empties; `hash_move` comes first.
    #[inline]
    pub fn score_fast(&mut self, own: u64, opp: u64, hash_move: u32, odd: u64) {
        for m in &mut self.moves[..self.len] {
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
        let mut best = i;
        for j in i + 1..self.len {
            if self.moves[j].score > self.moves[best].score {
                best = j;
            }
        }
        self.moves.swap(i, best);
        self.moves[i]
    }
}
