//! The evaluation the engine searches with: a linear function of counted
//! line-pattern features, `V(s) = Σ wᵢ · φᵢ(s)`, for the side to move.
//!
//! # Features
//! Every six-point window of a line inside the board (the windows of
//! [`super::threats`]) that holds stones of one side only is counted by its
//! number of stones; the features are these counts for the side to move and
//! for its opponent, and both sides' threat counts
//! ([`super::threats::count_windows`], 0 to 3):
//!
//! | index | feature φᵢ                                              |
//! |-------|---------------------------------------------------------|
//! | 0–4   | windows with 1, 2, 3, 4, 5 stones of the side to move   |
//! | 5–9   | windows with 1, 2, 3, 4, 5 stones of the opponent       |
//! | 10    | threats of the side to move                             |
//! | 11    | threats of the opponent                                 |
//! | 12    | 1 when the side to move places two stones now, else 0   |
//! | 13    | 1 when the opponent has more threats than the side to   |
//! |       | move has stones left to place (it cannot block them)    |
//!
//! The weights ([`Weights`]) are hand-set here; a learner replaces the
//! array and nothing else. One evaluation is a pass over the lines that hold
//! stones (empty lines are skipped by their masks): a few microseconds.
//!
//! # Move ordering
//! [`order_points`] puts the points of the opponent's threat windows first
//! (forced blocks), by the threats they leave (fewest first), then every
//! point by its pattern gain ([`super::players::pattern_gain`]), ties by
//! the point's number, so the order is the same on every run.

use super::players::pattern_gain;
use super::rules::{line_span, lines_in, Board, Point, DIRECTIONS, ROW};
use super::threats::{count_windows, threat_windows, Window};
use crate::game::Game;
use crate::search::alphabeta::{Evaluator, PROVEN};

/// How many features the evaluation counts.
pub const FEATURES: usize = 14;

/// The features' names, in the order of [`Weights`].
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "own1",
    "own2",
    "own3",
    "own4",
    "own5",
    "opp1",
    "opp2",
    "opp3",
    "opp4",
    "opp5",
    "own_threats",
    "opp_threats",
    "two_to_place",
    "cannot_block",
];

/// The weights of the features, one per feature, in the order of
/// [`FEATURE_NAMES`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights(pub [i32; FEATURES]);

impl Weights {
    /// The hand-set weights: windows grow in value with each stone, the
    /// side to move's more than the opponent's (it acts first: with two
    /// stones a window of three becomes a five); a threat of the side to
    /// move is a win at hand, an opponent's threat must be answered with a
    /// stone, and more threats than stones to answer them is a loss.
    pub const HAND: Weights = Weights([
        3, 40, 400, 1_000, 1_600, // own windows, 1 to 5 stones
        -2, -12, -150, -800, -1_200, // opponent's windows
        30_000, -4_000,   // threats: own, opponent's
        400,      // two stones to place now
        -100_000, // more threats against than stones left
    ]);
}

/// The feature counts of a position, for its side to move.
pub fn features(b: &Board, scratch: &mut Scratch) -> [i32; FEATURES] {
    let me = b.to_move();
    let mut f = [0i32; FEATURES];
    let full: u32 = (1 << ROW) - 1;
    for dir in 0..DIRECTIONS {
        for line in 0..lines_in(dir) {
            let own = b.line(me, dir, line);
            let opp = b.line(me.other(), dir, line);
            if own | opp == 0 {
                continue;
            }
            let (lo, hi) = line_span(dir, line);
            if hi + 1 < lo + ROW {
                continue;
            }
            for start in lo..=hi + 1 - ROW {
                let w = full << start;
                let (k, o) = ((own & w).count_ones(), (opp & w).count_ones());
                if o == 0 && (1..ROW).contains(&k) {
                    f[k as usize - 1] += 1;
                } else if k == 0 && (1..ROW).contains(&o) {
                    f[4 + o as usize] += 1;
                }
            }
        }
    }
    // Threat windows are the windows of four or five; only then counted.
    if f[3] + f[4] > 0 {
        threat_windows(b, me, &mut scratch.windows);
        f[10] = i32::from(count_windows(&scratch.windows).count);
    }
    if f[8] + f[9] > 0 {
        threat_windows(b, me.other(), &mut scratch.windows);
        f[11] = i32::from(count_windows(&scratch.windows).count);
    }
    f[12] = i32::from(b.stones_left() == 2);
    f[13] = i32::from(f[11] > b.stones_left() as i32);
    f
}

/// Buffers an evaluation reuses.
#[derive(Default, Clone, Debug)]
pub struct Scratch {
    windows: Vec<Window>,
}

/// The linear pattern evaluation with its weights.
#[derive(Clone, Debug)]
pub struct PatternEval {
    pub weights: Weights,
    scratch: Scratch,
}

impl Default for PatternEval {
    fn default() -> Self {
        PatternEval::new(Weights::HAND)
    }
}

impl PatternEval {
    pub fn new(weights: Weights) -> PatternEval {
        PatternEval {
            weights,
            scratch: Scratch::default(),
        }
    }

    /// `Σ wᵢ · φᵢ` for the side to move, kept within the search's range
    /// of heuristic values.
    pub fn value(&mut self, b: &Board) -> i32 {
        let f = features(b, &mut self.scratch);
        let v: i64 = f
            .iter()
            .zip(self.weights.0)
            .map(|(&x, w)| i64::from(x) * i64::from(w))
            .sum();
        v.clamp(-i64::from(PROVEN) + 1, i64::from(PROVEN) - 1) as i32
    }
}

/// Orders `moves` for the side to move: the points of the opponent's threat
/// windows first, by the threats they leave (fewest first), then by pattern
/// gain, highest first; ties by point number.
pub fn order_points(b: &Board, moves: &mut [Point], windows: &mut Vec<Window>) {
    let me = b.to_move();
    threat_windows(b, me.other(), windows);
    let mut blocks: Vec<Point> = windows.iter().flatten().copied().collect();
    blocks.sort_unstable();
    blocks.dedup();
    let mut after = b.clone();
    let mut keyed: Vec<((i64, i64), Point)> = moves
        .iter()
        .map(|&p| {
            let forced = if blocks.binary_search(&p).is_ok() {
                after.place(p);
                threat_windows(&after, me.other(), windows);
                let left = i64::from(count_windows(windows).count);
                after.undo(p);
                4 - left
            } else {
                0
            };
            ((-forced, -pattern_gain(b, me, p)), p)
        })
        .collect();
    keyed.sort_unstable();
    for (slot, (_, p)) in moves.iter_mut().zip(keyed) {
        *slot = p;
    }
}

impl Evaluator<Board> for PatternEval {
    fn evaluate(&mut self, g: &Board) -> i32 {
        self.value(g)
    }

    fn order(&mut self, g: &Board, moves: &mut [Point]) {
        order_points(g, moves, &mut self.scratch.windows);
    }
}

/// The empty points of the opponent's threat windows, in order.
pub fn block_points(b: &Board, windows: &mut Vec<Window>) -> Vec<Point> {
    threat_windows(b, b.to_move().other(), windows);
    let mut out: Vec<Point> = windows.iter().flatten().copied().collect();
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::super::rules::parse_point;
    use super::*;
    use crate::game::Side;
    use crate::plugin::Playable;

    /// How many six-point windows a line has.
    fn windows_of_line(dir: usize, line: usize) -> usize {
        let (lo, hi) = line_span(dir, line);
        (hi + 2).saturating_sub(lo + ROW) as usize
    }

    fn after(record: &str) -> Board {
        let mut b = Board::start();
        for m in Board::parse_transcript(record).unwrap() {
            b.try_play(m).unwrap();
        }
        b
    }

    #[test]
    fn a_lone_stone_is_counted_in_every_window_through_it() {
        let total: usize = (0..DIRECTIONS)
            .map(|d| {
                (0..lines_in(d))
                    .map(|l| windows_of_line(d, l))
                    .sum::<usize>()
            })
            .sum();
        assert_eq!(total, 2 * 19 * 14 + 2 * 196);
        // After Black's J10, White is to move: 24 windows of one opponent stone.
        let b = after("J10");
        let f = features(&b, &mut Scratch::default());
        assert_eq!(f[5], 24);
        assert_eq!(f[0], 0);
        assert_eq!(f[12], 1);
        assert_eq!(b.to_move(), Side::Second);
    }

    #[test]
    fn threats_are_features_and_weigh_heavily() {
        // Black: F10..I10, an open four (two threats); White to move.
        let b = after("F10 A1 A3 G10 H10 A5 A7 I10 S19");
        let f = features(&b, &mut Scratch::default());
        assert_eq!(f[11], 2);
        assert_eq!(f[10], 0);
        let mut e = PatternEval::default();
        assert!(e.value(&b) < 0, "White faces two threats");
    }

    #[test]
    fn ordering_puts_blocks_first() {
        let b = after("F10 A1 A3 G10 H10 A5 A7 I10 S19");
        let mut moves = Vec::new();
        b.legal_moves(&mut moves);
        let mut e = PatternEval::default();
        e.order(&b, &mut moves);
        let blocks = block_points(&b, &mut Vec::new());
        let first: Vec<Point> = moves[..blocks.len()].to_vec();
        let mut sorted = first.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, blocks);
        // E10 and J10 leave one threat each; D10 and K10 two.
        let p = |s: &str| parse_point(s).unwrap();
        assert!(first[..2].contains(&p("E10")) && first[..2].contains(&p("J10")));
    }
}
