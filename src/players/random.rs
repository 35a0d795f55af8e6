//! The uniformly random player: the baseline of every study.

use rand::seq::IndexedRandom;

use crate::game::{Game, Player, Rng};

/// Plays a legal move chosen uniformly at random.
#[derive(Default)]
pub struct RandomPlayer<G: Game> {
    buf: Vec<G::Move>,
}

impl<G: Game> RandomPlayer<G> {
    pub fn new() -> Self {
        RandomPlayer { buf: Vec::new() }
    }
}

impl<G: Game> Player<G> for RandomPlayer<G> {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &G, rng: &mut Rng) -> G::Move {
        game.legal_moves(&mut self.buf);
        *self
            .buf
            .choose(rng)
            .expect("choose called on a finished game")
    }
}
