//! What the page shows of a Hare and Hounds position (`Playable`): the
//! board's 11 points as cells (one row of 11, in the order of
//! `board::NAMES`: 0 empty, 1 a hound, 2 the hare; a move's `from` and
//! `cell` are the points it steps from and to), records, the end and the
//! stalling count in words.

use super::{End, HareHounds, Move, STALL_LIMIT};
use crate::game::{Game, MoveError, Side};
use crate::plugin::Playable;

impl Playable for HareHounds {
    const TITLE: &'static str = "Hare and Hounds";
    const SIDE_NAMES: [&'static str; 2] = ["Hounds", "Hare"];
    const ROWS: u32 = 1;
    const COLS: u32 = 11;

    fn cells(&self, out: &mut Vec<u8>) {
        out.clear();
        out.resize(11, 0);
        for p in self.hounds() {
            out[p.index()] = 1;
        }
        out[self.hare().index()] = 2;
    }

    fn move_cells(&self, m: Move) -> (Option<u32>, Option<u32>) {
        (Some(m.from.index() as u32), Some(m.to.index() as u32))
    }

    fn parse_position(text: &str) -> Result<Self, MoveError> {
        HareHounds::parse(text).map_err(MoveError)
    }

    fn position_text(&self) -> String {
        self.to_string()
    }

    fn parse_transcript(text: &str) -> Result<Vec<Move>, MoveError> {
        text.split_whitespace()
            .enumerate()
            .map(|(i, t)| {
                HareHounds::parse_move(t)
                    .map_err(|e| MoveError(format!("move {}: '{t}' is not a move: {e}", i + 1)))
            })
            .collect()
    }

    fn transcript(moves: &[Move]) -> String {
        moves
            .iter()
            .map(|&m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn end_text(&self) -> Option<String> {
        self.end().map(|end| {
            let who = match end.winner() {
                Side::First => "The hounds win",
                Side::Second => "The hare wins",
            };
            let why = match end {
                End::Trapped => ", with no free point to step to",
                End::Escaped => ", left of every hound (hounds never step back)",
                End::Stalling | End::HoundsStuck => "",
            };
            format!("{who}: {}{why}.", end.describe())
        })
    }

    /// The hare's point, where it is trapped or from where it has escaped.
    fn end_cells(&self, _last: Option<u32>) -> Vec<u32> {
        match self.end() {
            Some(End::Trapped | End::Escaped) => vec![self.hare().index() as u32],
            _ => Vec::new(),
        }
    }

    fn status_text(&self) -> Option<String> {
        Some(format!(
            "Vertical hound moves in a row: {} of {STALL_LIMIT} (at {STALL_LIMIT} the hare wins).",
            self.stall()
        ))
    }
}
