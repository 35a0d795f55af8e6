//! The text form of positions with scores, as the benchmark files and the
//! opening book write them: one position a line, its moves (1-based
//! columns, `-` for the empty board) and optionally its exact score. The
//! solver's batch mode ([`super::batch`]) and the book ([`super::book`])
//! both read it.

use super::rules::{Position, CELLS, MAX_SCORE, MIN_SCORE};

/// A line that is not a position, or input that cannot be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LineError {
    /// 1-based line number.
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for LineError {}

/// One line of input, read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LineInput {
    /// 1-based line number.
    pub line: usize,
    /// The moves as written (`-` for the empty board).
    pub moves: String,
    pub position: Position,
    /// The score the line gives, if any.
    pub expected: Option<i32>,
}

/// The scores a position can have: the side to move wins at the earliest
/// with its next disc, loses at the earliest to the opponent's next disc
/// (or has lost, in a finished position); within [`MIN_SCORE`] and
/// [`MAX_SCORE`].
pub fn score_range(p: &Position) -> (i32, i32) {
    let k = p.moves_played() as i32;
    let low = -((CELLS as i32 + 2 - k) / 2);
    let high = (CELLS as i32 + 1 - k) / 2;
    (low.max(MIN_SCORE), high.min(MAX_SCORE))
}

/// Reads one line (`number` is 1-based); `Ok(None)` for a blank or comment
/// line.
pub fn parse_line(number: usize, text: &str) -> Result<Option<LineInput>, LineError> {
    let err = |message: String| LineError {
        line: number,
        message,
    };
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let mut fields = text.split_whitespace();
    let moves = fields.next().unwrap_or_default();
    let position = if moves == "-" {
        Position::new()
    } else {
        Position::from_moves(moves).map_err(|e| err(e.0))?
    };
    let expected = match fields.next() {
        None => None,
        Some(s) => {
            let v = s
                .parse::<i32>()
                .map_err(|_| err(format!("'{s}' is not a score (an integer)")))?;
            let (low, high) = score_range(&position);
            if !(low..=high).contains(&v) {
                return Err(err(format!(
                    "score {v} is out of range: a position of {} discs scores from {low} to {high}",
                    position.moves_played()
                )));
            }
            Some(v)
        }
    };
    if let Some(extra) = fields.next() {
        return Err(err(format!(
            "unexpected '{extra}' after the score; a line is <moves> [<score>]"
        )));
    }
    Ok(Some(LineInput {
        line: number,
        moves: moves.to_string(),
        position,
        expected,
    }))
}

/// Reads every position of `text` without solving (checks a whole file
/// before a long run).
pub fn read_text(text: &str) -> Result<Vec<LineInput>, LineError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(input) = parse_line(i + 1, line)? {
            out.push(input);
        }
    }
    Ok(out)
}
