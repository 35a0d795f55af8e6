//! An n-tuple network as the evaluation of the principal-variation search
//! ([`crate::search::pvs`]), its tuples' indices kept up to date move by
//! move.
//!
//! The search tells the evaluator each move it goes down
//! ([`Evaluator::enter`]) and each it comes back from
//! ([`Evaluator::leave`]). The evaluator keeps a stack of both sides' views
//! of every tuple's index, one level a ply: going down copies the level and
//! adds the placed disc and the flips to it (the tuples through those
//! squares only); coming back drops it. A position is then valued by
//! reading one table entry per tuple, without looking at the board.
//!
//! # Values
//! The network values an afterstate for the side that has just moved; a
//! position in the search is the afterstate of the other side's move, so
//! its value for the side to move is minus the network's sum for the other
//! side (after a forced pass the side to move made the last placement, and
//! this is an approximation). The search compares the sums before tanh:
//! tanh rises everywhere, so the best moves and the search's decisions are
//! the same, and no tanh is computed. The sums are scaled by [`NET_SCALE`]
//! to integers; a finished game is worth a win beyond any evaluation plus
//! its final disc difference, as in the study's search.

use super::rules::{Board, PASS};
use super::tuples::{Indices, TupleNet};
use super::weighted::WeightedEval;
use crate::game::{Outcome, Side};
use crate::search::alphabeta::{Evaluator, WIN};

/// A network's sum in the search's units: 64 discs times the study's
/// evaluation scale for a sum of 1, so that what reads the search's values
/// in discs reads a sum s as 64·s (near 64·tanh s, the margin it stands
/// for, while s is small).
pub const NET_SCALE: f32 = 64.0 * super::weighted::SCALE as f32;

/// The network with its stack of indices.
pub struct NetEval {
    net: TupleNet,
    /// Every level's indices: the view of black (digit 1 for black) of
    /// each tuple, then the view of white; `width` entries a level.
    stack: Vec<u32>,
    width: usize,
    level: usize,
    /// The position of level 0, if any.
    base: Option<Board>,
    /// The study's weighted squares, for the order of the moves one ply
    /// from the horizon.
    order: WeightedEval,
}

impl NetEval {
    pub fn new(net: TupleNet) -> NetEval {
        let width = 2 * net.layout().tuples();
        NetEval {
            net,
            stack: vec![0; width * 8],
            width,
            level: 0,
            base: None,
            order: WeightedEval::new(&super::weighted::Weights::STUDY, 0.0, 0),
        }
    }

    pub fn net(&self) -> &TupleNet {
        &self.net
    }

    /// Makes level 0 the indices of `g`, unless it is already.
    fn root(&mut self, g: &Board) {
        if self.level == 0 && self.base != Some(*g) {
            let ix = Indices::new(self.net.layout(), g);
            let t = self.width / 2;
            for side in Side::BOTH {
                let view = ix.view(side);
                self.stack[side.index() * t..(side.index() + 1) * t].copy_from_slice(view);
            }
            self.base = Some(*g);
        }
    }

    /// The network's sum for `side` of the position at the top level,
    /// with `empties` empty squares.
    #[inline]
    fn sum(&self, side: Side, empties: u32) -> f32 {
        let t = self.width / 2;
        let start = self.level * self.width + side.index() * t;
        let view = &self.stack[start..start + t];
        let offsets = self.net.layout().offsets();
        let phase = self.net.phase(empties);
        let of = |p: usize| -> f32 {
            let w = self.net.net().phase(p);
            let mut sum = 0.0f32;
            for (&i, &o) in view.iter().zip(offsets) {
                sum += w[(i + o) as usize];
            }
            sum
        };
        if phase.t == 0.0 {
            of(phase.lo)
        } else {
            (1.0 - phase.t) * of(phase.lo) + phase.t * of(phase.lo + 1)
        }
    }
}

impl Evaluator<Board> for NetEval {
    fn evaluate(&mut self, g: &Board) -> i32 {
        self.root(g);
        let s = self.sum(g.side().other(), g.empties());
        (-s * NET_SCALE).round() as i32
    }

    fn terminal(&mut self, g: &Board, _outcome: Outcome, _ply: u32) -> i32 {
        proven_value(match g.side() {
            Side::First => g.final_margin(),
            Side::Second => -g.final_margin(),
        })
    }

    fn order(&mut self, g: &Board, moves: &mut [u8]) {
        self.order.order(g, moves)
    }

    /// A win's margin still counts.
    fn proven_is_final(&self) -> bool {
        false
    }

    fn enter(&mut self, g: &Board, m: u8) {
        self.root(g);
        let w = self.width;
        let from = self.level * w;
        if self.stack.len() < from + 2 * w {
            self.stack.resize(from + 2 * w, 0);
        }
        self.stack.copy_within(from..from + w, from + w);
        self.level += 1;
        if m == PASS {
            return;
        }
        let flips = g.flips(m);
        let t = w / 2;
        let layout = self.net.layout();
        let level = &mut self.stack[from + w..from + 2 * w];
        let (black, white) = level.split_at_mut(t);
        let (own, opp) = match g.side() {
            Side::First => (black, white),
            Side::Second => (white, black),
        };
        for &(k, p) in layout.on_square(m) {
            own[k as usize] += p;
            opp[k as usize] += 2 * p;
        }
        let mut f = flips;
        while f != 0 {
            let q = f.trailing_zeros() as u8;
            f &= f - 1;
            for &(k, p) in layout.on_square(q) {
                own[k as usize] -= p;
                opp[k as usize] += p;
            }
        }
    }

    fn leave(&mut self) {
        self.level -= 1;
    }

    fn free_move(&self, _g: &Board, m: u8) -> bool {
        m == PASS
    }
}

/// The value of a final disc difference `d`: a win beyond any evaluation,
/// plus the margin (see [`super::search_player::proven_margin`]).
pub fn proven_value(d: i32) -> i32 {
    match d.signum() {
        1 => WIN - 100 + d,
        -1 => -(WIN - 100) + d,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{rng_from_seed, Game};
    use crate::games::othello::tuples::PatternSet;
    use crate::search::budget::Budget;
    use crate::search::pvs::Pvs;
    use rand::Rng as _;

    fn random_net(set: PatternSet, phases: usize, blend: bool, seed: u64) -> TupleNet {
        let mut rng = rng_from_seed(seed);
        let n = super::super::tuples::Layout::new(set).per_phase() * phases;
        let w = (0..n).map(|_| rng.random_range(-0.2f32..0.2)).collect();
        TupleNet::from_weights(set, phases, w)
            .unwrap()
            .blended(blend)
    }

    /// The same evaluation read from scratch at every position.
    struct Scratch(TupleNet, Vec<u32>);
    impl Evaluator<Board> for Scratch {
        fn evaluate(&mut self, g: &Board) -> i32 {
            let ix = Indices::new(self.0.layout(), g);
            ix.active(self.0.layout(), g.side().other(), &mut self.1);
            let s = self.0.net().sum(self.0.phase(g.empties()), &self.1);
            (-s * NET_SCALE).round() as i32
        }
        fn terminal(&mut self, g: &Board, _o: Outcome, _p: u32) -> i32 {
            proven_value(match g.side() {
                Side::First => g.final_margin(),
                Side::Second => -g.final_margin(),
            })
        }
        fn proven_is_final(&self) -> bool {
            false
        }
        fn free_move(&self, _g: &Board, m: u8) -> bool {
            m == PASS
        }
    }

    #[test]
    fn kept_indices_value_positions_as_reading_them_from_scratch() {
        for (set, phases, blend) in [
            (PatternSet::Classic, 4, false),
            (PatternSet::Classic, 3, true),
            (PatternSet::Lines3, 2, true),
        ] {
            let net = random_net(set, phases, blend, 7);
            let mut rng = rng_from_seed(2);
            for game in 0..6 {
                let mut b = Board::start();
                let plies = 10 + game * 8;
                let mut moves = Vec::new();
                for _ in 0..plies {
                    b.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    b.play(moves[rng.random_range(0..moves.len())]);
                }
                if b.is_over() {
                    continue;
                }
                let mut fast = NetEval::new(net.clone());
                let mut slow = Scratch(net.clone(), Vec::new());
                for depth in 1..=4 {
                    let a = Pvs::new(12).search(&b, &mut fast, depth, &mut Budget::unlimited());
                    let s = Pvs::new(12).search(&b, &mut slow, depth, &mut Budget::unlimited());
                    assert_eq!(a, s, "{set:?} {phases} {blend} depth {depth}");
                    assert_eq!(fast.level, 0);
                }
            }
        }
    }
}
