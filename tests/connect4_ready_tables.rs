//! Why Connect Four's ready-made tables rate about as Random does on the
//! game's ladder: a table holds only the positions its learning games
//! reached from the empty board, and the ladder's openings (8 random discs)
//! are positions it never saw, where every column's value is the same. From
//! the empty board, as the page plays it, the table that learned to beat
//! the random player does beat it.

use std::path::PathBuf;

use selfplay::ladder::play_game;
use selfplay::plugin::{DynAgent, GameEntry};
use selfplay::search::budget::Budget;
use serde_json::Value;

fn entry() -> &'static dyn GameEntry {
    selfplay::games::entry("connect4").unwrap()
}

fn table(id: &str) -> Box<dyn DynAgent> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/public/ready");
    let model = selfplay::ready::read_model(&dir, &format!("connect4-{id}.selfplay")).unwrap();
    entry().agent("model", &Value::Null, Some(&model)).unwrap()
}

/// How many of `records` (moves from the empty board) put the table in a
/// position where it knows a column's value (a position it never met has
/// every value 0).
fn known(agent: &mut dyn DynAgent, records: &[String]) -> usize {
    records
        .iter()
        .filter(|r| {
            let mut s = entry().new_session();
            s.load_transcript(r).unwrap();
            let a = agent
                .analyze(&s.position(), &mut Budget::unlimited())
                .unwrap()
                .expect("a table's values");
            a.moves.iter().any(|m| m.value.is_some_and(|v| v != 0.0))
        })
        .count()
}

#[test]
fn the_ladders_openings_are_positions_the_tables_never_met() {
    let ladder = selfplay::ladder::openings(entry());
    assert_eq!(ladder.len(), 200);
    // Every position after two discs: Red's first one and Yellow's reply.
    let two: Vec<String> = (1..=7)
        .flat_map(|a| (1..=7).map(move |b| format!("{a}{b}")))
        .collect();
    let mut win = table("win-100000");
    let k = known(win.as_mut(), &ladder);
    assert!(k <= 10, "the ladder's openings: {k}");
    assert!(known(win.as_mut(), &two) >= 45, "two discs");
    for id in ["win-1000", "win-10000", "survive-1000", "survive-10000", "survive-100000"] {
        let k = known(table(id).as_mut(), &ladder);
        assert!(k <= 10, "{id}: {k}");
    }
}

#[test]
fn from_the_empty_board_the_table_that_learned_to_beat_random_does() {
    let e = entry();
    let mut win = table("win-100000");
    let mut random = e.agent("random", &Value::Null, None).unwrap();
    let empty = vec![String::new()];
    let games = 400;
    let mut points = 0.0;
    for seed in 0..games {
        let key = (0, "table".to_string(), "random".to_string());
        points += play_game(
            e,
            &empty,
            &key,
            win.as_mut(),
            random.as_mut(),
            seed,
            &mut Budget::unlimited(),
        )
        .unwrap();
    }
    // 94.6% of 1,000 games (`selfplay connect4 match … --depth 0 --sides first`).
    assert!(
        points >= 0.9 * games as f64,
        "{points} of {games} points as Red against Random"
    );
}
