//! Building the opening book with the solver, outside the solver (which only
//! reads a book): every position up to a depth, the deepest solved, the
//! shallower ones from their children, in parts that several processes can
//! share (`selfplay connect4 book`).

use super::book::{positions, score_from_children, Book};
use super::solver::Solver;

/// Which of the deepest positions a run solves: part `index` (from 0) of
/// `count`, every `count`-th position from the `index`-th, so that several
/// processes can share the slow part of [`generate`] and a last run merges
/// their lines (given to its solver as a book).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub index: usize,
    pub count: usize,
}

impl Part {
    /// The whole of the work.
    pub const ALL: Part = Part { index: 0, count: 1 };

    /// Reads `K/N` (1-based `K`, as a person writes it).
    pub fn parse(text: &str) -> Result<Part, String> {
        let bad = || "a part is K/N with 1 <= K <= N, such as 1/2".to_string();
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let k: usize = k.trim().parse().map_err(|_| bad())?;
        let n: usize = n.trim().parse().map_err(|_| bad())?;
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Part {
            index: k - 1,
            count: n,
        })
    }

    fn holds(&self, i: usize) -> bool {
        i % self.count == self.index
    }
}

/// Builds the book of every position of `min_depth` to `depth` discs (see
/// [`positions`]): the solver solves those of `depth` discs (the slow
/// part), the shallower ones follow from their children. Calls `each` with
/// every position and score as soon as known (deepest first). Returns the
/// lines of the book file, shallowest first.
///
/// With a `part` other than [`Part::ALL`], solves only that part of the
/// positions of `depth` discs and returns only their lines.
pub fn generate(
    min_depth: u32,
    depth: u32,
    part: Part,
    solver: &mut Solver,
    mut each: impl FnMut(&str, i32),
) -> Vec<String> {
    let all = positions(min_depth, depth);
    let mut book = Book::new(depth, all.len());
    let mut scores = vec![None; all.len()];
    let deepest = all.partition_point(|(_, p)| p.moves_played() < depth);
    for (i, (moves, p)) in all.iter().enumerate().rev() {
        let s = if i >= deepest {
            if !part.holds(i - deepest) {
                continue;
            }
            solver.solve(p)
        } else if part == Part::ALL {
            score_from_children(p, &book).expect("the deeper positions are solved first")
        } else {
            break;
        };
        book.insert(p, s);
        scores[i] = Some(s);
        each(moves, s);
    }
    all.iter()
        .zip(scores)
        .filter_map(|((moves, _), s)| {
            s.map(|s| format!("{} {s}", if moves.is_empty() { "-" } else { moves }))
        })
        .collect()
}
