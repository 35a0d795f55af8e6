//! The Hare and Hounds study's experiments, runnable in chunks.
//!
//! A [`Run`] trains Q-learning hounds (and optionally a Q-learning hare)
//! against an opponent and records a [`CurvePoint`] every `learn_games`
//! learning games (and once before learning): the win % of `eval_games`
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
//!
//! # Saving and continuing
//!
//! [`Run::hounds_model`] saves the learned hounds as a Q-table model
//! ([`QLearner::to_model`]) that also holds what the run needs to go on: the
//! header's `hyper.run` is the run's [`RunConfig`], `curve` is the curve so
//! far ([`CurvePoint`]s), `games_trained` the learning games played, and the
//! array `rng` the generator's exact state. [`Run::continue_from`] rebuilds
//! the run from such a model and plays more games: with the saved hare and
//! the saved generator, a run of N games saved and continued for M more ends
//! with the same table and the same curve as one run of N + M games.
//! A run beside a learning hare (experiment 5) saves the hare's table too,
//! as the array `hare_q`, so that it continues exactly as well.
//! Models without `hyper.run` (only α, γ, ε: written by `selfplay
//! hare-hounds train` or before continuing existed) continue too, against a
//! hare that must be given, with the protocol of experiments 1 and 2 (300
//! learning games, then 500 greedy games) and a fresh curve.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::arena::play_game;
use crate::game::{rng_from_seed, Game, Player, Rng, Side};
use crate::games::hare_hounds::players::{PerfectPlayer, SimpleHare};
use crate::games::hare_hounds::solve::{PerfectShare, Solution};
use crate::games::hare_hounds::{HareHounds, Move};
use crate::learn::q_table::{play_recorded_game, Agent, QLearner, QParams, QTable};
use crate::model::Model;
use crate::players::RandomPlayer;
use crate::plugin::run::Recorder;

/// Who plays the hare.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum HareConfig {
    Random,
    Simple,
    Perfect,
    /// A Q-learning hare with these parameters, learning alongside the hounds.
    Learning(QParams),
}

/// A state–action pair whose Q-value is sampled at every curve point.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Probe {
    /// A hound-to-move position, e.g. `hounds=e,c,i hare=R stall=0`.
    pub position: String,
    /// A legal hound move there, e.g. `e-f`.
    pub action: String,
}

/// One run of an experiment.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct RunConfig {
    /// A name among the runs of an experiment; may be empty (a run set up
    /// from its settings alone is described by them).
    #[serde(default)]
    pub label: String,
    /// The hounds' α, γ, ε.
    pub hounds: QParams,
    pub hare: HareConfig,
    /// Learning games between two curve points.
    pub learn_games: u32,
    /// Greedy games (learning off) at each curve point; 0 for none.
    pub eval_games: u32,
    /// Learning games in all.
    pub total_games: u64,
    pub seed: u64,
    /// Whether each point measures the perfect-move share (needs the solution).
    pub perfect_share: bool,
    #[serde(default)]
    pub probes: Vec<Probe>,
}

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

/// The state-action pairs sampled by experiment 4: a trapping move (the
/// hounds win at once: Q → +1), a move that lets the hare escape at once
/// (Q → −1), and the opening move `L-d` from the start (a winning move).
pub fn default_probes() -> Vec<Probe> {
    [
        ("hounds=e,c,i hare=R stall=0", "e-f"),
        ("hounds=d,b,h hare=a stall=0", "d-e"),
        ("hounds=L,a,g hare=R stall=0", "L-d"),
    ]
    .iter()
    .map(|(p, a)| Probe {
        position: p.to_string(),
        action: a.to_string(),
    })
    .collect()
}

/// The seed of run `index` of an experiment started with `seed`:
/// `seed × 1,000,003 + index` (wrapping), so that runs of different base
/// seeds never share a seed.
pub fn run_seed(seed: u64, index: u64) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add(index)
}

/// The runs of one of the study's experiments (1 to 4, and 5 for both sides
/// learning). Run `i` gets the seed [`run_seed`]`(seed, i)`.
pub fn preset(experiment: u32, seed: u64) -> Result<Vec<RunConfig>, String> {
    let base = |label: String, hounds: QParams, hare: HareConfig, i: u64| RunConfig {
        label,
        hounds,
        hare,
        learn_games: 300,
        eval_games: 500,
        total_games: 300_000,
        seed: run_seed(seed, i),
        perfect_share: true,
        probes: Vec::new(),
    };
    let recommended = QParams {
        alpha: 0.1,
        gamma: 0.9,
        epsilon: 0.5,
    };
    let runs = match experiment {
        1 => {
            let mut v = Vec::new();
            for alpha in [0.1, 0.5, 0.9] {
                for gamma in [0.1, 0.5, 0.9] {
                    let p = QParams {
                        alpha,
                        gamma,
                        epsilon: 1.0,
                    };
                    let i = v.len() as u64;
                    v.push(base(
                        format!("α={alpha} γ={gamma}"),
                        p,
                        HareConfig::Random,
                        i,
                    ));
                }
            }
            v
        }
        2 => [0.1, 0.5, 0.9, 1.0]
            .iter()
            .enumerate()
            .map(|(i, &epsilon)| {
                let p = QParams {
                    alpha: 0.1,
                    gamma: 0.9,
                    epsilon,
                };
                base(format!("ε={epsilon}"), p, HareConfig::Random, i as u64)
            })
            .collect(),
        3 => vec![RunConfig {
            learn_games: 10,
            total_games: 10_000,
            ..base("simple hare".into(), recommended, HareConfig::Simple, 0)
        }],
        4 => vec![RunConfig {
            learn_games: 100,
            eval_games: 0,
            total_games: 200_000,
            perfect_share: false,
            probes: default_probes(),
            ..base("convergence".into(), recommended, HareConfig::Random, 0)
        }],
        5 => vec![base(
            "both learn".into(),
            recommended,
            HareConfig::Learning(recommended),
            0,
        )],
        n => return Err(format!("there is no experiment {n} (1 to 5)")),
    };
    Ok(runs)
}

enum Hare {
    Fixed(Box<dyn Player<HareHounds> + Send>),
    Learning(Box<QLearner<HareHounds>>),
}

/// Greedy games at a curve point, at most (a model from elsewhere cannot
/// make a run evaluate for hours between two chunks).
pub const MAX_EVAL_GAMES: u32 = 100_000;

/// A run in progress.
pub struct Run {
    config: RunConfig,
    hounds: QLearner<HareHounds>,
    hare: Hare,
    solution: Option<Arc<Solution>>,
    probes: Vec<(HareHounds, Move)>,
    rng: Rng,
    games: u64,
    next_point: u64,
    curve: Vec<CurvePoint>,
}

impl Run {
    /// Checks the configuration and sets up the run. `solution` is needed for
    /// the perfect-move share and the perfect hare; it is computed if `None`
    /// and needed.
    pub fn new(config: RunConfig, solution: Option<Arc<Solution>>) -> Result<Run, String> {
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
        let solution = match solution {
            Some(s) => Some(s),
            None if needs_solution => Some(Arc::new(Solution::solve())),
            None => None,
        };
        let hare = match config.hare {
            HareConfig::Random => Hare::Fixed(Box::new(RandomPlayer::<HareHounds>::new())),
            HareConfig::Simple => Hare::Fixed(Box::new(SimpleHare::new())),
            HareConfig::Perfect => Hare::Fixed(Box::new(PerfectPlayer::new(
                solution.clone().expect("solved above"),
            ))),
            HareConfig::Learning(p) => Hare::Learning(Box::new(QLearner::new(Side::Second, p)?)),
        };
        Ok(Run {
            hounds: QLearner::new(Side::First, config.hounds)?,
            hare,
            solution,
            probes,
            rng: rng_from_seed(config.seed),
            games: 0,
            next_point: 0,
            curve: Vec::new(),
            config,
        })
    }

    pub fn config(&self) -> &RunConfig {
        &self.config
    }

    /// Learning games played so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// All learning games played, and the curve point due at the last of
    /// them (if one is) measured.
    pub fn is_done(&self) -> bool {
        self.games >= self.config.total_games && self.next_point > self.config.total_games
    }

    pub fn curve(&self) -> &[CurvePoint] {
        &self.curve
    }

    pub fn hounds(&self) -> &QLearner<HareHounds> {
        &self.hounds
    }

    /// The learned hounds as a model named `name` that can be continued
    /// with [`Run::continue_from`] (see the module's documentation).
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

    /// The learning hare, if the hare learns.
    pub fn hare_learner(&self) -> Option<&QLearner<HareHounds>> {
        match &self.hare {
            Hare::Learning(l) => Some(l),
            Hare::Fixed(_) => None,
        }
    }

    /// Plays up to `max_games` learning games, with the curve points that fall
    /// among them. Returns how many curve points were added.
    pub fn step(&mut self, max_games: u64) -> usize {
        self.step_recorded(max_games, None)
    }

    /// Plays the next learning game as `step(1)` would (with the curve
    /// points due before and after it), recording its moves and the
    /// hounds' Q-values at each of their decisions; `None` when the run is
    /// done. Returns the recorder and the curve points added.
    pub fn step_watched(&mut self) -> Option<(Recorder, usize)> {
        if self.is_done() {
            return None;
        }
        let mut rec = Recorder::default();
        let points = self.step_recorded(1, Some(&mut rec));
        Some((rec, points))
    }

    fn step_recorded(&mut self, max_games: u64, mut rec: Option<&mut Recorder>) -> usize {
        let before = self.curve.len();
        let mut budget = max_games;
        loop {
            if self.games == self.next_point && !self.is_done() {
                let p = self.measure();
                self.curve.push(p);
                self.next_point += u64::from(self.config.learn_games);
            }
            if self.games >= self.config.total_games || budget == 0 {
                break;
            }
            self.learning_game(rec.as_deref_mut());
            self.games += 1;
            budget -= 1;
        }
        self.curve.len() - before
    }

    /// Runs to the end.
    pub fn run_to_end(&mut self) {
        while !self.is_done() {
            self.step(u64::MAX);
        }
    }

    fn learning_game(&mut self, rec: Option<&mut Recorder>) {
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
    }

    fn measure(&mut self) -> CurvePoint {
        let win_percent = (self.config.eval_games > 0).then(|| self.evaluate());
        let vs_perfect_percent = match (&self.solution, self.config.perfect_share) {
            (Some(s), true) if self.config.eval_games > 0 => {
                let mut hare = PerfectPlayer::new(s.clone());
                Some(win_percent_against(
                    &self.hounds,
                    &mut hare,
                    self.config.eval_games,
                    &mut self.rng,
                ))
            }
            _ => None,
        };
        let (hounds_perfect, hare_perfect) = match (&self.solution, self.config.perfect_share) {
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
            games: self.games,
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

    /// The greedy hounds' win % over `eval_games` games against the run's
    /// hare (greedy if it learns), learning off.
    fn evaluate(&mut self) -> f64 {
        let mut learned_hare;
        let hare: &mut dyn Player<HareHounds> = match &mut self.hare {
            Hare::Fixed(p) => p.as_mut(),
            Hare::Learning(l) => {
                learned_hare = l.greedy();
                &mut learned_hare
            }
        };
        win_percent_against(&self.hounds, hare, self.config.eval_games, &mut self.rng)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_have_the_study_shapes() {
        assert_eq!(preset(1, 0).unwrap().len(), 9);
        assert_eq!(preset(2, 0).unwrap().len(), 4);
        let e3 = &preset(3, 0).unwrap()[0];
        assert_eq!(
            (e3.learn_games, e3.eval_games, e3.total_games),
            (10, 500, 10_000)
        );
        let e4 = &preset(4, 0).unwrap()[0];
        assert_eq!(
            (e4.learn_games, e4.total_games, e4.probes.len()),
            (100, 200_000, 3)
        );
        assert!(preset(6, 0).is_err());
    }

    #[test]
    fn default_probes_are_a_win_and_a_loss() {
        let s = Solution::solve();
        let wins: Vec<bool> = default_probes()
            .iter()
            .map(|p| {
                let g = HareHounds::parse(&p.position).unwrap();
                let m = HareHounds::parse_move(&p.action).unwrap();
                assert!(
                    s.reachable(Side::First).contains(&g),
                    "{} reachable",
                    p.position
                );
                s.value_after(&g, m).winner == Side::First
            })
            .collect();
        assert_eq!(wins, [true, false, true]);
    }

    #[test]
    fn chunking_does_not_change_the_curve() {
        let config = RunConfig {
            total_games: 600,
            learn_games: 100,
            eval_games: 50,
            probes: default_probes(),
            ..preset(2, 9).unwrap()[1].clone()
        };
        let solution = Arc::new(Solution::solve());
        let mut a = Run::new(config.clone(), Some(solution.clone())).unwrap();
        a.run_to_end();
        let mut b = Run::new(config, Some(solution)).unwrap();
        while !b.is_done() {
            b.step(37);
        }
        assert_eq!(a.curve(), b.curve());
        assert_eq!(a.curve().len(), 7);
        assert_eq!(a.hounds().table(), b.hounds().table());
    }

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

    #[test]
    fn bad_probes_are_rejected() {
        let mut c = preset(4, 0).unwrap().remove(0);
        c.probes[0].action = "e-d".into();
        assert!(Run::new(c.clone(), None).is_err());
        c.probes[0].position = "hounds=e,c hare=R".into();
        assert!(Run::new(c, None).is_err());
    }
}
