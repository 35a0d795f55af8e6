//! Files of positions in the FFO form, and the FFO #40–#49 benchmark.
//!
//! # The form
//! One position per line:
//! `<64 squares a1..h8: X, O, -> <side to move X|O> [<score> <best moves> <empties>] [# comment]`.
//! The score is the exact final disc differential for the side to move
//! (`+38`, `0`, `-12`), the best moves a comma-separated list of squares
//! (`G3,C7`); both are optional and only used to check the answer. Blank
//! lines and lines starting with `#` are skipped.

use std::io::BufRead;

use serde::{Deserialize, Serialize};

use super::solver::{Limits, Solution, Solver};
use crate::games::othello::{parse_square, square_name, Board, PASS};

/// A position read from a file, with the expected answer if given.
#[derive(Clone, Debug, PartialEq)]
pub struct FfoPosition {
    pub board: Board,
    /// The expected exact score for the side to move.
    pub expected_score: Option<i32>,
    /// The expected best moves (every move reaching the score), possibly
    /// empty.
    pub best_moves: Vec<u8>,
    /// The text after `#`, trimmed.
    pub comment: String,
}

/// A line that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// 1-based line number.
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for FileError {}

/// The answer for one position of a file.
#[derive(Clone, Debug, PartialEq)]
pub struct FileSolution {
    /// 1-based line number in the file.
    pub line: usize,
    pub position: FfoPosition,
    pub solution: Solution,
    /// The best move's name (`a2`, `pass`), or `--` when the game is over
    /// or the solve did not finish.
    pub best_move: String,
    /// Whether the answer matches the expected score and best moves given
    /// in the file (`None` if the file gave none or the solve did not
    /// finish).
    pub agrees: Option<bool>,
}

/// Reads one line: `Ok(None)` for a blank or comment line.
pub fn parse_line(line: &str) -> Result<Option<FfoPosition>, String> {
    let (data, comment) = match line.find('#') {
        Some(i) => (&line[..i], line[i + 1..].trim()),
        None => (line, ""),
    };
    if data.trim().is_empty() {
        return Ok(None);
    }
    let board = Board::parse(data).map_err(|e| e.0)?;
    let fields: Vec<&str> = data.split_whitespace().collect();
    let expected_score = match fields.get(2) {
        Some(s) => Some(
            s.trim_start_matches('+')
                .parse::<i32>()
                .ok()
                .filter(|v| (-64..=64).contains(v))
                .ok_or_else(|| format!("'{s}' is not a score (an integer from -64 to 64)"))?,
        ),
        None => None,
    };
    let mut best_moves = Vec::new();
    if let Some(list) = fields.get(3) {
        for name in list.split(',').filter(|s| !s.is_empty()) {
            let mv = if name.eq_ignore_ascii_case("pass") || name == "--" {
                PASS
            } else {
                parse_square(name).map_err(|e| e.0)?
            };
            best_moves.push(mv);
        }
    }
    if let Some(e) = fields.get(4) {
        let n: u32 = e
            .parse()
            .map_err(|_| format!("'{e}' is not a number of empty squares"))?;
        if n != board.empties() {
            return Err(format!(
                "the position has {} empty squares, the line says {n}",
                board.empties()
            ));
        }
    }
    Ok(Some(FfoPosition {
        board,
        expected_score,
        best_moves,
        comment: comment.to_string(),
    }))
}

/// Reads every position of a text (line numbers kept).
pub fn read_positions(text: &str) -> Result<Vec<(usize, FfoPosition)>, FileError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match parse_line(line) {
            Ok(Some(p)) => out.push((i + 1, p)),
            Ok(None) => {}
            Err(message) => {
                return Err(FileError {
                    line: i + 1,
                    message,
                })
            }
        }
    }
    Ok(out)
}

/// The name of a move for output: `a2`, `pass`, or `--` for none.
pub fn move_name(mv: Option<u8>) -> String {
    match mv {
        Some(PASS) => "pass".into(),
        Some(sq) => square_name(sq),
        None => "--".into(),
    }
}

/// Solves `positions` (as read by [`read_positions`]) one after the
/// other, keeping the table; `each` sees every answer as soon as it is
/// known; `limits` apply to each position.
pub fn solve_positions(
    positions: Vec<(usize, FfoPosition)>,
    solver: &mut Solver,
    limits: Limits,
    each: &mut dyn FnMut(&FileSolution),
) -> Vec<FileSolution> {
    let mut out = Vec::with_capacity(positions.len());
    for (line, position) in positions {
        let solution = solver.solve(&position.board, limits, None);
        let agrees = match (solution.score, position.expected_score) {
            (Some(s), Some(e)) => Some(
                s == e
                    && (position.best_moves.is_empty()
                        || solution
                            .best_move
                            .is_some_and(|m| position.best_moves.contains(&m))),
            ),
            _ => None,
        };
        let r = FileSolution {
            line,
            // A move of an unfinished solve is not proven best.
            best_move: move_name(solution.score.and(solution.best_move)),
            position,
            solution,
            agrees,
        };
        each(&r);
        out.push(r);
    }
    out
}

/// Solves every position of `text` (the whole text is read first, so a bad
/// line is reported before any solving). `each` sees every answer as soon as
/// it is known; `limits` apply to each position.
pub fn solve_file(
    text: &str,
    solver: &mut Solver,
    limits: Limits,
    each: &mut dyn FnMut(&FileSolution),
) -> Result<Vec<FileSolution>, FileError> {
    let positions = read_positions(text)?;
    Ok(solve_positions(positions, solver, limits, each))
}

/// [`solve_file`] over a reader (a file, standard input).
pub fn solve_reader<R: BufRead>(
    reader: R,
    solver: &mut Solver,
    limits: Limits,
    each: &mut dyn FnMut(&FileSolution),
) -> Result<Vec<FileSolution>, FileError> {
    let mut positions = Vec::new();
    for (i, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| FileError {
            line: i + 1,
            message: format!("cannot read: {e}"),
        })?;
        match parse_line(&line) {
            Ok(Some(p)) => positions.push((i + 1, p)),
            Ok(None) => {}
            Err(message) => {
                return Err(FileError {
                    line: i + 1,
                    message,
                })
            }
        }
    }
    Ok(solve_positions(positions, solver, limits, each))
}

/// FFO #40–#49, as distributed with the test data.
pub const FFO_40_49: &str = include_str!("../../../../tests/data/othello/ffo40-49.txt");

/// One benchmark position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchPosition {
    /// The FFO number (40–49).
    pub number: u32,
    pub empties: u32,
    pub score: Option<i32>,
    pub expected_score: i32,
    pub best_move: String,
    /// The score matches and the move is one of the listed best moves.
    pub correct: bool,
    pub ms: f64,
    pub nodes: u64,
    pub nodes_per_second: f64,
}

/// The benchmark's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchReport {
    pub positions: Vec<BenchPosition>,
    pub total_ms: f64,
    pub total_nodes: u64,
    pub nodes_per_second: f64,
    /// The transposition table's size.
    pub hash_bytes: usize,
    /// Every solved position was right.
    pub all_correct: bool,
}

/// Solves the FFO positions numbered within `numbers` (40–49 exist), each
/// from an empty table of `hash_bytes` bytes, and times them. `each` sees
/// every position as soon as it is solved.
pub fn bench_ffo(
    numbers: std::ops::RangeInclusive<u32>,
    hash_bytes: usize,
    mut each: Option<&mut dyn FnMut(&BenchPosition)>,
) -> BenchReport {
    let mut solver = Solver::with_hash_bytes(hash_bytes);
    let mut positions = Vec::new();
    for (_, p) in read_positions(FFO_40_49).expect("the FFO data file is well formed") {
        let number: u32 = p
            .comment
            .rsplit('#')
            .next()
            .and_then(|s| s.trim().parse().ok())
            .expect("each FFO line names its number");
        if !numbers.contains(&number) {
            continue;
        }
        solver.clear();
        let s = solver.solve(&p.board, Limits::NONE, None);
        let expected = p.expected_score.expect("the FFO data gives scores");
        let b = BenchPosition {
            number,
            empties: p.board.empties(),
            score: s.score,
            expected_score: expected,
            best_move: move_name(s.best_move),
            correct: s.score == Some(expected)
                && s.best_move.is_some_and(|m| p.best_moves.contains(&m)),
            ms: s.seconds * 1e3,
            nodes: s.nodes,
            nodes_per_second: s.nodes_per_second(),
        };
        if let Some(f) = each.as_mut() {
            f(&b);
        }
        positions.push(b);
    }
    let total_ms: f64 = positions.iter().map(|p| p.ms).sum();
    let total_nodes: u64 = positions.iter().map(|p| p.nodes).sum();
    BenchReport {
        all_correct: positions.iter().all(|p| p.correct),
        nodes_per_second: total_nodes as f64 / (total_ms / 1e3).max(1e-9),
        total_ms,
        total_nodes,
        hash_bytes: solver.hash_bytes(),
        positions,
    }
}
