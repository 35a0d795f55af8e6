//! Watching a run (`DynRun::step_watched`) shows real training games and
//! changes nothing: a run with watched games in the middle ends with the
//! same model and curve as the same run stepped without watching; a watched
//! game replays to a finished game on the game's session; the values shown
//! at a decision are the learner's values of that position.

use selfplay::games::entry;
use selfplay::model::{decode, encode};
use selfplay::plugin::{DynRun, WatchedGame};
use selfplay::search::budget::Budget;
use serde_json::{json, Value};

/// A short seeded run of `kind` of `game`: the last preset's first run,
/// with `edit` applied.
fn config(game: &str, kind: &str, edit: &[(&str, Value)]) -> Value {
    let e = entry(game).unwrap();
    let info = e.info();
    let k = info.runs.iter().find(|k| k.id == kind).unwrap();
    let preset = &k.presets.last().unwrap().id;
    let mut c = e.preset_runs(kind, preset, 7).unwrap().remove(0);
    for (key, v) in edit {
        c[*key] = v.clone();
    }
    c
}

fn run(game: &str, kind: &str, c: &Value) -> Box<dyn DynRun> {
    entry(game).unwrap().new_run(kind, c).unwrap()
}

fn bytes(r: &dyn DynRun) -> Vec<u8> {
    encode(&r.checkpoint().unwrap()).unwrap()
}

/// Checks the promise for one kind of run: `step(k)`, three watched games,
/// `step(m)` equals `step(k + 3 + m)`; each watched game is legal, finished
/// and its first decision's values are the model's analysis before the game.
fn check(game: &str, kind: &str, c: Value, k: u64, m: u64, every: bool) {
    let e = entry(game).unwrap();
    let mut plain = run(game, kind, &c);
    let mut plain_points = plain.step(k + 3 + m);
    plain_points.extend(plain.step(0));

    let mut watched = run(game, kind, &c);
    let mut points = watched.step(k);
    let mut games: Vec<WatchedGame> = Vec::new();
    for i in 0..3 {
        let before = decode(&bytes(&*watched)).unwrap();
        let w = watched
            .step_watched()
            .expect("a run of this kind can be watched");
        assert_eq!(w.game, k + i + 1, "{game}: the game's number in the run");
        assert_eq!(watched.progress().done, k + i + 1);
        points.extend(w.points.clone());

        // The moves are legal and finish the game.
        let mut s = e.new_session();
        for (n, mv) in w.moves.iter().enumerate() {
            if let Some(d) = w.decisions.iter().find(|d| d.ply == n) {
                let mut legal = s.legal_texts();
                let mut shown: Vec<String> = d.values.iter().map(|(t, _)| t.clone()).collect();
                legal.sort();
                shown.sort();
                assert_eq!(shown, legal, "{game}: values for exactly the legal moves");
                assert!(d.values.iter().any(|(t, _)| t == mv));
            }
            s.play(mv)
                .unwrap_or_else(|err| panic!("{game}: move {} {mv}: {err:?}", n + 1));
        }
        assert!(s.is_over(), "{game}: the watched game is finished");
        assert!(!w.decisions.is_empty());
        for d in &w.decisions {
            if !w.self_play {
                let mut s = e.new_session();
                for mv in &w.moves[..d.ply] {
                    s.play(mv).unwrap();
                }
                assert_eq!(
                    s.state().to_move,
                    Some(w.learner as u8),
                    "{game}: a decision is the learner's"
                );
            }
            for (_, v) in &d.values {
                assert!(v.is_finite() && (-1.0..=1.0).contains(v), "{game}: {v}");
            }
        }

        // The first decision saw the values of the model before the game;
        // with `every`, every decision did (a table whose positions do not
        // come back within a game changes no value of a later position
        // before the learner decides there).
        let checked = if every { w.decisions.len() } else { 1 };
        let mut agent = e.agent("model", &Value::Null, Some(&before)).unwrap();
        for d in &w.decisions[..checked] {
            let mut s = e.new_session();
            for mv in &w.moves[..d.ply] {
                s.play(mv).unwrap();
            }
            let a = agent
                .analyze(&s.position(), &mut Budget::unlimited())
                .unwrap()
                .expect("the model values the position");
            for (text, v) in &d.values {
                let model = a.moves.iter().find(|x| &x.text == text).unwrap();
                let mv = model.value.expect("a value for every legal move");
                assert!(
                    (mv - v).abs() < 1e-5,
                    "{game} {text} at move {}: watched {v}, model {mv}",
                    d.ply
                );
            }
        }
        games.push(w);
    }
    points.extend(watched.step(m));
    points.extend(watched.step(0));

    assert_eq!(watched.progress(), plain.progress());
    assert_eq!(points, plain_points, "{game}: the same curve points");
    assert_eq!(watched.points(), plain.points(), "{game}: the same curve");
    assert_eq!(bytes(&*watched), bytes(&*plain), "{game}: the same model");
    // The values are the learner's, not a blank table's.
    assert!(games
        .iter()
        .flat_map(|w| &w.decisions)
        .flat_map(|d| &d.values)
        .any(|(_, v)| *v != 0.0));
    // Games differ from each other (they are real, successive games).
    assert!(games.windows(2).any(|p| p[0].moves != p[1].moves));
}

#[test]
fn watching_connect4_does_not_change_the_run() {
    let c = config(
        "connect4",
        "q_table",
        &[
            ("total_games", json!(20_100)),
            ("block_games", json!(1_000)),
            ("perfect_sample", json!(0)),
        ],
    );
    check("connect4", "q_table", c, 19_999, 98, true);
}

#[test]
fn watching_hare_hounds_does_not_change_the_run() {
    let c = config(
        "hare_hounds",
        "q_table",
        &[
            ("total_games", json!(60)),
            ("learn_games", json!(5)),
            ("eval_games", json!(20)),
        ],
    );
    check("hare_hounds", "q_table", c, 10, 20, false);
}

#[test]
fn watching_othello_does_not_change_the_run() {
    let c = config(
        "othello",
        "qnet",
        &[
            ("games", json!(30)),
            ("eval_every", json!(6)),
            ("eval_games", json!(10)),
        ],
    );
    check("othello", "qnet", c, 5, 10, false);
}

#[test]
fn a_finished_run_plays_no_watched_game() {
    let c = config(
        "connect4",
        "q_table",
        &[("total_games", json!(3)), ("perfect_sample", json!(0))],
    );
    let mut r = run("connect4", "q_table", &c);
    r.step(3);
    assert!(r.is_done());
    let before = bytes(&*r);
    assert!(r.step_watched().is_none());
    assert_eq!(bytes(&*r), before);
}
