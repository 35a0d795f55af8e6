//! The Connect Four position: two 64-bit words and a move counter.
//!
//! # The bitboard
//! The 7 × 6 board is stored column by column, seven bits per column: six
//! bits for the six cells from the bottom up, and one guard bit above the top
//! cell that is always 0 in a position. Bit `7 * col + row` is the cell of
//! column `col` (0 = leftmost) and row `row` (0 = bottom):
//!
//! ```text
//!   .  .  .  .  .  .  .     guard bits:  6 13 20 27 34 41 48
//!   5 12 19 26 33 40 47     top row
//!   4 11 18 25 32 39 46
//!   3 10 17 24 31 38 45
//!   2  9 16 23 30 37 44
//!   1  8 15 22 29 36 43
//!   0  7 14 21 28 35 42     bottom row
//! ```
//!
//! A position is two such bitboards and a counter:
//! * `mask`: every occupied cell;
//! * `current`: the cells of the side to move (so the opponent's cells are
//!   `current ^ mask`, and playing a move is `current ^= mask; mask |= cell`:
//!   the roles swap);
//! * `moves`: the number of discs on the board.
//!
//! The guard bit makes shifts safe: an alignment test shifts a bitboard by 1
//! (vertical), 7 (horizontal), 6 and 8 (the two diagonals); a run that would
//! wrap from the top of a column to the bottom of the next one crosses an
//! empty guard bit and is broken there.
//!
//! The cell where a disc dropped in a column lands is the lowest empty cell:
//! `(mask + BOTTOM) & column_mask(col)` — adding the bottom bit of a column
//! carries through its occupied cells.
//!
//! # Key
//! [`Position::key`] is `current + mask + BOTTOM`: per column, the bits of the
//! side to move's discs below a single 1 just above the column's top disc. It
//! is unique for a position (the side to move follows from the disc count),
//! fits in 49 bits, and is the same whatever the order of the moves that led
//! there. [`Position::mirror_key`] is the key of the left-right mirror image;
//! [`Position::symmetric_key`] the smaller of the two.
//!
//! # Playing
//! [`Game::play`] plays a move known to be legal; [`Game::try_play`] checks
//! it first (the column exists, is not full, the game is not over).
//! [`Position::from_moves`] reads a position as the columns played from the
//! empty board, 1-based (`"4453"`), checking every move.

use crate::game::{Game, MoveError, Outcome, Side};

/// Number of columns.
pub const WIDTH: usize = 7;
/// Number of rows.
pub const HEIGHT: usize = 6;
/// Number of cells, and the most moves a game can last.
pub const CELLS: usize = WIDTH * HEIGHT;
/// Bits per column: the rows plus a guard bit.
pub(crate) const STRIDE: usize = HEIGHT + 1;

/// The bottom cell of every column.
pub const BOTTOM: u64 = bottom_mask();
/// Every cell of the board (no guard bits).
pub const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

/// The lowest score a position can have: the opponent wins with its fourth
/// disc. An exact score is `22 - s` when the side to move wins with its
/// `s`-th disc (a win with the fourth disc scores 18), the opposite when it
/// loses to the opponent's `s`-th disc, and 0 for a draw.
pub const MIN_SCORE: i32 = -(CELLS as i32) / 2 + 3;
/// The highest score: the side to move wins with its fourth disc.
pub const MAX_SCORE: i32 = (CELLS as i32 + 1) / 2 - 3;

const fn bottom_mask() -> u64 {
    let mut m = 0;
    let mut c = 0;
    while c < WIDTH {
        m |= 1 << (c * STRIDE);
        c += 1;
    }
    m
}

/// The six cells of column `col` (0-based).
#[inline(always)]
pub const fn column_mask(col: usize) -> u64 {
    ((1 << HEIGHT) - 1) << (col * STRIDE)
}

/// The bottom cell of column `col`.
#[inline(always)]
const fn bottom_cell(col: usize) -> u64 {
    1 << (col * STRIDE)
}

/// The top cell of column `col`.
#[inline(always)]
const fn top_cell(col: usize) -> u64 {
    1 << (HEIGHT - 1 + col * STRIDE)
}

/// Whether the cells of `discs` hold four in a row in any direction.
#[inline]
pub fn has_four(discs: u64) -> bool {
    // For each direction (shift s), a cell of `pairs` starts two discs in a
    // row; two pairs s·2 apart make four.
    for s in [1, STRIDE, STRIDE - 1, STRIDE + 1] {
        let pairs = discs & (discs >> s);
        if pairs & (pairs >> (2 * s)) != 0 {
            return true;
        }
    }
    false
}

/// The empty cells that would complete four in a row for the owner of
/// `discs`, given the occupied cells `mask` (whether the cells are playable
/// now or not).
#[inline(always)]
pub fn winning_cells(discs: u64, mask: u64) -> u64 {
    // Vertical: three discs right below.
    let mut r = (discs << 1) & (discs << 2) & (discs << 3);
    // The three other directions: the cell is the end or an inner cell of a
    // line of four. For a shift s, `a` marks cells with discs at −s and −2s,
    // `b` cells with discs at +s and +2s.
    for s in [STRIDE, STRIDE - 1, STRIDE + 1] {
        let a = (discs << s) & (discs << (2 * s));
        r |= a & (discs << (3 * s)); // x x x _
        r |= a & (discs >> s); //        x x _ x
        let b = (discs >> s) & (discs >> (2 * s));
        r |= b & (discs << s); //        x _ x x
        r |= b & (discs >> (3 * s)); //  _ x x x
    }
    r & (BOARD ^ mask)
}

/// The left-right mirror image of a bitboard (or of a key: any value whose
/// seven-bit column fields are to be reversed).
#[inline]
pub fn mirror_bits(b: u64) -> u64 {
    let field = (1u64 << STRIDE) - 1;
    let mut r = 0;
    for col in 0..WIDTH {
        r |= ((b >> (col * STRIDE)) & field) << ((WIDTH - 1 - col) * STRIDE);
    }
    r
}

/// A Connect Four position: see the [module documentation](self) for the
/// bitboard. `Side::First` moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Position {
    current: u64,
    mask: u64,
    moves: u32,
}

impl Position {
    /// The empty board.
    pub const fn new() -> Position {
        Position {
            current: 0,
            mask: 0,
            moves: 0,
        }
    }

    /// A position from the columns played from the empty board, 1-based, as
    /// in `"4453"` (no separators). Every move is checked: the error names the
    /// offending character and its place. A string whose last move wins is a
    /// finished position, not an error; a move after it is.
    pub fn from_moves(moves: &str) -> Result<Position, MoveError> {
        let mut p = Position::new();
        for (i, ch) in moves.chars().enumerate() {
            let n = i + 1;
            let col = match ch.to_digit(10) {
                Some(d @ 1..=7) => d as usize - 1,
                Some(d) => {
                    return Err(MoveError(format!(
                        "move {n} ('{ch}'): column {d} is out of range; columns are 1 to 7"
                    )))
                }
                None => {
                    return Err(MoveError(format!(
                        "move {n} ('{ch}') is not a column; expected a digit 1 to 7"
                    )))
                }
            };
            if let Some(outcome) = p.outcome() {
                let why = match outcome {
                    Outcome::Win(Side::First) => "the first player has four in a row",
                    Outcome::Win(Side::Second) => "the second player has four in a row",
                    Outcome::Draw => "the board is full",
                };
                return Err(MoveError(format!(
                    "move {n} ('{ch}'): the game is already over ({why})"
                )));
            }
            if !p.can_play(col) {
                return Err(MoveError(format!(
                    "move {n} ('{ch}'): column {} is full",
                    col + 1
                )));
            }
            p.play_col(col);
        }
        Ok(p)
    }

    /// Whether `bits` (the cells of the side to move, `mask` occupied cells)
    /// describe a reachable-looking position: discs only on the board, no
    /// floating disc, counts that fit the side to move. Used by
    /// [`Position::from_bits`].
    fn consistent(current: u64, mask: u64) -> bool {
        if mask & !BOARD != 0 || current & !mask != 0 {
            return false;
        }
        // Each column is a run of cells from the bottom: adding the bottom
        // bit must carry into a single bit.
        let tops = mask + BOTTOM;
        if (tops & !mask).count_ones() != WIDTH as u32 || tops & mask != 0 {
            return false;
        }
        let n = mask.count_ones();
        let own = current.count_ones();
        // The side to move has played half the discs, rounded down.
        own == n / 2
    }

    /// A position from its raw bitboards (see the module documentation):
    /// `current` the side to move's discs, `mask` every disc. Fails if the
    /// discs float, lie off the board, or their counts do not fit.
    pub fn from_bits(current: u64, mask: u64) -> Result<Position, MoveError> {
        if !Position::consistent(current, mask) {
            return Err(MoveError(
                "these bitboards are not a Connect Four position".into(),
            ));
        }
        Ok(Position {
            current,
            mask,
            moves: mask.count_ones(),
        })
    }

    /// The side to move's discs.
    #[inline(always)]
    pub fn current(&self) -> u64 {
        self.current
    }

    /// Every disc on the board.
    #[inline(always)]
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// The number of discs on the board (moves played).
    #[inline(always)]
    pub fn moves_played(&self) -> u32 {
        self.moves
    }

    /// The discs of `side`.
    pub fn discs(&self, side: Side) -> u64 {
        if side == self.side_to_move() {
            self.current
        } else {
            self.current ^ self.mask
        }
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        if self.moves % 2 == 0 {
            Side::First
        } else {
            Side::Second
        }
    }

    /// Whether column `col` (0-based) exists and is not full. (Says nothing
    /// of the game being over.)
    #[inline]
    pub fn can_play(&self, col: usize) -> bool {
        col < WIDTH && self.mask & top_cell(col) == 0
    }

    /// Plays column `col` for the side to move. The column must be playable.
    #[inline]
    pub fn play_col(&mut self, col: usize) {
        debug_assert!(self.can_play(col), "column {} is full", col + 1);
        self.play_cell((self.mask + bottom_cell(col)) & column_mask(col));
    }

    /// Plays the move whose landing cell is `cell` (a single bit from
    /// [`Position::possible`]).
    #[inline(always)]
    pub fn play_cell(&mut self, cell: u64) {
        self.current ^= self.mask;
        self.mask |= cell;
        self.moves += 1;
    }

    /// The landing cells of every column that is not full: one bit per
    /// playable column.
    #[inline(always)]
    pub fn possible(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    /// The empty cells that would complete four for the side to move.
    #[inline(always)]
    pub fn winning_cells(&self) -> u64 {
        winning_cells(self.current, self.mask)
    }

    /// The empty cells that would complete four for the opponent.
    #[inline(always)]
    pub fn opponent_winning_cells(&self) -> u64 {
        winning_cells(self.current ^ self.mask, self.mask)
    }

    /// Whether the side to move can win at once.
    #[inline(always)]
    pub fn can_win_next(&self) -> bool {
        self.winning_cells() & self.possible() != 0
    }

    /// Whether playing column `col` (which must be playable) wins at once.
    #[inline]
    pub fn is_winning_move(&self, col: usize) -> bool {
        self.winning_cells() & self.possible() & column_mask(col) != 0
    }

    /// The landing cells of the moves that do not lose at once, assuming the
    /// side to move cannot win at once: if the opponent threatens to win in
    /// two places, none (0); if in one, that blocking cell, unless playing it
    /// lets the opponent win on top of it; otherwise every move that does not
    /// play right below an opponent's winning cell.
    #[inline(always)]
    pub fn possible_non_losing_moves(&self) -> u64 {
        debug_assert!(!self.can_win_next());
        let mut possible = self.possible();
        let threats = self.opponent_winning_cells();
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }

    /// How good a move looks for ordering: the number of winning cells the
    /// side to move has after playing `cell`.
    #[inline(always)]
    pub fn move_score(&self, cell: u64) -> u32 {
        winning_cells(self.current | cell, self.mask).count_ones()
    }

    /// The position's unique key (see the module documentation); < 2^49.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.current + self.mask + BOTTOM
    }

    /// The key of the left-right mirror image.
    #[inline]
    pub fn mirror_key(&self) -> u64 {
        mirror_bits(self.key())
    }

    /// The smaller of [`Position::key`] and [`Position::mirror_key`]: equal
    /// for a position and its mirror image.
    #[inline]
    pub fn symmetric_key(&self) -> u64 {
        self.key().min(self.mirror_key())
    }

    /// The left-right mirror image.
    pub fn mirror(&self) -> Position {
        Position {
            current: mirror_bits(self.current),
            mask: mirror_bits(self.mask),
            moves: self.moves,
        }
    }

    /// The side that has four in a row, if any. Only the player who moved
    /// last can have one (in a position reached by legal moves).
    pub fn winner(&self) -> Option<Side> {
        if has_four(self.current ^ self.mask) {
            Some(self.side_to_move().other())
        } else if has_four(self.current) {
            Some(self.side_to_move())
        } else {
            None
        }
    }

    /// The board as cells, row-major from the top-left: index `row * 7 +
    /// col` with row 0 the top row; 0 empty, 1 the first player's disc, 2
    /// the second player's.
    pub fn cells(&self) -> [u8; CELLS] {
        let first = self.discs(Side::First);
        let mut out = [0u8; CELLS];
        for (i, cell) in out.iter_mut().enumerate() {
            let bit = 1u64 << cell_bit(i);
            if self.mask & bit != 0 {
                *cell = if first & bit != 0 { 1 } else { 2 };
            }
        }
        out
    }

    /// The cell (row-major from the top, as in [`Position::cells`]) where a
    /// disc dropped in column `col` (0-based) lands; `None` if the column is
    /// full or does not exist.
    pub fn drop_cell(&self, col: usize) -> Option<usize> {
        if !self.can_play(col) {
            return None;
        }
        let height = (self.mask & column_mask(col)).count_ones() as usize;
        Some((HEIGHT - 1 - height) * WIDTH + col)
    }

    /// The number of discs in column `col`.
    pub fn height(&self, col: usize) -> usize {
        (self.mask & column_mask(col)).count_ones() as usize
    }
}

/// The bit of the cell at row-major index `i` from the top-left.
#[inline]
fn cell_bit(i: usize) -> usize {
    let (row, col) = (i / WIDTH, i % WIDTH);
    col * STRIDE + (HEIGHT - 1 - row)
}

/// Reads a move sequence of 1-based columns (`"4453"`) from the empty board,
/// checking each move as [`Position::from_moves`] does; returns the 0-based
/// columns.
pub fn parse_moves(text: &str) -> Result<Vec<u8>, MoveError> {
    Position::from_moves(text)?;
    Ok(text.bytes().map(|b| b - b'1').collect())
}

/// Writes 0-based columns as a move string of 1-based columns (`"4453"`).
pub fn format_moves(moves: &[u8]) -> String {
    moves.iter().map(|&c| char::from(b'1' + c)).collect()
}

impl Game for Position {
    type Move = u8;
    const NAME: &'static str = "connect4";

    fn start() -> Self {
        Position::new()
    }

    #[inline]
    fn to_move(&self) -> Side {
        self.side_to_move()
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.is_over() {
            return;
        }
        out.extend((0..WIDTH as u8).filter(|&c| self.can_play(c as usize)));
    }

    #[inline]
    fn play(&mut self, m: u8) {
        self.play_col(m as usize);
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(side) = self.winner() {
            Some(Outcome::Win(side))
        } else if self.moves as usize == CELLS {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn key(&self) -> u64 {
        Position::key(self)
    }

    fn format_move(m: u8) -> String {
        (m + 1).to_string()
    }

    fn parse_move(text: &str) -> Result<u8, MoveError> {
        let t = text.trim();
        match t.parse::<u8>() {
            Ok(c @ 1..=7) => Ok(c - 1),
            _ => Err(MoveError(format!(
                "'{t}' is not a column; expected a number 1 to 7"
            ))),
        }
    }

    fn is_legal(&self, m: u8) -> bool {
        self.can_play(m as usize) && !self.is_over()
    }

    fn try_play(&mut self, m: u8) -> Result<(), MoveError> {
        if m as usize >= WIDTH {
            return Err(MoveError(format!(
                "column {} does not exist; columns are 1 to 7",
                u32::from(m) + 1
            )));
        }
        if self.is_over() {
            return Err(MoveError(format!(
                "the game is over; column {} cannot be played",
                m + 1
            )));
        }
        if !self.can_play(m as usize) {
            return Err(MoveError(format!("column {} is full", m + 1)));
        }
        self.play(m);
        Ok(())
    }
}
