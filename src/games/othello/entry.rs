//! Othello's plug-in: what the page shows of a position, the fixed players,
//! the Q-network run, models, benchmarks and the CLI.

use serde_json::Value;

use super::learners::ga::model_weights;
use super::learners::KINDS;
use super::players::FIXED;
use super::search_player::SearchPlayer;
use super::Board;
use crate::model::{Algorithm, Model};
use crate::plugin::{
    GameEntry, GameInfo, KeptSettings, LadderOpenings, MakeAgent, PlayerEntry, PlayerInfo,
    PlayerSettings, TypedAgent,
};

use super::settings::{normal_search_settings, search_fields, search_settings, PLAYER_SETTINGS};

/// Othello's entry in the registry.
pub struct Entry;

impl GameEntry for Entry {
    crate::plugin::entry_of_rules!(Board, KINDS);

    fn ready_models(&self) -> crate::plugin::ReadySet {
        use crate::plugin::{ReadyRecipe, ReadySet};
        ReadySet::native(|| {
            ReadySet {
                recipes: vec![
                    ReadyRecipe {
                        id: "msb",
                        name: "Network trained against MSB",
                        short: "Net vs MSB",
                        about: "The study's Q-network (QL1, 64 hidden units, arctan) learning by playing MSB, the fixed player that keeps stable discs.",
                        kind: super::learners::qnet::QNET,
                        preset: "ql1-h64-arctan-msb",
                        stages: &[1_000, 10_000, 100_000, 1_000_000],
                        ..ReadyRecipe::BASE
                    },
                    ReadyRecipe {
                        id: "self",
                        name: "Network trained by self-play",
                        short: "Net self-play",
                        about: "The study's Q-network (QL1, 64 hidden units, arctan) learning by playing itself.",
                        kind: super::learners::qnet::QNET,
                        preset: "ql1-h64-arctan-self",
                        stages: &[1_000, 10_000, 100_000],
                        ..ReadyRecipe::BASE
                    },
                    ReadyRecipe {
                        id: "ntuple",
                        name: "N-tuple network by self-play",
                        short: "N-tuple net",
                        about: "A value for every way each small group of squares (a corner, a 2×5 corner block, an edge, a row, a diagonal) can be filled, learned by playing itself two million games, with a set of tables for each eighth of the game, blended: the shapes of Michael Buro's Logistello. Its score against the fixed players undersells it: in the Ladder it rates far above every network trained against MSB. Give it a level (under the player lists) and it looks ahead, each level described by its score against Egaroucid for Web, the strongest Othello program that runs in a browser.",
                        kind: super::learners::ntuple::NTUPLE,
                        preset: "logistello",
                        stages: &[2_000_000],
                        ..ReadyRecipe::BASE
                    },
                ],
                seed: 1,
                ladder_openings: 50,
                ladder_seats: vec![
                    ("random", ""),
                    ("mvb", ""),
                    ("msb", ""),
                    ("search", r#"{"level":1}"#),
                    ("search", r#"{"level":2}"#),
                    ("search", r#"{"level":3}"#),
                    ("search", r#"{"level":4}"#),
                ],
                ..ReadySet::default()
            }
        })
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            ladder_openings: super::ladder::OPENING_COUNT,
            model_settings: vec![super::levels::field()],
            ..grid_info()
        }
    }

    fn ladder(&self) -> LadderOpenings {
        LadderOpenings::listed(super::ladder::openings)
    }

    fn players(&self) -> Vec<PlayerEntry> {
        let makes: [MakeAgent; 3] = [fixed::<0>, fixed::<1>, fixed::<2>];
        let fixed = FIXED
            .iter()
            .zip(makes)
            .map(|(f, make)| PlayerEntry::new(PlayerInfo::simple(f.id, f.label, f.about), make));
        let search = PlayerEntry::new(
            PlayerInfo {
                searches: true,
                settings: search_fields(),
                saves_settings: true,
                ..PlayerInfo::simple(
                    "search",
                    "Search",
                    "looks ahead with the Reversi study's evaluation",
                )
            },
            |settings| {
                let seed = settings.get("seed").and_then(Value::as_u64).unwrap_or(0);
                let settings = search_settings(settings)?;
                Ok(TypedAgent::new(Box::new(SearchPlayer::new(settings, seed)?)).boxed())
            },
        );
        fixed.chain([search]).collect()
    }

    fn kept_settings(&self) -> Option<&'static dyn KeptSettings> {
        Some(&SearchSettingsKept)
    }

    fn benches(&self) -> crate::plugin::Benches {
        crate::plugin::Benches::built(super::bench::benches)
    }
}

/// The search player's settings, kept as a model file of the tuning
/// algorithm's kind (weights and all); a tuned model's weights read back as
/// the search player's.
struct SearchSettingsKept;

impl KeptSettings for SearchSettingsKept {
    fn save(&self, player: &str, settings: &Value, name: &str) -> Result<Model, String> {
        if player != "search" {
            return Err(format!(
                "only the search player's settings can be kept, not '{player}''s"
            ));
        }
        let normal = normal_search_settings(settings)?;
        let mut header = crate::model::Header::new(
            crate::model::GameId::of("othello"),
            Algorithm::GaWeights,
            name.trim(),
        );
        header.encoding = "weighted-squares-mobility".into();
        header
            .hyper
            .insert("weights".into(), normal["weights"].clone());
        header.hyper.insert(PLAYER_SETTINGS.into(), normal);
        let model = Model::new(header);
        model.header.check().map_err(|e| e.to_string())?;
        Ok(model)
    }

    fn read(&self, model: &Model) -> Option<PlayerSettings> {
        if model.header.algorithm != Algorithm::GaWeights {
            return None;
        }
        let settings = match model.header.hyper.get(PLAYER_SETTINGS) {
            Some(s) => normal_search_settings(s).ok()?,
            None => {
                serde_json::json!({ "weights": serde_json::to_value(model_weights(model).ok()?).ok()? })
            }
        };
        Some(PlayerSettings {
            player: "search".into(),
            settings,
        })
    }
}

/// The agent of the fixed player `FIXED[I]`, whatever its settings.
fn fixed<const I: usize>(_: &Value) -> Result<Box<dyn crate::plugin::DynAgent>, String> {
    Ok(TypedAgent::new((FIXED[I].make)()).boxed())
}

/// The game's description, its ladder aside.
fn grid_info() -> GameInfo {
    GameInfo::grid::<Board>(
        &Entry,
        "Flip discs on an 8×8 board; a network learns from its own games and plays the study's fixed strategies.",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::describe_model;
    use crate::games::othello::learners::qnet::QNetKind;
    use crate::games::othello::learners::{presets, QNetRun, TrainerConfig};
    use crate::plugin::RunKind;
    use crate::plugin::Training as _;
    use crate::plugin::{DynRun, RunProgress};

    #[test]
    fn a_search_players_kept_settings_show_no_weight_table() {
        let model = crate::plugin::settings_model(
            &Entry,
            "search",
            &serde_json::json!({ "level": 3 }),
            "kept",
        )
        .unwrap();
        assert!(!Entry.describe_model(&model).unwrap().weights);
        assert!(Entry.weight_table(&model).unwrap().is_none());
    }

    #[test]
    fn othello_networks_are_described_from_their_curve() {
        let config = TrainerConfig {
            games: 40,
            eval_every: 20,
            eval_games: 4,
            hidden: 8,
            ..TrainerConfig::default()
        };
        let mut t = QNetRun::new(config).unwrap();
        t.train(40);
        let e = describe_model(&t.model("").unwrap()).unwrap();
        assert_eq!(e.summary, "QL1 · 8 hidden · arctan · self-play");
        // random, MVB and MSB, each as black and as white.
        assert_eq!(e.win_rates.len(), 6, "{:?}", e.win_rates);
        assert!(e.win_rates.contains_key("vs MSB as white"));
        assert!(e.win_rates.values().all(|v| (0.0..=100.0).contains(v)));
    }

    #[test]
    fn a_run_through_the_plug_in_matches_the_trainer() {
        let config = serde_json::json!({
            "games": 60, "eval_every": 30, "eval_games": 4, "hidden": 8, "seed": 3
        });
        let mut run = Entry.new_run("qnet", &config).unwrap();
        // The untrained network's point is measured as the run is made.
        let mut points = run.points();
        assert_eq!(points.len(), 1);
        while !run.is_done() {
            points.extend(run.step(25));
        }
        assert_eq!(
            run.progress(),
            RunProgress {
                done: 60,
                total: 60
            }
        );
        assert_eq!(points, run.points());
        // Curve points at 0, 30 and 60 games, each with six series.
        assert_eq!(points.iter().map(|p| p.x).collect::<Vec<_>>(), [0, 30, 60]);
        assert!(points.iter().all(|p| p.y.len() == 6));
        // Each win rate comes with the number of games it was measured on:
        // a whole number of wins out of that many.
        for p in &points {
            assert_eq!(p.n.len(), 6, "{p:?}");
            for (id, &n) in &p.n {
                let wins = p.y[id] * n as f64 / 100.0;
                assert!(n > 0 && (wins - wins.round()).abs() < 1e-9, "{id}: {p:?}");
            }
        }
        let ids: Vec<String> = run.series().into_iter().map(|s| s.id).collect();
        assert!(points[0].y.keys().all(|k| ids.contains(k)));
        // The same run by the trainer itself gives the same weights.
        let mut t = QNetRun::new(serde_json::from_value(config).unwrap()).unwrap();
        t.train(60);
        let a = run.model("a").unwrap();
        let b = t.model("").unwrap();
        assert_eq!(a.arrays, b.arrays);
        assert_eq!(a.header.name, "a");
    }

    #[test]
    fn presets_are_named_and_sized_for_the_page() {
        let kind = RunKind::info(&QNetKind);
        let full = kind
            .presets
            .iter()
            .filter(|p| p.group != crate::plugin::DEMO_GROUP)
            .count();
        assert_eq!(full, presets().len());
        let main = kind
            .presets
            .iter()
            .find(|p| p.id == "ql1-h64-arctan-self")
            .unwrap();
        assert_eq!(main.name, "QL1, 64 hidden units, arctan — self-play");
        assert!(
            main.sentence.contains("the study's main run"),
            "{}",
            main.sentence
        );
        let runs = Entry.preset_runs("qnet", "ql1-h64-arctan-self", 7).unwrap();
        let c: TrainerConfig = serde_json::from_value(runs[0].clone()).unwrap();
        assert_eq!((c.seed, c.games, c.eval_every), (7, 10_000_000, 100_000));
        assert!(Entry.preset_runs("qnet", "nope", 1).is_err());
    }
}
