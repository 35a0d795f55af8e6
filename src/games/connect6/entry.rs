//! Connect6's plug-in: what the engine, the page and the CLI know of it: its
//! rules, two fixed players and the engine player (with levels), its
//! benchmarks and its commands (`match`, `bench`, `engine`). No learner and
//! no models yet: those parts keep their defaults.

use serde_json::Value;

use super::engine::{Engine, EngineSettings, MAX_LEVEL, MAX_WIDTH};
use super::hints::{ForcedWin, ForcedWinSettings, ThreatView};
use super::players::{Greedy, NearRandom};
use super::rules::Board;
use crate::game::Game;
use crate::model::Model;
use crate::plugin::{
    DynAgent, DynSession, FieldSpec, GameEntry, GameInfo, PlayerInfo, TypedAgent, TypedSession,
};

/// The engine's settings a visitor sets.
fn engine_fields() -> Vec<FieldSpec> {
    vec![
        FieldSpec::int(
            "level",
            "Level",
            "1 looks one stone ahead; 2 sees its whole pair; 4 also the reply pair; 6 six stones, up to 8 seconds a turn.",
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

/// Connect6's entry in the registry.
pub struct Entry;

impl GameEntry for Entry {
    fn id(&self) -> &'static str {
        Board::NAME
    }

    fn info(&self) -> GameInfo {
        GameInfo::grid::<Board>(
            "Two stones a turn on a 19×19 board; six in a row wins.",
            vec![
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
            ],
            Vec::new(),
        )
    }

    /// Random games run to a few hundred stones, and every position of one
    /// is checked against every stone placed so far: a few games suffice.
    fn checked_games(&self) -> u64 {
        4
    }

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
        let _ = model;
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
            "model" => Err("Connect6 has no learner yet, so no model plays it".into()),
            other => Err(format!(
                "unknown player '{other}' (players: random, greedy, engine)"
            )),
        }
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
