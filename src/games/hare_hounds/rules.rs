//! The rules of Hare and Hounds, the French Military Game, on its 11-point
//! board.
//!
//! ```text
//!       a - b - c
//!     / | \ | / | \
//!   L - d - e - f - R
//!     \ | / | \ | /
//!       g - h - i
//! ```
//!
//! See [`super::board`] for the lines and the point numbering (1 to 11 as the hare
//! sees the board: `a b c` = 1 2 3, `L d e f R` = 4 5 6 7 8, `g h i` = 9 10 11).
//!
//! # Rules
//!
//! * Three hounds start on `L`, `a` and `g`; the hare starts on `R`. The
//!   hounds ([`Side::First`]) move first; the sides alternate.
//! * A hound moves one step along a line to an empty point, rightwards,
//!   diagonally rightwards or vertically (up or down), never leftwards. The
//!   hare moves one step along a line to an empty point in any direction.
//!   Nobody captures and nobody passes.
//! * **Hounds win** when the hare, to move, cannot move (it is trapped).
//! * **Hare wins** when it stands *strictly left of every hound*: its column
//!   (`L` = 0, `a d g` = 1, `b e h` = 2, `c f i` = 3, `R` = 4) is lower than
//!   the column of each hound. Columns only: a hare on `d` is not left of a
//!   hound on `a`. This is checked after every move of either side, so a hound
//!   that steps past the hare can hand it the escape.
//! * **Hare wins** when the hounds have made ten vertical moves in a row
//!   (stalling). The counter counts consecutive *hound* moves that are
//!   vertical; the hare's moves in between neither count nor reset it; any
//!   non-vertical hound move resets it to 0.
//!
//! # Rule choices the study leaves open
//!
//! * **Hounds without a move lose.** If it is the hounds' turn and none of
//!   them can move (e.g. hounds on `c`, `f`, `R` with the hare on `i`), the
//!   hare wins. This mirrors the hounds' own winning condition. As a result the
//!   game has no draws and no passes, and "no legal moves" coincides with
//!   "game over". The rule only matters for set-up positions: there are four
//!   positions where the hounds cannot move, and the hare can only enter them
//!   from a point where it had already escaped (the exact solution confirms
//!   that none is reachable from the start).
//! * **A trap beats stalling.** If the tenth vertical hound move in a row
//!   traps the hare, the hounds win: the trap ends the game first.
//! * A move that ends the game by the escape rule is checked before anything
//!   else (an escape and a trap cannot happen together on this board).
//! * The game is finite: every hound move either raises the sum of the hounds'
//!   columns or is vertical, and at most nine vertical moves can follow each
//!   other.
//!
//! # Notation
//!
//! A move is written `from-to` with point names: `L-d` (a hound steps from
//! `L` to `d`), `R-c` (the hare steps from `R` to `c`). A position is written
//! `hounds=L,a,g hare=R stall=0 move=hounds` (see [`HareHounds::parse`]).

use std::fmt;

use super::board::{self, points_of, HOUND_ACTION, HOUND_ACTIONS, HOUND_STEPS, NEIGHBOURS};
pub use super::board::{Point, POINTS};

use crate::game::{Game, MoveError, Outcome, Side};

/// Ten vertical hound moves in a row and the hare wins.
pub const STALL_LIMIT: u8 = 10;

/// The number of sets of three hound points, C(11, 3).
pub const HOUND_SETS: usize = 165;

/// A move: a hound or the hare steps from one point to a neighbouring one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Point,
    pub to: Point,
}

impl Move {
    pub fn new(from: Point, to: Point) -> Move {
        Move { from, to }
    }

    /// Whether the step stays in its column (the stalling rule counts these).
    pub fn is_vertical(self) -> bool {
        self.from.column() == self.to.column()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum End {
    /// The hare, to move, could not move: the hounds win.
    Trapped,
    /// The hare stands left of every hound: the hare wins.
    Escaped,
    /// Ten vertical hound moves in a row: the hare wins.
    Stalling,
    /// The hounds, to move, could not move: the hare wins.
    HoundsStuck,
}

impl End {
    pub fn winner(self) -> Side {
        match self {
            End::Trapped => Side::First,
            _ => Side::Second,
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            End::Trapped => "the hare is trapped",
            End::Escaped => "the hare has escaped",
            End::Stalling => "the hounds stalled (ten vertical moves in a row)",
            End::HoundsStuck => "the hounds cannot move",
        }
    }
}

/// A position: where the hounds and the hare stand, whose move it is, and the
/// stalling counter.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct HareHounds {
    hounds: u16,
    hare: Point,
    to_move: Side,
    stall: u8,
    end: Option<End>,
}

const fn hound_set_tables() -> ([u8; 2048], [u16; HOUND_SETS]) {
    let mut rank = [u8::MAX; 2048];
    let mut sets = [0u16; HOUND_SETS];
    let mut n = 0;
    let mut m = 0usize;
    while m < 2048 {
        if (m as u16).count_ones() == 3 {
            rank[m] = n as u8;
            sets[n] = m as u16;
            n += 1;
        }
        m += 1;
    }
    (rank, sets)
}

const HOUND_SET_TABLES: ([u8; 2048], [u16; HOUND_SETS]) = hound_set_tables();

/// The rank `0..165` of a set of three hound points (a bit mask).
#[inline]
pub fn hound_set_rank(mask: u16) -> usize {
    HOUND_SET_TABLES.0[mask as usize] as usize
}

/// The set of three hound points of a rank `0..165`.
#[inline]
pub fn hound_set(rank: usize) -> u16 {
    HOUND_SET_TABLES.1[rank]
}

impl HareHounds {
    /// A position from its parts, checked: three distinct hound points, the
    /// hare on a fourth point, a stalling counter below ten. Whether the
    /// position is already over is worked out from the rules.
    pub fn new(hounds: [Point; 3], hare: Point, to_move: Side, stall: u8) -> Result<Self, String> {
        let mut mask = 0u16;
        for h in hounds {
            if h.index() >= POINTS {
                return Err(format!("point index {} is off the board", h.0));
            }
            if mask & h.bit() != 0 {
                return Err(format!("two hounds on {h}"));
            }
            mask |= h.bit();
        }
        if hare.index() >= POINTS {
            return Err(format!("point index {} is off the board", hare.0));
        }
        if mask & hare.bit() != 0 {
            return Err(format!("the hare and a hound are both on {hare}"));
        }
        if stall >= STALL_LIMIT {
            return Err(format!(
                "the stalling counter must be below {STALL_LIMIT}, not {stall}"
            ));
        }
        let mut pos = HareHounds {
            hounds: mask,
            hare,
            to_move,
            stall,
            end: None,
        };
        pos.end = pos.compute_end(false);
        Ok(pos)
    }

    /// The hounds' points as a bit mask (bit `p` = point `p`).
    #[inline]
    pub fn hound_mask(&self) -> u16 {
        self.hounds
    }

    /// The hounds' points in ascending order (hounds are interchangeable).
    pub fn hounds(&self) -> [Point; 3] {
        let mut out = [Point(0); 3];
        for (slot, p) in out.iter_mut().zip(points_of(self.hounds)) {
            *slot = p;
        }
        out
    }

    #[inline]
    pub fn hare(&self) -> Point {
        self.hare
    }

    /// The number of vertical hound moves in a row so far.
    #[inline]
    pub fn stall(&self) -> u8 {
        self.stall
    }

    /// Why the game ended, if it has.
    #[inline]
    pub fn end(&self) -> Option<End> {
        self.end
    }

    #[inline]
    fn occupied(&self) -> u16 {
        self.hounds | self.hare.bit()
    }

    /// Whether the hare stands strictly left of every hound.
    pub fn hare_escaped(&self) -> bool {
        let min_hound_col = points_of(self.hounds)
            .map(Point::column)
            .min()
            .unwrap_or(u8::MAX);
        self.hare.column() < min_hound_col
    }

    /// Whether the hare has a free neighbouring point.
    fn hare_can_move(&self) -> bool {
        NEIGHBOURS[self.hare.index()] & !self.occupied() != 0
    }

    fn hounds_can_move(&self) -> bool {
        let free = !self.occupied();
        points_of(self.hounds).any(|p| HOUND_STEPS[p.index()] & free != 0)
    }

    /// The end condition of the position as it stands (`after_vertical_limit`:
    /// the counter has just reached the limit).
    fn compute_end(&self, stall_reached: bool) -> Option<End> {
        if self.hare_escaped() {
            return Some(End::Escaped);
        }
        match self.to_move {
            Side::Second => {
                if !self.hare_can_move() {
                    Some(End::Trapped)
                } else if stall_reached {
                    Some(End::Stalling)
                } else {
                    None
                }
            }
            Side::First => {
                if !self.hounds_can_move() {
                    Some(End::HoundsStuck)
                } else {
                    None
                }
            }
        }
    }

    /// Reads a position written as `hounds=L,a,g hare=R stall=0 move=hounds`
    /// (fields in any order; `stall` defaults to 0 and `move` to `hounds`;
    /// `move` is `hounds` or `hare`).
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut hounds: Option<Vec<Point>> = None;
        let mut hare = None;
        let mut stall = 0u8;
        let mut to_move = Side::First;
        for field in text.split_whitespace() {
            let (key, value) = field
                .split_once('=')
                .ok_or_else(|| format!("{} is not key=value", crate::words::quote(field)))?;
            match key {
                "hounds" => {
                    let pts = value
                        .split(',')
                        .map(Point::parse)
                        .collect::<Result<Vec<_>, _>>()?;
                    if pts.len() != 3 {
                        return Err(format!("expected three hounds, found {}", pts.len()));
                    }
                    hounds = Some(pts);
                }
                "hare" => hare = Some(Point::parse(value)?),
                "stall" => {
                    stall = value
                        .parse()
                        .map_err(|_| format!("stall={value} is not a number"))?
                }
                "move" => {
                    to_move = match value {
                        "hounds" => Side::First,
                        "hare" => Side::Second,
                        _ => return Err(format!("move={value}: expected hounds or hare")),
                    }
                }
                _ => return Err(format!("unknown field '{key}'")),
            }
        }
        let hounds = hounds.ok_or("missing hounds=...")?;
        let hare = hare.ok_or("missing hare=...")?;
        HareHounds::new([hounds[0], hounds[1], hounds[2]], hare, to_move, stall)
    }

    /// A dense index of the non-final part of the position for the side to
    /// move: hound set × hare point × stalling counter, `0..18150`. The side
    /// to move is not included (each side's table has its own rows).
    #[inline]
    pub fn state_index(&self) -> usize {
        (hound_set_rank(self.hounds) * POINTS + self.hare.index()) * STALL_LIMIT as usize
            + self.stall.min(STALL_LIMIT - 1) as usize
    }

    /// The number of values [`Self::state_index`] can take.
    pub const STATE_INDICES: usize = HOUND_SETS * POINTS * STALL_LIMIT as usize;

    /// The index `0..28` of a hound step (see [`super::board::HOUND_ACTION`]), or
    /// `None` for a step no hound can make.
    pub fn hound_action(m: Move) -> Option<usize> {
        let a = *HOUND_ACTION.get(m.from.index())?.get(m.to.index())?;
        (usize::from(a) < HOUND_ACTIONS).then_some(usize::from(a))
    }
}

impl fmt::Display for HareHounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [x, y, z] = self.hounds();
        write!(
            f,
            "hounds={x},{y},{z} hare={} stall={} move={}",
            self.hare,
            self.stall,
            match self.to_move {
                Side::First => "hounds",
                Side::Second => "hare",
            }
        )
    }
}

impl Game for HareHounds {
    type Move = Move;
    const NAME: &'static str = "hare_hounds";

    fn start() -> Self {
        HareHounds {
            hounds: board::L.bit() | board::A.bit() | board::G.bit(),
            hare: board::R,
            to_move: Side::First,
            stall: 0,
            end: None,
        }
    }

    #[inline]
    fn to_move(&self) -> Side {
        self.to_move
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.end.is_some() {
            return;
        }
        let free = !self.occupied();
        match self.to_move {
            Side::First => {
                for p in points_of(self.hounds) {
                    for q in points_of(HOUND_STEPS[p.index()] & free) {
                        out.push(Move::new(p, q));
                    }
                }
            }
            Side::Second => {
                for q in points_of(NEIGHBOURS[self.hare.index()] & free) {
                    out.push(Move::new(self.hare, q));
                }
            }
        }
    }

    /// Checked with bit masks, without generating the moves.
    fn is_legal(&self, m: Move) -> bool {
        if self.end.is_some() || m.from.index() >= POINTS || m.to.index() >= POINTS {
            return false;
        }
        let free = !self.occupied();
        match self.to_move {
            Side::First => {
                self.hounds & m.from.bit() != 0
                    && HOUND_STEPS[m.from.index()] & free & m.to.bit() != 0
            }
            Side::Second => {
                m.from == self.hare && NEIGHBOURS[self.hare.index()] & free & m.to.bit() != 0
            }
        }
    }

    fn play(&mut self, m: Move) {
        debug_assert!(self.is_legal(m), "illegal move {m} in {self}");
        let mut stall_reached = false;
        match self.to_move {
            Side::First => {
                self.hounds = (self.hounds & !m.from.bit()) | m.to.bit();
                if m.is_vertical() {
                    self.stall += 1;
                    stall_reached = self.stall >= STALL_LIMIT;
                } else {
                    self.stall = 0;
                }
            }
            Side::Second => self.hare = m.to,
        }
        self.to_move = self.to_move.other();
        self.end = self.compute_end(stall_reached);
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.end.map(|e| Outcome::Win(e.winner()))
    }

    /// Exact: hounds (11 bits) | hare (4) | stall (4) | side (1).
    fn key(&self) -> u64 {
        u64::from(self.hounds)
            | u64::from(self.hare.0) << 11
            | u64::from(self.stall) << 15
            | (self.to_move.index() as u64) << 19
    }

    fn format_move(m: Move) -> String {
        m.to_string()
    }

    fn parse_move(text: &str) -> Result<Move, MoveError> {
        let (a, b) = text.trim().split_once('-').ok_or_else(|| {
            MoveError(format!(
                "{} is not a move like L-d",
                crate::words::quote(text.trim())
            ))
        })?;
        let from = Point::parse(a).map_err(MoveError)?;
        let to = Point::parse(b).map_err(MoveError)?;
        Ok(Move::new(from, to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> HareHounds {
        HareHounds::parse(text).unwrap()
    }

    fn moves(g: &HareHounds) -> Vec<String> {
        let mut v = Vec::new();
        g.legal_moves(&mut v);
        let mut s: Vec<String> = v.iter().map(|m| m.to_string()).collect();
        s.sort();
        s
    }

    #[test]
    fn start_moves() {
        let g = HareHounds::start();
        assert_eq!(g.to_string(), "hounds=a,L,g hare=R stall=0 move=hounds");
        assert_eq!(moves(&g), ["L-d", "a-b", "a-d", "a-e", "g-d", "g-e", "g-h"]);
    }

    #[test]
    fn hounds_never_move_left() {
        // A hound on e may go to b, h (vertical), c, f, i (right); not to
        // a, d, g (left).
        let g = pos("hounds=e,R,L hare=b");
        assert_eq!(moves(&g), ["L-a", "L-d", "L-g", "e-c", "e-f", "e-h", "e-i"]);
        // A hound on R has nowhere to go; c is blocked by the hare on f; h
        // may go up to e or right to i, not left to g.
        let g = pos("hounds=R,c,h hare=f");
        assert_eq!(moves(&g), ["h-e", "h-i"]);
    }

    #[test]
    fn hare_moves_any_direction() {
        let g = pos("hounds=a,b,i hare=e move=hare");
        assert_eq!(moves(&g), ["e-c", "e-d", "e-f", "e-g", "e-h"]);
    }

    #[test]
    fn trap_and_escape() {
        // The hare on R, hounds on c and i: f traps it.
        let mut g = pos("hounds=b,c,i hare=R");
        let m = HareHounds::parse_move("b-e").unwrap();
        g.play(m);
        assert_eq!(g.end(), None);
        let mut g = pos("hounds=e,c,i hare=R");
        g.play(HareHounds::parse_move("e-f").unwrap());
        assert_eq!(g.end(), Some(End::Trapped));
        assert_eq!(g.outcome(), Some(Outcome::Win(Side::First)));
        let mut v = Vec::new();
        g.legal_moves(&mut v);
        assert!(v.is_empty());
        // A hound stepping past the hare gives it the escape.
        let mut g = pos("hounds=d,b,h hare=a");
        assert_eq!(g.end(), None, "a hound on d shares the hare's column");
        g.play(HareHounds::parse_move("d-e").unwrap());
        assert_eq!(g.end(), Some(End::Escaped));
        // The hare stepping left of every hound.
        let mut g = pos("hounds=a,e,i hare=d move=hare");
        assert_eq!(g.end(), None);
        g.play(HareHounds::parse_move("d-L").unwrap());
        assert_eq!(g.end(), Some(End::Escaped));
    }

    #[test]
    fn hounds_without_a_move_lose() {
        // All four such positions (none arises in a game from the start).
        for text in [
            "hounds=c,f,R hare=i",
            "hounds=c,f,i hare=R",
            "hounds=c,R,i hare=f",
            "hounds=f,R,i hare=c",
        ] {
            let g = pos(text);
            assert_eq!(g.end(), Some(End::HoundsStuck), "{text}");
            assert_eq!(g.outcome(), Some(Outcome::Win(Side::Second)));
            let mut v = Vec::new();
            g.legal_moves(&mut v);
            assert!(v.is_empty());
        }
    }

    #[test]
    fn stalling_counts_only_consecutive_vertical_hound_moves() {
        // Hounds on a, g and h; the hare walks between c and f.
        let mut g = pos("hounds=a,g,h hare=c");
        let play =
            |g: &mut HareHounds, m: &str| g.try_play(HareHounds::parse_move(m).unwrap()).unwrap();
        // nine vertical moves in a row, with hare moves between
        for k in 0..9 {
            play(&mut g, if k % 2 == 0 { "a-d" } else { "d-a" });
            assert_eq!(g.stall(), k + 1);
            play(&mut g, if k % 2 == 0 { "c-f" } else { "f-c" });
            assert_eq!(g.stall(), k + 1, "hare moves do not reset the counter");
            assert_eq!(g.end(), None);
        }
        // a non-vertical move resets it
        let mut h = g;
        play(&mut h, "h-i");
        assert_eq!(h.stall(), 0);
        // the tenth vertical move in a row loses
        play(&mut g, "d-a");
        assert_eq!(g.stall(), 10);
        assert_eq!(g.end(), Some(End::Stalling));
    }

    #[test]
    fn trap_beats_stalling() {
        // The tenth vertical move in a row that does not trap: stalling.
        let mut g = pos("hounds=b,c,i hare=R stall=9");
        g.play(HareHounds::parse_move("b-e").unwrap());
        assert_eq!(g.end(), Some(End::Stalling));
        // The hare on b has the neighbours a, c and e; the tenth vertical
        // move h-e fills the last one and traps it.
        let mut g = pos("hounds=a,c,h hare=b stall=9");
        g.play(HareHounds::parse_move("h-e").unwrap());
        assert_eq!(g.stall(), 10);
        assert_eq!(g.end(), Some(End::Trapped));
    }

    #[test]
    fn is_legal_agrees_with_move_generation() {
        let mut rng = crate::rng_from_seed(11);
        let mut buf = Vec::new();
        for _ in 0..300 {
            let mut g = HareHounds::start();
            while !g.is_over() {
                g.legal_moves(&mut buf);
                for from in Point::all() {
                    for to in Point::all() {
                        let m = Move::new(from, to);
                        assert_eq!(g.is_legal(m), buf.contains(&m), "{m} in {g}");
                    }
                }
                let m = *rand::seq::IndexedRandom::choose(buf.as_slice(), &mut rng).unwrap();
                g.play(m);
            }
            assert!(!g.is_legal(Move::new(Point(0), Point(1))));
        }
    }

    #[test]
    fn parse_errors_are_readable() {
        assert!(HareHounds::parse("hounds=a,b hare=R").is_err());
        assert!(HareHounds::parse("hounds=a,a,b hare=R").is_err());
        assert!(HareHounds::parse("hounds=a,b,c hare=c").is_err());
        assert!(HareHounds::parse("hounds=a,b,c hare=R stall=10").is_err());
        assert!(HareHounds::parse("hounds=a,b,c").is_err());
        assert!(HareHounds::parse_move("L").is_err());
        assert!(HareHounds::parse_move("L-x").is_err());
        let mut g = HareHounds::start();
        assert!(g.try_play(HareHounds::parse_move("L-a").unwrap()).is_err());
        assert!(g.try_play(HareHounds::parse_move("R-c").unwrap()).is_err());
    }

    #[test]
    fn random_games_end_and_keep_invariants() {
        let mut rng = crate::rng_from_seed(7);
        let mut buf = Vec::new();
        for _ in 0..2000 {
            let mut g = HareHounds::start();
            let mut plies = 0;
            while !g.is_over() {
                g.legal_moves(&mut buf);
                assert!(!buf.is_empty());
                let m = *rand::seq::IndexedRandom::choose(buf.as_slice(), &mut rng).unwrap();
                if g.to_move() == Side::First {
                    assert!(m.to.column() >= m.from.column());
                }
                g.play(m);
                assert_eq!(g.hound_mask().count_ones(), 3);
                assert_eq!(g.hound_mask() & g.hare().bit(), 0);
                plies += 1;
                assert!(plies < 400);
            }
            g.legal_moves(&mut buf);
            assert!(buf.is_empty());
        }
    }

    #[test]
    fn hound_set_ranks() {
        for r in 0..HOUND_SETS {
            assert_eq!(hound_set_rank(hound_set(r)), r);
        }
        assert_eq!(HareHounds::STATE_INDICES, 18150);
    }
}
