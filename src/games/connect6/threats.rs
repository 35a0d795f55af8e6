//! Threats, as Connect6's authors define them (I-Chen Wu and Dei-Yen Huang,
//! "A New Family of k-in-a-row Games", 2005): a side has `t` threats when
//! its opponent needs at least `t` stones to stop it from winning with its
//! next turn's two stones.
//!
//! They are counted with six-point windows: every run of six points of a
//! line inside the board. A window with four or five stones of the side and
//! none of the opponent's is a *threat window*: its one or two empty points
//! are the side's two stones away from a six. A win next turn needs such a
//! window (six in a row contain a window of six, which then held at least
//! four stones before the turn), so the opponent stops every win exactly
//! when each threat window gets one of its stones: the threat count is the
//! fewest points that meet every threat window, each point counted once
//! however many windows it blocks.
//!
//! ```text
//!      D E F G H I J K          a four open at both ends (Black's ● on F–I):
//!      . . ● ● ● ● . .          windows D–I (empty D, E), E–J (E, J) and
//!      [D . . . . I]            F–K (J, K); White's E and J meet all three
//!        [E . . . . J]          and no single point does: two threats.
//!          [F . . . . K]        With White on K the last window is dead
//!                               and E alone meets both others: one threat.
//! ```
//!
//! The count is exact up to two (a search over the first window's points)
//! and "three or more" beyond, which is all a player needs: at its turn a
//! side with a threat wins (it fills a window), a side facing three or more
//! loses, and a side facing two must spend both stones on them. The
//! sliding-window count of the authors — windows from left to right, each
//! threat window not yet blocked blocked on its last empty point — is an
//! upper bound of the same number; [`Threats::blocks`] beyond two are such
//! a greedy set.

use super::rules::{line_span, lines_in, point_at, Board, Point, DIRECTIONS, ROW};
use crate::game::Side;

/// The empty points of one threat window: one (five stones) or two (four);
/// a window of five repeats its point.
pub type Window = [Point; 2];

/// A side's threats and a set of points that blocks them all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threats {
    /// 0, 1, 2, or 3 for three or more.
    pub count: u8,
    /// Points that block every threat window: `count` of them up to two (a
    /// fewest set), at least three beyond (a greedy set, not always the
    /// fewest).
    pub blocks: Vec<Point>,
}

/// Appends the threat windows of `side` to `out` (cleared first), each by
/// its empty points in increasing order, without repeats.
pub fn threat_windows(b: &Board, side: Side, out: &mut Vec<Window>) {
    out.clear();
    let other = side.other();
    let full: u32 = (1 << ROW) - 1;
    for dir in 0..DIRECTIONS {
        for line in 0..lines_in(dir) {
            let own = b.line(side, dir, line);
            if own.count_ones() < ROW - 2 {
                continue;
            }
            let opp = b.line(other, dir, line);
            let (lo, hi) = line_span(dir, line);
            if hi + 1 < lo + ROW {
                continue;
            }
            for start in lo..=hi + 1 - ROW {
                let w = full << start;
                if opp & w != 0 || (own & w).count_ones() < ROW - 2 {
                    continue;
                }
                let mut empty = w & !own;
                if empty == 0 {
                    // Already six: a finished game has no threats to count.
                    continue;
                }
                let a = empty.trailing_zeros();
                empty &= empty - 1;
                let z = if empty == 0 {
                    a
                } else {
                    empty.trailing_zeros()
                };
                out.push([point_at(dir, line, a), point_at(dir, line, z)]);
            }
        }
    }
    out.iter_mut().for_each(|w| w.sort_unstable());
    out.sort_unstable();
    out.dedup();
}

fn hits(w: &Window, p: Point) -> bool {
    w[0] == p || w[1] == p
}

/// The threats of `side` in `b`, and points that block them.
pub fn analyse(b: &Board, side: Side) -> Threats {
    let mut windows = Vec::new();
    threat_windows(b, side, &mut windows);
    count_windows(&windows)
}

/// How many threats `side` has in `b`: 0, 1, 2, or 3 for three or more.
pub fn threats(b: &Board, side: Side) -> u8 {
    analyse(b, side).count
}

/// The fewest points meeting every window, up to two; three or more as a
/// greedy set.
pub fn count_windows(windows: &[Window]) -> Threats {
    let Some(first) = windows.first() else {
        return Threats {
            count: 0,
            blocks: Vec::new(),
        };
    };
    // One point: one of the first window's, in every window.
    for &p in first {
        if windows.iter().all(|w| hits(w, p)) {
            return Threats {
                count: 1,
                blocks: vec![p],
            };
        }
    }
    // Two: one of the first window's, and one of the first window it misses.
    for &p in first {
        let mut rest = windows.iter().filter(|w| !hits(w, p));
        let Some(second) = rest.next() else { continue };
        for &q in second {
            if windows.iter().all(|w| hits(w, p) || hits(w, q)) {
                return Threats {
                    count: 2,
                    blocks: vec![p, q],
                };
            }
        }
    }
    // Three or more: block the point in the most open windows, again and again.
    let mut open: Vec<Window> = windows.to_vec();
    let mut blocks = Vec::new();
    while !open.is_empty() {
        let mut best = (0usize, open[0][0]);
        for w in &open {
            for &p in w {
                let n = open.iter().filter(|v| hits(v, p)).count();
                if n > best.0 || (n == best.0 && p < best.1) {
                    best = (n, p);
                }
            }
        }
        blocks.push(best.1);
        open.retain(|w| !hits(w, best.1));
    }
    Threats { count: 3, blocks }
}

#[cfg(test)]
mod tests {
    use super::super::rules::{parse_point, POINTS};
    use super::*;
    use crate::game::Game;

    /// A board with Black's stones on `black` and White's on `white` (the
    /// counts need not fit a game: threats are about points only).
    fn board(black: &[&str], white: &[&str]) -> Board {
        let mut cells = [0u8; POINTS];
        for (list, c) in [(black, 1), (white, 2)] {
            for s in list {
                cells[parse_point(s).unwrap() as usize] = c;
            }
        }
        Board::from_cells(&cells)
    }

    fn pts(list: &[&str]) -> Vec<Point> {
        list.iter().map(|s| parse_point(s).unwrap()).collect()
    }

    #[test]
    fn no_stones_no_threats_and_three_in_a_row_are_none() {
        assert_eq!(threats(&Board::start(), Side::First), 0);
        let b = board(&["F10", "G10", "H10"], &[]);
        assert_eq!(threats(&b, Side::First), 0);
        assert_eq!(threats(&b, Side::Second), 0);
    }

    #[test]
    fn a_six_already_made_counts_no_window_of_its_own() {
        // A finished game: the six's windows hold no empty point to block.
        let b = board(&["E10", "F10", "G10", "H10", "I10", "J10"], &[]);
        let mut windows = Vec::new();
        threat_windows(&b, Side::First, &mut windows);
        // The windows beside it, not the six itself: C–H, D–I, F–K, G–L.
        let p = |s: &str| parse_point(s).unwrap();
        let expected = vec![
            [p("C10"), p("D10")],
            [p("D10"), p("D10")],
            [p("K10"), p("K10")],
            [p("K10"), p("L10")],
        ];
        assert_eq!(windows, expected);
        assert!(windows.iter().flatten().all(|&p| b.cell(p) == 0));
    }

    #[test]
    fn a_four_with_room_is_one_threat_and_blocked_where_every_window_meets() {
        // ● ● ● ● on F..I10 with room on both sides: windows D–I (D, E),
        // E–J (E, J), F–K (J, K): E and J meet all three, no single point
        // does: two threats (the drawing of the module's documentation).
        let b = board(&["F10", "G10", "H10", "I10"], &[]);
        let t = analyse(&b, Side::First);
        assert_eq!(t.count, 2, "{t:?}");
        // The same four against the edge (A..D): windows A-F (E,F) only.
        let b = board(&["A10", "B10", "C10", "D10"], &[]);
        let t = analyse(&b, Side::First);
        assert_eq!(
            t,
            Threats {
                count: 1,
                blocks: pts(&["E10"])
            }
        );
        // White on K: windows D–I (D, E) and E–J (E, J); F–K is dead. E
        // meets both.
        let b = board(&["F10", "G10", "H10", "I10"], &["K10"]);
        let t = analyse(&b, Side::First);
        assert_eq!(
            t,
            Threats {
                count: 1,
                blocks: pts(&["E10"])
            }
        );
    }

    #[test]
    fn a_split_four_is_one_threat_and_a_five_with_two_ends_is_two() {
        // ● ● . ● ● between White stones on D and L: the windows E–J (E, H)
        // and F–K (H, K) share H.
        let b = board(&["F10", "G10", "I10", "J10"], &["D10", "L10"]);
        assert_eq!(
            analyse(&b, Side::First),
            Threats {
                count: 1,
                blocks: pts(&["H10"])
            }
        );
        // Five in a row, open at both ends: E and L each complete a six.
        let b = board(&["F10", "G10", "H10", "I10", "J10"], &[]);
        let t = analyse(&b, Side::First);
        assert_eq!(t.count, 2);
        assert_eq!(t.blocks, pts(&["E10", "K10"]));
    }

    #[test]
    fn three_threats_on_three_lines_and_windows_sharing_points() {
        // Three fours against the edge on three rows: three windows that
        // share no point: three threats.
        let b = board(
            &[
                "A1", "B1", "C1", "D1", "A5", "B5", "C5", "D5", "A9", "B9", "C9", "D9",
            ],
            &[],
        );
        let t = analyse(&b, Side::First);
        assert_eq!(t.count, 3);
        assert_eq!(t.blocks, pts(&["E1", "E5", "E9"]));
        // Two fours whose windows cross at one empty point, E5: a four
        // across (A5..D5, window A..F with E5 F5) and a four down
        // (E1..E4 against the top edge, window E1..E6 with E5 E6). One
        // stone on E5 blocks both: one threat, not two.
        let b = board(&["A5", "B5", "C5", "D5", "E1", "E2", "E3", "E4"], &["G5"]);
        let t = analyse(&b, Side::First);
        assert_eq!(
            t,
            Threats {
                count: 1,
                blocks: pts(&["E5"])
            }
        );
        // The same with a White stone on E5: both blocked, no threat.
        let b = board(
            &["A5", "B5", "C5", "D5", "E1", "E2", "E3", "E4"],
            &["G5", "E5"],
        );
        assert_eq!(threats(&b, Side::First), 0);
        // A White stone on F5 leaves the row's window dead and the column's
        // open: one threat, on E5 or E6.
        let b = board(&["A5", "B5", "C5", "D5", "E1", "E2", "E3", "E4"], &["F5"]);
        let t = analyse(&b, Side::First);
        assert_eq!(t.count, 1);
        assert_eq!(t.blocks, pts(&["E5"]));
    }

    #[test]
    fn diagonal_threats_count_and_the_greedy_beyond_two_blocks_all() {
        // A four on the down-right diagonal from the corner, and one on the
        // down-left diagonal from the other corner: two threats.
        let b = board(&["A1", "B2", "C3", "D4", "S1", "R2", "Q3", "P4"], &[]);
        let t = analyse(&b, Side::First);
        assert_eq!(t.count, 2);
        assert_eq!(t.blocks.len(), 2);
        // Add a five across: three or more, and the blocks meet every window.
        let b = board(
            &[
                "A1", "B2", "C3", "D4", "S1", "R2", "Q3", "P4", "F10", "G10", "H10", "I10", "J10",
            ],
            &[],
        );
        let t = analyse(&b, Side::First);
        assert_eq!(t.count, 3);
        let mut w = Vec::new();
        threat_windows(&b, Side::First, &mut w);
        assert!(w.iter().all(|w| t.blocks.iter().any(|&p| hits(w, p))));
        // White's threats are its own: none here.
        assert_eq!(threats(&b, Side::Second), 0);
    }

    /// The count is the fewest blocking stones: checked against a brute
    /// force over every pair of points in random positions.
    #[test]
    fn the_count_is_the_fewest_stones_that_block_every_window() {
        use crate::game::rng_from_seed;
        use rand::Rng as _;
        let mut windows = Vec::new();
        for seed in 0..300u64 {
            let mut rng = rng_from_seed(seed);
            // Stones on an 8 × 8 corner, dense, so threats are common.
            let mut cells = [0u8; POINTS];
            for r in 0..8 {
                for c in 0..8 {
                    cells[r * 19 + c] = match rng.random_range(0..10) {
                        0..=3 => 1,
                        4 => 2,
                        _ => 0,
                    };
                }
            }
            let b = Board::from_cells(&cells);
            if b.has_six_anywhere(Side::First) {
                continue;
            }
            threat_windows(&b, Side::First, &mut windows);
            let t = count_windows(&windows);
            let points: Vec<Point> = windows.iter().flatten().copied().collect();
            let blocked_by =
                |set: &[Point]| windows.iter().all(|w| set.iter().any(|&p| hits(w, p)));
            let fewest = if windows.is_empty() {
                0
            } else if points.iter().any(|&p| blocked_by(&[p])) {
                1
            } else if points
                .iter()
                .any(|&p| points.iter().any(|&q| blocked_by(&[p, q])))
            {
                2
            } else {
                3
            };
            assert_eq!(t.count, fewest, "seed {seed}");
            assert!(blocked_by(&t.blocks), "seed {seed}");
            assert!(t.blocks.len() >= usize::from(t.count));
        }
    }
}
