//! What the page shows of a game's positions: the typed face of a game for
//! [`super::TypedSession`]. Rules stay in [`crate::Game`]; this adds cells to
//! draw, text forms and sentences for people.

use crate::game::{Game, MoveError};

/// A game the page can show and a session can hold.
pub trait Playable: Game {
    /// The name people read ("Othello").
    const TITLE: &'static str;
    /// The names of the two sides, first mover first.
    const SIDE_NAMES: [&'static str; 2];
    /// The board's grid (a graph board lists its points in one row).
    const ROWS: u32;
    const COLS: u32;

    /// Cell contents, row-major: 0 empty, 1 first side, 2 second side.
    fn cells(&self, out: &mut Vec<u8>);

    /// The cells a legal move of this position takes a piece from and puts
    /// a piece on (a placement has no `from`; a pass has neither).
    fn move_cells(&self, m: Self::Move) -> (Option<u32>, Option<u32>);

    /// Pieces of each side, where the game is scored by counting them.
    fn counts(&self) -> Option<[u32; 2]> {
        None
    }

    /// Reads a position in the game's text form (everything the rules need
    /// to go on: side to move, counters).
    fn parse_position(text: &str) -> Result<Self, MoveError>;

    /// The position in the game's text form; [`Playable::parse_position`]
    /// reads it back to an equal position.
    fn position_text(&self) -> String;

    /// Reads a game record played from the start position.
    fn parse_transcript(text: &str) -> Result<Vec<Self::Move>, MoveError>;

    /// Writes a game record that [`Playable::parse_transcript`] reads back.
    fn transcript(moves: &[Self::Move]) -> String;

    /// A sentence on how the game ended, where "X wins." says too little.
    fn end_text(&self) -> Option<String> {
        None
    }

    /// A sentence on a move just played from this position, where the move
    /// itself does not show it ("Black had no legal move and passed.").
    fn move_notice(&self, m: Self::Move) -> Option<String> {
        let _ = m;
        None
    }

    /// A sentence on what must happen now ("White has no legal move and
    /// must pass.").
    fn position_notice(&self) -> Option<String> {
        None
    }

    /// A line of game state beyond the board ("Vertical hound moves in a
    /// row: 3 of 10").
    fn status_text(&self) -> Option<String> {
        None
    }
}
