//! Bitboard move generation: the legal placements of a position and the
//! discs one placement flips, in portable `u64` code (fast natively and in
//! wasm32, which has native 64-bit integers).
//!
//! # Legal placements ([`moves`])
//! The eight directions are handled as four opposite pairs (horizontal,
//! vertical and the two diagonals), each with a shift amount `d` (1, 8, 7, 9)
//! applied left and right. For a direction, a square is legal when walking
//! from it crosses a run of one to six opponent discs and ends on an own
//! disc. The runs are grown from the own discs with a parallel-prefix fill:
//! two single steps give runs of length 1 and 2, then two doubling steps
//! (through pairs of adjacent opponent discs) extend them to 4 and 6. That is
//! four shift-and-mask steps per direction instead of six.
//!
//! Row wrap-around is handled once, up front: for every direction with a
//! horizontal component, only opponent discs on columns b–g may belong to a
//! run (a run can never contain a disc on column a or h and continue past
//! it), so shifting a run by one more step can never cross a row boundary.
//!
//! # Flips of one placement ([`flips`])
//! Each of the eight rays from a square has a precomputed mask ([`RAYS`]: the
//! squares from the neighbour to the edge). For a ray towards higher square
//! numbers, the first square that is not an opponent disc is found with one
//! addition: in `opp | !ray` every non-ray bit and every opponent disc of the
//! ray is set, so adding the ray's first bit carries exactly up to that
//! square. If it holds an own disc (the *outflank*), the ray squares below it
//! flip: `(outflank - 1) & ray`. For a ray towards lower square numbers, the
//! nearest non-opponent square is the highest set bit of `ray & !opp`, found
//! with a leading-zero count; the ray squares above an own outflank flip.

/// Every square but columns a and h.
const INNER_COLUMNS: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// Legal placements in one pair of opposite directions with shift `d`:
/// `mask` is the set of opponent discs that may be part of a run.
#[inline(always)]
fn moves_in(own: u64, mask: u64, d: u32) -> u64 {
    let mut left = mask & (own << d);
    let mut right = mask & (own >> d);
    left |= mask & (left << d);
    right |= mask & (right >> d);
    let pair_left = mask & (mask << d);
    let pair_right = mask & (mask >> d);
    left |= pair_left & (left << (2 * d));
    right |= pair_right & (right >> (2 * d));
    left |= pair_left & (left << (2 * d));
    right |= pair_right & (right >> (2 * d));
    (left << d) | (right >> d)
}

/// The legal placements for the owner of `own` against `opp` (the two sets
/// must be disjoint).
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline]
pub fn moves(own: u64, opp: u64) -> u64 {
    moves_scalar(own, opp)
}

/// [`moves`] in plain 64-bit code, every direction in turn.
#[inline]
pub fn moves_scalar(own: u64, opp: u64) -> u64 {
    let inner = opp & INNER_COLUMNS;
    (moves_in(own, inner, 1)
        | moves_in(own, opp, 8)
        | moves_in(own, inner, 7)
        | moves_in(own, inner, 9))
        & !(own | opp)
}

/// [`moves`] with WebAssembly's 128-bit vectors: lane 0 holds the board,
/// lane 1 the board upside down (its bytes, the rows, in reverse order),
/// where a step towards higher squares is a step towards lower rows on the
/// board. One pass of [`moves_in`]'s left half over both lanes then covers
/// six directions (+7, +8, +9 in lane 0; −9, −8, −7 in lane 1); the
/// horizontal pair is done as before.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline]
pub fn moves(own: u64, opp: u64) -> u64 {
    use core::arch::wasm32::*;
    /// `(x, x with its bytes reversed)`.
    #[inline(always)]
    fn with_upside_down(x: u64) -> v128 {
        let v = u64x2_splat(x);
        i8x16_shuffle::<0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0>(v, v)
    }
    /// The runs of `mask` discs grown from `own` towards higher squares by
    /// steps of `d`, moved one step past their end (as in [`moves_in`]).
    #[inline(always)]
    fn towards_higher(own: v128, mask: v128, d: u32) -> v128 {
        let mut run = v128_and(mask, u64x2_shl(own, d));
        run = v128_or(run, v128_and(mask, u64x2_shl(run, d)));
        let pair = v128_and(mask, u64x2_shl(mask, d));
        run = v128_or(run, v128_and(pair, u64x2_shl(run, 2 * d)));
        run = v128_or(run, v128_and(pair, u64x2_shl(run, 2 * d)));
        u64x2_shl(run, d)
    }
    let p = with_upside_down(own);
    let o = with_upside_down(opp);
    let inner = v128_and(o, u64x2_splat(INNER_COLUMNS));
    let v = v128_or(
        towards_higher(p, o, 8),
        v128_or(towards_higher(p, inner, 7), towards_higher(p, inner, 9)),
    );
    // Lane 1 the right way up, into lane 0.
    let back = i8x16_shuffle::<15, 14, 13, 12, 11, 10, 9, 8, 8, 9, 10, 11, 12, 13, 14, 15>(v, v);
    let vertical = u64x2_extract_lane::<0>(v) | u64x2_extract_lane::<0>(back);
    (vertical | moves_in(own, opp & INNER_COLUMNS, 1)) & !(own | opp)
}

/// The ray masks of every square: indices 0–3 point towards higher square
/// numbers (east +1, south-west +7, south +8, south-east +9), 4–7 towards
/// lower ones (west −1, north-east −7, north −8, north-west −9). A ray holds
/// the squares from the neighbour up to the edge of the board, the square
/// itself excluded.
pub static RAYS: [[u64; 8]; 64] = build_rays();

/// (column step, row step) of the eight rays, in the order of [`RAYS`].
const RAY_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

const fn build_rays() -> [[u64; 8]; 64] {
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut r = 0;
        while r < 8 {
            let (dc, dr) = RAY_STEPS[r];
            let mut c = (sq % 8) as i32 + dc;
            let mut row = (sq / 8) as i32 + dr;
            let mut mask = 0u64;
            while c >= 0 && c < 8 && row >= 0 && row < 8 {
                mask |= 1u64 << (row * 8 + c);
                c += dc;
                row += dr;
            }
            rays[sq][r] = mask;
            r += 1;
        }
        sq += 1;
    }
    rays
}

/// Flips along a ray towards higher squares (`step` = distance to the
/// neighbour).
#[inline(always)]
fn flips_up(own: u64, opp: u64, bit: u64, ray: u64, step: u32) -> u64 {
    let outflank = (opp | !ray).wrapping_add(bit << step) & own & ray;
    outflank.wrapping_sub((outflank != 0) as u64) & ray
}

/// Flips along a ray towards lower squares.
#[inline(always)]
fn flips_down(own: u64, opp: u64, ray: u64) -> u64 {
    // `| 1` keeps the count defined. When it is the highest bit, bit 0 is
    // either outside the ray or an opponent disc of the ray: `& own & ray`
    // rejects it in both cases.
    let nearest = (ray & !opp) | 1;
    let outflank = (0x8000_0000_0000_0000u64 >> nearest.leading_zeros()) & own & ray;
    (outflank.wrapping_neg() << 1) & ray
}

/// The ray masks as a constant, so that code specialised to one square
/// ([`flips_at`]) sees its rays as immediates.
const RAYS_C: [[u64; 8]; 64] = build_rays();

/// The flips of a placement on the square `SQ`: the rays too short to flip
/// anything (fewer than two squares: one to flip, one to outflank) are left
/// out at compile time, so an edge square checks three to five rays and a
/// corner three.
#[inline(always)]
fn flips_at<const SQ: u32>(own: u64, opp: u64) -> u64 {
    let r = RAYS_C[SQ as usize];
    let bit = 1u64 << SQ;
    let mut f = 0;
    if r[0].count_ones() >= 2 {
        f |= flips_up(own, opp, bit, r[0], 1);
    }
    if r[1].count_ones() >= 2 {
        f |= flips_up(own, opp, bit, r[1], 7);
    }
    if r[2].count_ones() >= 2 {
        f |= flips_up(own, opp, bit, r[2], 8);
    }
    if r[3].count_ones() >= 2 {
        f |= flips_up(own, opp, bit, r[3], 9);
    }
    if r[4].count_ones() >= 2 {
        f |= flips_down(own, opp, r[4]);
    }
    if r[5].count_ones() >= 2 {
        f |= flips_down(own, opp, r[5]);
    }
    if r[6].count_ones() >= 2 {
        f |= flips_down(own, opp, r[6]);
    }
    if r[7].count_ones() >= 2 {
        f |= flips_down(own, opp, r[7]);
    }
    f
}

macro_rules! flips_table {
    ($($sq:literal)*) => {
        [$(flips_at::<$sq> as fn(u64, u64) -> u64),*]
    };
}

/// [`flips_at`] for every square.
static FLIPS_AT: [fn(u64, u64) -> u64; 64] = flips_table!(
    0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
    32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
);

/// The discs flipped when the owner of `own` places a disc on the empty
/// square `sq` (0 if the placement flips nothing, which makes it illegal).
/// `sq` must be empty and below 64. Dispatches to the code specialised to
/// the square ([`flips_at`]).
#[inline]
pub fn flips(own: u64, opp: u64, sq: u32) -> u64 {
    FLIPS_AT[sq as usize & 63](own, opp)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slow, obvious definitions.
    fn walk_flips(own: u64, opp: u64, sq: u32) -> u64 {
        let mut all = 0;
        for (dc, dr) in RAY_STEPS {
            let (mut c, mut r) = ((sq % 8) as i32 + dc, (sq / 8) as i32 + dr);
            let mut line = 0u64;
            while (0..8).contains(&c) && (0..8).contains(&r) {
                let b = 1u64 << (r * 8 + c);
                if opp & b != 0 {
                    line |= b;
                } else {
                    if own & b != 0 {
                        all |= line;
                    }
                    break;
                }
                c += dc;
                r += dr;
            }
        }
        all
    }

    #[test]
    fn agrees_with_walking_the_rays() {
        let mut x = 0x1234_5678_9abc_def1u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for i in 0..40_000 {
            let (a, b, c) = (next(), next(), next());
            // Sparse boards (half empty) and dense ones (one square in eight).
            let (own, opp) = if i % 2 == 0 {
                (a & b, !a & c)
            } else {
                (a, !a & (b | c))
            };
            let empty = !(own | opp);
            let mut legal = 0;
            for sq in 0..64 {
                if empty & (1 << sq) != 0 {
                    let f = flips(own, opp, sq);
                    assert_eq!(f, walk_flips(own, opp, sq));
                    if f != 0 {
                        legal |= 1 << sq;
                    }
                }
            }
            assert_eq!(moves(own, opp), legal);
            assert_eq!(moves_scalar(own, opp), legal);
        }
    }
}
