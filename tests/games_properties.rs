//! Properties every registered game must have, checked through the plug-in
//! interface only (as OpenSpiel tests every game): seeded random games from
//! the start, and in every position on the way
//!
//! * the legal moves are empty if and only if the game is over;
//! * every move text that is not legal here is refused, and leaves the game
//!   as it was;
//! * the position's text reads back to the same position (same key, same
//!   legal moves), and the record replays to it;
//! * equal positions have equal keys, and different ones different keys;
//! * undo takes back exactly one turn and redo brings it back.
//!
//! A new game in the registry is checked with no change here.

use std::collections::{BTreeSet, HashMap};

use rand::seq::IndexedRandom;
use selfplay::games::REGISTRY;
use selfplay::plugin::GameEntry;
use selfplay::rng_from_seed;

const GAMES_PER_ENTRY: u64 = 40;

/// Every legal move text seen in a few random games: moves of other
/// positions are the best candidates for illegal moves here.
fn move_universe(entry: &dyn GameEntry) -> BTreeSet<String> {
    let mut all = BTreeSet::new();
    for seed in 0..10 {
        let mut rng = rng_from_seed(seed);
        let mut s = entry.new_session();
        while let Some(m) = s.legal_texts().choose(&mut rng).cloned() {
            all.extend(s.legal_texts());
            s.play(&m).unwrap();
        }
    }
    // Text that is no move at all.
    all.extend(["", "zz", "-", "pass", "99", "a0", "x-y"].map(String::from));
    all
}

#[test]
fn every_game_keeps_its_invariants_in_random_games() {
    for &entry in REGISTRY {
        let universe = move_universe(entry);
        let mut keys: HashMap<u64, String> = HashMap::new();
        for seed in 0..GAMES_PER_ENTRY {
            let mut rng = rng_from_seed(1000 + seed);
            let mut s = entry.new_session();
            // The state at the start of the current turn, and at the start
            // of the previous one.
            let mut turn_start = s.state();
            loop {
                let st = s.state();
                let legal = s.legal_texts();
                let id = entry.id();
                assert_eq!(legal.is_empty(), s.is_over(), "{id}: {}", st.position);
                assert_eq!(legal.is_empty(), st.outcome.is_some(), "{id}");
                assert_eq!(
                    st.legal.iter().map(|l| &l.text).collect::<Vec<_>>(),
                    legal.iter().collect::<Vec<_>>()
                );
                // Keys: equal positions, equal keys; different ones, different keys.
                let key = s.key();
                match keys.get(&key) {
                    Some(p) => assert_eq!(p, &st.position, "{id}: two positions share a key"),
                    None => {
                        keys.insert(key, st.position.clone());
                    }
                }
                // The position's text reads back.
                let mut copy = entry.new_session();
                copy.load_position(&st.position).unwrap();
                assert_eq!(copy.position(), st.position, "{id}");
                assert_eq!(copy.key(), key, "{id}");
                assert_eq!(copy.legal_texts(), legal, "{id}");
                // The record replays to the same position.
                let mut replay = entry.new_session();
                replay.load_transcript(&s.transcript()).unwrap();
                assert_eq!(replay.position(), st.position, "{id}");
                // Every other text is refused and changes nothing.
                for text in universe.iter().filter(|t| !legal.contains(t)) {
                    assert!(
                        s.play(text).is_err(),
                        "{id}: {text:?} accepted in {}",
                        st.position
                    );
                    assert_eq!(s.state(), st, "{id}: a refused {text:?} changed the game");
                }
                let Some(m) = legal.choose(&mut rng).cloned() else {
                    break;
                };
                s.play(&m).unwrap();
                let after = s.state();
                // Undo takes back the whole turn; redo brings it back.
                assert!(s.undo(), "{id}");
                let back = s.state();
                let same_turn = after.to_move == st.to_move && after.outcome.is_none();
                if same_turn {
                    // The turn goes on: undo went back to its start.
                    assert_eq!(back.cells, turn_start.cells, "{id}");
                } else {
                    assert_eq!(
                        back.cursor, turn_start.cursor,
                        "{id}: undo took back more than a turn"
                    );
                    assert_eq!(back.position, turn_start.position, "{id}");
                }
                assert!(s.redo(), "{id}");
                assert_eq!(s.state(), after, "{id}: redo");
                if !same_turn {
                    turn_start = after;
                }
            }
        }
    }
}

#[test]
fn every_game_is_described_and_plays_itself_with_every_player() {
    for &entry in REGISTRY {
        let info = entry.info();
        assert_eq!(info.id, entry.id());
        assert!(info.built && !info.title.is_empty() && !info.blurb.is_empty());
        for p in &info.players {
            for side in 0..2u8 {
                if !p.sides[side as usize] {
                    continue;
                }
                // The player finishes games on its side against random.
                let mut s = entry.new_session();
                let mut me = entry.agent(&p.id, &serde_json::Value::Null, None).unwrap();
                let mut other = entry
                    .agent("random", &serde_json::Value::Null, None)
                    .unwrap();
                let mut seed = 0;
                while !s.is_over() {
                    let who = if s.state().to_move == Some(side) {
                        &mut me
                    } else {
                        &mut other
                    };
                    let t = who
                        .think(
                            &s.position(),
                            seed,
                            &mut selfplay::search::budget::Budget::unlimited(),
                        )
                        .unwrap();
                    s.play(&t.text).unwrap();
                    seed += 1;
                }
            }
        }
    }
}
