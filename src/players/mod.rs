//! Fixed strategies: the opponents that learners are measured against.

pub mod max_flips;
pub mod max_stable;
pub mod random;

use rand::Rng as _;

use crate::game::{MoveError, Player, Rng};
use crate::games::othello::Board;

pub use max_flips::MaxFlipsPlayer;
pub use max_stable::{stable_count, stable_discs, MaxStablePlayer};
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

/// The fixed Othello players by name, as the CLI and the page call them.
pub const OTHELLO_PLAYERS: [(&str, &str); 3] = [
    ("random", "uniformly random legal move"),
    ("mvb", "max-flips: the move that flips the most discs"),
    (
        "msb",
        "max-stable: the move that leaves the most stable discs",
    ),
];

/// A fixed Othello player from its name (`random`, `mvb`, `msb`).
pub fn othello_player(name: &str) -> Result<Box<dyn Player<Board>>, MoveError> {
    match name.to_ascii_lowercase().as_str() {
        "random" => Ok(Box::new(RandomPlayer::<Board>::new())),
        "mvb" | "max-flips" => Ok(Box::new(MaxFlipsPlayer::new())),
        "msb" | "max-stable" => Ok(Box::new(MaxStablePlayer::new())),
        _ => Err(MoveError(format!(
            "unknown Othello player '{name}'; known players: random, mvb, msb"
        ))),
    }
}
