//! The fixed Othello players of the Othello study: the opponents its
//! learners are measured against.

pub mod max_flips;
pub mod max_stable;

use crate::game::{MoveError, Player};
use crate::games::othello::Board;
use crate::players::RandomPlayer;

pub use max_flips::MaxFlipsPlayer;
pub use max_stable::{stable_count, stable_discs, MaxStablePlayer};

/// A fixed Othello player from its name (`random`, `mvb`, `msb`).
pub fn by_name(name: &str) -> Result<Box<dyn Player<Board>>, MoveError> {
    match name.trim().to_ascii_lowercase().as_str() {
        "random" => Ok(Box::new(RandomPlayer::<Board>::new())),
        "mvb" | "max-flips" => Ok(Box::new(MaxFlipsPlayer::new())),
        "msb" | "max-stable" => Ok(Box::new(MaxStablePlayer::new())),
        _ => Err(MoveError(format!(
            "unknown Othello player {}; known players: random, mvb, msb",
            crate::words::quote(name.trim())
        ))),
    }
}
