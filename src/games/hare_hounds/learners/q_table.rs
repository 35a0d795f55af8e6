//! The Hare and Hounds study's experiments, runnable in chunks.
//!
//! A run ([`QTableRun`]) trains Q-learning hounds (and optionally a Q-learning hare)
//! against an opponent and records a [`CurvePoint`] every `learn_games`
//! learning games (once before learning, and after the last game when the
//! total is not a multiple of `learn_games`): the win % of `eval_games`
//! greedy games with learning off, the share of reachable hound-to-move
//! positions where the greedy move is perfect, and the Q-values of chosen
//! state–action pairs ("probes").
//!
//! The presets ([`preset`]):
//! 1. α ∈ {0.1, 0.5, 0.9} × γ ∈ {0.1, 0.5, 0.9}, ε = 1.0, against the random
//!    hare: 300 learning games, then 500 greedy games, up to 300,000 games.
//! 2. ε ∈ {0.1, 0.5, 0.9, 1.0}, α = 0.1, γ = 0.9, same protocol.
//! 3. Against the simple hare (α = 0.1, γ = 0.9, ε = 0.5): 10 learning games,
//!    then 500 greedy games, up to 10,000 games.
//! 4. Convergence (α = 0.1, γ = 0.9, ε = 0.5, random hare): the Q-values of
//!    three state–action pairs sampled every 100 games over 200,000 games.
//! 5. (not in the study; its proposed next step) Both sides learn against each
//!    other with α = 0.1, γ = 0.9, ε = 0.5: 300 learning games, then 500
//!    greedy games between the two greedy learners, up to 300,000 games.
//!
//! Where the study does not give a parameter (ε and α, γ in 3 and 4), the
//! presets use its recommended values: α = 0.1, γ = 0.9 (the only stable
//! combination of experiment 1) and ε = 0.5 (the fastest of experiment 2).
//!
//! Same configuration and seed, same curve, however the run is cut into
//! chunks: each run has one random stream and draws from it in a fixed order.
//! The end point off the grid draws from a stream of its own
//! ([`end_point_seed`]), so that a run continued past it plays the games of
//! one longer run.
//!
//! # Saving and continuing
//!
//! [`QTableLearner::hounds_model`] saves the learned hounds as a Q-table model
//! ([`QLearner::to_model`]) that also holds what the run needs to go on: the
//! header's `hyper.run` is the run's [`RunConfig`], `curve` is the curve so
//! far ([`CurvePoint`]s), `games_trained` the learning games played, and the
//! array `rng` the generator's exact state. [`QTableRun::resume`] rebuilds
//! the run from such a model and plays more games: with the saved hare and
//! the saved generator, a run of N games saved and continued for M more ends
//! with the same table and the same curve as one run of N + M games.
//! A run beside a learning hare (experiment 5) saves the hare's table too,
//! as the array `hare_q`, so that it continues exactly as well.
//! Models without `hyper.run` (only α, γ, ε: written by `selfplay
//! hare-hounds train` or before continuing existed) continue too, against a
//! hare that must be given, with the protocol of experiments 1 and 2 (300
//! learning games, then 500 greedy games) and a fresh curve.
//!
//! This file is the learner (its update step, curve point and model file,
//! a [`Learner`] for the generic [`crate::plugin::Run`]) and its kind of
//! run as the game lists it; the settings and presets are [`config`].

pub mod config;

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::arena::play_game;
use crate::game::{rng_from_seed, Game, Player, Rng, Side};
use crate::games::hare_hounds::players::{PerfectPlayer, SimpleHare};
use crate::games::hare_hounds::solve::{solution, PerfectShare, Solution};
use crate::games::hare_hounds::{HareHounds, Move};
use crate::learn::q_run;
use crate::learn::q_table::{play_recorded_game, Agent, QLearner, QTable};
use crate::model::{Kind, Model};
use crate::players::RandomPlayer;
use crate::plugin::run::{thousands, Recorder};
use crate::plugin::{
    kind, ChartSpec, Choice, DynAgent, FieldSpec, Learner, LearnerKind, ModelUse, Playable, Played,
    Point, Restored, ResumeOptions, RunKindInfo, RunView, SeriesSpec,
};

pub use config::{default_probes, preset, run_seed, HareConfig, Probe, RunConfig, MAX_LEARN_GAMES};

pub use crate::learn::q_run::Q_TABLE;

/// The generic run of this learner.
pub type QTableRun = crate::plugin::Run<QTableLearner>;

pub use crate::learn::q_run::RUN_KEY;

/// The array of a hounds model that holds the learning hare's table.
pub const HARE_ARRAY: &str = "hare_q";

/// The most curve points a hounds model keeps: the curve lives in the JSON
/// header, which may not exceed 4 MB (a point takes up to ~400 bytes).
pub const MAX_SAVED_POINTS: usize = 6_000;

/// Greedy games at a curve point, at most (a model from elsewhere cannot
/// make a run evaluate for hours between two chunks).
pub const MAX_EVAL_GAMES: u32 = 100_000;

/// One point of the curves.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct CurvePoint {
    /// Learning games played before this point.
    pub games: u64,
    /// The greedy hounds' win % in the evaluation games (if any).
    pub win_percent: Option<f64>,
    /// The greedy hounds' win % against the perfect hare in `eval_games`
    /// games (measured with the perfect-move share).
    pub vs_perfect_percent: Option<f64>,
    /// How often the greedy hounds play a perfect move.
    pub hounds_perfect: Option<PerfectShare>,
    /// How often the greedy learning hare plays a perfect move (experiment 5).
    pub hare_perfect: Option<PerfectShare>,
    /// Q-values of the probes, in the configuration's order.
    pub probes: Vec<f32>,
}

enum Hare {
    Fixed(Box<dyn Player<HareHounds> + Send>),
    Learning(Box<QLearner<HareHounds>>),
}

/// The learner: the hounds' table, their hare, the probes, the generator
/// and the games at which the next curve point falls.
pub struct QTableLearner {
    hounds: QLearner<HareHounds>,
    hare: Hare,
    solution: Option<Arc<Solution>>,
    probes: Vec<(HareHounds, Move)>,
    rng: Rng,
    next_point: u64,
}

impl QTableLearner {
    pub fn hounds(&self) -> &QLearner<HareHounds> {
        &self.hounds
    }

    /// The learning hare, if the hare learns.
    pub fn hare_learner(&self) -> Option<&QLearner<HareHounds>> {
        match &self.hare {
            Hare::Learning(l) => Some(l),
            Hare::Fixed(_) => None,
        }
    }

    /// The greedy hounds' win % over `eval_games` games against the run's
    /// hare (greedy if it learns), learning off.
    fn evaluate(&mut self, config: &RunConfig) -> f64 {
        let mut learned_hare;
        let hare: &mut dyn Player<HareHounds> = match &mut self.hare {
            Hare::Fixed(p) => p.as_mut(),
            Hare::Learning(l) => {
                learned_hare = l.greedy();
                &mut learned_hare
            }
        };
        win_percent_against(&self.hounds, hare, config.eval_games, &mut self.rng)
    }

    /// The curve point at `games`, its games drawn from the learner's
    /// generator.
    fn curve_point(&mut self, config: &RunConfig, games: u64) -> CurvePoint {
        let win_percent = (config.eval_games > 0).then(|| self.evaluate(config));
        let vs_perfect_percent = match (&self.solution, config.perfect_share) {
            (Some(s), true) if config.eval_games > 0 => {
                let mut hare = PerfectPlayer::new(s.clone());
                Some(win_percent_against(
                    &self.hounds,
                    &mut hare,
                    config.eval_games,
                    &mut self.rng,
                ))
            }
            _ => None,
        };
        let (hounds_perfect, hare_perfect) = match (&self.solution, config.perfect_share) {
            (Some(s), true) => {
                let h = s.perfect_share(Side::First, |g, out| self.hounds.greedy_moves(g, out));
                let r = self
                    .hare_learner()
                    .map(|l| s.perfect_share(Side::Second, |g, out| l.greedy_moves(g, out)));
                (Some(h), r)
            }
            _ => (None, None),
        };
        CurvePoint {
            games,
            win_percent,
            vs_perfect_percent,
            hounds_perfect,
            hare_perfect,
            probes: self
                .probes
                .iter()
                .map(|(g, m)| self.hounds.q_value(g, *m))
                .collect(),
        }
    }

    /// The learned hounds as a model named `name` that can be continued
    /// (see the module's documentation): the run's settings, its curve
    /// (thinned to [`MAX_SAVED_POINTS`]), the generator and a learning
    /// hare's table.
    pub fn hounds_model(&self, run: RunView<'_, Self>, name: &str) -> Result<Model, String> {
        let mut model = q_run::run_model(
            &self.hounds,
            name,
            run.config,
            run.curve,
            MAX_SAVED_POINTS,
            &self.rng,
        )?;
        if let Hare::Learning(hare) = &self.hare {
            hare.table().save(&mut model, HARE_ARRAY)?;
        }
        Ok(model)
    }
}

/// The seed of the generator that a run of seed `seed` measures its end
/// point off the grid with, at `games` games: a stream apart from the run's
/// own, the same for the same run.
pub fn end_point_seed(seed: u64, games: u64) -> u64 {
    run_seed(seed ^ 0x9e37_79b9_7f4a_7c15, games)
}

/// The win % of the greedy `hounds` against `hare` over `games` games.
pub fn win_percent_against(
    hounds: &QLearner<HareHounds>,
    hare: &mut dyn Player<HareHounds>,
    games: u32,
    rng: &mut Rng,
) -> f64 {
    let start = HareHounds::start();
    let mut greedy = hounds.greedy();
    let mut wins = 0u32;
    for _ in 0..games {
        let end = play_game(&start, &mut greedy, hare, 0, rng);
        if end.outcome().and_then(|o| o.winner()) == Some(Side::First) {
            wins += 1;
        }
    }
    100.0 * f64::from(wins) / f64::from(games.max(1))
}

/// The games of the next point on the grid of a saved `curve` (every
/// `learn_games` games from its first point): after its last point, which
/// may be a run's end point off the grid.
fn next_grid_point(curve: &[CurvePoint], learn_games: u32) -> u64 {
    let every = u64::from(learn_games.max(1));
    match (curve.first(), curve.last()) {
        (Some(first), Some(last)) => {
            let past = last.games - first.games;
            first.games + (past / every + 1) * every
        }
        _ => 0,
    }
}

/// A curve point; its win rates were measured on `eval_games` games.
fn point_of(p: &CurvePoint, eval_games: u32) -> Point {
    let mut point = Point::new(p.games);
    for (id, rate) in [("win", p.win_percent), ("vs_perfect", p.vs_perfect_percent)] {
        if let Some(r) = rate {
            point.set_rate(id, r, u64::from(eval_games));
        }
    }
    point.set(
        "perfect",
        p.hounds_perfect.as_ref().map(|s| 100.0 * s.winning),
    );
    point.set(
        "hare_perfect",
        p.hare_perfect.as_ref().map(|s| 100.0 * s.winning),
    );
    for (i, q) in p.probes.iter().enumerate() {
        point.set(&format!("probe{i}"), Some(f64::from(*q)));
    }
    point
}

pub fn hare_label(hare: &HareConfig) -> &'static str {
    match hare {
        HareConfig::Random => "random",
        HareConfig::Simple => "simple",
        HareConfig::Perfect => "perfect",
        HareConfig::Learning(_) => "learning",
    }
}

impl Learner for QTableLearner {
    q_run::q_table_learner!(RunConfig, CurvePoint);

    /// Checks the settings and sets up the hounds, the hare and the probes
    /// (with the exact solution, for the perfect-move share and the perfect
    /// hare, when they need it).
    fn new(config: &RunConfig) -> Result<QTableLearner, String> {
        config.hounds.validate()?;
        if config.learn_games == 0 {
            return Err("learn_games must be at least 1".into());
        }
        if config.eval_games > MAX_EVAL_GAMES {
            return Err(format!(
                "eval_games must be at most {MAX_EVAL_GAMES}, not {}",
                config.eval_games
            ));
        }
        let mut probes = Vec::new();
        for p in &config.probes {
            let g = HareHounds::parse(&p.position)
                .map_err(|e| format!("probe position '{}': {e}", p.position))?;
            if g.to_move() != Side::First || g.is_over() {
                return Err(format!(
                    "probe position '{}' must be a hound-to-move position that is not over",
                    p.position
                ));
            }
            let m = HareHounds::parse_move(&p.action).map_err(|e| e.0)?;
            if !g.is_legal(m) {
                return Err(format!("probe move {m} is not legal in '{}'", p.position));
            }
            probes.push((g, m));
        }
        let needs_solution = config.perfect_share || matches!(config.hare, HareConfig::Perfect);
        let solution = needs_solution.then(solution);
        let hare = match config.hare {
            HareConfig::Random => Hare::Fixed(Box::new(RandomPlayer::<HareHounds>::new())),
            HareConfig::Simple => Hare::Fixed(Box::new(SimpleHare::new())),
            HareConfig::Perfect => Hare::Fixed(Box::new(PerfectPlayer::new(
                solution.clone().expect("solved above"),
            ))),
            HareConfig::Learning(p) => Hare::Learning(Box::new(QLearner::new(Side::Second, p)?)),
        };
        Ok(QTableLearner {
            hounds: QLearner::new(Side::First, config.hounds)?,
            hare,
            solution,
            probes,
            rng: rng_from_seed(config.seed),
            next_point: 0,
        })
    }

    /// A point before the first game, every `learn_games` games and after
    /// the last (when the total is not on that grid).
    fn due(&self, run: RunView<'_, Self>) -> bool {
        let total = run.config.total_games;
        run.games <= total
            && run.curve.last().map(|p| p.games) != Some(run.games)
            && (run.games == self.next_point || run.games == total)
    }

    fn learn(&mut self, _run: RunView<'_, Self>, rec: Option<&mut Recorder>) -> Played {
        let start = HareHounds::start();
        let watched = rec.map(|r| (r, Side::First));
        match &mut self.hare {
            Hare::Fixed(p) => {
                play_recorded_game(
                    &start,
                    Agent::Learning(&mut self.hounds),
                    Agent::Fixed(p.as_mut()),
                    &mut self.rng,
                    watched,
                );
            }
            Hare::Learning(l) => {
                play_recorded_game(
                    &start,
                    Agent::Learning(&mut self.hounds),
                    Agent::Learning(l),
                    &mut self.rng,
                    watched,
                );
            }
        }
        Played::side(Side::First.index())
    }

    /// A point on the grid draws its evaluation games from the run's
    /// generator; the run's end point off the grid draws them from a
    /// generator of its own ([`end_point_seed`]), so that the games after
    /// it, when the run is continued, are those of one longer run.
    fn measure(&mut self, run: RunView<'_, Self>) -> CurvePoint {
        let on_grid = run.games == self.next_point;
        if on_grid {
            self.next_point += u64::from(run.config.learn_games);
            return self.curve_point(run.config, run.games);
        }
        let own = rng_from_seed(end_point_seed(run.config.seed, run.games));
        let run_rng = std::mem::replace(&mut self.rng, own);
        let point = self.curve_point(run.config, run.games);
        self.rng = run_rng;
        point
    }

    fn save(&self, run: RunView<'_, Self>, kind: Kind) -> Result<Model, String> {
        self.hounds_model(run, q_run::file_name(kind))
    }

    /// A run that continues a model of [`QTableLearner::hounds_model`] (or
    /// any hounds Q-table of this game) to a new total (the saved one when
    /// none is given): its table, its games and its curve go on. The
    /// settings `hare` replace the saved hare (needed when the saved one
    /// learned and its table is not in the model, or the model holds no run
    /// settings); `seed` starts a new random stream instead of continuing
    /// the saved one.
    fn restore(model: &Model, options: &ResumeOptions) -> Result<Restored<Self>, String> {
        let hare = match options.settings.get("hare").and_then(Value::as_str) {
            None | Some("") => None,
            Some(name) => Some(HareConfig::fixed(name)?),
        };
        let seed = match options.settings.get("seed") {
            None | Some(Value::Null) => None,
            Some(v) => Some(
                v.as_u64()
                    .ok_or_else(|| format!("seed must be a whole number, not {v}"))?,
            ),
        };
        let hounds = QLearner::<HareHounds>::from_model(model)?;
        if hounds.side() != Side::First {
            return Err(
                "the model is a table of the hare, not of the hounds: only hounds can continue training"
                    .into(),
            );
        }
        let h = &model.header;
        let games = h.games_trained;
        let saved: Option<RunConfig> = q_run::saved_config(model)?;
        let total = options
            .total
            .unwrap_or_else(|| saved.as_ref().map_or(games, |r| r.total_games));
        if total <= games {
            return Err(format!(
                "the continued run needs further games: the model has played {games} games, and the total {total} leaves none"
            ));
        }
        let resumable = saved.is_some();
        let (mut config, curve) = match saved {
            Some(config) => (config, q_run::saved_points::<CurvePoint>(model)?),
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
        config.total_games = total;
        q_run::check_continued(total)?;
        let rng = match seed {
            Some(s) => {
                config.seed = s;
                rng_from_seed(s)
            }
            None if resumable => {
                q_run::saved_rng(model).map_err(|e| format!("{e}; give a seed"))?
            }
            // an old model: a stream of its own, fixed by its seed and games
            None => rng_from_seed(run_seed(h.seed, games)),
        };
        let next_point = next_grid_point(&curve, config.learn_games).max(games);
        let mut learner = QTableLearner::new(&config)?;
        learner.hounds = hounds;
        learner.rng = rng;
        learner.next_point = next_point;
        if let Some(hare) = hare_learner {
            learner.hare = Hare::Learning(Box::new(hare));
        }
        Ok(Restored {
            config,
            learner,
            games,
            curve,
        })
    }
    /// The experiment's name of the run (or, for a run set up from its
    /// settings alone, the settings in words) and its seed.
    fn label(&self, c: &RunConfig) -> String {
        let name = if c.label.is_empty() {
            q_run::params_label(c.hounds, &format!("{} hare", hare_label(&c.hare)))
        } else {
            c.label.clone()
        };
        format!("{name}, seed {}", c.seed)
    }

    fn point(config: &RunConfig, p: &CurvePoint) -> Point {
        point_of(p, config.eval_games)
    }

    fn series(c: &RunConfig) -> Vec<SeriesSpec> {
        let learning_hare = matches!(c.hare, HareConfig::Learning(_));
        let mut out = Vec::new();
        if c.eval_games > 0 {
            let against = if learning_hare {
                "vs the learning hare".to_string()
            } else {
                format!("vs the {} hare", hare_label(&c.hare))
            };
            out.push(SeriesSpec::new("win", "win", &against, "", false));
        }
        if c.perfect_share {
            if c.eval_games > 0 {
                out.push(SeriesSpec::new(
                    "vs_perfect",
                    "win",
                    "vs the perfect hare",
                    "",
                    true,
                ));
            }
            out.push(SeriesSpec::new("perfect", "perfect", "hounds", "", false));
            if learning_hare {
                out.push(SeriesSpec::new("hare_perfect", "perfect", "hare", "", true));
            }
        }
        for (i, p) in c.probes.iter().enumerate() {
            let pair = format!("{} · {}", p.position.replace(" stall=0", ""), p.action);
            out.push(SeriesSpec::new(
                &format!("probe{i}"),
                "probes",
                &pair,
                &pair,
                false,
            ));
        }
        out
    }

    fn latest(&self, _config: &RunConfig, curve: &[CurvePoint]) -> String {
        let Some(last) = curve.last() else {
            return "No curve point yet.".into();
        };
        let mut parts = Vec::new();
        if let Some(w) = last.win_percent {
            parts.push(format!("greedy hounds win {w:.1}%"));
        }
        if let Some(w) = last.vs_perfect_percent {
            parts.push(format!("{w:.1}% against the perfect hare"));
        }
        if let Some(s) = &last.hounds_perfect {
            parts.push(format!("perfect moves {:.1}%", 100.0 * s.winning));
        }
        if !last.probes.is_empty() {
            let qs: Vec<String> = last.probes.iter().map(|q| format!("{q:.3}")).collect();
            parts.push(format!("Q-values {}", qs.join(", ")));
        }
        format!("At {} games: {}", thousands(last.games), parts.join(" · "))
    }

    fn units(_config: &RunConfig) -> (String, Option<(f64, f64)>) {
        (
            "Q(s, a) of the hounds' table: +1 a sure win for the hounds, −1 a sure loss".into(),
            Some((-1.0, 1.0)),
        )
    }
}

/// The learning hare that a model of [`QTableLearner::hounds_model`] holds beside
/// its hounds (experiment 5), as a hare model of its own named `name`:
/// its table, its parameters and the games it learned.
pub fn hare_model(model: &Model, name: &str) -> Result<Model, String> {
    let config: RunConfig =
        q_run::saved_config(model)?.ok_or("the model has no run settings, so no learning hare")?;
    let HareConfig::Learning(params) = config.hare else {
        return Err("these hounds learned against a fixed hare: the model holds no hare".into());
    };
    let games = model.header.games_trained;
    let hare = QLearner::<HareHounds>::from_array(model, HARE_ARRAY, Side::Second, params, games)
        .map_err(|e| format!("the learning hare's table: {e}"))?;
    hare.to_model(name, model.header.seed)
}

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

/// The kind of run as the game lists it.
pub struct QTableKind;

/// The hounds' side or the hare's, in words.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "hounds",
        Side::Second => "hare",
    }
}

/// The hounds' side or the hare's, with its article.
fn the_side_name(side: Side) -> &'static str {
    match side {
        Side::First => "the hounds",
        Side::Second => "the hare",
    }
}

impl LearnerKind for QTableKind {
    type Learner = QTableLearner;

    /// The kind's description: its settings, presets and charts.
    fn info(&self) -> RunKindInfo {
        let hares = vec![
            Choice::new("random", "the random hare"),
            Choice::new("simple", "the simple hare"),
            Choice::new("perfect", "the perfect hare"),
        ];
        RunKindInfo {
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
                    u64::from(MAX_LEARN_GAMES),
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
            presets: kind::numbered_presets(
                &PRESETS,
                |id| if id == "5" { "beyond" } else { "study" },
                preset,
            ),
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
            ..RunKindInfo::default()
        }
    }

    fn presets(&self, id: &str, seed: u64) -> Result<Vec<RunConfig>, String> {
        preset(kind::numbered(HareHounds::TITLE, Q_TABLE, id)?, seed)
    }

    fn describe(&self, model: &Model) -> Result<ModelUse, String> {
        let learner = QLearner::<HareHounds>::from_model(model)?;
        let p = learner.params();
        let run: Option<RunConfig> = q_run::saved_config(model).ok().flatten();
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
            weights: false,
        })
    }

    /// The table as a player of the side it learned.
    fn player(&self, model: &Model, _settings: &Value) -> Result<Box<dyn DynAgent>, String> {
        let learner = QLearner::<HareHounds>::from_model(model)?;
        let side = learner.side();
        Ok(q_run::side_player(
            Box::new(learner),
            model,
            side,
            the_side_name,
        ))
    }
}

#[cfg(test)]
mod run_tests {
    use super::*;

    #[test]
    fn chunking_does_not_change_the_curve() {
        let config = RunConfig {
            total_games: 600,
            learn_games: 100,
            eval_games: 50,
            probes: default_probes(),
            ..preset(2, 9).unwrap()[1].clone()
        };
        let mut a = QTableRun::new(config.clone()).unwrap();
        a.run_to_end();
        let mut b = QTableRun::new(config).unwrap();
        while !crate::plugin::DynRun::is_done(&b) {
            b.train(37);
        }
        assert_eq!(a.curve(), b.curve());
        assert_eq!(a.curve().len(), 7);
        assert_eq!(a.learner().hounds().table(), b.learner().hounds().table());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugin::DynRun;

    /// Continues `model` for `more` games, against the hare `hare` and from
    /// the seed `seed` when given.
    fn cont(
        model: &Model,
        more: u64,
        hare: Option<&str>,
        seed: Option<u64>,
    ) -> Result<QTableRun, String> {
        let mut settings = serde_json::json!({});
        if let Some(h) = hare {
            settings["hare"] = h.into();
        }
        if let Some(s) = seed {
            settings["seed"] = s.into();
        }
        let options = ResumeOptions {
            total: Some(model.header.games_trained + more),
            settings,
        };
        QTableRun::resume(model, &options)
    }

    /// Runs `config` for `n + m` games in one go, and for `n` games (in
    /// chunks) saved through the file format and continued for `m` more.
    /// Checks that the continued run picks up the first part's curve and
    /// ends with the same curve and hounds as the whole run; returns (the
    /// whole run, the first part, the continued run).
    fn split_run(config: RunConfig, n: u64, m: u64) -> (QTableRun, QTableRun, QTableRun) {
        let config = RunConfig {
            total_games: n + m,
            ..config
        };
        let mut whole = QTableRun::new(config.clone()).unwrap();
        whole.run_to_end();
        let mut first = QTableRun::new(RunConfig {
            total_games: n,
            ..config
        })
        .unwrap();
        while !first.is_done() {
            first.train(33);
        }
        let bytes = crate::model::encode(&first.model("half").unwrap()).unwrap();
        let model = crate::model::decode(&bytes).unwrap();
        assert_eq!(model.header.games_trained, n);
        let mut rest = cont(&model, m, None, None).unwrap();
        assert_eq!(rest.games(), n);
        assert_eq!(rest.curve(), first.curve());
        rest.run_to_end();
        assert_eq!(rest.games(), n + m);
        // One long run's curve, and the first part's end point when it is
        // off the grid.
        let mut expected = whole.curve().to_vec();
        let end = first.curve().last().unwrap();
        if end.games == n && !expected.iter().any(|p| p.games == n) {
            let at = expected.iter().position(|p| p.games > n).unwrap();
            expected.insert(at, end.clone());
        }
        assert_eq!(rest.curve(), expected);
        assert_eq!(
            rest.learner().hounds().table(),
            whole.learner().hounds().table()
        );
        assert_eq!(rest.learner().hounds().games_trained(), n + m);
        (whole, first, rest)
    }

    #[test]
    fn the_curve_ends_at_the_last_game_off_the_grid() {
        let config = RunConfig {
            total_games: 250,
            learn_games: 100,
            eval_games: 20,
            ..preset(2, 9).unwrap()[1].clone()
        };
        let mut run = QTableRun::new(config.clone()).unwrap();
        run.run_to_end();
        let games: Vec<u64> = run.curve().iter().map(|p| p.games).collect();
        assert_eq!(games, [0, 100, 200, 250]);
        // The end point takes nothing from the run's own stream: the run
        // saved at 250 games and continued to 300 ends with the table and
        // the curve of one run of 300 (plus the point at 250).
        let (whole, first, _) = split_run(config, 250, 50);
        assert_eq!(first.curve(), run.curve());
        let games: Vec<u64> = whole.curve().iter().map(|p| p.games).collect();
        assert_eq!(games, [0, 100, 200, 300]);
    }

    #[test]
    fn a_saved_and_continued_run_equals_one_long_run() {
        for (preset_no, n, m) in [(3, 200, 150), (3, 205, 145), (4, 300, 250)] {
            let config = RunConfig {
                eval_games: 40,
                ..preset(preset_no, 11).unwrap()[0].clone()
            };
            split_run(config, n, m);
        }
    }

    #[test]
    fn a_run_beside_a_learning_hare_continues_exactly() {
        let config = RunConfig {
            eval_games: 30,
            ..preset(5, 3).unwrap()[0].clone()
        };
        let (n, m) = (700, 500);
        let (whole, first, rest) = split_run(config, n, m);
        // The hare's table went on from the saved one, to the same end.
        let saved = first.learner().hare_learner().unwrap();
        assert!(
            saved.table().values().iter().any(|&q| q != 0.0),
            "the hare learned"
        );
        let (a, b) = (
            rest.learner().hare_learner().unwrap(),
            whole.learner().hare_learner().unwrap(),
        );
        assert_ne!(a.table(), saved.table());
        assert_eq!(a.table(), b.table());
        assert_eq!(a.games_trained(), n + m);
    }

    #[test]
    fn the_learning_hare_comes_out_of_the_hounds_model_as_a_hare_model() {
        let config = RunConfig {
            total_games: 600,
            eval_games: 20,
            ..preset(5, 4).unwrap()[0].clone()
        };
        let mut run = QTableRun::new(config).unwrap();
        run.run_to_end();
        let hounds = run.model("both").unwrap();
        let hare = hare_model(&hounds, "the hare").unwrap();
        // Through the file format, as the page reads it.
        let bytes = crate::model::encode(&hare).unwrap();
        let hare = crate::model::decode(&bytes).unwrap();
        assert_eq!(hare.header.name, "the hare");
        let learner = QLearner::<HareHounds>::from_model(&hare).unwrap();
        let learned = run.learner().hare_learner().unwrap();
        assert_eq!(learner.side(), Side::Second);
        assert_eq!(learner.table(), learned.table());
        assert_eq!(learner.params(), learned.params());
        assert_eq!(learner.games_trained(), 600);
        // Hounds that learned against a fixed hare hold none.
        let mut fixed = QTableRun::new(RunConfig {
            total_games: 30,
            eval_games: 0,
            ..preset(3, 4).unwrap()[0].clone()
        })
        .unwrap();
        fixed.run_to_end();
        let err = hare_model(&fixed.model("h").unwrap(), "x").unwrap_err();
        assert!(err.contains("fixed hare"), "{err}");
    }

    #[test]
    fn continuing_with_another_hare_or_seed_keeps_table_and_curve() {
        let config = RunConfig {
            total_games: 100,
            eval_games: 20,
            ..preset(3, 2).unwrap()[0].clone()
        };
        let mut run = QTableRun::new(config).unwrap();
        run.run_to_end();
        let model = run.model("h").unwrap();
        let mut more = cont(&model, 30, Some("random"), Some(5)).unwrap();
        assert_eq!(
            more.learner().hounds().table(),
            run.learner().hounds().table()
        );
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
        let old = run.learner().hounds().to_model("old", 2).unwrap();
        let e = cont(&old, 300, None, None).err().unwrap();
        assert!(e.contains("choose the hare"), "{e}");
        let mut again = cont(&old, 300, Some("simple"), None).unwrap();
        again.run_to_end();
        let games: Vec<u64> = again.curve().iter().map(|p| p.games).collect();
        assert_eq!(games, [100, 400]);
        assert_eq!(again.config().hare, HareConfig::Simple);
        assert_eq!(again.learner().hounds().games_trained(), 400);
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
        let mut run = QTableRun::new(config).unwrap();
        run.run_to_end();
        assert_eq!(run.curve().len(), 9_001);
        let bytes = crate::model::encode(&run.model("long").unwrap()).unwrap();
        let model = crate::model::decode(&bytes).unwrap();
        let mut more = cont(&model, 3, None, None).unwrap();
        let kept: Vec<u64> = more.curve().iter().map(|p| p.games).collect();
        assert!(kept.len() <= MAX_SAVED_POINTS, "{}", kept.len());
        assert_eq!((kept[0], kept[1], *kept.last().unwrap()), (0, 2, 9_000));
        more.run_to_end();
        let tail: Vec<u64> = more.curve().iter().rev().take(4).map(|p| p.games).collect();
        assert_eq!(tail, [9_003, 9_002, 9_001, 9_000]);
    }

    #[test]
    fn models_that_cannot_continue_are_refused() {
        let mut c = preset(5, 1).unwrap().remove(0);
        c.total_games = 10;
        c.eval_games = 5;
        let mut run = QTableRun::new(c).unwrap();
        run.run_to_end();
        let model = run.model("both").unwrap();
        let mut no_hare = model.clone();
        no_hare.arrays.retain(|a| a.name != HARE_ARRAY);
        let e = cont(&no_hare, 10, None, None).err().unwrap();
        assert!(e.contains("learning hare"), "{e}");
        let mut small_hare = model.clone();
        let hare_q = small_hare
            .arrays
            .iter_mut()
            .find(|a| a.name == HARE_ARRAY)
            .unwrap();
        hare_q.shape[0] -= 1;
        let e = cont(&small_hare, 10, None, None).err().unwrap();
        assert!(e.contains("learning hare's table"), "{e}");
        assert!(cont(&model, 10, Some("simple"), None).is_ok());
        let hare = run
            .learner()
            .hare_learner()
            .unwrap()
            .to_model("hare", 1)
            .unwrap();
        let e = cont(&hare, 10, None, None).err().unwrap();
        assert!(e.contains("not of the hounds"), "{e}");
        let e = cont(&model, 0, Some("simple"), None).err().unwrap();
        assert!(e.contains("needs further games"), "{e}");
        let mut bad = model.clone();
        bad.header.curve = serde_json::json!([{"games": 99}]);
        let e = cont(&bad, 10, Some("simple"), None).err().unwrap();
        assert!(e.contains("curve is unreadable"), "{e}");
        let mut bad = model.clone();
        bad.header
            .hyper
            .insert(RUN_KEY.into(), serde_json::json!("x"));
        let e = cont(&bad, 10, Some("simple"), None).err().unwrap();
        assert!(e.contains("run settings are unreadable"), "{e}");
        let mut bad = model;
        bad.arrays.retain(|a| a.name != "rng");
        let e = cont(&bad, 10, Some("simple"), None).err().unwrap();
        assert!(e.contains("generator state"), "{e}");
    }
}
