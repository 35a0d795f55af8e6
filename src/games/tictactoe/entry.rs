//! Tic-tac-toe's plug-in: what the engine, the page and the CLI know of it.
//! A game needs its id, its title and sides (from the rules), a session and
//! its players by name; this one also has a kind of run and models. It has
//! no benchmarks and no commands of its own: those parts keep their
//! defaults.

use serde_json::Value;

use super::players::Perfect;
use super::rules::Board;
use super::runs::{Opponent, Run, RunConfig, VALUES};
use crate::game::Game;
use crate::learn::value_table::{Greedy, ValueTable};
use crate::model::{Algorithm, Model};
use crate::players::RandomPlayer;
use crate::plugin::{
    ChartSpec, Choice, DynAgent, DynRun, DynSession, FieldSpec, GameEntry, GameInfo, ModelUse,
    Playable, PlayerInfo, PresetInfo, ResumeOptions, RunKindInfo, TrainerRun, TypedAgent,
    TypedSession,
};

/// Openings of the rating ladder: every position after three moves.
const LADDER_OPENINGS: u32 = 252;

/// Tic-tac-toe's entry in the registry.
pub struct Entry;

/// The presets: a name, a sentence, the opponent, the games and a curve
/// point every so many games.
const PRESETS: [(&str, &str, &str, Opponent, u64, u64); 3] = [
    (
        "book",
        "The textbook: it plays itself",
        "Sutton and Barto's first example: one table plays both sides, α 0.1, ε 0.1. Its losses to the perfect player fall to none within 50,000 games, a few seconds.",
        Opponent::SelfPlay,
        50_000,
        1_000,
    ),
    (
        "random",
        "Against a random player",
        "It learns to beat a player that moves at random, and what it learns there carries over only partly against good play.",
        Opponent::Random,
        20_000,
        500,
    ),
    (
        "perfect",
        "Against the perfect player",
        "It can never win, so all it can learn is not to lose: its losses fall, slowly, as it meets only the perfect player's few lines of play.",
        Opponent::Perfect,
        20_000,
        500,
    ),
];

fn values_kind() -> RunKindInfo {
    RunKindInfo {
        id: VALUES.into(),
        title: "A table of position values (the textbook's first learner)".into(),
        about: "The learner keeps one number per position it can move to: its estimate of the \
                chance of winning from there, 0.5 at first. It plays the move to the position \
                with the highest number, except now and then a random move to explore. After \
                each of its ordinary moves, the number of the position it left after its \
                previous move moves a step toward the number of the new one, so good and bad \
                outcomes at the end travel back to the moves that led to them. The curves \
                measure the table playing its best moves: it can never beat the perfect player, \
                and once it has learned the game it never loses to it either."
            .into(),
        fields: vec![
            FieldSpec::choice(
                "opponent",
                "Opponent while learning",
                "Itself: one table plays both sides. Otherwise it plays X and O by turns.",
                vec![
                    Choice::new("self", "Itself (self-play)"),
                    Choice::new("random", "A random player"),
                    Choice::new("perfect", "The perfect player"),
                ],
            ),
            FieldSpec::int(
                "games",
                "Learning games",
                "How many games it learns from.",
                1,
                1_000_000,
                20_000,
            ),
            FieldSpec::float(
                "alpha",
                "Step size α",
                "How far a value moves toward the next one after a move (0 to 1).",
                (0.01, 1.0),
                0.01,
                0.1,
            ),
            FieldSpec::float(
                "epsilon",
                "Exploration ε",
                "The chance of a random move instead of the best one (0 to 1).",
                (0.0, 1.0),
                0.01,
                0.1,
            ),
            FieldSpec::float(
                "draw",
                "Value of a draw",
                "What a drawn game is worth: 0 as bad as a loss (the book), 1 as good as a win.",
                (0.0, 1.0),
                0.05,
                0.5,
            ),
            FieldSpec::int(
                "eval_every",
                "A curve point every",
                "Learning games between two measurements.",
                1,
                1_000_000,
                500,
            ),
            FieldSpec::int(
                "eval_games",
                "Measuring games per side",
                "Games as X and as O against each measuring player at a curve point.",
                1,
                10_000,
                100,
            ),
            FieldSpec::int(
                "seed",
                "Seed",
                "The same seed gives the same run.",
                0,
                1 << 53,
                1,
            ),
        ],
        presets: PRESETS
            .iter()
            .map(|(id, name, sentence, ..)| PresetInfo {
                id: (*id).into(),
                name: (*name).into(),
                sentence: (*sentence).into(),
                group: "study".into(),
                runs: 1,
            })
            .collect(),
        charts: vec![
            ChartSpec::new(
                "lost",
                "Games lost to the perfect player",
                "% of games lost",
                Some([0.0, 100.0]),
            ),
            ChartSpec::new(
                "won",
                "Games won against a random player",
                "% of games won",
                Some([0.0, 100.0]),
            ),
            ChartSpec::new("learned", "Positions learned", "positions", None),
        ],
        continue_fields: Vec::new(),
        snapshots: vec![100, 1_000, 10_000],
        watchable: true,
        needs_learners: false,
        shows_weights: false,
    }
}

impl GameEntry for Entry {
    #[cfg(not(target_arch = "wasm32"))]
    fn ready_models(&self) -> crate::plugin::ReadySet {
        use crate::plugin::{ReadyRecipe, ReadySet};
        ReadySet {
            recipes: vec![ReadyRecipe {
                id: "values",
                name: "Value table trained by self-play",
                short: "Value table",
                about: "The textbook's first learner: a value for every position it can move to, learned by playing itself.",
                kind: VALUES,
                preset: "book",
                seed: 1,
                index: 0,
                sets: &[],
                stages: &[100, 1_000, 10_000],
                part: "",
            }],
            seed: 1,
            ladder_openings: LADDER_OPENINGS,
            ladder_seats: Vec::new(),
        }
    }

    fn id(&self) -> &'static str {
        Board::NAME
    }

    #[cfg(any(not(target_arch = "wasm32"), feature = "extra-learners"))]
    fn ladder_openings(&self) -> Vec<String> {
        crate::ladder::random_openings(self, LADDER_OPENINGS as usize, 3, 1)
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            ladder_openings: LADDER_OPENINGS,
            ..GameInfo::grid::<Board>(
                "Three in a row on a 3 × 3 board: the textbook's first learner learns it in seconds.",
                vec![
                    PlayerInfo::simple("random", "Random", "any free square"),
                    PlayerInfo::simple(
                        "perfect",
                        "Perfect",
                        "never loses: it knows the value of every position",
                    ),
                ],
                vec![values_kind()],
            )
        }
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
        let _ = settings;
        match name.trim() {
            "random" => Ok(TypedAgent::new(Box::new(RandomPlayer::<Board>::new())).boxed()),
            "perfect" => Ok(TypedAgent::new(Box::new(Perfect::default())).boxed()),
            "model" => {
                let model = model.ok_or("the model player needs a model file")?;
                let table = ValueTable::<Board>::from_model(model)?;
                Ok(TypedAgent::new(Box::new(Greedy(table))).boxed())
            }
            other => Err(format!(
                "unknown player {other} (players: random, perfect, or a model)",
                other = crate::words::quote(other)
            )),
        }
    }

    fn preset_runs(&self, kind: &str, preset: &str, seed: u64) -> Result<Vec<Value>, String> {
        let (.., opponent, games, every) = PRESETS
            .iter()
            .find(|p| p.0 == preset && kind == VALUES)
            .ok_or_else(|| crate::plugin::unknown_preset(Board::TITLE, kind, preset))?;
        let config = RunConfig {
            opponent: *opponent,
            games: *games,
            eval_every: *every,
            seed,
            ..RunConfig::default()
        };
        Ok(vec![
            serde_json::to_value(config).map_err(|e| e.to_string())?
        ])
    }

    fn new_run(&self, kind: &str, config: &Value) -> Result<Box<dyn DynRun>, String> {
        if kind != VALUES {
            return Err(format!("{} has no training run '{kind}'", Board::TITLE));
        }
        let config: RunConfig = serde_json::from_value(config.clone())
            .map_err(|e| format!("not a run configuration: {e}"))?;
        Ok(TrainerRun::boxed(Run::new(config)?))
    }

    fn resume_run(
        &self,
        model: &Model,
        options: &ResumeOptions,
    ) -> Result<Box<dyn DynRun>, String> {
        if model.header.algorithm != Algorithm::ValueTable {
            return Err(crate::plugin::no_learner(model, Board::TITLE));
        }
        Ok(TrainerRun::boxed(Run::continue_from(model, options.total)?))
    }

    fn describe_model(&self, model: &Model) -> Result<ModelUse, String> {
        if model.header.algorithm != Algorithm::ValueTable {
            return Err(crate::plugin::no_learner(model, Board::TITLE));
        }
        let table = ValueTable::<Board>::from_model(model)?;
        let p = table.params();
        Ok(ModelUse {
            summary: format!(
                "Value table, {} positions learned (α {}, ε {}, draw {})",
                table.learned(),
                p.alpha,
                p.epsilon,
                p.draw
            ),
            win_rates: Default::default(),
            plays: true,
            side: None,
            continues_as: model
                .header
                .hyper
                .contains_key("run")
                .then(|| VALUES.into()),
            weights: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_makes_a_run_and_a_model_plays() {
        for (id, ..) in PRESETS {
            let configs = Entry.preset_runs(VALUES, id, 3).unwrap();
            let mut run = Entry.new_run(VALUES, &configs[0]).unwrap();
            run.step(50);
            let model = run.model("t").unwrap();
            assert_eq!(model.header.name, "t");
            let use_ = Entry.describe_model(&model).unwrap();
            assert!(use_.plays && use_.summary.starts_with("Value table"));
            assert!(Entry.agent("model", &Value::Null, Some(&model)).is_ok());
        }
        assert!(Entry.preset_runs(VALUES, "nope", 1).is_err());
        assert!(Entry.agent("nobody", &Value::Null, None).is_err());
    }
}
