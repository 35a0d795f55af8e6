//! The alpha-beta search to the end of the game.
//!
//! Scores are final disc differentials for the side to move, empty squares
//! going to the winner, so every score is even and within `[-64, 64]`.
//! Positions are the mover's discs `own` and the opponent's `opp`.
//!
//! # Search functions and their contracts
//! * [`Search::nws`] — null-window search: given `alpha`, returns `v` with
//!   `v <= alpha` ⇒ score ≤ `v` (fail low) and `v > alpha` ⇒ score ≥ `v`
//!   (fail high). It dispatches on the number of empties `n`:
//!   * 0–4: the specialised code of [`super::last`];
//!   * 5 to [`SHALLOW_MAX`]: [`Search::nws_shallow`], no table, moves
//!     ordered by parity and a static square order;
//!   * above: [`Search::nws_deep`], with the transposition table, the
//!     stability cutoff, enhanced transposition cutoff (from
//!     [`ETC_MIN`] empties) and a scored move list.
//! * [`Search::pvs`] — principal-variation search with a full window
//!   `(alpha, beta)`: returns `v` with `v <= alpha` ⇒ score ≤ `v`,
//!   `v >= beta` ⇒ score ≥ `v`, otherwise `v` is the exact score. The first
//!   move gets the full window, the others a null window around `alpha`
//!   and a re-search only if they fail high.
//! * [`Search::root`] — `pvs` at the root, which also returns the best move.
//!
//! # Budget
//! The search counts nodes (every position visited, leaves included). Every
//! [`CHECK_EVERY`] nodes a node far from the leaves checks the node limit
//! and the deadline and calls the progress callback when 50 ms have passed
//! since the last call. When the budget runs out the search sets `stopped`
//! and unwinds; every value computed after that point is meaningless and
//! nothing is stored in the table.

use std::time::Duration;

use web_time::Instant;

use super::hash::{hash_key, HashTable, NO_MOVE};
use super::last::{score_1, Last};
use super::order::MoveList;
use super::stability::{stability_bound, EdgeTable};
use super::{final_score, INF, QUADRANT_ID, QUADRANT_MASKS, STABILITY_THRESHOLD};
use crate::games::othello::movegen;

/// Most empties searched by [`Search::nws_shallow`] (above: [`Search::nws_deep`]).
pub const SHALLOW_MAX: u32 = 7;
/// Fewest empties at which the deep search probes the children in the
/// transposition table before searching any (enhanced transposition cutoff).
pub const ETC_MIN: u32 = 10;
/// Nodes between two checks of the budget.
pub const CHECK_EVERY: u64 = 1 << 14;
/// Time between two progress reports.
const REPORT_EVERY: Duration = Duration::from_millis(50);

/// Square groups in the order the shallow search tries them: corners; the
/// ring around the centre; the A and B edge squares; the squares next to
/// the edges; C squares; X squares; the centre. Together they cover the
/// board.
const SQUARE_GROUPS: [u64; 7] = [
    0x8100_0000_0000_0081,
    0x0000_3c24_243c_0000,
    0x3c00_8181_8181_003c,
    0x003c_4242_4242_3c00,
    0x4281_0000_0000_8142,
    0x0042_0000_0000_4200,
    0x0000_0018_1800_0000,
];

/// A report on a solve in progress.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// Seconds since the solve started.
    pub seconds: f64,
    /// The window of the search now running (scores strictly between
    /// `alpha` and `beta` come out exact).
    pub alpha: i32,
    pub beta: i32,
    /// Proved so far: the score is within `[lower, upper]`.
    pub lower: i32,
    pub upper: i32,
    /// The best move found so far (a square or `PASS`), if any.
    pub best_move: Option<u8>,
}

/// The state of one solve: table, counters, budget, progress reporting.
pub struct Search<'a> {
    pub tt: &'a mut HashTable,
    pub edge: &'static EdgeTable,
    pub nodes: u64,
    pub stopped: bool,
    next_check: u64,
    node_limit: u64,
    deadline: Option<Duration>,
    start: Instant,
    next_report: Duration,
    progress: Option<&'a mut dyn FnMut(&Progress)>,
    /// What the progress reports say about the current iteration.
    pub report: Progress,
}

impl<'a> Search<'a> {
    pub fn new(
        tt: &'a mut HashTable,
        node_limit: Option<u64>,
        time_limit: Option<Duration>,
        progress: Option<&'a mut dyn FnMut(&Progress)>,
    ) -> Search<'a> {
        let node_limit = node_limit.unwrap_or(u64::MAX);
        Search {
            tt,
            edge: &super::stability::EDGE_TABLE,
            nodes: 0,
            stopped: false,
            next_check: CHECK_EVERY.min(node_limit),
            node_limit,
            deadline: time_limit,
            start: Instant::now(),
            next_report: REPORT_EVERY,
            progress,
            report: Progress::default(),
        }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Checks the budget if it is time to; sets `stopped` when it ran out.
    #[inline(always)]
    fn poll(&mut self) {
        if self.nodes >= self.next_check {
            self.check_budget();
        }
    }

    #[cold]
    fn check_budget(&mut self) {
        if self.nodes >= self.node_limit {
            self.stopped = true;
            return;
        }
        self.next_check = (self.nodes + CHECK_EVERY).min(self.node_limit);
        let elapsed = self.start.elapsed();
        if self.deadline.is_some_and(|d| elapsed >= d) {
            self.stopped = true;
            return;
        }
        if elapsed >= self.next_report {
            self.next_report = elapsed + REPORT_EVERY;
            self.send_report();
        }
    }

    /// Calls the progress callback now.
    pub fn send_report(&mut self) {
        if let Some(cb) = self.progress.as_mut() {
            self.report.nodes = self.nodes;
            self.report.seconds = self.start.elapsed().as_secs_f64();
            cb(&self.report);
        }
    }

    /// The solver of the last four squares, counting into this search's nodes.
    #[inline(always)]
    fn last(&mut self) -> Last<'_> {
        Last {
            nodes: &mut self.nodes,
            edge: self.edge,
        }
    }

    #[inline(always)]
    pub fn stability_bound(&self, own: u64, opp: u64) -> i32 {
        stability_bound(self.edge, own, opp)
    }

    /// Null-window search around `alpha` with `n` empties (see the module
    /// documentation for the contract); `parity` has bit q set when
    /// quadrant q holds an odd number of empties.
    #[inline]
    pub fn nws(&mut self, own: u64, opp: u64, alpha: i32, n: u32, parity: u32) -> i32 {
        match n {
            0 => {
                self.nodes += 1;
                final_score(own, opp, 0)
            }
            1 => {
                self.nodes += 1;
                score_1(own, (!(own | opp)).trailing_zeros())
            }
            2 => {
                let e = !(own | opp);
                let x1 = e.trailing_zeros();
                let x2 = (e & (e - 1)).trailing_zeros();
                self.last().solve_2(own, opp, alpha, x1, x2)
            }
            3 => {
                let e = !(own | opp);
                let x1 = e.trailing_zeros();
                let e = e & (e - 1);
                let x2 = e.trailing_zeros();
                let x3 = (e & (e - 1)).trailing_zeros();
                self.last().solve_3(own, opp, alpha, parity, [x1, x2, x3])
            }
            4 => self.last().solve_4(own, opp, alpha, parity),
            n if n <= SHALLOW_MAX => self.nws_shallow(own, opp, alpha, n, parity),
            _ => self.nws_deep(own, opp, alpha, n, parity),
        }
    }

    /// Null-window search for 5 to [`SHALLOW_MAX`] empties: no table and no
    /// move list; moves in quadrants with an odd number of empties first,
    /// each group in the static square order of `SQUARE_GROUPS`.
    fn nws_shallow(&mut self, own: u64, opp: u64, alpha: i32, n: u32, parity: u32) -> i32 {
        self.nodes += 1;
        if alpha >= STABILITY_THRESHOLD[n as usize] {
            let bound = self.stability_bound(own, opp);
            if bound <= alpha {
                return bound;
            }
        }
        let moves = movegen::moves(own, opp);
        if moves == 0 {
            if movegen::moves(opp, own) == 0 {
                return final_score(own, opp, n);
            }
            return -self.nws_shallow(opp, own, -alpha - 1, n, parity);
        }
        let odd = QUADRANT_MASKS[parity as usize];
        let mut best = -INF;
        for half in [moves & odd, moves & !odd] {
            if half == 0 {
                continue;
            }
            // The groups cover the board: none is left once `rest` is empty.
            let mut rest = half;
            for group in SQUARE_GROUPS {
                if rest == 0 {
                    break;
                }
                let mut m = rest & group;
                rest &= !group;
                while m != 0 {
                    let sq = m.trailing_zeros();
                    m &= m - 1;
                    let f = movegen::flips(own, opp, sq);
                    let (o2, p2) = (opp ^ f, own ^ f ^ (1u64 << sq));
                    let p = parity ^ QUADRANT_ID[sq as usize];
                    let s = if n == 5 {
                        -self.last().solve_4(o2, p2, -alpha - 1, p)
                    } else {
                        -self.nws_shallow(o2, p2, -alpha - 1, n - 1, p)
                    };
                    if s > alpha {
                        return s;
                    }
                    best = best.max(s);
                }
            }
        }
        best
    }

    /// Null-window search above [`SHALLOW_MAX`] empties, with the
    /// transposition table.
    fn nws_deep(&mut self, own: u64, opp: u64, alpha: i32, n: u32, parity: u32) -> i32 {
        self.nodes += 1;
        self.poll();
        if self.stopped {
            return alpha;
        }
        if alpha >= STABILITY_THRESHOLD[n as usize] {
            let bound = self.stability_bound(own, opp);
            if bound <= alpha {
                return bound;
            }
        }
        let key = hash_key(own, opp);
        let mut hash_move = u32::from(NO_MOVE);
        if let Some(b) = self.tt.probe(key) {
            if b.lower > alpha {
                return b.lower;
            }
            if b.upper <= alpha {
                return b.upper;
            }
            hash_move = u32::from(b.best);
        }
        let moves = movegen::moves(own, opp);
        if moves == 0 {
            if movegen::moves(opp, own) == 0 {
                return final_score(own, opp, n);
            }
            return -self.nws_deep(opp, own, -alpha - 1, n, parity);
        }
        let start_nodes = self.nodes;
        let mut list = MoveList::new(own, opp, moves);

        // Enhanced transposition cutoff: a child already known to be bad
        // enough for the opponent ends the search at once.
        if n >= ETC_MIN {
            for m in list.moves() {
                let (o2, p2) = (opp ^ m.flips, own ^ m.flips ^ (1u64 << m.sq));
                if let Some(b) = self.tt.probe(hash_key(o2, p2)) {
                    if -b.upper > alpha {
                        let s = -b.upper;
                        self.tt.store(key, n, s, 64, m.sq as u8, 1);
                        return s;
                    }
                }
            }
        }

        if list.len() > 1 {
            list.score_fast(own, opp, hash_move, QUADRANT_MASKS[parity as usize]);
            list.score_deep(own, opp, n);
        }
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        for i in 0..list.len() {
            let m = list.next_best(i);
            let (o2, p2) = (opp ^ m.flips, own ^ m.flips ^ (1u64 << m.sq));
            let s = -self.nws(
                o2,
                p2,
                -alpha - 1,
                n - 1,
                parity ^ QUADRANT_ID[m.sq as usize],
            );
            if self.stopped {
                return alpha;
            }
            if s > best {
                best = s;
                best_move = m.sq as u8;
                if s > alpha {
                    break;
                }
            }
        }
        let cost = self.nodes - start_nodes;
        if best > alpha {
            self.tt.store(key, n, best, 64, best_move, cost);
        } else {
            self.tt.store(key, n, -64, best, NO_MOVE, cost);
        }
        best
    }

    /// Principal-variation search with the window `(alpha, beta)` (see the
    /// module documentation for the contract).
    pub fn pvs(&mut self, own: u64, opp: u64, alpha: i32, beta: i32, n: u32, parity: u32) -> i32 {
        self.pvs_move(own, opp, alpha, beta, n, parity).0
    }

    /// [`Search::pvs`], also returning the best move found (a square, or
    /// [`NO_MOVE`] when the mover passes or the game is over).
    pub fn pvs_move(
        &mut self,
        own: u64,
        opp: u64,
        mut alpha: i32,
        beta: i32,
        n: u32,
        parity: u32,
    ) -> (i32, u8) {
        if n == 0 {
            self.nodes += 1;
            return (final_score(own, opp, 0), NO_MOVE);
        }
        self.nodes += 1;
        self.poll();
        if self.stopped {
            return (alpha, NO_MOVE);
        }
        let key = hash_key(own, opp);
        let mut hash_move = u32::from(NO_MOVE);
        if let Some(b) = self.tt.probe(key) {
            if b.lower >= beta || b.lower == b.upper {
                return (b.lower, b.best);
            }
            if b.upper <= alpha {
                return (b.upper, b.best);
            }
            hash_move = u32::from(b.best);
        }
        let moves = movegen::moves(own, opp);
        if moves == 0 {
            if movegen::moves(opp, own) == 0 {
                return (final_score(own, opp, n), NO_MOVE);
            }
            let s = -self.pvs(opp, own, -beta, -alpha, n, parity);
            return (s, NO_MOVE);
        }
        let start_nodes = self.nodes;
        let alpha0 = alpha;
        let mut list = MoveList::new(own, opp, moves);
        if list.len() > 1 {
            list.score_fast(own, opp, hash_move, QUADRANT_MASKS[parity as usize]);
            list.score_deep(own, opp, n);
        }
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        for i in 0..list.len() {
            let m = list.next_best(i);
            let (o2, p2) = (opp ^ m.flips, own ^ m.flips ^ (1u64 << m.sq));
            let p = parity ^ QUADRANT_ID[m.sq as usize];
            let s = if i == 0 {
                -self.pvs(o2, p2, -beta, -alpha, n - 1, p)
            } else {
                let s = -self.nws(o2, p2, -alpha - 1, n - 1, p);
                if s > alpha && s < beta && !self.stopped {
                    -self.pvs(o2, p2, -beta, -alpha, n - 1, p)
                } else {
                    s
                }
            };
            if self.stopped {
                return (alpha, best_move);
            }
            if s > best {
                best = s;
                best_move = m.sq as u8;
                if s >= beta {
                    break;
                }
                alpha = alpha.max(s);
            }
        }
        let cost = self.nodes - start_nodes;
        let (lower, upper) = if best >= beta {
            (best, 64)
        } else if best <= alpha0 {
            (-64, best)
        } else {
            (best, best)
        };
        let stored_move = if best > alpha0 { best_move } else { NO_MOVE };
        self.tt.store(key, n, lower, upper, stored_move, cost);
        (best, best_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::othello::endgame::parity_of;

    /// Negamax without pruning, tables or special cases.
    fn negamax(own: u64, opp: u64) -> i32 {
        let moves = movegen::moves(own, opp);
        if moves == 0 {
            if movegen::moves(opp, own) == 0 {
                return final_score(own, opp, (!(own | opp)).count_ones());
            }
            return -negamax(opp, own);
        }
        let mut best = -INF;
        let mut m = moves;
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let f = movegen::flips(own, opp, sq);
            best = best.max(-negamax(opp ^ f, own ^ f ^ (1u64 << sq)));
        }
        best
    }

    /// Random positions with `n` empties: random discs (passes, ended
    /// games) and, for a third of them, dense mixes near a real ending.
    fn random_position(seed: &mut u64, n: u32) -> (u64, u64) {
        let mut next = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        };
        let mut empty = 0u64;
        while empty.count_ones() < n {
            empty |= 1u64 << (next() % 64);
        }
        let colours = match next() % 5 {
            0 => next() | next() | next(),
            1 => next() & next() & next(),
            _ => next(),
        };
        (colours & !empty, !colours & !empty)
    }

    /// The shallow search's square groups hold every square exactly once.
    #[test]
    fn the_square_groups_cover_the_board_once() {
        assert_eq!(SQUARE_GROUPS.iter().fold(0, |a, g| a | g), u64::MAX);
        assert_eq!(
            SQUARE_GROUPS.iter().map(|g| g.count_ones()).sum::<u32>(),
            64
        );
    }

    /// The null-window contract, for every n from 0 to 10 (special code for
    /// 1–4, the shallow search for 5–7, the deep one above), against plain
    /// negamax: a result at or below alpha bounds the score from above, a
    /// result above alpha bounds it from below; the PV search is exact
    /// inside its window.
    #[test]
    fn every_layer_keeps_its_contract() {
        let mut tt = HashTable::with_bytes(1 << 16);
        let mut seed = 0x5eed_1234_abcd_0001u64;
        for i in 0..3000u32 {
            let n = i % 11;
            let (own, opp) = random_position(&mut seed, n);
            let exact = negamax(own, opp);
            let parity = parity_of(!(own | opp));
            let mut search = Search::new(&mut tt, None, None, None);
            for alpha in [-65, exact - 3, exact - 1, exact, exact + 1, exact + 2, 64] {
                let v = search.nws(own, opp, alpha, n, parity);
                if v <= alpha {
                    assert!(exact <= v, "n={n} alpha={alpha} v={v} exact={exact}");
                } else {
                    assert!(exact >= v, "n={n} alpha={alpha} v={v} exact={exact}");
                }
            }
            for (a, b) in [(-65, 65), (exact - 1, exact + 1), (exact, exact + 4)] {
                let v = search.pvs(own, opp, a, b, n, parity);
                if v <= a {
                    assert!(exact <= v);
                } else if v >= b {
                    assert!(exact >= v);
                } else {
                    assert_eq!(v, exact);
                }
            }
        }
    }
}
