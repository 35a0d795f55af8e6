//! The search player's settings: the fields a visitor sets, how they are
//! read, and the settings a saved set of coefficients plays with.

use serde_json::Value;

use super::search_player::SearchSettings;
use super::weighted::Weights;
use crate::model::Model;
use crate::plugin::FieldSpec;

/// Weights in words, as they differ from the study's: "the study's
/// weights", or "the study's weights except corners (a) 77, mobility (v) 3".
pub(super) fn weights_in_words(w: Weights) -> String {
    let changed: Vec<String> = Weights::NAMES
        .iter()
        .zip(Weights::WORDS)
        .zip(w.to_array().into_iter().zip(Weights::STUDY.to_array()))
        .filter(|(_, (v, study))| v != study)
        .map(|((name, words), (v, _))| {
            let sign = if v < 0.0 { "−" } else { "" };
            format!("{words} ({name}) {sign}{}", v.abs())
        })
        .collect();
    if changed.is_empty() {
        "the study's weights".into()
    } else {
        format!("the study's weights except {}", changed.join(", "))
    }
}

/// The search player's settings a visitor sets.
pub(super) fn search_fields() -> Vec<FieldSpec> {
    let mut fields = vec![
        FieldSpec::int(
            "level",
            "Level",
            "1 looks one move ahead and plays the last 2 squares perfectly; 10 looks 10 moves ahead and plays the last 20 perfectly.",
            1,
            10,
            4,
        ),
        FieldSpec::float(
            "noise",
            "Randomness",
            "Adds a random amount up to this much to every value it computes, so that two games differ.",
            (0.0, 1000.0),
            1.0,
            0.0,
        ),
    ];
    for ((name, value), words) in Weights::NAMES
        .iter()
        .zip(Weights::STUDY.to_array())
        .zip(Weights::WORDS)
    {
        let help = if *name == "v" {
            "The value of each legal move it has more than its opponent (mobility).".to_string()
        } else {
            format!("The value of a disc on {words}.")
        };
        fields.push(FieldSpec::float(
            &format!("weights.{name}"),
            &format!("Weight {name}"),
            &help,
            (-10_000.0, 10_000.0),
            1.0,
            value,
        ));
    }
    fields
}

/// Search settings from a page's settings object: a `level` (default 4),
/// then any of `depth`, `endgame`, `noise` and `weights` (some or all of the
/// seven coefficients) over it.
pub(super) fn search_settings(v: &Value) -> Result<SearchSettings, String> {
    let level = match v.get("level") {
        None | Some(Value::Null) => 4,
        Some(l) => l
            .as_u64()
            .filter(|l| (1..=10).contains(l))
            .ok_or_else(|| format!("the level must be from 1 to 10, not {l}"))?
            as u32,
    };
    let mut s = SearchSettings::level(level);
    if let Some(d) = v.get("depth").and_then(Value::as_u64) {
        s.depth = d.min(u64::from(u32::MAX)) as u32;
    }
    if let Some(e) = v.get("endgame").and_then(Value::as_u64) {
        s.endgame = e.min(u64::from(u32::MAX)) as u32;
    }
    if let Some(n) = v.get("noise").and_then(Value::as_f64) {
        s.noise = n;
    }
    if let Some(w) = v.get("weights") {
        if let Some(name) = w
            .as_object()
            .and_then(|m| m.keys().find(|k| !Weights::NAMES.contains(&k.as_str())))
        {
            return Err(format!(
                "there is no coefficient '{name}' (the coefficients are {})",
                Weights::NAMES.join(", ")
            ));
        }
        let mut arr = s.weights.to_array();
        for (i, name) in Weights::NAMES.iter().enumerate() {
            if let Some(x) = w.get(*name) {
                arr[i] = x
                    .as_f64()
                    .ok_or_else(|| format!("the weight {name} must be a number, not {x}"))?;
            }
        }
        s.weights = Weights::from_array(arr);
    }
    s.validate()?;
    Ok(s)
}

/// The search player's settings in a normal form, checked: `level`,
/// `noise`, the seven `weights`, and `depth` and `endgame` where given.
pub(super) fn normal_search_settings(v: &Value) -> Result<Value, String> {
    let s = search_settings(v)?;
    let mut out = serde_json::Map::new();
    let level = v.get("level").and_then(Value::as_u64).unwrap_or(4);
    out.insert("level".into(), level.into());
    for (key, value) in [("depth", s.depth), ("endgame", s.endgame)] {
        if v.get(key).is_some_and(|x| !x.is_null()) {
            out.insert(key.into(), value.into());
        }
    }
    out.insert("noise".into(), s.noise.into());
    out.insert(
        "weights".into(),
        serde_json::to_value(s.weights).map_err(|e| e.to_string())?,
    );
    Ok(Value::Object(out))
}

/// The search player's settings a saved set of coefficients holds (absent
/// from the models of a genetic run, which hold only their weights).
pub(super) const PLAYER_SETTINGS: &str = "player_settings";

/// The settings a weights model plays with: those it keeps, then `settings`
/// (the page's or the command line's) over them.
pub(super) fn weights_model_settings(
    model: &Model,
    settings: &Value,
) -> Result<SearchSettings, String> {
    let mut merged = match model.header.hyper.get(PLAYER_SETTINGS) {
        Some(Value::Object(m)) => m.clone(),
        _ => serde_json::Map::new(),
    };
    if let Value::Object(given) = settings {
        for (k, v) in given {
            if !v.is_null() {
                merged.insert(k.clone(), v.clone());
            }
        }
    }
    let mut s = search_settings(&Value::Object(merged))?;
    s.weights = model_weights(model)?;
    Ok(s)
}

/// The best coefficients a tuning model plays with.
pub fn model_weights(model: &Model) -> Result<Weights, String> {
    let w: Weights = serde_json::from_value(
        model
            .header
            .hyper
            .get("weights")
            .cloned()
            .ok_or("the model has no weights")?,
    )
    .map_err(|e| format!("bad weights: {e}"))?;
    w.validate()?;
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::othello::entry::Entry;
    use crate::games::othello::Board;
    use crate::model::Algorithm;
    use crate::plugin::{GameEntry, Playable};

    use crate::games::{describe_model, kept_settings};
    use crate::model::{decode, encode};

    fn kept(settings: Value) -> Model {
        let m =
            crate::plugin::settings_model(&Entry, "search", &settings, " corners first ").unwrap();
        decode(&encode(&m).unwrap()).unwrap()
    }

    #[test]
    fn search_settings_kept_as_a_model_come_back_whole() {
        let m = kept(serde_json::json!({
            "level": 6, "noise": 2.5, "weights": { "a": 90.0, "v": 0.0 }
        }));
        assert_eq!(m.header.name, "corners first");
        assert_eq!(m.header.algorithm, Algorithm::GaWeights);
        assert!(m.arrays.is_empty());
        let s = kept_settings(&m).unwrap();
        assert_eq!(s.player, "search");
        assert_eq!(s.settings["level"], 6);
        assert_eq!(s.settings["noise"], 2.5);
        // The weights not given keep the study's hand-set values.
        let w: Weights = serde_json::from_value(s.settings["weights"].clone()).unwrap();
        let mut expected = Weights::STUDY.to_array();
        expected[0] = 90.0;
        expected[6] = 0.0;
        assert_eq!(w.to_array(), expected);
        let use_ = describe_model(&m).unwrap();
        assert!(use_.plays && use_.continues_as.is_none());
        assert!(use_.summary.contains("level 6"), "{}", use_.summary);
        assert_eq!(weights_in_words(Weights::STUDY), "the study's weights");
        let w = Weights {
            b: -12.5,
            ..Weights::STUDY
        };
        assert_eq!(
            weights_in_words(w),
            "the study's weights except edge squares next to a corner (b) −12.5"
        );
        assert!(
            use_.summary
                .contains("the study's weights except corners (a) 90, mobility (v) 0"),
            "{}",
            use_.summary
        );
    }

    #[test]
    fn a_kept_set_plays_with_its_own_level_unless_told_otherwise() {
        let m = kept(serde_json::json!({ "level": 1, "weights": { "a": 90.0 } }));
        let s = weights_model_settings(&m, &Value::Null).unwrap();
        assert_eq!(
            (s.depth, s.weights.a),
            (SearchSettings::level(1).depth, 90.0)
        );
        let s = weights_model_settings(&m, &serde_json::json!({ "level": 3 })).unwrap();
        assert_eq!(s.depth, SearchSettings::level(3).depth);
        // It plays as the model player.
        let mut agent = Entry.agent("model", &Value::Null, Some(&m)).unwrap();
        let start = Board::start().position_text();
        let mut budget = crate::search::budget::Budget::unlimited();
        assert!(agent.think(&start, 1, &mut budget).is_ok());
    }

    #[test]
    fn bad_settings_and_other_players_are_refused() {
        let e = crate::plugin::settings_model(
            &Entry,
            "search",
            &serde_json::json!({ "level": 11 }),
            "x",
        )
        .unwrap_err();
        assert!(e.contains("level"), "{e}");
        let e = crate::plugin::settings_model(
            &Entry,
            "search",
            &serde_json::json!({ "weights": { "z": 1.0 } }),
            "x",
        )
        .unwrap_err();
        assert!(!e.is_empty());
        let e =
            crate::plugin::settings_model(&Entry, "msb", &serde_json::json!({}), "x").unwrap_err();
        assert!(e.contains("msb"), "{e}");
    }
}
