//! The exact solver: negamax with alpha-beta pruning on the bitboard, a
//! transposition table kept between searches, and iterative null-window
//! search on the score range.
//!
//! # Scores
//! A score is from the point of view of the side to move (see
//! [`MIN_SCORE`]): `22 - s` if it wins with its `s`-th disc whatever the
//! opponent does, `-(22 - s)` if the opponent wins with its `s`-th disc
//! whatever the side to move does, 0 for a draw. Both sides play perfectly:
//! the winner wins as early as it can, the loser holds out as long as it
//! can. A *strong* solve gives this exact score; a *weak* solve only its
//! sign (1 win, 0 draw, -1 loss), which is cheaper.
//!
//! # Search
//! [`Solver::solve`] narrows an interval `[lower, upper]` known to hold the
//! score by a series of null-window searches (`alpha = med`, `beta = med +
//! 1`: "is the score above `med`?"), each halving it, trying the middle's
//! side towards 0 first (scores near 0 are proved faster). Each null-window
//! search is a depth-first negamax with alpha-beta pruning that never
//! considers a move that loses at once ([`Position::possible_non_losing_moves`])
//! and bounds every node's score by the moves left; moves are tried best
//! move of an earlier search first, then by the number of winning cells they
//! create, then centre first ([`MoveSorter`]). A weak solve searches the
//! interval `[-1, 1]` only.
//!
//! The [`TranspositionTable`] keeps a lower and an upper bound per position
//! and lives in the [`Solver`]. Positions of [`NEAR_MIN_MOVES`] discs or more
//! (there are many of them, each cheap to search) have a small table of
//! their own, [`NEAR_BITS`] (1 MiB), which stays in the processor's cache:
//! they no longer push the costly entries of earlier positions out of the
//! large table, and reading them rarely waits for memory (where there is no
//! prefetch, as in WebAssembly, this matters most). Both tables live in the
//! solver, so a later solve of a related position (the
//! next move of a game, the same position after an interrupted solve, the
//! next column of an [`Analysis`]) starts from what earlier ones learned.
//! Positions up to the [`Book`]'s depth, when the solver has one, are read
//! from it.
//!
//! # Budget and progress
//! A [`Budget`] limits a search by nodes and/or by a deadline; both are
//! checked every [`CHECK_INTERVAL`] nodes. A search stopped by its budget
//! returns the bounds proved so far instead of a score ("not finished"),
//! and leaves the table valid (nothing is stored from a search that was
//! cut short), so solving the same position again continues from what was
//! learned. A progress callback, if given, is called at the same checks,
//! at most every [`PROGRESS_INTERVAL_MS`] milliseconds.

use std::sync::Arc;
use std::time::Duration;

use web_time::Instant;

use super::book::Book;
use super::move_sorter::{MoveSorter, COLUMN_ORDER};
use super::rules::{column_mask, Position, CELLS, MAX_SCORE, MIN_SCORE, WIDTH};
use super::transposition::{Entry, TranspositionTable, DEFAULT_BITS};

/// Nodes between two checks of the budget (and calls of the progress
/// callback).
pub const CHECK_INTERVAL: u64 = 1 << 12;
/// The enhanced transposition cutoff (a look at every child's entry before
/// searching any) only runs in positions with fewer discs than this: it
/// saves nodes, but deep in the tree the reads cost more than the nodes
/// they save.
pub const ETC_MAX_MOVES: i32 = 20;
/// Positions with at least this many discs use the small table.
pub const NEAR_MIN_MOVES: i32 = 24;
/// log2 of the entries of the small table (2^17 entries: 1 MiB), for
/// solvers whose large table has at least 2^20 entries; smaller solvers get
/// one an eighth of their large table.
pub const NEAR_BITS: u32 = 17;
/// The shortest time between two progress reports, in milliseconds.
pub const PROGRESS_INTERVAL_MS: u64 = 50;

/// Exact scores, or win/draw/loss only.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Mode {
    /// The exact score.
    #[default]
    Strong,
    /// Only the sign: 1 win, 0 draw, -1 loss (for the side to move).
    Weak,
}

/// Limits on a search. The default has none.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Budget {
    /// Stop after about this many nodes (checked every [`CHECK_INTERVAL`]).
    pub max_nodes: Option<u64>,
    /// Stop at about this time (checked every [`CHECK_INTERVAL`] nodes).
    pub deadline: Option<Instant>,
}

impl Budget {
    /// No limit.
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// A deadline `time` from now.
    pub fn time(time: Duration) -> Budget {
        Budget {
            max_nodes: None,
            deadline: Some(Instant::now() + time),
        }
    }

    /// A node limit.
    pub fn nodes(max_nodes: u64) -> Budget {
        Budget {
            max_nodes: Some(max_nodes),
            deadline: None,
        }
    }
}

/// A report on a running search, for a progress display.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Progress {
    /// Nodes searched since the call started.
    pub nodes: u64,
    /// Time since the call started.
    pub elapsed: Duration,
    /// The score is known to be at least `lower` and at most `upper` (in
    /// the mode's terms: -1..=1 for a weak search) for the position being
    /// solved.
    pub lower: i32,
    pub upper: i32,
    /// The null-window search under way tests whether the score exceeds
    /// `probe`.
    pub probe: i32,
    /// In an [`Analysis`], the column (0-based) being solved.
    pub column: Option<u8>,
    /// In an [`Analysis`], the scores of the columns solved so far (as in
    /// [`Analysis::scores`]).
    pub scores: [Option<i32>; WIDTH],
}

/// The result of [`Solver::solve_with`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Solve {
    /// The score (the sign only in weak mode), or `None` if the budget ran
    /// out first.
    pub score: Option<i32>,
    /// Bounds proved on the score (equal to it when finished; in weak mode
    /// within -1..=1).
    pub lower: i32,
    pub upper: i32,
    /// Nodes searched.
    pub nodes: u64,
}

/// The score of every column of a position, as the page's hint shows them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Analysis {
    /// The score of playing each column (0-based), from the point of view
    /// of the side to move before the move: `None` for a full column (or
    /// every column once the game is over), and for the columns left
    /// unsolved when the budget ran out.
    pub scores: [Option<i32>; WIDTH],
    /// Whether every playable column was solved.
    pub finished: bool,
    /// Nodes searched.
    pub nodes: u64,
}

/// The exact solver. Keep one alive across many solves: its transposition
/// table is what makes a series of related solves fast.
pub struct Solver {
    tt: TranspositionTable,
    near: TranspositionTable,
    book: Option<Arc<Book>>,
    nodes: u64,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

/// The score of the position after `p`'s side to move wins at once.
#[inline(always)]
fn immediate_win(p: &Position) -> i32 {
    (CELLS as i32 + 1 - p.moves_played() as i32) / 2
}

/// The score of a finished position for the side to move: a loss to the
/// disc just played, or a draw on a full board.
fn finished_score(p: &Position) -> i32 {
    if p.winner().is_some() {
        -((CELLS as i32 + 2 - p.moves_played() as i32) / 2)
    } else {
        0
    }
}

impl Solver {
    /// A solver with a table of 2^23 entries (64 MiB) and no book.
    pub fn new() -> Solver {
        Solver::with_table_bits(DEFAULT_BITS)
    }

    /// A solver with a table of `2^bits` entries (8 bytes each; `bits` is
    /// clamped to 10..=30), and the small table for positions near the end
    /// (see [`NEAR_BITS`]).
    pub fn with_table_bits(bits: u32) -> Solver {
        let near = NEAR_BITS.min(bits.saturating_sub(3));
        Solver {
            tt: TranspositionTable::new(bits),
            near: TranspositionTable::new(near),
            book: None,
            nodes: 0,
        }
    }

    /// A solver of default size with the built-in book
    /// ([`super::book::opening`]).
    pub fn with_book() -> Solver {
        let mut s = Solver::new();
        s.set_book(Some(super::book::opening()));
        s
    }

    /// Uses `book` for the positions it holds (or no book).
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book;
    }

    /// The book in use, if any.
    pub fn book(&self) -> Option<&Arc<Book>> {
        self.book.as_ref()
    }

    /// The transposition tables: the large one, and the small one for
    /// positions of [`NEAR_MIN_MOVES`] discs or more.
    pub fn tables(&self) -> [&TranspositionTable; 2] {
        [&self.tt, &self.near]
    }

    /// Forgets what the tables learned.
    pub fn reset(&mut self) {
        self.tt.clear();
        self.near.clear();
    }

    /// Nodes searched by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact score of `p` (see the module documentation). Finished
    /// positions score too: a loss to the last disc, or a draw.
    pub fn solve(&mut self, p: &Position) -> i32 {
        self.solve_with(p, Mode::Strong, Budget::unlimited(), None)
            .score
            .expect("an unlimited search finishes")
    }

    /// The sign of the score of `p`: 1 win, 0 draw, -1 loss.
    pub fn solve_weak(&mut self, p: &Position) -> i32 {
        self.solve_with(p, Mode::Weak, Budget::unlimited(), None)
            .score
            .expect("an unlimited search finishes")
    }

    /// Solves `p` in `mode` within `budget`, reporting to `progress` (at most
    /// every [`PROGRESS_INTERVAL_MS`] ms). If the budget runs out, the
    /// result has no score, only the bounds proved so far; the table stays
    /// valid and a later call continues from what was learned.
    pub fn solve_with(
        &mut self,
        p: &Position,
        mode: Mode,
        budget: Budget,
        progress: Option<&mut dyn FnMut(&Progress)>,
    ) -> Solve {
        let mut search = Search::new(self, budget, progress);
        let r = search.root(p, mode);
        self.nodes = search.nodes;
        r
    }

    /// The score of every playable column of `p` (see [`Analysis`]), in
    /// `mode`, within `budget` (shared by all columns). Columns are solved
    /// centre first.
    pub fn analyze(
        &mut self,
        p: &Position,
        mode: Mode,
        budget: Budget,
        progress: Option<&mut dyn FnMut(&Progress)>,
    ) -> Analysis {
        let mut scores = [None; WIDTH];
        let mut finished = true;
        let mut search = Search::new(self, budget, progress);
        if p.winner().is_none() {
            for col in COLUMN_ORDER {
                if !p.can_play(col) {
                    continue;
                }
                if search.stopped {
                    finished = false;
                    break;
                }
                search.column = Some(col as u8);
                let score = if p.is_winning_move(col) {
                    Some(immediate_win(p))
                } else {
                    let mut next = *p;
                    next.play_col(col);
                    search.root(&next, mode).score.map(|s| -s)
                };
                match score {
                    Some(s) if mode == Mode::Weak => scores[col] = Some(s.signum()),
                    Some(s) => scores[col] = Some(s),
                    None => finished = false,
                }
                search.scores = scores;
            }
        }
        let nodes = search.nodes;
        self.nodes = nodes;
        Analysis {
            scores,
            finished,
            nodes,
        }
    }

    /// The columns of `p` whose exact score is the best (a bit per 0-based
    /// column), within `budget`: `None` if the budget ran out first, or if
    /// the game is over. The same columns as the best scores of
    /// [`Solver::analyze`] in strong mode, for less work: the position is
    /// solved once, and each column is then only tested against that score
    /// by one null-window search ("is the opponent's score after it at most
    /// minus the best?").
    pub fn optimal_columns(&mut self, p: &Position, budget: Budget) -> Option<u8> {
        if p.winner().is_some() || p.moves_played() as usize == CELLS {
            return None;
        }
        let mut search = Search::new(self, budget, None);
        let mut mask = 0u8;
        if p.can_win_next() {
            for col in 0..WIDTH {
                if p.can_play(col) && p.is_winning_move(col) {
                    mask |= 1 << col;
                }
            }
        } else if let Some(best) = search.root(p, Mode::Strong).score {
            for col in COLUMN_ORDER {
                if !p.can_play(col) {
                    continue;
                }
                let mut next = *p;
                next.play_col(col);
                // The child's score from its side to move's point of view;
                // the column is optimal when it is at most -best.
                let optimal = if next.moves_played() as usize == CELLS {
                    0 >= best
                } else if next.can_win_next() {
                    -immediate_win(&next) >= best
                } else {
                    let r = search.negamax(&next, -best, -best + 1);
                    if search.stopped {
                        break;
                    }
                    r <= -best
                };
                if optimal {
                    mask |= 1 << col;
                }
            }
        }
        let (stopped, nodes) = (search.stopped, search.nodes);
        self.nodes = nodes;
        (!stopped).then_some(mask)
    }
}

/// The state of one call: the table and book borrowed from the solver, the
/// budget, the counters.
struct Search<'a, 'p> {
    tt: &'a mut TranspositionTable,
    near: &'a mut TranspositionTable,
    book: Option<&'a Book>,
    nodes: u64,
    /// The node count at which [`Search::checkpoint`] runs next.
    next_check: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    progress: Option<&'p mut dyn FnMut(&Progress)>,
    /// When the search started and when it last reported, for a search with
    /// a deadline or progress reports; none for the others, which never
    /// read the clock (a clock read costs a call out of wasm).
    clock: Option<(Instant, Instant)>,
    stopped: bool,
    /// What the root loop knows, for progress reports.
    lower: i32,
    upper: i32,
    probe: i32,
    column: Option<u8>,
    scores: [Option<i32>; WIDTH],
}

impl<'a, 'p> Search<'a, 'p> {
    fn new(
        solver: &'a mut Solver,
        budget: Budget,
        progress: Option<&'p mut dyn FnMut(&Progress)>,
    ) -> Search<'a, 'p> {
        let max_nodes = budget.max_nodes.unwrap_or(u64::MAX);
        let checks = budget.deadline.is_some() || progress.is_some();
        let clock = checks.then(|| {
            let now = Instant::now();
            (now, now)
        });
        Search {
            tt: &mut solver.tt,
            near: &mut solver.near,
            book: solver.book.as_deref(),
            nodes: 0,
            next_check: if checks {
                CHECK_INTERVAL.min(max_nodes)
            } else {
                max_nodes
            },
            max_nodes,
            deadline: budget.deadline,
            progress,
            clock,
            stopped: false,
            lower: MIN_SCORE,
            upper: MAX_SCORE,
            probe: 0,
            column: None,
            scores: [None; WIDTH],
        }
    }

    /// The table of positions with `moves` discs.
    #[inline(always)]
    fn table(&self, moves: i32) -> &TranspositionTable {
        if moves >= NEAR_MIN_MOVES {
            self.near
        } else {
            self.tt
        }
    }

    /// Runs every [`CHECK_INTERVAL`] nodes: stops the search when the budget
    /// is spent, reports progress. Returns whether the search must stop.
    #[cold]
    #[inline(never)]
    fn checkpoint(&mut self) -> bool {
        if self.nodes >= self.max_nodes {
            self.stopped = true;
            return true;
        }
        let Some((start, last)) = self.clock else {
            self.next_check = self.max_nodes;
            return false;
        };
        self.next_check = (self.nodes + CHECK_INTERVAL).min(self.max_nodes);
        let now = Instant::now();
        if self.deadline.is_some_and(|d| now >= d) {
            self.stopped = true;
            return true;
        }
        if now.duration_since(last) >= Duration::from_millis(PROGRESS_INTERVAL_MS) {
            self.clock = Some((start, now));
            let report = Progress {
                nodes: self.nodes,
                elapsed: now.duration_since(start),
                lower: self.lower,
                upper: self.upper,
                probe: self.probe,
                column: self.column,
                scores: self.scores,
            };
            if let Some(f) = self.progress.as_mut() {
                f(&report);
            }
        }
        false
    }

    /// Solves `p` by null-window searches (see the module documentation).
    fn root(&mut self, p: &Position, mode: Mode) -> Solve {
        let nodes_before = self.nodes;
        let exact = |s: i32, nodes: u64| {
            let s = if mode == Mode::Weak { s.signum() } else { s };
            Solve {
                score: Some(s),
                lower: s,
                upper: s,
                nodes,
            }
        };
        if p.winner().is_some() || p.moves_played() as usize == CELLS {
            return exact(finished_score(p), 0);
        }
        if p.can_win_next() {
            return exact(immediate_win(p), 0);
        }
        let moves = p.moves_played() as i32;
        let (mut min, mut max) = match mode {
            Mode::Strong => (-(CELLS as i32 - moves) / 2, (CELLS as i32 + 1 - moves) / 2),
            Mode::Weak => (-1, 1),
        };
        while min < max && !self.stopped {
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            self.lower = min;
            self.upper = max;
            self.probe = med;
            let r = self.negamax(p, med, med + 1);
            if self.stopped {
                break;
            }
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        let nodes = self.nodes - nodes_before;
        if self.stopped {
            return Solve {
                score: None,
                lower: min,
                upper: max,
                nodes,
            };
        }
        // In weak mode the window [-1, 1] is not a bound on the score: a
        // result outside it only says which side of it the score is.
        exact(if min >= max { min } else { max }, nodes)
    }

    /// The score of `p` within the window `(alpha, beta)`, `alpha < beta`,
    /// from the side to move's point of view. `p` must not be finished and
    /// its side to move must not be able to win at once.
    ///
    /// Fail-soft contract: a result `r <= alpha` is an upper bound on the
    /// score, `r >= beta` a lower bound, and `alpha < r < beta` the exact
    /// score. If the budget stops the search (`self.stopped`), the result is
    /// meaningless and nothing more is stored in the table.
    fn negamax(&mut self, p: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        debug_assert!(alpha < beta);
        debug_assert!(!p.can_win_next());
        self.nodes += 1;
        if self.nodes >= self.next_check && self.checkpoint() {
            return 0;
        }
        let moves = p.moves_played() as i32;
        let next = p.possible_non_losing_moves();
        if next == 0 {
            // Every move lets the opponent win with its next disc.
            return -(CELLS as i32 - moves) / 2;
        }
        if moves >= CELLS as i32 - 2 {
            // Two cells left, neither side can win with them.
            return 0;
        }
        // The opponent cannot win with its next disc (a non-losing move
        // exists) and the side to move cannot win with this one.
        let mut lower = -(CELLS as i32 - 2 - moves) / 2;
        let mut upper = (CELLS as i32 - 1 - moves) / 2;
        {
            // The children's entries are read soon (the children search
            // them first thing): start loading them now, in parallel,
            // instead of waiting for each in turn.
            let table = self.table(moves + 1);
            let mut rest = if table.prefetches() { next } else { 0 };
            while rest != 0 {
                let cell = rest & rest.wrapping_neg();
                rest ^= cell;
                let mut child = *p;
                child.play_cell(cell);
                table.prefetch(child.key());
            }
        }
        let key = p.key();
        let mut best_move = None;
        if let Some(e) = self.table(moves).get(key) {
            lower = lower.max(e.lower);
            upper = upper.min(e.upper);
            best_move = e.best;
        }
        if let Some(book) = self.book {
            if let Some(s) = book.get(p) {
                return s;
            }
        }
        if alpha < lower {
            alpha = lower;
            if alpha >= beta {
                return alpha;
            }
        }
        if beta > upper {
            beta = upper;
            if alpha >= beta {
                return beta;
            }
        }

        if moves < ETC_MAX_MOVES {
            // Enhanced transposition cutoff: a child already known to be
            // bad enough for the opponent proves a cut without a search.
            let table = self.table(moves + 1);
            let mut rest = next;
            while rest != 0 {
                let cell = rest & rest.wrapping_neg();
                rest ^= cell;
                let mut child = *p;
                child.play_cell(cell);
                if let Some(e) = table.get(child.key()) {
                    if -e.upper >= beta {
                        return -e.upper;
                    }
                }
            }
        }

        let mut sorter = MoveSorter::new();
        for col in COLUMN_ORDER {
            let cell = next & column_mask(col);
            if cell != 0 {
                let score = if best_move == Some(col as u8) {
                    u32::MAX
                } else {
                    p.move_score(cell)
                };
                sorter.add(cell, score);
            }
        }

        let alpha_start = alpha;
        let nodes_start = self.nodes;
        let mut best = i32::MIN;
        let mut best_cell = 0;
        for cell in sorter {
            let mut child = *p;
            child.play_cell(cell);
            let score = -self.negamax(&child, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_cell = cell;
                if score > alpha {
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }

        let work = 64 - (self.nodes - nodes_start).leading_zeros();
        let (new_lower, new_upper) = if best >= beta {
            (best.max(lower), upper)
        } else if best > alpha_start {
            (best, best)
        } else {
            (lower, best.min(upper))
        };
        debug_assert!(new_lower <= new_upper, "{new_lower} > {new_upper}");
        let best_col = (best_cell.trailing_zeros() as usize / super::rules::STRIDE) as u8;
        let table = if moves >= NEAR_MIN_MOVES {
            &mut *self.near
        } else {
            &mut *self.tt
        };
        table.put(
            key,
            Entry {
                lower: new_lower,
                upper: new_upper,
                best: Some(best_col),
                work,
            },
        );
        best
    }
}
