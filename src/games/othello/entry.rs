//! Othello's plug-in: what the page shows of a position, the fixed players,
//! the Q-network run, models, benchmarks and the CLI.

use std::collections::BTreeMap;

use serde_json::Value;

#[cfg(feature = "extra-learners")]
use super::learn::ga::GaRun;
use super::learn::ga::{model_weights, GaSettings};
use super::learn::ntuple;
#[cfg(feature = "extra-learners")]
use super::learn::{ntuple::NTupleConfig, ntuple_run::NTupleRun};
use super::learn::{TrainOpponent, Trainer, TrainerConfig};
use super::players::by_name;
use super::qnet::QNetPlayer;
use super::runs::{opponent_title, GA, NTUPLE, QNET};
use super::search_player::SearchPlayer;
use super::Board;
use crate::game::Game;
use crate::model::{Algorithm, Model};
use crate::plugin::run::percent;
use crate::plugin::trainer::TrainerRun;
use crate::plugin::{
    DynAgent, DynRun, DynSession, GameEntry, GameInfo, ModelUse, Playable, PlayerInfo,
    PlayerSettings, ResumeOptions, TypedAgent, TypedSession,
};

use super::run_kinds::{ga_kind, ntuple_kind, qnet_kind};
use super::settings::{
    normal_search_settings, search_fields, search_settings, weights_model_settings, PLAYER_SETTINGS,
};

/// Othello's entry in the registry.
pub struct Entry;

impl GameEntry for Entry {
    #[cfg(not(target_arch = "wasm32"))]
    fn ready_models(&self) -> crate::plugin::ReadySet {
        use crate::plugin::{ReadyRecipe, ReadySet};
        ReadySet {
            recipes: vec![
                ReadyRecipe {
                    id: "msb",
                    name: "Network trained against MSB",
                    short: "Net vs MSB",
                    about: "The study's Q-network (QL1, 64 hidden units, arctan) learning by playing MSB, the fixed player that keeps stable discs.",
                    kind: QNET,
                    preset: "ql1-h64-arctan-msb",
                    seed: 1,
                    index: 0,
                    sets: &[],
                    stages: &[1_000, 10_000, 100_000, 1_000_000],
                    part: "",
                },
                ReadyRecipe {
                    id: "self",
                    name: "Network trained by self-play",
                    short: "Net self-play",
                    about: "The study's Q-network (QL1, 64 hidden units, arctan) learning by playing itself.",
                    kind: QNET,
                    preset: "ql1-h64-arctan-self",
                    seed: 1,
                    index: 0,
                    sets: &[],
                    stages: &[1_000, 10_000, 100_000],
                    part: "",
                },
                ReadyRecipe {
                    id: "ntuple",
                    name: "N-tuple network by self-play",
                    short: "N-tuple net",
                    about: "A value for every way each small group of squares (a corner, an edge, a row, a diagonal) can be filled, learned by playing itself, with the tables of two parts of the game blended. Its score against the fixed players undersells it: in the Ladder it rates far above every network trained against MSB.",
                    kind: NTUPLE,
                    preset: "blended",
                    seed: 1,
                    index: 0,
                    sets: &[],
                    stages: &[100_000, 500_000],
                    part: "",
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
        }
    }

    fn id(&self) -> &'static str {
        Board::NAME
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            ladder_openings: super::ladder::OPENING_COUNT,
            model_settings: vec![super::levels::field()],
            ..grid_info()
        }
    }

    #[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
    fn ladder_openings(&self) -> Vec<String> {
        super::ladder::openings()
    }

    fn new_session(&self) -> Box<dyn DynSession> {
        Box::new(TypedSession::<Board>::default())
    }

    fn agent(
        &self,
        name: &str,
        settings: &Value,
        model: Option<&Model>,
    ) -> Result<Box<dyn DynAgent>, String> {
        match (name.trim(), model) {
            ("model", Some(model)) if model.header.algorithm == Algorithm::GaWeights => {
                // Tuned or saved weights play as the search player.
                let s = weights_model_settings(model, settings)?;
                let seed = settings.get("seed").and_then(Value::as_u64).unwrap_or(0);
                Ok(TypedAgent::new(Box::new(SearchPlayer::new(s, seed)?)).boxed())
            }
            ("model", Some(model)) if model.header.algorithm == Algorithm::NTuple => {
                let (_, net) = ntuple::read_model(model)?;
                Ok(TypedAgent::new(super::levels::player(net, settings)?).boxed())
            }
            ("model", Some(model)) => {
                let trainer = Trainer::from_model(model)?;
                Ok(TypedAgent::new(Box::new(QNetPlayer::new(trainer.net().clone()))).boxed())
            }
            ("model", None) => Err("the model player needs a model file".into()),
            ("search", _) => {
                let seed = settings.get("seed").and_then(Value::as_u64).unwrap_or(0);
                let settings = search_settings(settings)?;
                Ok(TypedAgent::new(Box::new(SearchPlayer::new(settings, seed)?)).boxed())
            }
            (name, _) => Ok(TypedAgent::new(by_name(name).map_err(|e| e.0)?).boxed()),
        }
    }

    fn preset_runs(&self, kind: &str, preset: &str, seed: u64) -> Result<Vec<Value>, String> {
        if kind == GA {
            let generations = match preset {
                "study-20" => 20,
                "study-50" => 50,
                _ => return Err(crate::plugin::unknown_preset(Board::TITLE, kind, preset)),
            };
            let s = GaSettings {
                generations,
                seed,
                ..GaSettings::default()
            };
            return Ok(vec![serde_json::to_value(s).map_err(|e| e.to_string())?]);
        }
        if kind == NTUPLE {
            let mut c = ntuple::preset(preset)
                .ok_or_else(|| crate::plugin::unknown_preset(Board::TITLE, kind, preset))?;
            c.seed = seed;
            return Ok(vec![serde_json::to_value(c).map_err(|e| e.to_string())?]);
        }
        if kind != QNET {
            return Err(crate::plugin::unknown_preset(Board::TITLE, kind, preset));
        }
        if let Some(full) = crate::plugin::demo_of(preset) {
            let mut config = super::run_kinds::demo_config(super::learn::preset(full)?);
            config.seed = seed;
            return Ok(vec![
                serde_json::to_value(config).map_err(|e| e.to_string())?
            ]);
        }
        let mut config = super::learn::preset(preset)?;
        config.seed = seed;
        // Sized for the page: about a hundred curve points of 100 games each.
        config.eval_every = (config.games / 100).max(1_000);
        config.eval_games = 100;
        Ok(vec![
            serde_json::to_value(config).map_err(|e| e.to_string())?
        ])
    }

    fn new_run(&self, kind: &str, config: &Value) -> Result<Box<dyn DynRun>, String> {
        if kind == GA {
            #[cfg(not(feature = "extra-learners"))]
            return Err(crate::plugin::in_learners_module("genetic algorithm"));
            #[cfg(feature = "extra-learners")]
            {
                let settings: GaSettings = serde_json::from_value(config.clone())
                    .map_err(|e| format!("bad tuning settings: {e}"))?;
                return Ok(TrainerRun::boxed(GaRun::new(settings)?));
            }
        }
        if kind == NTUPLE {
            #[cfg(not(feature = "extra-learners"))]
            return Err(crate::plugin::in_learners_module("n-tuple learner"));
            #[cfg(feature = "extra-learners")]
            {
                let c: NTupleConfig = serde_json::from_value(config.clone())
                    .map_err(|e| format!("bad training settings: {e}"))?;
                return Ok(TrainerRun::boxed(NTupleRun::new(c)?));
            }
        }
        if kind != QNET {
            return Err(format!("Othello has no training run '{kind}'"));
        }
        let config: TrainerConfig = serde_json::from_value(config.clone())
            .map_err(|e| format!("bad training settings: {e}"))?;
        Ok(TrainerRun::boxed(Trainer::new(config)?))
    }

    fn resume_run(
        &self,
        model: &Model,
        options: &ResumeOptions,
    ) -> Result<Box<dyn DynRun>, String> {
        if model.header.algorithm == Algorithm::GaWeights {
            #[cfg(not(feature = "extra-learners"))]
            return Err(crate::plugin::in_learners_module("genetic algorithm"));
            #[cfg(feature = "extra-learners")]
            {
                let mut run = GaRun::from_model(model)?;
                if let Some(total) = options.total {
                    crate::plugin::Trainer::set_total(&mut run, total)?;
                }
                return Ok(TrainerRun::boxed(run));
            }
        }
        if model.header.algorithm == Algorithm::NTuple {
            #[cfg(not(feature = "extra-learners"))]
            return Err(crate::plugin::in_learners_module("n-tuple learner"));
            #[cfg(feature = "extra-learners")]
            return Ok(TrainerRun::boxed(NTupleRun::from_model(
                model,
                options.total,
            )?));
        }
        let mut t = Trainer::from_model(model)?;
        if let Some(total) = options.total {
            t.set_total_games(total)?;
        }
        Ok(TrainerRun::boxed(t))
    }

    fn settings_model(&self, player: &str, settings: &Value, name: &str) -> Result<Model, String> {
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

    fn kept_settings(&self, model: &Model) -> Option<PlayerSettings> {
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

    fn describe_model(&self, model: &Model) -> Result<ModelUse, String> {
        if model.header.algorithm == Algorithm::GaWeights
            && model.header.hyper.contains_key(PLAYER_SETTINGS)
        {
            // A set of coefficients kept from the search player's settings.
            model.only_arrays(|_| false)?;
            let s = weights_model_settings(model, &Value::Null)?;
            let level = model.header.hyper[PLAYER_SETTINGS]
                .get("level")
                .and_then(Value::as_u64)
                .unwrap_or(4);
            let noise = if s.noise > 0.0 {
                format!(" · randomness {}", s.noise)
            } else {
                String::new()
            };
            return Ok(ModelUse {
                summary: format!(
                    "search player's settings · level {level}{noise} · {}",
                    super::settings::weights_in_words(s.weights)
                ),
                win_rates: BTreeMap::new(),
                plays: true,
                side: None,
                continues_as: None,
                weights: false,
            });
        }
        if model.header.algorithm == Algorithm::GaWeights {
            // Read from the header (the best coefficients, and the last
            // curve point's generation), not by rebuilding the run: the
            // tuning state's decoder would add about 10 KB gzipped to the
            // page's first module. Continuing the run reads it all and
            // refuses a broken state with its reason.
            model.only_arrays(|n| ["population", "candidates", "fitness", "rng"].contains(&n))?;
            if !model.header.hyper.contains_key("settings") || model.array("population").is_none() {
                return Err(
                    "not a tuning run of Othello's weights: its settings or population are missing"
                        .into(),
                );
            }
            let w = model_weights(model)?.to_array();
            let generations = model
                .header
                .curve
                .as_array()
                .and_then(|c| c.last())
                .and_then(|p| p.get("x"))
                .and_then(Value::as_u64)
                .unwrap_or(0);
            let coeffs: Vec<String> = super::weighted::Weights::NAMES
                .iter()
                .zip(w)
                .map(|(n, v)| format!("{n} {v:.1}"))
                .collect();
            return Ok(ModelUse {
                summary: format!(
                    "weights tuned over {generations} generations · {}",
                    coeffs.join(" ")
                ),
                win_rates: BTreeMap::new(),
                plays: true,
                side: None,
                continues_as: Some(GA.into()),
                weights: true,
            });
        }
        if model.header.algorithm == Algorithm::NTuple {
            let (c, _) = ntuple::read_model(model)?;
            let curve: Vec<super::learn::EvalPoint> =
                serde_json::from_value(model.header.curve.clone())
                    .map_err(|e| format!("bad curve: {e}"))?;
            let lambda = c.td_name();
            return Ok(ModelUse {
                summary: format!(
                    "n-tuple network · {} · {} phase(s) · {lambda} · {} games",
                    c.patterns.name(),
                    c.phases,
                    model.header.games_trained
                ),
                win_rates: win_rates(&curve),
                plays: true,
                side: None,
                continues_as: Some(NTUPLE.into()),
                weights: false,
            });
        }
        if model.header.algorithm != Algorithm::QNet {
            return Err(crate::plugin::no_learner(model, Board::TITLE));
        }
        let trainer = Trainer::from_model(model)?;
        let c = trainer.config();
        let opponent = match c.opponent {
            TrainOpponent::SelfPlay => "self-play",
            TrainOpponent::Msb => "vs MSB",
        };
        let summary = format!(
            "{} · {} hidden · {} · {opponent}",
            c.encoding.name().to_ascii_uppercase(),
            c.hidden,
            c.activation.name()
        );
        let win_rates = win_rates(trainer.curve());
        Ok(ModelUse {
            summary,
            win_rates,
            plays: true,
            side: None,
            continues_as: Some(QNET.into()),
            weights: false,
        })
    }

    #[cfg(feature = "benchmarks")]
    fn benches(&self) -> Vec<crate::plugin::Bench> {
        vec![
            crate::plugin::Bench {
                name: "othello_perft_9",
                run: |_, secs| super::bench::perft_rate(9, secs),
            },
            crate::plugin::Bench {
                name: "othello_qnet_training",
                run: super::bench::training_rate,
            },
            #[cfg(feature = "extra-learners")]
            crate::plugin::Bench {
                name: "othello_ntuple_fast",
                run: super::bench::ntuple_fast_rate,
            },
            #[cfg(feature = "extra-learners")]
            crate::plugin::Bench {
                name: "othello_ntuple_classic",
                run: super::bench::ntuple_classic_rate,
            },
            #[cfg(feature = "extra-learners")]
            crate::plugin::Bench {
                name: "othello_ntuple_logistello",
                run: super::bench::ntuple_logistello_rate,
            },
            crate::plugin::Bench {
                name: "othello_endgame_ffo",
                run: super::bench::endgame_rate,
            },
        ]
    }

    /// A tuning model's coefficients beside those it started from.
    #[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
    fn weight_table(&self, model: &Model) -> Result<Option<crate::plugin::WeightTable>, String> {
        // A tuning run's model; not a player's kept settings (also GaWeights).
        if model.header.algorithm != Algorithm::GaWeights || !self.describe_model(model)?.weights {
            return Ok(None);
        }
        super::learn::ga::weight_table(model).map(Some)
    }

    #[cfg(feature = "benchmarks")]
    fn long_benches(&self) -> Vec<crate::plugin::Bench> {
        vec![crate::plugin::Bench {
            name: "othello_endgame_ffo_40_49",
            run: super::bench::ffo_40_49_rate,
        }]
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn cli(&self) -> clap::Command {
        crate::cli::game_command::<super::cli::Command>(self.id(), "Othello / Reversi.")
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn run_cli(&self, matches: &clap::ArgMatches) -> Result<(), crate::cli::CliError> {
        super::cli::run(self, crate::cli::game_subcommand(matches)?)
    }
}

/// The win rates of a curve's last point, by opponent and colour.
fn win_rates(curve: &[super::learn::EvalPoint]) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    if let Some(point) = curve.last() {
        for r in &point.results {
            for (side, rec) in [("black", &r.black), ("white", &r.white)] {
                if rec.games() > 0 {
                    out.insert(
                        format!("vs {} as {side}", opponent_title(&r.opponent)),
                        percent(rec.wins, rec.games()),
                    );
                }
            }
        }
    }
    out
}

/// The game's description, its ladder aside.
fn grid_info() -> GameInfo {
    GameInfo::grid::<Board>(
        "Flip discs on an 8×8 board; a network learns from its own games and plays the study's fixed strategies.",
        vec![
            PlayerInfo::simple("random", "Random", "any legal move"),
            PlayerInfo::simple("mvb", "MVB", "most flips"),
            PlayerInfo::simple("msb", "MSB", "most stable discs"),
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
        ],
        vec![qnet_kind(), ntuple_kind(), ga_kind()],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::describe_model;
    use crate::games::othello::learn::presets;
    use crate::model::Kind;
    use crate::plugin::RunProgress;

    #[test]
    fn a_search_players_kept_settings_show_no_weight_table() {
        let model = Entry
            .settings_model("search", &serde_json::json!({ "level": 3 }), "kept")
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
        let mut t = Trainer::new(config).unwrap();
        t.train(40);
        let e = describe_model(&t.to_model(Kind::Model).unwrap()).unwrap();
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
        let mut points = Vec::new();
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
        let mut t = Trainer::new(serde_json::from_value(config).unwrap()).unwrap();
        t.train(60);
        let a = run.model("a").unwrap();
        let b = t.to_model(Kind::Model).unwrap();
        assert_eq!(a.arrays, b.arrays);
        assert_eq!(a.header.name, "a");
    }

    #[test]
    fn presets_are_named_and_sized_for_the_page() {
        let kind = qnet_kind();
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
