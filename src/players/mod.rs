//! Players that fit every game: the random player, and the tie-breaking
//! rule of every player that scores its moves. A game's own fixed players
//! live in its folder.

pub mod random;

use rand::Rng as _;

use crate::game::Rng;

pub use random::RandomPlayer;

/// The move with the highest score, ties broken uniformly at random (one
/// pass, reservoir sampling: no allocation). `None` if `scored` is empty.
pub fn pick_best<M: Copy, S: PartialOrd + Copy>(scored: &[(M, S)], rng: &mut Rng) -> Option<M> {
    let mut best: Option<(M, S)> = None;
    let mut ties = 0u32;
    for &(m, s) in scored {
        match best {
            Some((_, b)) if s < b => {}
            Some((_, b)) if s == b => {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = Some((m, s));
                }
            }
            _ => {
                best = Some((m, s));
                ties = 1;
            }
        }
    }
    best.map(|(m, _)| m)
}
