//! Othello notation: square names (`a1`..`h8`); the move transcripts
//! (`f5d6c3d3…`) are read and written by [`super::rules`].

use crate::game::MoveError;

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
}
