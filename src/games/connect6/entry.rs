//! Connect6's plug-in: what the engine, the page and the CLI know of it: its
//! rules, two fixed players and the engine player (with levels), its
//! benchmarks and its commands (`match`, `bench`, `engine`, `train`,
//! `eval`), and the study's learner: its run kind and its models (the
//! learned pattern weights, played by the player `model`).

use super::engine::{Engine, EngineSettings, MAX_LEVEL, MAX_WIDTH};
use super::hints::{ForcedWin, ForcedWinSettings, ThreatView};
use super::learners::td::hand_player;
use super::learners::KINDS;
use super::players::{Greedy, NearRandom};
use super::rules::Board;
use crate::plugin::{
    FieldSpec, GameEntry, GameInfo, LadderOpenings, PlayerEntry, PlayerInfo, TypedAgent,
};

/// The engine's settings a visitor sets.
fn engine_fields() -> Vec<FieldSpec> {
    vec![
        FieldSpec::int(
            "level",
            "Level",
            "How long it thinks: about three times longer at each level. Level 3, one to two seconds a turn, wins about 9 games in 10 against Cloudict (a 2011 Computer Olympiad champion) looking two moves ahead, and 6 in 10 against it looking four, in half its time a turn.",
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
const LADDER_OPENINGS: u32 = 200;

/// Connect6's entry in the registry.
pub struct Entry;

impl GameEntry for Entry {
    crate::plugin::entry_of_rules!(Board, KINDS);

    fn ladder(&self) -> LadderOpenings {
        LadderOpenings::Random { plies: 3, seed: 1 }
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            ladder_openings: LADDER_OPENINGS,
            ..GameInfo::grid::<Board>(
                self,
                "Two stones a turn on a 19×19 board; six in a row wins.",
            )
        }
    }

    /// The study's learner at three stages of one run: its best refinement
    /// (threat-space search while learning) with the larger step, which
    /// passes 60 % against the hand-set weights in about 2,000 games
    /// (`docs/connect6.md`). A curve point every 1,000 games keeps the
    /// 30,000 games to some minutes.
    fn ready_models(&self) -> crate::plugin::ReadySet {
        use crate::plugin::{ReadyRecipe, ReadySet};
        ReadySet::native(|| {
            ReadySet {
                recipes: vec![ReadyRecipe {
                    id: "td",
                    name: "Pattern weights learned by self-play",
                    short: "Self-taught",
                    about: "The study's TD(0) learner with the threat-space search, its step five times larger (0.5): the 492 pattern weights, started from the hand-set ones, learned in games against itself.",
                    kind: super::learners::td::TD,
                    preset: super::learners::td::BEYOND[0],
                    sets: &[("eval_every", "1000")],
                    stages: &[500, 2_000, 30_000],
                    ..ReadyRecipe::BASE
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
                ..ReadySet::default()
            }
        })
    }

    /// Random games run to a few hundred stones, and every position of one
    /// is checked against every stone placed so far: a few games suffice.
    fn checked_games(&self) -> u64 {
        4
    }

    fn benches(&self) -> crate::plugin::Benches {
        crate::plugin::Benches::built(|| super::bench::benches().into())
    }

    fn players(&self) -> Vec<PlayerEntry> {
        vec![
            PlayerEntry::new(
                PlayerInfo::simple("random", "Random", "any free point near the stones"),
                |_| Ok(TypedAgent::new(Box::new(NearRandom::default())).boxed()),
            ),
            PlayerEntry::new(
                PlayerInfo::simple(
                    "greedy",
                    "Greedy",
                    "wins when it can, blocks threats, else builds lines: one stone ahead",
                ),
                |_| Ok(TypedAgent::new(Box::new(Greedy::default())).boxed()),
            ),
            PlayerEntry::new(
                PlayerInfo {
                    searches: true,
                    settings: engine_fields(),
                    ..PlayerInfo::simple(
                        "engine",
                        "Engine",
                        "wins and blocks by the threats, then looks ahead over the best stones",
                    )
                },
                |settings| {
                    let s = EngineSettings::from_value(settings)?;
                    Ok(TypedAgent::new(Box::new(Engine::new(s)?)).boxed())
                },
            ),
            // The learned weights play in the page's first module too (its
            // default opponent is a ready-made one): only training needs the
            // learners' module.
            PlayerEntry::new(
                PlayerInfo::simple(
                    "hand",
                    "Hand-set weights",
                    "the study's original program: hand-set pattern weights, best stone by stone, with the threat search",
                ),
                |_| hand_player(),
            ),
            // The play panel's helpers (analysis only; not offered as players).
            PlayerEntry::helper("threats", |_| {
                Ok(TypedAgent::new(Box::new(ThreatView::default())).boxed())
            }),
            PlayerEntry::helper("forced-win", |settings| {
                let s = ForcedWinSettings::from_value(settings)?;
                Ok(TypedAgent::new(Box::new(ForcedWin::new(s))).boxed())
            }),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::budget::Budget;
    use serde_json::Value;

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
