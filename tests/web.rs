//! The wasm API's boundary, run in node by wasm-bindgen-test:
//! `CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!  cargo test --target wasm32-unknown-unknown --test web`
//!
//! Bad input from JavaScript must come back as a `JsError` with a readable
//! message, never as a panic (which would kill the worker's module).
#![cfg(target_arch = "wasm32")]

use selfplay::plugin::{SessionState, Training};
use selfplay::web::Session;

#[path = "common/golden.rs"]
mod golden;
use golden::{golden_digest, golden_runs};
use wasm_bindgen::{JsError, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// A seed as the API takes it: a `BigInt`.
fn seed(n: u64) -> JsValue {
    js_sys::BigInt::from(n).into()
}

/// A budget (`{ ms?, nodes?, unbounded? }`) from JSON.
fn budget(json: &str) -> Option<tsify::Ts<selfplay::search::budget::Limits>> {
    Some(tsify::Ts::new_unchecked(js_sys::JSON::parse(json).unwrap()))
}

/// The message of a `JsError`, as JavaScript sees it.
fn message(e: JsError) -> String {
    let v = JsValue::from(e);
    js_sys::Error::from(v).message().into()
}

fn state(s: &Session) -> SessionState {
    serde_wasm_bindgen::from_value(s.state().expect("state").into())
        .expect("state has the documented shape")
}

#[wasm_bindgen_test]
fn unknown_game_is_an_error() {
    let e = message(
        Session::new("chess")
            .err()
            .expect("chess is not a game here"),
    );
    assert!(e.contains("unknown game 'chess'"), "{e}");
}

#[wasm_bindgen_test]
fn preview_is_the_state_after_a_move_and_plays_nothing() {
    let mut s = Session::new("othello").unwrap();
    let p: SessionState =
        serde_wasm_bindgen::from_value(s.preview("d3").expect("d3 is legal").into())
            .expect("a preview has the shape of a state");
    // d3 placed (19) and d4 (27) flipped; the game is still at the start.
    assert_eq!(p.changed, vec![19, 27]);
    assert_eq!(p.counts, Some([4, 1]));
    assert_eq!(state(&s).cursor, 0);
    assert_eq!(state(&s).counts, Some([2, 2]));
    s.play("d3").unwrap();
    assert_eq!(state(&s), p);
    let e = message(s.preview("a1").expect_err("a1 is not legal"));
    assert!(e.contains("not a legal move"), "{e}");
    assert_eq!(state(&s), p);
}

#[wasm_bindgen_test]
fn state_is_a_plain_object() {
    let s = Session::new("othello").unwrap();
    assert_eq!(s.game(), "othello");
    let st = state(&s);
    assert_eq!(st.cells.len(), 64);
    assert_eq!(st.to_move, Some(0));
    let legal: Vec<&str> = st.legal.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(legal.len(), 4);
    for m in ["d3", "c4", "f5", "e6"] {
        assert!(legal.contains(&m), "{m} in {legal:?}");
    }
    // Field names are camelCase and absent values are null.
    let v: JsValue = s.state().unwrap().into();
    let to_move = js_sys::Reflect::get(&v, &JsValue::from_str("toMove")).unwrap();
    assert_eq!(to_move.as_f64(), Some(0.0));
    let last = js_sys::Reflect::get(&v, &JsValue::from_str("lastMove")).unwrap();
    assert!(last.is_null());
}

#[wasm_bindgen_test]
fn illegal_and_malformed_moves_are_errors() {
    let mut s = Session::new("othello").unwrap();
    let e = message(s.play("a1").unwrap_err());
    assert!(e.contains("not a legal move"), "{e}");
    for bad in ["", "zz", "i9", "f55", "pass", "ключ"] {
        let e = message(
            s.play(bad)
                .err()
                .unwrap_or_else(|| panic!("{bad:?} was accepted")),
        );
        assert!(!e.is_empty());
    }
    // Nothing was played.
    assert_eq!(state(&s).history.len(), 0);
    s.play("f5").unwrap();
    assert_eq!(state(&s).to_move, Some(1));
}

#[wasm_bindgen_test]
fn unknown_player_and_bad_seed_are_errors() {
    let mut s = Session::new("othello").unwrap();
    assert!(s.ai_move("alphazero", seed(1)).is_err());
    for bad in [-1.0, 0.5, f64::NAN, f64::INFINITY, 1e300] {
        let e = message(s.ai_move("random", JsValue::from_f64(bad)).unwrap_err());
        assert!(e.contains("seed"), "{e}");
    }
    let m = s.ai_move("mvb", seed(1)).unwrap();
    assert_eq!(state(&s).last_move.unwrap().text, m);
}

#[wasm_bindgen_test]
fn play_after_the_end_is_an_error() {
    let mut s = Session::new("othello").unwrap();
    let mut n = 0;
    while state(&s).outcome.is_none() {
        s.ai_move("random", seed(n)).unwrap();
        n += 1;
    }
    let e = message(s.play("f5").unwrap_err());
    assert!(e.contains("game is over"), "{e}");
    let e = message(s.ai_move("msb", seed(1)).unwrap_err());
    assert!(e.contains("game is over"), "{e}");
    // Undo still works after the end, and play resumes from there.
    assert!(s.undo());
    let st = state(&s);
    assert!(st.outcome.is_none());
    s.play(&st.legal[0].text).unwrap();
}

#[wasm_bindgen_test]
fn bad_positions_and_transcripts_are_errors() {
    let mut s = Session::new("othello").unwrap();
    assert!(s.load_position("").is_err());
    assert!(s.load_position("XO- X").is_err());
    assert!(s.load_transcript("f5a1").is_err());
    assert!(s.load_transcript("hello").is_err());
    // A multi-byte character where a move's letters should be: an error.
    for text in ["ab€", "f5€", "pa€s"] {
        let e = message(s.load_transcript(text).expect_err(text));
        assert!(e.starts_with("move "), "{text}: {e}");
    }
    s.load_transcript("f5d6c3").unwrap();
    let st = state(&s);
    assert_eq!(st.history.len(), 3);
    assert_eq!(s.transcript(), "f5d6c3");
    assert!(s.undo() && s.undo());
    assert_eq!(s.transcript(), "f5");
}

#[wasm_bindgen_test]
fn benchmark_checks_its_input_and_reports_every_rate() {
    use selfplay::bench::Rate;
    use selfplay::web::bench::{bench_long_names, bench_names, bench_run, bench_suite};
    for (bad, secs) in [
        (JsValue::from(-1.0), 0.01),
        (JsValue::from(0.5), 0.01),
        (seed(1), 0.0),
        (seed(1), f64::NAN),
    ] {
        let e = message(bench_suite(bad, secs).expect_err("bad input"));
        assert!(e.contains("must be"), "{e}");
    }
    let e = message(bench_run("nothing", seed(1), 0.01).err().unwrap());
    assert!(e.contains("unknown measurement"), "{e}");
    let names: Vec<String> = serde_wasm_bindgen::from_value(bench_names().unwrap()).unwrap();
    let rates: Vec<Rate> =
        serde_wasm_bindgen::from_value(bench_suite(seed(1), 0.01).unwrap()).unwrap();
    let measured: Vec<&str> = rates.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(measured, names);
    for name in [
        "othello_perft_9",
        "hare_hounds_random_games",
        "hare_hounds_q_learning",
        "hare_hounds_solve",
    ] {
        assert!(measured.contains(&name), "{name} in {measured:?}");
    }
    assert!(rates.iter().all(|r| r.count > 0 && r.per_second > 0.0));
    // The long measurements are named apart and left out of the suite.
    let long: Vec<String> = serde_wasm_bindgen::from_value(bench_long_names().unwrap()).unwrap();
    assert!(long.contains(&"othello_endgame_ffo_40_49".to_string()));
    assert!(long.iter().all(|n| !names.contains(n)), "{long:?}");
}

/// The same seeded runs as natively (`tests/q_net_learning.rs`), through the
/// page's `Run` (chunks of training, a checkpoint resumed between them): a
/// network and learning curve made in the browser are bit-identical to
/// those made by the CLI. `golden_runs` fails on an empty or short file.
/// Othello's move generator as the page's module builds it (with 128-bit
/// vectors where the native build has plain 64-bit code): the published
/// perft counts of tests/data/othello/perft.txt ("live" column) to depth 9.
#[wasm_bindgen_test]
fn othello_moves_in_wasm_give_the_published_perft_counts() {
    use selfplay::games::othello::rules::{perft, Board};
    let reference: Vec<(u32, u64)> = include_str!("data/othello/perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split_whitespace();
            (
                f.next().unwrap().parse().unwrap(),
                f.next().unwrap().parse().unwrap(),
            )
        })
        .collect();
    assert!(reference.len() >= 9, "{reference:?}");
    for &(depth, count) in reference.iter().filter(|(d, _)| *d <= 9) {
        assert_eq!(perft(&Board::start(), depth), count, "depth {depth}");
    }
}

#[wasm_bindgen_test]
fn training_in_wasm_gives_the_native_weights() {
    use selfplay::web::Run;
    for run in golden_runs() {
        let json = run.config;
        let config = js_sys::JSON::parse(json).unwrap();
        let mut t = Run::create("othello", "qnet", config)
            .map_err(message)
            .unwrap();
        let mut seconds = 0.0;
        for (i, &games) in run.chunks.iter().enumerate() {
            if i > 0 {
                let bytes = t.checkpoint().map_err(message).unwrap();
                // The checkpoint keeps the seconds learned so far; the
                // resumed run adds to them.
                let kept = selfplay::model::decode(&bytes)
                    .unwrap()
                    .header
                    .train_seconds;
                assert!(
                    kept > 0.0 && kept >= seconds,
                    "{json}: {kept} s after {seconds} s"
                );
                seconds = kept;
                t = Run::resume(
                    &bytes,
                    Some(tsify::Ts::new_unchecked(js_sys::Object::new().into())),
                )
                .map_err(message)
                .unwrap();
            }
            t.step(JsValue::from(games as f64))
                .map_err(message)
                .unwrap();
        }
        assert!(t.done(), "{json}");
        let bytes = t.model("golden").map_err(message).unwrap();
        let model = selfplay::model::decode(&bytes).unwrap();
        assert!(model.header.train_seconds > seconds, "{json}");
        let digest = golden_digest(&model);
        assert_eq!(
            digest,
            run.digest,
            "{json} {}: {digest:08x}, golden {:08x}",
            run.games_text(),
            run.digest
        );
    }
}

/// Seeds and counts beyond 2^53 cross the boundary exactly (as BigInt), and
/// negative or fractional counts are refused, not wrapped.
#[wasm_bindgen_test]
fn big_numbers_cross_exactly_and_bad_counts_are_refused() {
    use selfplay::web::{preset_runs, Run};
    let big = js_sys::BigInt::from(9_007_199_254_740_993u64);
    let runs = preset_runs(
        "othello",
        "qnet",
        "ql1-h40-sigmoid-self",
        big.clone().into(),
    )
    .unwrap();
    let config = js_sys::Array::from(&runs).get(0);
    let seed = js_sys::Reflect::get(&config, &"seed".into()).unwrap();
    assert!(seed.is_bigint(), "the seed comes back as a BigInt");
    assert_eq!(seed, JsValue::from(big.clone()));
    js_sys::Reflect::set(&config, &"games".into(), &JsValue::from(4)).unwrap();
    js_sys::Reflect::set(&config, &"hidden".into(), &JsValue::from(4)).unwrap();
    let mut run = Run::create("othello", "qnet", config).unwrap();
    let back = js_sys::Reflect::get(&run.config().unwrap(), &"seed".into()).unwrap();
    assert_eq!(back, JsValue::from(big.clone()));
    for bad in [
        JsValue::from(-1),
        JsValue::from(0.5),
        JsValue::from_str("lots"),
    ] {
        let e = message(run.step(bad).unwrap_err());
        assert!(e.contains("whole number"), "{e}");
    }
    run.step(JsValue::from(4)).unwrap();
    assert!(run.done());
    // The model keeps the seed; it resumes with it.
    let model = run.model("big").unwrap();
    let info = selfplay::web::model::inspect_model(&model).unwrap();
    let kept = js_sys::Reflect::get(&info.into(), &"seed".into()).unwrap();
    assert!(kept.is_bigint(), "a model's seed is a BigInt");
    assert_eq!(kept, JsValue::from(big.clone()));
    let mut s = Session::new("othello").unwrap();
    assert!(message(s.jump(JsValue::from(-1)).unwrap_err()).contains("whole number"));
    s.ai_move("random", big.into()).unwrap();
}

/// A model keeps the curves the page drew (`withCharts`): `inspectModel`
/// gives them back as they were, with the date the model was written; null
/// takes them out, and curves too large to keep are refused.
#[wasm_bindgen_test]
fn a_model_keeps_its_drawn_curves_and_its_date() {
    use selfplay::web::model::{inspect_model, with_charts};
    let config = selfplay::games::entry("tictactoe")
        .unwrap()
        .preset_runs("values", "book", 1)
        .unwrap()
        .remove(0);
    let mut run = selfplay::web::Run::create(
        "tictactoe",
        "values",
        serde_wasm_bindgen::to_value(&config).unwrap(),
    )
    .unwrap();
    run.step(JsValue::from(10)).unwrap();
    let model = run.model("m").unwrap();
    let get = |bytes: &[u8], field: &str| {
        js_sys::Reflect::get(&inspect_model(bytes).unwrap().into(), &field.into()).unwrap()
    };
    assert!(
        get(&model, "charts").is_null(),
        "a run's model has no drawn curves"
    );
    let created = get(&model, "created").as_string().unwrap();
    let charts = serde_json::json!({ "charts": [{ "id": "c" }], "lines": [{ "chart": "c", "points": [[0, 50]] }] });
    let js = |v: &serde_json::Value| js_sys::JSON::parse(&v.to_string()).unwrap();
    let kept = with_charts(&model, js(&charts)).unwrap();
    let back: serde_json::Value = serde_json::from_str(
        &js_sys::JSON::stringify(&get(&kept, "charts"))
            .unwrap()
            .as_string()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(back, charts);
    assert_eq!(
        get(&kept, "created").as_string().unwrap(),
        created,
        "the date it was written stays"
    );
    assert!(get(&with_charts(&kept, JsValue::NULL).unwrap(), "charts").is_null());
    let huge = serde_json::json!({ "lines": "x".repeat(1_000_001) });
    let e = message(with_charts(&model, js(&huge)).unwrap_err());
    assert!(e.contains("too large"), "{e}");
}

/// A model whose header holds a number no JavaScript number carries
/// exactly is refused by `inspectModel` with a message naming the field,
/// never described with a rounded number.
#[wasm_bindgen_test]
fn a_models_numbers_beyond_2_53_are_refused_by_name() {
    use selfplay::model::{decode, encode};
    use selfplay::web::{preset_runs, Run};
    let runs = preset_runs("othello", "qnet", "ql1-h40-sigmoid-self", seed(3)).unwrap();
    let config = js_sys::Array::from(&runs).get(0);
    js_sys::Reflect::set(&config, &"games".into(), &JsValue::from(2)).unwrap();
    let mut run = Run::create("othello", "qnet", config).unwrap();
    run.step(JsValue::from(2)).unwrap();
    let bytes = run.model("big").unwrap();
    let inspect = |m: &selfplay::model::Model| {
        selfplay::web::model::inspect_model(&encode(m).unwrap()).map(|_| ())
    };
    let model = decode(&bytes).unwrap();
    inspect(&model).expect("the model as written is described");
    let mut games = model.clone();
    games.header.games_trained = 1 << 60;
    let e = message(inspect(&games).unwrap_err());
    assert!(e.contains("games trained") && e.contains("2^53"), "{e}");
    let mut evaluation = model.clone();
    evaluation.header.evaluation = serde_json::json!({ "lots": 1u64 << 60 });
    let e = message(inspect(&evaluation).unwrap_err());
    assert!(e.contains("lots: ") && !e.contains("cannot be used"), "{e}");
}

/// Each value has one JavaScript type: seeds are BigInt only (a number,
/// even a small one, is refused with a message that says so), counts are
/// numbers only (a BigInt, a string or NaN is refused), settings objects
/// refuse NaN, and absent values are null.
#[wasm_bindgen_test]
fn each_value_has_one_type_and_bad_ones_are_refused_clearly() {
    use selfplay::web::{preset_runs, Agent, Run};
    let mut s = Session::new("othello").unwrap();
    // A seed: BigInt only, within 64 bits.
    let e = message(s.ai_move("random", JsValue::from(7)).unwrap_err());
    assert!(
        e.contains("seed must be a BigInt") && e.contains("7n"),
        "{e}"
    );
    let e = message(s.ai_move("random", JsValue::from_str("7")).unwrap_err());
    assert!(e.contains("BigInt") && e.contains("string"), "{e}");
    for bad in [
        js_sys::BigInt::from(-1i64),
        js_sys::BigInt::from(u128::from(u64::MAX) + 1),
    ] {
        let e = message(s.ai_move("random", bad.into()).unwrap_err());
        assert!(e.contains("from 0 to 2^64 − 1"), "{e}");
    }
    let e = message(
        preset_runs("othello", "qnet", "ql1-h40-sigmoid-self", JsValue::from(1)).unwrap_err(),
    );
    assert!(e.contains("BigInt"), "{e}");
    // The largest seed is taken, and the same seed plays the same move.
    let mut t = Session::new("othello").unwrap();
    let a = s.ai_move("random", seed(u64::MAX)).unwrap();
    let b = t.ai_move("random", seed(u64::MAX)).unwrap();
    assert_eq!(a, b);
    // A count: a number only.
    let e = message(s.jump(seed(0)).unwrap_err());
    assert!(
        e.contains("must be a number") && e.contains("bigint"),
        "{e}"
    );
    let e = message(s.jump(JsValue::from_f64(f64::NAN)).unwrap_err());
    assert!(e.contains("whole number") && e.contains("NaN"), "{e}");
    // Absent values are null, not undefined; counts come out as numbers.
    let v: JsValue = s.state().unwrap().into();
    let last = js_sys::Reflect::get(&v, &"lastMove".into()).unwrap();
    let cell = js_sys::Reflect::get(&last, &"cell".into()).unwrap();
    assert!(cell.as_f64().is_some(), "a cell is a number");
    let outcome = js_sys::Reflect::get(&v, &"outcome".into()).unwrap();
    assert!(outcome.is_null(), "no outcome yet: null");
    let config = js_sys::JSON::parse(r#"{"hidden":4,"games":4,"seed":9,"eval_every":0}"#).unwrap();
    let mut run = Run::create("othello", "qnet", config).unwrap();
    let e = message(run.step(seed(2)).unwrap_err());
    assert!(e.contains("must be a number"), "{e}");
    let step: JsValue = run.step(JsValue::from(2)).unwrap().into();
    let games = js_sys::Reflect::get(&step, &"games".into()).unwrap();
    assert_eq!(games.as_f64(), Some(2.0), "games played is a number");
    assert_eq!(run.games().unwrap(), 2.0);
    let e = message(run.set_total(seed(10)).unwrap_err());
    assert!(e.contains("total must be a number"), "{e}");
    // A settings object: NaN is refused, not read as null.
    let config = js_sys::JSON::parse(r#"{"hidden":4,"games":4}"#).unwrap();
    js_sys::Reflect::set(&config, &"alpha".into(), &JsValue::from_f64(f64::NAN)).unwrap();
    let e = message(Run::create("othello", "qnet", config).err().unwrap());
    assert!(
        e.contains("alpha") && e.contains("NaN is not a finite number"),
        "{e}"
    );
    // A budget's nodes are a count: a BigInt is refused.
    let mut agent = Agent::new("othello", "msb", JsValue::NULL, None).unwrap();
    let e = message(
        agent
            .think(
                &s.position(),
                seed(1),
                budget(r#"{"nodes": 1}"#).map(|b| {
                    let v: JsValue = b.into();
                    js_sys::Reflect::set(&v, &"nodes".into(), &seed(5)).unwrap();
                    tsify::Ts::new_unchecked(v)
                }),
                None,
            )
            .unwrap_err(),
    );
    assert!(e.contains("nodes must be a number"), "{e}");
    let e = message(
        agent
            .think(&s.position(), seed(1), budget(r#"{"ms": -1}"#), None)
            .unwrap_err(),
    );
    assert!(e.contains("positive number of milliseconds"), "{e}");
    let e = message(
        agent
            .think(&s.position(), seed(1), budget(r#"{"depth": 3}"#), None)
            .unwrap_err(),
    );
    assert!(e.contains("depth"), "{e}");
}

/// One move of an analysis, as the page reads it.
#[derive(serde::Deserialize, Debug)]
struct AnalysedMove {
    text: String,
    cell: Option<u32>,
    value: Option<f64>,
    best: bool,
}

#[derive(serde::Deserialize, Debug)]
struct Analysis {
    moves: Vec<AnalysedMove>,
}

/// The heat map is the network's Q-values: a trained network's `analyze`
/// gives, for every legal move of positions along a game, exactly the
/// output the engine computes for that square, marks the greedy move best,
/// and gives a forced pass no value.
#[wasm_bindgen_test]
fn othello_heat_map_values_are_the_networks_q_values() {
    use selfplay::game::Game;
    use selfplay::games::othello::learners::QNetRun;
    use selfplay::games::othello::{parse_square, Board, PASS};
    use selfplay::web::{Agent, Run};
    let config =
        js_sys::JSON::parse(r#"{"hidden":16,"games":30,"seed":9,"eval_every":0}"#).unwrap();
    let mut run = Run::create("othello", "qnet", config).unwrap();
    run.step(JsValue::from(30)).unwrap();
    let bytes = run.model("heat").unwrap();
    let net = QNetRun::from_bytes(&bytes).unwrap().learner().net().clone();
    let mut agent = Agent::new("othello", "model", JsValue::NULL, Some(bytes)).unwrap();
    let mut s = Session::new("othello").unwrap();
    // A pass: after this opening white has no move (black plays twice).
    let with_pass = "f5d6c7f3d3c6b6c2b1b7a8";
    let mut positions = Vec::new();
    for n in 0..30 {
        positions.push(s.position());
        if state(&s).outcome.is_some() {
            break;
        }
        s.ai_move("random", seed(n)).unwrap();
    }
    let mut p = Session::new("othello").unwrap();
    p.load_transcript(with_pass).unwrap();
    positions.push(p.position());
    let (mut valued, mut passes) = (0, 0);
    for text in &positions {
        let board = Board::parse(text).unwrap();
        let q = net.q_values(&board);
        let a: Analysis =
            serde_wasm_bindgen::from_value(agent.analyze(text, None, None).unwrap()).unwrap();
        let mut legal = Vec::new();
        board.legal_moves(&mut legal);
        let texts: Vec<String> = legal.iter().map(|&m| Board::format_move(m)).collect();
        let analysed: Vec<&str> = a.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(analysed, texts, "{text}");
        if legal == [PASS] {
            passes += 1;
            assert_eq!(a.moves[0].value, None, "a pass has no value");
            continue;
        }
        let best = legal
            .iter()
            .copied()
            .reduce(|b, m| {
                if q[usize::from(m)] > q[usize::from(b)] {
                    m
                } else {
                    b
                }
            })
            .unwrap();
        for m in &a.moves {
            let sq = parse_square(&m.text).unwrap();
            assert_eq!(m.cell, Some(u32::from(sq)), "{text} {}", m.text);
            assert_eq!(
                m.value,
                Some(f64::from(q[usize::from(sq)])),
                "{text} {}",
                m.text
            );
            assert_eq!(m.best, sq == best, "{text} {}", m.text);
            valued += 1;
        }
    }
    assert!(
        passes >= 1 && valued > 50,
        "{passes} passes, {valued} values"
    );
}

/// `{ unbounded: true }` crosses the boundary: the perfect Connect Four
/// player drops its own node limit and finishes, and its reports carry the
/// bounds on the column being solved and the columns already solved. An
/// unbounded budget with a limit is refused.
#[wasm_bindgen_test]
fn an_unbounded_budget_finishes_and_reports_solved_columns() {
    use selfplay::web::Agent;
    use std::{cell::RefCell, rc::Rc};
    use wasm_bindgen::prelude::Closure;
    use wasm_bindgen::JsCast;

    let object = |json: &str| js_sys::JSON::parse(json).unwrap();
    let mut agent = Agent::new("connect4", "perfect", object(r#"{"book": false}"#), None).unwrap();
    let err = agent
        .analyze(
            "1511475",
            budget(r#"{"unbounded": true, "nodes": 10}"#),
            None,
        )
        .unwrap_err();
    assert!(message(err).contains("unbounded"));

    let reports: Rc<RefCell<Vec<serde_json::Value>>> = Rc::default();
    let sink = reports.clone();
    let callback = Closure::<dyn FnMut(JsValue)>::new(move |p: JsValue| {
        sink.borrow_mut()
            .push(serde_wasm_bindgen::from_value(p).unwrap());
    });
    let function: &js_sys::Function = callback.as_ref().unchecked_ref();
    let a = agent
        .analyze(
            "1511475",
            budget(r#"{"unbounded": true}"#),
            Some(function.clone()),
        )
        .unwrap();
    let a: serde_json::Value = serde_wasm_bindgen::from_value(a).unwrap();
    assert_eq!(a["complete"], true);
    assert!(a["nodes"].as_f64().unwrap() > 4e6);
    let reports = reports.borrow();
    assert!(!reports.is_empty());
    let last = reports.last().unwrap();
    assert!(last["lower"].as_f64().unwrap() <= last["upper"].as_f64().unwrap());
    assert!(reports
        .iter()
        .any(|r| !r["moves"].as_array().unwrap().is_empty()));
}

/// The ladder's calls: the games a table lacks, one game between two
/// agents (the same as the engine's own ladder game), the ratings; and
/// bad input refused by name.
#[wasm_bindgen_test]
fn the_ladder_plays_and_rates_and_refuses_bad_input() {
    use selfplay::web::{ladder_game, ladder_ratings, ladder_todo, Agent};
    // As the page sends them: plain objects.
    let js = |v: serde_json::Value| js_sys::JSON::parse(&v.to_string()).unwrap();
    let seats = |players: &[&str]| {
        let list: Vec<serde_json::Value> = players
            .iter()
            .map(|p| serde_json::json!({ "name": p, "side": null }))
            .collect();
        js(serde_json::Value::Array(list))
    };
    let todo = |table: &str, players: &[&str], openings| {
        ladder_todo("othello", table, seats(players), openings)
    };
    let games: Vec<serde_json::Value> =
        serde_wasm_bindgen::from_value(todo("", &["b", "a"], 2).unwrap()).unwrap();
    assert_eq!(games.len(), 4);
    assert_eq!(
        games[0],
        serde_json::json!({ "opening": 0, "first": "a", "second": "b" })
    );
    let left: Vec<serde_json::Value> =
        serde_wasm_bindgen::from_value(todo("0\ta\tb\t1\n", &["a", "b"], 2).unwrap()).unwrap();
    assert_eq!(left.len(), 3, "the game in the table is not played again");
    for (players, openings, why) in [
        (&["a", "b"][..], 0, "1 to 100 openings"),
        (&["a", "b"][..], 101, "1 to 100 openings"),
        (&["a\tb", "c"][..], 2, "control character"),
    ] {
        let e = message(todo("", players, openings).unwrap_err());
        assert!(e.contains(why), "{e}");
    }
    assert!(message(todo("0\ta\tb\t2\n", &["a", "b"], 2).unwrap_err()).contains("line 1"));
    assert!(message(ladder_todo("chess", "", seats(&[]), 1).unwrap_err()).contains("othello"));
    // A player of one side plays only the games where it has its side.
    let sided = js(serde_json::json!([
        { "name": "a", "side": 0 },
        { "name": "b", "side": null }
    ]));
    let games: Vec<serde_json::Value> =
        serde_wasm_bindgen::from_value(ladder_todo("connect4", "", sided, 3).unwrap()).unwrap();
    assert_eq!(games.len(), 3);
    assert!(games.iter().all(|g| g["first"] == "a"));
    let bad_side = js(serde_json::json!([{ "name": "a", "side": 2 }]));
    assert!(message(ladder_todo("connect4", "", bad_side, 1).unwrap_err()).contains("side"));
    assert!(message(todo("", &[" a", "b"], 1).unwrap_err()).contains("start or end with a space"));
    let many: Vec<String> = (0..201).map(|i| format!("p{i}")).collect();
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    assert!(message(todo("", &many, 1).unwrap_err()).contains("at most 200"));

    let agent = |player: &str| Agent::new("othello", player, JsValue::NULL, None).unwrap();
    let play = |opening, first: &str, second: &str, s| {
        ladder_game(
            "othello",
            opening,
            first,
            second,
            &mut agent("msb"),
            &mut agent("random"),
            seed(s),
            None,
        )
    };
    let score = play(3, "MSB", "Random", 1).unwrap();
    assert!([0.0, 0.5, 1.0].contains(&score));
    assert_eq!(
        play(3, "MSB", "Random", 1).unwrap(),
        score,
        "same key and seed, same game"
    );
    // The engine's own ladder game with the same key and seed.
    let entry = selfplay::games::entry("othello").unwrap();
    let native = selfplay::ladder::play_game(
        entry,
        &selfplay::ladder::openings(entry),
        &(3, "MSB".into(), "Random".into()),
        entry
            .agent("msb", &serde_json::Value::Null, None)
            .unwrap()
            .as_mut(),
        entry
            .agent("random", &serde_json::Value::Null, None)
            .unwrap()
            .as_mut(),
        1,
        &mut selfplay::search::budget::Budget::unlimited(),
    )
    .unwrap();
    assert_eq!(score, native);
    assert!(message(play(100, "MSB", "Random", 1).unwrap_err()).contains("no opening 100"));
    assert!(message(play(0, "MSB", "MSB", 1).unwrap_err()).contains("two different"));
    assert!(message(play(0, "M\nSB", "Random", 1).unwrap_err()).contains("control character"));
    assert!(message(play(0, "MSB", "MSB ", 1).unwrap_err()).contains("start or end with a space"));
    let bad_seed = ladder_game(
        "othello",
        0,
        "a",
        "b",
        &mut agent("msb"),
        &mut agent("random"),
        JsValue::from_f64(1.0),
        None,
    )
    .unwrap_err();
    assert!(message(bad_seed).contains("seed"));

    let ratings: Vec<serde_json::Value> = serde_wasm_bindgen::from_value(
        ladder_ratings("0\tMSB\tRandom\t1\n0\tRandom\tMSB\t0.5\n", "Random", false).unwrap(),
    )
    .unwrap();
    assert_eq!(ratings.len(), 2);
    assert_eq!(ratings[0]["player"], "MSB");
    assert_eq!(ratings[0]["games"], 2.0);
    assert!(ratings[0]["elo"].as_f64().unwrap() > 0.0);
    assert_eq!(ratings[1]["elo"], 0.0);
    assert!(message(ladder_ratings("0\ta\tb\t1\n", "c", false).unwrap_err()).contains("anchor"));
    // Where the sides differ the first move's advantage is not fitted: the same games rate otherwise.
    let sided: Vec<serde_json::Value> = serde_wasm_bindgen::from_value(
        ladder_ratings(
            "0\tHounds\tHare\t1\n1\tHounds\tHare\t0\n2\tHounds\tHare\t1\n",
            "Hare",
            true,
        )
        .unwrap(),
    )
    .unwrap();
    assert!(sided[0]["elo"].as_f64().unwrap() > 0.0);
}

#[wasm_bindgen_test]
fn every_models_weights_cross_as_its_game_says_with_null_for_missing_counts() {
    use selfplay::web::model_weights;
    let mut shown = 0;
    for entry in selfplay::games::REGISTRY {
        for kind in entry.info().runs {
            let Some(preset) = kind.presets.first() else {
                continue;
            };
            let config = entry
                .preset_runs(&kind.id, &preset.id, 1)
                .unwrap()
                .remove(0);
            let model = entry
                .new_run(&kind.id, &config)
                .unwrap()
                .model("m")
                .unwrap();
            let bytes = selfplay::model::encode(&model).unwrap();
            let says = entry.describe_model(&model).unwrap().weights;
            let got = model_weights(&bytes).unwrap();
            assert_eq!(got.is_some(), says, "{} {}", entry.id(), kind.id);
            let Some(table) = got else { continue };
            shown += 1;
            let table: JsValue = table.into();
            // A count the row lacks is null, never undefined (absent).
            let rows = js_sys::Reflect::get(&table, &"rows".into()).unwrap();
            for row in js_sys::Array::from(&rows).iter() {
                for key in ["reference", "learned"] {
                    let values = js_sys::Reflect::get(&row, &key.into()).unwrap();
                    assert!(js_sys::Array::from(&values)
                        .iter()
                        .all(|v| !v.is_undefined()));
                }
            }
            let table: serde_json::Value = serde_wasm_bindgen::from_value(table).unwrap();
            let cells = table["columns"].as_array().unwrap().len()
                * table["variants"].as_array().unwrap().len();
            for row in table["rows"].as_array().unwrap() {
                let (r, l) = (
                    row["reference"].as_array().unwrap(),
                    row["learned"].as_array().unwrap(),
                );
                assert_eq!((r.len(), l.len()), (cells, cells));
                for (a, b) in r.iter().zip(l) {
                    assert_eq!(a.is_null(), b.is_null());
                    assert!(a.is_null() || a.is_number());
                }
            }
        }
    }
    assert!(shown > 0, "some learner shows its weights");
    assert!(!message(model_weights(b"not a model").unwrap_err()).is_empty());
}
