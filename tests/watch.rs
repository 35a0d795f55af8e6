//! Watching a run (`DynRun::step_watched`) shows real training games and
//! changes nothing: a run with watched games in the middle ends with the
//! same model and curve as the same run stepped without watching; a watched
//! game replays to a finished game on the game's session (or says why it
//! stopped: a win proven by a search); the values shown at each decision
//! are the model's values of that position, the model as it was at that
//! decision, for every legal move (or, in a game with many, for the
//! learner's candidates).

use selfplay::games::entry;
use selfplay::model::{decode, encode, Model};
use selfplay::plugin::{DynRun, GameEntry, WatchedGame};
use selfplay::search::budget::Budget;
use serde_json::{json, Value};
use selfplay::plugin::Training as _;

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

/// The run's checkpoint as bytes, with its time of writing left out: two
/// runs checkpointed a second apart differ there alone.
fn bytes(r: &dyn DynRun) -> Vec<u8> {
    let mut m = r.checkpoint().unwrap();
    m.header.created = "2000-01-01T00:00:00Z".into();
    encode(&m).unwrap()
}

/// The model's value of each move of `values` at the position after
/// `moves`, by the game's "model" player of `model`.
fn model_values(
    e: &dyn GameEntry,
    model: &Model,
    moves: &[String],
    values: &[(String, f64)],
) -> Vec<f64> {
    let mut s = e.new_session();
    for mv in moves {
        s.play(mv).unwrap();
    }
    let a = e
        .agent("model", &Value::Null, Some(model))
        .unwrap()
        .analyze(&s.position(), &mut Budget::unlimited())
        .unwrap()
        .expect("the model values the position");
    values
        .iter()
        .map(|(text, _)| {
            let x = a.moves.iter().find(|x| &x.text == text).unwrap();
            x.value.expect("a value for every legal move")
        })
        .collect()
}

/// Checks the promise for one kind of run: `step(k)`, three watched games,
/// `step(m)` equals `step(k + 3 + m)`; each watched game is legal and
/// finished, and every decision's values are the model's analysis as the
/// model was at that decision (the learner updates its model during the
/// game). The models come from `step_watched_with_models`, whose games are
/// the page's `step_watched`'s; the first decision's is the model before
/// the game. With `stale_shows`, some decision's values also differ from
/// those of the model before the game, so that a stale model fails the
/// comparison. (In Connect Four and Hare and Hounds no position comes back
/// within a game, discs stay and hounds never step back: a game's updates
/// change no value that a later decision of the game reads, and a stale
/// model shows the same values.)
fn check(game: &str, kind: &str, c: Value, k: u64, m: u64, stale_shows: bool) {
    let e = entry(game).unwrap();
    let mut plain = run(game, kind, &c);
    let mut plain_points = plain.step(k + 3 + m);
    plain_points.extend(plain.step(0));

    let mut watched = run(game, kind, &c);
    let mut points = watched.step(k);
    // The same run watched as the page watches it (no models kept).
    let mut shown = run(game, kind, &c);
    let mut shown_points = shown.step(k);
    let mut games: Vec<WatchedGame> = Vec::new();
    let mut stale_differs = false;
    for i in 0..3 {
        let before = decode(&bytes(&*watched)).unwrap();
        let w = watched
            .step_watched_with_models()
            .expect("a run of this kind can be watched");
        let mut page = shown.step_watched().expect("the page's watched game");
        assert!(page.models.is_empty(), "{game}: the page gets no models");
        page.models = w.models.clone();
        assert_eq!(page, w, "{game}: keeping the models changes nothing");
        shown_points.extend(page.points);
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
                if w.candidates {
                    // A learner that looks at a few of many moves: its
                    // candidates, each legal, each once.
                    assert!(!shown.is_empty(), "{game}: a decision values some move");
                    assert!(shown.windows(2).all(|p| p[0] != p[1]), "{game}: {shown:?}");
                    assert!(
                        shown.iter().all(|t| legal.binary_search(t).is_ok()),
                        "{game}: values for legal moves only"
                    );
                } else {
                    assert_eq!(shown, legal, "{game}: values for exactly the legal moves");
                }
                assert!(d.values.iter().any(|(t, _)| t == mv));
            }
            s.play(mv)
                .unwrap_or_else(|err| panic!("{game}: move {} {mv}: {err:?}", n + 1));
        }
        // Finished by the rules, or stopped by a proven win, said why.
        assert_eq!(
            s.is_over(),
            w.ended.is_none(),
            "{game}: the watched game is finished, or says why it stopped: {:?}",
            w.ended
        );
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

        // Every decision saw the values of the model as it was there; the
        // first one's model is the model before the game.
        assert_eq!(
            w.models.len(),
            w.decisions.len(),
            "{game}: a model for every decision"
        );
        assert!(
            w.models.windows(2).any(|p| p[0] != p[1]),
            "{game}: the model changes during the game"
        );
        for (n, (d, model)) in w.decisions.iter().zip(&w.models).enumerate() {
            let moves = &w.moves[..d.ply];
            let mut models = vec![("the model at the decision", model)];
            if n == 0 {
                models.push(("the model before the game", &before));
            }
            for (which, model) in models {
                let want = model_values(e, model, moves, &d.values);
                for ((text, v), mv) in d.values.iter().zip(want) {
                    assert!(
                        (mv - v).abs() < 1e-5,
                        "{game} {text} at move {}: watched {v}, {which} {mv}",
                        d.ply
                    );
                }
            }
            let old = model_values(e, &before, moves, &d.values);
            if d.values
                .iter()
                .zip(old)
                .any(|((_, v), o)| (o - v).abs() >= 1e-5)
            {
                stale_differs = true;
            }
        }
        games.push(w);
    }
    points.extend(watched.step(m));
    points.extend(watched.step(0));
    shown_points.extend(shown.step(m));
    shown_points.extend(shown.step(0));

    if stale_shows {
        assert!(
            stale_differs,
            "{game}: the model before the game gives other values at a later decision"
        );
    }
    for (r, p) in [(&watched, &points), (&shown, &shown_points)] {
        assert_eq!(r.progress(), plain.progress());
        assert_eq!(p, &plain_points, "{game}: the same curve points");
        assert_eq!(r.points(), plain.points(), "{game}: the same curve");
        assert_eq!(bytes(&**r), bytes(&*plain), "{game}: the same model");
    }
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
    check("connect4", "q_table", c, 19_999, 98, false);
}

#[test]
fn watching_hare_hounds_does_not_change_the_run() {
    let c = config(
        "hare_hounds",
        "q_table",
        &[
            ("total_games", json!(2_060)),
            ("learn_games", json!(500)),
            ("eval_games", json!(20)),
        ],
    );
    // Past 2,000 games the table's values reach the positions of a game, so
    // the model changes during a watched game.
    check("hare_hounds", "q_table", c, 2_010, 20, false);
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
    check("othello", "qnet", c, 5, 10, true);
}

#[test]
fn watching_connect6_does_not_change_the_run() {
    // The study's learner with the threat-space search, measured on two
    // openings only (a measurement at game 6).
    let e = entry("connect6").unwrap();
    let mut c = e.preset_runs("td", "tss-step", 7).unwrap().remove(0);
    for (key, v) in [
        ("games", json!(12)),
        ("eval_every", json!(6)),
        ("openings", json!(2)),
    ] {
        c[key] = v;
    }
    check("connect6", "td", c, 2, 4, false);
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
