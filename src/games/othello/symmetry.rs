//! The 8 symmetries of the Othello board (the 4 rotations, each also
//! mirrored): of a square and of a whole position.

use super::rules::Board;

/// The image of `square` under symmetry `s` (0..8): bit 0 mirrors the
/// columns, bit 1 the rows, bit 2 swaps rows and columns.
pub fn symmetric(s: usize, square: u8) -> u8 {
    let (mut r, mut c) = (square / 8, square % 8);
    if s & 1 != 0 {
        c = 7 - c;
    }
    if s & 2 != 0 {
        r = 7 - r;
    }
    if s & 4 != 0 {
        std::mem::swap(&mut r, &mut c);
    }
    r * 8 + c
}

/// The image of `board` under symmetry `s` (the same side to move).
pub fn image(board: &Board, s: usize) -> Board {
    let map = |bits: u64| {
        let mut out = 0u64;
        let mut b = bits;
        while b != 0 {
            let q = b.trailing_zeros() as u8;
            b &= b - 1;
            out |= 1 << symmetric(s, q);
        }
        out
    };
    Board::from_discs(map(board.black()), map(board.white()), board.side())
        .expect("an image of a board is a board")
}
