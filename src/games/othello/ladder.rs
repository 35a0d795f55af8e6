//! Othello's rating ladder ([`crate::ladder`]): the shipped openings.

use super::rules::Board;
use crate::game::{rng_from_seed, Game, Rng};

/// The shipped openings: 100 distinct positions after 8 random plies from
/// the start, one transcript a line after two comment lines (made by
/// [`generate_openings`]).
pub const OPENINGS_TEXT: &str = include_str!("ladder_openings.txt");

/// Plies of an opening.
pub const OPENING_PLIES: usize = 8;

/// How many openings [`OPENINGS_TEXT`] holds.
pub const OPENING_COUNT: u32 = 100;

/// The shipped openings, as transcripts ([`GameEntry::ladder`]).
///
/// [`GameEntry::ladder`]: crate::plugin::GameEntry::ladder
pub fn openings() -> Vec<String> {
    OPENINGS_TEXT
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
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
        let shipped = openings();
        assert_eq!(shipped, generate_openings(100, 1));
        assert_eq!(shipped.len(), OPENING_COUNT as usize);
        assert!(shipped.iter().all(|t| {
            let mut b = Board::start();
            for m in super::super::rules::parse_transcript(t).unwrap() {
                b.play(m);
            }
            b.empties() == 52 && b.side() == crate::game::Side::First
        }));
    }

    #[test]
    fn a_game_is_the_same_wherever_it_is_played() {
        use crate::ladder::{play_game, GameKey};
        use crate::plugin::GameEntry;
        use crate::search::budget::Budget;
        let entry = super::super::entry::Entry;
        let openings = crate::ladder::openings(&entry);
        let none = serde_json::Value::Null;
        let score = |key: &GameKey, seed| {
            let mut first = entry.agent("random", &none, None).unwrap();
            let mut second = entry.agent("mvb", &none, None).unwrap();
            play_game(
                &entry,
                &openings,
                key,
                first.as_mut(),
                second.as_mut(),
                seed,
                &mut Budget::unlimited(),
            )
            .unwrap()
        };
        let key: GameKey = (3, "random".into(), "mvb".into());
        assert_eq!(score(&key, 1), score(&key, 1));
        let scores: std::collections::BTreeSet<u8> =
            (0..30).map(|s| (score(&key, s) * 2.0) as u8).collect();
        assert!(scores.len() > 1, "different seeds, different games");
        let bad: GameKey = (100, "random".into(), "mvb".into());
        let e = play_game(
            &entry,
            &openings,
            &bad,
            entry.agent("random", &none, None).unwrap().as_mut(),
            entry.agent("random", &none, None).unwrap().as_mut(),
            1,
            &mut Budget::unlimited(),
        )
        .unwrap_err();
        assert!(e.contains("no opening 100"), "{e}");
    }
}
