//! The Hare and Hounds part of the wasm API, run in node by wasm-bindgen-test:
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
use selfplay::web::hare_hounds::{hh_preset, HhRun};
use selfplay::web::{Session, SessionState};
use wasm_bindgen::{JsError, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn message(e: JsError) -> String {
    let v = JsValue::from(e);
    js_sys::Error::from(v).message().into()
}

fn state(s: &Session) -> SessionState {
    serde_wasm_bindgen::from_value(s.state().expect("state")).expect("documented shape")
}

#[wasm_bindgen_test]
fn illegal_and_unknown_moves_are_errors() {
    let mut s = Session::new("hare_hounds").unwrap();
    let e = message(s.play("R-c").unwrap_err());
    assert!(e.contains("not a legal move for Hounds"), "{e}");
    let e = message(s.play("L-z").unwrap_err());
    assert!(e.contains("not a Hare and Hounds move"), "{e}");
    let e = message(s.ai_move("simple", 1.0).unwrap_err());
    assert!(e.contains("hare strategy"), "{e}");
    let e = message(s.ai_move("learned", 1.0).unwrap_err());
    assert!(e.contains("no learned model"), "{e}");
    let e = message(s.ai_move("cheetah", 1.0).unwrap_err());
    assert!(e.contains("unknown player"), "{e}");
    let e = message(s.set_learned(b"not a model").unwrap_err());
    assert!(!e.is_empty());
    assert_eq!(state(&s).cursor, 0);
    s.play("a-e").unwrap();
    let st = state(&s);
    assert_eq!(st.to_move, Some(1));
    assert!(st.hints.is_some());
}

#[wasm_bindgen_test]
fn unknown_presets_and_bad_configurations_are_errors() {
    let e = message(hh_preset(9, 1.0, JsValue::NULL).unwrap_err());
    assert!(e.contains("there is no experiment 9"), "{e}");
    let e = message(hh_preset(3, -1.0, JsValue::NULL).unwrap_err());
    assert!(e.contains("seed"), "{e}");
    let e = message(hh_preset(4, 1.0, JsValue::from_str("probes")).unwrap_err());
    assert!(e.contains("probes must be"), "{e}");
    let e = message(HhRun::new(JsValue::from_str("nonsense")).err().unwrap());
    assert!(e.contains("not a run configuration"), "{e}");

    // A valid preset runs in chunks and gives a model file.
    let runs = hh_preset(3, 1.0, JsValue::NULL).unwrap();
    let first = js_sys::Array::from(&runs).get(0);
    let mut run = HhRun::new(first).unwrap();
    let points = js_sys::Array::from(&run.step(20).unwrap());
    assert!(points.length() >= 2);
    assert_eq!(run.games(), 20.0);
    assert!(!run.done());
    let bytes = run.hounds_model("h").unwrap();
    let mut s = Session::new("hare_hounds").unwrap();
    s.set_learned(&bytes).unwrap();
    assert!(state(&s).hints.unwrap().moves.iter().all(|m| m.q.is_some()));
}

#[wasm_bindgen_test]
fn a_saved_run_continues_and_wrong_models_are_refused() {
    let runs = hh_preset(3, 2.0, JsValue::NULL).unwrap();
    let mut run = HhRun::new(js_sys::Array::from(&runs).get(0)).unwrap();
    run.step(30).unwrap();
    let bytes = run.hounds_model("h").unwrap();

    // Continued for 20 more games: the saved curve first, then new points.
    let mut more = HhRun::from_model(&bytes, 20.0, None, None).unwrap();
    assert_eq!(more.games(), 30.0);
    let saved = js_sys::Array::from(&more.curve().unwrap()).length();
    assert_eq!(saved, js_sys::Array::from(&run.curve().unwrap()).length());
    while !more.done() {
        more.step(7).unwrap();
    }
    assert_eq!(more.games(), 50.0);
    assert_eq!(
        js_sys::Array::from(&more.curve().unwrap()).length(),
        saved + 2
    );
    // The continued run is saved again and continues again.
    let again = more.hounds_model("h2").unwrap();
    let third = HhRun::from_model(&again, 10.0, Some("perfect".into()), Some(4.0)).unwrap();
    assert_eq!(third.games(), 50.0);

    let e = message(
        HhRun::from_model(b"not a model", 10.0, None, None)
            .err()
            .unwrap(),
    );
    assert!(e.contains("not a readable model file"), "{e}");
    let mut corrupt = bytes.clone();
    let mid = corrupt.len() / 2;
    corrupt[mid] ^= 0x55;
    let e = message(HhRun::from_model(&corrupt, 10.0, None, None).err().unwrap());
    assert!(e.contains("not a readable model file"), "{e}");
    let e = message(HhRun::from_model(&bytes, 0.0, None, None).err().unwrap());
    assert!(e.contains("further games"), "{e}");
    let e = message(
        HhRun::from_model(&bytes, 10.0, Some("fox".into()), None)
            .err()
            .unwrap(),
    );
    assert!(e.contains("unknown hare"), "{e}");
    let e = message(
        HhRun::from_model(&bytes, 10.0, None, Some(-3.0))
            .err()
            .unwrap(),
    );
    assert!(e.contains("seed"), "{e}");

    // A model of another game, and a table of the hare.
    let othello = Model::new(Header::new(GameId::Othello, Algorithm::QNet, "o"));
    let e = message(
        HhRun::from_model(&encode(&othello).unwrap(), 5.0, None, None)
            .err()
            .unwrap(),
    );
    assert!(e.contains("for Othello, not Hare and Hounds"), "{e}");
    let params = QParams {
        alpha: 0.1,
        gamma: 0.9,
        epsilon: 0.5,
    };
    let hare = QLearner::<HareHounds>::new(Side::Second, params)
        .unwrap()
        .to_model("hare", 1)
        .unwrap();
    let e = message(
        HhRun::from_model(&encode(&hare).unwrap(), 5.0, None, None)
            .err()
            .unwrap(),
    );
    assert!(e.contains("not of the hounds"), "{e}");

    // Hounds that learned beside a learning hare carry its table and go on
    // beside it; without that table they need another hare.
    let runs = hh_preset(5, 1.0, JsValue::NULL).unwrap();
    let config = js_sys::Array::from(&runs).get(0);
    js_sys::Reflect::set(&config, &"total_games".into(), &JsValue::from(5.0)).unwrap();
    js_sys::Reflect::set(&config, &"eval_games".into(), &JsValue::from(2.0)).unwrap();
    let mut both = HhRun::new(config).unwrap();
    both.step(5).unwrap();
    let saved = both.hounds_model("b").unwrap();
    let mut more = HhRun::from_model(&saved, 5.0, None, None).unwrap();
    more.step(5).unwrap();
    assert_eq!(more.games(), 10.0);
    let mut model = decode(&saved).unwrap();
    model.arrays.retain(|a| a.name != "hare_q");
    let e = message(
        HhRun::from_model(&encode(&model).unwrap(), 5.0, None, None)
            .err()
            .unwrap(),
    );
    assert!(e.contains("learning hare"), "{e}");
}
