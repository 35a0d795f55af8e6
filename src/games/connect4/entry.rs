//! Connect Four's plug-in: the board as a 6 × 7 grid, the random, stupid,
//! perfect and learned players, the study's Q-learning experiments as runs,
//! models, benchmarks and the CLI. What the page shows of a position is
//! [`super::playable`].

use serde_json::Value;

use super::learners::KINDS;
use super::perfect::PerfectPlayer;
use super::players::{Leftmost, RandomColumn};
use super::rules::Position;
use super::settings::{depth_field, temperature};
use super::solver::Solver;
use crate::plugin::{
    FieldSpec, GameEntry, GameInfo, LadderOpenings, PlayerEntry, PlayerInfo, SolveInfo, TypedAgent,
};

/// Openings of the rating ladder: eight random discs each (the perfect
/// player solves each of its moves from there in about a second; nearer
/// the empty board a game between perfect players takes minutes).
const LADDER_OPENINGS: u32 = 200;

/// Connect Four's entry in the registry.
pub struct Entry;

impl GameEntry for Entry {
    crate::plugin::entry_of_rules!(Position, KINDS);

    fn ready_models(&self) -> crate::plugin::ReadySet {
        use crate::plugin::{ReadyRecipe, ReadySet};
        ReadySet::native(|| {
            ReadySet {
                recipes: vec![
                    ReadyRecipe {
                        id: "survive",
                        name: "Table that learned to survive the leftmost player",
                        short: "Survive table",
                        about: "The study's first method: a Q-table playing first against the leftmost-column player, rewarded for not losing (ε = 0%). Its rating comes from games after 8 random discs, positions a table learned from the empty board has almost never met, where it plays at random: from the empty board, as here, it can play much better than its rating says.",
                        kind: super::learners::q_table::Q_TABLE,
                        preset: "1",
                        stages: &[1_000, 10_000, 100_000],
                        ..ReadyRecipe::BASE
                    },
                    ReadyRecipe {
                        id: "win",
                        name: "Table that learned to beat random",
                        short: "Win table",
                        about: "The study's second method: a Q-table playing first against the random player, rewarded for winning (ε = 10%). Its rating comes from games after 8 random discs, positions a table learned from the empty board has almost never met, where it plays at random: from the empty board, as here, it can play much better than its rating says.",
                        kind: super::learners::q_table::Q_TABLE,
                        preset: "2",
                        index: 5,
                        stages: &[1_000, 10_000, 100_000],
                        ..ReadyRecipe::BASE
                    },
                ],
                seed: 1,
                ladder_openings: LADDER_OPENINGS,
                ladder_seats: vec![
                    ("random", ""),
                    ("stupid", ""),
                    ("perfect", r#"{"temperature":0}"#),
                    ("perfect", r#"{"temperature":2}"#),
                ],
                ..ReadySet::default()
            }
        })
    }

    fn ladder(&self) -> LadderOpenings {
        LadderOpenings::Random { plies: 8, seed: 1 }
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            model_settings: vec![depth_field()],
            ladder_openings: LADDER_OPENINGS,
            ..GameInfo::grid::<Position>(
                self,
                "Drop discs into seven columns; four in a row wins. An exact solver and tabular Q-learning.",
            )
        }
    }

    fn players(&self) -> Vec<PlayerEntry> {
        vec![
            PlayerEntry::new(
                PlayerInfo::simple("random", "Random", "a random column that is not full"),
                |_| Ok(TypedAgent::new(Box::new(RandomColumn)).boxed()),
            ),
            PlayerEntry::new(
                PlayerInfo::simple(
                    "stupid",
                    "Leftmost column",
                    "always the leftmost column that is not full",
                ),
                |_| Ok(TypedAgent::new(Box::new(Leftmost)).boxed()),
            ),
            PlayerEntry::new(perfect_info(), |settings| {
                let t = temperature(settings)?;
                let player = match settings.get("book") {
                    None | Some(Value::Null) | Some(Value::Bool(true)) => PerfectPlayer::new(t),
                    Some(Value::Bool(false)) => PerfectPlayer::with_solver(Solver::new(), t),
                    Some(v) => return Err(format!("book must be true or false, not {v}")),
                };
                Ok(TypedAgent::new(Box::new(player)).boxed())
            }),
        ]
    }

    fn benches(&self) -> crate::plugin::Benches {
        crate::plugin::Benches::built(|| super::bench::benches().into())
    }
}

/// The exact solver as the page offers it: its temperature, and the
/// opening book for a solve.
fn perfect_info() -> PlayerInfo {
    PlayerInfo {
        searches: true,
        settings: vec![FieldSpec::float(
            "temperature",
            "Temperature",
            "0 plays perfectly; higher values sometimes choose a move of a worse exact score (chance ∝ e^(score/T)).",
            (0.0, 10.0),
            0.5,
            0.0,
        )],
        solve: Some(SolveInfo {
            about: "Works out the exact score of every column, however long it takes. From the empty board without the opening book, the centre column comes first, after about 3 minutes (the first player wins, with its 21st disc, by playing it), and every column after about 11 minutes; with the book, at once.".into(),
            settings: vec![FieldSpec::boolean(
                "book",
                "Use the opening book",
                "The book holds the exact scores of every position of up to five discs, worked out beforehand by this solver. Without it the solver works everything out now.",
                true,
            )],
        }),
        ..PlayerInfo::simple("perfect", "Perfect", "the exact solver (slow in the first moves)")
    }
}

#[cfg(test)]
mod tests {
    use super::super::learners::q_table::{preset, LearnerSide, QTableKind, QTableRun};
    use super::super::perfect::DEFAULT_NODES;
    use super::*;
    use crate::model::Model;
    use crate::plugin::DynRun;
    use crate::plugin::RunKind;
    use crate::plugin::Training as _;
    use crate::search::budget::{Budget, Limits};

    #[test]
    fn the_perfect_agent_respects_a_node_budget_and_falls_back() {
        let mut a = Entry
            .agent("perfect", &serde_json::json!({"temperature": 0}), None)
            .unwrap();
        let mut reports = 0;
        let mut count = |_: &crate::search::budget::Progress| reports += 1;
        let mut b = Budget::with_progress(Limits::nodes(50_000), &mut count);
        // Five moves in (past the book): seconds to a minute to solve exactly.
        let t = a.think("44444", 1, &mut b).unwrap();
        assert!(!t.complete);
        assert!(t.nodes >= 50_000 && t.nodes < 200_000, "{}", t.nodes);
        // The built-in book answers the first move of either side at once.
        let t = a.think("", 1, &mut Budget::unlimited()).unwrap();
        assert!(t.complete);
        assert_eq!(t.text, "4");
        let t = a.think("4", 1, &mut Budget::unlimited()).unwrap();
        assert!(t.complete);
        assert!(t.nodes < 1_000, "{}", t.nodes);
        assert_eq!(t.text, "4");
        // And the second move of either side.
        let t = a.think("44", 1, &mut Budget::unlimited()).unwrap();
        assert!(t.complete);
        assert!(t.nodes < 1_000, "{}", t.nodes);
        assert_eq!(t.text, "4");
        let t = a.think("444", 1, &mut Budget::unlimited()).unwrap();
        assert!(t.complete);
        assert!(t.nodes < 1_000, "{}", t.nodes);
        // And the first player's third move.
        let t = a.think("4444", 1, &mut Budget::unlimited()).unwrap();
        assert!(t.complete);
        assert!(t.nodes < 1_000, "{}", t.nodes);
        assert!(Entry
            .agent("perfect", &serde_json::json!({"temperature": -1}), None)
            .is_err());
    }

    #[test]
    fn an_unbounded_solve_finishes_and_reports_bounds_and_solved_columns() {
        // Begin-Medium's 1511475 (score -4): solving every column takes more
        // than the default node limit of a request without limits.
        let position = "1511475";
        let no_book = serde_json::json!({"temperature": 0, "book": false});
        let mut a = Entry.agent("perfect", &no_book, None).unwrap();
        let a1 = a
            .analyze(position, &mut Budget::unlimited())
            .unwrap()
            .unwrap();
        assert!(!a1.complete, "the default limit stops it");

        let mut a = Entry.agent("perfect", &no_book, None).unwrap();
        let mut reports = Vec::new();
        let mut keep = |p: &crate::search::budget::Progress| reports.push(p.clone());
        let mut b = Budget::with_progress(Limits::UNBOUNDED, &mut keep);
        let full = a.analyze(position, &mut b).unwrap().unwrap();
        drop(b);
        assert!(full.complete);
        assert!(full.nodes > DEFAULT_NODES, "{}", full.nodes);
        let best = full
            .moves
            .iter()
            .filter_map(|m| m.value)
            .fold(f64::MIN, f64::max);
        assert_eq!(best, -4.0);
        // Every report's bounds hold the score of the column it names, and
        // the columns it lists as solved have their final scores.
        assert!(!reports.is_empty());
        let value = |text: &str| {
            full.moves
                .iter()
                .find(|m| m.text == text)
                .unwrap()
                .value
                .unwrap()
        };
        for r in &reports {
            let column = r.best.as_deref().expect("the column being solved");
            let (lo, hi) = (r.lower.unwrap(), r.upper.unwrap());
            assert!(
                lo <= value(column) && value(column) <= hi,
                "{column}: {lo}..{hi}"
            );
            for m in &r.moves {
                assert_eq!(m.value, value(&m.text));
                assert!(m.label.is_some());
            }
        }
        assert!(reports.iter().any(|r| !r.moves.is_empty()));
        // The book setting is checked.
        let bad = serde_json::json!({"book": 1});
        assert!(Entry.agent("perfect", &bad, None).is_err());
    }

    #[test]
    fn the_optimal_move_shares_are_two_explained_curves_of_one_chart() {
        let mut c = preset(2, 1).unwrap().remove(0);
        c.total_games = 400;
        c.block_games = 200;
        c.perfect_sample = 20;
        let mut run = QTableRun::new(c.clone()).unwrap();
        let points = run.step(u64::MAX);
        assert_eq!(points.len(), 2);
        let series = run.series();
        let optimal: Vec<_> = series.iter().filter(|s| s.chart == "optimal").collect();
        assert_eq!(optimal.len(), 2);
        assert_eq!(
            (optimal[0].id.as_str(), optimal[0].dashed),
            ("optimal_own", false)
        );
        assert_eq!(
            (optimal[1].id.as_str(), optimal[1].dashed),
            ("optimal_test", true)
        );
        assert!(optimal[0].about.contains("random player"));
        assert!(optimal.iter().all(|s| s.about.contains("exact solver")));
        let charts = RunKind::info(&QTableKind).charts;
        assert!(charts.iter().any(|ch| ch.id == "optimal"));
        for p in &points {
            for id in ["optimal_own", "optimal_test"] {
                let v = p.y[id];
                assert!((0.0..=100.0).contains(&v), "{id} {v}");
            }
        }
        assert!(run.latest().contains("on test positions"));
        // Without positions to check, neither curve.
        c.perfect_sample = 0;
        let run = QTableRun::new(c).unwrap();
        assert!(run.series().iter().all(|s| s.chart != "optimal"));
    }

    fn trained(side: &str) -> Model {
        let mut c = preset(2, 1).unwrap().remove(0);
        c.total_games = 300;
        c.perfect_sample = 0;
        c.side = LearnerSide::parse(side).unwrap();
        let mut run = QTableRun::new(c).unwrap();
        run.run_to_end();
        run.model("t").unwrap()
    }

    #[test]
    fn the_model_player_looks_ahead_as_its_setting_says_and_plays_its_sides() {
        let red = trained("first");
        let depth = |d: u64| serde_json::json!({ "depth": d });
        // Yellow threatens four in column 2; two moves ahead, Red blocks it.
        let mut a = Entry.agent("model", &depth(2), Some(&red)).unwrap();
        for seed in 0..10 {
            let t = a.think("12321", seed, &mut Budget::unlimited());
            assert!(t.is_err(), "a Red table does not play Yellow");
            let t = a.think("123212", seed, &mut Budget::unlimited()).unwrap();
            assert_eq!(t.text, "2");
        }
        let a2 = a
            .analyze("123212", &mut Budget::unlimited())
            .unwrap()
            .unwrap();
        assert!(a2.moves.iter().any(|m| m.text == "2" && m.best));
        assert!(Entry.agent("model", &depth(9), Some(&red)).is_err());
        assert!(Entry
            .agent("model", &serde_json::json!({ "depth": "two" }), Some(&red))
            .is_err());
        // A table learned on both sides plays and values both.
        let both = trained("alternate");
        assert_eq!(Entry.describe_model(&both).unwrap().side, None);
        assert_eq!(Entry.describe_model(&red).unwrap().side, Some(0));
        let mut b = Entry.agent("model", &depth(0), Some(&both)).unwrap();
        for p in ["", "4", "44", "445"] {
            b.think(p, 1, &mut Budget::unlimited()).unwrap();
            assert!(
                b.analyze(p, &mut Budget::unlimited()).unwrap().is_some(),
                "{p}"
            );
        }
        // The engine describes the setting for the page.
        let info = Entry.info();
        assert_eq!(info.model_settings.len(), 1);
        assert_eq!(info.model_settings[0].id, "depth");
    }
}
