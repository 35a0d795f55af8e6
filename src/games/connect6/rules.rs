//! The rules: a 19 × 19 board, stones on the intersections. Black places
//! one stone, then the sides take turns placing two stones each. Six or more
//! stones of one side in a row — across, down or along either diagonal —
//! win at once, also when the first stone of a pair makes them; there are no
//! forbidden moves; a full board without a six is a draw.
//!
//! One stone is one move: the side to move stays the same between the two
//! stones of a turn ([`Game::to_move`] follows from the number of stones),
//! so a session's undo takes back both stones of a turn.
//!
//! # Notation
//! A point is a column letter and a row number: columns `A` to `S` from the
//! left (19 letters, `I` included), rows `1` to `19` from the top, as the
//! page's board labels them (`A1` top left, `J10` the centre, `S19` bottom
//! right). Letters are read in either case and written in upper case. A
//! record writes the turns separated by `; `, the two stones of a turn by a
//! space: `J10; K11 K9; H10 L10`. The reader takes the stones in order and
//! accepts spaces, commas and semicolons between them: the grouping is for
//! people, the count of stones already decides whose turn it is.
//!
//! A position's text is the 19 rows from the top, 19 points each (`.`
//! empty, `B` black, `W` white), the rows separated by `/`; the side to move
//! follows from the counts.
//!
//! # Lines
//! Besides the points, a board keeps every line of the board as a bit mask
//! per side ([`Board::line`]): 19 rows, 19 columns and 37 lines in each
//! diagonal direction, a bit for each point of the line. Placing and
//! removing a stone changes one bit in four masks, a six after a stone is
//! six bits in a row in one of them, and the six-point windows of
//! [`super::threats`] are a mask and two population counts.

use crate::game::{Game, MoveError, Outcome, Side};

/// The board's side.
pub const SIZE: usize = 19;
/// Its points.
pub const POINTS: usize = SIZE * SIZE;
/// The centre, `J10`.
pub const CENTRE: Point = (SIZE * (SIZE / 2) + SIZE / 2) as Point;
/// How many in a row win (or more).
pub const ROW: u32 = 6;
/// The four directions of a line: across, down, down-right, down-left.
pub const DIRECTIONS: usize = 4;
/// The most lines of one direction (the diagonals: 2 × 19 − 1).
pub const MAX_LINES: usize = 2 * SIZE - 1;
/// The column letters.
const LETTERS: &[u8; SIZE] = b"ABCDEFGHIJKLMNOPQRS";

/// A point, row-major from the top left: `row * 19 + column`.
pub type Point = u16;

/// How many lines a direction has.
pub const fn lines_in(dir: usize) -> usize {
    if dir < 2 {
        SIZE
    } else {
        MAX_LINES
    }
}

/// The line of direction `dir` through `p`, and the bit of `p` in it. Along
/// a line the bits run with the column (across) or the row (the others).
#[inline]
pub const fn line_of(p: Point, dir: usize) -> (usize, u32) {
    let (r, c) = (p as usize / SIZE, p as usize % SIZE);
    match dir {
        0 => (r, c as u32),
        1 => (c, r as u32),
        2 => (r + SIZE - 1 - c, r as u32),
        _ => (r + c, r as u32),
    }
}

/// The first and last bit of a line that are points of the board.
#[inline]
pub const fn line_span(dir: usize, line: usize) -> (u32, u32) {
    let last = SIZE - 1;
    match dir {
        0 | 1 => (0, last as u32),
        2 => {
            // r − c = line − 18
            if line >= last {
                ((line - last) as u32, last as u32)
            } else {
                (0, line as u32)
            }
        }
        _ => {
            // r + c = line
            if line >= last {
                ((line - last) as u32, last as u32)
            } else {
                (0, line as u32)
            }
        }
    }
}

/// The point at bit `bit` of a line (a bit within [`line_span`]).
#[inline]
pub const fn point_at(dir: usize, line: usize, bit: u32) -> Point {
    let b = bit as usize;
    let (r, c) = match dir {
        0 => (line, b),
        1 => (b, line),
        2 => (b, b + SIZE - 1 - line),
        _ => (b, line - b),
    };
    (r * SIZE + c) as Point
}

/// Whether a line's mask holds six or more bits in a row.
#[inline]
pub const fn has_six(m: u32) -> bool {
    m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4) & (m >> 5) != 0
}

/// The side that places stone number `i` (from 0): Black the first, then
/// two each, White first.
#[inline]
pub const fn placer(i: usize) -> Side {
    if i == 0 || ((i - 1) / 2) % 2 == 1 {
        Side::First
    } else {
        Side::Second
    }
}

/// The position key's random number for a stone of `side` on `p`:
/// splitmix64 of the pair, worked out when needed (a table of 722 numbers
/// would add 6 KB that do not compress to the wasm module).
#[inline]
const fn zobrist(side: Side, p: usize) -> u64 {
    let mut z = 0x6336_c0de_5eed_0006u64.wrapping_add(
        (side as u64 * POINTS as u64 + p as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
    );
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A position: the points, and the lines' masks kept with them.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// 0 empty, 1 black, 2 white.
    pub(super) cells: [u8; POINTS],
    /// `lines[side][dir][line]`: the side's stones on the line, a bit each.
    lines: [[[u32; MAX_LINES]; DIRECTIONS]; 2],
    stones: u16,
    key: u64,
    winner: Option<Side>,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({})", crate::plugin::Playable::position_text(self))
    }
}

impl Board {
    /// An empty board.
    pub fn empty() -> Board {
        Board {
            cells: [0; POINTS],
            lines: [[[0; MAX_LINES]; DIRECTIONS]; 2],
            stones: 0,
            key: 0,
            winner: None,
        }
    }

    /// A point's contents: 0 empty, 1 black, 2 white.
    #[inline]
    pub fn cell(&self, p: Point) -> u8 {
        self.cells[p as usize]
    }

    /// How many stones are on the board.
    #[inline]
    pub fn stones(&self) -> usize {
        usize::from(self.stones)
    }

    /// The stones of `side` on a line, a bit each (see [`line_of`]).
    #[inline]
    pub fn line(&self, side: Side, dir: usize, line: usize) -> u32 {
        self.lines[side.index()][dir][line]
    }

    /// How many stones the side to move still places in this turn, this
    /// one included: 2 at the first stone of a pair, 1 at the second (and
    /// at Black's single opening stone).
    #[inline]
    pub fn stones_left(&self) -> u32 {
        let s = self.stones();
        if s + 1 < POINTS && placer(s + 1) == placer(s) {
            2
        } else {
            1
        }
    }

    /// Places a stone of the side to move on the empty point `p`.
    pub fn place(&mut self, p: Point) {
        debug_assert_eq!(self.cells[p as usize], 0, "{} is taken", format_point(p));
        debug_assert!(self.winner.is_none(), "the game is over");
        let side = placer(self.stones());
        self.cells[p as usize] = 1 + side.index() as u8;
        self.key ^= zobrist(side, p as usize);
        self.stones += 1;
        for dir in 0..DIRECTIONS {
            let (line, bit) = line_of(p, dir);
            let m = &mut self.lines[side.index()][dir][line];
            *m |= 1 << bit;
            if has_six(*m) {
                self.winner = Some(side);
            }
        }
    }

    /// Takes back the last stone placed, which stands on `p`: the board is
    /// then exactly as it was before that stone.
    pub fn undo(&mut self, p: Point) {
        debug_assert!(self.stones > 0, "no stone to take back");
        let side = placer(self.stones() - 1);
        debug_assert_eq!(self.cells[p as usize], 1 + side.index() as u8);
        self.cells[p as usize] = 0;
        self.key ^= zobrist(side, p as usize);
        self.stones -= 1;
        for dir in 0..DIRECTIONS {
            let (line, bit) = line_of(p, dir);
            self.lines[side.index()][dir][line] &= !(1 << bit);
        }
        // Play stops at the first six, so the stone taken back made it.
        self.winner = None;
    }

    /// Whether `side` has six or more in a row anywhere, from the masks.
    pub fn has_six_anywhere(&self, side: Side) -> bool {
        (0..DIRECTIONS).any(|d| {
            self.lines[side.index()][d][..lines_in(d)]
                .iter()
                .any(|&m| has_six(m))
        })
    }

    /// A board of any stones (0, 1, 2 a point), masks and key from
    /// scratch, without the turn order's check: the side to move follows
    /// from the count, the winner is whoever has six in a row. For
    /// analysis and tests; [`Playable::parse_position`] checks.
    pub fn from_cells(cells: &[u8; POINTS]) -> Board {
        let mut b = Board::empty();
        for (p, &c) in cells.iter().enumerate() {
            if c == 0 {
                continue;
            }
            let side = if c == 1 { Side::First } else { Side::Second };
            b.cells[p] = c;
            b.key ^= zobrist(side, p);
            b.stones += 1;
            for dir in 0..DIRECTIONS {
                let (line, bit) = line_of(p as Point, dir);
                b.lines[side.index()][dir][line] |= 1 << bit;
            }
        }
        b.winner = Side::BOTH.into_iter().find(|&s| b.has_six_anywhere(s));
        b
    }

    /// The same position built again from its points alone: what the
    /// incremental state must always equal.
    pub fn rebuilt(&self) -> Board {
        Board::from_cells(&self.cells)
    }
}

/// `J10` for the point in column J, row 10 from the top.
pub fn format_point(p: Point) -> String {
    let (r, c) = (p as usize / SIZE, p as usize % SIZE);
    format!("{}{}", LETTERS[c] as char, r + 1)
}

/// Reads a point (`J10`, `j10`).
pub fn parse_point(text: &str) -> Result<Point, MoveError> {
    let t = text.trim();
    let bad = || {
        // A long text is named by its start: an error never echoes a whole input.
        let shown: String = t.chars().take(12).collect();
        let more = if shown.len() < t.len() { "…" } else { "" };
        MoveError(format!(
            "'{shown}{more}' is not a point: a column A to S and a row 1 to 19 (J10 is the centre)"
        ))
    };
    let mut chars = t.chars();
    let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
    let c = LETTERS
        .iter()
        .position(|&l| l as char == letter)
        .ok_or_else(bad)?;
    let digits = chars.as_str();
    if digits.is_empty()
        || digits.len() > 2
        || digits.starts_with('0')
        || !digits.bytes().all(|d| d.is_ascii_digit())
    {
        return Err(bad());
    }
    let r: usize = digits.parse().map_err(|_| bad())?;
    if !(1..=SIZE).contains(&r) {
        return Err(bad());
    }
    Ok(((r - 1) * SIZE + c) as Point)
}

impl Game for Board {
    type Move = Point;
    const NAME: &'static str = "connect6";

    fn start() -> Self {
        Board::empty()
    }

    fn to_move(&self) -> Side {
        placer(self.stones())
    }

    fn legal_moves(&self, out: &mut Vec<Point>) {
        out.clear();
        if self.outcome().is_none() {
            out.extend((0..POINTS as Point).filter(|&p| self.cells[p as usize] == 0));
        }
    }

    fn play(&mut self, m: Point) {
        self.place(m);
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.winner {
            Some(s) => Some(Outcome::Win(s)),
            None if self.stones() == POINTS => Some(Outcome::Draw),
            None => None,
        }
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn format_move(m: Point) -> String {
        format_point(m)
    }

    fn parse_move(text: &str) -> Result<Point, MoveError> {
        parse_point(text)
    }

    fn is_legal(&self, m: Point) -> bool {
        (m as usize) < POINTS && self.cells[m as usize] == 0 && self.outcome().is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng_from_seed;
    use crate::plugin::Playable;
    use rand::seq::IndexedRandom;

    fn p(s: &str) -> Point {
        parse_point(s).unwrap()
    }

    /// The board after a record, each stone checked.
    pub(crate) fn after(record: &str) -> Board {
        let mut b = Board::start();
        for m in Board::parse_transcript(record).unwrap() {
            b.try_play(m).unwrap();
        }
        b
    }

    /// A record of Black's stones `black` and White's `white` in the turn
    /// order, up to Black's last stone (White's list must be long enough).
    fn turns(black: &[&str], white: &[&str]) -> String {
        let (mut bi, mut wi) = (0, 0);
        let mut out = Vec::new();
        while bi < black.len() {
            if placer(out.len()) == Side::First {
                out.push(black[bi]);
                bi += 1;
            } else {
                out.push(white[wi]);
                wi += 1;
            }
        }
        out.join(" ")
    }

    #[test]
    fn the_turn_order_is_one_then_two_each() {
        let order: Vec<Side> = (0..9).map(placer).collect();
        use Side::{First as B, Second as W};
        assert_eq!(order, vec![B, W, W, B, B, W, W, B, B]);
        let mut b = Board::start();
        assert_eq!((b.to_move(), b.stones_left()), (B, 1));
        b.play(CENTRE);
        assert_eq!((b.to_move(), b.stones_left()), (W, 2));
        b.play(p("A1"));
        assert_eq!((b.to_move(), b.stones_left()), (W, 1));
        b.play(p("A2"));
        assert_eq!((b.to_move(), b.stones_left()), (B, 2));
    }

    /// Six in a row wins in every direction, at the edges, as an overline,
    /// and with the first stone of a pair; five do not.
    #[test]
    fn six_or_more_in_a_row_win_in_every_direction() {
        // White answers far away, on rows 17 to 19, never near a line.
        let white = [
            "A19", "C19", "E19", "G19", "L19", "N19", "P19", "R19", "A17", "C17", "E17", "G17",
        ];
        let cases: [(&[&str], &str); 8] = [
            // Across, in the middle.
            (&["F10", "G10", "H10", "I10", "J10", "K10"], "across"),
            // Down, along the left edge.
            (&["A1", "A2", "A3", "A4", "A5", "A6"], "down at the edge"),
            // Down-right, from the corner.
            (
                &["A1", "B2", "C3", "D4", "E5", "F6"],
                "diagonal from the corner",
            ),
            // Down-left, ending at the bottom-left region.
            (
                &["S1", "R2", "Q3", "P4", "O5", "N6"],
                "anti-diagonal from the corner",
            ),
            // Across at the right edge.
            (&["N5", "O5", "P5", "Q5", "R5", "S5"], "across at the edge"),
            // Down-right on a short diagonal.
            (
                &["N1", "O2", "P3", "Q4", "R5", "S6"],
                "a diagonal of six points",
            ),
            // Down-left in the middle.
            (&["M10", "L11", "K12", "J13", "I14", "H15"], "anti-diagonal"),
            // Down in the middle, the last stone filling a gap.
            (&["J3", "J4", "J5", "J7", "J8", "J6"], "a gap filled"),
        ];
        for (black, what) in cases {
            let record = turns(black, &white);
            let b = after(&record);
            assert_eq!(
                b.outcome(),
                Some(Outcome::Win(Side::First)),
                "{what}: {record}"
            );
            // One stone fewer is no win.
            let mut stones = Board::parse_transcript(&record).unwrap();
            let last = stones.pop().unwrap();
            let mut before = Board::start();
            for m in &stones {
                before.play(*m);
            }
            assert_eq!(before.outcome(), None, "{what}");
            let mut moves = Vec::new();
            b.legal_moves(&mut moves);
            assert!(moves.is_empty(), "{what}");
            before.play(last);
            assert_eq!(before, b, "{what}");
        }
        // An overline: seven in a row, the gap in the middle filled last.
        let b = after(&turns(
            &["A10", "B10", "C10", "E10", "F10", "G10", "D10"],
            &white,
        ));
        assert_eq!(b.outcome(), Some(Outcome::Win(Side::First)));
        // Five are not enough, and stones across a row's end do not join:
        // S1 and A2 are neighbours in the point numbering only.
        let b = after(&turns(&["P1", "Q1", "R1", "S1", "A2", "B2"], &white));
        assert_eq!(b.outcome(), None);
    }

    #[test]
    fn the_first_stone_of_a_pair_wins_at_once() {
        // Black has J5..J9 after its turns; its next turn's first stone J10
        // makes six, and the game ends before the second stone.
        let record = turns(
            &["J5", "J6", "J7", "J8", "J9", "J10"],
            &["A19", "C19", "E19", "G19", "L19", "N19"],
        );
        let mut stones = Board::parse_transcript(&record).unwrap();
        let last = stones.pop().unwrap();
        let mut b = Board::start();
        for m in &stones {
            b.play(*m);
        }
        assert_eq!(b.stones_left(), 2, "J10 is the first of Black's pair");
        b.play(last);
        assert_eq!(b.outcome(), Some(Outcome::Win(Side::First)));
        assert!(b.clone().try_play(p("K10")).is_err());
    }

    #[test]
    fn white_wins_too_and_a_full_board_is_a_draw() {
        // White's six on row 3, made by the second stone of its third pair.
        let b = after("J10 A3 B3 J12 J14 C3 D3 J16 L10 E3 F3");
        assert_eq!(b.outcome(), Some(Outcome::Win(Side::Second)));
        // A full board without six: columns in runs of three of one colour,
        // the colours shifted by a row so that no line holds six.
        let mut cells = [0u8; POINTS];
        for (i, c) in cells.iter_mut().enumerate() {
            let (r, col) = (i / SIZE, i % SIZE);
            *c = 1 + ((col / 2 + r) % 2) as u8;
        }
        let full = Board::from_cells(&cells);
        assert!(!full.has_six_anywhere(Side::First) && !full.has_six_anywhere(Side::Second));
        assert_eq!(full.stones(), POINTS);
        assert_eq!(full.outcome(), Some(Outcome::Draw));
    }

    #[test]
    fn notation_round_trips() {
        for q in 0..POINTS as Point {
            assert_eq!(parse_point(&format_point(q)).unwrap(), q);
        }
        assert_eq!(format_point(CENTRE), "J10");
        assert_eq!(format_point(0), "A1");
        assert_eq!(format_point(POINTS as Point - 1), "S19");
        assert_eq!(p("j10"), CENTRE);
        assert_eq!(p("I1"), 8);
        for bad in [
            "", "J", "J0", "J01", "J20", "T1", "J010", "J+1", "10", "J1 0", "Ж1", "J١",
        ] {
            assert!(parse_point(bad).is_err(), "{bad:?}");
        }
        let record = "J10; K11 K9; H10 L10; A1";
        let moves = Board::parse_transcript(record).unwrap();
        assert_eq!(Board::transcript(&moves), record);
        // Any separators, the stones in order.
        assert_eq!(
            Board::parse_transcript("j10,k11 k9;h10   l10 a1").unwrap(),
            moves
        );
        let e = Board::parse_transcript("J10; K11 Z9").unwrap_err().0;
        assert!(e.starts_with("move 3: 'Z9' is not a point"), "{e}");
        // A long bad stone is named by its start only.
        let long = "J".repeat(100_000);
        let e = parse_point(&long).unwrap_err().0;
        assert!(
            e.starts_with("'JJJJJJJJJJJJ…' is not a point"),
            "{}",
            &e[..40]
        );
        assert!(e.len() < 120);
        // A position's text.
        let b = after(record);
        let text = b.position_text();
        assert_eq!(text.len(), POINTS + SIZE - 1);
        assert_eq!(Board::parse_position(&text).unwrap(), b);
        assert!(
            Board::parse_position(&text.replacen('.', "B", 1)).is_err(),
            "too many black stones"
        );
        assert!(Board::parse_position(&text[1..]).is_err());
        assert!(Board::parse_position(&text.replacen('.', "x", 1)).is_err());
    }

    /// Random games: after every stone the incremental state equals the
    /// board built from its points alone, and undoing every stone in turn
    /// gives back each earlier board exactly.
    #[test]
    fn undo_restores_the_incremental_state_exactly() {
        let mut moves = Vec::new();
        for seed in 0..30 {
            let mut rng = rng_from_seed(seed);
            let mut b = Board::start();
            let mut history = vec![b.clone()];
            let mut played = Vec::new();
            while !b.is_over() {
                b.legal_moves(&mut moves);
                // Near the stones, so that games end with sixes, not full boards.
                let near: Vec<Point> = moves
                    .iter()
                    .copied()
                    .filter(|&m| {
                        played.is_empty()
                            || played.iter().any(|&q: &Point| {
                                let (a, c) = (m as i32, q as i32);
                                (a / 19 - c / 19).abs() <= 2 && (a % 19 - c % 19).abs() <= 2
                            })
                    })
                    .collect();
                let m = *near.choose(&mut rng).unwrap_or(&moves[0]);
                b.play(m);
                played.push(m);
                assert_eq!(b, b.rebuilt(), "seed {seed}: after {}", format_point(m));
                history.push(b.clone());
            }
            assert!(b.outcome().is_some());
            while let Some(m) = played.pop() {
                history.pop();
                b.undo(m);
                assert_eq!(
                    &b,
                    history.last().unwrap(),
                    "seed {seed}: undo {}",
                    format_point(m)
                );
            }
            assert_eq!(b, Board::start());
        }
    }

    #[test]
    fn lines_cover_every_point_once_per_direction() {
        for dir in 0..DIRECTIONS {
            let mut seen = [false; POINTS];
            for line in 0..lines_in(dir) {
                let (lo, hi) = line_span(dir, line);
                for bit in lo..=hi {
                    let q = point_at(dir, line, bit);
                    assert_eq!(line_of(q, dir), (line, bit));
                    assert!(!seen[q as usize]);
                    seen[q as usize] = true;
                }
            }
            assert!(seen.iter().all(|s| *s), "direction {dir}");
        }
    }
}
