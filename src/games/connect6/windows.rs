//! The engine's board: every six-point window of the board with its stones
//! of each side, kept up to date stone by stone, and what the search asks of
//! them in constant time.
//!
//! A *window* is a run of six points of one line inside the board (924 of
//! them: 19 × 14 across, as many down, 196 on each diagonal direction). A
//! window that holds stones of one side only is *live* for that side: it can
//! still become that side's six. [`Position`] keeps, besides the rules'
//! [`Board`]:
//!
//! * each window's stones of each side;
//! * each side's *threat windows* (four or five of its stones and none of
//!   the other side's, [`super::threats`]) as a set of window numbers, so
//!   that "has the side to move a six at hand" is a test of 15 words;
//! * the evaluation's two sums per side: its live windows weighted by their
//!   stones, once as the side to move's ([`WindowWeights::own`]) and once
//!   as the opponent's ([`WindowWeights::opp`]) — the position's value for
//!   the side to move `S` is `own(S) − opp(other)`;
//! * each empty point's *gain* for each side: what a stone of that side
//!   there adds to its live windows and takes from the other side's, by
//!   [`GAIN`] (the pattern gain of [`super::players::pattern_gain`]): the
//!   move ordering's key.
//!
//! Placing or taking back a stone changes the at most 24 windows through
//! it: a few hundred additions, whatever the stones on the board.

use std::sync::OnceLock;

use super::rules::{line_span, lines_in, point_at, Board, Point, DIRECTIONS, POINTS, ROW, SIZE};
use super::threats::Window;
use crate::game::{Game, Side};

/// The windows of the board.
pub const WINDOWS: usize = 924;
/// The most windows through one point (six in each direction).
const PER_POINT: usize = 4 * ROW as usize;
/// Words of a set of windows.
const WORDS: usize = WINDOWS.div_ceil(64);

/// A window's value by its stones, for the move ordering: a stone of a side
/// in one of its live windows with `k` stones adds `GAIN[k + 1] − GAIN[k]`;
/// in a window of the other side's with `k` stones (none of its own) it
/// takes `GAIN[k]` away from it.
pub const GAIN: [i32; 7] = [0, 1, 8, 64, 512, 4096, 1 << 20];

/// The points of each window and the windows of each point.
pub struct Tables {
    /// Each window's six points, along its line.
    pub points: [[Point; ROW as usize]; WINDOWS],
    /// Each point's windows (the first `through[p]` of them).
    pub of_point: [[u16; PER_POINT]; POINTS],
    pub through: [u8; POINTS],
}

/// The tables, built on first use.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Box<Tables>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut t = Box::new(Tables {
            points: [[0; ROW as usize]; WINDOWS],
            of_point: [[0; PER_POINT]; POINTS],
            through: [0; POINTS],
        });
        let mut w = 0;
        for dir in 0..DIRECTIONS {
            for line in 0..lines_in(dir) {
                let (lo, hi) = line_span(dir, line);
                if hi + 1 < lo + ROW {
                    continue;
                }
                for start in lo..=hi + 1 - ROW {
                    for i in 0..ROW {
                        let p = point_at(dir, line, start + i);
                        t.points[w][i as usize] = p;
                        let n = &mut t.through[p as usize];
                        t.of_point[p as usize][*n as usize] = w as u16;
                        *n += 1;
                    }
                    w += 1;
                }
            }
        }
        assert_eq!(w, WINDOWS);
        t
    })
}

/// The evaluation's weights of a live window by its stones (index 1 to 5;
/// index 0 unused): as the side to move's, and as its opponent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowWeights {
    pub own: [i32; 6],
    pub opp: [i32; 6],
}

impl WindowWeights {
    /// The hand-set weights: each stone multiplies a window's worth, the
    /// side to move's more than its opponent's (its two stones come first:
    /// a window of two is a threat after its turn, one of three a five).
    pub const HAND: WindowWeights = WindowWeights {
        own: [0, 3, 40, 400, 1_000, 1_600],
        opp: [0, 1, 8, 80, 800, 1_200],
    };
}

/// The board with its windows (see the module).
#[derive(Clone)]
pub struct Position {
    board: Board,
    /// Each window's stones, by side.
    count: [[u8; 2]; WINDOWS],
    /// Each point's gain, by side.
    gain: [[i32; POINTS]; 2],
    /// The evaluation's sums, by side.
    own_sum: [i32; 2],
    opp_sum: [i32; 2],
    /// Each side's threat windows.
    threats: [[u64; WORDS]; 2],
    weights: WindowWeights,
    /// A window's share of the sums and gains by its counts.
    shares: Box<[[Share; 7]; 7]>,
    /// Stones on each row and each column (the stones' bounding box).
    rows: [u16; SIZE],
    cols: [u16; SIZE],
}

/// What a window with given counts adds to the position: to each side's
/// sums (`own`, `opp`), to the gain of each of its points for each side,
/// and whether it is a threat window of each side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Share {
    own: [i32; 2],
    opp: [i32; 2],
    gain: [i32; 2],
    threat: [bool; 2],
}

fn shares(weights: &WindowWeights) -> Box<[[Share; 7]; 7]> {
    let mut t = Box::new([[Share::default(); 7]; 7]);
    for c0 in 0..7u8 {
        for c1 in 0..7u8 {
            let c = [c0, c1];
            let sh = &mut t[c0 as usize][c1 as usize];
            for s in 0..2 {
                let (own, other) = (c[s], c[1 - s]);
                if other == 0 && own > 0 && own < 6 {
                    sh.own[s] = weights.own[own as usize];
                    sh.opp[s] = weights.opp[own as usize];
                    sh.threat[s] = own >= 4;
                }
                sh.gain[s] = window_gain(own, other);
            }
        }
    }
    t
}

/// A window's gain for a side with `own` stones of its own in it and
/// `other` of the other side's.
#[inline]
fn window_gain(own: u8, other: u8) -> i32 {
    if own >= 6 {
        0
    } else if other == 0 {
        GAIN[own as usize + 1] - GAIN[own as usize]
    } else if own == 0 {
        GAIN[other as usize]
    } else {
        0
    }
}

impl Position {
    /// The position of `board`, every count made from scratch.
    pub fn new(board: &Board, weights: WindowWeights) -> Position {
        let t = tables();
        let mut pos = Position {
            board: board.clone(),
            count: [[0; 2]; WINDOWS],
            gain: [[0; POINTS]; 2],
            own_sum: [0; 2],
            opp_sum: [0; 2],
            threats: [[0; WORDS]; 2],
            weights,
            shares: shares(&weights),
            rows: [0; SIZE],
            cols: [0; SIZE],
        };
        for p in 0..POINTS {
            if board.cell(p as Point) != 0 {
                pos.rows[p / SIZE] += 1;
                pos.cols[p % SIZE] += 1;
            }
        }
        for w in 0..WINDOWS {
            let mut c = [0u8; 2];
            for &p in &t.points[w] {
                match board.cell(p) {
                    1 => c[0] += 1,
                    2 => c[1] += 1,
                    _ => {}
                }
            }
            pos.count[w] = c;
            let sh = pos.shares[c[0] as usize][c[1] as usize];
            for s in 0..2 {
                pos.own_sum[s] += sh.own[s];
                pos.opp_sum[s] += sh.opp[s];
                if sh.threat[s] {
                    pos.threats[s][w / 64] |= 1 << (w % 64);
                }
            }
            for &p in &t.points[w] {
                pos.gain[0][p as usize] += sh.gain[0];
                pos.gain[1][p as usize] += sh.gain[1];
            }
        }
        pos
    }

    /// Window `w`'s counts go from `from` to `to`: its share of the sums,
    /// the threat sets and its points' gains with them.
    #[inline(always)]
    fn change(&mut self, w: usize, from: [u8; 2], to: [u8; 2]) {
        self.count[w] = to;
        let a = self.shares[from[0] as usize][from[1] as usize];
        let b = self.shares[to[0] as usize][to[1] as usize];
        for s in 0..2 {
            self.own_sum[s] += b.own[s] - a.own[s];
            self.opp_sum[s] += b.opp[s] - a.opp[s];
            if a.threat[s] != b.threat[s] {
                self.threats[s][w / 64] ^= 1 << (w % 64);
            }
        }
        let g = [b.gain[0] - a.gain[0], b.gain[1] - a.gain[1]];
        if g != [0, 0] {
            for &p in &tables().points[w] {
                self.gain[0][p as usize] += g[0];
                self.gain[1][p as usize] += g[1];
            }
        }
    }

    /// The rules' board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The weights the evaluation sums.
    pub fn weights(&self) -> WindowWeights {
        self.weights
    }

    /// Places a stone of the side to move on the empty point `p`.
    pub fn place(&mut self, p: Point) {
        let s = self.board.to_move().index();
        let t = tables();
        for &w in &t.of_point[p as usize][..t.through[p as usize] as usize] {
            let w = w as usize;
            let from = self.count[w];
            let mut to = from;
            to[s] += 1;
            self.change(w, from, to);
        }
        self.rows[p as usize / SIZE] += 1;
        self.cols[p as usize % SIZE] += 1;
        self.board.place(p);
    }

    /// Takes back the last stone placed, which stands on `p`.
    pub fn undo(&mut self, p: Point) {
        self.board.undo(p);
        let s = self.board.to_move().index();
        let t = tables();
        for &w in &t.of_point[p as usize][..t.through[p as usize] as usize] {
            let w = w as usize;
            let from = self.count[w];
            let mut to = from;
            to[s] -= 1;
            self.change(w, from, to);
        }
        self.rows[p as usize / SIZE] -= 1;
        self.cols[p as usize % SIZE] -= 1;
    }

    /// The gain of a stone of `side` on `p` (see the module).
    #[inline]
    pub fn gain(&self, side: Side, p: Point) -> i32 {
        self.gain[side.index()][p as usize]
    }

    /// Whether `side` has a threat window: with two stones to place (or one
    /// in a window of five) it makes six.
    #[inline]
    pub fn has_threat_window(&self, side: Side) -> bool {
        self.threats[side.index()].iter().any(|&w| w != 0)
    }

    /// The threat windows of `side` by their empty points (as
    /// [`super::threats::threat_windows`] gives them: each sorted, the list
    /// sorted, no repeats) into `out`.
    pub fn threat_windows(&self, side: Side, out: &mut Vec<Window>) {
        out.clear();
        let t = tables();
        for (i, &word) in self.threats[side.index()].iter().enumerate() {
            let mut m = word;
            while m != 0 {
                let w = i * 64 + m.trailing_zeros() as usize;
                m &= m - 1;
                let mut empty = [0 as Point; 2];
                let mut n = 0;
                for &p in &t.points[w] {
                    if self.board.cell(p) == 0 {
                        empty[n.min(1)] = p;
                        n += 1;
                    }
                }
                if n == 1 {
                    empty[1] = empty[0];
                }
                out.push(empty);
            }
        }
        out.sort_unstable();
        out.dedup();
    }

    /// A window of five of `side` (one point from six), if any: its point.
    pub fn five_point(&self, side: Side) -> Option<Point> {
        let t = tables();
        let s = side.index();
        for (i, &word) in self.threats[s].iter().enumerate() {
            let mut m = word;
            while m != 0 {
                let w = i * 64 + m.trailing_zeros() as usize;
                m &= m - 1;
                if self.count[w][s] == 5 {
                    return t.points[w]
                        .iter()
                        .copied()
                        .find(|&p| self.board.cell(p) == 0);
                }
            }
        }
        None
    }

    /// The position's value for the side to move: its live windows by the
    /// weights' `own`, less its opponent's by `opp`.
    #[inline]
    pub fn value(&self) -> i32 {
        let s = self.board.to_move().index();
        self.own_sum[s] - self.opp_sum[1 - s]
    }

    /// The stones of each side in window `w`.
    #[inline]
    pub fn window(&self, w: usize) -> [u8; 2] {
        self.count[w]
    }

    /// The `k` empty points of the highest gain for `side`, best first (ties
    /// by point number), into `out`, among the points of the stones'
    /// bounding box widened by two rows and columns; points with a gain of
    /// at most `floor` are left out.
    pub fn best_points(&self, side: Side, k: usize, floor: i32, out: &mut Vec<(Point, i32)>) {
        out.clear();
        if k == 0 {
            return;
        }
        let gain = &self.gain[side.index()];
        let mut worst = floor;
        // The points looked at: the stones' bounding box widened by two
        // (the whole board when it is empty), as the other players keep to
        // the points near the stones.
        let span = |n: &[u16; SIZE]| {
            let lo = n.iter().position(|&c| c > 0).unwrap_or(0);
            let hi = n.iter().rposition(|&c| c > 0).unwrap_or(SIZE - 1);
            (lo.saturating_sub(2), (hi + 2).min(SIZE - 1))
        };
        let (r0, r1) = span(&self.rows);
        let (c0, c1) = span(&self.cols);
        for p in (r0..=r1).flat_map(|r| (c0..=c1).map(move |c| r * SIZE + c)) {
            let g = gain[p];
            if g <= worst || self.board.cell(p as Point) != 0 {
                continue;
            }
            // Insert, keeping `out` sorted by gain (higher first), at most k.
            let at = out.iter().position(|&(_, h)| g > h).unwrap_or(out.len());
            if at >= k {
                continue;
            }
            if out.len() == k {
                out.pop();
            }
            out.insert(at, (p as Point, g));
            if out.len() == k {
                worst = out[k - 1].1;
            }
        }
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({:?})", self.board)
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::format_point;
    use super::super::threats::threat_windows;
    use super::*;
    use crate::game::rng_from_seed;
    use rand::Rng as _;

    #[test]
    fn every_point_lies_in_its_windows_and_the_counts_add_up() {
        let t = tables();
        let total: usize = t.through.iter().map(|&n| n as usize).sum();
        assert_eq!(total, WINDOWS * ROW as usize);
        // The centre is in 24 windows, a corner in 3.
        assert_eq!(t.through[super::super::rules::CENTRE as usize], 24);
        assert_eq!(t.through[0], 3);
        for w in 0..WINDOWS {
            for &p in &t.points[w] {
                let n = t.through[p as usize] as usize;
                assert!(t.of_point[p as usize][..n].contains(&(w as u16)));
            }
        }
    }

    /// Random near-stone games: after every stone placed and every stone
    /// taken back, the incremental position equals one made from scratch,
    /// and its threat windows, five and gains are the rules' and the
    /// pattern gain's.
    #[test]
    fn the_incremental_position_equals_one_made_from_scratch() {
        let w = WindowWeights::HAND;
        let mut windows = Vec::new();
        for seed in 0..12 {
            let mut rng = rng_from_seed(seed);
            let mut pos = Position::new(&Board::start(), w);
            let mut played = Vec::new();
            let mut near = Vec::new();
            while !pos.board().is_over() && played.len() < 120 {
                super::super::players::near_points(pos.board(), &mut near);
                let p = near[rng.random_range(0..near.len())];
                pos.place(p);
                played.push(p);
                let fresh = Position::new(pos.board(), w);
                assert_eq!(pos.count, fresh.count, "seed {seed}");
                assert_eq!(pos.own_sum, fresh.own_sum);
                assert_eq!(pos.opp_sum, fresh.opp_sum);
                assert_eq!(pos.threats, fresh.threats);
                assert_eq!(pos.gain, fresh.gain);
                assert_eq!((pos.rows, pos.cols), (fresh.rows, fresh.cols));
                if pos.board().is_over() {
                    break;
                }
                for side in Side::BOTH {
                    for q in 0..POINTS as Point {
                        if pos.board().cell(q) == 0 {
                            assert_eq!(pos.gain(side, q), fresh.gain(side, q));
                            assert_eq!(
                                i64::from(pos.gain(side, q)),
                                super::super::players::pattern_gain(pos.board(), side, q),
                                "{}",
                                format_point(q)
                            );
                        }
                    }
                    let mut mine = Vec::new();
                    pos.threat_windows(side, &mut mine);
                    threat_windows(pos.board(), side, &mut windows);
                    assert_eq!(mine, windows, "seed {seed}");
                    assert_eq!(pos.has_threat_window(side), !windows.is_empty());
                    let five = windows.iter().find(|w| w[0] == w[1]).map(|w| w[0]);
                    assert_eq!(pos.five_point(side).is_some(), five.is_some());
                }
            }
            while let Some(p) = played.pop() {
                pos.undo(p);
            }
            let empty = Position::new(&Board::start(), w);
            assert_eq!(pos.count, empty.count);
            assert_eq!(pos.gain, empty.gain);
            assert_eq!(pos.value(), 0);
        }
    }

    #[test]
    fn the_best_points_are_the_highest_gains_in_order() {
        let mut pos = Position::new(&Board::start(), WindowWeights::HAND);
        for p in ["J10", "K11", "K9", "H10", "L10"] {
            pos.place(super::super::rules::parse_point(p).unwrap());
        }
        let side = pos.board().to_move();
        let mut best = Vec::new();
        pos.best_points(side, 8, 0, &mut best);
        assert_eq!(best.len(), 8);
        // The stones span H..L and 9..11: the box is F..N, 7..13.
        let inside = |p: Point| {
            (6..=12).contains(&(p as usize / SIZE)) && (5..=13).contains(&(p as usize % SIZE))
        };
        let mut all: Vec<(Point, i32)> = (0..POINTS as Point)
            .filter(|&p| pos.board().cell(p) == 0 && inside(p))
            .map(|p| (p, pos.gain(side, p)))
            .collect();
        all.sort_by_key(|&(p, g)| (std::cmp::Reverse(g), p));
        assert_eq!(best, all[..8]);
        pos.best_points(side, 8, best[3].1, &mut best);
        assert_eq!(best.len(), 3);
    }
}
