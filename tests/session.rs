//! A game being played through the plug-in interface (`DynSession`, the
//! web API's `Session`), with Othello: moves, undo and redo, fixed players,
//! positions and records, and the messages of bad input.

use selfplay::games::{describe_model, entry};
use selfplay::model::{Algorithm, GameId, Header, Model};
use selfplay::plugin::DynSession;
use selfplay::search::budget::Budget;

fn othello() -> Box<dyn DynSession> {
    entry("othello").unwrap().new_session()
}

/// Lets the fixed player `name` move, as `Session.aiMove` does.
fn ai_move(s: &mut dyn DynSession, name: &str, seed: u64) -> Result<String, String> {
    let mut agent = entry(s.game())?.agent(name, &serde_json::Value::Null, None)?;
    let t = agent.think(&s.position(), seed, &mut Budget::unlimited())?;
    s.play(&t.text).map_err(|e| e.0)?;
    Ok(t.text)
}

#[test]
fn plays_undoes_and_redoes() {
    let mut s = othello();
    let start = s.state();
    assert_eq!(start.to_move, Some(0));
    assert_eq!(start.legal.len(), 4);
    assert_eq!(start.counts, Some([2, 2]));
    s.play("f5").unwrap();
    let st = s.state();
    assert_eq!(st.to_move, Some(1));
    assert_eq!(st.counts, Some([4, 1]));
    assert_eq!(st.last_move.as_ref().unwrap().text, "f5");
    assert_eq!(st.changed.len(), 2);
    assert!(s.undo());
    assert_eq!(s.state().cells, start.cells);
    assert!(!s.undo());
    assert!(s.redo());
    assert_eq!(s.state().cells, st.cells);
    assert!(!s.redo());
    // A new move after an undo drops the undone moves.
    s.undo();
    s.play("d3").unwrap();
    let st = s.state();
    assert_eq!(st.history.len(), 1);
    assert_eq!(st.history[0].text, "d3");
}

#[test]
fn rejects_bad_input_with_messages() {
    assert!(entry("chess").err().unwrap().contains("unknown game"));
    let mut s = othello();
    let e = s.play("a1").unwrap_err();
    assert!(e.0.contains("not a legal move"), "{e}");
    assert!(s.play("z9").is_err());
    assert!(s.play("").is_err());
    assert!(ai_move(s.as_mut(), "nobody", 1).is_err());
    assert_eq!(s.state().history.len(), 0);
}

#[test]
fn fixed_players_finish_a_game_and_play_after_the_end_fails() {
    for name in ["random", "mvb", "msb"] {
        let mut s = othello();
        let mut seed = 7;
        while s.state().outcome.is_none() {
            ai_move(s.as_mut(), name, seed).unwrap();
            seed += 1;
        }
        let st = s.state();
        let [b, w] = st.counts.unwrap();
        let outcome = st.outcome.unwrap();
        assert_eq!(
            outcome.winner,
            (b != w).then_some(if b > w { 0 } else { 1 })
        );
        assert!(st.legal.is_empty());
        assert_eq!(st.to_move, None);
        assert!(s.play("f5").unwrap_err().0.contains("game is over"));
        assert!(ai_move(s.as_mut(), name, 1).is_err());
        // The record replays to the same position.
        let mut again = othello();
        again.load_transcript(&s.transcript()).unwrap();
        assert_eq!(again.state().cells, st.cells);
        assert_eq!(again.state().position, st.position);
    }
}

#[test]
fn same_seed_same_game() {
    let play = |seed: u64| {
        let mut s = othello();
        let mut i = 0;
        while s.state().outcome.is_none() {
            ai_move(s.as_mut(), "random", seed + i).unwrap();
            i += 1;
        }
        s.transcript()
    };
    assert_eq!(play(3), play(3));
    assert_ne!(play(3), play(4));
}

#[test]
fn loads_positions() {
    let mut s = othello();
    let text = s.state().position;
    s.play("f5").unwrap();
    s.load_position(&text).unwrap();
    assert_eq!(s.state().history.len(), 0);
    assert_eq!(s.state().position, text);
    assert!(s.load_position("nonsense").is_err());
    assert!(s.load_transcript("f5f5").is_err());
    // A failed load leaves the game as it was.
    assert_eq!(s.state().position, text);
}

#[test]
fn a_bad_record_names_its_first_bad_move_by_number_in_every_game() {
    // (game, record, the start of the error)
    let cases = [
        ("othello", "f5d6a1", "move 3: "),
        ("othello", "f5d6zz", "move 3: "),
        ("connect4", "44448", "move 5 "),
        ("connect4", "4444444", "move 7 "),
        ("hare_hounds", "a-b R-c x", "move 3: 'x'"),
        // R-c is not on the hare's path from R: a legal-looking text, an illegal move.
        ("hare_hounds", "a-b L-c", "move 2: "),
    ];
    for (game, record, start) in cases {
        let mut s = entry(game).unwrap().new_session();
        s.play(&s.state().legal[0].text).unwrap();
        let before = s.state();
        let err = s.load_transcript(record).unwrap_err().0;
        assert!(err.starts_with(start), "{game} {record}: {err}");
        // The game on the board is kept.
        assert_eq!(s.state().position, before.position, "{game} {record}");
        assert_eq!(s.state().history.len(), 1, "{game} {record}");
    }
}

#[test]
fn models_this_build_cannot_use_are_refused() {
    let m = Model::new(Header::new(GameId::of("othello"), Algorithm::QTable, "x"));
    let err = describe_model(&m).unwrap_err();
    assert!(err.contains("has no q_table learner"), "{err}");
    let m = Model::new(Header::new(GameId::of("othello"), Algorithm::QNet, "x"));
    assert!(describe_model(&m).is_err());
    // A game this build does not know.
    let m = Model::new(Header::new(GameId::of("gomoku"), Algorithm::TdLinear, "x"));
    assert!(describe_model(&m).unwrap_err().contains("gomoku"));
}

#[test]
fn preview_of_d3_at_the_start_of_othello_places_d3_and_flips_d4() {
    let s = othello();
    let p = s.preview("d3").unwrap();
    // d3 = 19, d4 = 27 (row-major from a1 at the top left).
    assert_eq!(p.changed, vec![19, 27]);
    assert_eq!(p.counts, Some([4, 1]));
    assert_eq!(s.state().cursor, 0);
    assert_eq!(s.state().counts, Some([2, 2]));
}

/// How a game ended, as every game's plug-in says it: the winning line of
/// the games won by pieces in a row, through the last move (and found on a
/// loaded position without one), the point where the hare was trapped,
/// nothing for a game decided by counting.
#[test]
fn every_game_says_how_it_ended_and_marks_where() {
    let end = |game: &str, record: &str| {
        let mut s = entry(game).unwrap().new_session();
        s.load_transcript(record).unwrap();
        s.state().outcome.expect("the game is over")
    };
    // Red's four along the bottom row (row 5 of 6, columns 4 to 7).
    let c4 = end("connect4", "4455667");
    assert_eq!(c4.cells, vec![38, 39, 40, 41]);
    assert!(c4.text.contains("four in a row"), "{}", c4.text);
    // X down the diagonal of tic-tac-toe.
    let t = end("tictactoe", "1 2 5 3 9");
    assert_eq!(t.cells, vec![0, 4, 8]);
    assert_eq!(t.text, "X wins: three in a row.");
    // The same position loaded without its moves: the line is found on the board.
    let mut s = entry("tictactoe").unwrap().new_session();
    s.load_position(&end_position("tictactoe", "1 2 5 3 9")).unwrap();
    assert_eq!(s.state().outcome.unwrap().cells, vec![0, 4, 8]);
    // Othello is decided by counting: the count in words, no cell marked.
    let mut s = othello();
    while !s.is_over() {
        ai_move(s.as_mut(), "msb", 1).unwrap();
    }
    let o = s.state().outcome.unwrap();
    assert!(o.cells.is_empty());
    assert!(o.text.contains('–'), "the final count: {}", o.text);
    // The hare trapped on R: the point is marked, the reason said.
    let mut s = entry("hare_hounds").unwrap().new_session();
    s.load_position("hounds=e,c,i hare=R").unwrap();
    s.play("e-f").unwrap();
    let h = s.state().outcome.unwrap();
    let r = selfplay::games::hare_hounds::board::NAMES.iter().position(|&n| n == 'R').unwrap() as u32;
    assert_eq!(h.cells, vec![r]);
    assert_eq!(h.text, "The hounds win: the hare is trapped, with no free point to step to.");
}

fn end_position(game: &str, record: &str) -> String {
    let mut s = entry(game).unwrap().new_session();
    s.load_transcript(record).unwrap();
    s.position()
}
