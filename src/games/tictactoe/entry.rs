//! Tic-tac-toe's plug-in: what the engine, the page and the CLI know of it.
//! A game needs its id, its title and sides (from the rules), a session and
//! its players by name; this one also has a kind of run (its learners'
//! list) and speed measurements. It has no commands of its own: that part
//! keeps its default.

use super::learners::KINDS;
use super::players::Perfect;
use super::rules::Board;
use crate::players::RandomPlayer;
use crate::plugin::{GameEntry, GameInfo, LadderOpenings, PlayerEntry, PlayerInfo, TypedAgent};

/// Openings of the rating ladder: every position after three moves.
const LADDER_OPENINGS: u32 = 252;

/// Tic-tac-toe's entry in the registry.
pub struct Entry;

impl GameEntry for Entry {
    crate::plugin::entry_of_rules!(Board, KINDS);

    fn ready_models(&self) -> crate::plugin::ReadySet {
        use crate::plugin::{ReadyRecipe, ReadySet};
        ReadySet::native(|| {
            ReadySet {
                recipes: vec![ReadyRecipe {
                    id: "values",
                    name: "Value table trained by self-play",
                    short: "Value table",
                    about: "The textbook's first learner: a value for every position it can move to, learned by playing itself.",
                    kind: super::learners::values::VALUES,
                    preset: "book",
                    stages: &[100, 1_000, 10_000],
                    ..ReadyRecipe::BASE
                }],
                seed: 1,
                ladder_openings: LADDER_OPENINGS,
                ladder_seats: Vec::new(),
                ..ReadySet::default()
            }
        })
    }

    fn ladder(&self) -> LadderOpenings {
        LadderOpenings::Random { plies: 3, seed: 1 }
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            ladder_openings: LADDER_OPENINGS,
            ..GameInfo::grid::<Board>(
                self,
                "Three in a row on a 3 × 3 board: the textbook's first learner learns it in seconds.",
            )
        }
    }

    fn players(&self) -> Vec<PlayerEntry> {
        vec![
            PlayerEntry::new(
                PlayerInfo::simple("random", "Random", "any free square"),
                |_| Ok(TypedAgent::new(Box::new(RandomPlayer::<Board>::new())).boxed()),
            ),
            PlayerEntry::new(
                PlayerInfo::simple(
                    "perfect",
                    "Perfect",
                    "never loses: it knows the value of every position",
                ),
                |_| Ok(TypedAgent::new(Box::new(Perfect::default())).boxed()),
            ),
        ]
    }

    fn benches(&self) -> crate::plugin::Benches {
        crate::plugin::Benches::built(|| {
            vec![
                crate::plugin::Bench {
                    name: "tictactoe_random_games",
                    run: super::bench::random_games,
                },
                crate::plugin::Bench {
                    name: "tictactoe_values_learning",
                    run: super::bench::values_learning,
                },
            ]
            .into()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::learners::values::VALUES;
    use super::*;
    use crate::plugin::Training as _;
    use serde_json::Value;

    #[test]
    fn every_preset_makes_a_run_and_a_model_plays() {
        let kind = KINDS[0].info();
        for id in kind.presets.iter().map(|p| p.id.as_str()) {
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
