//! What the page shows of a tic-tac-toe position (`Playable`): the title,
//! the sides' names, the 3 × 3 grid and its cells, the square a move fills,
//! and a position's text (the nine squares in reading order, `X`, `O` or
//! `.`), read back with its checks.

use super::rules::{Board, Square, LINES};
use crate::game::{Game, MoveError, Outcome};
use crate::plugin::Playable;

impl Playable for Board {
    const TITLE: &'static str = "Tic-tac-toe";
    const SIDE_NAMES: [&'static str; 2] = ["X", "O"];
    const ROWS: u32 = 3;
    const COLS: u32 = 3;

    fn cells(&self, out: &mut Vec<u8>) {
        out.clear();
        out.extend_from_slice(&self.cells);
    }

    fn move_cells(&self, m: Square) -> (Option<u32>, Option<u32>) {
        (None, Some(u32::from(m)))
    }

    fn end_cells(&self, last: Option<u32>) -> Vec<u32> {
        match self.outcome() {
            Some(Outcome::Win(_)) => crate::plugin::playable::winning_line(&self.cells, 3, last, 3),
            _ => Vec::new(),
        }
    }

    fn end_text(&self) -> Option<String> {
        match self.outcome()? {
            Outcome::Win(s) => Some(format!(
                "{} wins: three in a row.",
                Self::SIDE_NAMES[s.index()]
            )),
            Outcome::Draw => Some("The board is full without three in a row: a draw.".into()),
        }
    }

    fn parse_position(text: &str) -> Result<Self, MoveError> {
        let text = text.trim();
        if text.chars().count() != 9 {
            return Err(MoveError(format!(
                "a position is 9 squares (X, O or .), not {:?}",
                text
            )));
        }
        let mut cells = [0u8; 9];
        for (i, c) in text.chars().enumerate() {
            cells[i] = match c {
                '.' => 0,
                'X' | 'x' => 1,
                'O' | 'o' => 2,
                other => {
                    return Err(MoveError(format!(
                        "square {} is {other:?}: write X, O or .",
                        i + 1
                    )))
                }
            };
        }
        let b = Board { cells };
        let (x, o) = (b.count(1), b.count(2));
        if x != o && x != o + 1 {
            return Err(MoveError(format!(
                "X moves first, so X has as many marks as O or one more (X {x}, O {o})"
            )));
        }
        let won = |who: u8| LINES.iter().any(|l| l.iter().all(|&i| cells[i] == who));
        if (won(1) && x == o) || (won(2) && x > o) || (won(1) && won(2)) {
            return Err(MoveError(
                "this position cannot be reached: a move was played after the game ended".into(),
            ));
        }
        Ok(b)
    }

    fn position_text(&self) -> String {
        self.cells
            .iter()
            .map(|c| match c {
                1 => 'X',
                2 => 'O',
                _ => '.',
            })
            .collect()
    }

    fn parse_transcript(text: &str) -> Result<Vec<Square>, MoveError> {
        text.chars()
            .filter(|c| !c.is_whitespace())
            .enumerate()
            .map(|(i, c)| {
                Self::parse_move(&c.to_string())
                    .map_err(|e| MoveError(format!("move {}: {e}", i + 1)))
            })
            .collect()
    }

    fn transcript(moves: &[Square]) -> String {
        moves.iter().map(|m| Self::format_move(*m)).collect()
    }
}
