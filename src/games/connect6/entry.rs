//! Connect6's plug-in: what the engine, the page and the CLI know of it: its
//! rules, two fixed players and the engine player (with levels), its
//! benchmarks and its commands (`match`, `bench`, `engine`, `train`,
//! `eval`), and the study's learner: its run kind and its models (the
//! learned pattern weights, played by the player `model`).

use serde_json::Value;

use super::engine::{Engine, EngineSettings, MAX_LEVEL, MAX_WIDTH};
use super::hints::{ForcedWin, ForcedWinSettings, ThreatView};
use super::players::{Greedy, NearRandom};
use super::rules::Board;
#[cfg(feature = "extra-learners")]
use super::runs::Run;
use super::runs::{model_learner, WeightsPlayer};
use super::runs::{td_kind, weights_of, RunConfig, TD};
use crate::game::Game;
use crate::model::{Algorithm, Model};
use crate::plugin::{
    DynAgent, DynSession, FieldSpec, GameEntry, GameInfo, ModelUse, Playable, PlayerInfo,
    TypedAgent, TypedSession,
};
#[cfg(feature = "extra-learners")]
use crate::plugin::{DynRun, ResumeOptions, TrainerRun};

/// The engine's settings a visitor sets.
fn engine_fields() -> Vec<FieldSpec> {
    vec![
        FieldSpec::int(
            "level",
            "Level",
            "How long it thinks: about three times longer at each level. Level 3, one to two seconds a turn, wins about 9 games in 10 against Cloudict (a 2011 Computer Olympiad champion) looking two moves ahead, and about half against it looking four.",
            1,
            u64::from(MAX_LEVEL),
            3,
        ),
        FieldSpec::int(
            "width",
            "Width",
            "How many of the best stones it tries at each step (0: the level's, 8 to 12).",
            0,
            u64::from(MAX_WIDTH),
            0,
        ),
    ]
}

/// Openings of the rating ladder: the first three stones of the random player each.
const LADDER_OPENINGS: u32 = 100;

/// Connect6's entry in the registry.
pub struct Entry;

impl GameEntry for Entry {
    fn id(&self) -> &'static str {
        Board::NAME
    }

    #[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
    fn ladder_openings(&self) -> Vec<String> {
        crate::ladder::random_openings(self, LADDER_OPENINGS as usize, 3, 1)
    }

    fn info(&self) -> GameInfo {
        let mut players = vec![
            PlayerInfo::simple("random", "Random", "any free point near the stones"),
            PlayerInfo::simple(
                "greedy",
                "Greedy",
                "wins when it can, blocks threats, else builds lines: one stone ahead",
            ),
            PlayerInfo {
                searches: true,
                settings: engine_fields(),
                ..PlayerInfo::simple(
                    "engine",
                    "Engine",
                    "wins and blocks by the threats, then looks ahead over the best stones",
                )
            },
        ];
        players.push(PlayerInfo::simple(
                "hand",
                "Hand-set weights",
                "the study's original program: hand-set pattern weights, best stone by stone, with the threat search",
        ));
        let runs = vec![td_kind()];
        GameInfo {
            ladder_openings: LADDER_OPENINGS,
            ..GameInfo::grid::<Board>(
                "Two stones a turn on a 19×19 board; six in a row wins.",
                players,
                runs,
            )
        }
    }

    /// The study's learner at three stages of one run: its best refinement
    /// (threat-space search while learning) with the larger step, which
    /// passes 60 % against the hand-set weights in about 2,000 games
    /// (`docs/connect6.md`). A curve point every 1,000 games keeps the
    /// 30,000 games to some minutes.
    #[cfg(not(target_arch = "wasm32"))]
    fn ready_models(&self) -> crate::plugin::ReadySet {
        use crate::plugin::{ReadyRecipe, ReadySet};
        ReadySet {
            recipes: vec![ReadyRecipe {
                id: "td",
                name: "Pattern weights learned by self-play",
                short: "Self-taught",
                about: "The study's TD(0) learner with the threat-space search, its step five times larger (0.5): the 492 pattern weights, started from the hand-set ones, learned in games against itself.",
                kind: TD,
                preset: super::runs::BEYOND[0],
                seed: 1,
                index: 0,
                sets: &[("eval_every", "1000")],
                stages: &[500, 2_000, 30_000],
                part: "",
            }],
            seed: 1,
            ladder_openings: LADDER_OPENINGS,
            ladder_seats: vec![
                ("random", ""),
                ("greedy", ""),
                ("hand", ""),
                ("engine", r#"{"level":1}"#),
                ("engine", r#"{"level":2}"#),
                ("engine", r#"{"level":3}"#),
            ],
        }
    }

    /// Random games run to a few hundred stones, and every position of one
    /// is checked against every stone placed so far: a few games suffice.
    fn checked_games(&self) -> u64 {
        4
    }

    #[cfg(feature = "benchmarks")]
    fn benches(&self) -> Vec<crate::plugin::Bench> {
        super::bench::benches()
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn cli(&self) -> clap::Command {
        crate::cli::game_command::<super::cli::Command>(
            self.id(),
            "Connect6: matches, the engine protocol, speed.",
        )
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn run_cli(&self, matches: &clap::ArgMatches) -> Result<(), crate::cli::CliError> {
        super::cli::run(crate::cli::game_subcommand(matches)?)
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
        match name.trim() {
            "random" => Ok(TypedAgent::new(Box::new(NearRandom::default())).boxed()),
            "greedy" => Ok(TypedAgent::new(Box::new(Greedy::default())).boxed()),
            "engine" => {
                let s = EngineSettings::from_value(settings)?;
                Ok(TypedAgent::new(Box::new(Engine::new(s)?)).boxed())
            }
            // The play panel's helpers (analysis only; not offered as players).
            "threats" => Ok(TypedAgent::new(Box::new(ThreatView::default())).boxed()),
            "forced-win" => {
                let s = ForcedWinSettings::from_value(settings)?;
                Ok(TypedAgent::new(Box::new(ForcedWin::new(s))).boxed())
            }
            // The learned weights play in the page's first module too (its
            // default opponent is a ready-made one): only training needs the
            // learners' module.
            "hand" => Ok(TypedAgent::new(Box::new(WeightsPlayer::new(
                "hand",
                super::runs::hand(),
            )))
            .boxed()),
            "model" => {
                let model = model.ok_or("the model player needs a model file")?;
                let learner = model_learner(model)?;
                Ok(TypedAgent::new(Box::new(WeightsPlayer::new("model", learner))).boxed())
            }
            other => Err(format!(
                "unknown player {other} (players: random, greedy, engine, hand, or a model)",
                other = crate::words::quote(other)
            )),
        }
    }

    fn preset_runs(&self, kind: &str, preset: &str, seed: u64) -> Result<Vec<Value>, String> {
        let config = super::runs::preset(preset)
            .filter(|_| kind == TD)
            .ok_or_else(|| crate::plugin::unknown_preset(Board::TITLE, kind, preset))?;
        let config = RunConfig { seed, ..config };
        Ok(vec![
            serde_json::to_value(config).map_err(|e| e.to_string())?
        ])
    }

    #[cfg(feature = "extra-learners")]
    fn new_run(&self, kind: &str, config: &Value) -> Result<Box<dyn DynRun>, String> {
        if kind != TD {
            return Err(format!("{} has no training run '{kind}'", Board::TITLE));
        }
        let config: RunConfig = serde_json::from_value(config.clone())
            .map_err(|e| format!("not a run configuration: {e}"))?;
        Ok(TrainerRun::boxed(Run::new(config)?))
    }

    #[cfg(not(feature = "extra-learners"))]
    fn new_run(&self, _: &str, _: &Value) -> Result<Box<dyn crate::plugin::DynRun>, String> {
        Err(crate::plugin::in_learners_module("Connect6 learner"))
    }

    #[cfg(not(feature = "extra-learners"))]
    fn resume_run(
        &self,
        _: &Model,
        _: &crate::plugin::ResumeOptions,
    ) -> Result<Box<dyn crate::plugin::DynRun>, String> {
        Err(crate::plugin::in_learners_module("Connect6 learner"))
    }

    #[cfg(feature = "extra-learners")]
    fn resume_run(
        &self,
        model: &Model,
        options: &ResumeOptions,
    ) -> Result<Box<dyn DynRun>, String> {
        if model.header.algorithm != Algorithm::TdLinear {
            return Err(crate::plugin::no_learner(model, Board::TITLE));
        }
        Ok(TrainerRun::boxed(Run::continue_from(model, options.total)?))
    }

    #[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
    fn weight_table(&self, model: &Model) -> Result<Option<crate::plugin::WeightTable>, String> {
        if model.header.algorithm != Algorithm::TdLinear {
            return Ok(None);
        }
        super::weights::model_table(model).map(Some)
    }

    fn describe_model(&self, model: &Model) -> Result<ModelUse, String> {
        if model.header.algorithm != Algorithm::TdLinear {
            return Err(crate::plugin::no_learner(model, Board::TITLE));
        }
        weights_of(model)?;
        let mut win_rates = std::collections::BTreeMap::new();
        if let Some(p) = model.header.curve.as_array().and_then(|c| c.last()) {
            // Read by hand: the first module has no other use for the point's decoder.
            let n = |k: &str| p.get(k)?.as_u64().and_then(|v| u32::try_from(v).ok());
            if let (Some(wins), Some(draws), Some(losses)) = (n("wins"), n("draws"), n("losses")) {
                let p = super::runs::CurvePoint {
                    games: 0,
                    wins,
                    draws,
                    losses,
                    weights: Vec::new(),
                };
                win_rates.insert("vs hand-set".into(), p.score());
            }
        }
        Ok(ModelUse {
            summary: format!(
                "Learned pattern weights (492), {} self-play games",
                model.header.games_trained
            ),
            win_rates,
            plays: true,
            side: None,
            continues_as: model.header.hyper.contains_key("run").then(|| TD.into()),
            weights: true,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::budget::Budget;

    #[test]
    fn players_by_name_play_from_a_position_text() {
        let s = Entry.new_session();
        for name in ["random", "greedy", "engine"] {
            let mut a = Entry.agent(name, &Value::Null, None).unwrap();
            let t = a.think(&s.position(), 1, &mut Budget::unlimited()).unwrap();
            assert_eq!(t.text, "J10", "{name} opens in the centre");
        }
        assert!(Entry.agent("model", &Value::Null, None).is_err());
        let t = Entry
            .agent("hand", &Value::Null, None)
            .unwrap()
            .think(&s.position(), 1, &mut Budget::unlimited())
            .unwrap();
        assert_eq!(t.text, "J10");
        // The play panel's helpers, by name: a sentence for the position.
        for name in ["threats", "forced-win"] {
            let mut a = Entry.agent(name, &Value::Null, None).unwrap();
            let v = a
                .analyze(&s.position(), &mut Budget::unlimited())
                .unwrap()
                .expect("an analysis");
            assert!(v.position.is_some_and(|t| t.contains("Black")), "{name}");
        }
        let bad = serde_json::json!({"depth": 0});
        assert!(Entry.agent("forced-win", &bad, None).is_err());
        assert!(Entry.agent("nobody", &Value::Null, None).is_err());
    }
}

#[cfg(all(test, feature = "extra-learners"))]
mod run_tests {
    use super::super::runs::presets;
    use super::*;

    #[test]
    fn every_preset_makes_a_run_whose_model_plays() {
        for (id, ..) in presets() {
            let mut configs = Entry.preset_runs(TD, id, 3).unwrap();
            configs[0]["games"] = 1.into();
            configs[0]["openings"] = 1.into();
            if configs[0]["from_records"] == true {
                // The records preset's runs need records, and refuse to start without.
                assert!(Entry.new_run(TD, &configs[0]).is_err(), "{id}");
                configs[0]["records"] = "J10; K11 K9; H10 L10 0-1\n".into();
            }
            let mut run = Entry.new_run(TD, &configs[0]).unwrap();
            run.step(1);
            assert!(run.is_done());
            let model = run.model("t").unwrap();
            let bytes = crate::model::encode(&model).unwrap();
            let model = crate::model::decode(&bytes).unwrap();
            let use_ = Entry.describe_model(&model).unwrap();
            assert!(use_.plays, "{id}");
            assert!(Entry.agent("model", &Value::Null, Some(&model)).is_ok());
            assert!(Entry.resume_run(&model, &ResumeOptions::default()).is_ok());
        }
        assert!(Entry.preset_runs(TD, "nope", 1).is_err());
    }
}
