//! What the page shows of a game's positions: the typed face of a game for
//! [`super::TypedSession`]. Rules stay in [`crate::Game`]; this adds cells to
//! draw, text forms and sentences for people.

use crate::game::{Game, MoveError};

/// A game the page can show and a session can hold.
pub trait Playable: Game {
    /// The name people read ("Othello").
    const TITLE: &'static str;
    /// The names of the two sides, first mover first.
    const SIDE_NAMES: [&'static str; 2];
    /// The board's grid (a graph board lists its points in one row).
    const ROWS: u32;
    const COLS: u32;

    /// Cell contents, row-major: 0 empty, 1 first side, 2 second side.
    fn cells(&self, out: &mut Vec<u8>);

    /// The cells a legal move of this position takes a piece from and puts
    /// a piece on (a placement has no `from`; a pass has neither).
    fn move_cells(&self, m: Self::Move) -> (Option<u32>, Option<u32>);

    /// Pieces of each side, where the game is scored by counting them.
    fn counts(&self) -> Option<[u32; 2]> {
        None
    }

    /// Reads a position in the game's text form (everything the rules need
    /// to go on: side to move, counters).
    fn parse_position(text: &str) -> Result<Self, MoveError>;

    /// The position in the game's text form; [`Playable::parse_position`]
    /// reads it back to an equal position.
    fn position_text(&self) -> String;

    /// Reads a game record played from the start position.
    fn parse_transcript(text: &str) -> Result<Vec<Self::Move>, MoveError>;

    /// Writes a game record that [`Playable::parse_transcript`] reads back.
    fn transcript(moves: &[Self::Move]) -> String;

    /// A sentence on how the game ended, where "X wins." says too little.
    fn end_text(&self) -> Option<String> {
        None
    }

    /// The cells that show how the game ended, for the board to mark: the
    /// winning line of a game won by pieces in a row (through `last`, the
    /// cell of the last move; see [`line_through`]), a trapped or escaped
    /// piece. None by default.
    fn end_cells(&self, last: Option<u32>) -> Vec<u32> {
        let _ = last;
        Vec::new()
    }

    /// A sentence on a move just played from this position, where the move
    /// itself does not show it ("Black had no legal move and passed.").
    fn move_notice(&self, m: Self::Move) -> Option<String> {
        let _ = m;
        None
    }

    /// A sentence on what must happen now ("White has no legal move and
    /// must pass.").
    fn position_notice(&self) -> Option<String> {
        None
    }

    /// A line of game state beyond the board ("Vertical hound moves in a
    /// row: 3 of 10").
    fn status_text(&self) -> Option<String> {
        None
    }
}

/// The cells of the longest line of `cells[at]`'s pieces through `at` (a
/// row, a column or a diagonal of a grid `cols` wide, cells row-major), in
/// order along the line, if it holds at least `len` of them; else none.
pub fn line_through(cells: &[u8], cols: u32, at: u32, len: u32) -> Vec<u32> {
    let (cols, at) = (cols as i64, at as i64);
    let rows = cells.len() as i64 / cols.max(1);
    let piece = match cells.get(at as usize) {
        Some(&p) if p != 0 => p,
        _ => return Vec::new(),
    };
    let (r0, c0) = (at / cols, at % cols);
    let on = |r: i64, c: i64| {
        (0..rows).contains(&r) && (0..cols).contains(&c) && cells[(r * cols + c) as usize] == piece
    };
    let mut best: Vec<u32> = Vec::new();
    for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
        // Back to the line's first cell, then forward along it.
        let (mut r, mut c) = (r0, c0);
        while on(r - dr, c - dc) {
            r -= dr;
            c -= dc;
        }
        let mut line = Vec::new();
        while on(r, c) {
            line.push((r * cols + c) as u32);
            r += dr;
            c += dc;
        }
        if line.len() > best.len() {
            best = line;
        }
    }
    if best.len() >= len as usize {
        best
    } else {
        Vec::new()
    }
}

/// The winning line of a game won by `len` pieces in a row: the line
/// through `last` (the last move's cell), or, for a position without a last
/// move, the first such line on the board.
pub fn winning_line(cells: &[u8], cols: u32, last: Option<u32>, len: u32) -> Vec<u32> {
    match last {
        Some(at) => line_through(cells, cols, at, len),
        None => (0..cells.len() as u32)
            .map(|at| line_through(cells, cols, at, len))
            .find(|l| !l.is_empty())
            .unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::{line_through, winning_line};

    #[test]
    fn the_line_through_a_cell_is_found_in_every_direction_and_only_when_long_enough() {
        // 4 × 4: a diagonal of 1s, a row of 2s.
        #[rustfmt::skip]
        let cells = [
            1, 0, 0, 0,
            2, 1, 2, 2,
            0, 0, 1, 0,
            0, 0, 0, 1,
        ];
        assert_eq!(line_through(&cells, 4, 10, 4), vec![0, 5, 10, 15]);
        assert_eq!(line_through(&cells, 4, 10, 5), Vec::<u32>::new());
        // Two 2s then a 1: the row's run through cell 6 is 2 long.
        assert_eq!(line_through(&cells, 4, 7, 2), vec![6, 7]);
        assert_eq!(line_through(&cells, 4, 7, 3), Vec::<u32>::new());
        // An empty cell has no line; the anti-diagonal is found too.
        assert_eq!(line_through(&cells, 4, 3, 1), Vec::<u32>::new());
        let anti = [0, 0, 1, 0, 1, 0, 1, 0, 0];
        assert_eq!(line_through(&anti, 3, 4, 3), vec![2, 4, 6]);
        // Without a last move the board is searched.
        assert_eq!(winning_line(&anti, 3, None, 3), vec![2, 4, 6]);
        assert_eq!(winning_line(&anti, 3, None, 4), Vec::<u32>::new());
    }
}
