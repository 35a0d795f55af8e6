//! The wasm API with Hare and Hounds, run in node by wasm-bindgen-test:
//! `CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!  cargo test --target wasm32-unknown-unknown --test web_hare_hounds`
//!
//! Bad input (an unknown preset, an illegal move, a broken run configuration
//! or model file) comes back as a `JsError` with a readable message.
#![cfg(target_arch = "wasm32")]

use selfplay::game::Side;
use selfplay::games::hare_hounds::HareHounds;
use selfplay::learn::q_table::{QLearner, QParams};
use selfplay::model::{decode, encode, Algorithm, GameId, Header, Model};
use selfplay::plugin::SessionState;
use selfplay::web::{preset_runs, Agent, Run, Session};
use serde::Deserialize;
use wasm_bindgen::{JsError, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn message(e: JsError) -> String {
    let v = JsValue::from(e);
    js_sys::Error::from(v).message().into()
}

fn state(s: &Session) -> SessionState {
    serde_wasm_bindgen::from_value(s.state().expect("state").into()).expect("documented shape")
}

fn n(x: f64) -> JsValue {
    JsValue::from_f64(x)
}

/// A seed as the API takes it: a `BigInt`.
fn seed(n: u64) -> JsValue {
    js_sys::BigInt::from(n).into()
}

/// The moves of an analysis, as the page reads them.
#[derive(Deserialize)]
struct Analysis {
    position: Option<String>,
    moves: Vec<AnalysedMove>,
}

#[derive(Deserialize)]
struct AnalysedMove {
    value: Option<f64>,
    best: bool,
}

fn analysis(a: &mut Agent, position: &str) -> Analysis {
    serde_wasm_bindgen::from_value(a.analyze(position, None, None).unwrap()).unwrap()
}

fn resume(bytes: &[u8], total: f64, hare: Option<&str>) -> Result<Run, JsError> {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"total".into(), &n(total)).unwrap();
    if let Some(h) = hare {
        let settings = js_sys::Object::new();
        js_sys::Reflect::set(&settings, &"hare".into(), &h.into()).unwrap();
        js_sys::Reflect::set(&options, &"settings".into(), &settings).unwrap();
    }
    Run::resume(bytes, Some(tsify::Ts::new_unchecked(options.into())))
}

fn games(r: &Run) -> f64 {
    r.games().unwrap()
}

fn curve_len(r: &Run) -> u32 {
    r.points().unwrap().len() as u32
}

#[wasm_bindgen_test]
fn illegal_and_unknown_moves_are_errors() {
    let mut s = Session::new("hare_hounds").unwrap();
    let e = message(s.play("R-c").unwrap_err());
    assert!(e.contains("not a legal move for Hounds"), "{e}");
    let e = message(s.play("L-z").unwrap_err());
    assert!(e.contains("not a Hare and Hounds move"), "{e}");
    let e = message(s.ai_move("simple", seed(1)).unwrap_err());
    assert!(e.contains("hare strategy"), "{e}");
    let e = message(
        Agent::new("hare_hounds", "model", JsValue::NULL, None)
            .err()
            .unwrap(),
    );
    assert!(e.contains("needs a model"), "{e}");
    let e = message(s.ai_move("cheetah", seed(1)).unwrap_err());
    assert!(e.contains("unknown player"), "{e}");
    let e = message(
        Agent::new(
            "hare_hounds",
            "model",
            JsValue::NULL,
            Some(b"not a model".to_vec()),
        )
        .err()
        .unwrap(),
    );
    assert!(e.contains("not a readable model file"), "{e}");
    assert_eq!(state(&s).cursor, 0);
    s.play("a-e").unwrap();
    let st = state(&s);
    assert_eq!(st.to_move, Some(1));
    let mut perfect = Agent::new("hare_hounds", "perfect", JsValue::NULL, None).unwrap();
    let a = analysis(&mut perfect, &st.position);
    assert!(a.position.unwrap().contains("win in"));
    assert!(a.moves.iter().any(|m| m.best));
}

#[wasm_bindgen_test]
fn unknown_presets_and_bad_configurations_are_errors() {
    let e = message(preset_runs("hare_hounds", "q_table", "9", seed(1)).unwrap_err());
    assert!(e.contains("there is no experiment 9"), "{e}");
    let e = message(
        preset_runs(
            "hare_hounds",
            "q_table",
            "3",
            js_sys::BigInt::from(-1i64).into(),
        )
        .unwrap_err(),
    );
    assert!(e.contains("seed"), "{e}");
    let e = message(preset_runs("hare_hounds", "genetic", "3", seed(1)).unwrap_err());
    assert!(e.contains("no preset"), "{e}");
    let e = message(
        Run::create("hare_hounds", "q_table", JsValue::from_str("nonsense"))
            .err()
            .unwrap(),
    );
    assert!(e.contains("not a run configuration"), "{e}");

    // A valid preset runs in chunks and gives a model file.
    let runs = preset_runs("hare_hounds", "q_table", "3", seed(1)).unwrap();
    let first = js_sys::Array::from(&runs).get(0);
    let mut run = Run::create("hare_hounds", "q_table", first).unwrap();
    let step = run.step(n(20.0)).unwrap();
    let points =
        js_sys::Array::from(&js_sys::Reflect::get(&step.into(), &"points".into()).unwrap());
    assert!(points.length() >= 2);
    assert_eq!(games(&run), 20.0);
    assert!(!run.done());
    let bytes = run.model("h").unwrap();
    let mut learned = Agent::new("hare_hounds", "model", JsValue::NULL, Some(bytes)).unwrap();
    let s = Session::new("hare_hounds").unwrap();
    assert!(analysis(&mut learned, &s.position())
        .moves
        .iter()
        .all(|m| m.value.is_some()));
}

#[wasm_bindgen_test]
fn a_saved_run_continues_and_wrong_models_are_refused() {
    let runs = preset_runs("hare_hounds", "q_table", "3", seed(2)).unwrap();
    let mut run = Run::create("hare_hounds", "q_table", js_sys::Array::from(&runs).get(0)).unwrap();
    run.step(n(30.0)).unwrap();
    let bytes = run.model("h").unwrap();

    // Continued for 20 more games: the saved curve first, then new points.
    let mut more = resume(&bytes, 50.0, None).unwrap();
    assert_eq!(games(&more), 30.0);
    let saved = curve_len(&more);
    assert_eq!(saved, curve_len(&run));
    while !more.done() {
        more.step(n(7.0)).unwrap();
    }
    assert_eq!(games(&more), 50.0);
    assert_eq!(curve_len(&more), saved + 2);
    // The continued run is saved again and continues again.
    let again = more.model("h2").unwrap();
    let third = resume(&again, 60.0, Some("perfect")).unwrap();
    assert_eq!(games(&third), 50.0);

    let e = message(resume(b"not a model", 10.0, None).err().unwrap());
    assert!(e.contains("not a readable model file"), "{e}");
    let mut corrupt = bytes.clone();
    let mid = corrupt.len() / 2;
    corrupt[mid] ^= 0x55;
    let e = message(resume(&corrupt, 10.0, None).err().unwrap());
    assert!(e.contains("not a readable model file"), "{e}");
    let e = message(resume(&bytes, 30.0, None).err().unwrap());
    assert!(e.contains("further games"), "{e}");
    let e = message(resume(&bytes, 40.0, Some("fox")).err().unwrap());
    assert!(e.contains("unknown hare"), "{e}");
    let e = message(resume(&bytes, -3.0, None).err().unwrap());
    assert!(e.contains("total"), "{e}");

    // A model that is not a run of this game, and a table of the hare.
    let othello = Model::new(Header::new(GameId::of("othello"), Algorithm::QNet, "o"));
    let e = message(resume(&encode(&othello).unwrap(), 5.0, None).err().unwrap());
    assert!(e.contains("cannot continue training"), "{e}");
    let params = QParams {
        alpha: 0.1,
        gamma: 0.9,
        epsilon: 0.5,
    };
    let hare = QLearner::<HareHounds>::new(Side::Second, params)
        .unwrap()
        .to_model("hare", 1)
        .unwrap();
    let e = message(resume(&encode(&hare).unwrap(), 5.0, None).err().unwrap());
    assert!(e.contains("not of the hounds"), "{e}");

    // Hounds that learned beside a learning hare carry its table and go on
    // beside it; without that table they need another hare.
    let runs = preset_runs("hare_hounds", "q_table", "5", seed(1)).unwrap();
    let config = js_sys::Array::from(&runs).get(0);
    js_sys::Reflect::set(&config, &"total_games".into(), &n(5.0)).unwrap();
    js_sys::Reflect::set(&config, &"eval_games".into(), &n(2.0)).unwrap();
    let mut both = Run::create("hare_hounds", "q_table", config).unwrap();
    both.step(n(5.0)).unwrap();
    let saved = both.model("b").unwrap();
    let mut more = resume(&saved, 10.0, None).unwrap();
    more.step(n(5.0)).unwrap();
    assert_eq!(games(&more), 10.0);
    let mut model = decode(&saved).unwrap();
    model.arrays.retain(|a| a.name != "hare_q");
    let e = message(resume(&encode(&model).unwrap(), 10.0, None).err().unwrap());
    assert!(e.contains("learning hare"), "{e}");
}

/// The hints are the Q-table: a trained learner's `analyze` gives, for every
/// legal move of its side in positions along games (its own hinted moves
/// against a random opponent), exactly the table's
/// entry for that move, and marks best the moves of the highest entry.
#[wasm_bindgen_test]
fn hint_values_are_the_q_table_entries() {
    use selfplay::game::Game;
    use selfplay::plugin::Playable;
    #[derive(Deserialize)]
    struct Move {
        text: String,
        value: Option<f64>,
        best: bool,
    }
    #[derive(Deserialize)]
    struct Hints {
        moves: Vec<Move>,
    }
    let runs = preset_runs("hare_hounds", "q_table", "3", seed(1)).unwrap();
    let first = js_sys::Array::from(&runs).get(0);
    let mut run = Run::create("hare_hounds", "q_table", first).unwrap();
    run.step(n(1000.0)).unwrap();
    let bytes = run.model("hints").unwrap();
    let learner = QLearner::<HareHounds>::from_model(&decode(&bytes).unwrap()).unwrap();
    let side = learner.side();
    let mut agent = Agent::new("hare_hounds", "model", JsValue::NULL, Some(bytes)).unwrap();
    let mut checked = 0;
    let mut nonzero = 0;
    for seed_base in 0..6u32 {
        let mut s = Session::new("hare_hounds").unwrap();
        let mut k = 0u64;
        while state(&s).outcome.is_none() {
            let text = s.position();
            let g = <HareHounds as Playable>::parse_position(&text).unwrap();
            if g.to_move() == side {
                let v = agent.analyze(&text, None, None).unwrap();
                let hints: Hints = serde_wasm_bindgen::from_value(v).unwrap();
                let mut legal = Vec::new();
                g.legal_moves(&mut legal);
                assert_eq!(hints.moves.len(), legal.len(), "{text}");
                let top = legal
                    .iter()
                    .map(|&m| learner.q_value(&g, m))
                    .fold(f32::NEG_INFINITY, f32::max);
                for h in &hints.moves {
                    let m = HareHounds::parse_move(&h.text).unwrap();
                    assert!(legal.contains(&m), "{text} {}", h.text);
                    let q = learner.q_value(&g, m);
                    assert_eq!(h.value, Some(f64::from(q)), "{text} {}", h.text);
                    assert_eq!(h.best, q == top, "{text} {}", h.text);
                    checked += 1;
                    nonzero += usize::from(q != 0.0);
                }
                // The learner follows its hints (positions it has learned
                // about); the other side plays at random.
                let best = hints.moves.iter().find(|h| h.best).unwrap();
                s.play(&best.text).unwrap();
            } else {
                s.ai_move("random", seed(u64::from(seed_base) * 1000 + k))
                    .unwrap();
                k += 1;
            }
        }
    }
    assert!(
        checked > 50 && nonzero > 10,
        "{checked} values, {nonzero} non-zero"
    );
}
