//! The rules: a 3 × 3 board, X moves first, three in a row (across, down or
//! diagonally) wins, a full board without one is a draw.
//!
//! Squares are numbered 1 to 9 in reading order (1 top left, 9 bottom
//! right), which is also a move's text; a game record is the squares played
//! (`"5193"`). A position's text is the nine squares in the same order,
//! `X`, `O` or `.` (`"X...O...."`); the side to move follows from the counts
//! (read and written in `playable.rs`).

use crate::game::{Game, MoveError, Outcome, Side};
use crate::learn::value_table::DenseKey;

/// A square, 0 to 8 (the move `"1"` is square 0).
pub type Square = u8;

/// The eight lines of three.
pub(super) const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A position: each square empty (0), X (1) or O (2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub(super) cells: [u8; 9],
}

impl Board {
    pub(super) fn count(&self, who: u8) -> usize {
        self.cells.iter().filter(|c| **c == who).count()
    }

    fn winner(&self) -> Option<Side> {
        LINES.iter().find_map(|l| {
            let c = self.cells[l[0]];
            let side = if c == 1 { Side::First } else { Side::Second };
            (c != 0 && c == self.cells[l[1]] && c == self.cells[l[2]]).then_some(side)
        })
    }

    /// The square's contents: 0 empty, 1 X, 2 O.
    pub fn cell(&self, square: usize) -> u8 {
        self.cells[square]
    }
}

impl Game for Board {
    type Move = Square;
    const NAME: &'static str = "tictactoe";

    fn start() -> Self {
        Board { cells: [0; 9] }
    }

    fn to_move(&self) -> Side {
        if self.count(1) > self.count(2) {
            Side::Second
        } else {
            Side::First
        }
    }

    fn legal_moves(&self, out: &mut Vec<Square>) {
        out.clear();
        if self.outcome().is_none() {
            out.extend((0..9).filter(|&i| self.cells[i as usize] == 0));
        }
    }

    fn play(&mut self, m: Square) {
        debug_assert_eq!(self.cells[m as usize], 0, "square {} is taken", m + 1);
        self.cells[m as usize] = 1 + self.to_move().index() as u8;
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.winner() {
            Some(s) => Some(Outcome::Win(s)),
            None if self.cells.iter().all(|c| *c != 0) => Some(Outcome::Draw),
            None => None,
        }
    }

    /// The squares as a number in base 3: exact, below 3^9.
    fn key(&self) -> u64 {
        self.cells
            .iter()
            .rev()
            .fold(0, |k, c| k * 3 + u64::from(*c))
    }

    fn format_move(m: Square) -> String {
        (m + 1).to_string()
    }

    fn parse_move(text: &str) -> Result<Square, MoveError> {
        match text.trim() {
            t @ ("1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9") => Ok(t.as_bytes()[0] - b'1'),
            t => Err(MoveError(format!(
                "'{t}' is not a square: squares are 1 to 9, in reading order"
            ))),
        }
    }
}

impl DenseKey for Board {
    const STATES: usize = 19_683;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugin::Playable;

    fn after(moves: &str) -> Board {
        let mut b = Board::start();
        for m in Board::parse_transcript(moves).unwrap() {
            b.try_play(m).unwrap();
        }
        b
    }

    #[test]
    fn lines_win_and_a_full_board_draws() {
        // X 1 2 3: a row.
        assert_eq!(after("14253").outcome(), Some(Outcome::Win(Side::First)));
        assert_eq!(after("1425").outcome(), None);
        // X 1 5 9: a diagonal.
        assert_eq!(after("12539").outcome(), Some(Outcome::Win(Side::First)));
        // O 3 6 9: a column.
        assert_eq!(after("134689").outcome(), Some(Outcome::Win(Side::Second)));
        assert_eq!(after("13468").outcome(), None);
        let draw = after("519328467");
        assert_eq!(draw.outcome(), Some(Outcome::Draw));
        let mut moves = Vec::new();
        draw.legal_moves(&mut moves);
        assert!(moves.is_empty());
    }

    #[test]
    fn after_a_win_no_move_is_legal() {
        let b = after("14253");
        let mut moves = Vec::new();
        b.legal_moves(&mut moves);
        assert!(moves.is_empty());
        assert!(after("14253").try_play(5).is_err());
    }

    /// 5,478 positions can be reached from the start, the known count of
    /// legal tic-tac-toe positions (the empty board included).
    #[test]
    fn there_are_5478_reachable_positions_and_keys_are_dense() {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![Board::start()];
        let mut moves = Vec::new();
        while let Some(b) = stack.pop() {
            assert!((b.key() as usize) < Board::STATES);
            if !seen.insert(b.key()) {
                continue;
            }
            assert_eq!(Board::parse_position(&b.position_text()).unwrap(), b);
            b.legal_moves(&mut moves);
            for &m in &moves {
                let mut c = b;
                c.play(m);
                stack.push(c);
            }
        }
        assert_eq!(seen.len(), 5478);
    }

    #[test]
    fn bad_text_is_refused_with_a_reason() {
        assert!(Board::parse_move("0").is_err());
        assert!(Board::parse_move("10").is_err());
        assert!(Board::parse_position("XX.......").is_err());
        assert!(Board::parse_position("XXXOO.O..").is_err());
        assert!(Board::parse_position("X........ ").is_ok());
        assert!(Board::parse_position("X.......").is_err());
        assert_eq!(Board::transcript(&[4, 0, 8]), "519");
        let e = Board::parse_transcript("51x9").unwrap_err().0;
        assert!(e.starts_with("move 3: 'x' is not a square"), "{e}");
    }
}
