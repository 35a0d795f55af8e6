//! Othello's rules: the board, its moves and its end (the `Game` trait),
//! move transcripts (`f5d6c3d3…`, passes omitted as is usual) and perft.

use crate::game::{Game, MoveError, Outcome, Side};

use super::movegen;
use super::notation::{parse_square, square_name};

/// The pass move.
pub const PASS: u8 = 64;

/// The legal placements for the player owning `own` against `opp`.
#[inline]
pub fn moves_mask(own: u64, opp: u64) -> u64 {
    movegen::moves(own, opp)
}

/// The discs flipped when the owner of `own` places on `sq` (0 if none, which
/// means the placement is illegal).
#[inline]
pub fn flips_mask(own: u64, opp: u64, sq: u8) -> u64 {
    if sq >= 64 || (own | opp) & (1u64 << sq) != 0 {
        return 0;
    }
    movegen::flips(own, opp, u32::from(sq))
}

/// An Othello position: the discs of each colour and the side to move.
/// `Side::First` is black, who moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    black: u64,
    white: u64,
    side: Side,
}

impl Default for Board {
    fn default() -> Self {
        Board::start()
    }
}

impl Board {
    /// The standard start: d4 and e5 white, d5 and e4 black, black to move.
    pub fn start() -> Board {
        // d4 = 27, e4 = 28, d5 = 35, e5 = 36.
        Board {
            black: (1 << 28) | (1 << 35),
            white: (1 << 27) | (1 << 36),
            side: Side::First,
        }
    }

    /// A position from its discs. Fails if a square holds both colours.
    pub fn from_discs(black: u64, white: u64, side: Side) -> Result<Board, MoveError> {
        if black & white != 0 {
            return Err(MoveError(
                "a square cannot hold a black and a white disc".into(),
            ));
        }
        Ok(Board { black, white, side })
    }

    pub fn black(&self) -> u64 {
        self.black
    }

    pub fn white(&self) -> u64 {
        self.white
    }

    /// The side to move.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The discs of `side`.
    #[inline]
    pub fn discs(&self, side: Side) -> u64 {
        match side {
            Side::First => self.black,
            Side::Second => self.white,
        }
    }

    /// The mover's discs.
    #[inline]
    pub fn own(&self) -> u64 {
        self.discs(self.side)
    }

    /// The opponent's discs.
    #[inline]
    pub fn opp(&self) -> u64 {
        self.discs(self.side.other())
    }

    /// Occupied squares.
    pub fn occupied(&self) -> u64 {
        self.black | self.white
    }

    /// Number of discs of `side`.
    pub fn count(&self, side: Side) -> u32 {
        self.discs(side).count_ones()
    }

    /// Number of empty squares.
    pub fn empties(&self) -> u32 {
        64 - self.occupied().count_ones()
    }

    /// Legal placements of the side to move (0 when it must pass or the game
    /// is over).
    #[inline]
    pub fn legal_mask(&self) -> u64 {
        moves_mask(self.own(), self.opp())
    }

    /// The discs flipped if the side to move places on `sq`; 0 if that
    /// placement is illegal (or `sq` is not a square).
    #[inline]
    pub fn flips(&self, sq: u8) -> u64 {
        if sq >= 64 {
            return 0;
        }
        flips_mask(self.own(), self.opp(), sq)
    }

    /// Whether the side to move must pass: it has no placement and the
    /// opponent has one.
    pub fn must_pass(&self) -> bool {
        self.legal_mask() == 0 && moves_mask(self.opp(), self.own()) != 0
    }

    /// Places a disc for the side to move, given its flips (from [`Board::flips`]).
    #[inline]
    pub fn place(&mut self, sq: u8, flips: u64) {
        let bit = 1u64 << sq;
        match self.side {
            Side::First => {
                self.black |= bit | flips;
                self.white &= !flips;
            }
            Side::Second => {
                self.white |= bit | flips;
                self.black &= !flips;
            }
        }
        self.side = self.side.other();
    }

    /// The position after a pass.
    #[inline]
    pub fn pass(&mut self) {
        self.side = self.side.other();
    }

    /// Disc difference black minus white, with the empty squares given to the
    /// winner (the usual final-score convention of Othello tournaments).
    pub fn final_margin(&self) -> i32 {
        let b = self.count(Side::First) as i32;
        let w = self.count(Side::Second) as i32;
        let e = self.empties() as i32;
        match b.cmp(&w) {
            std::cmp::Ordering::Greater => b - w + e,
            std::cmp::Ordering::Less => b - w - e,
            std::cmp::Ordering::Equal => 0,
        }
    }

    /// Reads a position in the 64-character + side form of the FFO files:
    /// `X` black, `O` white, `-` (or `.`) empty, a1..h8 row-major, then the
    /// side to move (`X` or `O`), separated by white space. Anything after the
    /// side is ignored.
    pub fn parse(text: &str) -> Result<Board, MoveError> {
        let mut parts = text.split_whitespace();
        let cells = parts
            .next()
            .ok_or_else(|| MoveError("empty position".into()))?;
        if cells.chars().count() != 64 {
            return Err(MoveError(format!(
                "a position has 64 squares; this one has {}",
                cells.chars().count()
            )));
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (i, c) in cells.chars().enumerate() {
            match c {
                'X' | 'x' | '*' => black |= 1 << i,
                'O' | 'o' => white |= 1 << i,
                '-' | '.' => {}
                other => {
                    return Err(MoveError(format!(
                        "square {} holds '{other}'; expected X, O or -",
                        square_name(i as u8)
                    )))
                }
            }
        }
        let side = match parts.next() {
            Some("X") | Some("x") | Some("*") => Side::First,
            Some("O") | Some("o") => Side::Second,
            Some(other) => {
                return Err(MoveError(format!(
                    "the side to move is '{other}'; expected X or O"
                )))
            }
            None => return Err(MoveError("the side to move (X or O) is missing".into())),
        };
        Board::from_discs(black, white, side)
    }

    /// The position in the form [`Board::parse`] reads.
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity(66);
        for i in 0..64 {
            let bit = 1u64 << i;
            s.push(if self.black & bit != 0 {
                'X'
            } else if self.white & bit != 0 {
                'O'
            } else {
                '-'
            });
        }
        s.push(' ');
        s.push(if self.side == Side::First { 'X' } else { 'O' });
        s
    }
}

impl Game for Board {
    type Move = u8;
    const NAME: &'static str = "othello";

    fn start() -> Self {
        Board::start()
    }

    fn to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        let mut mask = self.legal_mask();
        if mask == 0 {
            if moves_mask(self.opp(), self.own()) != 0 {
                out.push(PASS);
            }
            return;
        }
        while mask != 0 {
            out.push(mask.trailing_zeros() as u8);
            mask &= mask - 1;
        }
    }

    #[inline]
    fn play(&mut self, m: u8) {
        if m == PASS {
            debug_assert!(self.must_pass(), "pass played with a placement available");
            self.pass();
        } else {
            let flips = self.flips(m);
            debug_assert!(flips != 0, "illegal placement {}", square_name(m));
            self.place(m, flips);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.legal_mask() != 0 || moves_mask(self.opp(), self.own()) != 0 {
            return None;
        }
        let b = self.count(Side::First);
        let w = self.count(Side::Second);
        Some(match b.cmp(&w) {
            std::cmp::Ordering::Greater => Outcome::Win(Side::First),
            std::cmp::Ordering::Less => Outcome::Win(Side::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    fn key(&self) -> u64 {
        // A strong 64-bit mix of the two bitboards and the side.
        let mut h = self.black.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ self
                .white
                .rotate_left(29)
                .wrapping_mul(0xbf58_476d_1ce4_e5b9);
        if self.side == Side::Second {
            h ^= 0x94d0_49bb_1331_11eb;
        }
        h ^= h >> 31;
        h = h.wrapping_mul(0xd6e8_feb8_6659_fd93);
        h ^ (h >> 32)
    }

    fn format_move(m: u8) -> String {
        if m == PASS {
            "pass".into()
        } else {
            square_name(m)
        }
    }

    fn parse_move(text: &str) -> Result<u8, MoveError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") || t == "--" || t.eq_ignore_ascii_case("ps") {
            return Ok(PASS);
        }
        parse_square(t)
    }

    fn is_legal(&self, m: u8) -> bool {
        if m == PASS {
            self.must_pass()
        } else {
            self.flips(m) != 0
        }
    }
}

/// Counts the move sequences of exactly `depth` plies from `board`, a forced
/// pass counting as a ply and a finished game having no continuation (the
/// "live" column of the perft data: the convention of OEIS A124004 and of
/// Edax's perft). Leaves are counted in bulk at depth 1.
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_discs(board.own(), board.opp(), depth)
}

/// [`perft`] on the mover's and the opponent's discs, `depth` ≥ 1.
fn perft_discs(own: u64, opp: u64, depth: u32) -> u64 {
    let mut mask = movegen::moves(own, opp);
    if mask == 0 {
        if movegen::moves(opp, own) == 0 {
            return 0;
        }
        return if depth == 1 {
            1
        } else {
            perft_discs(opp, own, depth - 1)
        };
    }
    if depth == 1 {
        return u64::from(mask.count_ones());
    }
    let mut total = 0;
    while mask != 0 {
        let sq = mask.trailing_zeros();
        mask &= mask - 1;
        let f = movegen::flips(own, opp, sq);
        total += perft_discs(opp ^ f, own ^ f ^ (1u64 << sq), depth - 1);
    }
    total
}

/// Reads a transcript played from the start position, like `f5d6c3d3c4`.
/// White space is allowed between moves; forced passes are inserted where
/// the side to move has no placement (an explicit `pass` or `--` is accepted
/// too). Every move is checked; the error names the first illegal one.
/// Returns the moves, passes included.
pub fn parse_transcript(text: &str) -> Result<Vec<u8>, MoveError> {
    let mut board = Board::start();
    let mut moves = Vec::new();
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut rest = compact.as_str();
    let mut index = 0;
    while !rest.is_empty() {
        index += 1;
        // `get` rather than slicing: a byte offset inside a multi-byte
        // character is not a token boundary (and must not panic).
        let (token, tail) = if rest
            .get(..4)
            .is_some_and(|t| t.eq_ignore_ascii_case("pass"))
        {
            rest.split_at(4)
        } else if rest.get(..2).is_some() {
            rest.split_at(2)
        } else {
            return Err(MoveError(format!("move {index}: '{rest}' is not a square")));
        };
        rest = tail;
        let m = Board::parse_move(token).map_err(|e| MoveError(format!("move {index}: {e}")))?;
        if m != PASS && board.must_pass() {
            moves.push(PASS);
            board.play(PASS);
        }
        board
            .try_play(m)
            .map_err(|e| MoveError(format!("move {index}: {e}")))?;
        moves.push(m);
    }
    Ok(moves)
}

/// Writes moves as a transcript, passes omitted.
pub fn format_transcript(moves: &[u8]) -> String {
    moves
        .iter()
        .filter(|&&m| m != PASS)
        .map(|&m| square_name(m))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_has_four_moves() {
        let b = Board::start();
        let mut moves = Vec::new();
        b.legal_moves(&mut moves);
        let names: Vec<String> = moves.iter().map(|&m| Board::format_move(m)).collect();
        assert_eq!(names, ["d3", "c4", "f5", "e6"]);
    }

    #[test]
    fn text_round_trip() {
        let b = Board::start();
        assert_eq!(Board::parse(&b.to_text()).unwrap(), b);
        assert_eq!(
            b.to_text(),
            "---------------------------OX------XO--------------------------- X"
        );
    }

    #[test]
    fn no_wrap_between_rows() {
        // Black on h1 and a2 with white between in the linear order only:
        // h1 (7) and a2 (8) are not neighbours along a row.
        let b = Board::from_discs(1 << 6, 1 << 7, Side::First).unwrap();
        // g1 black, h1 white: east of h1 is off-board; no move at a2.
        assert_eq!(b.legal_mask() & (1 << 8), 0);
    }

    #[test]
    fn transcript_round_trip() {
        let moves = parse_transcript("f5d6c3d3c4f4c5b3c2").unwrap();
        assert_eq!(moves.len(), 9);
        assert_eq!(format_transcript(&moves), "f5d6c3d3c4f4c5b3c2");
        let err = parse_transcript("f5f5").unwrap_err();
        assert!(err.0.contains("move 2"), "{}", err.0);
    }

    #[test]
    fn multi_byte_characters_are_errors_not_panics() {
        for text in ["ab€", "f5€", "€", "f5d€", "pa€s", "é5", "f5ñ6", "🂡🂡"] {
            let err = parse_transcript(text).unwrap_err();
            assert!(err.0.starts_with("move "), "{text}: {}", err.0);
        }
    }
}
