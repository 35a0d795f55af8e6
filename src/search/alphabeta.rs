//! Negamax alpha-beta over any game, with iterative deepening, a
//! transposition table and a budget.
//!
//! # Contract
//! [`Searcher::search`] returns, for the side to move, the value of the
//! position searched to the deepest depth it finished within the budget:
//! an [`Evaluator`]'s value at the horizon, a finished game's value from
//! [`Evaluator::terminal`] (a win is worth [`WIN`] minus the plies to it, so
//! faster wins score higher), and the minimax of these in between. In games
//! where a position is always the same number of plies from the start
//! (Othello, Connect Four) the value at every finished depth is exactly the
//! depth-limited minimax value ([`minimax`]; the tests check this); where a
//! position can recur at another ply, a stored value of a deeper search of
//! it may be used, which is better informed. A search the budget stops keeps
//! the result of its last finished depth and says it is not complete.
//!
//! # Turns
//! Values are always from the side to move. Where a side moves twice in a row
//! (the two stones of a Connect6 turn) the child's value is not negated: the
//! search looks at [`Game::to_move`] of each child.

use crate::game::{Game, Outcome};
use crate::search::budget::Budget;

/// The value of a win now; a win in `n` plies is worth `WIN - n`.
pub const WIN: i32 = 1 << 28;
/// Values above this (in absolute value) are proven wins or losses.
pub const PROVEN: i32 = WIN - 10_000;
const INFINITY: i32 = WIN + 1;

/// Values positions for a search.
pub trait Evaluator<G: Game> {
    /// The value of a position that is not over, for the side to move;
    /// within ±[`PROVEN`].
    fn evaluate(&mut self, g: &G) -> i32;

    /// The value of a finished game for the side to move there (`g.to_move()`),
    /// `ply` plies from the root.
    fn terminal(&mut self, g: &G, outcome: Outcome, ply: u32) -> i32 {
        match outcome {
            Outcome::Draw => 0,
            Outcome::Win(s) if s == g.to_move() => WIN - ply as i32,
            Outcome::Win(_) => -(WIN - ply as i32),
        }
    }

    /// Whether a proven value ends the search: true when a win is a win
    /// (the default scoring); false when proven values still differ by
    /// margin (Othello's disc difference), which only a search that reaches
    /// every end settles.
    fn proven_is_final(&self) -> bool {
        true
    }

    /// Puts the moves most likely to be best first (the search tries the
    /// transposition table's move before these).
    fn order(&mut self, g: &G, moves: &mut [G::Move]) {
        let _ = (g, moves);
    }

    /// Called by [`crate::search::pvs::Pvs`] before it looks at the
    /// position after `m` in `g`, and [`Evaluator::leave`] after: an
    /// evaluator that keeps features up to date move by move (a stack of
    /// them) updates them here, so that [`Evaluator::evaluate`] of the
    /// child reads them.
    fn enter(&mut self, g: &G, m: G::Move) {
        let _ = (g, m);
    }

    /// Undoes [`Evaluator::enter`].
    fn leave(&mut self) {}

    /// Whether `m` costs no ply of the search's depth (Othello's forced
    /// pass: the side to move changes, the position does not), for
    /// [`crate::search::pvs::Pvs`].
    fn free_move(&self, g: &G, m: G::Move) -> bool {
        let _ = (g, m);
        false
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Bound {
    Exact,
    /// The value is at least the stored one.
    Lower,
    /// The value is at most the stored one.
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry<M> {
    key: u64,
    depth: u32,
    bound: Bound,
    value: i32,
    best: Option<M>,
    /// No horizon below: the value holds at any depth.
    ended: bool,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The best move (`None` only when the position is over).
    pub best: Option<M>,
    /// Its value for the side to move.
    pub value: i32,
    /// The deepest finished depth.
    pub depth: u32,
    /// Whether the search finished the depth it was asked for, or proved
    /// the value exactly (a win, a loss, or a tree that ends everywhere).
    pub complete: bool,
}

/// A searcher: its transposition table and move buffers live between
/// searches, so a player keeps what it learned from one move to the next.
pub struct Searcher<G: Game> {
    table: Vec<Option<Entry<G::Move>>>,
    mask: usize,
    buffers: Vec<Vec<G::Move>>,
    /// Set when a finished depth stopped at a horizon somewhere (deeper
    /// searches may change the value).
    horizon: bool,
}

impl<G: Game> std::fmt::Debug for Searcher<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searcher")
            .field("table_entries", &self.table.len())
            .finish_non_exhaustive()
    }
}

impl<G: Game> Searcher<G> {
    /// A searcher with a table of `2^bits` entries.
    pub fn new(bits: u32) -> Self {
        let size = 1usize << bits.min(28);
        Searcher {
            table: vec![None; size],
            mask: size - 1,
            buffers: Vec::new(),
            horizon: false,
        }
    }

    /// Forgets every stored position.
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = None);
    }

    fn probe(&self, key: u64) -> Option<Entry<G::Move>> {
        self.table[(key as usize) & self.mask].filter(|e| e.key == key)
    }

    fn store(
        &mut self,
        key: u64,
        depth: u32,
        bound: Bound,
        value: i32,
        best: Option<G::Move>,
        ended: bool,
    ) {
        let slot = &mut self.table[(key as usize) & self.mask];
        // Keep a deeper entry of the same position; replace anything else.
        if let Some(e) = slot {
            if e.key == key && e.depth > depth && bound != Bound::Exact {
                return;
            }
        }
        *slot = Some(Entry {
            key,
            depth,
            bound,
            value,
            best,
            ended,
        });
    }

    /// Searches `g` by iterative deepening up to `max_depth` plies within
    /// `budget`, reporting each finished depth through it.
    pub fn search(
        &mut self,
        g: &G,
        eval: &mut impl Evaluator<G>,
        max_depth: u32,
        budget: &mut Budget,
    ) -> SearchResult<G::Move> {
        let mut root = Vec::new();
        g.legal_moves(&mut root);
        if root.is_empty() {
            let outcome = g.outcome().unwrap_or(Outcome::Draw);
            return SearchResult {
                best: None,
                value: eval.terminal(g, outcome, 0),
                depth: 0,
                complete: true,
            };
        }
        eval.order(g, &mut root);
        let mut result = SearchResult {
            best: Some(root[0]),
            value: 0,
            depth: 0,
            complete: false,
        };
        for depth in 1..=max_depth.max(1) {
            self.horizon = false;
            let Some((best, value)) = self.root(g, eval, &mut root, depth, budget) else {
                break;
            };
            result = SearchResult {
                best: Some(best),
                value,
                depth,
                complete: depth >= max_depth,
            };
            budget.set_status(Some(depth), None, Some(f64::from(value)));
            budget.report_now();
            // A proven value or a tree that ended everywhere: deeper is the same.
            if (value.abs() > PROVEN && eval.proven_is_final()) || !self.horizon {
                result.complete = true;
                break;
            }
        }
        result
    }

    /// One depth at the root: the best move and its value, or `None` if the
    /// budget ran out. The best move goes first in `root` for the next depth.
    fn root(
        &mut self,
        g: &G,
        eval: &mut impl Evaluator<G>,
        root: &mut [G::Move],
        depth: u32,
        budget: &mut Budget,
    ) -> Option<(G::Move, i32)> {
        let mut alpha = -INFINITY;
        let mut best = 0;
        for (i, &m) in root.iter().enumerate() {
            let v = self.child(g, m, eval, depth, 1, alpha, INFINITY, budget)?;
            if v > alpha {
                alpha = v;
                best = i;
            }
        }
        root[..=best].rotate_right(1);
        let ended = !self.horizon;
        self.store(g.key(), depth, Bound::Exact, alpha, Some(root[0]), ended);
        Some((root[0], alpha))
    }

    /// The value of playing `m` in `g`, for the side to move in `g`, searched
    /// `depth - 1` plies deeper with the window (alpha, beta).
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        g: &G,
        m: G::Move,
        eval: &mut impl Evaluator<G>,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
        budget: &mut Budget,
    ) -> Option<i32> {
        let mut next = g.clone();
        next.play(m);
        if next.to_move() == g.to_move() {
            self.negamax(&next, eval, depth - 1, ply, alpha, beta, budget)
        } else {
            self.negamax(&next, eval, depth - 1, ply, -beta, -alpha, budget)
                .map(|v| -v)
        }
    }

    /// Fail-soft negamax: the exact value if it lies within (alpha, beta),
    /// else a bound on the right side of the window. `None` if the budget
    /// ran out.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        g: &G,
        eval: &mut impl Evaluator<G>,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        mut beta: i32,
        budget: &mut Budget,
    ) -> Option<i32> {
        if !budget.spend(1) {
            return None;
        }
        if let Some(outcome) = g.outcome() {
            return Some(eval.terminal(g, outcome, ply));
        }
        if depth == 0 {
            self.horizon = true;
            return Some(eval.evaluate(g));
        }
        let key = g.key();
        let mut tt_move = None;
        if let Some(e) = self.probe(key) {
            tt_move = e.best;
            if e.depth >= depth {
                let v = super::from_table(e.value, ply as i32, PROVEN);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => {
                        alpha = alpha.max(v);
                        alpha >= beta
                    }
                    Bound::Upper => {
                        beta = beta.min(v);
                        alpha >= beta
                    }
                };
                if cut {
                    // A stored value that met a horizon still depends on depth.
                    self.horizon |= !e.ended;
                    return Some(v);
                }
            }
        }
        let mut moves = self.buffers.pop().unwrap_or_default();
        g.legal_moves(&mut moves);
        eval.order(g, &mut moves);
        if let Some(t) = tt_move {
            if let Some(i) = moves.iter().position(|&m| m == t) {
                moves[..=i].rotate_right(1);
            }
        }
        let alpha0 = alpha;
        // Whether this subtree meets a horizon, apart from the rest of the tree.
        let outer_horizon = std::mem::replace(&mut self.horizon, false);
        let mut best_value = -INFINITY;
        let mut best_move = None;
        let mut stopped = false;
        for &m in moves.iter() {
            let Some(v) = self.child(g, m, eval, depth, ply + 1, alpha, beta, budget) else {
                stopped = true;
                break;
            };
            if v > best_value {
                best_value = v;
                best_move = Some(m);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        self.buffers.push(moves);
        let ended = !self.horizon;
        self.horizon |= outer_horizon;
        if stopped {
            return None;
        }
        let bound = if best_value <= alpha0 {
            Bound::Upper
        } else if best_value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.store(
            key,
            depth,
            bound,
            super::to_table(best_value, ply as i32, PROVEN),
            best_move,
            ended,
        );
        Some(best_value)
    }

    /// The value of every legal move of `g` searched to `depth` plies (the
    /// move's own ply included), each with a full window: for hints. Moves
    /// the budget did not reach are missing; `complete` says whether all were
    /// valued.
    pub fn value_moves(
        &mut self,
        g: &G,
        eval: &mut impl Evaluator<G>,
        depth: u32,
        budget: &mut Budget,
    ) -> (Vec<(G::Move, i32)>, bool) {
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        eval.order(g, &mut moves);
        let mut out = Vec::with_capacity(moves.len());
        for m in moves {
            match self.child(g, m, eval, depth.max(1), 1, -INFINITY, INFINITY, budget) {
                Some(v) => out.push((m, v)),
                None => return (out, false),
            }
        }
        (out, true)
    }
}

/// Plain depth-limited minimax without pruning or tables: the definition
/// [`Searcher::search`] must agree with (tests, small checks).
pub fn minimax<G: Game>(g: &G, eval: &mut impl Evaluator<G>, depth: u32, ply: u32) -> i32 {
    if let Some(outcome) = g.outcome() {
        return eval.terminal(g, outcome, ply);
    }
    if depth == 0 {
        return eval.evaluate(g);
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut best = -INFINITY;
    for m in moves {
        let mut next = g.clone();
        next.play(m);
        let v = minimax(&next, eval, depth - 1, ply + 1);
        let v = if next.to_move() == g.to_move() { v } else { -v };
        best = best.max(v);
    }
    best
}
