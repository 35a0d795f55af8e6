//! The study's fixed players: the random player and the stupid player.

use rand::Rng as _;

use super::rules::{Position, WIDTH};
use crate::game::{Game, Player, Rng};

/// The study's random player: a column drawn uniformly, drawn again while it
/// is full (the same distribution as a uniform legal move).
#[derive(Default, Clone, Copy, Debug)]
pub struct RandomColumn;

impl Player<Position> for RandomColumn {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &Position, rng: &mut Rng) -> u8 {
        assert!(!game.is_over(), "choose called on a finished game");
        loop {
            let c = rng.random_range(0..WIDTH);
            if game.can_play(c) {
                return c as u8;
            }
        }
    }
}

/// The study's stupid player: always the leftmost column that is not full.
#[derive(Default, Clone, Copy, Debug)]
pub struct Leftmost;

impl Player<Position> for Leftmost {
    fn name(&self) -> String {
        "stupid".into()
    }

    fn choose(&mut self, game: &Position, _rng: &mut Rng) -> u8 {
        (0..WIDTH)
            .find(|&c| game.can_play(c))
            .expect("choose called on a full board") as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng_from_seed;

    #[test]
    fn the_fixed_players_pick_legal_columns() {
        let p = Position::from_moves("111111").unwrap();
        let mut rng = rng_from_seed(1);
        assert_eq!(Leftmost.choose(&p, &mut rng), 1);
        for _ in 0..200 {
            let c = RandomColumn.choose(&p, &mut rng);
            assert!(c != 0 && (c as usize) < WIDTH);
        }
    }
}
