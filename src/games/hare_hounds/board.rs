//! The board of Hare and Hounds: eleven points, twenty-two lines.
//!
//! ```text
//!   column:  0     1     2     3     4
//!
//!   row 0          a --- b --- c
//!                / | \   |   / | \
//!   row 1     L -- d --- e --- f -- R
//!                \ | /   |   \ | /
//!   row 2          g --- h --- i
//! ```
//!
//! The lines are the rows and columns of the 3×3 grid `a`..`i`; the end
//! points `L` and `R` joined to the three points of the nearest column (`L` to
//! `a`, `d`, `g`; `R` to `c`, `f`, `i`) and to nothing else; and the two
//! diagonals through the centre, `a–e–i` and `g–e–c`. There are no other
//! diagonals (no `b–d`, no `b–f`, ...).
//!
//! # Numbering
//!
//! Points are numbered 1 to 11 **as the hare sees the board**. The hare
//! starts on `R` and faces left, towards the hounds and its escape, so its
//! right hand points to the top row. The numbers run over the rows from the
//! hare's right (the top row) to its left (the bottom row), and within a row
//! from the front (left) to the back (right):
//!
//! ```text
//!         1 --- 2 --- 3            a --- b --- c
//!   4 --- 5 --- 6 --- 7 --- 8   L -- d --- e --- f -- R
//!         9 -- 10 -- 11            g --- h --- i
//! ```
//!
//! With this numbering the study's simple hare — "the free neighbouring point
//! with the lowest number, the move furthest to the right as the hare sees
//! it" — reads consistently: of its free neighbours it takes the one furthest
//! to its right (the highest row of the board), and among equally far right
//! the one furthest forward (leftmost). [`Point`] values are the number minus
//! one, so "lowest number" is "lowest index".

use std::fmt;

/// The number of points.
pub const POINTS: usize = 11;

/// One of the eleven points, `0..11` (the study's number minus one).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Point(pub u8);

/// Names of the points in index order.
pub const NAMES: [char; POINTS] = ['a', 'b', 'c', 'L', 'd', 'e', 'f', 'R', 'g', 'h', 'i'];

/// Column of each point (0 = `L` ... 4 = `R`); "left" means a lower column.
pub const COLUMN: [u8; POINTS] = [1, 2, 3, 0, 1, 2, 3, 4, 1, 2, 3];

/// Row of each point (0 = top, 1 = middle, 2 = bottom).
pub const ROW: [u8; POINTS] = [0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2];

pub const A: Point = Point(0);
pub const B: Point = Point(1);
pub const C: Point = Point(2);
pub const L: Point = Point(3);
pub const D: Point = Point(4);
pub const E: Point = Point(5);
pub const F: Point = Point(6);
pub const R: Point = Point(7);
pub const G: Point = Point(8);
pub const H: Point = Point(9);
pub const I: Point = Point(10);

/// The 22 lines, as pairs of point indices.
pub const LINES: [(u8, u8); 22] = [
    // rows
    (0, 1),
    (1, 2),
    (3, 4),
    (4, 5),
    (5, 6),
    (6, 7),
    (8, 9),
    (9, 10),
    // columns
    (0, 4),
    (4, 8),
    (1, 5),
    (5, 9),
    (2, 6),
    (6, 10),
    // end points
    (3, 0),
    (3, 8),
    (7, 2),
    (7, 10),
    // the two diagonals through e
    (0, 5),
    (5, 10),
    (8, 5),
    (5, 2),
];

const fn neighbour_masks() -> [u16; POINTS] {
    let mut m = [0u16; POINTS];
    let mut k = 0;
    while k < LINES.len() {
        let (x, y) = LINES[k];
        m[x as usize] |= 1 << y;
        m[y as usize] |= 1 << x;
        k += 1;
    }
    m
}

/// For each point, the set of its neighbours as a bit mask (bit `p` = point `p`).
pub const NEIGHBOURS: [u16; POINTS] = neighbour_masks();

const fn hound_step_masks() -> [u16; POINTS] {
    let mut m = [0u16; POINTS];
    let mut p = 0;
    while p < POINTS {
        let mut q = 0;
        while q < POINTS {
            if NEIGHBOURS[p] & (1 << q) != 0 && COLUMN[q] >= COLUMN[p] {
                m[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    m
}

/// For each point, where a hound on it may step (never to a lower column).
pub const HOUND_STEPS: [u16; POINTS] = hound_step_masks();

/// The number of directed steps a hound can ever make (16 rightward steps on
/// the non-vertical lines, both directions of the 6 vertical lines).
pub const HOUND_ACTIONS: usize = 28;

const fn hound_action_table() -> [[u8; POINTS]; POINTS] {
    let mut t = [[u8::MAX; POINTS]; POINTS];
    let mut n = 0u8;
    let mut p = 0;
    while p < POINTS {
        let mut q = 0;
        while q < POINTS {
            if HOUND_STEPS[p] & (1 << q) != 0 {
                t[p][q] = n;
                n += 1;
            }
            q += 1;
        }
        p += 1;
    }
    t
}

/// `HOUND_ACTION[from][to]`: the index `0..28` of a hound step, or `u8::MAX`.
pub const HOUND_ACTION: [[u8; POINTS]; POINTS] = hound_action_table();

impl Point {
    /// All points in index order.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINTS as u8).map(Point)
    }

    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The study's number, 1 to 11.
    pub fn number(self) -> u8 {
        self.0 + 1
    }

    pub fn name(self) -> char {
        NAMES[self.index()]
    }

    #[inline]
    pub fn column(self) -> u8 {
        COLUMN[self.index()]
    }

    #[inline]
    pub fn row(self) -> u8 {
        ROW[self.index()]
    }

    #[inline]
    pub fn bit(self) -> u16 {
        1 << self.0
    }

    /// Reads a point name (`a`..`i`, `L`, `R`; `l` and `r` are accepted too).
    pub fn parse(text: &str) -> Result<Point, String> {
        let mut chars = text.trim().chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(format!(
                "{} is not a point (expected one of a-i, L, R)",
                crate::words::quote(text.trim())
            ));
        };
        let c = match c {
            'l' => 'L',
            'r' => 'R',
            c => c,
        };
        NAMES
            .iter()
            .position(|&n| n == c)
            .map(|p| Point(p as u8))
            .ok_or_else(|| format!("'{c}' is not a point (expected one of a-i, L, R)"))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name())
    }
}

/// Iterates over the points of a bit mask in index order.
#[inline]
pub fn points_of(mask: u16) -> impl Iterator<Item = Point> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let p = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(Point(p))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_two_lines_and_degrees() {
        let degree: u32 = NEIGHBOURS.iter().map(|m| m.count_ones()).sum();
        assert_eq!(degree, 44);
        assert_eq!(NEIGHBOURS[E.index()].count_ones(), 8);
        assert_eq!(NEIGHBOURS[B.index()].count_ones(), 3);
        assert_eq!(NEIGHBOURS[L.index()], A.bit() | D.bit() | G.bit());
        assert_eq!(NEIGHBOURS[R.index()], C.bit() | F.bit() | I.bit());
        // no other diagonals
        assert_eq!(NEIGHBOURS[B.index()] & (D.bit() | F.bit()), 0);
    }

    #[test]
    fn hound_steps_never_go_left() {
        let mut n = 0;
        for p in Point::all() {
            for q in points_of(HOUND_STEPS[p.index()]) {
                assert!(q.column() >= p.column());
                assert_eq!(usize::from(HOUND_ACTION[p.index()][q.index()]), n);
                n += 1;
            }
        }
        assert_eq!(n, HOUND_ACTIONS);
        assert_eq!(HOUND_STEPS[R.index()], 0);
        assert_eq!(
            HOUND_STEPS[E.index()],
            C.bit() | F.bit() | I.bit() | B.bit() | H.bit()
        );
    }

    #[test]
    fn names_round_trip() {
        for p in Point::all() {
            assert_eq!(Point::parse(&p.name().to_string()), Ok(p));
        }
        assert_eq!(Point::parse("r"), Ok(R));
        assert!(Point::parse("x").is_err());
        assert!(Point::parse("ab").is_err());
    }
}
