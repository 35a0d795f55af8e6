//! Othello's rating ladder ([`crate::ladder`]): the shipped openings, and
//! one ladder game between two players.

use super::rules::{parse_transcript, Board};
use crate::arena::play_game;
use crate::game::{rng_from_seed, Game, Player, Rng};
use crate::ladder::{game_seed, GameKey};

/// The shipped openings: 100 distinct positions after 8 random plies from
/// the start, one transcript a line after two comment lines (made by
/// [`generate_openings`]).
pub const OPENINGS_TEXT: &str = include_str!("ladder_openings.txt");

/// Plies of an opening.
pub const OPENING_PLIES: usize = 8;

/// The shipped openings as positions.
pub fn openings() -> Vec<Board> {
    OPENINGS_TEXT
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut b = Board::start();
            for m in parse_transcript(l.trim()).expect("the shipped openings are valid") {
                b.play(m);
            }
            b
        })
        .collect()
}

/// `count` distinct openings of [`OPENING_PLIES`] random plies (no passes),
/// drawn from `seed`, as transcripts.
pub fn generate_openings(count: usize, seed: u64) -> Vec<String> {
    use rand::Rng as _;
    let mut rng: Rng = rng_from_seed(seed);
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    while out.len() < count {
        let mut b = Board::start();
        let mut moves = Vec::new();
        let mut line = Vec::new();
        for _ in 0..OPENING_PLIES {
            b.legal_moves(&mut moves);
            let m = moves[rng.random_range(0..moves.len())];
            b.play(m);
            line.push(m);
        }
        if seen.insert((b.black(), b.white())) {
            out.push(super::format_transcript(&line));
        }
    }
    out
}

/// Plays ladder game `key` (opening, first player, second player) between
/// `first` (black) and `second`: the first player's score, 1, 0.5 or 0.
pub fn play(
    key: &GameKey,
    openings: &[Board],
    first: &mut dyn Player<Board>,
    second: &mut dyn Player<Board>,
    seed: u64,
) -> f64 {
    let mut rng = rng_from_seed(game_seed(seed, key));
    let end = play_game(&openings[key.0], first, second, 0, &mut rng);
    match end.final_margin().signum() {
        1 => 1.0,
        -1 => 0.0,
        _ => 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes the opening set (`cargo test --lib write_ladder_openings -- --ignored`).
    #[test]
    #[ignore]
    fn write_ladder_openings() {
        let mut text = String::from(
            "# Othello ladder openings: 8 random plies from the start, distinct\n\
             # positions (generate_openings(100, 1) in src/games/othello/ladder.rs).\n",
        );
        for o in generate_openings(100, 1) {
            text.push_str(&o);
            text.push('\n');
        }
        std::fs::write(
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/src/games/othello/ladder_openings.txt"
            ),
            text,
        )
        .unwrap();
    }

    #[test]
    fn the_shipped_openings_are_the_generated_ones() {
        let shipped: Vec<&str> = OPENINGS_TEXT
            .lines()
            .filter(|l| !l.starts_with('#'))
            .collect();
        assert_eq!(shipped, generate_openings(100, 1));
        let boards = openings();
        assert_eq!(boards.len(), 100);
        assert!(boards
            .iter()
            .all(|b| b.empties() == 52 && b.side() == crate::game::Side::First));
    }

    #[test]
    fn a_game_is_the_same_wherever_it_is_played() {
        use crate::players::RandomPlayer;
        let openings = openings();
        let key: GameKey = (3, "random".into(), "random-2".into());
        let score = |seed| {
            play(
                &key,
                &openings,
                &mut RandomPlayer::<Board>::new(),
                &mut RandomPlayer::<Board>::new(),
                seed,
            )
        };
        assert_eq!(score(1), score(1));
        let scores: std::collections::BTreeSet<u8> =
            (0..20).map(|s| (score(s) * 2.0) as u8).collect();
        assert!(scores.len() > 1, "different seeds, different games");
    }
}
