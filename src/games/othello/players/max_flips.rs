//! Max-flips ("MVB" in the Othello study): the move that flips the most
//! discs, with no lookahead.

use crate::game::{Player, Rng};
use crate::games::othello::{Board, PASS};

use crate::players::pick_best;

/// Plays the placement that flips the most discs; ties broken at random.
#[derive(Default)]
pub struct MaxFlipsPlayer {
    scores: Vec<(u8, u32)>,
}

impl MaxFlipsPlayer {
    pub fn new() -> Self {
        Self::default()
    }
}

/// Scores every legal placement by its number of flips into `out`.
pub(super) fn score_flips(board: &Board, out: &mut Vec<(u8, u32)>) {
    out.clear();
    let mut mask = board.legal_mask();
    while mask != 0 {
        let sq = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        out.push((sq, board.flips(sq).count_ones()));
    }
}

impl Player<Board> for MaxFlipsPlayer {
    fn name(&self) -> String {
        "mvb".into()
    }

    fn choose(&mut self, board: &Board, rng: &mut Rng) -> u8 {
        score_flips(board, &mut self.scores);
        pick_best(&self.scores, rng).unwrap_or(PASS)
    }
}
