//! What the page shows of an Othello position (`Playable`): the discs, the
//! counts, the records, the passes in words.

use super::{Board, PASS};
use crate::game::{Game, MoveError, Side};
use crate::plugin::Playable;

impl Playable for Board {
    const TITLE: &'static str = "Othello";
    const SIDE_NAMES: [&'static str; 2] = ["Black", "White"];
    const ROWS: u32 = 8;
    const COLS: u32 = 8;

    fn cells(&self, out: &mut Vec<u8>) {
        out.clear();
        let (black, white) = (self.black(), self.white());
        out.extend((0..64).map(|sq| {
            if black >> sq & 1 == 1 {
                1
            } else if white >> sq & 1 == 1 {
                2
            } else {
                0
            }
        }));
    }

    fn move_cells(&self, m: u8) -> (Option<u32>, Option<u32>) {
        (None, (m != PASS).then_some(u32::from(m)))
    }

    fn counts(&self) -> Option<[u32; 2]> {
        Some([self.count(Side::First), self.count(Side::Second)])
    }

    fn parse_position(text: &str) -> Result<Self, MoveError> {
        Board::parse(text)
    }

    fn position_text(&self) -> String {
        self.to_text()
    }

    fn parse_transcript(text: &str) -> Result<Vec<u8>, MoveError> {
        super::parse_transcript(text)
    }

    /// Squares only: a pass inside the record is implied by the next move
    /// (the reader inserts it); a pass that ends the record is written out,
    /// so the record reads back to the position after it.
    fn transcript(moves: &[u8]) -> String {
        let mut text = super::format_transcript(moves);
        if moves.last() == Some(&PASS) {
            text.push_str("pass");
        }
        text
    }

    fn move_notice(&self, m: u8) -> Option<String> {
        (m == PASS).then(|| {
            format!(
                "{} had no legal move and passed.",
                Self::SIDE_NAMES[self.to_move().index()]
            )
        })
    }

    fn position_notice(&self) -> Option<String> {
        self.must_pass().then(|| {
            format!(
                "{} has no legal move and must pass.",
                Self::SIDE_NAMES[self.to_move().index()]
            )
        })
    }
}
