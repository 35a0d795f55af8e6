//! The exact solution of Hare and Hounds by retrograde analysis.
//!
//! A position is the hound set, the hare's point, the stalling counter and the
//! side to move: 165 × 11 × 10 × 2 = 36,300 index values (terminal positions
//! with the counter at ten are scored on the fly). The game graph is acyclic —
//! every hound move raises the sum of the hounds' columns or is one of at most
//! nine vertical moves in a row, and the hare only moves between hound moves —
//! so the values are computed children first (a depth-first walk with a table),
//! which is retrograde analysis in the order the graph allows.
//!
//! A [`Value`] says who wins with perfect play and in how many plies, the
//! winner hurrying and the loser delaying. Every legal position is solved, not
//! only those reachable from the start, so hand-made positions have values
//! too; [`Solution::reachable`] lists the positions reachable from the start.

use std::sync::{Arc, OnceLock};

use crate::game::{Game, Side};
use crate::games::hare_hounds::{HareHounds, Move};

/// The result of a position with perfect play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Value {
    pub winner: Side,
    /// Plies until the end: the winner ends the game as fast as it can, the
    /// loser holds out as long as it can.
    pub plies: u16,
}

impl Value {
    /// Orders values from the point of view of `side`: greater is better.
    fn score(self, side: Side) -> i32 {
        if self.winner == side {
            100_000 - i32::from(self.plies)
        } else {
            -100_000 + i32::from(self.plies)
        }
    }
}

/// How often a policy plays a value-preserving move (a "perfect" move).
#[derive(Clone, Copy, PartialEq, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct PerfectShare {
    /// Share over all reachable non-final positions of the side: in a lost
    /// position every move keeps the value, so these count as perfect.
    pub all: f64,
    /// Share over the reachable positions the side wins with perfect play:
    /// the move keeps the win.
    pub winning: f64,
    pub states: usize,
    pub winning_states: usize,
}

/// Values of all positions and the set reachable from the start.
pub struct Solution {
    values: Vec<Option<Value>>,
    reachable: [Vec<HareHounds>; 2],
    bufs: Vec<Vec<Move>>,
}

#[inline]
fn index(g: &HareHounds) -> usize {
    g.state_index() * 2 + g.to_move().index()
}

/// Every legal position of the index (hound set, hare, stalling counter below
/// ten, side to move), final ones included: what [`Solution::solve`] solves.
fn all_positions() -> impl Iterator<Item = HareHounds> {
    use crate::games::hare_hounds::{board::points_of, hound_set, Point, HOUND_SETS, STALL_LIMIT};
    (0..HOUND_SETS).flat_map(|rank| {
        let pts: Vec<_> = points_of(hound_set(rank)).collect();
        Point::all().flat_map(move |hare| {
            let pts = pts.clone();
            (0..STALL_LIMIT).flat_map(move |stall| {
                let pts = pts.clone();
                Side::BOTH.into_iter().filter_map(move |side| {
                    HareHounds::new([pts[0], pts[1], pts[2]], hare, side, stall).ok()
                })
            })
        })
    })
}

impl Solution {
    /// Solves every legal position. Takes a few milliseconds.
    pub fn solve() -> Solution {
        let mut s = Solution {
            values: vec![None; HareHounds::STATE_INDICES * 2],
            reachable: [Vec::new(), Vec::new()],
            bufs: Vec::new(),
        };
        for g in all_positions() {
            s.value_at(&g, 0);
        }
        s.bufs = Vec::new();
        s.find_reachable();
        s
    }

    fn value_at(&mut self, g: &HareHounds, depth: usize) -> Value {
        if let Some(o) = g.outcome() {
            return Value {
                winner: o.winner().expect("no draws in Hare and Hounds"),
                plies: 0,
            };
        }
        let i = index(g);
        if let Some(v) = self.values[i] {
            return v;
        }
        if self.bufs.len() <= depth {
            self.bufs.push(Vec::with_capacity(16));
        }
        let mut moves = std::mem::take(&mut self.bufs[depth]);
        g.legal_moves(&mut moves);
        let me = g.to_move();
        let mut best: Option<Value> = None;
        for &m in &moves {
            let mut c = *g;
            c.play(m);
            let v = self.value_at(&c, depth + 1);
            if best.is_none_or(|b| v.score(me) > b.score(me)) {
                best = Some(v);
            }
        }
        self.bufs[depth] = moves;
        let b = best.expect("a non-final position has a move");
        let v = Value {
            winner: b.winner,
            plies: b.plies + 1,
        };
        self.values[i] = Some(v);
        v
    }

    fn find_reachable(&mut self) {
        let mut seen = vec![false; self.values.len()];
        let start = HareHounds::start();
        let mut stack = vec![start];
        seen[index(&start)] = true;
        let mut moves = Vec::new();
        while let Some(g) = stack.pop() {
            self.reachable[g.to_move().index()].push(g);
            g.legal_moves(&mut moves);
            for &m in &moves {
                let mut c = g;
                c.play(m);
                if !c.is_over() && !seen[index(&c)] {
                    seen[index(&c)] = true;
                    stack.push(c);
                }
            }
        }
        for r in &mut self.reachable {
            r.sort_by_key(|g| g.key());
        }
    }

    /// The value of a position (final positions have `plies == 0`).
    pub fn value(&self, g: &HareHounds) -> Value {
        match g.outcome() {
            Some(o) => Value {
                winner: o.winner().expect("no draws in Hare and Hounds"),
                plies: 0,
            },
            None => self.values[index(g)].expect("every legal position is solved"),
        }
    }

    /// The value after playing `m` (legal) in `g`.
    pub fn value_after(&self, g: &HareHounds, m: Move) -> Value {
        let mut c = *g;
        c.play(m);
        self.value(&c)
    }

    /// Whether `m` keeps the value of `g` for the side to move (a winning
    /// side keeps its win; in a lost position every move does).
    pub fn keeps_value(&self, g: &HareHounds, m: Move) -> bool {
        self.value_after(g, m).winner == self.value(g).winner
    }

    /// The optimal moves of `g` (winning fastest or losing slowest) into `out`.
    pub fn best_moves(&self, g: &HareHounds, out: &mut Vec<Move>) {
        g.legal_moves(out);
        let me = g.to_move();
        let best = out.iter().map(|&m| self.value_after(g, m).score(me)).max();
        out.retain(|&m| Some(self.value_after(g, m).score(me)) == best);
    }

    /// The non-final positions reachable from the start (under any play) with
    /// `side` to move, sorted by key.
    pub fn reachable(&self, side: Side) -> &[HareHounds] {
        &self.reachable[side.index()]
    }

    /// The expected share of reachable `side`-to-move positions in which a
    /// policy plays a value-keeping move. `policy` writes the moves it would
    /// choose among (e.g. the greedy moves tied on Q); each is taken as
    /// equally likely.
    pub fn perfect_share(
        &self,
        side: Side,
        mut policy: impl FnMut(&HareHounds, &mut Vec<Move>),
    ) -> PerfectShare {
        let mut chosen = Vec::new();
        let (mut all, mut winning, mut winning_states) = (0.0, 0.0, 0usize);
        let states = self.reachable(side);
        for g in states {
            policy(g, &mut chosen);
            assert!(!chosen.is_empty(), "the policy chose no move");
            let good = chosen.iter().filter(|&&m| self.keeps_value(g, m)).count();
            let share = good as f64 / chosen.len() as f64;
            all += share;
            if self.value(g).winner == side {
                winning += share;
                winning_states += 1;
            }
        }
        PerfectShare {
            all: all / states.len().max(1) as f64,
            winning: winning / winning_states.max(1) as f64,
            states: states.len(),
            winning_states,
        }
    }
}

/// The exact solution, solved once per process or wasm instance (a few
/// milliseconds).
pub fn solution() -> Arc<Solution> {
    static SOLUTION: OnceLock<Arc<Solution>> = OnceLock::new();
    SOLUTION.get_or_init(|| Arc::new(Solution::solve())).clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values obey the rule that defines them, at every position of the
    /// index (not only those reachable from the start): a final position
    /// has 0 plies; otherwise, if the side to move wins, some child is a
    /// win for it and the plies are 1 + the fewest plies among its winning
    /// children (the winner hurries); if it loses, every child is a win for
    /// the opponent and the plies are 1 + the most plies among the children
    /// (the loser holds out).
    #[test]
    fn values_are_consistent() {
        let s = Solution::solve();
        let mut moves = Vec::new();
        let (mut checked, mut won, mut lost) = (0usize, 0usize, 0usize);
        for g in all_positions() {
            let v = s.value(&g);
            if let Some(o) = g.outcome() {
                assert_eq!(v.plies, 0, "{g}");
                assert_eq!(Some(v.winner), o.winner(), "{g}");
                continue;
            }
            let me = g.to_move();
            g.legal_moves(&mut moves);
            assert!(!moves.is_empty(), "{g}");
            let children: Vec<Value> = moves.iter().map(|&m| s.value_after(&g, m)).collect();
            let expected = if children.iter().any(|c| c.winner == me) {
                won += 1;
                let fastest = children
                    .iter()
                    .filter(|c| c.winner == me)
                    .map(|c| c.plies)
                    .min()
                    .unwrap();
                Value {
                    winner: me,
                    plies: fastest + 1,
                }
            } else {
                lost += 1;
                let slowest = children.iter().map(|c| c.plies).max().unwrap();
                Value {
                    winner: me.other(),
                    plies: slowest + 1,
                }
            };
            assert_eq!(v, expected, "{g}: children {children:?}");
            // What the players are told agrees: the best moves are exactly
            // the children of the expected value.
            let mut best = Vec::new();
            s.best_moves(&g, &mut best);
            for &m in &moves {
                let keeps = s.value_after(&g, m).plies + 1 == v.plies
                    && s.value_after(&g, m).winner == v.winner;
                assert_eq!(best.contains(&m), keeps, "{g} {m}");
            }
            checked += 1;
        }
        // Both kinds of position occur, for both sides, in numbers.
        assert!(won > 1000 && lost > 1000, "{won} won, {lost} lost");
        assert!(checked >= s.reachable(Side::First).len() + s.reachable(Side::Second).len());
    }

    #[test]
    fn hounds_are_never_stuck_in_a_real_game() {
        let s = Solution::solve();
        let mut moves = Vec::new();
        for g in s.reachable(Side::Second) {
            g.legal_moves(&mut moves);
            for &m in &moves {
                let mut c = *g;
                c.play(m);
                assert_ne!(
                    c.end(),
                    Some(crate::games::hare_hounds::End::HoundsStuck),
                    "{g} {m}"
                );
            }
        }
    }

    #[test]
    fn hand_made_values() {
        let s = Solution::solve();
        // the hounds trap the hare on R in one move
        let g = HareHounds::parse("hounds=e,c,i hare=R").unwrap();
        assert_eq!(
            s.value(&g),
            Value {
                winner: Side::First,
                plies: 1
            }
        );
        // the hare steps to L and escapes
        let g = HareHounds::parse("hounds=a,e,i hare=d move=hare").unwrap();
        assert_eq!(
            s.value(&g),
            Value {
                winner: Side::Second,
                plies: 1
            }
        );
    }
}
