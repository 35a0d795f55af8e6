//! Stable discs: discs that no sequence of moves can ever flip.
//!
//! A disc can only be flipped along one of the four lines through it
//! (horizontal, vertical, two diagonals). It is safe along a line when the
//! line is full, or when one of its two neighbours on that line is the board
//! edge or a stable disc of the same colour (a sandwich along that line would
//! have to flip the neighbour too). A disc safe along all four lines is
//! stable.
//!
//! * Edge discs can only be flipped along their edge (every other line
//!   through them ends there), so their stability is exact and comes from a
//!   table over every (own, opponent) pattern of an edge, computed once by
//!   exploring every sequence of placements on that edge ([`EdgeTable`]).
//! * Interior discs start from the full lines, then grow from the stable
//!   discs found so far until nothing changes.
//!
//! The result is a subset of the truly stable discs (a disc may be stable for
//! reasons this does not see); that is all a cutoff needs: the opponent's
//! stable discs stay his to the end, so the side to move can score at most
//! `64 - 2 * stable` ([`stability_bound`]).

use std::sync::LazyLock;

/// Stable discs of every edge pattern: `[own << 8 | opp]` holds the own
/// discs (bit i = square i of the edge) that no placement sequence on the
/// edge can flip.
pub struct EdgeTable {
    stable: Box<[u8; 65536]>,
}

/// The table, built on first use (about 100 000 steps).
pub static EDGE_TABLE: LazyLock<EdgeTable> = LazyLock::new(EdgeTable::build);

/// The discs `own` keeps after the player `who` (`own` or `opp` side) places
/// on the empty edge square `x`: returns the new (own, opp) patterns.
fn place_on_edge(own: u8, opp: u8, x: u32) -> (u8, u8) {
    // Flip along the 8-square line for the mover `own`.
    let mut own = own | (1 << x);
    let mut opp = opp;
    for dir in [-1i32, 1] {
        let mut y = x as i32 + dir;
        let mut run = 0u8;
        while (0..8).contains(&y) && opp & (1 << y) != 0 {
            run |= 1 << y;
            y += dir;
        }
        if (0..8).contains(&y) && own & (1 << y) != 0 {
            own |= run;
            opp &= !run;
        }
    }
    (own, opp)
}

impl EdgeTable {
    fn build() -> EdgeTable {
        let mut stable = vec![0u8; 65536].into_boxed_slice();
        // Patterns in increasing number of discs' complement: process from
        // full edges to empty ones, so every successor (one more disc) is
        // already known.
        let mut by_empties: Vec<Vec<(u8, u8)>> = vec![Vec::new(); 9];
        for own in 0..=255u8 {
            for opp in 0..=255u8 {
                if own & opp == 0 {
                    by_empties[(!(own | opp)).count_ones() as usize].push((own, opp));
                }
            }
        }
        for group in &by_empties {
            for &(own, opp) in group {
                let empty = !(own | opp);
                let mut s = own;
                let mut e = empty;
                while e != 0 && s != 0 {
                    let x = e.trailing_zeros();
                    e &= e - 1;
                    // The owner plays there.
                    let (o2, p2) = place_on_edge(own, opp, x);
                    s &= stable[(usize::from(o2) << 8) | usize::from(p2)];
                    // The opponent plays there.
                    let (p3, o3) = place_on_edge(opp, own, x);
                    s &= stable[(usize::from(o3) << 8) | usize::from(p3)];
                }
                stable[(usize::from(own) << 8) | usize::from(opp)] = s;
            }
        }
        EdgeTable {
            stable: stable.try_into().expect("65536 entries"),
        }
    }

    #[inline(always)]
    fn get(&self, own: u64, opp: u64) -> u64 {
        u64::from(self.stable[((own as usize & 0xff) << 8) | (opp as usize & 0xff)])
    }
}

/// Column a packed into a byte: row r goes to bit r.
#[inline(always)]
fn pack_col_a(b: u64) -> u64 {
    ((b & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// The inverse of [`pack_col_a`].
static UNPACK_COL_A: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        let mut r = 0;
        while r < 8 {
            if i & (1 << r) != 0 {
                t[i] |= 1u64 << (8 * r);
            }
            r += 1;
        }
        i += 1;
    }
    t
};

/// Stable discs of `own` on the four edges (exact for edge squares).
#[inline]
fn edge_stable(table: &EdgeTable, own: u64, opp: u64) -> u64 {
    let top = table.get(own, opp);
    let bottom = table.get(own >> 56, opp >> 56) << 56;
    let left = UNPACK_COL_A[table.get(pack_col_a(own), pack_col_a(opp)) as usize];
    let right = UNPACK_COL_A[table.get(pack_col_a(own >> 7), pack_col_a(opp >> 7)) as usize] << 7;
    top | bottom | left | right
}

/// Squares whose line in each orientation is full: `[horizontal, vertical,
/// diagonal a8–h1 (step 7), diagonal a1–h8 (step 9)]`.
#[inline(always)]
fn full_lines(occ: u64) -> [u64; 4] {
    let mut h = occ;
    h &= h >> 1;
    h &= h >> 2;
    h &= h >> 4;
    let h = (h & 0x0101_0101_0101_0101).wrapping_mul(0xff);

    let mut v = occ;
    v &= v.rotate_right(8);
    v &= v.rotate_right(16);
    v &= v.rotate_right(32);

    // A diagonal is full at a square when it is full from the square to its
    // forward end and to its backward end; each half doubles its reach three
    // times (1, 2, 4 steps), the end squares of the direction stopping it.
    #[inline(always)]
    fn diagonal(occ: u64, step: u32, end_fwd: u64, end_back: u64) -> u64 {
        let f1 = end_fwd;
        let f2 = f1 | (f1 >> step);
        let f4 = f2 | (f2 >> (2 * step));
        let b1 = end_back;
        let b2 = b1 | (b1 << step);
        let b4 = b2 | (b2 << (2 * step));
        let mut fwd = occ & ((occ >> step) | f1);
        fwd &= (fwd >> (2 * step)) | f2;
        fwd &= (fwd >> (4 * step)) | f4;
        let mut back = occ & ((occ << step) | b1);
        back &= (back << (2 * step)) | b2;
        back &= (back << (4 * step)) | b4;
        fwd & back
    }
    // Step 7 runs down-left: it ends on row 8 or column a going forward, on
    // row 1 or column h going back. Step 9 runs down-right.
    let d7 = diagonal(occ, 7, 0xff01_0101_0101_0101, 0x8080_8080_8080_80ff);
    let d9 = diagonal(occ, 9, 0xff80_8080_8080_8080, 0x0101_0101_0101_01ff);
    [h, v, d7, d9]
}

/// Squares b2–g7.
const INTERIOR: u64 = 0x007e_7e7e_7e7e_7e00;

/// The stable discs of `own` (a subset of the discs that can never flip).
pub fn stable_discs(table: &EdgeTable, own: u64, opp: u64) -> u64 {
    let [h, v, d7, d9] = full_lines(own | opp);
    let inner = own & INTERIOR;
    let mut stable = edge_stable(table, own, opp) | (inner & h & v & d7 & d9);
    if stable == 0 {
        return 0;
    }
    loop {
        let grown = inner
            & ((stable >> 1) | (stable << 1) | h)
            & ((stable >> 8) | (stable << 8) | v)
            & ((stable >> 7) | (stable << 7) | d7)
            & ((stable >> 9) | (stable << 9) | d9);
        let next = stable | grown;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// The most the side to move can score when `opp`'s stable discs are his to
/// the end: `64 - 2 * stable(opp)`.
#[inline]
pub fn stability_bound(table: &EdgeTable, own: u64, opp: u64) -> i32 {
    64 - 2 * stable_discs(table, opp, own).count_ones() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::othello::movegen;

    /// Full lines by brute force.
    fn full_slow(occ: u64) -> [u64; 4] {
        let mut out = [0u64; 4];
        let dirs = [(1i32, 0i32), (0, 1), (-1, 1), (1, 1)];
        for sq in 0..64 {
            if occ & (1 << sq) == 0 {
                continue;
            }
            for (k, (dc, dr)) in dirs.iter().enumerate() {
                let mut full = true;
                for sign in [-1, 1] {
                    let (mut c, mut r) = (sq % 8 + sign * dc, sq / 8 + sign * dr);
                    while (0..8).contains(&c) && (0..8).contains(&r) {
                        if occ & (1 << (r * 8 + c)) == 0 {
                            full = false;
                        }
                        c += sign * dc;
                        r += sign * dr;
                    }
                }
                if full {
                    out[k] |= 1 << sq;
                }
            }
        }
        out
    }

    #[test]
    fn full_lines_match_brute_force() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..5000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Mostly full boards, so that full lines occur.
            let occ = if i % 3 == 0 {
                x
            } else {
                x | x.rotate_left(17) | x.rotate_left(31)
            };
            assert_eq!(full_lines(occ), full_slow(occ), "{occ:#x}");
        }
    }

    /// Stable discs never change colour in random play-outs.
    #[test]
    fn stable_discs_never_flip() {
        let table = &*EDGE_TABLE;
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut rand = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut seen = 0;
        for _ in 0..3000 {
            // (mover, other) and whose colour the mover is.
            let (mut black, mut white) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            let mut black_to_move = true;
            let (mut keep_black, mut keep_white) = (0u64, 0u64);
            loop {
                keep_black |= stable_discs(table, black, white);
                keep_white |= stable_discs(table, white, black);
                assert_eq!(keep_black & !black, 0, "a stable black disc flipped");
                assert_eq!(keep_white & !white, 0, "a stable white disc flipped");
                let (own, opp) = if black_to_move {
                    (black, white)
                } else {
                    (white, black)
                };
                let moves = movegen::moves(own, opp);
                if moves == 0 {
                    if movegen::moves(opp, own) == 0 {
                        break;
                    }
                    black_to_move = !black_to_move;
                    continue;
                }
                let mut m = moves;
                for _ in 0..(rand() % u64::from(moves.count_ones())) {
                    m &= m - 1;
                }
                let sq = m.trailing_zeros();
                let f = movegen::flips(own, opp, sq);
                let (own, opp) = (own | f | (1 << sq), opp ^ f);
                if black_to_move {
                    (black, white) = (own, opp);
                } else {
                    (white, black) = (own, opp);
                }
                black_to_move = !black_to_move;
            }
            seen += (keep_black | keep_white).count_ones();
            // At the end of the game every disc of a full board is stable.
            if black | white == !0 {
                assert_eq!(stable_discs(table, black, white), black);
            }
        }
        assert!(seen > 3000 * 20);
    }
}
