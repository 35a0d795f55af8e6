//! The solver's public face: a [`Solver`] owns the transposition table and
//! drives the search from the root.
//!
//! # Root strategy
//! 1. **Win / draw / loss**: a search with the window `(-1, 1)` proves the
//!    score positive, negative or zero (with fail-soft bounds, often a
//!    little more: "at least +6").
//! 2. **Exact score**: a principal-variation search with the window just
//!    outside the proved bounds, so its result is exact. It reuses the
//!    table of the first search, which has already sorted the important
//!    subtrees.
//!
//! At the root every move is searched in the loop itself (the table gives
//! the order but never a cutoff), so the best move always comes from a
//! completed search of that move.

use std::time::Duration;

use super::hash::{HashTable, NO_MOVE};
use super::order::MoveList;
pub use super::search::Progress;
use super::search::Search;
use super::{final_score, parity_of, INF, QUADRANT_ID, QUADRANT_MASKS};
use crate::games::othello::{movegen, Board, PASS};

/// A budget for one solve; `None` means no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after about this many nodes (checked every few thousand nodes).
    pub nodes: Option<u64>,
    /// Stop after about this much time.
    pub time: Option<Duration>,
}

impl Limits {
    /// No limit.
    pub const NONE: Limits = Limits {
        nodes: None,
        time: None,
    };
}

/// The result of a solve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Solution {
    /// The exact score for the side to move, if the solve finished.
    pub score: Option<i32>,
    /// Proved bounds: the score is within `[lower, upper]` (equal to the
    /// score when finished).
    pub lower: i32,
    pub upper: i32,
    /// A move achieving the score when finished (a square, or `PASS` when
    /// the side to move must pass); the best move found so far otherwise.
    /// `None` when the game is over (or nothing was proved yet).
    pub best_move: Option<u8>,
    /// Nodes searched (every position visited, leaves included).
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl Solution {
    /// Whether the exact score is known.
    pub fn finished(&self) -> bool {
        self.score.is_some()
    }

    /// Nodes per second.
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.seconds.max(1e-9)
    }
}

/// The exact score of one legal move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveScore {
    /// A square, or `PASS`.
    pub mv: u8,
    /// The exact score for the side to move after playing `mv` and playing
    /// perfectly, if the analysis got that far.
    pub score: Option<i32>,
    /// Proved bounds for that score.
    pub lower: i32,
    pub upper: i32,
}

/// Exact scores of every legal move.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// One entry per legal move, best first (moves whose score is unknown
    /// last); empty when the game is over.
    pub moves: Vec<MoveScore>,
    pub nodes: u64,
    pub seconds: f64,
}

impl Analysis {
    /// Whether every move's exact score is known.
    pub fn finished(&self) -> bool {
        self.moves.iter().all(|m| m.score.is_some())
    }
}

/// An endgame solver with its transposition table. The table persists
/// between solves (exact scores never go stale), which speeds up solving
/// related positions, such as the successive positions of a game.
pub struct Solver {
    tt: HashTable,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

/// Convenience: solves `board` with a fresh default solver and no limits.
pub fn solve(board: &Board) -> Solution {
    Solver::new().solve(board, Limits::NONE, None)
}

/// Bounds proved at the root.
#[derive(Clone, Copy)]
struct RootResult {
    lower: i32,
    upper: i32,
    best: u8,
}

impl Solver {
    /// The default table size: 64 MiB (4 M entries of 16 bytes).
    pub const DEFAULT_HASH_BYTES: usize = 64 << 20;

    /// A solver with the default table size.
    pub fn new() -> Solver {
        Solver::with_hash_bytes(Solver::DEFAULT_HASH_BYTES)
    }

    /// A solver whose table uses at most `bytes` bytes (rounded down to a
    /// power of two; at least 64).
    pub fn with_hash_bytes(bytes: usize) -> Solver {
        Solver {
            tt: HashTable::with_bytes(bytes),
        }
    }

    /// [`Solver::with_hash_bytes`], or an error (no abort) when the memory
    /// for the table cannot be had.
    pub fn try_with_hash_bytes(bytes: usize) -> Result<Solver, std::collections::TryReserveError> {
        Ok(Solver {
            tt: HashTable::try_with_bytes(bytes)?,
        })
    }

    /// The memory of the transposition table, in bytes.
    pub fn hash_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Forgets everything the table learned.
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// The exact score of `board` for the side to move and a best move,
    /// within `limits`. `progress` is called about every 50 ms.
    pub fn solve(
        &mut self,
        board: &Board,
        limits: Limits,
        mut progress: Option<&mut dyn FnMut(&Progress)>,
    ) -> Solution {
        let cb: Option<&mut dyn FnMut(&Progress)> = match progress.as_mut() {
            Some(f) => Some(&mut **f),
            None => None,
        };
        let mut search = Search::new(&mut self.tt, limits.nodes, limits.time, cb);
        let r = solve_root(&mut search, board.own(), board.opp());
        search.report.lower = r.lower;
        search.report.upper = r.upper;
        search.report.best_move = (r.best != NO_MOVE).then_some(r.best);
        search.send_report();
        Solution {
            score: (r.lower == r.upper).then_some(r.lower),
            lower: r.lower,
            upper: r.upper,
            best_move: (r.best != NO_MOVE).then_some(r.best),
            nodes: search.nodes,
            seconds: search.elapsed().as_secs_f64(),
        }
    }

    /// The exact score of every legal move of `board` (for hints), within
    /// `limits` for the whole analysis. A forced pass is the one move
    /// `PASS`; a finished game has no moves. `progress` is called about
    /// every 50 ms and after each move is solved, with the nodes and
    /// seconds of the whole analysis so far, the window and bounds of the
    /// position after the move being solved (for the opponent, who moves
    /// there) and, as the best move, the best of the moves solved so far.
    pub fn analyze(
        &mut self,
        board: &Board,
        limits: Limits,
        mut progress: Option<&mut dyn FnMut(&Progress)>,
    ) -> Analysis {
        let (own, opp) = (board.own(), board.opp());
        let mut moves = movegen::moves(own, opp);
        let mut children: Vec<(u8, u64, u64)> = Vec::new();
        if moves == 0 && movegen::moves(opp, own) != 0 {
            children.push((PASS, opp, own));
        }
        while moves != 0 {
            let sq = moves.trailing_zeros();
            moves &= moves - 1;
            let f = movegen::flips(own, opp, sq);
            children.push((sq as u8, opp ^ f, own ^ f ^ (1u64 << sq)));
        }
        let mut out: Vec<MoveScore> = Vec::with_capacity(children.len());
        let (mut nodes, mut seconds) = (0u64, 0f64);
        let mut stopped = false;
        for (mv, o2, p2) in children {
            let best_so_far = best_solved(&out);
            if stopped {
                out.push(MoveScore {
                    mv,
                    score: None,
                    lower: -64,
                    upper: 64,
                });
                continue;
            }
            let left = Limits {
                nodes: limits.nodes.map(|n| n.saturating_sub(nodes)),
                time: limits
                    .time
                    .map(|t| t.saturating_sub(Duration::from_secs_f64(seconds))),
            };
            // The search of one move reports its own nodes and time: they
            // go out added to those of the moves before.
            let mut whole = |p: &Progress| {
                if let Some(f) = progress.as_mut() {
                    f(&Progress {
                        nodes: nodes + p.nodes,
                        seconds: seconds + p.seconds,
                        best_move: best_so_far,
                        ..*p
                    });
                }
            };
            let mut search = Search::new(&mut self.tt, left.nodes, left.time, Some(&mut whole));
            let r = solve_root(&mut search, o2, p2);
            let (n, t, last) = (search.nodes, search.elapsed().as_secs_f64(), search.report);
            stopped = search.stopped;
            nodes += n;
            seconds += t;
            out.push(MoveScore {
                mv,
                score: (r.lower == r.upper).then_some(-r.lower),
                lower: -r.upper,
                upper: -r.lower,
            });
            if let Some(f) = progress.as_mut() {
                f(&Progress {
                    nodes,
                    seconds,
                    lower: r.lower,
                    upper: r.upper,
                    best_move: best_solved(&out),
                    ..last
                });
            }
        }
        out.sort_by_key(|m| (m.score.is_none(), -m.score.unwrap_or(m.upper)));
        Analysis {
            moves: out,
            nodes,
            seconds,
        }
    }
}

/// The best of the moves whose exact score is known (the first of equals).
fn best_solved(moves: &[MoveScore]) -> Option<u8> {
    let mut best: Option<(i32, u8)> = None;
    for m in moves {
        if let Some(s) = m.score {
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, m.mv));
            }
        }
    }
    best.map(|(_, mv)| mv)
}

/// Solves the position (`own` to move) as far as the budget allows.
fn solve_root(search: &mut Search, own: u64, opp: u64) -> RootResult {
    let empty = !(own | opp);
    let n = empty.count_ones();
    if movegen::moves(own, opp) == 0 {
        if movegen::moves(opp, own) == 0 {
            search.nodes += 1;
            let s = final_score(own, opp, n);
            return RootResult {
                lower: s,
                upper: s,
                best: NO_MOVE,
            };
        }
        let r = solve_root(search, opp, own);
        return RootResult {
            lower: -r.upper,
            upper: -r.lower,
            best: PASS,
        };
    }
    let parity = parity_of(empty);
    let mut r = RootResult {
        lower: -64,
        upper: 64,
        best: NO_MOVE,
    };
    // Win / draw / loss, then the exact score.
    let mut window = (-1, 1);
    loop {
        let (alpha, beta) = window;
        search.report.alpha = alpha;
        search.report.beta = beta;
        search.report.lower = r.lower;
        search.report.upper = r.upper;
        let (s, best) = root_search(search, own, opp, alpha, beta, n, parity, r.best);
        if search.stopped {
            return r;
        }
        if s <= alpha {
            r.upper = r.upper.min(s);
        } else if s >= beta {
            if s > r.lower {
                r.lower = s;
                r.best = best;
            }
        } else {
            r.lower = s;
            r.upper = s;
            r.best = best;
        }
        if r.lower == r.upper {
            if r.best == NO_MOVE {
                // Proved "at most -64": every move loses everything, so
                // any move is a best move.
                r.best = movegen::moves(own, opp).trailing_zeros() as u8;
            }
            return r;
        }
        window = (r.lower - 1, r.upper + 1);
    }
}

/// The root of a principal-variation search: like [`Search::pvs_move`],
/// but every move is searched (the table only orders them) and the best
/// move is reported as soon as it is found. `first` is tried first.
#[allow(clippy::too_many_arguments)]
fn root_search(
    search: &mut Search,
    own: u64,
    opp: u64,
    mut alpha: i32,
    beta: i32,
    n: u32,
    parity: u32,
    first: u8,
) -> (i32, u8) {
    search.nodes += 1;
    let mut hash_move = u32::from(first);
    if hash_move == u32::from(NO_MOVE) {
        if let Some(b) = search.tt.probe(super::hash::hash_key(own, opp)) {
            hash_move = u32::from(b.best);
        }
    }
    let mut list = MoveList::new(own, opp, movegen::moves(own, opp));
    list.score_fast(own, opp, hash_move, QUADRANT_MASKS[parity as usize]);
    list.score_deep(own, opp, n);
    let mut best = -INF;
    let mut best_move = NO_MOVE;
    for i in 0..list.len() {
        let m = list.next_best(i);
        let (o2, p2) = (opp ^ m.flips, own ^ m.flips ^ (1u64 << m.sq));
        let p = parity ^ QUADRANT_ID[m.sq as usize];
        let s = if i == 0 {
            -search.pvs(o2, p2, -beta, -alpha, n - 1, p)
        } else {
            let s = -search.nws(o2, p2, -alpha - 1, n - 1, p);
            if s > alpha && s < beta && !search.stopped {
                -search.pvs(o2, p2, -beta, -alpha, n - 1, p)
            } else {
                s
            }
        };
        if search.stopped {
            break;
        }
        if s > best {
            best = s;
            best_move = m.sq as u8;
            search.report.best_move = Some(best_move);
            if s >= beta {
                break;
            }
            alpha = alpha.max(s);
        }
    }
    (best, best_move)
}
