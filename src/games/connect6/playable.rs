//! What the page shows of a Connect6 position (`Playable`): the title, the
//! sides' names, the 19 × 19 grid and its points, the point a stone fills,
//! a position's text (19 rows of `.`, `B` or `W`, separated by `/`) read
//! back with its checks, records, and the sentence of who places what.

use super::rules::{format_point, parse_point, placer, Board, Point, POINTS, SIZE};
use crate::game::{Game, MoveError, Outcome, Side};
use crate::plugin::Playable;

impl Playable for Board {
    const TITLE: &'static str = "Connect6";
    const SIDE_NAMES: [&'static str; 2] = ["Black", "White"];
    const ROWS: u32 = SIZE as u32;
    const COLS: u32 = SIZE as u32;

    fn cells(&self, out: &mut Vec<u8>) {
        out.clear();
        out.extend_from_slice(&self.cells);
    }

    fn move_cells(&self, m: Point) -> (Option<u32>, Option<u32>) {
        (None, Some(u32::from(m)))
    }

    fn end_cells(&self, last: Option<u32>) -> Vec<u32> {
        match self.outcome() {
            Some(Outcome::Win(_)) => {
                crate::plugin::playable::winning_line(&self.cells, SIZE as u32, last, 6)
            }
            _ => Vec::new(),
        }
    }

    fn end_text(&self) -> Option<String> {
        match self.outcome()? {
            Outcome::Win(s) => Some(format!(
                "{} wins: six in a row.",
                Self::SIDE_NAMES[s.index()]
            )),
            Outcome::Draw => Some("The board is full without a six: a draw.".into()),
        }
    }

    fn parse_position(text: &str) -> Result<Self, MoveError> {
        let points: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '/')
            .collect();
        if points.len() != POINTS {
            return Err(MoveError(format!(
                "a position is 19 rows of 19 points (., B or W), rows separated by /; this one has {} points",
                points.len()
            )));
        }
        let mut cells = [0u8; POINTS];
        for (p, c) in points.iter().enumerate() {
            cells[p] = match c {
                '.' => 0,
                'B' | 'b' => 1,
                'W' | 'w' => 2,
                other => {
                    return Err(MoveError(format!(
                        "point {} is {other:?}: write ., B or W",
                        format_point(p as Point)
                    )))
                }
            };
        }
        let b = Board::from_cells(&cells);
        let count = |who: u8| cells.iter().filter(|c| **c == who).count();
        let (black, white) = (count(1), count(2));
        let s = black + white;
        let expected = (0..s).filter(|&i| placer(i) == Side::First).count();
        if black != expected {
            return Err(MoveError(format!(
                "after {s} stones Black has placed {expected} and White {}, not {black} and {white}: Black places one stone, then each side two",
                s - expected
            )));
        }
        let sixes: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|&d| b.has_six_anywhere(d))
            .collect();
        if sixes.len() == 2 || sixes.first().is_some_and(|&d| d != placer(s - 1)) {
            return Err(MoveError(
                "this position cannot be reached: a stone was placed after the game ended".into(),
            ));
        }
        Ok(b)
    }

    fn position_text(&self) -> String {
        let mut out = String::with_capacity(POINTS + SIZE);
        for (i, c) in self.cells.iter().enumerate() {
            if i > 0 && i % SIZE == 0 {
                out.push('/');
            }
            out.push(match c {
                1 => 'B',
                2 => 'W',
                _ => '.',
            });
        }
        out
    }

    fn parse_transcript(text: &str) -> Result<Vec<Point>, MoveError> {
        text.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
            .filter(|t| !t.is_empty())
            .enumerate()
            .map(|(i, t)| parse_point(t).map_err(|e| MoveError(format!("move {}: {e}", i + 1))))
            .collect()
    }

    fn transcript(moves: &[Point]) -> String {
        let mut out = String::new();
        for (i, &m) in moves.iter().enumerate() {
            if i > 0 {
                out.push_str(if placer(i) == placer(i - 1) {
                    " "
                } else {
                    "; "
                });
            }
            out.push_str(&format_point(m));
        }
        out
    }

    fn status_text(&self) -> Option<String> {
        if self.outcome().is_some() {
            return None;
        }
        let side = Self::SIDE_NAMES[self.to_move().index()];
        Some(match (self.stones(), self.stones_left()) {
            (0, _) => format!("{side} places one stone to open."),
            (_, 2) => format!("{side} places the first of its two stones."),
            _ => format!("{side} places the second of its two stones."),
        })
    }
}
