//! Max-stable ("MSB" in the Othello study): the move that leaves the mover
//! with the most stable discs, by the study's heuristic.
//!
//! A disc is *stable* when, in each of the four line directions (row,
//! column, both diagonals), at least one of these holds:
//! * the whole line through the disc in that direction is full;
//! * one of its two neighbours along that direction is off the board, or is
//!   a stable disc of its own colour;
//! * both neighbours are stable discs of the opponent.
//!
//! The definition refers to stable discs, so the set is found as a fixed
//! point: start from no stable disc and add, for both colours at once, every
//! disc that meets the condition given the discs found so far, until nothing
//! changes. The result is a heuristic (the study's), not exact stability.
//!
//! Where no move gives the mover any stable disc, the player plays as
//! max-flips.

use crate::game::{Player, Rng, Side};
use crate::games::othello::{Board, PASS};

use super::max_flips::score_flips;
use crate::players::pick_best;

const COL_A: u64 = 0x0101_0101_0101_0101;
const COL_H: u64 = 0x8080_8080_8080_8080;
const ROW_1: u64 = 0xff;
const ROW_8: u64 = 0xff << 56;
const EDGE: u64 = COL_A | COL_H | ROW_1 | ROW_8;

/// The lines of each direction: rows, columns, diagonals (a1-h8 direction)
/// and anti-diagonals (h1-a8 direction), as masks.
struct Lines {
    rows: [u64; 8],
    cols: [u64; 8],
    diags: [u64; 15],
    antis: [u64; 15],
}

const LINES: Lines = {
    let mut rows = [0u64; 8];
    let mut cols = [0u64; 8];
    let mut diags = [0u64; 15];
    let mut antis = [0u64; 15];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = (sq / 8, sq % 8);
        rows[r] |= 1 << sq;
        cols[c] |= 1 << sq;
        diags[r + 7 - c] |= 1 << sq;
        antis[r + c] |= 1 << sq;
        sq += 1;
    }
    Lines {
        rows,
        cols,
        diags,
        antis,
    }
};

fn full_lines(occupied: u64, lines: &[u64]) -> u64 {
    lines
        .iter()
        .filter(|&&l| l & occupied == l)
        .fold(0, |acc, &l| acc | l)
}

/// Squares whose neighbour one step "up" the given direction is in `s`, and
/// those whose neighbour one step "down" is: (towards lower, towards higher).
#[inline]
fn neighbours(s: u64, step: u32, wrap_low: u64, wrap_high: u64) -> (u64, u64) {
    // x has its lower neighbour (x - step) in s  <=>  x in (s << step).
    // Shifting left moves column h discs into column a of the next row for
    // steps 1 and 9 (and column a into column h for step 7): masked off.
    ((s << step) & !wrap_low, (s >> step) & !wrap_high)
}

/// The stable discs of both colours by the study's heuristic:
/// `(black_stable, white_stable)`.
pub fn stable_discs(board: &Board) -> (u64, u64) {
    let black = board.black();
    let white = board.white();
    let occ = black | white;
    // Per direction: (shift step, squares wrongly reached by a left shift,
    // by a right shift, off-board neighbour squares, full-line squares).
    let dirs: [(u32, u64, u64, u64, u64); 4] = [
        (1, COL_A, COL_H, COL_A | COL_H, full_lines(occ, &LINES.rows)),
        (8, 0, 0, ROW_1 | ROW_8, full_lines(occ, &LINES.cols)),
        (9, COL_A, COL_H, EDGE, full_lines(occ, &LINES.diags)),
        (7, COL_H, COL_A, EDGE, full_lines(occ, &LINES.antis)),
    ];
    let (mut sb, mut sw) = (0u64, 0u64);
    loop {
        let mut nb = black;
        let mut nw = white;
        for &(step, wl, wh, edge, full) in &dirs {
            let (b_lo, b_hi) = neighbours(sb, step, wl, wh);
            let (w_lo, w_hi) = neighbours(sw, step, wl, wh);
            let base = edge | full;
            nb &= base | b_lo | b_hi | (w_lo & w_hi);
            nw &= base | w_lo | w_hi | (b_lo & b_hi);
        }
        if nb == sb && nw == sw {
            return (sb, sw);
        }
        sb = nb;
        sw = nw;
    }
}

/// The number of stable discs of `side`.
pub fn stable_count(board: &Board, side: Side) -> u32 {
    let (b, w) = stable_discs(board);
    match side {
        Side::First => b.count_ones(),
        Side::Second => w.count_ones(),
    }
}

/// Plays the move after which the mover has the most stable discs.
#[derive(Default)]
pub struct MaxStablePlayer {
    scores: Vec<(u8, u32)>,
}

impl MaxStablePlayer {
    pub fn new() -> Self {
        Self::default()
    }
}

impl Player<Board> for MaxStablePlayer {
    fn name(&self) -> String {
        "msb".into()
    }

    fn choose(&mut self, board: &Board, rng: &mut Rng) -> u8 {
        let me = board.side();
        self.scores.clear();
        let mut mask = board.legal_mask();
        let mut any_stable = false;
        while mask != 0 {
            let sq = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            let mut after = *board;
            after.place(sq, board.flips(sq));
            let n = stable_count(&after, me);
            any_stable |= n > 0;
            self.scores.push((sq, n));
        }
        if !any_stable {
            score_flips(board, &mut self.scores);
        }
        pick_best(&self.scores, rng).unwrap_or(PASS)
    }
}
