//! A run saved as a hounds model that continues exactly, and a model
//! continued (see the module [`super`] on saving and continuing).

use std::sync::Arc;

use super::config::{run_seed, HareConfig, RunConfig};
use super::run::{CurvePoint, Hare, Run};
use crate::game::{rng_from_seed, Side};
use crate::games::hare_hounds::solve::Solution;
use crate::games::hare_hounds::HareHounds;
use crate::learn::q_table::{QLearner, QTable};
use crate::model::Model;

impl Run {
    /// The learned hounds as a model named `name` that can be continued
    /// with [`Run::continue_from`] (see [`super`]).
    pub fn hounds_model(&self, name: &str) -> Result<Model, String> {
        let mut model = self.hounds.to_model(name, self.config.seed)?;
        let run = serde_json::to_value(&self.config).map_err(|e| e.to_string())?;
        model.header.hyper.insert(RUN_KEY.to_string(), run);
        model.header.curve =
            serde_json::to_value(saved_curve(&self.curve)).map_err(|e| e.to_string())?;
        model.set_rng(&self.rng);
        if let Hare::Learning(hare) = &self.hare {
            hare.table().save(&mut model, HARE_ARRAY)?;
        }
        Ok(model)
    }

    /// A run that continues a model of [`Run::hounds_model`] (or any hounds
    /// Q-table of this game) for `more_games` learning games: its table, its
    /// games and its curve go on. `hare` replaces the saved hare (needed when
    /// the saved one learned: its table is not in the hounds' model); `seed`
    /// starts a new random stream instead of continuing the saved one.
    pub fn continue_from(
        model: &Model,
        more_games: u64,
        hare: Option<HareConfig>,
        seed: Option<u64>,
        solution: Option<Arc<Solution>>,
    ) -> Result<Run, String> {
        let hounds = QLearner::<HareHounds>::from_model(model)?;
        if hounds.side() != Side::First {
            return Err(
                "the model is a table of the hare, not of the hounds: only hounds can continue training"
                    .into(),
            );
        }
        if more_games == 0 {
            return Err("continue for at least 1 more game".into());
        }
        let h = &model.header;
        let games = h.games_trained;
        let saved = h.hyper.get(RUN_KEY);
        let (mut config, curve) = match saved {
            Some(v) => {
                let config: RunConfig = serde_json::from_value(v.clone())
                    .map_err(|e| format!("the model's run settings are unreadable: {e}"))?;
                let curve: Vec<CurvePoint> = serde_json::from_value(h.curve.clone())
                    .map_err(|e| format!("the model's curve is unreadable: {e}"))?;
                (config, curve)
            }
            None if hare.is_none() => {
                return Err("the model was saved without its run's settings (by the command line or an earlier version): choose the hare to continue against".into());
            }
            None => (
                RunConfig {
                    label: if h.name.is_empty() {
                        "continued".into()
                    } else {
                        h.name.clone()
                    },
                    hounds: hounds.params(),
                    hare: HareConfig::Random,
                    learn_games: 300,
                    eval_games: 500,
                    total_games: games,
                    seed: h.seed,
                    perfect_share: true,
                    probes: Vec::new(),
                },
                Vec::new(),
            ),
        };
        config.hounds = hounds.params();
        if let Some(hare) = hare {
            config.hare = hare;
        }
        let hare_learner = match config.hare {
            HareConfig::Learning(p) => {
                if !model.arrays.iter().any(|a| a.name == HARE_ARRAY) {
                    return Err("these hounds learned against a learning hare whose table is not saved with them: continue against the random, simple or perfect hare".into());
                }
                let hare = QLearner::from_array(model, HARE_ARRAY, Side::Second, p, games)
                    .map_err(|e| format!("the learning hare's table: {e}"))?;
                Some(hare)
            }
            _ => None,
        };
        let mut previous = 0;
        for p in &curve {
            if p.games < previous || p.games > games {
                return Err(format!(
                    "the model's curve is out of order: a point at {} games (of {games})",
                    p.games
                ));
            }
            if p.probes.len() != config.probes.len() {
                return Err(format!(
                    "the model's curve has {} probe values per point, its settings {} probes",
                    p.probes.len(),
                    config.probes.len()
                ));
            }
            previous = p.games;
        }
        config.total_games = games
            .checked_add(more_games)
            .ok_or("too many games in all")?;
        let rng = match seed {
            Some(s) => {
                config.seed = s;
                rng_from_seed(s)
            }
            None if saved.is_some() => model.rng().map_err(|e| {
                format!("the model has no generator state to continue from ({e}); give a seed")
            })?,
            // an old model: a stream of its own, fixed by its seed and games
            None => rng_from_seed(run_seed(h.seed, games)),
        };
        let next_point = match curve.last() {
            Some(p) => (p.games + u64::from(config.learn_games)).max(games),
            None => games,
        };
        let mut run = Run::new(config, solution)?;
        run.hounds = hounds;
        run.rng = rng;
        run.games = games;
        run.next_point = next_point;
        run.curve = curve;
        if let Some(hare) = hare_learner {
            run.hare = Hare::Learning(Box::new(hare));
        }
        Ok(run)
    }
}

/// The learning hare that a model of [`Run::hounds_model`] holds beside
/// its hounds (experiment 5), as a hare model of its own named `name`:
/// its table, its parameters and the games it learned.
#[cfg(not(target_arch = "wasm32"))]
pub fn hare_model(model: &Model, name: &str) -> Result<Model, String> {
    let config: RunConfig = model
        .header
        .hyper
        .get(RUN_KEY)
        .ok_or("the model has no run settings, so no learning hare")
        .and_then(|v| {
            serde_json::from_value(v.clone()).map_err(|_| "the model's run settings are unreadable")
        })?;
    let HareConfig::Learning(params) = config.hare else {
        return Err("these hounds learned against a fixed hare: the model holds no hare".into());
    };
    let games = model.header.games_trained;
    let hare = QLearner::<HareHounds>::from_array(model, HARE_ARRAY, Side::Second, params, games)
        .map_err(|e| format!("the learning hare's table: {e}"))?;
    hare.to_model(name, model.header.seed)
}

/// The most curve points a hounds model keeps: the curve lives in the JSON
/// header, which may not exceed 4 MB (a point takes up to ~400 bytes).
pub const MAX_SAVED_POINTS: usize = 6_000;

/// The curve as saved: all of it up to [`MAX_SAVED_POINTS`], else every
/// k-th point (k as small as fits) and always the last one, from which a
/// continued run takes its next point.
fn saved_curve(curve: &[CurvePoint]) -> Vec<&CurvePoint> {
    if curve.len() <= MAX_SAVED_POINTS {
        return curve.iter().collect();
    }
    let stride = curve.len().div_ceil(MAX_SAVED_POINTS - 1);
    curve
        .iter()
        .enumerate()
        .filter(|(i, _)| i % stride == 0 || *i == curve.len() - 1)
        .map(|(_, p)| p)
        .collect()
}

/// The key of a hounds model's run settings in the header's `hyper`.
pub const RUN_KEY: &str = "run";

/// The array of a hounds model that holds the learning hare's table.
pub const HARE_ARRAY: &str = "hare_q";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hare_hounds::learn::*;

    /// Runs `config` for `n + m` games in one go, and for `n` games (in
    /// chunks) saved through the file format and continued for `m` more.
    /// Checks that the continued run picks up the first part's curve and
    /// ends with the same curve and hounds as the whole run; returns (the
    /// whole run, the first part, the continued run).
    fn split_run(config: RunConfig, n: u64, m: u64, solution: &Arc<Solution>) -> (Run, Run, Run) {
        let config = RunConfig {
            total_games: n + m,
            ..config
        };
        let mut whole = Run::new(config.clone(), Some(solution.clone())).unwrap();
        whole.run_to_end();
        let mut first = Run::new(
            RunConfig {
                total_games: n,
                ..config
            },
            Some(solution.clone()),
        )
        .unwrap();
        while !first.is_done() {
            first.step(33);
        }
        let bytes = crate::model::encode(&first.hounds_model("half").unwrap()).unwrap();
        let model = crate::model::decode(&bytes).unwrap();
        assert_eq!(model.header.games_trained, n);
        let mut rest = Run::continue_from(&model, m, None, None, Some(solution.clone())).unwrap();
        assert_eq!(rest.games(), n);
        assert_eq!(rest.curve(), first.curve());
        rest.run_to_end();
        assert_eq!(rest.games(), n + m);
        assert_eq!(rest.curve(), whole.curve());
        assert_eq!(rest.hounds().table(), whole.hounds().table());
        assert_eq!(rest.hounds().games_trained(), n + m);
        (whole, first, rest)
    }

    #[test]
    fn a_saved_and_continued_run_equals_one_long_run() {
        let solution = Arc::new(Solution::solve());
        for (preset_no, n, m) in [(3, 200, 150), (3, 205, 145), (4, 300, 250)] {
            let config = RunConfig {
                eval_games: 40,
                ..preset(preset_no, 11).unwrap()[0].clone()
            };
            split_run(config, n, m, &solution);
        }
    }

    #[test]
    fn a_run_beside_a_learning_hare_continues_exactly() {
        let solution = Arc::new(Solution::solve());
        let config = RunConfig {
            eval_games: 30,
            ..preset(5, 3).unwrap()[0].clone()
        };
        let (n, m) = (700, 500);
        let (whole, first, rest) = split_run(config, n, m, &solution);
        // The hare's table went on from the saved one, to the same end.
        let saved = first.hare_learner().unwrap();
        assert!(
            saved.table().values().iter().any(|&q| q != 0.0),
            "the hare learned"
        );
        let (a, b) = (rest.hare_learner().unwrap(), whole.hare_learner().unwrap());
        assert_ne!(a.table(), saved.table());
        assert_eq!(a.table(), b.table());
        assert_eq!(a.games_trained(), n + m);
    }

    #[test]
    fn the_learning_hare_comes_out_of_the_hounds_model_as_a_hare_model() {
        let solution = Arc::new(Solution::solve());
        let config = RunConfig {
            total_games: 600,
            eval_games: 20,
            ..preset(5, 4).unwrap()[0].clone()
        };
        let mut run = Run::new(config, Some(solution.clone())).unwrap();
        run.run_to_end();
        let hounds = run.hounds_model("both").unwrap();
        let hare = hare_model(&hounds, "the hare").unwrap();
        // Through the file format, as the page reads it.
        let bytes = crate::model::encode(&hare).unwrap();
        let hare = crate::model::decode(&bytes).unwrap();
        assert_eq!(hare.header.name, "the hare");
        let learner = QLearner::<HareHounds>::from_model(&hare).unwrap();
        let learned = run.hare_learner().unwrap();
        assert_eq!(learner.side(), Side::Second);
        assert_eq!(learner.table(), learned.table());
        assert_eq!(learner.params(), learned.params());
        assert_eq!(learner.games_trained(), 600);
        // Hounds that learned against a fixed hare hold none.
        let mut fixed = Run::new(
            RunConfig {
                total_games: 30,
                eval_games: 0,
                ..preset(3, 4).unwrap()[0].clone()
            },
            Some(solution),
        )
        .unwrap();
        fixed.run_to_end();
        let err = hare_model(&fixed.hounds_model("h").unwrap(), "x").unwrap_err();
        assert!(err.contains("fixed hare"), "{err}");
    }

    #[test]
    fn continuing_with_another_hare_or_seed_keeps_table_and_curve() {
        let solution = Arc::new(Solution::solve());
        let config = RunConfig {
            total_games: 100,
            eval_games: 20,
            ..preset(3, 2).unwrap()[0].clone()
        };
        let mut run = Run::new(config, Some(solution.clone())).unwrap();
        run.run_to_end();
        let model = run.hounds_model("h").unwrap();
        let mut more = Run::continue_from(
            &model,
            30,
            Some(HareConfig::Random),
            Some(5),
            Some(solution.clone()),
        )
        .unwrap();
        assert_eq!(more.hounds().table(), run.hounds().table());
        assert_eq!(more.config().seed, 5);
        more.run_to_end();
        assert_eq!(&more.curve()[..run.curve().len()], run.curve());
        let games: Vec<u64> = more.curve()[run.curve().len()..]
            .iter()
            .map(|p| p.games)
            .collect();
        assert_eq!(games, [110, 120, 130]);

        // An old model (no run settings, no generator): a fresh curve from
        // its games on, the study's protocol of experiments 1 and 2.
        let old = run.hounds().to_model("old", 2).unwrap();
        let e = Run::continue_from(&old, 300, None, None, Some(solution.clone()))
            .err()
            .unwrap();
        assert!(e.contains("choose the hare"), "{e}");
        let mut again = Run::continue_from(
            &old,
            300,
            Some(HareConfig::Simple),
            None,
            Some(solution.clone()),
        )
        .unwrap();
        again.run_to_end();
        let games: Vec<u64> = again.curve().iter().map(|p| p.games).collect();
        assert_eq!(games, [100, 400]);
        assert_eq!(again.config().hare, HareConfig::Simple);
        assert_eq!(again.hounds().games_trained(), 400);
    }

    #[test]
    fn long_curves_are_thinned_when_saved_and_still_continue() {
        let config = RunConfig {
            learn_games: 1,
            eval_games: 0,
            total_games: 9_000,
            perfect_share: false,
            ..preset(3, 4).unwrap()[0].clone()
        };
        let mut run = Run::new(config, None).unwrap();
        run.run_to_end();
        assert_eq!(run.curve().len(), 9_001);
        let bytes = crate::model::encode(&run.hounds_model("long").unwrap()).unwrap();
        let model = crate::model::decode(&bytes).unwrap();
        let mut more = Run::continue_from(&model, 3, None, None, None).unwrap();
        let kept: Vec<u64> = more.curve().iter().map(|p| p.games).collect();
        assert!(kept.len() <= MAX_SAVED_POINTS, "{}", kept.len());
        assert_eq!((kept[0], kept[1], *kept.last().unwrap()), (0, 2, 9_000));
        more.run_to_end();
        let tail: Vec<u64> = more.curve().iter().rev().take(4).map(|p| p.games).collect();
        assert_eq!(tail, [9_003, 9_002, 9_001, 9_000]);
    }

    #[test]
    fn models_that_cannot_continue_are_refused() {
        let solution = Arc::new(Solution::solve());
        let mut c = preset(5, 1).unwrap().remove(0);
        c.total_games = 10;
        c.eval_games = 5;
        let mut run = Run::new(c, Some(solution.clone())).unwrap();
        run.run_to_end();
        let model = run.hounds_model("both").unwrap();
        let mut no_hare = model.clone();
        no_hare.arrays.retain(|a| a.name != HARE_ARRAY);
        let e = Run::continue_from(&no_hare, 10, None, None, Some(solution.clone()))
            .err()
            .unwrap();
        assert!(e.contains("learning hare"), "{e}");
        let mut small_hare = model.clone();
        let hare_q = small_hare
            .arrays
            .iter_mut()
            .find(|a| a.name == HARE_ARRAY)
            .unwrap();
        hare_q.shape[0] -= 1;
        let e = Run::continue_from(&small_hare, 10, None, None, Some(solution.clone()))
            .err()
            .unwrap();
        assert!(e.contains("learning hare's table"), "{e}");
        assert!(Run::continue_from(
            &model,
            10,
            Some(HareConfig::Simple),
            None,
            Some(solution.clone())
        )
        .is_ok());
        let hare = run.hare_learner().unwrap().to_model("hare", 1).unwrap();
        let e = Run::continue_from(&hare, 10, None, None, None)
            .err()
            .unwrap();
        assert!(e.contains("not of the hounds"), "{e}");
        let e = Run::continue_from(&model, 0, Some(HareConfig::Simple), None, None)
            .err()
            .unwrap();
        assert!(e.contains("at least 1"), "{e}");
        let mut bad = model.clone();
        bad.header.curve = serde_json::json!([{"games": 99}]);
        let e = Run::continue_from(&bad, 10, Some(HareConfig::Simple), None, None)
            .err()
            .unwrap();
        assert!(e.contains("curve is unreadable"), "{e}");
        let mut bad = model.clone();
        bad.header
            .hyper
            .insert(RUN_KEY.into(), serde_json::json!("x"));
        let e = Run::continue_from(&bad, 10, Some(HareConfig::Simple), None, None)
            .err()
            .unwrap();
        assert!(e.contains("run settings are unreadable"), "{e}");
        let mut bad = model;
        bad.arrays.retain(|a| a.name != "rng");
        let e = Run::continue_from(&bad, 10, Some(HareConfig::Simple), None, None)
            .err()
            .unwrap();
        assert!(e.contains("generator state"), "{e}");
    }
}
