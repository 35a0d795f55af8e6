//! Hare and Hounds' plug-in: the board's points as cells, the random,
//! simple, perfect and learned players, hints from the exact solution, the
//! study's experiments as runs, models, benchmarks and the CLI. What the page
//! shows of a position is [`super::playable`].

use super::learners::KINDS;
use super::players::{Perfect, PerfectPlayer, SimpleHare};
use super::solve::solution;
use super::HareHounds;
use crate::game::Side;
use crate::players::RandomPlayer;
use crate::plugin::{
    GameEntry, GameInfo, Geometry, LadderOpenings, Playable, PlayerEntry, PlayerInfo, TypedAgent,
};

/// Openings of the rating ladder: ten random moves each.
const LADDER_OPENINGS: u32 = 1600;

/// Hare and Hounds' entry in the registry.
pub struct Entry;

impl GameEntry for Entry {
    crate::plugin::entry_of_rules!(HareHounds, KINDS);

    fn ready_models(&self) -> crate::plugin::ReadySet {
        use crate::plugin::{ReadyRecipe, ReadySet};
        ReadySet::native(|| {
            ReadySet {
                recipes: vec![ReadyRecipe {
                    id: "hounds",
                    name: "Hounds trained against the study's hare",
                    short: "Hounds",
                    about: "The study's third experiment: Q-learning hounds playing the study's fixed (simple) hare.",
                    kind: super::learners::q_table::Q_TABLE,
                    preset: "3",
                    stages: &[100, 1_000, 10_000],
                    ..ReadyRecipe::BASE
                }, ReadyRecipe {
                    id: "rival-hounds",
                    name: "Hounds trained against a learning hare",
                    short: "Rival hounds",
                    about: "Both sides learn from each other (the study's proposed next step): Q-learning hounds against a Q-learning hare. In the end they trap even the perfect hare.",
                    kind: super::learners::q_table::Q_TABLE,
                    preset: "5",
                    stages: &[1_000, 30_000, 300_000],
                    ..ReadyRecipe::BASE
                }, ReadyRecipe {
                    id: "hare",
                    name: "Hare trained against learning hounds",
                    short: "Learned hare",
                    about: "Both sides learn from each other (the study's proposed next step): the Q-learning hare of that run. Every hare escapes random hounds and is caught by perfect ones, so its score against them stays the same; play it with the hounds to see what it learned.",
                    kind: super::learners::q_table::Q_TABLE,
                    preset: "5",
                    stages: &[1_000, 30_000, 300_000],
                    part: "hare",
                    ..ReadyRecipe::BASE
                }],
                seed: 1,
                ladder_openings: LADDER_OPENINGS,
                ladder_seats: Vec::new(),
                parts: Some(|model, part| match part {
                    "hare" => super::learners::q_table::hare_model(&model, &model.header.name),
                    _ => Err(format!(
                        "{}'s models hold no learner '{part}'",
                        HareHounds::TITLE
                    )),
                }),
            }
        })
    }

    fn ladder(&self) -> LadderOpenings {
        LadderOpenings::Random { plies: 10, seed: 1 }
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            ladder_openings: LADDER_OPENINGS,
            ladder_per_side: true,
            ..GameInfo::new::<HareHounds>(
                self,
                "Three hounds try to trap a hare on an 11-point board; Q-learning hounds and the exact solution.",
                Geometry::Graph { points: 11 },
            )
        }
    }

    fn players(&self) -> Vec<PlayerEntry> {
        vec![
            PlayerEntry::new(
                PlayerInfo::simple("random", "Random", "any legal move"),
                |_| Ok(TypedAgent::new(Box::new(RandomPlayer::<HareHounds>::new())).boxed()),
            ),
            PlayerEntry::new(
                PlayerInfo {
                    sides: [false, true],
                    ..PlayerInfo::simple("simple", "Simple", "the study’s fixed hare (hare only)")
                },
                |_| {
                    Ok(TypedAgent::for_side(
                        Box::new(SimpleHare::new()),
                        Side::Second,
                        "the simple player is a hare strategy; the hounds cannot use it".into(),
                    )
                    .boxed())
                },
            ),
            PlayerEntry::new(
                PlayerInfo::simple("perfect", "Perfect", "from the exact solution"),
                |_| {
                    let s = solution();
                    Ok(
                        TypedAgent::new(Box::new(Perfect(PerfectPlayer::new(s.clone()), s)))
                            .boxed(),
                    )
                },
            ),
        ]
    }

    fn benches(&self) -> crate::plugin::Benches {
        crate::plugin::Benches::built(|| {
            vec![
                crate::plugin::Bench {
                    name: "hare_hounds_random_games",
                    run: super::bench::random_games,
                },
                crate::plugin::Bench {
                    name: "hare_hounds_q_learning",
                    run: super::bench::q_learning,
                },
                crate::plugin::Bench {
                    name: "hare_hounds_solve",
                    run: super::bench::solve,
                },
            ]
            .into()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::learners::q_table::{preset, QTableRun};
    use super::*;
    use crate::games::describe_model;
    use crate::learn::q_table::QLearner;
    use crate::model::encode;
    use crate::plugin::DynAgent;
    use crate::plugin::DynSession;
    use crate::plugin::Training as _;
    use crate::plugin::{DynRun, ResumeOptions, RunProgress, SeriesSpec};
    use crate::search::budget::Budget;
    use serde_json::Value;

    fn session() -> Box<dyn DynSession> {
        Entry.new_session()
    }

    fn ai(s: &mut dyn DynSession, agent: &mut dyn DynAgent, seed: u64) -> Result<String, String> {
        let t = agent.think(&s.position(), seed, &mut Budget::unlimited())?;
        s.play(&t.text).map_err(|e| e.0)?;
        Ok(t.text)
    }

    fn agent(name: &str) -> Box<dyn DynAgent> {
        Entry.agent(name, &Value::Null, None).unwrap()
    }

    #[test]
    fn plays_hounds_against_the_simple_hare_to_the_end() {
        let mut s = session();
        let st = s.state();
        assert_eq!(st.cells.len(), 11);
        assert_eq!(st.cells.iter().filter(|&&c| c == 1).count(), 3);
        let mut perfect = agent("perfect");
        let mut simple = agent("simple");
        let a = perfect
            .analyze(&s.position(), &mut Budget::unlimited())
            .unwrap()
            .unwrap();
        assert!(a.position.unwrap().starts_with("hounds win"));
        let mut seed = 1;
        while s.state().outcome.is_none() {
            if s.state().to_move == Some(0) {
                ai(s.as_mut(), perfect.as_mut(), seed).unwrap();
            } else {
                ai(s.as_mut(), simple.as_mut(), seed).unwrap();
            }
            seed += 1;
        }
        let st = s.state();
        assert_eq!(st.outcome.as_ref().unwrap().winner, Some(0));
        assert!(st.outcome.unwrap().text.contains("trapped"));
        assert!(perfect
            .analyze(&s.position(), &mut Budget::unlimited())
            .unwrap()
            .is_none());
        let mut again = session();
        again.load_transcript(&s.transcript()).unwrap();
        assert_eq!(again.state().position, st.position);
    }

    #[test]
    fn bad_input_gets_messages() {
        let mut s = session();
        assert!(s.play("R-c").unwrap_err().0.contains("not a legal move"));
        assert!(s.play("x-y").is_err());
        assert!(ai(s.as_mut(), agent("simple").as_mut(), 1)
            .unwrap_err()
            .contains("hare strategy"));
        assert!(Entry
            .agent("model", &Value::Null, None)
            .err()
            .unwrap()
            .contains("needs a model"));
        assert!(Entry.preset_runs("q_table", "9", 1).is_err());
        let mut runs = Entry.preset_runs("q_table", "4", 1).unwrap();
        runs[0]["probes"] =
            serde_json::json!([{"position": "hounds=L,a,g hare=R", "action": "R-c"}]);
        assert!(Entry.new_run("q_table", &runs[0]).is_err());
    }

    #[test]
    fn a_learned_model_plays_and_gives_q_values() {
        let config = Entry.preset_runs("q_table", "3", 1).unwrap().remove(0);
        let mut run = Entry.new_run("q_table", &config).unwrap();
        run.step(500);
        let model = run.model("h").unwrap();
        let bytes = encode(&model).unwrap();
        let model = crate::model::decode(&bytes).unwrap();
        let mut learned = Entry.agent("model", &Value::Null, Some(&model)).unwrap();
        let mut s = session();
        let a = learned
            .analyze(&s.position(), &mut Budget::unlimited())
            .unwrap()
            .unwrap();
        assert!(a.moves.iter().all(|m| m.value.is_some()));
        assert!(a.moves.iter().any(|m| m.best));
        ai(s.as_mut(), learned.as_mut(), 1).unwrap();
        assert!(ai(s.as_mut(), learned.as_mut(), 1)
            .unwrap_err()
            .contains("plays the hounds"));
        // The hounds learned against the simple hare beat it.
        let mut simple = agent("simple");
        let mut seed = 2;
        while s.state().outcome.is_none() {
            if s.state().to_move == Some(0) {
                ai(s.as_mut(), learned.as_mut(), seed).unwrap();
            } else {
                ai(s.as_mut(), simple.as_mut(), seed).unwrap();
            }
            seed += 1;
        }
        assert_eq!(s.state().outcome.unwrap().winner, Some(0));
        // The library describes it, and it continues as a run.
        let e = describe_model(&model).unwrap();
        assert!(e.summary.starts_with("hounds · α "), "{}", e.summary);
        assert!(e.summary.ends_with("vs simple hare"), "{}", e.summary);
        assert_eq!(e.continues_as.as_deref(), Some("q_table"));
    }

    #[test]
    fn saved_hounds_are_described_from_their_curve() {
        let mut config = preset(3, 1).unwrap().remove(0);
        config.total_games = 20;
        config.eval_games = 10;
        let mut run = QTableRun::new(config).unwrap();
        while !run.is_done() {
            run.step(1_000);
        }
        let e = describe_model(&run.model("h").unwrap()).unwrap();
        assert!(
            e.win_rates.contains_key("vs simple hare"),
            "{:?}",
            e.win_rates
        );
    }

    #[test]
    fn a_bare_hare_table_has_no_rates() {
        let params = crate::learn::q_table::QParams {
            alpha: 0.1,
            gamma: 0.9,
            epsilon: 0.5,
        };
        let l = QLearner::<HareHounds>::new(Side::Second, params).unwrap();
        let e = describe_model(&l.to_model("hare", 1).unwrap()).unwrap();
        assert_eq!(e.summary, "hare · α 0.1 γ 0.9 ε 0.5");
        assert!(e.win_rates.is_empty());
        assert_eq!(e.side, Some(1));
        assert_eq!(e.continues_as, None);
    }

    #[test]
    fn a_run_from_its_settings_alone_is_named_by_them() {
        // What the page's form gives: the kind's fields, no label, no probes.
        let config = serde_json::json!({
            "hounds": { "alpha": 0.1, "gamma": 0.9, "epsilon": 0.5 },
            "hare": { "kind": "random" },
            "total_games": 20, "learn_games": 10, "eval_games": 4,
            "perfect_share": false, "seed": 3
        });
        let mut run = Entry.new_run("q_table", &config).unwrap();
        assert_eq!(run.label(), "α=0.1 γ=0.9 ε=0.5 vs random hare, seed 3");
        // The win rate of each point was measured on the 4 evaluation games.
        while !run.is_done() {
            run.step(10);
        }
        let points = run.points();
        assert!(!points.is_empty());
        assert!(
            points.iter().all(|p| p.n.get("win") == Some(&4)),
            "{points:?}"
        );
        let preset = Entry.preset_runs("q_table", "4", 1).unwrap().remove(0);
        let run = Entry.new_run("q_table", &preset).unwrap();
        assert_eq!(run.label(), "convergence, seed 1000003");
        // The probes' curves each have a legend entry named by their pair.
        let probes: Vec<SeriesSpec> = run
            .series()
            .into_iter()
            .filter(|s| s.chart == "probes")
            .collect();
        assert_eq!(probes.len(), 3);
        assert_eq!(probes[0].group, "hounds=e,c,i hare=R · e-f");
        assert_eq!(probes[0].label, probes[0].group);
    }

    #[test]
    fn runs_carry_their_series_and_continue_through_the_plug_in() {
        let mut config = Entry.preset_runs("q_table", "3", 1).unwrap().remove(0);
        config["total_games"] = serde_json::json!(200);
        let mut run = Entry.new_run("q_table", &config).unwrap();
        while !run.is_done() {
            run.step(70);
        }
        let ids: Vec<String> = run.series().into_iter().map(|s| s.id).collect();
        assert_eq!(ids, ["win", "vs_perfect", "perfect"]);
        let points = run.points();
        assert_eq!(points.len(), 21);
        assert!(points.iter().all(|p| p.y.keys().all(|k| ids.contains(k))));
        let model = run.checkpoint().unwrap();
        let options = ResumeOptions {
            total: Some(300),
            settings: Value::Null,
        };
        let mut more = Entry.resume_run(&model, &options).unwrap();
        assert_eq!(
            more.progress(),
            RunProgress {
                done: 200,
                total: 300
            }
        );
        while !more.is_done() {
            more.step(1_000);
        }
        assert_eq!(more.points()[..21], points[..]);
        assert_eq!(more.points().len(), 31);
    }
}
