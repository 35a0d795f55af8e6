//! The last four empty squares, without move lists or tables of moves.
//!
//! Near the end almost every node of the tree has one to four empty
//! squares, so these are specialised:
//!
//! * **One empty** ([`score_1`]): the score follows from the number of discs
//!   the move flips, which is counted with lookup tables over the four lines
//!   through the square ([`count_last_flips`]); no board is updated. If the
//!   mover cannot play there, the opponent may; if neither can, the square
//!   goes to the winner.
//! * **Two and three empties** ([`Last::solve_2`], [`Last::solve_3`]): the
//!   empty squares are passed explicitly and tried in turn; a square is only
//!   tested when it touches an opponent disc.
//! * **Four empties** ([`Last::solve_4`]): the empties are ordered by
//!   parity (a square alone in its quadrant first: playing there takes the
//!   last move of that region) before the same loop.
//!
//! All are null-window searches: given `alpha`, they return a fail-soft
//! value `v` with `v <= alpha` meaning "the score is at most `v`" and
//! `v > alpha` meaning "the score is at least `v`".

use super::stability::{stability_bound, EdgeTable};
use super::{final_score, NEIGHBOURS, QUADRANT_ID, QUADRANT_MASKS};
use crate::games::othello::movegen::flips;

/// `COUNT_FLIPS[i][line]`: the discs flipped along one 8-square line when a
/// disc is placed at position `i`, where `line` has a bit set for every own
/// disc and every other position except `i` holds an opponent disc.
static COUNT_FLIPS: [[u8; 256]; 8] = {
    let mut t = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut line = 0;
        while line < 256 {
            let mut n = 0;
            // Towards lower positions.
            let mut j = i as i32 - 1;
            while j >= 0 && line & (1 << j) == 0 {
                j -= 1;
            }
            if j >= 0 {
                n += i as i32 - j - 1;
            }
            // Towards higher positions.
            let mut j = i + 1;
            while j < 8 && line & (1 << j) == 0 {
                j += 1;
            }
            if j < 8 {
                n += (j - i - 1) as i32;
            }
            t[i][line] = n as u8;
            line += 1;
        }
        i += 1;
    }
    t
};

/// The two diagonals through every square: `[a1–h8 direction, h1–a8
/// direction]`, the square included.
static DIAGONALS: [[u64; 2]; 64] = {
    let mut t = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut k = -7;
        while k <= 7 {
            if c + k >= 0 && c + k < 8 && r + k >= 0 && r + k < 8 {
                t[sq][0] |= 1u64 << ((r + k) * 8 + c + k);
            }
            if c + k >= 0 && c + k < 8 && r - k >= 0 && r - k < 8 {
                t[sq][1] |= 1u64 << ((r - k) * 8 + c + k);
            }
            k += 1;
        }
        sq += 1;
    }
    t
};

/// The number of discs a disc placed on `x` flips when every square but `x`
/// is occupied and `own` are the mover's discs (`x` must be the only empty
/// square). Each line through `x` is gathered into a byte (the diagonals and
/// the column with one multiplication) and looked up in a table.
#[inline(always)]
pub fn count_last_flips(own: u64, x: u32) -> i32 {
    let (c, r) = ((x & 7) as usize, (x >> 3) as usize);
    let row = ((own >> (x & 56)) & 0xff) as usize;
    let col =
        (((own >> c) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    let d = &DIAGONALS[x as usize];
    let d9 = ((own & d[0]).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
    let d7 = ((own & d[1]).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
    i32::from(COUNT_FLIPS[c][row])
        + i32::from(COUNT_FLIPS[r][col])
        + i32::from(COUNT_FLIPS[c][d9])
        + i32::from(COUNT_FLIPS[c][d7])
}

/// The exact final score for the mover `own` when `x` is the only empty
/// square.
#[inline(always)]
pub fn score_1(own: u64, x: u32) -> i32 {
    let n = own.count_ones() as i32;
    let f = count_last_flips(own, x);
    if f != 0 {
        return 2 * (n + f) + 2 - 64;
    }
    let g = count_last_flips(!own & !(1u64 << x), x);
    if g != 0 {
        return 2 * (n - g) - 64;
    }
    // Nobody can play: 63 discs, no draw possible; the square goes to the
    // winner.
    if n >= 32 {
        2 * n - 62
    } else {
        2 * n - 64
    }
}

/// The flips of a placement on `x`, skipping the computation when `x` has no
/// opponent neighbour.
#[inline(always)]
fn try_flips(own: u64, opp: u64, x: u32) -> u64 {
    if NEIGHBOURS[x as usize] & opp != 0 {
        flips(own, opp, x)
    } else {
        0
    }
}

/// Whether the mover can play on one of the squares of `xs`.
#[inline(always)]
fn can_play(own: u64, opp: u64, xs: &[u32]) -> bool {
    xs.iter().any(|&x| try_flips(own, opp, x) != 0)
}

/// What the last squares need of the search that calls them: its node
/// count and the edge table of the stability cutoff.
pub struct Last<'n> {
    pub nodes: &'n mut u64,
    pub edge: &'static EdgeTable,
}

impl Last<'_> {
    /// Null-window search with exactly two empty squares `x1`, `x2`.
    pub(super) fn solve_2(&mut self, own: u64, opp: u64, alpha: i32, x1: u32, x2: u32) -> i32 {
        *self.nodes += 1;
        let mut best = -super::INF;
        let f = try_flips(own, opp, x1);
        if f != 0 {
            *self.nodes += 1;
            best = -score_1(opp ^ f, x2);
            if best > alpha {
                return best;
            }
        }
        let f = try_flips(own, opp, x2);
        if f != 0 {
            *self.nodes += 1;
            return best.max(-score_1(opp ^ f, x1));
        }
        if best != -super::INF {
            return best;
        }
        // The mover passes; the opponent plays if he can, and the mover then
        // has the last square.
        let mut worst = super::INF;
        let f = try_flips(opp, own, x1);
        if f != 0 {
            *self.nodes += 1;
            worst = score_1(own ^ f, x2);
            if worst <= alpha {
                return worst;
            }
        }
        let f = try_flips(opp, own, x2);
        if f != 0 {
            *self.nodes += 1;
            return worst.min(score_1(own ^ f, x1));
        }
        if worst != super::INF {
            return worst;
        }
        final_score(own, opp, 2)
    }

    /// Null-window search with exactly three empty squares, tried in the
    /// order given (after moving one alone in its quadrant to the front).
    pub(super) fn solve_3(
        &mut self,
        own: u64,
        opp: u64,
        alpha: i32,
        parity: u32,
        xs: [u32; 3],
    ) -> i32 {
        let [mut x1, mut x2, mut x3] = xs;
        if parity & QUADRANT_ID[x1 as usize] == 0 {
            if parity & QUADRANT_ID[x2 as usize] != 0 {
                std::mem::swap(&mut x1, &mut x2);
            } else if parity & QUADRANT_ID[x3 as usize] != 0 {
                (x1, x2, x3) = (x3, x1, x2);
            }
        }
        self.solve_3_ordered(own, opp, alpha, x1, x2, x3)
    }

    fn solve_3_ordered(
        &mut self,
        own: u64,
        opp: u64,
        alpha: i32,
        x1: u32,
        x2: u32,
        x3: u32,
    ) -> i32 {
        *self.nodes += 1;
        let mut best = -super::INF;
        for (x, a, b) in [(x1, x2, x3), (x2, x1, x3), (x3, x1, x2)] {
            let f = try_flips(own, opp, x);
            if f != 0 {
                let s = -self.solve_2(opp ^ f, own ^ f ^ (1u64 << x), -alpha - 1, a, b);
                if s > alpha {
                    return s;
                }
                best = best.max(s);
            }
        }
        if best != -super::INF {
            return best;
        }
        if can_play(opp, own, &[x1, x2, x3]) {
            return -self.solve_3_ordered(opp, own, -alpha - 1, x1, x2, x3);
        }
        final_score(own, opp, 3)
    }

    /// Null-window search with exactly four empty squares (the stability
    /// cutoff is tried first; then squares alone in their quadrant go
    /// first).
    pub(super) fn solve_4(&mut self, own: u64, opp: u64, alpha: i32, parity: u32) -> i32 {
        if alpha >= super::STABILITY_THRESHOLD[4] {
            let bound = stability_bound(self.edge, own, opp);
            if bound <= alpha {
                *self.nodes += 1;
                return bound;
            }
        }
        let empty = !(own | opp);
        let odd = empty & QUADRANT_MASKS[parity as usize];
        let mut xs = [0u32; 4];
        let mut k = 0;
        for mut group in [odd, empty & !odd] {
            while group != 0 {
                xs[k] = group.trailing_zeros();
                group &= group - 1;
                k += 1;
            }
        }
        debug_assert_eq!(k, 4);
        self.solve_4_ordered(own, opp, alpha, parity, xs)
    }

    fn solve_4_ordered(
        &mut self,
        own: u64,
        opp: u64,
        alpha: i32,
        parity: u32,
        xs: [u32; 4],
    ) -> i32 {
        *self.nodes += 1;
        let [x1, x2, x3, x4] = xs;
        let mut best = -super::INF;
        for (x, rest) in [
            (x1, [x2, x3, x4]),
            (x2, [x1, x3, x4]),
            (x3, [x1, x2, x4]),
            (x4, [x1, x2, x3]),
        ] {
            let f = try_flips(own, opp, x);
            if f != 0 {
                let s = -self.solve_3(
                    opp ^ f,
                    own ^ f ^ (1u64 << x),
                    -alpha - 1,
                    parity ^ QUADRANT_ID[x as usize],
                    rest,
                );
                if s > alpha {
                    return s;
                }
                best = best.max(s);
            }
        }
        if best != -super::INF {
            return best;
        }
        if can_play(opp, own, &xs) {
            return -self.solve_4_ordered(opp, own, -alpha - 1, parity, xs);
        }
        final_score(own, opp, 4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_flip_count_matches_the_flips() {
        let mut x = 0x0123_4567_89ab_cdefu64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let sq = (x >> 58) as u32;
            let own = x & !(1u64 << sq);
            let opp = !own & !(1u64 << sq);
            assert_eq!(
                count_last_flips(own, sq),
                flips(own, opp, sq).count_ones() as i32
            );
        }
    }
}
