//! Solving files of positions, and timing the solver on them.
//!
//! # Input
//! One position per line: `<moves> [<score>]`, the moves as 1-based
//! columns from the empty board (`"4453"`, as in [`super::rules::Position::from_moves`])
//! and, optionally, the expected score, as in the benchmark sets of
//! `tests/data/connect4/`. The empty board is written `-`. Blank lines and
//! lines starting with `#` are skipped. Anything else that is not a
//! position is an error naming the line.
//!
//! # Output
//! Per position: the moves as given, the score (the sign only in weak
//! mode), the nodes searched and the time in microseconds:
//! `<moves> <score> <nodes> <µs>` ([`LineResult::to_line`]).
//!
//! The solver's table is kept from one position to the next, as a long run
//! of solves would keep it; [`bench_file`] reports means per position.

use std::io::BufRead;

use serde::{Deserialize, Serialize};
use web_time::Instant;

pub use super::lines::{parse_line, read_text, score_range, LineError, LineInput};
use super::solver::{Budget, Mode, Solver};

/// The benchmark sets of `tests/data/connect4/` (file name, name), easiest
/// first.
pub const BENCH_SETS: [(&str, &str); 6] = [
    ("Test_L3_R1", "End-Easy"),
    ("Test_L2_R1", "Middle-Easy"),
    ("Test_L2_R2", "Middle-Medium"),
    ("Test_L1_R1", "Begin-Easy"),
    ("Test_L1_R2", "Begin-Medium"),
    ("Test_L1_R3", "Begin-Hard"),
];

/// One solved line.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct LineResult {
    /// 1-based line number.
    pub line: usize,
    /// The moves as written.
    pub moves: String,
    /// The score found (the sign only in weak mode).
    pub score: i32,
    /// The score the line gives, if any (as written, even in weak mode).
    pub expected: Option<i32>,
    pub nodes: u64,
    pub micros: f64,
}

impl LineResult {
    /// `<moves> <score> <nodes> <µs>`.
    pub fn to_line(&self) -> String {
        format!(
            "{} {} {} {:.0}",
            self.moves, self.score, self.nodes, self.micros
        )
    }

    /// Whether the score agrees with the expected one (in sign only for a
    /// weak solve); `None` if the line gave none.
    pub fn agrees(&self, mode: Mode) -> Option<bool> {
        self.expected.map(|e| match mode {
            Mode::Strong => e == self.score,
            Mode::Weak => e.signum() == self.score,
        })
    }
}

/// Solves one read line, timing it.
pub fn solve_line(solver: &mut Solver, input: &LineInput, mode: Mode) -> LineResult {
    let start = Instant::now();
    let r = solver.solve_with(&input.position, mode, Budget::unlimited(), None);
    let micros = start.elapsed().as_secs_f64() * 1e6;
    LineResult {
        line: input.line,
        moves: input.moves.clone(),
        score: r.score.expect("an unlimited search finishes"),
        expected: input.expected,
        nodes: r.nodes,
        micros,
    }
}

/// Solves every position of `input`, calling `each` with each result as
/// soon as it is known (so a long file streams). Stops at the first line
/// that is not a position (or cannot be read). Returns the number of
/// positions solved.
pub fn solve_reader<R: BufRead>(
    input: R,
    solver: &mut Solver,
    mode: Mode,
    mut each: impl FnMut(&LineResult),
) -> Result<usize, LineError> {
    let mut solved = 0;
    for (i, line) in input.lines().enumerate() {
        let line = line.map_err(|e| LineError {
            line: i + 1,
            message: format!("cannot read: {e}"),
        })?;
        if let Some(input) = parse_line(i + 1, &line)? {
            each(&solve_line(solver, &input, mode));
            solved += 1;
        }
    }
    Ok(solved)
}

/// Solves every position of `text` (see [`solve_reader`]).
pub fn solve_text(
    text: &str,
    solver: &mut Solver,
    mode: Mode,
) -> Result<Vec<LineResult>, LineError> {
    let mut out = Vec::new();
    solve_reader(text.as_bytes(), solver, mode, |r| out.push(r.clone()))?;
    Ok(out)
}

/// The solver's speed on one file.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct FileBench {
    /// The name given by the caller (`Test_L2_R1`, `Middle-Easy`, …).
    pub name: String,
    /// `strong` or `weak`.
    pub mode: String,
    pub positions: usize,
    /// Mean time per position, in microseconds.
    pub mean_micros: f64,
    /// Mean nodes per position.
    pub mean_nodes: f64,
    /// Positions whose score disagrees with the file's (in sign in weak
    /// mode); 0 for a file without scores.
    pub wrong: usize,
    /// Total time, in seconds.
    pub seconds: f64,
    /// Mean CPU time of the solving thread per position, in microseconds,
    /// where the platform tells it (Unix): unlike the wall-clock time, it
    /// leaves out the time other processes held the core.
    #[serde(default)]
    pub mean_cpu_micros: Option<f64>,
}

/// The CPU time the calling thread has used so far, where the platform
/// tells it (Unix); `None` elsewhere (wasm).
pub fn thread_cpu_time() -> Option<f64> {
    #[cfg(unix)]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid timespec for the call to fill.
        let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
        (r == 0).then_some(t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Which positions of a file [`bench_file`] solves: every `step`-th one
/// (1: all), the first `limit` of those (all if `None`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Selection {
    pub step: usize,
    pub limit: Option<usize>,
}

impl Default for Selection {
    fn default() -> Self {
        Selection {
            step: 1,
            limit: None,
        }
    }
}

/// Solves the positions of `text` chosen by `selection` with `solver` in
/// `mode` and reports the means. The table is cleared first (outside the
/// timed part), then kept from one position to the next (as in a run of
/// solves); the positions are read before the clock starts.
pub fn bench_file(
    name: &str,
    text: &str,
    solver: &mut Solver,
    mode: Mode,
    selection: Selection,
) -> Result<FileBench, LineError> {
    let inputs: Vec<LineInput> = read_text(text)?
        .into_iter()
        .step_by(selection.step.max(1))
        .take(selection.limit.unwrap_or(usize::MAX))
        .collect();
    let n = inputs.len();
    solver.reset();
    let (mut micros, mut nodes, mut wrong) = (0.0, 0u64, 0);
    let cpu_start = thread_cpu_time();
    for input in &inputs {
        let r = solve_line(solver, input, mode);
        micros += r.micros;
        nodes += r.nodes;
        if r.agrees(mode) == Some(false) {
            wrong += 1;
        }
    }
    let cpu = thread_cpu_time().zip(cpu_start).map(|(b, a)| b - a);
    let count = n.max(1) as f64;
    Ok(FileBench {
        name: name.to_string(),
        mode: match mode {
            Mode::Strong => "strong",
            Mode::Weak => "weak",
        }
        .to_string(),
        positions: n,
        mean_micros: micros / count,
        mean_nodes: nodes as f64 / count,
        wrong,
        seconds: micros / 1e6,
        mean_cpu_micros: cpu.map(|s| s * 1e6 / count),
    })
}
