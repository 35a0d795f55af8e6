//! The share of optimal moves: how often a learned player's move is one the
//! exact solver rates best.
//!
//! A column is *optimal* in a position when its exact score (see
//! [`super::solver`]) is the best of the position's columns: it wins as
//! fast as possible, or draws, or loses as late as possible, against
//! perfect play. A player that picks among several tied columns (a table's
//! greedy moves with equal values) counts by the share of its tied columns
//! that are optimal.
//!
//! The share is taken over two kinds of positions:
//!
//! * **Its own games** ([`OptimalMoves`]): positions a run's learner met in
//!   a few greedy games against its opponent. They are solved as they come,
//!   each with a fresh table and the opening book, within
//!   [`NODE_BUDGET`] nodes: a position the budget does not settle is
//!   *skipped* (in practice positions of 5 to about 8 discs, which take the
//!   solver millions of nodes). The answer depends on the position and the
//!   budget only, so a run continued from a saved model measures exactly
//!   as the uninterrupted run; answers are kept, so a position met again
//!   costs nothing.
//! * **Test positions** ([`test_sample`]): every 10th position of each of
//!   the solver benchmark sets of `tests/data/connect4/` (Pascal Pons'
//!   sets from blog.gamesolver.org, "Solving Connect 4", part 2), solved
//!   once and for all with their optimal columns in `test_positions.txt`
//!   (written by `selfplay connect4 test-sample`), so that the page has
//!   them without the files or the hours of solving.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::batch::{LineError, LineInput};
use super::rules::{Position, WIDTH};
use super::solver::{Budget, Solver};
use crate::game::Game;

/// Nodes the solver may spend on one position of a learner's own games.
pub const NODE_BUDGET: u64 = 2_000;

/// log2 of the entries of the solver's table (2 MiB, cleared before every
/// position).
pub const TABLE_BITS: u32 = 18;

/// Answers kept at most; past this many the memory of answers starts over
/// (it only saves time).
pub const MAX_KEPT: usize = 200_000;

/// The test positions with their optimal columns (see the module
/// documentation).
pub const TEST_POSITIONS: &str = include_str!("test_positions.txt");

/// The step through each benchmark set of [`TEST_POSITIONS`].
pub const TEST_STEP: usize = 10;

/// A position and its optimal columns (a bit per 0-based column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The moves from the empty board, 1-based columns.
    pub moves: String,
    pub position: Position,
    /// The exact score of the position for its side to move.
    pub score: i32,
    pub optimal: u8,
}

/// The columns of `mask` as 1-based digits, left to right (`"45"`).
pub fn columns_text(mask: u8) -> String {
    (0..WIDTH as u8)
        .filter(|&c| mask >> c & 1 == 1)
        .map(|c| char::from(b'1' + c))
        .collect()
}

/// Reads lines `<moves> <score> <optimal columns>` (the columns as 1-based
/// digits); blank lines and `#` comments are skipped. Each column must be
/// playable in its position.
pub fn read_checked(text: &str) -> Result<Vec<Checked>, LineError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let err = |message: String| LineError {
            line: i + 1,
            message,
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [moves, score, columns] = fields[..] else {
            return Err(err(format!(
                "expected `<moves> <score> <optimal columns>`, got '{line}'"
            )));
        };
        let position = Position::from_moves(moves).map_err(|e| err(e.to_string()))?;
        let score: i32 = score
            .parse()
            .map_err(|_| err(format!("'{score}' is not a score")))?;
        let mut optimal = 0u8;
        for ch in columns.chars() {
            let col = match ch {
                '1'..='7' => ch as u8 - b'1',
                _ => return Err(err(format!("'{ch}' is not a column (1 to 7)"))),
            };
            if !position.can_play(col as usize) {
                return Err(err(format!("column {ch} is full")));
            }
            optimal |= 1 << col;
        }
        if optimal == 0 || position.is_over() {
            return Err(err("a position in play needs an optimal column".into()));
        }
        out.push(Checked {
            moves: moves.to_string(),
            position,
            score,
            optimal,
        });
    }
    Ok(out)
}

/// The built-in test positions ([`TEST_POSITIONS`]), read once.
pub fn test_sample() -> &'static [Checked] {
    static SAMPLE: OnceLock<Vec<Checked>> = OnceLock::new();
    SAMPLE.get_or_init(|| read_checked(TEST_POSITIONS).expect("the built-in test positions read"))
}

/// The line of [`TEST_POSITIONS`] for one position of a benchmark set:
/// `<moves> <score> <optimal columns>`, solved without a budget.
pub fn checked_line(input: &LineInput, solver: &mut Solver) -> String {
    let optimal = solver
        .optimal_columns(&input.position, Budget::unlimited())
        .unwrap_or(0);
    let score = solver.solve(&input.position);
    format!("{} {score} {}", input.moves, columns_text(optimal))
}

/// The share of optimal choices, in %: for each position the columns a
/// player chooses among and the optimal ones (bit masks), each position
/// counting by the share of its chosen columns that are optimal. `None`
/// for no position.
pub fn share(choices: impl IntoIterator<Item = (u8, u8)>) -> Option<f64> {
    let (mut sum, mut n) = (0.0, 0u32);
    for (chosen, optimal) in choices {
        let all = chosen.count_ones().max(1);
        sum += f64::from((chosen & optimal).count_ones()) / f64::from(all);
        n += 1;
    }
    (n > 0).then(|| 100.0 * sum / f64::from(n))
}

/// The columns in `moves` as a bit mask.
pub fn mask_of(moves: &[u8]) -> u8 {
    moves.iter().fold(0, |m, &c| m | 1 << c)
}

/// The optimal columns of positions met in play, within [`NODE_BUDGET`]
/// nodes each, remembered by position.
pub struct OptimalMoves {
    solver: Solver,
    kept: HashMap<u64, Option<u8>>,
    budget: u64,
}

impl Default for OptimalMoves {
    fn default() -> Self {
        OptimalMoves::new(NODE_BUDGET)
    }
}

impl OptimalMoves {
    /// A solver of [`TABLE_BITS`] with the opening book, `budget` nodes a
    /// position.
    pub fn new(budget: u64) -> OptimalMoves {
        let mut solver = Solver::with_table_bits(TABLE_BITS);
        solver.set_book(Some(super::book::opening()));
        OptimalMoves {
            solver,
            kept: HashMap::new(),
            budget,
        }
    }

    /// The optimal columns of `p` (a position in play), or `None` if the
    /// budget does not settle them. The solver starts from an empty table,
    /// so the answer depends on `p` and the budget only.
    pub fn of(&mut self, p: &Position) -> Option<u8> {
        if let Some(&known) = self.kept.get(&p.key()) {
            return known;
        }
        self.solver.reset();
        let answer = self.solver.optimal_columns(p, Budget::nodes(self.budget));
        if self.kept.len() >= MAX_KEPT {
            self.kept.clear();
        }
        self.kept.insert(p.key(), answer);
        answer
    }

    /// Positions whose answer is kept.
    pub fn kept(&self) -> usize {
        self.kept.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{rng_from_seed, Player};
    use crate::games::connect4::players::RandomColumn;
    use crate::games::connect4::solver::Mode;

    /// The best-score columns of a full analysis (`solver` without the
    /// book: the analysis does not share the code under test).
    fn analyzed(solver: &mut Solver, p: &Position) -> u8 {
        let a = solver.analyze(p, Mode::Strong, Budget::unlimited(), None);
        assert!(a.finished);
        let best = a.scores.iter().flatten().copied().max().unwrap();
        (0..WIDTH)
            .filter(|&c| a.scores[c] == Some(best))
            .fold(0, |m, c| m | 1 << c)
    }

    #[test]
    fn optimal_columns_are_the_best_scores_of_an_analysis() {
        let mut solver = Solver::with_table_bits(20);
        let mut other = Solver::with_table_bits(20);
        let mut rng = rng_from_seed(3);
        let mut several = 0;
        for _ in 0..40 {
            let mut p = Position::new();
            for _ in 0..16 {
                let c = RandomColumn.choose(&p, &mut rng);
                p.play(c);
                if p.is_over() {
                    break;
                }
            }
            while !p.is_over() {
                let mask = solver.optimal_columns(&p, Budget::unlimited()).unwrap();
                assert_eq!(mask, analyzed(&mut other, &p), "{p:?}");
                several += usize::from(mask.count_ones() > 1);
                let c = RandomColumn.choose(&p, &mut rng);
                p.play(c);
            }
        }
        // Ties are common, and were compared too.
        assert!(several > 30, "{several}");
        // A finished game has none; a budget too small settles nothing.
        let won = Position::from_moves("1212121").unwrap();
        assert_eq!(solver.optimal_columns(&won, Budget::unlimited()), None);
        let early = Position::from_moves("44").unwrap();
        solver.reset();
        assert_eq!(solver.optimal_columns(&early, Budget::nodes(5_000)), None);
    }

    #[test]
    fn a_forced_block_and_a_win_in_one_are_the_only_optimal_moves() {
        // Red to move, columns 5 and 7 open: Yellow's next disc in 5 would
        // make four on a diagonal, so 7 loses at once and 5 blocks (and
        // wins later: Red's next disc in 5 makes four in the top row).
        let block = "474116336153143412642622314267326575";
        let mut s = Solver::with_table_bits(18);
        let p = Position::from_moves(block).unwrap();
        assert_eq!(s.optimal_columns(&p, Budget::unlimited()), Some(1 << 4));
        let p = Position::from_moves(&format!("{block}55")).unwrap();
        assert!(p.can_win_next());
        assert_eq!(s.optimal_columns(&p, Budget::unlimited()), Some(1 << 4));
    }

    #[test]
    fn the_share_counts_tied_choices_by_their_part() {
        assert_eq!(share([]), None);
        // One position chosen right, one with two tied columns of which
        // one is optimal, one wrong: (1 + 0.5 + 0) / 3.
        let s = share([(0b100, 0b110), (0b011, 0b001), (0b1, 0b10)]).unwrap();
        assert!((s - 50.0).abs() < 1e-12, "{s}");
        assert_eq!(mask_of(&[0, 3, 6]), 0b100_1001);
        assert_eq!(columns_text(0b100_1001), "147");
    }

    #[test]
    fn answers_depend_on_the_position_only() {
        // A position answered after others, by a second checker, and again
        // by the first: the same answers, whatever was solved before.
        let mut rng = rng_from_seed(9);
        let mut positions = Vec::new();
        for _ in 0..40 {
            let mut p = Position::new();
            let stop = 6 + positions.len() % 16;
            while !p.is_over() && (p.moves_played() as usize) < stop {
                let c = RandomColumn.choose(&p, &mut rng);
                p.play(c);
            }
            if !p.is_over() {
                positions.push(p);
            }
        }
        let mut a = OptimalMoves::default();
        let first: Vec<_> = positions.iter().map(|p| a.of(p)).collect();
        let mut b = OptimalMoves::default();
        let backwards: Vec<_> = positions.iter().rev().map(|p| b.of(p)).collect();
        let mut reversed = backwards.clone();
        reversed.reverse();
        assert_eq!(first, reversed);
        assert_eq!(a.kept(), positions.len());
        // Some were settled within the budget, some not.
        assert!(first.iter().any(Option::is_some) && first.iter().any(Option::is_none));
    }

    #[test]
    fn test_lines_read_and_bad_lines_are_refused() {
        let c = read_checked("# comment\n\n121212 18 1\n").unwrap();
        assert_eq!(c.len(), 1);
        assert_eq!((c[0].score, c[0].optimal), (18, 1));
        for bad in [
            "121212 18",
            "121212 x 1",
            "121212 18 8",
            "111111 0 1",
            "121212 18 0",
            "1212121 -18 2",
        ] {
            assert!(read_checked(bad).is_err(), "{bad}");
        }
    }
}
