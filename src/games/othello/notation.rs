//! Othello notation: square names (`a1`..`h8`) and move transcripts
//! (`f5d6c3d3…`, passes omitted as is usual).

use super::{Board, PASS};
use crate::game::{Game, MoveError};

/// The name of a square, `a1` .. `h8`.
pub fn square_name(sq: u8) -> String {
    debug_assert!(sq < 64);
    let col = (b'a' + sq % 8) as char;
    let row = (b'1' + sq / 8) as char;
    format!("{col}{row}")
}

/// Reads a square name (`f5`, case-insensitive).
pub fn parse_square(text: &str) -> Result<u8, MoveError> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return Err(MoveError(format!(
            "'{text}' is not a square: expected a column a-h and a row 1-8, like f5"
        )));
    }
    let col = bytes[0].to_ascii_lowercase();
    let row = bytes[1];
    if !(b'a'..=b'h').contains(&col) || !(b'1'..=b'8').contains(&row) {
        return Err(MoveError(format!(
            "'{text}' is not a square: expected a column a-h and a row 1-8, like f5"
        )));
    }
    Ok((row - b'1') * 8 + (col - b'a'))
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
    fn squares() {
        assert_eq!(parse_square("a1").unwrap(), 0);
        assert_eq!(parse_square("H8").unwrap(), 63);
        assert_eq!(parse_square("f5").unwrap(), 37);
        assert_eq!(square_name(37), "f5");
        assert!(parse_square("i1").is_err());
        assert!(parse_square("a9").is_err());
        assert!(parse_square("a").is_err());
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
