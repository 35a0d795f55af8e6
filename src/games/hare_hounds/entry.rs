//! Hare and Hounds' plug-in: the board's points as cells, the random,
//! simple, perfect and learned players, hints from the exact solution, the
//! study's experiments as runs, models, benchmarks and the CLI.
//!
//! The board's 11 points are the session state's `cells` (one row of 11, in
//! the order of `board::NAMES`: 0 empty, 1 a hound, 2 the hare); a move's
//! `from` and `cell` are the points it steps from and to.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use serde_json::Value;

use super::learn::{preset, CurvePoint, HareConfig, Run, RunConfig, RUN_KEY};
use super::players::{PerfectPlayer, SimpleHare};
use super::runs::{hare_label, Q_TABLE};
use super::solve::{Solution, Value as Verdict};
use super::{HareHounds, Move, STALL_LIMIT};
use crate::game::{Analysis, Game, MoveError, MoveValue, Player, Rng, Scale, Side};
use crate::learn::q_table::QLearner;
use crate::model::Model;
use crate::players::RandomPlayer;
use crate::plugin::trainer::TrainerRun;
use crate::plugin::{
    Bench, ChartSpec, Choice, DynAgent, DynRun, DynSession, FieldSpec, GameEntry, GameInfo,
    Geometry, ModelUse, Playable, PlayerInfo, PresetInfo, ResumeOptions, RunKindInfo, TypedAgent,
    TypedSession,
};
use crate::search::budget::Budget;

/// The exact solution, solved once per process or wasm instance (a few
/// milliseconds).
pub fn solution() -> Arc<Solution> {
    static SOLUTION: OnceLock<Arc<Solution>> = OnceLock::new();
    SOLUTION.get_or_init(|| Arc::new(Solution::solve())).clone()
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "hounds",
        Side::Second => "hare",
    }
}

impl Playable for HareHounds {
    const TITLE: &'static str = "Hare and Hounds";
    const SIDE_NAMES: [&'static str; 2] = ["Hounds", "Hare"];
    const ROWS: u32 = 1;
    const COLS: u32 = 11;

    fn cells(&self, out: &mut Vec<u8>) {
        out.clear();
        out.resize(11, 0);
        for p in self.hounds() {
            out[p.index()] = 1;
        }
        out[self.hare().index()] = 2;
    }

    fn move_cells(&self, m: Move) -> (Option<u32>, Option<u32>) {
        (Some(m.from.index() as u32), Some(m.to.index() as u32))
    }

    fn parse_position(text: &str) -> Result<Self, MoveError> {
        HareHounds::parse(text).map_err(MoveError)
    }

    fn position_text(&self) -> String {
        self.to_string()
    }

    fn parse_transcript(text: &str) -> Result<Vec<Move>, MoveError> {
        text.split_whitespace()
            .enumerate()
            .map(|(i, t)| {
                HareHounds::parse_move(t)
                    .map_err(|e| MoveError(format!("move {}: '{t}' is not a move: {e}", i + 1)))
            })
            .collect()
    }

    fn transcript(moves: &[Move]) -> String {
        moves
            .iter()
            .map(|&m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn end_text(&self) -> Option<String> {
        self.end().map(|end| {
            let who = match end.winner() {
                Side::First => "The hounds win",
                Side::Second => "The hare wins",
            };
            format!("{who}: {}.", end.describe())
        })
    }

    fn status_text(&self) -> Option<String> {
        Some(format!(
            "Vertical hound moves in a row: {} of {STALL_LIMIT} (at {STALL_LIMIT} the hare wins).",
            self.stall()
        ))
    }
}

fn verdict_text(v: Verdict) -> String {
    format!("{} in {} plies", verdict_winner(v.winner), v.plies)
}

fn verdict_winner(side: Side) -> &'static str {
    match side {
        Side::First => "hounds win",
        Side::Second => "hare wins",
    }
}

/// The perfect player, whose analysis is the exact solution's verdict on
/// every move: kept value +1 (the side to move keeps its result), −1 if the
/// move throws it away, with the result after the move in words.
struct Perfect(PerfectPlayer, Arc<Solution>);

impl Player<HareHounds> for Perfect {
    fn name(&self) -> String {
        self.0.name()
    }

    fn choose(&mut self, game: &HareHounds, rng: &mut Rng) -> Move {
        self.0.choose(game, rng)
    }

    fn analyze(&mut self, g: &HareHounds, _budget: &mut Budget) -> Option<Analysis<Move>> {
        let solution = &self.1;
        let mut best = Vec::new();
        solution.best_moves(g, &mut best);
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        Some(Analysis {
            units: "the exact solution: +1 keeps the result, −1 throws it away".into(),
            scale: Scale::Fixed {
                min: -1.0,
                max: 1.0,
            },
            position: Some(verdict_text(solution.value(g))),
            moves: legal
                .into_iter()
                .map(|m| MoveValue {
                    mv: m,
                    value: Some(if solution.keeps_value(g, m) {
                        1.0
                    } else {
                        -1.0
                    }),
                    label: Some(verdict_text(solution.value_after(g, m))),
                    best: best.contains(&m),
                })
                .collect(),
            complete: true,
        })
    }
}

/// Hare and Hounds' entry in the registry.
pub struct Entry;

const PRESETS: [(&str, &str, &str); 5] = [
    (
        "1",
        "Experiment 1 · learning rate α × discount γ",
        "Nine runs against the random hare, 300,000 games each, with ε = 1: which α and γ learn a stable winning table.",
    ),
    (
        "2",
        "Experiment 2 · exploration ε",
        "Four runs against the random hare with α = 0.1, γ = 0.9 and ε from 0.1 to 1: how exploration changes the speed of learning.",
    ),
    (
        "3",
        "Experiment 3 · against the simple hare",
        "One run of 10,000 games against the study's fixed hare: how fast the hounds master it.",
    ),
    (
        "4",
        "Experiment 4 · three Q-values converge",
        "200,000 games against the random hare, sampling the values of three chosen moves: a trap goes to +1, a blunder below 0.",
    ),
    (
        "5",
        "Experiment 5 · both sides learn",
        "Not run in the study, its proposed next step: a learning hare against the learning hounds, 300,000 games.",
    ),
];

fn q_table_kind() -> RunKindInfo {
    let hares = vec![
        Choice::new("random", "the random hare"),
        Choice::new("simple", "the simple hare"),
        Choice::new("perfect", "the perfect hare"),
    ];
    RunKindInfo {
        id: Q_TABLE.into(),
        title: "Tabular Q-learning of the hounds".into(),
        about: "A table holds a value for every position and every hound step; after each game \
                the values of the moves played move a little towards what followed. α sets how \
                far, γ how much later rewards count, ε how often the hounds try a random move."
            .into(),
        fields: vec![
            FieldSpec::float(
                "hounds.alpha",
                "Learning rate α",
                "How far each update moves a value towards its target (0 to 1).",
                (0.0, 1.0),
                0.05,
                0.1,
            ),
            FieldSpec::float(
                "hounds.gamma",
                "Discount γ",
                "How much a win counts when it comes later (0 to 1; 1: later counts fully).",
                (0.0, 1.0),
                0.05,
                0.9,
            ),
            FieldSpec::float(
                "hounds.epsilon",
                "Exploration ε",
                "The chance of a random move instead of the best-valued one while learning.",
                (0.0, 1.0),
                0.05,
                0.5,
            ),
            FieldSpec::choice(
                "hare.kind",
                "Hare",
                "The opponent the hounds learn against.",
                hares.clone(),
            ),
            FieldSpec::int(
                "total_games",
                "Learning games",
                "How many games the hounds learn from.",
                1,
                100_000_000,
                10_000,
            ),
            FieldSpec::int(
                "learn_games",
                "Curve point every (games)",
                "Learning games between two measurements of the greedy hounds.",
                1,
                10_000_000,
                100,
            ),
            FieldSpec::int(
                "eval_games",
                "Evaluation games",
                "Greedy games (learning off) at each curve point; 0 for none.",
                0,
                1_000_000,
                500,
            ),
            FieldSpec::boolean(
                "perfect_share",
                "Measure perfect moves",
                "At each point, the share of positions where the greedy hounds play a perfect move (from the exact solution), and a match against the perfect hare.",
                true,
            ),
            FieldSpec::int(
                "seed",
                "Seed",
                "Same seed, same run.",
                0,
                u64::MAX,
                1,
            ),
        ],
        presets: PRESETS
            .iter()
            .map(|&(id, name, sentence)| PresetInfo {
                id: id.into(),
                name: name.into(),
                sentence: sentence.into(),
                group: if id == "5" { "beyond" } else { "study" }.into(),
                runs: preset(id.parse().expect("a number"), 0)
                    .map(|r| r.len() as u32)
                    .unwrap_or(0),
            })
            .collect(),
        charts: vec![
            ChartSpec::new(
                "win",
                "Greedy hounds’ win % (dashed: against the perfect hare)",
                "win %",
                Some([0.0, 100.0]),
            ),
            ChartSpec::new(
                "perfect",
                "Perfect moves in won positions %",
                "% perfect",
                Some([0.0, 100.0]),
            ),
            ChartSpec::new("probes", "Sampled Q-values", "Q", Some([-1.0, 1.0])),
        ],
        continue_fields: vec![FieldSpec::choice(
            "hare",
            "Against",
            "The hare of the continued run.",
            std::iter::once(Choice::new("", "the hare it learned against"))
                .chain(hares)
                .collect(),
        )],
        snapshots: vec![100, 1_000],
        watchable: true,
    }
}

impl GameEntry for Entry {
    fn id(&self) -> &'static str {
        HareHounds::NAME
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            id: HareHounds::NAME.into(),
            title: HareHounds::TITLE.into(),
            blurb: "Three hounds try to trap a hare on an 11-point board; Q-learning hounds and the exact solution.".into(),
            sides: HareHounds::SIDE_NAMES.map(String::from),
            geometry: Geometry::Graph { points: 11 },
            players: vec![
                PlayerInfo::simple("random", "Random", "any legal move"),
                PlayerInfo {
                    sides: [false, true],
                    ..PlayerInfo::simple("simple", "Simple", "the study’s fixed hare (hare only)")
                },
                PlayerInfo::simple("perfect", "Perfect", "from the exact solution"),
            ],
            runs: vec![q_table_kind()],
            model_settings: Vec::new(),
            built: true,
        }
    }

    fn new_session(&self) -> Box<dyn DynSession> {
        Box::new(TypedSession::<HareHounds>::default())
    }

    fn agent(
        &self,
        name: &str,
        _settings: &Value,
        model: Option<&Model>,
    ) -> Result<Box<dyn DynAgent>, String> {
        match name.trim() {
            "random" => Ok(TypedAgent::new(Box::new(RandomPlayer::<HareHounds>::new())).boxed()),
            "simple" => Ok(TypedAgent::for_side(
                Box::new(SimpleHare::new()),
                Side::Second,
                "the simple player is a hare strategy; the hounds cannot use it".into(),
            )
            .boxed()),
            "perfect" => {
                let s = solution();
                Ok(TypedAgent::new(Box::new(Perfect(PerfectPlayer::new(s.clone()), s))).boxed())
            }
            "model" => {
                let model = model.ok_or("the model player needs a model file")?;
                let learner = QLearner::<HareHounds>::from_model(model)?;
                let side = learner.side();
                let refusal = format!(
                    "the model '{}' plays the {}, not the {}",
                    model.header.name,
                    side_name(side),
                    side_name(side.other())
                );
                Ok(TypedAgent::for_side(Box::new(learner), side, refusal).boxed())
            }
            other => Err(format!(
                "unknown player '{other}' (players: random, simple, perfect, or a model)"
            )),
        }
    }

    fn preset_runs(&self, kind: &str, id: &str, seed: u64) -> Result<Vec<Value>, String> {
        let n: u32 = id
            .parse()
            .ok()
            .filter(|_| kind == Q_TABLE)
            .ok_or_else(|| crate::plugin::unknown_preset(HareHounds::TITLE, kind, id))?;
        preset(n, seed)?
            .into_iter()
            .map(|c| serde_json::to_value(c).map_err(|e| e.to_string()))
            .collect()
    }

    fn new_run(&self, kind: &str, config: &Value) -> Result<Box<dyn DynRun>, String> {
        if kind != Q_TABLE {
            return Err(format!("Hare and Hounds has no training run '{kind}'"));
        }
        let config: RunConfig = serde_json::from_value(config.clone())
            .map_err(|e| format!("not a run configuration: {e}"))?;
        if config.total_games > 100_000_000 {
            return Err("total_games must be at most 100,000,000".into());
        }
        Ok(Box::new(TrainerRun(Run::new(config, Some(solution()))?)))
    }

    fn resume_run(
        &self,
        model: &Model,
        options: &ResumeOptions,
    ) -> Result<Box<dyn DynRun>, String> {
        let hare = match options.settings.get("hare").and_then(Value::as_str) {
            None | Some("") => None,
            Some("random") => Some(HareConfig::Random),
            Some("simple") => Some(HareConfig::Simple),
            Some("perfect") => Some(HareConfig::Perfect),
            Some(other) => {
                return Err(format!(
                    "unknown hare '{other}' (random, simple or perfect)"
                ))
            }
        };
        let games = model.header.games_trained;
        let total = options.total.unwrap_or_else(|| {
            model
                .header
                .hyper
                .get(RUN_KEY)
                .and_then(|r| r.get("total_games"))
                .and_then(Value::as_u64)
                .unwrap_or(games)
        });
        if total <= games {
            return Err(format!(
                "the continued run needs further games: the model has played {games} games, and the total {total} leaves none"
            ));
        }
        let run = Run::continue_from(model, total - games, hare, None, Some(solution()))?;
        if run.config().total_games > 1_000_000_000 {
            return Err("the run would have more than 1,000,000,000 games in all".into());
        }
        Ok(Box::new(TrainerRun(run)))
    }

    fn describe_model(&self, model: &Model) -> Result<ModelUse, String> {
        if model.header.algorithm != crate::model::Algorithm::QTable {
            return Err(crate::plugin::no_learner(model, HareHounds::TITLE));
        }
        let learner = QLearner::<HareHounds>::from_model(model)?;
        let p = learner.params();
        let run: Option<RunConfig> = model
            .header
            .hyper
            .get(RUN_KEY)
            .and_then(|v| serde_json::from_value(v.clone()).ok());
        let hare = run.as_ref().map(|r| hare_label(&r.hare));
        let mut summary = format!(
            "{} · α {} γ {} ε {}",
            side_name(learner.side()),
            p.alpha,
            p.gamma,
            p.epsilon
        );
        if let Some(hare) = &hare {
            summary.push_str(&format!(" · vs {hare} hare"));
        }
        let mut win_rates = BTreeMap::new();
        // Curves written by other producers may have another shape: no rates then.
        let curve: Vec<CurvePoint> =
            serde_json::from_value(model.header.curve.clone()).unwrap_or_default();
        if let Some(last) = curve.iter().rev().find(|p| p.win_percent.is_some()) {
            let label = match &hare {
                Some(hare) => format!("vs {hare} hare"),
                None => "win".to_string(),
            };
            win_rates.insert(label, last.win_percent.unwrap_or_default());
            if let Some(v) = last.vs_perfect_percent {
                win_rates.insert("vs perfect hare".to_string(), v);
            }
        }
        Ok(ModelUse {
            summary,
            win_rates,
            plays: true,
            side: Some(learner.side().index() as u8),
            continues_as: (learner.side() == Side::First).then(|| Q_TABLE.into()),
        })
    }

    fn benches(&self) -> Vec<Bench> {
        vec![
            Bench {
                name: "hare_hounds_random_games",
                run: super::bench::random_games,
            },
            Bench {
                name: "hare_hounds_q_learning",
                run: super::bench::q_learning,
            },
            Bench {
                name: "hare_hounds_solve",
                run: super::bench::solve,
            },
        ]
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn cli(&self) -> clap::Command {
        crate::cli::game_command::<super::cli::Command>(
            self.id(),
            "Hare and Hounds: tabular Q-learning, the study's experiments, the exact solution.",
        )
        // The name before the id was the command's name too.
        .visible_alias("hare-hounds")
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn run_cli(&self, matches: &clap::ArgMatches) -> Result<(), crate::cli::CliError> {
        super::cli::run(crate::cli::game_subcommand(matches)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::describe_model;
    use crate::model::encode;
    use crate::plugin::{RunProgress, SeriesSpec};

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
        let mut run = Run::new(config, None).unwrap();
        while !run.is_done() {
            run.step(1_000);
        }
        let e = describe_model(&run.hounds_model("h").unwrap()).unwrap();
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
