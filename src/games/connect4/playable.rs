//! What the page shows of a Connect Four position (`Playable`): the board as
//! a 6 × 7 grid, where a disc lands, and a position's text, one sequence of
//! moves that reaches it. Apart from the rules because that sequence is
//! searched in the solver's column order ([`super::move_sorter`]).
//!
//! Cells are row-major from the top-left (row 0 is the top row); a move's
//! `cell` is where its disc lands. A position's text, and a game's
//! transcript, is the string of 1-based columns played from the empty board
//! (`"4453"`).

use super::perfect::ordinal;
use super::rules::{format_moves, parse_moves, Position, CELLS, HEIGHT, WIDTH};
use crate::game::{Game, MoveError, Outcome};
use crate::plugin::playable::winning_line;
use crate::plugin::Playable;

impl Playable for Position {
    const TITLE: &'static str = "Connect Four";
    const SIDE_NAMES: [&'static str; 2] = ["Red", "Yellow"];
    const ROWS: u32 = HEIGHT as u32;
    const COLS: u32 = WIDTH as u32;

    fn cells(&self, out: &mut Vec<u8>) {
        out.clear();
        out.extend_from_slice(&Position::cells(self));
    }

    fn move_cells(&self, m: u8) -> (Option<u32>, Option<u32>) {
        (None, self.drop_cell(m as usize).map(|c| c as u32))
    }

    fn parse_position(text: &str) -> Result<Self, MoveError> {
        Position::from_moves(text.trim())
    }

    /// The moves that led here. A position carries no history, so this is
    /// one sequence of moves that reaches it (row by row, bottom first,
    /// which keeps every intermediate position unfinished when the
    /// position itself is).
    fn position_text(&self) -> String {
        position_moves(self)
    }

    fn parse_transcript(text: &str) -> Result<Vec<u8>, MoveError> {
        let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        parse_moves(&t)
    }

    fn transcript(moves: &[u8]) -> String {
        format_moves(moves)
    }

    fn end_cells(&self, last: Option<u32>) -> Vec<u32> {
        match self.outcome() {
            Some(Outcome::Win(_)) => winning_line(&Position::cells(self), WIDTH as u32, last, 4),
            _ => Vec::new(),
        }
    }

    fn end_text(&self) -> Option<String> {
        match self.outcome()? {
            Outcome::Draw => Some("The board is full: a draw.".into()),
            Outcome::Win(s) => {
                let n = self.moves_played().div_ceil(2) as i32;
                Some(format!(
                    "{} wins: four in a row with its {n}{} disc.",
                    Position::SIDE_NAMES[s.index()],
                    ordinal(n)
                ))
            }
        }
    }
}

/// A move string that reaches `p` (see [`Playable::position_text`]).
///
/// The discs of each column must go down bottom first, the side to move
/// taking one of its own; a finished position's winning disc must come
/// last. A depth-first search over the columns' next discs finds such an
/// order; a state is the number of discs placed in each column (at most
/// 7^7), and states that lead nowhere are remembered, so the search is
/// bounded whatever the position.
pub fn position_moves(p: &Position) -> String {
    let cells = Position::cells(p);
    // The discs of each column, bottom first: 1 first side, 2 second.
    let mut cols: [Vec<u8>; WIDTH] = Default::default();
    for (c, col) in cols.iter_mut().enumerate() {
        for row in (0..HEIGHT).rev() {
            let v = cells[row * WIDTH + c];
            if v != 0 {
                col.push(v);
            }
        }
    }
    let mut search = Replay {
        cols,
        next: [0; WIDTH],
        dead: std::collections::HashSet::new(),
        moves: Vec::with_capacity(CELLS),
    };
    if search.go(&mut Position::new(), p) {
        format_moves(&search.moves)
    } else {
        // Unreachable for positions the rules produced.
        String::new()
    }
}

pub(super) struct Replay {
    cols: [Vec<u8>; WIDTH],
    next: [usize; WIDTH],
    dead: std::collections::HashSet<u32>,
    moves: Vec<u8>,
}

impl Replay {
    fn state(&self) -> u32 {
        self.next.iter().fold(0, |s, &n| s * 7 + n as u32)
    }

    fn go(&mut self, at: &mut Position, target: &Position) -> bool {
        if at.moves_played() == target.moves_played() {
            return at == target;
        }
        if at.is_over() || self.dead.contains(&self.state()) {
            return false;
        }
        let mover = 1 + at.to_move().index() as u8;
        for c in super::move_sorter::COLUMN_ORDER {
            if self.next[c] < self.cols[c].len() && self.cols[c][self.next[c]] == mover {
                let before = *at;
                at.play_col(c);
                self.next[c] += 1;
                self.moves.push(c as u8);
                if self.go(at, target) {
                    return true;
                }
                self.moves.pop();
                self.next[c] -= 1;
                *at = before;
            }
        }
        self.dead.insert(self.state());
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_text_reads_back_for_random_games() {
        use rand::seq::IndexedRandom;
        let mut rng = crate::game::rng_from_seed(5);
        for _ in 0..200 {
            let mut p = Position::new();
            let mut moves = Vec::new();
            while !p.is_over() {
                p.legal_moves(&mut moves);
                let m = *moves.choose(&mut rng).unwrap();
                p.play(m);
                let back = Position::parse_position(&p.position_text()).unwrap();
                assert_eq!(back, p);
            }
        }
    }

    #[test]
    fn moves_land_where_the_disc_falls() {
        let p = Position::from_moves("44").unwrap();
        assert_eq!(p.move_cells(3), (None, Some(3 * 7 + 3)));
        assert_eq!(p.move_cells(0), (None, Some(5 * 7)));
    }
}
