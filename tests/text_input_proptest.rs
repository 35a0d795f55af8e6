//! Property tests of every entry point that reads text from JavaScript:
//! moves, positions, transcripts and player names, for every playable game.
//! Arbitrary Unicode (multi-byte characters included, where a byte-offset
//! slice would panic) gives an error or a result, never a panic, and a
//! refused input leaves the game as it was.

use proptest::prelude::*;
use selfplay::games::entry;
use selfplay::games::REGISTRY;
use selfplay::search::budget::Budget;

/// Text that looks like notation, mixed with multi-byte characters.
fn notation_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[a-iA-I][0-9]",
        Just("pass".to_string()),
        Just("--".to_string()),
        Just("-".to_string()),
        "[LRa-iXO.\\- ]{1,3}",
        "[€é🂡ñ\u{0301}]",
        any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![notation_like(), any::<String>(), "\\PC{0,80}"]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn text_from_javascript_never_panics(text in any_text(), game in 0usize..REGISTRY.len()) {
        let e = REGISTRY[game];
        let mut s = e.new_session();
        // Two legal moves first, so that a refused input has something to keep.
        for _ in 0..2 {
            let m = s.state().legal[0].text.clone();
            s.play(&m).unwrap();
        }
        let before = s.transcript();
        if s.play(&text).is_err() {
            prop_assert_eq!(s.transcript(), before.clone());
        }
        let before = s.transcript();
        if s.load_transcript(&text).is_err() {
            prop_assert_eq!(s.transcript(), before.clone());
        }
        let before = s.transcript();
        if s.load_position(&text).is_err() {
            prop_assert_eq!(s.transcript(), before);
        }
        let position = s.position();
        if let Ok(mut agent) = e.agent(&text, &serde_json::Value::Null, None) {
            let _ = agent.think(&position, 1, &mut Budget::unlimited());
        }
        if let Ok(mut agent) = e.agent("random", &serde_json::Value::Null, None) {
            let _ = agent.think(&text, 1, &mut Budget::unlimited());
            let _ = agent.analyze(&text, &mut Budget::unlimited());
        }
        let _ = entry(&text);
    }
}
