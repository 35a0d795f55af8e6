//! The fixed Othello players of the Othello study: the opponents its
//! learners are measured against.

pub mod max_flips;
pub mod max_stable;

use crate::game::{MoveError, Player};
use crate::games::othello::Board;
use crate::players::RandomPlayer;

pub use max_flips::MaxFlipsPlayer;
pub use max_stable::{stable_count, stable_discs, MaxStablePlayer};

/// One of the study's fixed players: its id, the other names it answers
/// to, its name and description in the page's player lists, and how it is
/// made.
pub struct Fixed {
    pub id: &'static str,
    pub aliases: &'static [&'static str],
    pub label: &'static str,
    pub about: &'static str,
    pub make: fn() -> Box<dyn Player<Board>>,
}

/// The study's fixed players: the one table of them that the game's
/// players by name (the page, the generic commands) and Othello's own
/// commands read.
pub const FIXED: [Fixed; 3] = [
    Fixed {
        id: "random",
        aliases: &[],
        label: "Random",
        about: "any legal move",
        make: || Box::new(RandomPlayer::<Board>::new()),
    },
    Fixed {
        id: "mvb",
        aliases: &["max-flips"],
        label: "MVB",
        about: "most flips",
        make: || Box::new(MaxFlipsPlayer::new()),
    },
    Fixed {
        id: "msb",
        aliases: &["max-stable"],
        label: "MSB",
        about: "most stable discs",
        make: || Box::new(MaxStablePlayer::new()),
    },
];

/// A fixed Othello player from its name (`random`, `mvb`, `msb`, or one
/// of their other names), in any case.
pub fn by_name(name: &str) -> Result<Box<dyn Player<Board>>, MoveError> {
    let key = name.trim().to_ascii_lowercase();
    match FIXED
        .iter()
        .find(|f| f.id == key || f.aliases.contains(&key.as_str()))
    {
        Some(f) => Ok((f.make)()),
        None => Err(MoveError(format!(
            "unknown Othello player {}; known players: {}",
            crate::words::quote(name.trim()),
            FIXED.map(|f| f.id).join(", ")
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_fixed_player_answers_to_its_names_in_any_case() {
        for f in &FIXED {
            for n in std::iter::once(f.id).chain(f.aliases.iter().copied()) {
                assert_eq!(by_name(&n.to_ascii_uppercase()).unwrap().name(), f.id);
            }
        }
        let e = by_name(" Nobody ").err().unwrap();
        assert_eq!(
            e.0,
            "unknown Othello player 'Nobody'; known players: random, mvb, msb"
        );
    }
}
